/**
 * Verifying queue workers by replay. A shard's result depends only on the task, so the coordinator
 * can play a shard itself and compare: any difference proves the worker faulty (modified code, bad
 * memory). The first result of every worker is replayed, then a deterministic sample (`fraction`
 * of the job ids); a worker caught once is banned: the replay replaces that result, and every later
 * result of the worker is replaced by a replay too. Plans whose agents are not reproducible (time
 * budgets) cannot be checked this way; they are accepted with one notice. A fraction of 0 turns
 * verification off.
 */
import { createHash } from 'node:crypto';
import { armSetups } from '../../sim/plan.ts';
import type { Backend } from '../pool.ts';
import type { ShardResult, ShardTask } from '../../sim/shard.ts';

export class ResultVerifier {
  private readonly trusted = new Set<string>();
  private readonly banned = new Set<string>();
  private noticed = false;

  constructor(private readonly fraction: number, private readonly replay: Backend, private readonly log: (line: string) => void) {}

  /** The result to accept for `jobId`: the worker's when it passes (or is not sampled), else the local replay. */
  async check(jobId: string, task: ShardTask, result: ShardResult, worker: string): Promise<ShardResult> {
    if (this.fraction === 0) return result; // --verify 0: verification off
    if (!armSetups(task.plan).every((s) => s.agents.every((a) => a.reproducible))) {
      if (!this.noticed) this.log('carclab: results are not verified: an agent has a time budget, so a replay need not give the same games');
      this.noticed = true;
      return result;
    }
    if (this.banned.has(worker)) {
      this.log(`carclab: shard ${jobId} came from ${worker}, found faulty before; its result is discarded and the shard replayed here`);
      return this.replay.run(task);
    }
    if (this.trusted.has(worker) && !sampled(jobId, this.fraction)) return result;
    const replayed = await this.replay.run(task);
    const difference = firstDifference(replayed, result);
    if (difference === null) {
      this.trusted.add(worker);
      return result;
    }
    this.banned.add(worker);
    this.trusted.delete(worker);
    this.log(`carclab: worker ${worker} is faulty: its result of shard ${jobId} differs from the replay here (${difference}); its results are discarded and its shards replayed here`);
    return replayed;
  }
}

/** Whether a job id falls in the sample: a fixed hash of the id below `fraction`. */
export function sampled(jobId: string, fraction: number): boolean {
  const h = createHash('sha256').update(jobId).digest().readUInt32BE(0);
  return h / 2 ** 32 < fraction;
}

function firstDifference(expected: ShardResult, actual: ShardResult): string | null {
  if (JSON.stringify(expected.aggregate) !== JSON.stringify(actual.aggregate)) return 'the aggregate';
  for (const [name, column] of Object.entries(expected.columns ?? {})) {
    const other = actual.columns?.[name];
    if (!other || Buffer.compare(Buffer.from(column.buffer, column.byteOffset, column.byteLength), Buffer.from(other.buffer, other.byteOffset, other.byteLength)) !== 0) return `the kept games' column ${name}`;
  }
  return null;
}
