/**
 * The distributed backend (docs/architecture.md §9): the same shards as BullMQ jobs on a Redis
 * server. The coordinator (`carclab run --backend redis://…`) enqueues a run's shards on the queue
 * of its code (`presence.ts`: workers of other code never take them, and are named) with
 * deterministic job ids (run id + deal range; `jobs.ts`), so enqueueing again is idempotent and a resumed run
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
 * Lost Redis (`watch.ts`): every few seconds the coordinator asks for the state of the jobs it waits for (so a
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
import { RunFailure } from '../files.ts';
import { poolBackend, ShardAbandoned } from '../pool.ts';
import type { Backend } from '../pool.ts';
import type { ShardResult, ShardTask } from '../../sim/shard.ts';
import { jobIdOf, ShardJobs } from './jobs.ts';
import { announcePresence, PRESENCE_EXPIRES_MS, shardQueue } from './presence.ts';
import type { Peer } from './presence.ts';
import { connectionOptions } from './url.ts';
import type { RedisTarget } from './url.ts';
import { ResultVerifier } from './verify.ts';
import { watchRedis, within } from './watch.ts';
import type { WireResult } from './wire.ts';

export const DEFAULT_QUEUE = 'carclab-shards';
const CONNECT_TIMEOUT_MS = 3000;
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

export async function redisBackend(target: RedisTarget, options: RedisBackendOptions = {}): Promise<Backend> {
  await checkReachable(target);
  const name = options.queue ?? DEFAULT_QUEUE;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const connection = connectionOptions(target);
  const code = codeIdentity().hash;
  const queue = new Queue<ShardTask, WireResult>(shardQueue(name, code), { connection });
  const events = new QueueEvents(shardQueue(name, code), { connection });
  // Connection errors while Redis is away are reported by the waiting line of `watch.ts`, not one per
  // retry. Attached before the first wait, so that errors while connecting have their listener too.
  queue.on('error', () => {});
  events.on('error', () => {});
  const waitLimitMs = (options.redisWaitSeconds ?? DEFAULT_REDIS_WAIT_SECONDS) * 1000;
  // A Redis that goes away between the check above and here is waited for as during a run, not forever.
  const ready = await within(
    events.waitUntilReady().then(() => true),
    waitLimitMs,
  );
  if (!ready) {
    await closeQueue(events, queue);
    throw new RunFailure(
      `Redis at ${target.redacted} answered, then did not answer for ${waitLimitMs / 1000} s as the run started; nothing was played: run the same command again`,
    );
  }
  const inFlight = options.inFlight ?? 64;

  // Replays run on a thread of their own: on this one they would hold up the answers from Redis (a
  // game of a search agent takes seconds), and a coordinator deaf that long took Redis for lost.
  const replays = poolBackend(1);
  const verifier = new ResultVerifier(options.verify ?? DEFAULT_VERIFY, replays, log);
  const jobs = new ShardJobs(queue, code, verifier, log);
  events.on('completed', ({ jobId, returnvalue }) => void jobs.settle(jobId, returnvalue));
  events.on('failed', ({ jobId, failedReason }) => jobs.failed(jobId, failedReason));
  const presence = announcePresence(target, {
    queue: name,
    role: 'run',
    name: `${hostname()} pid ${process.pid}`,
    code,
    onPeers: peerWatch(name, code, jobs, log),
  });
  const watch = watchRedis(target, connection, waitLimitMs, jobs, log);

  return {
    name: `redis ${target.redacted} queue ${name}`,
    concurrency: 0,
    inFlight,
    // The live game count stays here: workers elsewhere cannot add to it (and it is no part of a job).
    run: ({ gamesPlayed: _live, ...task }, signal) => waitForShard(jobs, task, inFlight, signal),
    faultyWorkers: () => verifier.faulty(),
    verification: (plan) => verifier.report(plan),
    close: async () => {
      await Promise.all([watch.stop(), presence.stop(), replays.close()]);
      await closeQueue(events, queue);
    },
  };
}

/** Closes the queue's connections, given up after a few seconds: a Redis that does not answer must not keep the process alive. */
async function closeQueue(events: QueueEvents, queue: Queue): Promise<void> {
  const closed = await within(
    Promise.all([events.close(), queue.close()]).then(() => true),
    3000,
  );
  if (!closed) {
    void events.disconnect().catch(() => {});
    void queue.disconnect().catch(() => {});
  }
}

/**
 * What the coordinator makes of the workers present: workers of other code listen on their own
 * code's queue, so each is named here once, and a run that no worker of its code serves says so
 * rather than sitting silent at 0 games.
 */
function peerWatch(
  name: string,
  code: string,
  jobs: ShardJobs,
  log: (line: string) => void,
): (workers: readonly Peer[]) => void {
  const otherCode = new Set<string>();
  let unservedSince: number | undefined;
  let noWorkerSaid = false;
  return (workers) => {
    for (const worker of workers) {
      if (worker.code === shortCode(code) || otherCode.has(worker.name)) continue;
      otherCode.add(worker.name);
      log(
        `carclab: worker ${worker.name} runs other code (${worker.code}, this run's is ${shortCode(code)}) and does not play this run's shards; update it or stop it`,
      );
    }
    if (workers.some((worker) => worker.code === shortCode(code)) || jobs.waiting.size === 0) {
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
  };
}

/** Enqueues one shard and waits for its result; a stop (`signal`) abandons the wait, not the job. */
function waitForShard(jobs: ShardJobs, task: ShardTask, inFlight: number, signal?: AbortSignal): Promise<ShardResult> {
  return new Promise<ShardResult>((resolve, reject) => {
    // Stopping the coordinator leaves the job in Redis: workers finish it and a resumed run collects it.
    const abandon = () => {
      const jobId = jobIdOf(task);
      if (jobs.waiting.delete(jobId)) reject(new ShardAbandoned(`shard ${jobId}`));
    };
    // The listener goes when the job settles, so a long run does not pile one up per shard on its signal.
    const settled = () => signal?.removeEventListener('abort', abandon);
    // One listener per shard in flight (64 by default): more than the default limit of 10, and no leak.
    if (signal && getMaxListeners(signal) < inFlight + 1) setMaxListeners(inFlight + 1, signal);
    jobs.enqueue(task, {
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
  });
}
