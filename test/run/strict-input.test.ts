/**
 * Strict input (issue 13, problem 4 and 7): misspelt keys, expansion keys without their expansion,
 * numbers out of bounds and ambiguous experiment names are input errors naming the key, the place and
 * the nearest known key, found before anything is allocated or written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTileFile } from '../../src/engine/index.ts';
import { replayScenario } from '../../src/engine/scenario.ts';
import { baseGame, expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { experimentFile } from '../../src/run/load.ts';
import { designerTiles, planOf, tempDir } from '../sim/helpers.ts';
import { inputError } from '../util.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const carclab = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const replay = (scenario: unknown) => replayScenario(scenario, expansionRegistry, { where: 'probe.json' });
const cityTurn = { tile: 'E', at: [0, -1], rotation: 180, meeple: 'city' };

describe('scenario files', () => {
  it('rejects a misspelt turn key with the turn and the nearest key ("meepel")', () => {
    const e = inputError(() =>
      replay({ players: 2, turns: [{ tile: 'E', at: [0, -1], rotation: 180, meepel: 'city' }] }),
    );
    expect(e.message).toBe('probe.json: turn 1: unknown key "meepel"; did you mean "meeple"?');
  });
  it('rejects misspelt top-level keys ("expanshuns", "rulez")', () => {
    expect(inputError(() => replay({ players: 2, expanshuns: ['tollkeepers'], turns: [cityTurn] })).message).toBe(
      'probe.json: unknown key "expanshuns"; did you mean "expansions"?',
    );
    expect(inputError(() => replay({ players: 2, rulez: { farmers: 'off' }, turns: [cityTurn] })).message).toBe(
      'probe.json: unknown key "rulez"; did you mean "rules"?',
    );
  });
  it('rejects an expansion key without its expansion ("tollhouse"), and a misspelt one with it ("tollhose")', () => {
    const turn = { tile: 'W', at: [1, 0], rotation: 0, tollhouse: [1, 0] };
    expect(inputError(() => replay({ players: 2, turns: [turn] })).message).toBe(
      'probe.json: turn 1: "tollhouse" belongs to the tollkeepers expansion, which this scenario\'s "expansions" does not list',
    );
    const typo = { tile: 'W', at: [1, 0], rotation: 0, tollhose: [1, 0] };
    expect(inputError(() => replay({ players: 2, expansions: ['tollkeepers'], turns: [typo] })).message).toBe(
      'probe.json: turn 1: unknown key "tollhose"; did you mean "tollhouse"?',
    );
  });
  it('names a misspelt rule and expansion', () => {
    expect(inputError(() => replay({ players: 2, rules: { farmer: 'off' }, turns: [cityTurn] })).message).toMatch(
      /unknown rule "farmer"; did you mean "farmers"\?/,
    );
    expect(inputError(() => replay({ players: 2, expansions: ['tollkeeper'], turns: [cityTurn] })).message).toMatch(
      /unknown expansion "tollkeeper"; did you mean "tollkeepers"\?/,
    );
  });
  it('refuses 72 placements (more than the deck) before the engine writes past its arrays', () => {
    const turns = Array.from({ length: 72 }, (_, i) => ({
      tile: 'D',
      at: [i + 1, 0],
      rotation: 0,
      ...(i === 71 ? { meeple: 'road' } : {}),
    }));
    expect(inputError(() => replay({ players: 2, turns })).message).toBe(
      'probe.json: 72 turns, but a game of these expansions has at most 71 tiles after the start tile',
    );
  });
  it('a non-array "at" is an input error naming the turn, not a TypeError', () => {
    expect(inputError(() => replay({ players: 2, turns: [{ tile: 'E', at: '0,-1', rotation: 180 }] })).message).toBe(
      'probe.json: turn 1 (E): "at" must be [x, y] with whole numbers',
    );
  });
  it('the CLI exits 2 on such a scenario', () => {
    const dir = tempDir();
    const file = join(dir, 'meepel.json');
    writeFileSync(
      file,
      JSON.stringify({ players: 2, turns: [{ tile: 'E', at: [0, -1], rotation: 180, meepel: 'city' }] }),
    );
    const r = carclab('replay', file, '--json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('did you mean "meeple"?');
    expect(r.stdout).toBe('');
  });
});

describe('tile files', () => {
  const withTile = (extra: Record<string, unknown>) => {
    const file = designerTiles();
    return { ...file, tiles: [{ ...file.tiles[0], ...extra }] };
  };
  it('rejects misspelt keys in a tile and in its parts ("monastry", "countt", "pennant")', () => {
    expect(inputError(() => compileTileFile(withTile({ monastry: true }), 'z.json')).message).toBe(
      'z.json: tile Z1: unknown key "monastry"; did you mean "monastery"?',
    );
    expect(inputError(() => compileTileFile(withTile({ countt: 2 }), 'z.json')).message).toBe(
      'z.json: tile Z1: unknown key "countt"; did you mean "count"?',
    );
    const cities = [{ edges: 'N', pennant: 1 }];
    expect(inputError(() => compileTileFile(withTile({ cities }), 'z.json')).message).toBe(
      'z.json: tile Z1: c1: unknown key "pennant"; did you mean "pennants"?',
    );
  });
  it('bounds a tile count before the deck is built', () => {
    expect(inputError(() => compileTileFile(withTile({ count: 1e9 }), 'z.json')).message).toMatch(
      /^z\.json: tile Z1: "count" must be a whole number from 0 to 1024, got 1000000000$/,
    );
  });
  it('the base file passes unchanged', () => {
    expect(compileTileFile(baseGame.tiles!.data, 'base').length).toBeGreaterThan(20);
  });
  it('tileCounts: an unknown id and a count that would not fit name the place', () => {
    expect(inputError(() => newGame({ players: 2, tileCounts: { DD: 1 }, where: 'x' })).message).toBe(
      'x: "tileCounts" names unknown tile "DD"; did you mean "D"?',
    );
    expect(inputError(() => newGame({ players: 2, tileCounts: { D: 100000 }, where: 'x' })).message).toMatch(
      /^x: tile count for D must be a whole number from 0 to 1024/,
    );
    expect(inputError(() => newGame({ players: 2, tileCounts: { D: 1000 }, where: 'x' })).message).toMatch(
      /^x: the game would have \d+ tiles; at most 1024$/,
    );
  });
});

describe('experiments', () => {
  const arm = { name: 'a', players: 2 };
  it('rejects misspelt keys with the nearest one', () => {
    expect(inputError(() => planOf({ seed: 1, deals: 1, armz: [arm] }, 'e.ts')).message).toBe(
      'e.ts: unknown key "armz"; did you mean "arms"?',
    );
    expect(inputError(() => planOf({ seed: 1, deals: 1, arms: [{ ...arm, tilecounts: {} }] }, 'e.ts')).message).toBe(
      'e.ts: arms[0] "a": unknown key "tilecounts"; did you mean "tileCounts"?',
    );
    expect(
      inputError(() => planOf({ seed: 1, deals: 1, histogram: { lo: 0, width: 1, bin: 3 }, arms: [arm] }, 'e.ts'))
        .message,
    ).toBe('e.ts: "histogram": unknown key "bin"; did you mean "bins"?');
  });
  it('bounds players before allocating a seat list (players 1e9)', () => {
    expect(inputError(() => planOf({ seed: 1, deals: 1, arms: [{ name: 'a', players: 1e9 }] }, 'e.ts')).message).toBe(
      'e.ts: arms[0] "a": "players" must be a whole number from 2 to 6, got 1000000000',
    );
  });
  it('a tileCounts error names the file and the arm', () => {
    expect(
      inputError(() => planOf({ seed: 1, deals: 1, arms: [{ ...arm, tileCounts: { D: 100000 } }] }, 'e.ts')).message,
    ).toMatch(/^e\.ts: arms\[0\] "a": tile count for D must be/);
    expect(
      inputError(() => planOf({ seed: 1, deals: 1, arms: [{ ...arm, tileCounts: { Q9: 1 } }] }, 'e.ts')).message,
    ).toMatch(/^e\.ts: arms\[0\] "a": "tileCounts" names unknown tile "Q9"/);
  });
  it('carclab run with tileCounts {"D":100000} exits 2 and writes nothing', () => {
    const dir = tempDir();
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify({ seed: 1, deals: 2, arms: [{ ...arm, tileCounts: { D: 100000 } }] }));
    const out = join(dir, 'results');
    const r = carclab('run', file, '--out', out, '--in-process');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}: arms[0] "a": tile count for D`);
    expect(existsSync(out)).toBe(false);
  });
  it('an experiment name with both a .ts and a .js file is ambiguous', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'exp.ts'), 'export default {};\n');
    writeFileSync(join(dir, 'exp.js'), 'export default {};\n');
    expect(inputError(() => experimentFile('exp', dir)).message).toBe(
      'experiment "exp" is ambiguous: exp.ts, exp.js in experiments/; name the file with its extension or remove one',
    );
    expect(readdirSync(dir).sort()).toEqual(['exp.js', 'exp.ts']);
  });
});
