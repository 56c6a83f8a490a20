/**
 * The shards a coordinator waits for, as jobs on the queue of its code (`backend.ts`): enqueued with
 * deterministic ids (run id + deal range), so enqueueing again is idempotent and a job finished in an
 * earlier session is collected; each result taken once (checked, verified when sampled, then handed
 * to the runner) or sent back when malformed; the last failed attempt of a job fails its shard.
 */
import type { Queue } from 'bullmq';
import { shortCode } from '../code.ts';
import { packageInfo } from '../files.ts';
import { runIdOf } from '../run-dir.ts';
import type { ShardResult, ShardTask } from '../../sim/shard.ts';
import { malformedShardResult } from '../../sim/validate.ts';
import type { ResultVerifier } from './verify.ts';
import { fromWire } from './wire.ts';
import type { WireResult } from './wire.ts';

/** Attempts per job before the run fails (a worker crash or a thrown error each use one). */
export const JOB_ATTEMPTS = 5;
/** Times a malformed result is sent back before the run fails. */
export const MALFORMED_RETRIES = 3;

export const jobIdOf = (task: ShardTask): string =>
  `${runIdOf(task.plan, packageInfo().version)}-${task.start}-${task.end}`;

/** A shard the runner waits for: how to answer it, and how often its result came back malformed. */
export interface Waiter {
  task: ShardTask;
  resolve(result: ShardResult): void;
  reject(error: Error): void;
  rejected: number;
  settling: boolean;
}

/** A job's stored result read back: the result, or the problem that makes it unusable. */
interface ReadResult {
  wire?: WireResult;
  result?: ShardResult;
  problem: string | null;
}

/** Reads a finished job's result and judges it: well-formed for its task, and played by this code. */
function readResult(jobId: string, task: ShardTask, returnvalue: unknown, code: string): ReadResult {
  let wire: WireResult | undefined;
  try {
    wire = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as WireResult;
    const result = fromWire(wire, `job ${jobId}`);
    let problem = malformedShardResult(task, result);
    if (problem === null && wire.code !== code) {
      problem = `it was played by code ${wire.code === undefined ? '(no hash)' : shortCode(String(wire.code))}, not this run's ${shortCode(code)}`;
    }
    return { wire, result, problem };
  } catch (error) {
    return { wire, problem: (error as Error).message };
  }
}

export class ShardJobs {
  /** The shards waited for, by job id. */
  readonly waiting = new Map<string, Waiter>();

  constructor(
    private readonly queue: Queue<ShardTask, WireResult>,
    /** This run's code hash: a result played by other code is sent back. */
    private readonly code: string,
    private readonly verifier: ResultVerifier,
    private readonly log: (line: string) => void,
  ) {}

  /** Puts a shard on the queue (again) and waits for it; a job finished meanwhile is settled at once. */
  enqueue(task: ShardTask, waiter: Waiter): void {
    const jobId = jobIdOf(task);
    this.waiting.set(jobId, waiter);
    void (async () => {
      const job = await this.queue.add('shard', task, {
        jobId,
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      // Enqueued before (an earlier session of this run, or a shard played again): it may be finished
      // already. The job `add` returns for an existing id lacks its result: read the stored job.
      const state = await job.getState();
      if (state === 'completed') await this.settle(jobId, (await this.queue.getJob(jobId))?.returnvalue);
      else if (state === 'failed') await job.retry();
    })().catch((error: unknown) => {
      this.waiting.delete(jobId);
      waiter.reject(error as Error);
    });
  }

  /** Takes a finished job's result once: checked, verified when sampled, then handed to the runner, or sent back. */
  async settle(jobId: string, returnvalue: unknown): Promise<void> {
    const waiter = this.waiting.get(jobId);
    if (!waiter || waiter.settling) return;
    // No result to read (Redis away, or a job object without its stored result): not a bad result;
    // the periodic check reads it again.
    if (returnvalue === undefined || returnvalue === null) return;
    waiter.settling = true;
    const { wire, result, problem } = readResult(jobId, waiter.task, returnvalue, this.code);
    this.waiting.delete(jobId);
    if (problem === null) {
      try {
        waiter.resolve(
          await this.verifier.check(jobId, waiter.task, result!, String(wire!.worker ?? 'an unnamed worker')),
        );
      } catch (error) {
        waiter.reject(error as Error);
      }
      return;
    }
    await this.sendBack(jobId, waiter, wire, problem);
  }

  /** A malformed result: the shard is enqueued again, or fails the run after `MALFORMED_RETRIES` in a row. */
  private async sendBack(jobId: string, waiter: Waiter, wire: WireResult | undefined, problem: string): Promise<void> {
    const from = wire && typeof wire === 'object' && wire.worker ? ` from ${String(wire.worker)}` : '';
    if (++waiter.rejected > MALFORMED_RETRIES) {
      waiter.reject(
        new Error(`shard ${jobId}: ${waiter.rejected} malformed results in a row (last${from}: ${problem})`),
      );
      return;
    }
    this.log(`carclab: rejected the result of shard ${jobId}${from}: ${problem}; enqueueing it again`);
    const job = await this.queue.getJob(jobId);
    await job?.remove();
    waiter.settling = false;
    this.enqueue(waiter.task, waiter);
  }

  /** A failed attempt: with attempts left the job goes back to waiting; only the last one fails the run. */
  failed(jobId: string, failedReason: string): void {
    const waiter = this.waiting.get(jobId);
    if (!waiter) return;
    void this.queue.getJob(jobId).then(async (job) => {
      if (job && (await job.getState()) === 'failed') {
        this.waiting.delete(jobId);
        waiter.reject(new Error(`shard ${jobId} failed ${job.attemptsMade} times: ${failedReason}`));
      }
    });
  }

  /** The state of each job waited for: a missed event is caught up, a job Redis lost is enqueued again. */
  async reconcile(): Promise<void> {
    for (const [jobId, waiter] of [...this.waiting]) {
      if (waiter.settling) continue;
      const job = await this.queue.getJob(jobId);
      if (!job) {
        this.enqueue(waiter.task, waiter); // gone (Redis restarted without its data): enqueue it again
        continue;
      }
      // Not awaited: a result sampled for verification is replayed here, which takes its time.
      if ((await job.getState()) === 'completed') void this.settle(jobId, job.returnvalue);
    }
  }

  /** Fails every shard waited for with `error`. */
  rejectAll(error: Error): void {
    for (const [jobId, waiter] of [...this.waiting]) {
      this.waiting.delete(jobId);
      waiter.reject(error);
    }
  }
}
