/** `npm run train --players N`: retrains one player count's weights and keeps the others with their record. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRONG_WEIGHTS } from '../../src/agents/strong-weights.ts';
import { trainingSetup } from '../../src/sim/training.ts';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const train = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'train.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

/** The `STRONG_WEIGHTS` object of a written weights module (JSON but for its keys' quotes). */
function writtenWeights(file: string): typeof STRONG_WEIGHTS {
  const text = readFileSync(file, 'utf8');
  const body = text
    .slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
    .replace(/^(\s*)'(\d)':/gm, '$1"$2":')
    .replace(/^(\s*)([A-Za-z]+):/gm, '$1"$2":')
    .replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(body) as typeof STRONG_WEIGHTS;
}

describe('training one player count', () => {
  it('draws every game of the run with the counts asked for', () => {
    for (let i = 0; i < 50; i++) expect(trainingSetup('t', i, [4]).players).toBe(4);
    const counts = new Set(Array.from({ length: 200 }, (_, i) => trainingSetup('t', i).players));
    expect([...counts].sort()).toEqual([2, 3, 4, 5]);
  });

  it('--players 4 fits the 4-player weights alone; 2, 3 and 5 players keep theirs and their record', () => {
    const out = join(tempDir('carclab-train-'), 'weights.ts');
    const r = train(
      '--players',
      '4',
      '--games',
      '10',
      '--sample',
      '1',
      '--teacher-many',
      'greedy',
      '--seed',
      'train-test',
      '--out',
      out,
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/round 1, 4 players: 10 games/);
    expect(r.stdout).not.toMatch(/[235] players:/);
    const written = writtenWeights(out);
    for (const group of ['2', '3', '5'] as const) {
      expect(written.byPlayers[group]).toEqual(STRONG_WEIGHTS.byPlayers[group]);
      expect(written.training.byPlayers[`${group}p`]).toEqual(STRONG_WEIGHTS.training.byPlayers[`${group}p`]);
    }
    expect(written.byPlayers['4']).not.toEqual(STRONG_WEIGHTS.byPlayers['4']);
    const record = written.training.byPlayers['4p'];
    expect(record.command).toMatch(/--teacher-many greedy .*--players 4$/);
    expect(record.teacher).toMatch(/^greedy:/);
    expect(record.games).toBe(10);
  });

  it('a player count outside 2 to 6 is exit 2, nothing written', () => {
    const out = join(tempDir('carclab-train-'), 'weights.ts');
    const r = train('--players', '4,7', '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--players must list player counts from 2 to 6/);
    expect(() => readFileSync(out)).toThrow();
  });
});
