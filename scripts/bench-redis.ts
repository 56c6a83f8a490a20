/**
 * Benchmark of the Redis backend against the local pool on this machine (`npm run bench:redis`):
 * a redis-server on a loopback port, two `carclab worker` processes of one thread each, versus a
 * piscina pool of two threads. Prints, as medians of several runs:
 *   - per-job overhead: many one-deal shards (jobs/s through Redis vs tasks/s on the pool);
 *   - throughput: random base games in shards of the default size (games/s both ways).
 * Needs redis-server installed (Debian: apt-get install redis-server).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { poolBackend } from '../src/run/pool.ts';
import type { Backend } from '../src/run/pool.ts';
import { redisBackend } from '../src/run/redis/backend.ts';
import { parseRedisUrl } from '../src/run/redis/url.ts';
import { runExperiment } from '../src/run/runner.ts';
import { planOf, tempDir } from '../test/sim/helpers.ts';
import { startRedis } from '../test/run/redis/server.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const CARCLAB = join(import.meta.dirname, '..', 'bin', 'carclab.js');

async function timed(backend: Backend, deals: number, shardDeals: number, seed: string): Promise<number> {
  const plan = planOf({ name: 'bench-redis', seed, deals, rotation: 'cycle', arms: [{ name: 'base-2p', players: 2 }] });
  const t0 = performance.now();
  const outcome = await runExperiment({ plan, outRoot: tempDir(), backend, keepGames: false, shardDeals });
  if (outcome.status !== 'complete') throw new Error('run did not complete');
  return (performance.now() - t0) / 1000;
}

const redis = await startRedis();
const workers: ChildProcess[] = [];
try {
  for (let i = 0; i < 2; i++) {
    workers.push(
      spawn(process.execPath, [CARCLAB, 'worker', '--redis', redis.url, '--workers', '1', '--queue', 'bench'], {
        stdio: 'ignore',
      }),
    );
  }
  const target = parseRedisUrl(redis.url, 'bench');
  const cases = [
    { name: 'overhead: 2,000 one-deal shards', deals: 2000, shardDeals: 1, unit: 'jobs/s', per: 2000 },
    {
      name: 'throughput: 200,000 games, 2,000-deal shards',
      deals: 200_000,
      shardDeals: 2000,
      unit: 'games/s',
      per: 200_000,
    },
  ];
  for (const c of cases) {
    const local: number[] = [];
    const queued: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const pool = poolBackend(2);
      try {
        local.push(c.per / (await timed(pool, c.deals, c.shardDeals, `bench-${r}`)));
      } finally {
        await pool.close();
      }
      const queue = await redisBackend(target, { queue: 'bench', log: () => {} });
      try {
        queued.push(c.per / (await timed(queue, c.deals, c.shardDeals, `bench-${r}`)));
      } finally {
        await queue.close();
      }
    }
    console.log(
      `${c.name}: local pool (2 threads) ${Math.round(median(local))} ${c.unit}, Redis with 2 worker processes ${Math.round(median(queued))} ${c.unit} (medians of ${RUNS})`,
    );
  }
} finally {
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
  await redis.stop();
}
