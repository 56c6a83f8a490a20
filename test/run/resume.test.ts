/**
 * Resume (docs/architecture.md §8): a run interrupted after some shards keeps its finished shards, and
 * re-running it plays only the missing deals and ends with the same results as an uninterrupted run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { missingRanges } from '../../src/run/shard-ranges.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const plan = planOf({
  name: 'resume',
  seed: 'resume-3',
  deals: 200,
  columns: ['score', 'stats'],
  arms: [
    { name: 'two', players: 2 },
    { name: 'four', players: 4, rules: { meeples: 5 } },
  ],
});
const read = (dir: string, file: string) => readFileSync(join(dir, file));
const manifestOf = (dir: string) =>
  JSON.parse(read(dir, 'manifest.json').toString()) as { status: string; games: { done: number }; sessions: unknown[] };

describe('an interrupted run', () => {
  it('resumes from its finished shards and ends equal to an uninterrupted run', async () => {
    const whole = await runExperiment({
      plan,
      outRoot: tempDir(),
      backend: inProcessBackend(),
      keepGames: true,
      shardDeals: 25,
    });

    const out = tempDir();
    const controller = new AbortController();
    const first = await runExperiment({
      plan,
      outRoot: out,
      backend: inProcessBackend(),
      keepGames: true,
      shardDeals: 25,
      signal: controller.signal,
      // Stopped once 3 shards count (not on a live report of games inside a running shard).
      onProgress: (p) => {
        if (p.gamesDone === 3 * 25 * 2) controller.abort();
      },
    });
    expect(first.status).toBe('interrupted');
    expect(first.gamesPlayed).toBe(3 * 25 * 2);
    expect(existsSync(join(first.runDir, 'summary.json'))).toBe(false);
    expect(manifestOf(first.runDir)).toMatchObject({ status: 'interrupted', games: { done: 150 } });
    expect(readdirSync(join(first.runDir, 'shards')).filter((f) => f.endsWith('.json'))).toHaveLength(3);

    // Resumed with another shard size: only the missing deals are played.
    const second = await runExperiment({
      plan,
      outRoot: out,
      backend: inProcessBackend(),
      keepGames: true,
      shardDeals: 40,
    });
    expect(second.status).toBe('complete');
    expect(second.runDir).toBe(first.runDir);
    expect(second.gamesPlayed).toBe((200 - 75) * 2);
    for (const file of ['summary.json', 'seats.csv', 'pairs.csv', 'stats.csv', 'games.arrow']) {
      expect(Buffer.compare(read(second.runDir, file), read(whole.runDir, file)), file).toBe(0);
    }
    expect(manifestOf(second.runDir)).toMatchObject({ status: 'complete', games: { done: 400 } });
    expect(manifestOf(second.runDir).sessions).toHaveLength(2);

    // Once complete, running it again plays nothing and writes the same summary.
    const third = await runExperiment({ plan, outRoot: out, backend: inProcessBackend(), keepGames: true });
    expect(third.gamesPlayed).toBe(0);
    expect(Buffer.compare(read(third.runDir, 'summary.json'), read(whole.runDir, 'summary.json'))).toBe(0);
  });

  it('plays exactly the deals no finished shard covers', () => {
    expect(missingRanges([], 10, 4)).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
    expect(
      missingRanges(
        [
          [0, 3],
          [5, 6],
        ],
        10,
        4,
      ),
    ).toEqual([
      [3, 5],
      [6, 10],
    ]);
    expect(missingRanges([[0, 10]], 10, 4)).toEqual([]);
  });
});
