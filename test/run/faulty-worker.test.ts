/**
 * A queue worker found faulty late (issue 24, case 2): every shard it delivered before is moved aside
 * and played again, so the summary equals an honest run's; the verifier samples each worker's early
 * results densely, with a salt the worker cannot predict, and reports what it verified (`--verify 0`
 * as not verified). The Redis end of it, with a real worker process, is in `redis/trust.test.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessBackend } from '../../src/run/pool.ts';
import type { Backend } from '../../src/run/pool.ts';
import { ResultVerifier } from '../../src/run/redis/verify.ts';
import { runExperiment } from '../../src/run/runner.ts';
import type { ShardResult, ShardTask } from '../../src/sim/shard.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const plan = planOf({ name: 'faulty', seed: 'faulty-1', deals: 40, arms: [{ name: 'two', players: 2 }] });
const summaryOf = (runDir: string) => readFileSync(join(runDir, 'summary.json'), 'utf8');

/** Shifts one win from seat 1 to seat 0 (still plausible: the shares sum to 100 %). */
function shiftOneWin(result: ShardResult): ShardResult {
  const aggregate = structuredClone(result.aggregate);
  const seats = aggregate.arms[0]!.seats;
  if (seats[1]!.winUnits >= 60) {
    seats[0]!.winUnits += 60;
    seats[1]!.winUnits -= 60;
  }
  return { aggregate };
}

/** Shards played "by" worker w1, which lies on every shard and is found out after its `caughtAfter`-th. */
function lateCaughtBackend(caughtAfter: number): Backend {
  const local = inProcessBackend();
  let delivered = 0;
  return {
    ...local,
    name: 'fake queue',
    run: async (task: ShardTask) => {
      delivered++;
      return delivered <= caughtAfter ? { ...shiftOneWin(await local.run(task)), playedBy: 'w1' } : local.run(task);
    },
    faultyWorkers: () => (delivered > caughtAfter ? ['w1'] : []),
  };
}

describe('a faulty queue worker', () => {
  it('found out after 5 shards: the 5 it delivered are moved aside and played again; the summary is the honest one', async () => {
    const honest = await runExperiment({
      plan,
      outRoot: tempDir(),
      backend: inProcessBackend(),
      keepGames: false,
      shardDeals: 4,
    });
    const lines: string[] = [];
    const outcome = await runExperiment({
      plan,
      outRoot: tempDir(),
      backend: lateCaughtBackend(5),
      keepGames: false,
      shardDeals: 4,
      log: (l) => lines.push(l),
    });
    expect(outcome.status).toBe('complete');
    expect(lines).toEqual([
      expect.stringMatching(
        /^carclab: 5 shards delivered by w1 before it was found faulty are moved to .*\/rejected\/ and played again$/,
      ),
    ]);
    expect(readdirSync(join(outcome.runDir, 'rejected'))).toHaveLength(5);
    expect(summaryOf(outcome.runDir)).toBe(summaryOf(honest.runDir));
  });

  it("the verifier replays every worker's first 4 results, then about EARLY_WEIGHT / n, and reports the rate", async () => {
    let replays = 0;
    const local = inProcessBackend();
    const counting: Backend = {
      ...local,
      run: (task) => {
        replays++;
        return local.run(task);
      },
    };
    const verifier = new ResultVerifier(0.02, counting, () => {});
    const checked: number[] = [];
    for (let i = 0; i < 40; i++) {
      const task: ShardTask = { plan, start: i, end: i + 1, keepGames: false };
      const before = replays;
      const result = await verifier.check(`job-${i}`, task, await local.run(task), 'w1');
      expect(result.playedBy).toBe('w1');
      if (replays > before) checked.push(i + 1);
    }
    expect(checked.slice(0, 4)).toEqual([1, 2, 3, 4]);
    // Expected replays: 4 + Σ_{n=5}^{40} 4/n ≈ 12.3; far more than 2 % of 40.
    expect(checked.length).toBeGreaterThanOrEqual(6);
    expect(checked.length).toBeLessThanOrEqual(22);
    expect(verifier.report(plan)).toEqual({
      status: 'verified',
      sampleFraction: 0.02,
      results: 40,
      replayed: checked.length,
      faultyWorkers: [],
    });
  });

  it('a worker honest on its first shard and shifting one win per shard from then on is caught at its second', async () => {
    const local = inProcessBackend();
    const verifier = new ResultVerifier(0.02, local, () => {});
    const results: ShardResult[] = [];
    for (let i = 0; i < 4; i++) {
      const task: ShardTask = { plan, start: 4 * i, end: 4 * i + 4, keepGames: false };
      const honest = await local.run(task);
      results.push(await verifier.check(`job-${i}`, task, i === 0 ? honest : shiftOneWin(honest), 'w1'));
      expect(results[i]!.aggregate).toEqual(honest.aggregate);
    }
    expect(results.map((r) => r.playedBy)).toEqual(['w1', undefined, undefined, undefined]);
    expect(verifier.faulty()).toEqual(['w1']);
  });

  it('results of a worker that arrive while its earlier ones are replayed wait for those replays: none after its faulty second is taken', async () => {
    const local = inProcessBackend();
    const verifier = new ResultVerifier(0.02, local, () => {});
    const tasks = Array.from(
      { length: 12 },
      (_, i): ShardTask => ({ plan, start: 3 * i, end: 3 * i + 3, keepGames: false }),
    );
    const honest = await Promise.all(tasks.map((task) => local.run(task)));
    // All at once, as a queue delivers them: the 5th to 12th are mostly not sampled, and used to be
    // taken before the replay of the 2nd had shown the worker faulty.
    const results = await Promise.all(
      tasks.map((task, i) => verifier.check(`job-${i}`, task, i === 0 ? honest[i]! : shiftOneWin(honest[i]!), 'w1')),
    );
    expect(results.map((r) => r.playedBy)).toEqual(['w1', ...Array(11).fill(undefined)]);
    expect(results.map((r) => r.aggregate)).toEqual(honest.map((r) => r.aggregate));
  });

  it('--verify 0 is reported as not verified', () => {
    expect(new ResultVerifier(0, inProcessBackend(), () => {}).report(plan)).toMatchObject({
      status: 'not verified',
      why: '--verify 0',
    });
  });
});
