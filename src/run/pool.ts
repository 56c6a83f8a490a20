/**
 * Local backends that run shard tasks: a piscina pool of worker threads (they start from the JavaScript
 * build of the sources, `js-build.mjs`, also when the main thread runs the TypeScript) and the
 * in-process backend (the main thread, one shard at a time). Both run the same `runShard`, so they
 * give identical aggregates.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { mergeAggregates } from '../sim/aggregate.ts';
import { columnLayout, concatColumns } from '../sim/columns.ts';
import { armSetups } from '../sim/plan.ts';
import { runShard } from '../sim/shard.ts';
import type { ShardResult, ShardTask } from '../sim/shard.ts';
import type { Plan } from '../sim/plan.ts';
import { compiledWorker } from './js-build.mjs';

export interface Backend {
  readonly name: string;
  /** Shards run at the same time (the pool's threads). */
  readonly concurrency: number;
  /**
   * Shards handed out at once. One per thread: a thread waits only a task's round trip (~50 µs) for
   * its next shard, and Ctrl-C has only the running shards to wait for.
   */
  readonly inFlight: number;
  /**
   * Plays one shard. When `signal` aborts, a backend may give up a shard it has not begun (in-process)
   * or still waits for in a queue (Redis), rejecting with `ShardAbandoned`; a shard a thread has
   * begun is finished.
   */
  run(task: ShardTask, signal?: AbortSignal): Promise<ShardResult>;
  close(): Promise<void>;
  /** Queue workers found faulty so far (`ShardResult.playedBy`): every shard they delivered must be played again. */
  faultyWorkers?(): readonly string[];
  /** How the results of `plan` were checked, for the manifest (a queue: the replayed sample). */
  verification?(plan: Plan): object;
}

/** A shard a backend stopped waiting for because the run was stopped; it is played on resume. */
export class ShardAbandoned extends Error {
  constructor(what: string) {
    super(`${what}: abandoned because the run was stopped`);
    this.name = 'ShardAbandoned';
  }
}

export const defaultWorkers = (): number => os.availableParallelism();

/**
 * Young-generation cap of each worker thread. The game loop makes only short-lived garbage, so a
 * small nursery costs no throughput and keeps each thread about 10 MB smaller (measured: 2 workers
 * 150-160 MB RSS instead of 170-178 MB, same games/s).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * The pool threads' Node flags. Not the main thread's: under the tsx CLI they load tsx with
 * `--import`, the slow way. And no `require` of ES modules: piscina loads the entry with `require`
 * first, which Node 20 then evaluates synchronously, and a pool closed while a thread is still in that
 * step aborts the whole process (a fatal V8 error, seen when a resumed run had nothing left to play).
 * Without it piscina falls back to `import()`, which a closing pool stops cleanly.
 */
export const WORKER_EXEC_ARGV: readonly string[] = ['--no-experimental-require-module'];

/**
 * The pool threads' entry, chosen once per process: every pool of a process (a report's studies,
 * the benchmarks) plays the code of its first pool's build, even if the sources change on disk
 * meanwhile, as the main thread and the run's code identity keep theirs. Exported for a test.
 */
let workerEntry: string | undefined;

export function poolWorkerEntry(): string {
  const here = import.meta.url;
  workerEntry ??= here.endsWith('.ts')
    ? (compiledWorker() ?? new URL('./worker-entry.mjs', here).href)
    : new URL('./worker.js', here).href;
  return workerEntry;
}

export function poolBackend(workers = defaultWorkers()): Backend {
  const pool = new Piscina<ShardTask, ShardResult>({
    filename: poolWorkerEntry(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Infinity,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    execArgv: [...WORKER_EXEC_ARGV],
  });
  return {
    name: 'piscina',
    concurrency: workers,
    inFlight: workers,
    run: (task) => pool.run(task),
    close: () => pool.destroy(),
  };
}

/** The in-process backend plays a shard in steps of about this long, serving signals and timers between them. */
const IN_PROCESS_STEP_MS = 50;

export function inProcessBackend(): Backend {
  return {
    name: 'in-process',
    concurrency: 1,
    inFlight: 1,
    run: runInSteps,
    close: async () => {},
  };
}

/**
 * Plays a shard on the main thread in steps of deals (1, 2, 4, … until a step takes
 * `IN_PROCESS_STEP_MS`), yielding to the event loop before each: the progress bar moves and Ctrl-C
 * is heard within a step, not after the whole shard (a search agent's shard can take a minute). A
 * stopped run gives the shard up (`ShardAbandoned`); it is played again on resume. The steps merge
 * exactly (`mergeAggregates` is plain addition), so the result is the whole shard's, bit for bit.
 */
async function runInSteps(task: ShardTask, signal?: AbortSignal): Promise<ShardResult> {
  const parts: ShardResult[] = [];
  let size = 1;
  for (let at = task.start; at < task.end || parts.length === 0; ) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw new ShardAbandoned(`deals ${task.start}–${task.end}`);
    const end = Math.min(task.end, at + size);
    const t0 = performance.now();
    parts.push(runShard({ ...task, start: at, end }));
    if (performance.now() - t0 < IN_PROCESS_STEP_MS) size *= 2;
    at = end;
  }
  if (parts.length === 1) return parts[0]!;
  const aggregate = parts.map((p) => p.aggregate).reduce((a, b) => mergeAggregates(a, b));
  if (!task.keepGames) return { aggregate };
  const layout = columnLayout(
    task.plan,
    armSetups(task.plan).map((s) => s.game),
  );
  return {
    aggregate,
    columns: concatColumns(
      layout,
      parts.map((p) => p.columns!),
    ),
  };
}
