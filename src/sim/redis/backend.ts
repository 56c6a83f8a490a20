/**
 * The distributed backend (`DESIGN.md` "Distributed runs"): the same shards as BullMQ jobs on a Redis
 * server. The coordinator (`carclab run --backend redis://…`) enqueues a run's shards with
 * deterministic job ids (run id + deal range), so enqueueing again is idempotent and a resumed run
 * picks up results that finished meanwhile; `carclab worker --redis redis://…` processes them on any
 * machine in its own piscina pool, so the event loop stays free to renew job locks. A worker that dies
 * mid-shard loses its lock and the job is retried elsewhere; each shard counts once because the
 * coordinator takes one result per job id. A result that is not a well-formed aggregate of exactly
 * the task's deals is rejected with the reason logged and the shard is enqueued again.
 */
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { InputError } from '../../engine/index.ts';
import { packageInfo } from '../files.ts';
import { runIdOf } from '../plan.ts';
import { ShardAbandoned } from '../pool.ts';
import type { Backend } from '../pool.ts';
import type { ShardResult, ShardTask } from '../shard.ts';
import { malformedShardResult } from '../validate.ts';
import { connectionOptions } from './url.ts';
import type { RedisTarget } from './url.ts';
import { fromWire } from './wire.ts';
import type { WireResult } from './wire.ts';

export const DEFAULT_QUEUE = 'carclab-shards';
/** Attempts per job before the run fails (a worker crash or a thrown error each use one). */
export const JOB_ATTEMPTS = 5;
/** Times a malformed result is sent back before the run fails. */
export const MALFORMED_RETRIES = 3;
const CONNECT_TIMEOUT_MS = 3000;

/** Checks that Redis answers within a few seconds; a clear input error (exit 2) otherwise. */
export async function checkReachable(target: RedisTarget): Promise<void> {
  const client = new Redis({
    ...connectionOptions(target), lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false,
  });
  // The connection's own error (e.g. a wrong password) says more than the closed connection that follows it.
  let cause: string | undefined;
  client.on('error', (error: Error) => (cause ??= error.message));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new InputError('backend', `cannot reach Redis at ${target.redacted} (${cause ?? ((error as Error).message || String(error))})`);
  } finally {
    client.disconnect();
  }
}

export const jobIdOf = (task: ShardTask): string => `${runIdOf(task.plan, packageInfo().version)}-${task.start}-${task.end}`;

export interface RedisBackendOptions {
  queue?: string;
  /** Shards enqueued ahead of the results (default 64). */
  inFlight?: number;
  log?: (line: string) => void;
}

interface Waiter { task: ShardTask; resolve(result: ShardResult): void; reject(error: Error): void; rejected: number }

export async function redisBackend(target: RedisTarget, options: RedisBackendOptions = {}): Promise<Backend> {
  await checkReachable(target);
  const name = options.queue ?? DEFAULT_QUEUE;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const connection = connectionOptions(target);
  const queue = new Queue<ShardTask, WireResult>(name, { connection });
  const events = new QueueEvents(name, { connection });
  await events.waitUntilReady();
  const waiting = new Map<string, Waiter>();

  /** Takes a finished job's result once: checked, then handed to the runner, or sent back. */
  const settle = async (jobId: string, returnvalue: unknown) => {
    const waiter = waiting.get(jobId);
    if (!waiter) return;
    const wire = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as WireResult;
    let result: ShardResult | undefined;
    let problem: string | null;
    try {
      result = fromWire(wire, `job ${jobId}`);
      problem = malformedShardResult(waiter.task, result);
    } catch (error) {
      problem = (error as Error).message;
    }
    if (problem === null) {
      waiting.delete(jobId);
      waiter.resolve(result!);
      return;
    }
    waiting.delete(jobId);
    if (++waiter.rejected > MALFORMED_RETRIES) {
      waiter.reject(new Error(`shard ${jobId}: ${waiter.rejected} malformed results in a row (last: ${problem})`));
      return;
    }
    log(`carclab: rejected the result of shard ${jobId}: ${problem}; enqueueing it again`);
    const job = await queue.getJob(jobId);
    await job?.remove();
    enqueue(waiter.task, waiter);
  };

  events.on('completed', ({ jobId, returnvalue }) => void settle(jobId, returnvalue));
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
        jobId, attempts: JOB_ATTEMPTS, backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
      });
      // Enqueued before (an earlier session of this run): it may be finished already.
      const state = await job.getState();
      if (state === 'completed') await settle(jobId, job.returnvalue);
      else if (state === 'failed') await job.retry();
    })().catch((error: unknown) => {
      waiting.delete(jobId);
      waiter.reject(error as Error);
    });
  };

  return {
    name: `redis ${target.redacted} queue ${name}`,
    concurrency: 0,
    inFlight: options.inFlight ?? 64,
    run: (task, signal) => new Promise<ShardResult>((resolve, reject) => {
      enqueue(task, { task, resolve, reject, rejected: 0 });
      // Stopping the coordinator leaves the job in Redis: workers finish it and a resumed run collects it.
      signal?.addEventListener('abort', () => {
        const jobId = jobIdOf(task);
        if (waiting.delete(jobId)) reject(new ShardAbandoned(`shard ${jobId}`));
      }, { once: true });
    }),
    close: async () => {
      await events.close();
      await queue.close();
    },
  };
}
