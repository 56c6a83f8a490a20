/** `npm run train --players N`: fits one player count's value network and keeps the others with their record. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trainingSetup } from '../../src/sim/training.ts';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const COMMITTED = join(ROOT, 'src', 'agents', 'evaluation', 'value-weights.json');
const train = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'train.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

interface Written {
  features: string[];
  byPlayers: Record<
    string,
    { sizes: number[]; features: string[]; training: { command: string; games: number; rounds: number } }
  >;
}
const readWeights = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Written;

/** A small 4-player run: ten games, one round, one epoch. */
const SMALL = ['--players', '4', '--games', '10', '--rounds', '1', '--epochs', '1', '--seed', 'train-test'];

/** Runs `SMALL` with `extra` flags into a copy of the committed weights file, which it returns once written. */
function trainSmall(...extra: string[]): string {
  const out = join(tempDir('carclab-train-'), 'value-weights.json');
  copyFileSync(COMMITTED, out);
  const r = train(...SMALL, '--out', out, ...extra);
  expect(r.stderr).not.toMatch(/Error/);
  expect(r.status).toBe(0);
  return out;
}

describe('training one player count', () => {
  it('draws every game of the run with the counts asked for', () => {
    for (let i = 0; i < 50; i++) expect(trainingSetup('t', i, [4]).players).toBe(4);
    const counts = new Set(Array.from({ length: 200 }, (_, i) => trainingSetup('t', i).players));
    expect([...counts].sort()).toEqual([2, 3, 4, 5]);
  });

  it('--expansion-share sets how often each expansion is drawn; the default share keeps the setups', () => {
    const setups = (share?: number) => Array.from({ length: 400 }, (_, i) => trainingSetup('t', i, [3], share));
    const withAll = (list: ReturnType<typeof setups>) => list.filter((s) => s.expansions.length === 3).length;
    expect(setups(0.5)).toEqual(setups());
    expect(withAll(setups(1))).toBe(400);
    expect(setups(0).every((s) => s.expansions.length === 0)).toBe(true);
    // Each of the three in about half the games by default, so all three in about one in eight.
    expect(withAll(setups())).toBeGreaterThan(25);
    expect(withAll(setups())).toBeLessThan(75);
    expect(withAll(setups(0.8))).toBeGreaterThan(160);
  });

  it('--players 4 fits a 4-player network alone; the networks already in the file keep theirs and their record', () => {
    const out = join(tempDir('carclab-train-'), 'value-weights.json');
    copyFileSync(COMMITTED, out);
    const before = readWeights(out);
    const r = train(
      '--players',
      '4',
      '--games',
      '20',
      '--rounds',
      '2',
      '--epochs',
      '1',
      '--seed',
      'train-test',
      '--out',
      out,
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/4 players, round 1: \d+ positions fitted/);
    expect(r.stdout).not.toMatch(/[235] players, round/);
    const written = readWeights(out);
    expect(written.features).toEqual(before.features);
    for (const [group, record] of Object.entries(before.byPlayers))
      if (group !== '4') expect(written.byPlayers[group]).toEqual(record);
    const record = written.byPlayers['4']!;
    expect(record.sizes[record.sizes.length - 1]).toBe(1);
    expect(record.training.command).toMatch(/--players 4 --games 20 --rounds 2 --seed train-test/);
    expect(record.training.rounds).toBe(2);
  });

  it('--without fits a network that reads every feature but those named, and records it', () => {
    const written = readWeights(trainSmall('--without', 'cardHold,cardHoldGrowth'));
    const record = written.byPlayers['4']!;
    expect(record.features).toEqual(written.features.filter((name) => !name.startsWith('cardHold')));
    expect(record.sizes[0]).toBe(written.features.length - 2 + 5);
    expect(record.training.command).toMatch(/ --without cardHold,cardHoldGrowth$/);
    const wrong = train(...SMALL, '--out', join(tempDir('carclab-train-'), 'w.json'), '--without', 'cardHeld');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/--without must name features of .*got "cardHeld"/);
  });

  it("--opponents fits a network that reads the other players' largest values of the features named, and records them", () => {
    const written = readWeights(trainSmall('--opponents', 'hand,kingRobber'));
    const record = written.byPlayers['4']! as Written['byPlayers'][string] & { opponentFeatures: string[] };
    expect(record.opponentFeatures).toEqual(['hand', 'kingRobber']);
    expect(record.sizes[0]).toBe(written.features.length + 2 + 5);
    expect(record.training.command).toMatch(/ --opponents hand,kingRobber$/);
    // The same games without the list fit a network without it.
    expect(readWeights(trainSmall()).byPlayers['4']).not.toHaveProperty('opponentFeatures');
    const unwritten = join(tempDir('carclab-train-'), 'w.json');
    const wrong = train(...SMALL, '--out', unwritten, '--opponents', 'meeples');
    expect(wrong.status).toBe(2);
    expect(existsSync(unwritten)).toBe(false);
    expect(wrong.stderr).toMatch(/--opponents must name features of .*got "meeples"/);
  });

  it("--teacher: each game's leaves are valued by the network strong plays in it (its 4+kingRobber entry with the King and Robber Baron)", () => {
    const dir = tempDir('carclab-train-');
    const withEntry = join(dir, 'teacher.json');
    copyFileSync(COMMITTED, withEntry);
    const teacher = readWeights(withEntry);
    expect(teacher.byPlayers['4+kingRobber']).toBeDefined();
    const { '4+kingRobber': _, ...others } = teacher.byPlayers;
    const withoutEntry = join(dir, 'teacher-4.json');
    writeFileSync(withoutEntry, JSON.stringify({ ...teacher, byPlayers: others }));
    const fitted = (teacherFile: string, share: string) => {
      const out = join(dir, `out-${share}.json`);
      copyFileSync(COMMITTED, out);
      const r = train(
        ...SMALL,
        '--expansion-share',
        share,
        '--target',
        'round',
        '--teacher',
        teacherFile,
        '--out',
        out,
      );
      expect(r.stderr).not.toMatch(/Error/);
      expect(r.status).toBe(0);
      const { training, ...net } = readWeights(out).byPlayers['4']!;
      return { net, training };
    };
    // Every game with the King and Robber Baron: its entry is the teacher, so the fit differs.
    const all = fitted(withEntry, '1');
    expect(all.net).not.toEqual(fitted(withoutEntry, '1').net);
    expect(JSON.stringify(all.training)).toMatch(/4\+kingRobber: npm run train/);
    // No expansion: the entry 4 is the teacher either way.
    expect(fitted(withEntry, '0').net).toEqual(fitted(withoutEntry, '0').net);
  });

  it("--player: the learner's seats play that agent (recorded); with --rounds above 1 or a bad spec, exit 2", () => {
    const dir = tempDir('carclab-train-');
    const fitted = (...extra: string[]) => {
      const out = join(dir, `out-${extra.length}.json`);
      copyFileSync(COMMITTED, out);
      const r = train(...SMALL, '--target', 'round', '--target-deals', '1', '--out', out, ...extra);
      expect(r.stderr).not.toMatch(/Error/);
      expect(r.status).toBe(0);
      return readWeights(out).byPlayers['4']!;
    };
    const byPlayer = fitted('--player', 'strong:four=1,2,0');
    expect(byPlayer.training.command).toMatch(/ --player strong:four=1,2,0$/);
    expect(JSON.stringify(byPlayer.training)).toMatch(
      /"players":"strong:four=1,2,0 \(with the committed networks\) alone/,
    );
    // Other games, so other positions and another fit than the one-ply learner's.
    const { training: _, ...net } = byPlayer;
    const { training: __, ...oneP } = fitted();
    expect(net).not.toEqual(oneP);
    const out = join(dir, 'bad.json');
    const twice = train('--players', '4', '--rounds', '2', '--player', 'strong', '--out', out);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/--player plays every round alike: give --rounds 1, got --rounds 2/);
    const bad = train('--players', '4', '--rounds', '1', '--player', 'strongest', '--out', out);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--player: /);
    expect(() => readFileSync(out)).toThrow();
  });

  it('a player count outside 2 to 5 is exit 2, nothing written', () => {
    const out = join(tempDir('carclab-train-'), 'value-weights.json');
    const r = train('--players', '4,7', '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--players must list player counts from 2 to 5/);
    expect(() => readFileSync(out)).toThrow();
  });

  it('--target-cards without --target round is exit 2, nothing written', () => {
    const out = join(tempDir('carclab-train-'), 'value-weights.json');
    const r = train('--players', '4', '--target-cards', '1', '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--target-cards needs --target round/);
    expect(() => readFileSync(out)).toThrow();
  });

  it('--for-expansion kingRobber writes the entry 4+kingRobber and keeps every other; an unknown name is exit 2', () => {
    const out = join(tempDir('carclab-train-'), 'value-weights.json');
    copyFileSync(COMMITTED, out);
    const before = readWeights(out);
    const flags = ['--players', '4', '--games', '20', '--rounds', '1', '--epochs', '1', '--seed', 'train-test'];
    const r = train(...flags, '--for-expansion', 'kingRobber', '--out', out);
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    const written = readWeights(out);
    for (const [group, record] of Object.entries(before.byPlayers))
      if (group !== '4+kingRobber') expect(written.byPlayers[group]).toEqual(record);
    expect(written.byPlayers['4+kingRobber']).not.toEqual(before.byPlayers['4+kingRobber']);
    expect(written.byPlayers['4+kingRobber']!.training.command).toMatch(/ --for-expansion kingRobber$/);
    const bad = train(...flags, '--for-expansion', 'kingRobbers', '--out', out);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--for-expansion must name an expansion/);
  });
});
