/**
 * Step 3 of a run (`runner.ts`): its shards on the backend, a bounded number in flight, each finished
 * shard persisted (written atomically and fsynced) before it counts, and the shards of a queue worker
 * found faulty played again.
 */
import { join } from 'node:path';
import { mergeAggregates } from '../sim/aggregate.ts';
import type { ShardResult } from '../sim/shard.ts';
import { ShardAbandoned } from './pool.ts';
import { gamesRunning } from './run-session.ts';
import type { RunContext, RunTally } from './run-session.ts';
import { dropShardsPlayedBy, loadShardFiles, writeShardFile } from './shard-files.ts';

/** How often the runner reports the games played inside running shards. */
const PROGRESS_MS = 250;

interface FinishedShard {
  start: number;
  end: number;
  result: ShardResult;
}

/**
 * The shards on the backend, a bounded number in flight, until every one is persisted, the
 * run is stopped or a shard failed (returned). A thread that finished a shard gets its next one
 * before the finished shard is persisted (written and fsynced); it counts only then.
 */
export async function playShards(run: RunContext, tally: RunTally, todo: [number, number][]): Promise<unknown> {
  const { options } = run;
  const { plan, backend, keepGames, signal } = options;
  const queue = [...todo];
  const inFlight = new Set<Promise<void>>();
  const finished: FinishedShard[] = [];
  const revoked = new Set<string>();
  const limit = backend.inFlight;
  let failure: unknown;
  const ticker = setInterval(
    () => options.onProgress?.({ ...tally.progress, gamesRunning: gamesRunning(tally) }),
    PROGRESS_MS,
  );
  ticker.unref();
  const canDispatch = () => queue.length > 0 && inFlight.size < limit && !signal?.aborted && failure === undefined;
  for (;;) {
    while (canDispatch()) {
      const [start, end] = queue.shift()!;
      const task = backend
        .run({ plan, start, end, keepGames, gamesPlayed: tally.gamesPlayed }, signal)
        .then(
          (result) => {
            finished.push({ start, end, result });
          },
          (error: unknown) => {
            // A shard given up because the run was stopped is simply not done; anything else fails the run.
            if (!(signal?.aborted && error instanceof ShardAbandoned)) failure ??= error;
          },
        )
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
    for (let next = finished.shift(); next; next = finished.shift()) {
      try {
        persistShard(run, tally, next);
      } catch (error) {
        failure ??= error;
      }
    }
    revokeFaultyWorkers(run, tally, revoked, queue);
    if (canDispatch()) continue; // shards of a faulty worker to play again
    if (!inFlight.size) break;
    await Promise.race(inFlight);
  }
  clearInterval(ticker);
  return failure;
}

/** Writes a finished shard's file and adds it to the tally. */
function persistShard(run: RunContext, tally: RunTally, { start, end, result }: FinishedShard): void {
  tally.gamesFinished += result.aggregate.games;
  writeShardFile(run.shardDir, start, end, result, run.identity, run.columnSpecs);
  tally.merged = mergeAggregates(tally.merged, result.aggregate);
  tally.session.shards++;
  tally.session.games += result.aggregate.games;
  tally.progress.gamesDone += result.aggregate.games;
  run.options.onProgress?.({ ...tally.progress, gamesRunning: gamesRunning(tally) });
}

/**
 * A queue worker found faulty: every shard it delivered (persisted as played by it) is moved aside
 * and put back at the head of the `queue`, and the merged results are read back from the shards that
 * remain. `revoked`: the workers already handled.
 */
function revokeFaultyWorkers(run: RunContext, tally: RunTally, revoked: Set<string>, queue: [number, number][]): void {
  const { options, runDir, log } = run;
  for (const worker of options.backend.faultyWorkers?.() ?? []) {
    if (revoked.has(worker)) continue;
    revoked.add(worker);
    const ranges = dropShardsPlayedBy(runDir, worker);
    if (!ranges.length) continue;
    log(
      `carclab: ${ranges.length} shard${ranges.length === 1 ? '' : 's'} delivered by ${worker} before it was found faulty ${ranges.length === 1 ? 'is' : 'are'} moved to ${join(runDir, 'rejected')}/ and played again`,
    );
    tally.merged = loadShardFiles(
      runDir,
      options.plan,
      run.identity,
      options.keepGames && !run.arrowDone,
      run.dealsLimit,
    ).merged;
    tally.progress.gamesDone = tally.merged.games;
    options.onProgress?.({ ...tally.progress });
    queue.unshift(...ranges);
  }
}
