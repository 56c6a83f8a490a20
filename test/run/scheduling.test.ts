/**
 * How the runner hands out shards: by default the deals are cut into a multiple of the backend's
 * threads and the last round into smaller pieces, so no thread waits long at the end for another,
 * and a thread that finished a shard gets its next one before the finished shard is written and
 * fsynced.
 */
import { describe, expect, it } from 'vitest';
import { inProcessBackend } from '../../src/run/pool.ts';
import type { Backend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { balancedShardDeals, defaultShardDeals, missingRanges, splitLastRound } from '../../src/run/shard-ranges.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const twoArms = planOf({
  name: 'shards',
  seed: 's',
  deals: 10,
  arms: [
    { name: 'a', players: 2 },
    { name: 'b', players: 2 },
  ],
});

describe('shard sizes', () => {
  it('cut the deals into a multiple of the threads by default, each shard near the default size', () => {
    expect(defaultShardDeals(twoArms)).toBe(2000);
    expect(balancedShardDeals(twoArms, 50_000, 2)).toBe(1924);
    expect(missingRanges([], 50_000, 1924)).toHaveLength(26);
    expect(balancedShardDeals(twoArms, 50_000, 1)).toBe(2000);
    expect(balancedShardDeals(twoArms, 48_000, 2)).toBe(2000);
    expect(balancedShardDeals(twoArms, 3, 2)).toBe(2);
    expect(balancedShardDeals(twoArms, 0, 2)).toBe(1);
    expect(balancedShardDeals(twoArms, 10_000, 0)).toBe(2000);
  });

  it('cut the last round into quarters when several threads play', () => {
    expect(
      splitLastRound(
        [
          [0, 8],
          [8, 16],
          [16, 24],
        ],
        2,
      ),
    ).toEqual([
      [0, 8],
      [8, 10],
      [10, 12],
      [12, 14],
      [14, 16],
      [16, 18],
      [18, 20],
      [20, 22],
      [22, 24],
    ]);
    expect(splitLastRound([[0, 5]], 2)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    expect(
      splitLastRound(
        [
          [0, 8],
          [8, 16],
        ],
        1,
      ),
    ).toEqual([
      [0, 8],
      [8, 16],
    ]);
    expect(splitLastRound([[3, 4]], 4)).toEqual([[3, 4]]);
  });

  it('are used when the run sets none: 20 deals on 2 threads play as 2 shards, cut in quarters', async () => {
    const local = inProcessBackend();
    const ranges: [number, number][] = [];
    const backend: Backend = {
      ...local,
      concurrency: 2,
      run: (task, signal) => {
        ranges.push([task.start, task.end]);
        return local.run(task, signal);
      },
    };
    await runExperiment({ plan: { ...twoArms, deals: 20 }, outRoot: tempDir(), backend, keepGames: false });
    expect(ranges).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
      [10, 13],
      [13, 16],
      [16, 19],
      [19, 20],
    ]);
  });
});

describe('handing out shards', () => {
  it('gives a thread its next shard before the finished one is persisted and counted', async () => {
    const local = inProcessBackend();
    const dispatched: number[] = [];
    const dispatchedWhenCounted: number[] = [];
    let counted = 0;
    const backend: Backend = {
      ...local,
      run: (task, signal) => {
        dispatched.push(task.start);
        return local.run(task, signal);
      },
    };
    await runExperiment({
      plan: twoArms,
      outRoot: tempDir(),
      backend,
      keepGames: false,
      shardDeals: 3,
      // Only when a shard counts (gamesDone grows), not the live reports of games inside running shards.
      onProgress: (p) => {
        if (p.gamesDone <= counted) return;
        counted = p.gamesDone;
        dispatchedWhenCounted.push(dispatched.length);
      },
    });
    expect(dispatched).toEqual([0, 3, 6, 9]);
    expect(dispatchedWhenCounted).toEqual([2, 3, 4, 4]);
  });
});
