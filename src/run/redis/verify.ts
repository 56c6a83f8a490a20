/**
 * Verifying queue workers by replay. A shard's result depends only on the task, so the coordinator
 * can play a shard itself and compare: any difference proves the worker faulty (modified code, bad
 * memory). A worker's results are judged in the order they came, each after the replays of its
 * earlier ones, so none is taken that a pending replay would throw out. Each worker's early results
 * are sampled densely (its first `ALWAYS_VERIFIED` always, its n-th with probability
 * `EARLY_WEIGHT / n`), later ones at `fraction` (a sample of the job ids salted with a secret of this
 * process, so a worker cannot know which results are checked): a worker that turns faulty is caught
 * soon, whatever the run's length. A worker caught once is faulty for good: the replay replaces that
 * result, every later result of the worker is replaced by a replay, and `faulty()` names it so the
 * runner plays again every shard it delivered before (`runner.ts`). Plans whose agents are not
 * reproducible (time budgets) cannot be checked this way; they are accepted with one notice. A
 * fraction of 0 turns verification off, and says so in the manifest (`report()`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { armSetups } from '../../sim/plan.ts';
import type { Plan } from '../../sim/plan.ts';
import type { Backend } from '../pool.ts';
import type { ShardResult, ShardTask } from '../../sim/shard.ts';

/** Results of each worker always replayed, from its first. */
export const ALWAYS_VERIFIED = 3;
/** The n-th result of a worker is replayed with probability at least EARLY_WEIGHT / n. */
export const EARLY_WEIGHT = 4;

/** What the manifest records of a session's verification. */
export interface VerificationReport {
  status: 'verified' | 'not verified';
  why?: string;
  /** Fraction of the results sampled after each worker's early ones. */
  sampleFraction: number;
  results: number;
  replayed: number;
  faultyWorkers: string[];
}

export class ResultVerifier {
  private readonly delivered = new Map<string, number>();
  private readonly banned = new Set<string>();
  /** Per worker: the judgement of its latest result (the next one waits for it). */
  private readonly judging = new Map<string, Promise<unknown>>();
  private noticed = false;
  private results = 0;
  private replayed = 0;
  /** Salts the sample, so a worker cannot tell which of its results will be checked. */
  private readonly secret = randomBytes(16).toString('hex');

  constructor(
    private readonly fraction: number,
    private readonly replay: Backend,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * The result to accept for `jobId`: the worker's when it passes (or is not sampled), marked as
   * played by it; else the local replay.
   */
  async check(jobId: string, task: ShardTask, result: ShardResult, worker: string): Promise<ShardResult> {
    this.results++;
    const theirs = { ...result, playedBy: worker };
    if (this.fraction === 0) return theirs; // --verify 0: verification off
    if (!reproducible(task.plan)) {
      if (!this.noticed)
        this.log(
          'carclab: results are not verified: an agent has a time budget, so a replay need not give the same games',
        );
      this.noticed = true;
      return theirs;
    }
    // A worker's results are judged in the order they came: none is taken while an earlier one is
    // still being replayed, since that replay may prove the worker faulty.
    const judged = (this.judging.get(worker) ?? Promise.resolve()).then(() =>
      this.judge(jobId, task, result, worker, theirs),
    );
    this.judging.set(
      worker,
      judged.catch(() => {}),
    );
    return judged;
  }

  private async judge(
    jobId: string,
    task: ShardTask,
    result: ShardResult,
    worker: string,
    theirs: ShardResult,
  ): Promise<ShardResult> {
    if (this.banned.has(worker)) {
      this.log(
        `carclab: shard ${jobId} came from ${worker}, found faulty before; its result is discarded and the shard replayed here`,
      );
      return this.play(task);
    }
    const n = (this.delivered.get(worker) ?? 0) + 1;
    this.delivered.set(worker, n);
    if (n > ALWAYS_VERIFIED && !sampled(`${this.secret}:${jobId}`, Math.max(this.fraction, EARLY_WEIGHT / n)))
      return theirs;
    const replayed = await this.play(task);
    const difference = firstDifference(replayed, result);
    if (difference === null) return theirs;
    this.banned.add(worker);
    this.log(
      `carclab: worker ${worker} is faulty: its result of shard ${jobId} differs from the replay here (${difference}); its results are discarded and its shards replayed here`,
    );
    return replayed;
  }

  /** The workers found faulty so far: the shards they delivered must be played again. */
  faulty(): readonly string[] {
    return [...this.banned];
  }

  report(plan: Plan): VerificationReport {
    const counts = {
      sampleFraction: this.fraction,
      results: this.results,
      replayed: this.replayed,
      faultyWorkers: this.faulty().slice(),
    };
    if (this.fraction === 0) return { status: 'not verified', why: '--verify 0', ...counts };
    if (!reproducible(plan))
      return {
        status: 'not verified',
        why: 'an agent has a time budget: a replay need not give the same games',
        ...counts,
      };
    return { status: 'verified', ...counts };
  }

  private play(task: ShardTask): Promise<ShardResult> {
    this.replayed++;
    return this.replay.run(task);
  }
}

const reproducible = (plan: Plan) => armSetups(plan).every((s) => s.agents.every((a) => a.reproducible));

/** Whether a (salted) job id falls in the sample: a fixed hash of it below `fraction`. */
export function sampled(jobId: string, fraction: number): boolean {
  const h = createHash('sha256').update(jobId).digest().readUInt32BE(0);
  return h / 2 ** 32 < fraction;
}

function firstDifference(expected: ShardResult, actual: ShardResult): string | null {
  if (JSON.stringify(expected.aggregate) !== JSON.stringify(actual.aggregate)) return 'the aggregate';
  for (const [name, column] of Object.entries(expected.columns ?? {})) {
    const other = actual.columns?.[name];
    if (
      !other ||
      Buffer.compare(
        Buffer.from(column.buffer, column.byteOffset, column.byteLength),
        Buffer.from(other.buffer, other.byteOffset, other.byteLength),
      ) !== 0
    )
      return `the kept games' column ${name}`;
  }
  return null;
}
