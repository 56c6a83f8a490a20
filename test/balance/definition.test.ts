/**
 * Balance files are checked completely before anything runs: the knobs, the targets, the levels and
 * player counts played, the budget; every problem is an input error naming the file and the place.
 * The command line exits 2 on each, with a message naming the file, and writes nothing; so it does
 * on a result folder whose balance.json was edited.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBalance } from '../../src/balance/definition.ts';
import { balanceDirOf } from '../../src/balance/run.ts';
import { InputError } from '../../src/engine/index.ts';
import { tempDir } from '../sim/helpers.ts';
import { AT_ONCE_MS } from '../wait.ts';
import { balance, FILE } from './helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');

type Def = {
  knobs: Record<string, unknown>[];
  targets: Record<string, unknown>[];
  players: number[];
  [key: string]: unknown;
};

const good = (): Def => ({
  name: 'ok',
  seed: 'b1',
  expansions: ['kingRobber'],
  players: [2, 3],
  levels: { greedy: 'greedy', rnd: 'random' },
  knobs: [
    { rule: 'seatCompensation[1]', players: 2, min: 0, max: 4 },
    { rule: 'seatCompensation[2]', players: 3, min: 0, max: 6, step: 2 },
    { rule: 'kingRobberScoring' },
    { tile: 'D', min: 3, max: 5 },
  ],
  targets: [
    { metric: 'seatWinGap', level: 'greedy', players: 2, atMost: 0.01, precision: 0.02 },
    { metric: 'seatWinGap', level: 'greedy', players: 3, atMost: 0.01, precision: 0.02 },
    { metric: 'winnerShare.kingRobber', level: 'rnd', players: 3, equals: 0.1, tolerance: 0.02 },
    { metric: 'score.king - score.robber', level: 'rnd', players: 3, equals: 0, tolerance: 0.5, weight: 2 },
    { metric: 'beats', level: 'greedy', versus: 'rnd', players: 2, atLeast: 0.85, precision: 0.03 },
  ],
  budget: { games: 1000, firstDeals: 10, maxDeals: 40, population: 8, finalists: 2 },
});

const resolve = (raw: unknown) =>
  resolveBalance(raw, {
    where: 'b.json',
    defaultName: 'b',
    readTileFile: () => {
      throw new Error('no tile files here');
    },
  });

/** The file with one change applied to a fresh copy. */
const changed = (edit: (b: Def) => void) => {
  const b = good();
  edit(b);
  return b;
};

describe('balance files', () => {
  it('resolve knobs, targets and the games each target is measured in', () => {
    const b = resolve(good());
    expect(b.knobs.map((k) => k.name)).toEqual([
      'seatCompensation[1]@2p',
      'seatCompensation[2]@3p',
      'kingRobberScoring',
      'tile:D',
    ]);
    expect(b.knobs[1]!.values).toEqual([0, 2, 4, 6]);
    expect(b.knobs[2]!.values).toEqual(['official', 'flat10', 'flat15-40', 'incremental']);
    expect(b.size).toBe(5 * 4 * 4 * 3);
    expect(b.contexts.map((c) => c.key)).toEqual(['2p.greedy', '3p.greedy', '3p.rnd', '2p.greedy-vs-rnd']);
    expect(b.contexts[2]!.columns).toEqual(['score', 'breakdown']);
    expect(b.targets[0]!.metric.parts).toHaveLength(2);
    expect(b.targets[3]!.metric.parts[0]!.terms.map((t) => t.coef)).toEqual([1, -1]);
    // equals: the precision defaults to the tolerance.
    expect(b.targets[2]!.precision).toBe(0.02);
  });

  const bad: [string, (b: Def) => void, RegExp][] = [
    [
      'an unknown knob',
      (b) => void (b.knobs[2] = { rule: 'kingRobberScorin' }),
      /knobs\[2\]: unknown rule "kingRobberScorin"; did you mean "kingRobberScoring"\?/,
    ],
    [
      'an empty range',
      (b) => void (b.knobs[3] = { tile: 'D', min: 4, max: 4 }),
      /knobs\[3\]: empty range: "min" \(4\) must be below "max" \(4\)/,
    ],
    [
      'a target twice',
      (b) => void b.targets.push({ ...b.targets[0]! }),
      /"seatWinGap at greedy, 2 players" ≤ 0.01 and ≤ 0.01: the same target twice/,
    ],
    [
      'at least above at most',
      (b) =>
        void b.targets.push({
          metric: 'beats',
          level: 'greedy',
          versus: 'rnd',
          players: 2,
          atMost: 0.6,
          precision: 0.03,
        }),
      /targets: "beats at greedy against rnd, 2 players" ≥ 0.85 and ≤ 0.6 cannot both be met/,
    ],
    [
      'a level not played',
      (b) => void (b.targets[0]!.level = 'strong'),
      /targets\[0\]: level "strong" is not played; the levels played \("levels"\): greedy, rnd/,
    ],
    [
      'a player count not played',
      (b) => void (b.targets[0]!.players = 4),
      /targets\[0\]: "players" 4 is not a player count played/,
    ],
    [
      'an unknown metric',
      (b) => void (b.targets[2]!.metric = 'winnerScor'),
      /targets\[2\]: unknown metric "winnerScor" for 3 players; did you mean "winnerScore"\?/,
    ],
    [
      'a seat past the players',
      (b) => void (b.targets[2]!.metric = 'seat3.wins'),
      /targets\[2\]: unknown metric "seat3.wins" for 3 players/,
    ],
    ['beats without versus', (b) => void (b.targets[4]!.versus = undefined), /"beats" compares two levels/],
    [
      'a list entry past the seats',
      (b) => void (b.knobs[0]!.rule = 'seatCompensation[2]'),
      /seatCompensation" lists 3 seats for 2 players/,
    ],
    [
      'a knob for a count not played',
      (b) => void (b.knobs[0]!.players = 5),
      /knobs\[0\]: "players" must be one of the player counts played \(2, 3\)/,
    ],
    [
      'the same rule twice',
      (b) => void b.knobs.push({ rule: 'kingRobberScoring', values: ['official', 'flat10'] }),
      /knobs kingRobberScoring and kingRobberScoring set the same rule/,
    ],
    ['an unknown tile', (b) => void (b.knobs[3] = { tile: 'ZZ', min: 0, max: 2 }), /unknown tile "ZZ"/],
    [
      'seatWinGap with equals',
      (b) => void Object.assign(b.targets[0]!, { atMost: undefined, equals: 0, tolerance: 0.01 }),
      /seatWinGap .* takes "atMost" or "minimize"/,
    ],
    [
      'a share above 1',
      (b) => void (b.targets[4]!.atLeast = 1.2),
      /lies in \[0, 1\]: the target atLeast 1.2 cannot be met/,
    ],
    [
      'a target without precision',
      (b) => void (b.targets[4]!.precision = undefined),
      /"precision" .* must be a number > 0/,
    ],
    [
      'an unknown key',
      (b) => void Object.assign(b, { knob: [] }),
      /b.json: unknown key "knob"; did you mean "knobs"\?/,
    ],
    [
      'a count no target plays',
      (b) => void b.players.push(4),
      /"players" lists 4, but no target is measured with 4 players/,
    ],
  ];
  for (const [what, edit, message] of bad)
    it(`refuse ${what}`, () => {
      const error = (() => {
        try {
          resolve(changed(edit));
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toMatch(message);
    });
});

describe('carclab balance with a bad file', () => {
  const cases: [string, (b: Def) => void, RegExp][] = [
    [
      'unknown knob',
      (b) => void (b.knobs[2] = { rule: 'meeple', min: 1, max: 3 }),
      /unknown rule "meeple"; did you mean "meeples"\?/,
    ],
    [
      'empty range',
      (b) => void (b.knobs[0] = { rule: 'seatCompensation[1]', players: 2, min: 3, max: 1 }),
      /empty range/,
    ],
    [
      'conflicting targets',
      (b) =>
        void b.targets.push({
          metric: 'winnerShare.kingRobber',
          level: 'rnd',
          players: 3,
          equals: 0.3,
          tolerance: 0.05,
        }),
      /cannot both be met/,
    ],
    ['a level not played', (b) => void (b.targets[4]!.versus = 'strong'), /"versus" level "strong" is not played/],
  ];
  const balanceCli = (file: string, out: string) =>
    spawnSync('node', [join(ROOT, 'bin', 'carclab.js'), 'balance', file, '--out', out, '--in-process'], {
      encoding: 'utf8',
      timeout: 4 * AT_ONCE_MS,
    });
  const asText = (edit: (b: Def) => void) => JSON.stringify(changed(edit));
  const texts: [string, string, RegExp][] = [
    ...cases.map(([what, edit, message]): [string, string, RegExp] => [what, asText(edit), message]),
    ['not JSON', '{"name": "ok",', /bad\.json: not valid JSON/],
    [
      'a missing tile file',
      asText((b) => void (b.tiles = ['no-such-tiles.json'])),
      /bad\.json: tile file .*no-such-tiles\.json: cannot read/,
    ],
    [
      'a bad budget',
      asText((b) => void ((b.budget as Record<string, number>).games = -3)),
      /bad\.json: budget: "games" must be a whole number/,
    ],
  ];
  for (const [what, text, message] of texts)
    it(`exits 2 before writing anything: ${what}`, () => {
      const dir = tempDir('carclab-balance-bad-');
      const file = join(dir, 'bad.json');
      writeFileSync(file, text);
      const out = join(dir, 'out');
      const run = balanceCli(file, out);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toContain(file); // the message names the file
      expect(existsSync(out)).toBe(false);
    });

  it('exits 2 on a result folder whose balance.json was edited, and writes nothing there', () => {
    const dir = tempDir('carclab-balance-edited-');
    const file = join(dir, 'farms.json');
    writeFileSync(file, JSON.stringify(FILE));
    const out = join(dir, 'out');
    const folder = balanceDirOf(balance(), out);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'balance.json'), '{"edited": true}\n');
    const run = balanceCli(file, out);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${join(folder, 'balance.json')} differs from the balance file given`);
    expect(readdirSync(folder)).toEqual(['balance.json']);
  });
});
