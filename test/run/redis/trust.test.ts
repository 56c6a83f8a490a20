/**
 * Distributed runs that trust nothing (issue 13, problems 2, 5 and 6) against real redis-servers:
 * a worker started from CARCLAB_REDIS_URL shows no password in `ps`; with one honest and one
 * modified worker (a patched scoring constant in a temporary copy that still claims this code's hash)
 * the summary equals the local run's and the log names the bad worker; a worker of other code takes
 * none of the jobs and is named; a database the server lacks is refused; a Redis restarted mid-run is waited for; workers
 * whose Redis is gone stop on SIGTERM within seconds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIdentity } from '../../../src/run/code.ts';
import { RunFailure } from '../../../src/run/files.ts';
import { inProcessBackend } from '../../../src/run/pool.ts';
import { redisBackend } from '../../../src/run/redis/backend.ts';
import { shardQueue } from '../../../src/run/redis/presence.ts';
import { connectionOptions, parseRedisUrl } from '../../../src/run/redis/url.ts';
import { runExperiment } from '../../../src/run/runner.ts';
import { planOf, tempDir } from '../../sim/helpers.ts';
import { ROAD_POINTS_PATCH, ROOT, patchedCopy } from '../patched-copy.ts';
import { AT_ONCE_MS, LineLog, outputMatches, PROCESS_TEST_TIMEOUT, until, watch } from '../../wait.ts';
import type { Watched } from '../../wait.ts';
import { startRedis } from './server.ts';
import type { RedisServer } from './server.ts';

const plan = planOf({ name: 'trust', seed: 'trust-1', deals: 40, arms: [{ name: 'two', players: 2 }] });
// Shards of a search agent take a good fraction of a second each, so Redis can be stopped while most
// of the run is still to play, however fast the machine.
const slowPlan = planOf({
  name: 'trust-slow',
  seed: 'trust-2',
  deals: 40,
  arms: [{ name: 'two', players: 2, agents: 'mcts:iterations=30' }],
});
const summaryOf = (runDir: string) => readFileSync(join(runDir, 'summary.json'), 'utf8');

interface Proc extends Watched {
  exited: Promise<number | null>;
}
function startWorker(root: string, args: string[], env: NodeJS.ProcessEnv = process.env): Proc {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'carclab.js'), 'worker', '--workers', '1', '--lock-seconds', '2', ...args],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return { ...watch(child), exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}
async function stop(p: Proc) {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await p.exited;
}
const ready = (p: Proc) => outputMatches(p, /taking shards/, 'the worker to start');
const playedAShard = (p: Proc) => outputMatches(p, /: \d+ games in/, 'the worker to play a shard');

let redis: RedisServer;
let reference: string;
beforeAll(async () => {
  redis = await startRedis();
  reference = summaryOf(
    (await runExperiment({ plan, outRoot: tempDir(), backend: inProcessBackend(), keepGames: false })).runDir,
  );
}, PROCESS_TEST_TIMEOUT);
afterAll(async () => {
  await redis?.stop();
});
let queues = 0;
const freshQueue = () => `trust-${process.pid}-${++queues}`;

async function distributed(
  queue: string,
  options: {
    verify?: number;
    log?: LineLog;
    url?: string;
    redisWaitSeconds?: number;
    plan?: typeof plan;
    signal?: AbortSignal;
    shardDeals?: number;
  } = {},
) {
  const backend = await redisBackend(parseRedisUrl(options.url ?? redis.url, '--backend'), {
    queue,
    verify: options.verify ?? 0.02,
    log: (line) => options.log?.push(line),
    redisWaitSeconds: options.redisWaitSeconds ?? 60,
  });
  try {
    return await runExperiment({
      plan: options.plan ?? plan,
      outRoot: tempDir(),
      backend,
      keepGames: false,
      shardDeals: options.shardDeals ?? 4,
      log: (line) => options.log?.push(line),
      signal: options.signal,
    });
  } finally {
    await backend.close();
  }
}

describe('distributed runs', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('a worker started from CARCLAB_REDIS_URL shows no password in ps (requirepass)', async () => {
    const secret = `pw-${Math.random().toString(36).slice(2)}`;
    const guarded = await startRedis(['--requirepass', secret]);
    const worker = startWorker(ROOT, ['--queue', freshQueue()], {
      ...process.env,
      CARCLAB_REDIS_URL: `redis://:${secret}@127.0.0.1:${guarded.port}`,
    });
    try {
      await ready(worker);
      const ps = spawnSync('ps', ['-ww', '-eo', 'pid,args'], { encoding: 'utf8' }).stdout;
      const workerLines = ps.split('\n').filter((line) => line.includes('carclab.js worker'));
      expect(workerLines.length).toBeGreaterThan(0);
      // Only the test's redis-server itself holds the password on its command line.
      expect(
        ps
          .split('\n')
          .filter((line) => line.includes(secret) && !line.includes('redis-server') && !line.includes('redis-cli')),
      ).toEqual([]);
      expect(worker.log()).toContain(`redis://***@127.0.0.1:${guarded.port}`);
      expect(worker.log()).not.toContain(secret);
    } finally {
      await stop(worker);
      await guarded.stop();
    }
  });

  it('one honest and one modified worker: the summary equals the local run and the log names the bad worker', async () => {
    // The modified copy scores roads double and claims this checkout's code hash (a lying worker).
    const copy = patchedCopy([
      ROAD_POINTS_PATCH,
      {
        file: 'src/run/code.ts',
        from: '  cached ??= hashSources(ENTRY);',
        to: `  cached ??= { hash: '${codeIdentity().hash}', files: [] };`,
      },
    ]);
    const queue = freshQueue();
    // Long locks: a loaded machine must not hand the bad worker's shards to the honest one meanwhile.
    const bad = startWorker(copy, ['--redis', redis.url, '--queue', queue, '--lock-seconds', '30']);
    let honest: Proc | undefined;
    const log = new LineLog();
    try {
      await ready(bad);
      const run = distributed(queue, { log });
      // The honest worker joins once the bad one has played a shard, so both deliver results.
      await playedAShard(bad);
      honest = startWorker(ROOT, ['--redis', redis.url, '--queue', queue, '--lock-seconds', '30']);
      const outcome = await run;
      expect(outcome.status).toBe('complete');
      expect(summaryOf(outcome.runDir)).toBe(reference);
      expect(log.text()).toMatch(
        new RegExp(`worker \\S+ pid ${bad.child.pid} is faulty: its result of shard \\S+ differs from the replay here`),
      );
      expect(log.text()).not.toContain(`pid ${honest.child.pid} is faulty`);
    } finally {
      await stop(bad);
      if (honest) await stop(honest);
    }
  });

  it("a worker honest on its first shard, then shifting one win per shard, is caught early; the summary is the local run's and the manifest records the verification", async () => {
    const copy = patchedCopy([
      {
        file: 'src/run/redis/worker.ts',
        from: '    const result = await pool.run(task);\n',
        to: `    const result = await pool.run(task);
    const g = globalThis as { played?: number };
    g.played = (g.played ?? 0) + 1;
    const seats = result.aggregate.arms[0]!.seats;
    if (g.played > 1 && seats[1]!.winUnits >= 60) { seats[0]!.winUnits += 60; seats[1]!.winUnits -= 60; }
`,
      },
    ]);
    const queue = freshQueue();
    const shifty = startWorker(copy, ['--redis', redis.url, '--queue', queue]);
    const log = new LineLog();
    try {
      await ready(shifty);
      const outcome = await distributed(queue, { log });
      expect(outcome.status).toBe('complete');
      expect(summaryOf(outcome.runDir)).toBe(reference);
      expect(log.text()).toMatch(new RegExp(`worker \\S+ pid ${shifty.child.pid} is faulty`));
      const manifest = JSON.parse(readFileSync(join(outcome.runDir, 'manifest.json'), 'utf8'));
      // Its first, honest shard is played again too: every shard of a faulty worker is (that job's result is then taken once more).
      expect(log.text()).toMatch(
        new RegExp(
          `1 shard delivered by \\S+ pid ${shifty.child.pid} before it was found faulty is moved to .* and played again`,
        ),
      );
      expect(log.text()).not.toContain('not an object');
      expect(manifest.sessions[0].verification).toMatchObject({
        status: 'verified',
        sampleFraction: 0.02,
        results: 11,
        faultyWorkers: [expect.stringContaining(`pid ${shifty.child.pid}`)],
      });
    } finally {
      await stop(shifty);
    }
  });

  it('--verify 0 is recorded in the manifest as not verified; 20 shards in flight on a Ctrl-C signal give no MaxListenersExceededWarning', async () => {
    const queue = freshQueue();
    const worker = startWorker(ROOT, ['--redis', redis.url, '--queue', queue]);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      await ready(worker);
      const outcome = await distributed(queue, { verify: 0, signal: new AbortController().signal, shardDeals: 2 });
      expect(warnings).not.toContain('MaxListenersExceededWarning');
      const manifest = JSON.parse(readFileSync(join(outcome.runDir, 'manifest.json'), 'utf8'));
      expect(manifest.sessions[0].verification).toMatchObject({
        status: 'not verified',
        why: '--verify 0',
        results: 20,
        replayed: 0,
      });
    } finally {
      process.off('warning', onWarning);
      await stop(worker);
    }
  });

  it('a pool with a worker of other code: it takes no shard, each side names the other, the honest worker plays every shard once', async () => {
    const copy = patchedCopy([ROAD_POINTS_PATCH]);
    const queue = freshQueue();
    const other = startWorker(copy, ['--redis', redis.url, '--queue', queue]);
    const jobs = new Queue(shardQueue(queue, codeIdentity().hash), {
      connection: connectionOptions(parseRedisUrl(redis.url, 'test')),
    });
    let honest: Proc | undefined;
    try {
      await ready(other);
      const log = new LineLog();
      const run = distributed(queue, { verify: 0, log });
      await log.until(new RegExp(`pid ${other.child.pid} runs other code`));
      await log.until(/no worker of this run's code \([0-9a-f]{10}\) takes shards from queue/);
      await outputMatches(
        other,
        /the run of \S+ pid \d+ on queue \S+ is for code [0-9a-f]{10}, this checkout is [0-9a-f]{10} \(update one of them\)/,
        'the worker to name the run',
      );
      // Long locks: on a loaded machine a 2 s lock may lapse while a shard plays and the shard be started twice.
      honest = startWorker(ROOT, ['--redis', redis.url, '--queue', queue, '--lock-seconds', '30']);
      const outcome = await run;
      expect(summaryOf(outcome.runDir)).toBe(reference);
      // Taking and refusing shards held them back from the honest worker (a mixed pool stalled):
      // now each of the 10 was started once, and the worker of other code saw none.
      const played = await jobs.getJobs(['completed']);
      expect(played.map((job) => job.attemptsStarted)).toEqual(Array(10).fill(1));
      expect(other.log()).not.toMatch(/shard \S+-\d+-\d+/);
    } finally {
      await jobs.close();
      await stop(other);
      if (honest) await stop(honest);
    }
  });

  it('refuses a database the server does not have (redis://…/99) and writes nothing', () => {
    const out = tempDir();
    const dir = tempDir();
    writeFileSync(join(dir, 'exp.json'), JSON.stringify({ seed: 1, deals: 4, arms: [{ name: 'a', players: 2 }] }));
    const t0 = Date.now();
    const r = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bin', 'carclab.js'),
        'run',
        join(dir, 'exp.json'),
        '--out',
        out,
        '--backend',
        `${redis.url}/99`,
        '--redis-wait',
        '600',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /Redis at redis:\/\/127\.0\.0\.1:\d+\/99 has no database 99 \(ERR DB index is out of range\)/,
    );
    expect(readdirSync(out)).toEqual([]);
    // Refused at once, not after waiting out --redis-wait (600 s here, far above the bound).
    expect(Date.now() - t0).toBeLessThan(AT_ONCE_MS);
  });

  it('waits for a Redis restarted mid-run (visible line), enqueues the lost jobs again and ends equal to the local run', async () => {
    const own = await startRedis();
    const queue = freshQueue();
    const log = new LineLog();
    let worker = startWorker(ROOT, ['--redis', own.url, '--queue', queue]);
    let restarted: RedisServer | undefined;
    try {
      await ready(worker);
      const slowReference = summaryOf(
        (await runExperiment({ plan: slowPlan, outRoot: tempDir(), backend: inProcessBackend(), keepGames: false }))
          .runDir,
      );
      const run = distributed(queue, { url: own.url, verify: 0, log, plan: slowPlan });
      await playedAShard(worker);
      await own.stop();
      await stop(worker);
      await log.until(/waiting for Redis at/);
      restarted = await startRedis([], own.port);
      worker = startWorker(ROOT, ['--redis', own.url, '--queue', queue]);
      const outcome = await run;
      expect(outcome.status).toBe('complete');
      expect(summaryOf(outcome.runDir)).toBe(slowReference);
      expect(log.text()).toMatch(/answers again after \d+ s/);
    } finally {
      await stop(worker);
      await restarted?.stop();
    }
  });

  it('an outage that keeps the data (Redis and the worker paused, the worker back 3 s after Redis): the run waits, goes on without a rejected result or a false "no worker", and ends equal to the local run', async () => {
    const own = await startRedis();
    const queue = freshQueue();
    const log = new LineLog();
    const worker = startWorker(ROOT, ['--redis', own.url, '--queue', queue]);
    const resume = () =>
      [own.pid, worker.child.pid!].forEach((pid) => {
        process.kill(pid, 'SIGCONT');
      });
    try {
      await ready(worker);
      const slowReference = summaryOf(
        (await runExperiment({ plan: slowPlan, outRoot: tempDir(), backend: inProcessBackend(), keepGames: false }))
          .runDir,
      );
      const run = distributed(queue, { url: own.url, log, plan: slowPlan });
      await playedAShard(worker);
      process.kill(own.pid, 'SIGSTOP');
      worker.child.kill('SIGSTOP');
      await log.until(/waiting for Redis at/);
      // The outage itself, not a wait for something: longer than an announcement lives (when Redis is
      // back, the worker is not announced for a while), and the worker back 3 s after Redis.
      await new Promise((r) => setTimeout(r, 12_000));
      process.kill(own.pid, 'SIGCONT');
      await new Promise((r) => setTimeout(r, 3000));
      worker.child.kill('SIGCONT');
      const outcome = await run;
      expect(outcome.status).toBe('complete');
      expect(summaryOf(outcome.runDir)).toBe(slowReference);
      const text = log.text();
      expect(text).toMatch(/answers again after \d+ s/);
      expect(text).not.toContain('rejected the result');
      expect(text).not.toContain('no worker of this run');
    } finally {
      resume();
      await stop(worker);
      await own.stop();
    }
  });

  it('a coordinator busy replaying every result is not taken for a lost Redis', async () => {
    const queue = freshQueue();
    const worker = startWorker(ROOT, ['--redis', redis.url, '--queue', queue]);
    const log = new LineLog();
    try {
      await ready(worker);
      // 40 shards in flight, each replayed here in steps of about 50 ms: checking their 40 jobs took
      // longer than a check may take, and the run failed as if Redis had not answered for 3 s.
      const outcome = await distributed(queue, { verify: 1, log, plan: slowPlan, shardDeals: 1, redisWaitSeconds: 3 });
      expect(outcome.status).toBe('complete');
      expect(log.text()).not.toContain('waiting for Redis');
    } finally {
      await stop(worker);
    }
  });

  it('fails with a clear error when Redis stays away longer than --redis-wait', async () => {
    const own = await startRedis();
    const queue = freshQueue();
    const log = new LineLog();
    const jobs = new Queue(shardQueue(queue, codeIdentity().hash), {
      connection: connectionOptions(parseRedisUrl(own.url, 'test')),
    });
    const run = distributed(queue, { url: own.url, verify: 0, log, redisWaitSeconds: 3 });
    // Redis goes away once the run is under way: its shards are in the queue (no worker takes them).
    await until(async () => (await jobs.getWaitingCount()) > 0);
    await jobs.close();
    await own.stop();
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    // A failure of the run (exit 1, no stack), not an internal error.
    expect(error).toBeInstanceOf(RunFailure);
    expect((error as Error).message).toMatch(
      /Redis at redis:\/\/127\.0\.0\.1:\d+ did not answer for 3 s; the finished shards are kept: run the same command to resume/,
    );
    expect(log.lines.some((line) => line.includes('waiting for Redis at'))).toBe(true);
  });

  it('two workers whose Redis went away say so once and stop on SIGTERM within seconds', async () => {
    const own = await startRedis();
    const queue = freshQueue();
    const workers = [
      startWorker(ROOT, ['--redis', own.url, '--queue', queue]),
      startWorker(ROOT, ['--redis', own.url, '--queue', queue]),
    ];
    await Promise.all(workers.map(ready));
    await own.stop();
    await Promise.all(workers.map((w) => outputMatches(w, /ECONNREFUSED/, 'the worker to say Redis went away')));
    // Then a window in which reconnection attempts come (about one a second): not one line each.
    await new Promise((r) => setTimeout(r, 5000));
    for (const w of workers) expect(w.log().match(/ECONNREFUSED/g)?.length).toBe(1);
    const t0 = Date.now();
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    // Seconds, not the minutes of a worker waiting for Redis.
    expect(Date.now() - t0).toBeLessThan(AT_ONCE_MS);
  });
});
