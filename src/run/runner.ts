/**
 * Runs an experiment into `<out>/<experiment>/<run-id>/` (docs/architecture.md §8):
 *   1. the run id hashes the plan and the code (`code.ts`), so re-running the same run with the same
 *      code finds the same directory; a run of this plan by other code is refused unless `newRun`
 *      (`run-dir.ts`), and a lock file keeps a second process out;
 *   2. finished shards (`shard-files.ts`: checked, bad ones moved aside) are merged, and only the
 *      deals no shard covers are split into new shards (`shard-ranges.ts`);
 *   3. shards run on the backend (`play-shards.ts`); each finished shard is persisted atomically
 *      (fsynced), then merged;
 *   4. when every deal is covered: `summary.json`, the CSV tables, `games.arrow` (kept games) and
 *      `manifest.json` (`run-manifest.ts`) are written atomically.
 * Aborting (Ctrl-C) stops handing out shards, lets the running ones finish and persists them, so the
 * run resumes where it stopped and ends with the same results.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import { columnLayout } from '../sim/columns.ts';
import { runLayout } from '../sim/metrics.ts';
import type { RunLayout } from '../sim/metrics.ts';
import { armSetups, gamesPerDealOf, planRunPrefix } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { buildSummary, summaryTables } from '../sim/summary.ts';
import type { Summary } from '../sim/summary.ts';
import { codeIdentity } from './code.ts';
import { makeOutputDirectory, packageInfo, removeTempFiles, writeAtomic, writeJsonAtomic } from './files.ts';
import { GAMES_CHECKSUM_FILE, GAMES_FILE, keptGamesProblem, runBinding, writeGamesArrow } from './kept-games.ts';
import { playShards } from './play-shards.ts';
import { checkOtherCode, lockRunDir, runIdOf } from './run-dir.ts';
import { buildManifest, checkRunDir, writeFailedManifest } from './run-manifest.ts';
import { startTally } from './run-session.ts';
import type { RunContext, RunOptions, RunTally } from './run-session.ts';
import { shardsToPlay } from './shard-ranges.ts';
import { loadShardFiles, moveToRejected, readShards, runIdentity } from './shard-files.ts';

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
export type { Progress, RunOptions } from './run-session.ts';

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
