/**
 * Runs an experiment into `<out>/<experiment>/<run-id>/` (docs/architecture.md §8):
 *   1. the run id hashes the plan and the code (`code.ts`), so re-running the same run with the same
 *      code finds the same directory; a run of this plan by other code is refused unless `newRun`
 *      (`run-dir.ts`), and a lock file keeps a second process out;
 *   2. finished shards (`shard-files.ts`: checked, bad ones moved aside) are merged, and only the
 *      deals no shard covers are split into new shards (`shard-ranges.ts`);
 *   3. shards run on the backend; each finished shard is persisted atomically (fsynced), then merged;
 *   4. when every deal is covered: `summary.json`, the CSV tables, `games.arrow` (kept games) and
 *      `manifest.json` (`run-manifest.ts`) are written atomically.
 * Aborting (Ctrl-C) stops handing out shards, lets the running ones finish and persists them, so the
 * run resumes where it stopped and ends with the same results.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import { mergeAggregates } from '../sim/aggregate.ts';
import { codeIdentity } from './code.ts';
import { columnLayout } from '../sim/columns.ts';
import type { ColumnSpec } from '../sim/columns.ts';
import { gitInfo, makeOutputDirectory, packageInfo, removeTempFiles, writeAtomic, writeJsonAtomic } from './files.ts';
import { runLayout } from '../sim/metrics.ts';
import type { RunLayout } from '../sim/metrics.ts';
import { armSetups, gamesPerDealOf, planRunPrefix } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import type { ShardResult } from '../sim/shard.ts';
import { ShardAbandoned } from './pool.ts';
import type { Backend } from './pool.ts';
import { checkOtherCode, lockRunDir, runIdOf } from './run-dir.ts';
import { buildManifest, checkRunDir, writeFailedManifest } from './run-manifest.ts';
import { shardsToPlay } from './shard-ranges.ts';
import { GAMES_CHECKSUM_FILE, GAMES_FILE, keptGamesProblem, runBinding, writeGamesArrow } from './kept-games.ts';
import type { RunBinding } from './kept-games.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import {
  dropShardsPlayedBy,
  loadShardFiles,
  moveToRejected,
  readShards,
  runIdentity,
  writeShardFile,
} from './shard-files.ts';
import type { RunIdentity } from './shard-files.ts';
import { buildSummary, summaryTables } from '../sim/summary.ts';
import type { Summary } from '../sim/summary.ts';

export interface Progress {
  /** Games of finished (persisted) shards. */
  gamesDone: number;
  gamesTotal: number;
  /** Games already done by earlier sessions of this run. */
  gamesResumed: number;
  /** Games played so far inside shards still running (a live count, reported every `PROGRESS_MS`). */
  gamesRunning: number;
}

/** How often the runner reports the games played inside running shards. */
const PROGRESS_MS = 250;

export interface RunOptions {
  plan: Plan;
  /** The experiment file, for the manifest. */
  experimentFile?: string;
  /** Results root; the run goes to `<outRoot>/<experiment>/<run-id>`. */
  outRoot: string;
  backend: Backend;
  keepGames: boolean;
  /** Deals per new shard (default: about `TARGET_GAMES_PER_SHARD` games, `shard-ranges.ts`). */
  shardDeals?: number;
  /** Play the plan again with this code although a run of it by other code exists. */
  newRun?: boolean;
  /** Lines for the user (a rejected shard file); default stderr. */
  log?(line: string): void;
  signal?: AbortSignal;
  /**
   * Play and summarize deals [0, dealsLimit) only (default: all the plan's deals): a caller that
   * stops by its own rule (`--precision`, `tune`, `balance`) grows the limit batch by batch in the
   * same run directory; shards past the limit are kept for a later, larger limit. Kept games below
   * the whole run stay in the shards' column files; `games.arrow` is written once every deal is played.
   */
  dealsLimit?: number;
  onStart?(info: { runDir: string; progress: Progress }): void;
  onProgress?(progress: Progress): void;
}

export interface RunOutcome {
  status: 'complete' | 'interrupted';
  runDir: string;
  summary?: Summary;
  gamesPlayed: number;
  wallSeconds: number;
  /** Largest resident set size of this process (main thread plus pool threads) sampled during the run. */
  rssMaxMB: number;
}

export { gamesPerDealOf } from '../sim/plan.ts';

export function runDirOf(plan: Plan, outRoot: string): string {
  // An empty --out would put the results into whatever directory the command runs in.
  if (outRoot.trim() === '')
    throw new InputError('usage', `--out must name a directory, got ${JSON.stringify(outRoot)}`);
  return join(outRoot, plan.experiment, runIdOf(plan, packageInfo().version));
}

export async function runExperiment(options: RunOptions): Promise<RunOutcome> {
  const { plan } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let lock: { release(): void } | undefined;
  const started = new Date();
  const clock = sessionClock();
  try {
    // 1. The run directory (this plan, this code, this process only) and its plan.
    const code = codeIdentity().hash;
    const runDir = runDirOf(plan, options.outRoot);
    checkOtherCode(runDir, planRunPrefix(plan, packageInfo().version), options.newRun === true);
    const shardDir = join(runDir, 'shards');
    makeOutputDirectory(shardDir, 'run', runDir);
    lock = lockRunDir(runDir);
    removeTempFiles(runDir);
    removeTempFiles(shardDir);
    checkRunDir(runDir, plan, code, options.newRun === true, log);
    const games = armSetups(plan).map((s) => s.game);
    const layout = runLayout(plan, games);
    const run: RunContext = {
      options,
      log,
      runDir,
      shardDir,
      columnSpecs: columnLayout(plan, games),
      dealsLimit: Math.min(plan.deals, options.dealsLimit ?? plan.deals),
      identity: runIdentity(basename(runDir), plan, code),
      binding: runBinding(runDir, basename(runDir)),
      arrowDone: existsSync(join(runDir, GAMES_FILE)),
    };

    // 2. Finished shards that pass their checks, and the deals still to play.
    const tally = startTally(run, await loadFinishedShards(run), started);
    writeJsonAtomic(join(runDir, 'manifest.json'), runManifest(run, tally, 'running'));
    options.onStart?.({ runDir, progress: { ...tally.progress } });

    // 3. Shards on the backend.
    const { shardDeals, backend } = options;
    const todo = shardsToPlay(plan, tally.merged.ranges, run.dealsLimit, shardDeals, backend.concurrency);
    const failure = await playShards(run, tally, todo);

    // 4. The session's end: failed, interrupted, or complete with the final outputs.
    const finish = <S extends RunOutcome['status'] | 'failed'>(status: S) => {
      tally.session.status = status;
      tally.session.wallSeconds = clock.seconds();
      tally.session.rssMaxMB = Math.round(clock.rssMax() / 2 ** 20);
      return {
        status,
        runDir,
        gamesPlayed: tally.session.games,
        wallSeconds: tally.session.wallSeconds,
        rssMaxMB: tally.session.rssMaxMB,
      };
    };
    const fail = (error: unknown): never => {
      finish('failed');
      writeFailedManifest(join(runDir, 'manifest.json'), runManifest(run, tally, 'failed'));
      throw error;
    };
    if (failure !== undefined) fail(failure);
    if (tally.merged.games < tally.progress.gamesTotal) {
      const outcome = finish('interrupted');
      writeJsonAtomic(join(runDir, 'manifest.json'), runManifest(run, tally, 'interrupted'));
      return outcome;
    }
    try {
      const summary = await writeFinalOutputs(run, tally, games, layout);
      const outcome = finish('complete');
      writeJsonAtomic(join(runDir, 'manifest.json'), runManifest(run, tally, 'complete'));
      return { ...outcome, summary };
    } catch (error) {
      return fail(error);
    }
  } finally {
    clock.stop();
    lock?.release();
  }
}

/** The session's wall time and the largest resident set size of this process, sampled every 100 ms. */
function sessionClock(): { seconds(): number; rssMax(): number; stop(): void } {
  const t0 = performance.now();
  let rssMax = process.memoryUsage.rss();
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 100);
  sampler.unref();
  return {
    seconds: () => (performance.now() - t0) / 1000,
    rssMax: () => rssMax,
    stop: () => clearInterval(sampler),
  };
}

/** What the steps of a run share: its options, its directories, and what its shards and games are checked against. */
interface RunContext {
  options: RunOptions;
  log(line: string): void;
  runDir: string;
  shardDir: string;
  columnSpecs: ColumnSpec[];
  /** Deals this call plays and summarizes: [0, dealsLimit). */
  dealsLimit: number;
  identity: RunIdentity;
  binding: RunBinding;
  /** Whether games.arrow holds the run's kept games (then the shards need not keep their columns). */
  arrowDone: boolean;
}

/** This session's entry of the manifest. */
interface SessionEntry {
  started: string;
  git: ReturnType<typeof gitInfo>;
  backend: string;
  workers: number;
  shards: number;
  games: number;
  status: string;
  wallSeconds: number;
  rssMaxMB: number;
}

/** What the session has so far: the finished shards merged, the progress, the session's entry. */
interface RunTally {
  merged: Aggregate;
  progress: Progress;
  session: SessionEntry;
  /** Every game played this session adds 1 here (in the pool's threads too). */
  gamesPlayed: Int32Array;
  /** The games of the shards this session finished. */
  gamesFinished: number;
}

/**
 * Step 2: the finished shards that pass their checks, merged. With kept games, a shard counts only if
 * its columns are there too, unless games.arrow holds them and passes its checks (`kept-games.ts`);
 * a games.arrow that fails them is moved aside (`run.arrowDone` turns false).
 */
async function loadFinishedShards(run: RunContext): Promise<Aggregate> {
  const { options, runDir, identity, dealsLimit, log } = run;
  const { plan, keepGames } = options;
  let loaded = loadShardFiles(runDir, plan, identity, keepGames && !run.arrowDone, dealsLimit);
  for (const line of loaded.rejected)
    log(
      `carclab: ${join(runDir, line.split(':')[0]!)} is bad: ${line.slice(line.indexOf(':') + 2)}; moved to ${join(runDir, 'rejected')}/, its deals are played again`,
    );
  // games.arrow holds every deal of the run (it is written only then): checked against all its
  // shards, also when this call plays a smaller deals limit.
  const whole = dealsLimit < plan.deals ? readShards(runDir, plan, identity).merged : loaded.merged;
  const badGames = run.arrowDone
    ? await keptGamesProblem(runDir, run.binding, whole, plan.deals * gamesPerDealOf(plan))
    : null;
  if (badGames !== null) {
    moveToRejected(runDir, [join(runDir, GAMES_FILE), join(runDir, GAMES_CHECKSUM_FILE)]);
    log(`carclab: ${badGames}; moved to ${join(runDir, 'rejected')}/, the run's games are played again`);
    run.arrowDone = false;
    loaded = loadShardFiles(runDir, plan, identity, keepGames, dealsLimit); // the shards whose kept games are gone are played again
  }
  return loaded.merged;
}

/** The session's tally at its start, from the finished shards. */
function startTally(run: RunContext, merged: Aggregate, started: Date): RunTally {
  const { backend, plan } = run.options;
  const gamesTotal = run.dealsLimit * gamesPerDealOf(plan);
  return {
    merged,
    progress: { gamesDone: merged.games, gamesTotal, gamesResumed: merged.games, gamesRunning: 0 },
    session: {
      started: started.toISOString(),
      git: gitInfo(), // once per session: each call starts git twice
      backend: backend.name,
      workers: backend.concurrency,
      shards: 0,
      games: 0,
      status: 'running',
      wallSeconds: 0,
      rssMaxMB: 0,
    },
    gamesPlayed: new Int32Array(new SharedArrayBuffer(4)),
    gamesFinished: 0,
  };
}

/** The manifest of the run with `status` and what the session has so far. */
function runManifest(run: RunContext, tally: RunTally, status: string): object {
  const { options, runDir, dealsLimit } = run;
  const { plan, backend } = options;
  const { session } = tally;
  // Played here (this process and its threads) needs no verification; a queue's workers do.
  return {
    ...buildManifest(
      plan,
      options,
      runDir,
      status,
      tally.merged.games,
      tally.progress.gamesTotal,
      { ...session, verification: backend.verification?.(plan) ?? { status: 'played here' } },
      session.git,
    ),
    ...(dealsLimit < plan.deals ? { dealsLimit } : {}),
  };
}

/** The games inside running shards: the games played this session minus those of its finished shards. */
const gamesRunning = (tally: RunTally): number => Math.max(0, Atomics.load(tally.gamesPlayed, 0) - tally.gamesFinished);

interface FinishedShard {
  start: number;
  end: number;
  result: ShardResult;
}

/**
 * Step 3: the shards on the backend, a bounded number in flight, until every one is persisted, the
 * run is stopped or a shard failed (returned). A thread that finished a shard gets its next one
 * before the finished shard is persisted (written and fsynced); it counts only then.
 */
async function playShards(run: RunContext, tally: RunTally, todo: [number, number][]): Promise<unknown> {
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

/** Step 4 of a complete run: `summary.json`, the CSV tables and, with kept games, `games.arrow`. */
async function writeFinalOutputs(run: RunContext, tally: RunTally, games: Game[], layout: RunLayout): Promise<Summary> {
  const { options, runDir, dealsLimit } = run;
  const { plan } = options;
  const summary = buildSummary(
    dealsLimit < plan.deals ? { ...plan, deals: dealsLimit } : plan,
    games,
    layout,
    tally.merged,
  );
  writeJsonAtomic(join(runDir, 'summary.json'), summary);
  for (const [name, text] of Object.entries(summaryTables(summary))) writeAtomic(join(runDir, name), text);
  if (options.keepGames && !run.arrowDone && dealsLimit === plan.deals)
    await writeGamesArrow(runDir, run.shardDir, run.columnSpecs, tally.progress.gamesTotal, run.binding);
  return summary;
}
