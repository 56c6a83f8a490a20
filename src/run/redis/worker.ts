/**
 * A queue worker (`carclab worker --redis …`): takes shard jobs from Redis and plays them in its own
 * piscina pool, so the event loop stays free to renew job locks however long a shard takes. It
 * listens only on the queue of this checkout's code (`presence.ts`), so it never takes a shard of
 * other code; it names runs of other code that wait on the same queue. Every result carries this
 * code's hash and the worker's name (host and PID).
 */
import { hostname } from 'node:os';
import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { codeIdentity, shortCode } from '../code.ts';
import { poolBackend } from '../pool.ts';
import type { Backend } from '../pool.ts';
import { checkReachable, DEFAULT_QUEUE } from './backend.ts';
import { announcePresence, shardQueue } from './presence.ts';
import type { Peer } from './presence.ts';
import { connectionOptions } from './url.ts';
import type { RedisTarget } from './url.ts';
import { toWire } from './wire.ts';
import type { WireResult } from './wire.ts';
import type { ShardTask } from '../../sim/shard.ts';

/** The same error is logged again only after this long. */
const ERROR_REPEAT_MS = 60_000;
/** How long stopping may wait for the running shards (and a Redis that is gone) before abandoning them. */
const CLOSE_TIMEOUT_MS = 10_000;

export interface QueueWorkerOptions {
  threads: number;
  queue?: string;
  /** How long a job's lock lives without renewal; a dead worker's job is retried after this. */
  lockSeconds: number;
  log?: (line: string) => void;
}

export interface QueueWorker {
  /**
   * Finishes the running shards, then stops; after `CLOSE_TIMEOUT_MS` (or when Redis is gone) it
   * abandons them instead: their locks expire and other workers play them.
   */
  close(): Promise<void>;
}

export async function startQueueWorker(target: RedisTarget, options: QueueWorkerOptions): Promise<QueueWorker> {
  await checkReachable(target);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const pool = poolBackend(options.threads);
  const lock = options.lockSeconds * 1000;
  const code = codeIdentity().hash;
  const me = `${hostname()} pid ${process.pid}`;
  const queue = options.queue ?? DEFAULT_QUEUE;
  const worker = new Worker<ShardTask, WireResult>(
    shardQueue(queue, code),
    async (job: Job<ShardTask>) => {
      const task = job.data;
      const t0 = performance.now();
      const result = await pool.run(task);
      log(
        `carclab worker: shard ${job.id}: ${result.aggregate.games} games in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      return toWire(task, result, code, me);
    },
    {
      connection: connectionOptions(target),
      concurrency: options.threads,
      lockDuration: lock,
      stalledInterval: lock,
      maxStalledCount: 5,
    },
  );
  worker.on('failed', (job, error) => log(`carclab worker: shard ${job?.id ?? '?'} failed: ${error.message}`));
  worker.on('error', errorSayer(log));
  await worker.waitUntilReady();
  const presence = announcePresence(target, {
    queue,
    role: 'worker',
    name: me,
    code,
    onPeers: otherCodeRuns(queue, code, log),
  });
  log(
    `carclab worker: ${options.threads} thread${options.threads === 1 ? '' : 's'} taking shards from ${target.redacted} queue ${queue} (code ${shortCode(code)})`,
  );
  return { close: () => closeWorker(worker, presence, pool, log) };
}

/** Logs a worker's errors, the same one again only after `ERROR_REPEAT_MS`. */
function errorSayer(log: (line: string) => void): (error: Error) => void {
  // While Redis is away the same connection error comes at every retry (about once a second): said once a minute.
  const said = new Map<string, number>();
  return (error) => {
    const last = said.get(error.message);
    if (last !== undefined && Date.now() - last < ERROR_REPEAT_MS) return;
    said.set(error.message, Date.now());
    log(`carclab worker: ${error.message}${last === undefined ? '' : ' (still)'}`);
  };
}

/** Names, once each, the runs of other code that wait on the same queue. */
function otherCodeRuns(queue: string, code: string, log: (line: string) => void): (runs: readonly Peer[]) => void {
  const named = new Set<string>();
  return (runs) => {
    for (const run of runs) {
      if (run.code === shortCode(code) || named.has(run.name)) continue;
      named.add(run.name);
      log(
        `carclab worker: the run of ${run.name} on queue ${queue} is for code ${run.code}, this checkout is ${shortCode(code)} (update one of them); its shards are left to workers of that code`,
      );
    }
  };
}

/** `QueueWorker.close`: the running shards finish, or are abandoned after `CLOSE_TIMEOUT_MS`. */
async function closeWorker(
  worker: Worker<ShardTask, WireResult>,
  presence: { stop(): Promise<void> },
  pool: Backend,
  log: (line: string) => void,
): Promise<void> {
  await presence.stop();
  const finished = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
    worker.close().then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
  if (!finished) {
    log(
      'carclab worker: the running shards did not finish in time (or Redis is gone); abandoning them, other workers will play them',
    );
    void worker.close(true).catch(() => {});
    void worker.disconnect().catch(() => {});
  }
  await pool.close();
}
