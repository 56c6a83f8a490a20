/**
 * The Redis/BullMQ backend against a real redis-server on a loopback port (docs/architecture.md §9, §13): results
 * byte-identical to the local backend, worker processes sharing shards, a killed worker's shard
 * retried and counted once, malformed results rejected, an unreachable server reported, secrets kept
 * out of logs and manifests, an interrupted coordinator resumed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/engine/index.ts';
import { codeIdentity } from '../../../src/run/code.ts';
import { inProcessBackend } from '../../../src/run/pool.ts';
import { redisBackend } from '../../../src/run/redis/backend.ts';
import { shardQueue } from '../../../src/run/redis/presence.ts';
import { connectionOptions, parseRedisUrl } from '../../../src/run/redis/url.ts';
import { runExperiment } from '../../../src/run/runner.ts';
import type { RunOutcome } from '../../../src/run/runner.ts';
import type { Plan } from '../../../src/sim/plan.ts';
import { planOf, tempDir } from '../../sim/helpers.ts';
import { AT_ONCE_MS, outputMatches, PROCESS_TEST_TIMEOUT, until, watch } from '../../wait.ts';
import type { Watched } from '../../wait.ts';
import { startRedis, startTlsRedis } from './server.ts';
import type { RedisServer } from './server.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CARCLAB = join(ROOT, 'bin', 'carclab.js');

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

let queues = 0;
const freshQueue = () => `test-${process.pid}-${++queues}`;

interface WorkerProcess extends Watched {
  exited: Promise<number | null>;
}
function startWorker(url: string, queue: string, lockSeconds = 2, env: NodeJS.ProcessEnv = process.env): WorkerProcess {
  const child = spawn(
    process.execPath,
    [CARCLAB, 'worker', '--redis', url, '--workers', '1', '--queue', queue, '--lock-seconds', String(lockSeconds)],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { ...watch(child), exited };
}
async function stopWorker(w: WorkerProcess) {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await w.exited;
}

const files = (outcome: RunOutcome) => ({
  summary: readFileSync(join(outcome.runDir, 'summary.json'), 'utf8'),
  games: existsSync(join(outcome.runDir, 'games.arrow'))
    ? readFileSync(join(outcome.runDir, 'games.arrow'))
    : undefined,
});

async function local(plan: Plan, keepGames: boolean) {
  const backend = inProcessBackend();
  try {
    return files(await runExperiment({ plan, outRoot: tempDir(), backend, keepGames }));
  } finally {
    await backend.close();
  }
}

async function distributed(
  plan: Plan,
  queue: string,
  shardDeals: number,
  options: {
    keepGames?: boolean;
    log?: string[];
    signal?: AbortSignal;
    outRoot?: string;
    onProgress?: () => void;
    url?: string;
    verify?: number;
  } = {},
) {
  // Verification (replays here) has its own tests; these leave it off unless asked.
  const backend = await redisBackend(parseRedisUrl(options.url ?? redis.url, '--backend'), {
    queue,
    log: (l) => options.log?.push(l),
    verify: options.verify ?? 0,
  });
  try {
    return await runExperiment({
      plan,
      outRoot: options.outRoot ?? tempDir(),
      backend,
      keepGames: options.keepGames ?? false,
      shardDeals,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    await backend.close();
  }
}

const small = planOf({
  name: 'redis-small',
  seed: 'redis-1',
  deals: 60,
  columns: ['score', 'rank', 'breakdown', 'stats'],
  arms: [
    { name: 'base-2p', players: 2 },
    { name: 'all-3p', players: 3, expansions: ['tollkeepers', 'labyrinth', 'kingRobber'] },
  ],
});
// Shards of a few seconds' work, so a worker can be killed while it holds one.
const slow = planOf({
  name: 'redis-slow',
  seed: 'redis-2',
  deals: 16_000,
  rotation: 'cycle',
  arms: [
    { name: 'base-2p', players: 2 },
    { name: 'base-3p', players: 3 },
  ],
});

describe('Redis URLs', () => {
  it('carry a password and TLS, and print without the password', () => {
    const t = parseRedisUrl('rediss://:s3cret@cache.example:6380/2', '--redis');
    expect(t).toMatchObject({ host: 'cache.example', port: 6380, db: 2, tls: true, password: 's3cret' });
    expect(t.redacted).toBe('rediss://***@cache.example:6380/2');
    expect(connectionOptions(t).tls).toEqual({ servername: 'cache.example' });
    expect(parseRedisUrl('redis://127.0.0.1', '--redis')).toMatchObject({
      port: 6379,
      db: 0,
      tls: false,
      redacted: 'redis://127.0.0.1:6379',
    });
  });
  it('reject what is not a Redis URL, naming the flag', () => {
    expect(() => parseRedisUrl('http://x:1', '--backend')).toThrow(InputError);
    expect(() => parseRedisUrl('http://x:1', '--backend')).toThrow(/--backend: unsupported scheme "http"/);
    expect(() => parseRedisUrl('localhost:6379', '--redis')).toThrow(/--redis: unsupported scheme/);
    expect(() => parseRedisUrl('redis://h:1/x', '--redis')).toThrow(/bad database number "x"/);
  });
});

describe('the Redis backend', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('gives byte-identical results to the local backend, two worker processes sharing the shards', async () => {
    const queue = freshQueue();
    const reference = await local(small, true);
    const workers = [startWorker(redis.url, queue), startWorker(redis.url, queue)];
    try {
      // Both listening before the shards go out: a process that starts late on a busy machine would
      // find the queue already emptied by the other.
      await Promise.all(workers.map((w) => outputMatches(w, /taking shards from/, 'the worker to listen')));
      const outcome = await distributed(small, queue, 4, { keepGames: true });
      expect(outcome.status).toBe('complete');
      const got = files(outcome);
      expect(got.summary).toBe(reference.summary);
      expect(Buffer.compare(got.games!, reference.games!)).toBe(0);
      // 15 shards: both processes took some.
      for (const w of workers) expect(w.log()).toMatch(/shard redis-1-60-\w+-\w+-\d+-\d+: \d+ games/);
    } finally {
      await Promise.all(workers.map(stopWorker));
    }
  });

  it('retries the shard of a worker killed mid-shard on another worker, and counts it once', async () => {
    const queue = freshQueue();
    const reference = await local(slow, false);
    const first = startWorker(redis.url, queue, 2);
    const watcher = new Queue(shardQueue(queue, codeIdentity().hash), {
      connection: connectionOptions(parseRedisUrl(redis.url, 'test')),
    });
    let second: WorkerProcess | undefined;
    try {
      const run = distributed(slow, queue, 4000);
      await until(async () => (await watcher.getActiveCount()) > 0);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      second = startWorker(redis.url, queue, 2);
      const outcome = await run;
      expect(outcome.status).toBe('complete');
      expect(files(outcome).summary).toBe(reference.summary);
      expect(JSON.parse(files(outcome).summary).games).toBe(16_000 * 2);
    } finally {
      await watcher.close();
      if (second) await stopWorker(second);
    }
  });

  it('rejects a malformed result with its reason and has the shard played again', async () => {
    const queue = freshQueue();
    const reference = await local(small, false);
    const connection = connectionOptions(parseRedisUrl(redis.url, 'test'));
    // A faulty worker that takes exactly one shard (BullMQ's manual processing) and answers nonsense.
    const rogue = new Worker(shardQueue(queue, codeIdentity().hash), null, { connection });
    const log: string[] = [];
    let honest: WorkerProcess | undefined;
    try {
      const run = distributed(small, queue, 30, { log });
      let job: Awaited<ReturnType<typeof rogue.getNextJob>>;
      await until(async () => {
        job = await rogue.getNextJob('rogue-token');
        return Boolean(job);
      });
      await job!.moveToCompleted({ aggregate: { format: 'nonsense' } }, 'rogue-token', false);
      await rogue.close();
      honest = startWorker(redis.url, queue);
      const outcome = await run;
      expect(log.join('\n')).toMatch(
        /rejected the result of shard redis-1-60-\w+-\w+-\d+-\d+: aggregate\.format is "nonsense", expected "carclab-shard\/\d+"; enqueueing it again/,
      );
      expect(files(outcome).summary).toBe(reference.summary);
    } finally {
      await rogue.close();
      if (honest) await stopWorker(honest);
    }
  });

  it('resumes a run whose coordinator was interrupted, with the same results', async () => {
    const queue = freshQueue();
    const reference = await local(small, false);
    const worker = startWorker(redis.url, queue);
    try {
      const outRoot = tempDir();
      const controller = new AbortController();
      const first = await distributed(small, queue, 3, {
        outRoot,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      expect(first.status).toBe('interrupted');
      const second = await distributed(small, queue, 3, { outRoot });
      expect(second.status).toBe('complete');
      expect(files(second).summary).toBe(reference.summary);
    } finally {
      await stopWorker(worker);
    }
  });
});

describe('carclab run --backend / carclab worker --redis', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('report an unreachable Redis within seconds with exit 2 and write nothing', async () => {
    const spare = await startRedis();
    const url = spare.url;
    await spare.stop(); // a port where nothing listens now
    const out = tempDir();
    const t0 = Date.now();
    const run = spawnSync(
      process.execPath,
      [CARCLAB, 'run', 'default', '--deals', '10', '--out', out, '--backend', url],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`cannot reach Redis at ${url.replace(/[/.]/g, '\\$&')}`));
    expect(readdirSync(out)).toEqual([]);
    const worker = spawnSync(process.execPath, [CARCLAB, 'worker', '--redis', url], { cwd: ROOT, encoding: 'utf8' });
    expect(worker.status).toBe(2);
    expect(worker.stderr).toMatch(/cannot reach Redis/);
    // Both said so at once (a 3 s connect timeout each), not after retrying for minutes.
    expect(Date.now() - t0).toBeLessThan(2 * AT_ONCE_MS);
  });

  it('keep a password out of the logs and the manifest', async () => {
    const secret = `pw-${Math.random().toString(36).slice(2)}`;
    const guarded = await startRedis(['--requirepass', secret]);
    const url = `redis://:${secret}@127.0.0.1:${guarded.port}`;
    const queue = freshQueue();
    const worker = startWorker(url, queue);
    try {
      const out = tempDir();
      const run = spawnSync(
        process.execPath,
        [CARCLAB, 'run', 'default', '--deals', '200', '--out', out, '--backend', url, '--queue', queue],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(run.status).toBe(0);
      expect(run.stderr + run.stdout).not.toContain(secret);
      expect(run.stderr).toContain(`redis://***@127.0.0.1:${guarded.port}`);
      const manifests = readdirSync(join(out, 'default')).map((id) =>
        readFileSync(join(out, 'default', id, 'manifest.json'), 'utf8'),
      );
      expect(manifests.length).toBe(1);
      expect(manifests[0]).not.toContain(secret);
      const wrong = spawnSync(
        process.execPath,
        [CARCLAB, 'worker', '--redis', `redis://:nope@127.0.0.1:${guarded.port}`],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toMatch(
        /cannot reach Redis at redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(.*(WRONGPASS|invalid|NOAUTH).*\)/i,
      );
      expect(wrong.stderr).not.toContain('nope');
    } finally {
      await stopWorker(worker);
      expect(worker.log()).not.toContain(secret);
      await guarded.stop();
    }
  });

  it('run over TLS (rediss://) with a server certificate the machine trusts, and refuse an untrusted one', async () => {
    const secure = await startTlsRedis();
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: secure.caFile };
    const queue = freshQueue();
    const worker = startWorker(secure.url, queue, 2, env);
    try {
      const out = tempDir();
      const run = spawnSync(
        process.execPath,
        [CARCLAB, 'run', 'default', '--deals', '100', '--out', out, '--backend', secure.url, '--queue', queue],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/played 200 games/);
      const untrusted = spawnSync(
        process.execPath,
        [CARCLAB, 'run', 'default', '--deals', '100', '--out', tempDir(), '--backend', secure.url],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(untrusted.status).toBe(2);
      expect(untrusted.stderr).toMatch(/cannot reach Redis at rediss:\/\/localhost:\d+ \(.*certificate.*\)/);
    } finally {
      await stopWorker(worker);
      await secure.stop();
    }
  });
});
