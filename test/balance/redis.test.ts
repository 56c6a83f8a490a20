/**
 * `carclab balance` through the Redis backend: the context runs' shards are played by a `carclab
 * worker` process from a real redis-server's queue, and the answer is the same as in-process.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBalance } from '../../src/balance/run.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { redisBackend } from '../../src/run/redis/backend.ts';
import { parseRedisUrl } from '../../src/run/redis/url.ts';
import { startRedis } from '../run/redis/server.ts';
import type { RedisServer } from '../run/redis/server.ts';
import { tempDir } from '../sim/helpers.ts';
import { answer, balance } from './helpers.ts';

const CARCLAB = join(import.meta.dirname, '..', '..', 'bin', 'carclab.js');

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('carclab balance on queue workers', () => {
  it('gives the in-process answer with the shards played by a worker through Redis', async () => {
    const queue = `balance-${process.pid}`;
    const worker = spawn(
      process.execPath,
      [CARCLAB, 'worker', '--redis', redis.url, '--workers', '1', '--queue', queue],
      {
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    try {
      const backend = await redisBackend(parseRedisUrl(redis.url, '--backend'), { queue, verify: 0 });
      const queued = await runBalance({
        balance: balance(),
        file: null,
        outRoot: tempDir('carclab-balance-redis-'),
        backend,
      }).finally(() => backend.close());
      const local = await runBalance({
        balance: balance(),
        file: null,
        outRoot: tempDir('carclab-balance-'),
        backend: inProcessBackend(),
      });
      expect(queued.status).toBe('complete');
      expect(answer(queued.result!)).toBe(answer(local.result!));
    } finally {
      worker.kill('SIGTERM');
      await exited;
    }
  }, 600_000);
});
