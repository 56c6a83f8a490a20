/**
 * A queue worker (`carclab worker --redis …`): takes shard jobs from Redis and plays them in its own
 * piscina pool, so the event loop stays free to renew job locks however long a shard takes.
 */
import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { poolBackend } from '../pool.ts';
import type { ShardTask } from '../shard.ts';
import { checkReachable, DEFAULT_QUEUE } from './backend.ts';
import { connectionOptions } from './url.ts';
import type { RedisTarget } from './url.ts';
import { toWire } from './wire.ts';
import type { WireResult } from './wire.ts';

export interface QueueWorkerOptions {
  threads: number;
  queue?: string;
  /** How long a job's lock lives without renewal; a dead worker's job is retried after this. */
  lockSeconds: number;
  log?: (line: string) => void;
}

export interface QueueWorker {
  /** Finishes the running shards, then stops. */
  close(): Promise<void>;
}

export async function startQueueWorker(target: RedisTarget, options: QueueWorkerOptions): Promise<QueueWorker> {
  await checkReachable(target);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const pool = poolBackend(options.threads);
  const lock = options.lockSeconds * 1000;
  const worker = new Worker<ShardTask, WireResult>(options.queue ?? DEFAULT_QUEUE, async (job: Job<ShardTask>) => {
    const t0 = performance.now();
    const result = await pool.run(job.data);
    log(`carclab worker: shard ${job.id}: ${result.aggregate.games} games in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return toWire(job.data, result);
  }, {
    connection: connectionOptions(target), concurrency: options.threads,
    lockDuration: lock, stalledInterval: lock, maxStalledCount: 5,
  });
  worker.on('failed', (job, error) => log(`carclab worker: shard ${job?.id ?? '?'} failed: ${error.message}`));
  worker.on('error', (error) => log(`carclab worker: ${error.message}`));
  await worker.waitUntilReady();
  log(`carclab worker: ${options.threads} thread${options.threads === 1 ? '' : 's'} taking shards from ${target.redacted} queue ${options.queue ?? DEFAULT_QUEUE}`);
  return {
    close: async () => {
      await worker.close();
      await pool.close();
    },
  };
}
