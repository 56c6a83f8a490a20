/**
 * The distributed backend (docs/architecture.md §9): the same shards as BullMQ jobs on a Redis
 * server. The coordinator (`carclab run --backend redis://…`) enqueues a run's shards on the queue
 * of its code (`presence.ts`: workers of other code never take them, and are named) with
 * deterministic job ids (run id + deal range), so enqueueing again is idempotent and a resumed run
 * picks up results that finished meanwhile; `carclab worker --redis redis://…` processes them on any
 * machine in its own piscina pool, so the event loop stays free to renew job locks. A worker that dies
 * mid-shard loses its lock and the job is retried elsewhere; each shard counts once because the
 * coordinator takes one result per job id. A result that is not a well-formed aggregate of exactly
 * the task's deals, or that does not carry this code's hash (`code.ts`), is rejected with the reason
 * logged and the shard is enqueued again.
 *
 * Verification (`verify.ts`): every worker's early results densely and a sample of the others are
 * replayed here; games are deterministic, so a mismatch proves the worker faulty: it is named, that
 * result is replaced by the replay and its later results too, and the runner plays again the shards
 * it delivered before (`faultyWorkers`). The manifest records how much was verified.
 *
 * Lost Redis: every few seconds the coordinator asks for the state of the jobs it waits for (so a
 * missed event or a Redis that restarted empty costs nothing: missing jobs are enqueued again). When
 * Redis does not answer it prints a "waiting for Redis" line and, after `redisWaitSeconds`, fails
 * the run (finished shards are kept for a resume).
 */
import { getMaxListeners, setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { InputError } from '../../engine/index.ts';
import { codeIdentity, shortCode } from '../code.ts';
import { packageInfo, RunFailure } from '../files.ts';
import { runIdOf } from '../run-dir.ts';
import { poolBackend, ShardAbandoned } from '../pool.ts';
import type { Backend } from '../pool.ts';
import type { ShardResult, ShardTask } from '../../sim/shard.ts';
import { malformedShardResult } from '../../sim/validate.ts';
import { announcePresence, PRESENCE_EXPIRES_MS, shardQueue } from './presence.ts';
import { connectionOptions } from './url.ts';
import type { RedisTarget } from './url.ts';
import { ResultVerifier } from './verify.ts';
import { fromWire } from './wire.ts';
import type { WireResult } from './wire.ts';

export const DEFAULT_QUEUE = 'carclab-shards';
/** Attempts per job before the run fails (a worker crash or a thrown error each use one). */
export const JOB_ATTEMPTS = 5;
/** Times a malformed result is sent back before the run fails. */
export const MALFORMED_RETRIES = 3;
const CONNECT_TIMEOUT_MS = 3000;
/** How often the coordinator checks the jobs it waits for, and how long one check may take. */
const RECONCILE_MS = 2000;
/** Default fraction of results (after each worker's first) replayed locally. */
export const DEFAULT_VERIFY = 0.02;
/** Default seconds the coordinator waits for a lost Redis before failing the run. */
export const DEFAULT_REDIS_WAIT_SECONDS = 120;

/** Checks that Redis answers within a few seconds; a clear input error (exit 2) otherwise. */
export async function checkReachable(target: RedisTarget): Promise<void> {
  const client = new Redis({
    ...connectionOptions(target),
    db: 0,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The connection's own error (e.g. a wrong password) says more than the closed connection that follows it.
  let cause: string | undefined;
  client.on('error', (error: Error) => (cause ??= error.message));
  try {
    await client.connect();
    await client.ping();
    // A database the server does not have is refused here rather than silently replaced by 0.
    if (target.db !== 0) {
      await client.select(target.db).catch((error: Error) => {
        throw new InputError('backend', `Redis at ${target.redacted} has no database ${target.db} (${error.message})`);
      });
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      'backend',
      `cannot reach Redis at ${target.redacted} (${cause ?? ((error as Error).message || String(error))})`,
    );
  } finally {
    client.disconnect();
  }
}

export const jobIdOf = (task: ShardTask): string =>
  `${runIdOf(task.plan, packageInfo().version)}-${task.start}-${task.end}`;

export interface RedisBackendOptions {
  queue?: string;
  /** Shards enqueued ahead of the results (default 64). */
  inFlight?: number;
  log?: (line: string) => void;
  /** Fraction of results replayed locally besides every worker's first (default `DEFAULT_VERIFY`). */
  verify?: number;
  /** Seconds to wait for a Redis that stopped answering before the run fails. */
  redisWaitSeconds?: number;
}

interface Waiter {
  task: ShardTask;
  resolve(result: ShardResult): void;
  reject(error: Error): void;
  rejected: number;
  settling: boolean;
}

/** `promise`, or `undefined` when it takes longer than `ms`. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });

export async function redisBackend(target: RedisTarget, options: RedisBackendOptions = {}): Promise<Backend> {
  await checkReachable(target);
  const name = options.queue ?? DEFAULT_QUEUE;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const connection = connectionOptions(target);
  const code = codeIdentity().hash;
  const queue = new Queue<ShardTask, WireResult>(shardQueue(name, code), { connection });
  const events = new QueueEvents(shardQueue(name, code), { connection });
  await events.waitUntilReady();
  // Connection errors while Redis is away are reported by the waiting line below, not one per retry.
  queue.on('error', () => {});
  events.on('error', () => {});
  const waiting = new Map<string, Waiter>();
  const inFlight = options.inFlight ?? 64;

  // Replays run on a thread of their own: on this one they would hold up the answers from Redis (a
  // game of a search agent takes seconds), and a coordinator deaf that long took Redis for lost.
  const replays = poolBackend(1);
  const verifier = new ResultVerifier(options.verify ?? DEFAULT_VERIFY, replays, log);

  /** Takes a finished job's result once: checked, verified when sampled, then handed to the runner, or sent back. */
  const settle = async (jobId: string, returnvalue: unknown) => {
    const waiter = waiting.get(jobId);
    if (!waiter || waiter.settling) return;
    // No result to read (Redis away, or a job object without its stored result): not a bad result;
    // the periodic check reads it again.
    if (returnvalue === undefined || returnvalue === null) return;
    waiter.settling = true;
    let wire: WireResult | undefined;
    let result: ShardResult | undefined;
    let problem: string | null;
    try {
      wire = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as WireResult;
      result = fromWire(wire, `job ${jobId}`);
      problem = malformedShardResult(waiter.task, result);
      if (problem === null && wire.code !== code) {
        problem = `it was played by code ${wire.code === undefined ? '(no hash)' : shortCode(String(wire.code))}, not this run's ${shortCode(code)}`;
      }
    } catch (error) {
      problem = (error as Error).message;
    }
    if (problem === null) {
      waiting.delete(jobId);
      try {
        waiter.resolve(await verifier.check(jobId, waiter.task, result!, String(wire!.worker ?? 'an unnamed worker')));
      } catch (error) {
        waiter.reject(error as Error);
      }
      return;
    }
    waiting.delete(jobId);
    const from = wire && typeof wire === 'object' && wire.worker ? ` from ${String(wire.worker)}` : '';
    if (++waiter.rejected > MALFORMED_RETRIES) {
      waiter.reject(
        new Error(`shard ${jobId}: ${waiter.rejected} malformed results in a row (last${from}: ${problem})`),
      );
      return;
    }
    log(`carclab: rejected the result of shard ${jobId}${from}: ${problem}; enqueueing it again`);
    const job = await queue.getJob(jobId);
    await job?.remove();
    waiter.settling = false;
    enqueue(waiter.task, waiter);
  };

  events.on('completed', ({ jobId, returnvalue }) => void settle(jobId, returnvalue));
  // Workers of other code listen on their own code's queue: named here once each, and a run that
  // no worker of its code serves says so rather than sitting silent at 0 games.
  const otherCode = new Set<string>();
  let unservedSince: number | undefined;
  let noWorkerSaid = false;
  const presence = announcePresence(target, {
    queue: name,
    role: 'run',
    name: `${hostname()} pid ${process.pid}`,
    code,
    onPeers: (workers) => {
      for (const worker of workers) {
        if (worker.code === shortCode(code) || otherCode.has(worker.name)) continue;
        otherCode.add(worker.name);
        log(
          `carclab: worker ${worker.name} runs other code (${worker.code}, this run's is ${shortCode(code)}) and does not play this run's shards; update it or stop it`,
        );
      }
      if (workers.some((worker) => worker.code === shortCode(code)) || waiting.size === 0) {
        unservedSince = undefined;
        noWorkerSaid = false;
        return;
      }
      // Said only after a while: after an outage, workers announce themselves again within seconds.
      unservedSince ??= Date.now();
      if (!noWorkerSaid && Date.now() - unservedSince >= PRESENCE_EXPIRES_MS) {
        noWorkerSaid = true;
        log(
          `carclab: no worker of this run's code (${shortCode(code)}) takes shards from queue ${name}; the shards wait until one starts`,
        );
      }
    },
  });
  events.on('failed', ({ jobId, failedReason }) => {
    const waiter = waiting.get(jobId);
    if (!waiter) return;
    void queue.getJob(jobId).then(async (job) => {
      // A failed attempt with attempts left goes back to waiting; only the last one fails the run.
      if (job && (await job.getState()) === 'failed') {
        waiting.delete(jobId);
        waiter.reject(new Error(`shard ${jobId} failed ${job.attemptsMade} times: ${failedReason}`));
      }
    });
  });

  const enqueue = (task: ShardTask, waiter: Waiter) => {
    const jobId = jobIdOf(task);
    waiting.set(jobId, waiter);
    void (async () => {
      const job = await queue.add('shard', task, {
        jobId,
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      // Enqueued before (an earlier session of this run, or a shard played again): it may be finished
      // already. The job `add` returns for an existing id lacks its result: read the stored job.
      const state = await job.getState();
      if (state === 'completed') await settle(jobId, (await queue.getJob(jobId))?.returnvalue);
      else if (state === 'failed') await job.retry();
    })().catch((error: unknown) => {
      waiting.delete(jobId);
      waiter.reject(error as Error);
    });
  };

  // Every few seconds: the state of each job waited for (a missed event, a Redis that came back empty).
  const waitLimit = (options.redisWaitSeconds ?? DEFAULT_REDIS_WAIT_SECONDS) * 1000;
  let lostSince: number | undefined;
  let lastNotice = 0;
  const reconcile = async () => {
    for (const [jobId, waiter] of [...waiting]) {
      if (waiter.settling) continue;
      const job = await queue.getJob(jobId);
      if (!job) {
        enqueue(waiter.task, waiter); // gone (Redis restarted without its data): enqueue it again
        continue;
      }
      // Not awaited: a result sampled for verification is replayed here, which takes its time.
      if ((await job.getState()) === 'completed') void settle(jobId, job.returnvalue);
    }
  };
  // Its own client, failing fast, so a question while Redis is away does not wait for it.
  const pinger = new Redis({
    ...connection,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: RECONCILE_MS,
  });
  pinger.on('error', () => {});
  let reconciling = false;
  let stopped = false;
  const watch = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, RECONCILE_MS).unref());
      if (stopped || waiting.size === 0) continue;
      // Whether Redis answers is one round trip: the check of every job in flight takes longer with
      // many in flight, a distant server or a coordinator busy replaying, and must not count as silence.
      const answered = await pinger.ping().then(
        () => true,
        () => false,
      );
      if (answered && !reconciling) {
        reconciling = true;
        // A check caught by a Redis that went away mid-way is given up, so the next one can start.
        void within(reconcile(), 10 * RECONCILE_MS)
          .catch(() => {})
          .finally(() => (reconciling = false));
      }
      const now = Date.now();
      if (answered) {
        if (lostSince !== undefined)
          log(
            `carclab: Redis at ${target.redacted} answers again after ${Math.round((now - lostSince) / 1000)} s; checking the shards in flight`,
          );
        lostSince = undefined;
        continue;
      }
      lostSince ??= now - RECONCILE_MS;
      if (now - lastNotice >= 10_000) {
        lastNotice = now;
        log(
          `carclab: waiting for Redis at ${target.redacted}: no answer for ${Math.round((now - lostSince) / 1000)} s (the run stops after ${waitLimit / 1000} s; finished shards are kept)`,
        );
      }
      if (now - lostSince >= waitLimit) {
        const error = new RunFailure(
          `Redis at ${target.redacted} did not answer for ${waitLimit / 1000} s; the finished shards are kept: run the same command to resume`,
        );
        for (const [jobId, waiter] of [...waiting]) {
          waiting.delete(jobId);
          waiter.reject(error);
        }
        lostSince = undefined;
      }
    }
  })();

  return {
    name: `redis ${target.redacted} queue ${name}`,
    concurrency: 0,
    inFlight,
    // The live game count stays here: workers elsewhere cannot add to it (and it is no part of a job).
    run: ({ gamesPlayed: _live, ...task }, signal) =>
      new Promise<ShardResult>((resolve, reject) => {
        // Stopping the coordinator leaves the job in Redis: workers finish it and a resumed run collects it.
        const abandon = () => {
          const jobId = jobIdOf(task);
          if (waiting.delete(jobId)) reject(new ShardAbandoned(`shard ${jobId}`));
        };
        // The listener goes when the job settles, so a long run does not pile one up per shard on its signal.
        const settled = () => signal?.removeEventListener('abort', abandon);
        // One listener per shard in flight (64 by default): more than the default limit of 10, and no leak.
        if (signal && getMaxListeners(signal) < inFlight + 1) setMaxListeners(inFlight + 1, signal);
        enqueue(task, {
          task,
          resolve: (result) => {
            settled();
            resolve(result);
          },
          reject: (error) => {
            settled();
            reject(error);
          },
          rejected: 0,
          settling: false,
        });
        signal?.addEventListener('abort', abandon, { once: true });
      }),
    faultyWorkers: () => verifier.faulty(),
    verification: (plan) => verifier.report(plan),
    close: async () => {
      stopped = true;
      await Promise.all([watch, presence.stop(), replays.close()]);
      pinger.disconnect();
      // A Redis that does not answer must not keep the process alive: give up after a few seconds.
      const closed = await within(
        Promise.all([events.close(), queue.close()]).then(() => true),
        3000,
      );
      if (!closed) {
        void events.disconnect().catch(() => {});
        void queue.disconnect().catch(() => {});
      }
    },
  };
}
