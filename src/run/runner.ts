/**
 * Runs an experiment into `<out>/<experiment>/<run-id>/` (docs/architecture.md §8):
 *   1. the run id hashes the plan and the code (`code.ts`), so re-running the same run with the same
 *      code finds the same directory; a run of this plan by other code is refused unless `newRun`
 *      (`run-dir.ts`), and a lock file keeps a second process out;
 *   2. finished shards (`shard-files.ts`: checked, bad ones moved aside) are merged, and only the
 *      deals no shard covers are split into new shards;
 *   3. shards run on the backend; each finished shard is persisted atomically (fsynced), then merged;
 *   4. when every deal is covered: `summary.json`, the CSV tables, `games.arrow` (kept games) and
 *      `manifest.json` are written atomically.
 * Aborting (Ctrl-C) stops handing out shards, lets the running ones finish and persists them, so the
 * run resumes where it stopped and ends with the same results.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { mergeAggregates } from '../sim/aggregate.ts';
import { codeIdentity } from './code.ts';
import { columnLayout } from '../sim/columns.ts';
import { gitInfo, makeOutputDirectory, packageInfo, removeTempFiles, writeAtomic, writeJsonAtomic } from './files.ts';
import { runLayout } from '../sim/metrics.ts';
import { armSetups, gamesPerDealOf, planRunPrefix } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import type { ShardResult } from '../sim/shard.ts';
import { ShardAbandoned } from './pool.ts';
import type { Backend } from './pool.ts';
import { checkOtherCode, lockRunDir, runIdOf } from './run-dir.ts';
import {
  checkedGames,
  checkedGamesBytes,
  GAMES_CHECKSUM_FILE,
  GAMES_FILE,
  runBinding,
  writeGamesArrow,
} from './kept-games.ts';
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
import { buildSummary, summaryTables } from '../sim/summary.ts';
import type { Summary } from '../sim/summary.ts';

/** Games per shard aimed at: ≥ 1,000 per task so pool overhead vanishes (docs/architecture.md §13). */
export const TARGET_GAMES_PER_SHARD = 4000;

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
  /** Deals per new shard (default: about `TARGET_GAMES_PER_SHARD` games). */
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

export const defaultShardDeals = (plan: Plan): number =>
  Math.max(1, Math.ceil(TARGET_GAMES_PER_SHARD / gamesPerDealOf(plan)));

/**
 * Deals per new shard when the caller sets none: about `defaultShardDeals`, cut so that the number
 * of shards of the `missingDeals` is a multiple of the backend's `concurrency`, so threads that keep
 * in step end together (50,000 deals of 2 games on 2 threads: 26 shards of 1,924 deals instead of
 * 25 of 2,000, the last of which played alone).
 */
export function balancedShardDeals(plan: Plan, missingDeals: number, concurrency: number): number {
  const threads = Math.max(1, concurrency);
  const shards = Math.ceil(Math.ceil(missingDeals / defaultShardDeals(plan)) / threads) * threads;
  return Math.max(1, Math.ceil(missingDeals / Math.max(1, shards)));
}

/** Pieces each shard of the last round is cut into (`splitLastRound`). */
const LAST_ROUND_PIECES = 4;

/**
 * The last `concurrency` shards cut into `LAST_ROUND_PIECES` pieces each: threads that drifted apart
 * then wait at the end for a small piece, not for a whole shard of another thread.
 */
export function splitLastRound(ranges: readonly [number, number][], concurrency: number): [number, number][] {
  if (concurrency < 2) return [...ranges];
  const head = ranges.slice(0, Math.max(0, ranges.length - concurrency));
  const tail = ranges
    .slice(head.length)
    .flatMap(([start, end]) =>
      missingRanges([], end - start, Math.ceil((end - start) / LAST_ROUND_PIECES)).map(([a, b]): [number, number] => [
        start + a,
        start + b,
      ]),
    );
  return [...head, ...tail];
}

/** Deal ranges of [0, deals) not covered by `done` (sorted, disjoint), split into pieces of `size`. */
export function missingRanges(done: readonly [number, number][], deals: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  for (const [start, end] of [...done, [deals, deals] as [number, number]]) {
    for (let s = at; s < start; s += size) out.push([s, Math.min(start, s + size)]);
    at = Math.max(at, end);
  }
  return out;
}

export function runDirOf(plan: Plan, outRoot: string): string {
  // An empty --out would put the results into whatever directory the command runs in.
  if (outRoot.trim() === '')
    throw new InputError('usage', `--out must name a directory, got ${JSON.stringify(outRoot)}`);
  return join(outRoot, plan.experiment, runIdOf(plan, packageInfo().version));
}

/**
 * The plan and code of a run directory must be this plan's and this code's. The directory's name
 * holds this code's hash, so a manifest naming other code was edited or damaged: with `newRun` it
 * is moved to rejected/ (the shards check their own code) and the run goes on, else it is refused.
 */
function checkRunDir(runDir: string, plan: Plan, code: string, newRun: boolean, log: (line: string) => void): void {
  const planFile = join(runDir, 'plan.json');
  if (existsSync(planFile)) {
    if (readFileSync(planFile, 'utf8') !== `${JSON.stringify(plan, null, 2)}\n`)
      throw new InputError('usage', `${planFile}: this run directory holds a different plan`);
  } else {
    writeJsonAtomic(planFile, plan);
  }
  const manifestFile = join(runDir, 'manifest.json');
  const previous = existsSync(manifestFile) ? readManifest(manifestFile) : undefined;
  if (previous?.code?.hash === undefined || previous.code.hash === code) return;
  const what = `${manifestFile} names other code (${String(previous.code.hash).slice(0, 10)}) than its run directory's name and this code (${code.slice(0, 10)}): edited or damaged`;
  if (!newRun) throw new InputError('usage', `${what}; add --new-run to set it aside and go on with this code`);
  moveToRejected(runDir, [manifestFile]);
  log(`carclab: ${what}; moved to ${join(runDir, 'rejected')}/, the run goes on with a new manifest`);
}

interface ManifestSessions {
  sessions?: (object & { started?: string })[];
  code?: { hash?: string };
}

function readManifest(file: string): ManifestSessions {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ManifestSessions;
  } catch (error) {
    throw new InputError(
      'usage',
      `${file}: unreadable (${(error as Error).message}); move it away to start the run's manifest afresh`,
    );
  }
}

export async function runExperiment(options: RunOptions): Promise<RunOutcome> {
  const { plan, backend, keepGames } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let lock: { release(): void } | undefined;
  const started = new Date();
  const t0 = performance.now();
  let rssMax = process.memoryUsage.rss();
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 100);
  sampler.unref();
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
    const setups = armSetups(plan);
    const games = setups.map((s) => s.game);
    const layout = runLayout(plan, games);
    const columnSpecs = columnLayout(plan, games);

    // 2. Finished shards that pass their checks. With kept games, a shard counts only if its columns
    //    are there too, unless games.arrow holds them and passes its checks (`kept-games.ts`).
    const dealsLimit = Math.min(plan.deals, options.dealsLimit ?? plan.deals);
    const identity = runIdentity(basename(runDir), plan, code);
    const binding = runBinding(runDir, basename(runDir));
    let arrowDone = existsSync(join(runDir, GAMES_FILE));
    let loaded = loadShardFiles(runDir, plan, identity, keepGames && !arrowDone, dealsLimit);
    for (const line of loaded.rejected)
      log(
        `carclab: ${join(runDir, line.split(':')[0]!)} is bad: ${line.slice(line.indexOf(':') + 2)}; moved to ${join(runDir, 'rejected')}/, its deals are played again`,
      );
    // games.arrow holds every deal of the run (it is written only then): checked against all its
    // shards, also when this call plays a smaller deals limit.
    const whole = dealsLimit < plan.deals ? readShards(runDir, plan, identity).merged : loaded.merged;
    const badGames = arrowDone
      ? await keptGamesProblem(runDir, binding, whole, plan.deals * gamesPerDealOf(plan))
      : null;
    if (badGames !== null) {
      moveToRejected(runDir, [join(runDir, GAMES_FILE), join(runDir, GAMES_CHECKSUM_FILE)]);
      log(`carclab: ${badGames}; moved to ${join(runDir, 'rejected')}/, the run's games are played again`);
      arrowDone = false;
      loaded = loadShardFiles(runDir, plan, identity, keepGames, dealsLimit); // the shards whose kept games are gone are played again
    }
    let merged = loaded.merged;
    const perDeal = gamesPerDealOf(plan);
    const gamesTotal = dealsLimit * perDeal;
    const progress: Progress = { gamesDone: merged.games, gamesTotal, gamesResumed: merged.games, gamesRunning: 0 };
    const missingDeals = missingRanges(merged.ranges, dealsLimit, dealsLimit).reduce(
      (n, [start, end]) => n + end - start,
      0,
    );
    const todo =
      options.shardDeals !== undefined
        ? missingRanges(merged.ranges, dealsLimit, options.shardDeals)
        : splitLastRound(
            missingRanges(merged.ranges, dealsLimit, balancedShardDeals(plan, missingDeals, backend.concurrency)),
            backend.concurrency,
          );
    const git = gitInfo(); // once per session: each call starts git twice
    const session = {
      started: started.toISOString(),
      git,
      backend: backend.name,
      workers: backend.concurrency,
      shards: 0,
      games: 0,
      status: 'running',
      wallSeconds: 0,
      rssMaxMB: 0,
    };
    // Played here (this process and its threads) needs no verification; a queue's workers do.
    const manifest = (status: string) => ({
      ...buildManifest(
        plan,
        options,
        runDir,
        status,
        merged.games,
        gamesTotal,
        { ...session, verification: backend.verification?.(plan) ?? { status: 'played here' } },
        git,
      ),
      ...(dealsLimit < plan.deals ? { dealsLimit } : {}),
    });
    writeJsonAtomic(join(runDir, 'manifest.json'), manifest('running'));
    options.onStart?.({ runDir, progress: { ...progress } });

    // 3. Shards on the backend, a bounded number in flight. A thread that finished a shard gets its
    //    next one before the finished shard is persisted (written and fsynced); it counts only then.
    const limit = backend.inFlight;
    const queue = [...todo];
    const inFlight = new Set<Promise<void>>();
    const finished: { start: number; end: number; result: ShardResult }[] = [];
    let failure: unknown;
    // Every game played this session adds 1 here (in the pool's threads too): the games inside running
    // shards are this count minus the games of the shards finished so far.
    const gamesPlayed = new Int32Array(new SharedArrayBuffer(4));
    let gamesFinished = 0;
    const running = () => Math.max(0, Atomics.load(gamesPlayed, 0) - gamesFinished);
    const ticker = setInterval(() => options.onProgress?.({ ...progress, gamesRunning: running() }), PROGRESS_MS);
    ticker.unref();
    const persist = ({ start, end, result }: (typeof finished)[number]) => {
      try {
        gamesFinished += result.aggregate.games;
        writeShardFile(shardDir, start, end, result, identity, columnSpecs);
        merged = mergeAggregates(merged, result.aggregate);
        session.shards++;
        session.games += result.aggregate.games;
        progress.gamesDone += result.aggregate.games;
        options.onProgress?.({ ...progress, gamesRunning: running() });
      } catch (error) {
        failure ??= error;
      }
    };
    // A queue worker found faulty: every shard it delivered (persisted as played by it) is moved
    // aside and played again, and the merged results are read back from the shards that remain.
    const revoked = new Set<string>();
    const revokeFaulty = () => {
      for (const worker of backend.faultyWorkers?.() ?? []) {
        if (revoked.has(worker)) continue;
        revoked.add(worker);
        const ranges = dropShardsPlayedBy(runDir, worker);
        if (!ranges.length) continue;
        log(
          `carclab: ${ranges.length} shard${ranges.length === 1 ? '' : 's'} delivered by ${worker} before it was found faulty ${ranges.length === 1 ? 'is' : 'are'} moved to ${join(runDir, 'rejected')}/ and played again`,
        );
        merged = loadShardFiles(runDir, plan, identity, keepGames && !arrowDone, dealsLimit).merged;
        progress.gamesDone = merged.games;
        options.onProgress?.({ ...progress });
        queue.unshift(...ranges);
      }
    };
    const canDispatch = () =>
      queue.length > 0 && inFlight.size < limit && !options.signal?.aborted && failure === undefined;
    for (;;) {
      while (canDispatch()) {
        const [start, end] = queue.shift()!;
        const task = backend
          .run({ plan, start, end, keepGames, gamesPlayed }, options.signal)
          .then(
            (result) => {
              finished.push({ start, end, result });
            },
            (error: unknown) => {
              // A shard given up because the run was stopped is simply not done; anything else fails the run.
              if (!(options.signal?.aborted && error instanceof ShardAbandoned)) failure ??= error;
            },
          )
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      for (let next = finished.shift(); next; next = finished.shift()) persist(next);
      revokeFaulty();
      if (canDispatch()) continue; // shards of a faulty worker to play again
      if (!inFlight.size) break;
      await Promise.race(inFlight);
    }
    clearInterval(ticker);
    const finish = <S extends RunOutcome['status'] | 'failed'>(status: S) => {
      session.status = status;
      session.wallSeconds = (performance.now() - t0) / 1000;
      session.rssMaxMB = Math.round(rssMax / 2 ** 20);
      return {
        status,
        runDir,
        gamesPlayed: session.games,
        wallSeconds: session.wallSeconds,
        rssMaxMB: session.rssMaxMB,
      };
    };
    const fail = (error: unknown): never => {
      finish('failed');
      writeFailedManifest(join(runDir, 'manifest.json'), manifest('failed'));
      throw error;
    };
    if (failure !== undefined) fail(failure);
    if (merged.games < gamesTotal) {
      const outcome = finish('interrupted');
      writeJsonAtomic(join(runDir, 'manifest.json'), manifest('interrupted'));
      return outcome;
    }

    // 4. Final outputs.
    try {
      const summary = buildSummary(
        dealsLimit < plan.deals ? { ...plan, deals: dealsLimit } : plan,
        games,
        layout,
        merged,
      );
      writeJsonAtomic(join(runDir, 'summary.json'), summary);
      for (const [name, text] of Object.entries(summaryTables(summary))) writeAtomic(join(runDir, name), text);
      if (keepGames && !arrowDone && dealsLimit === plan.deals)
        await writeGamesArrow(runDir, shardDir, columnSpecs, gamesTotal, binding);
      const outcome = finish('complete');
      writeJsonAtomic(join(runDir, 'manifest.json'), manifest('complete'));
      return { ...outcome, summary };
    } catch (error) {
      return fail(error);
    }
  } finally {
    clearInterval(sampler);
    lock?.release();
  }
}

/**
 * What is wrong with the run's games.arrow, or null: every check of `checkedGames` when the shards
 * cover the run (`games` games), else (a shard was rejected and is played again) the checks that
 * need no shards; a reader checks the rest once the shards are whole again.
 */
async function keptGamesProblem(
  runDir: string,
  binding: RunBinding,
  shards: Aggregate,
  games: number,
): Promise<string | null> {
  if (shards.games !== games) {
    const bytes = checkedGamesBytes(runDir, binding);
    return typeof bytes === 'string' ? bytes : null;
  }
  const { fromArrow } = await import('arquero'); // only for a run that kept games
  const checked = checkedGames(runDir, binding, shards, fromArrow);
  return typeof checked === 'string' ? checked : null;
}

/**
 * Marks the run failed. When the disk is full the atomic write (a second copy) may not fit; then the
 * manifest is overwritten in place without indentation: about a fifth smaller than the indented
 * copy it replaces, so it fits in the room that copy had, although a failed manifest says more (its
 * end, its error; indented, it was cut at a 4 KiB block on a full disk).
 */
function writeFailedManifest(file: string, manifest: object): void {
  try {
    writeJsonAtomic(file, manifest);
  } catch {
    try {
      writeFileSync(file, `${JSON.stringify(manifest)}\n`);
    } catch {
      // Nothing more can be done; the error that failed the run is reported by the caller.
    }
  }
}

function buildManifest(
  plan: Plan,
  options: RunOptions,
  runDir: string,
  status: string,
  gamesDone: number,
  gamesTotal: number,
  session: object,
  git: ReturnType<typeof gitInfo>,
) {
  const manifestFile = join(runDir, 'manifest.json');
  let sessions: object[] = [];
  if (existsSync(manifestFile)) {
    sessions = (readManifest(manifestFile).sessions ?? []).filter(
      (s) => s.started !== (session as { started: string }).started,
    );
  }
  sessions.push({ ...session });
  const code = codeIdentity();
  const setups = armSetups(plan);
  const files = ['plan.json', 'manifest.json', 'summary.json', 'seats.csv', 'lineup.csv', 'stats.csv', 'pairs.csv'];
  if (options.keepGames && (options.dealsLimit ?? plan.deals) >= plan.deals)
    files.push(GAMES_FILE, GAMES_CHECKSUM_FILE);
  return {
    format: 'carclab-manifest/1',
    status,
    experiment: { name: plan.experiment, description: plan.description, file: options.experimentFile ?? null },
    runId: runDir.split(/[\\/]/).pop(),
    seed: plan.seed,
    deals: plan.deals,
    rotation: plan.rotation,
    games: { done: gamesDone, total: gamesTotal },
    keepGames: options.keepGames,
    columns: plan.columns,
    histogram: plan.histogram,
    arms: setups.map(({ arm, game }) => ({
      name: arm.name,
      players: arm.players,
      expansions: arm.expansions,
      agents: arm.agents,
      rules: {
        explicit: game.explicitRules,
        defaulted: Object.fromEntries(Object.entries(game.rules).filter(([name]) => !(name in game.explicitRules))),
      },
      tiles: arm.tiles.map((t) => t.where),
      tileCounts: arm.tileCounts,
      deckSize: game.deck.length,
      catalogHash: game.catalog.hash,
      reconstructedTiles: game.catalog.reconstructed,
    })),
    reconstructedTiles: setups.some((s) => s.game.catalog.reconstructed),
    // False when an agent has a time budget: then the same seed need not give the same games.
    reproducible: setups.every((s) => s.agents.every((a) => a.reproducible)),
    package: packageInfo(),
    // The code that played every shard (the same in every session: the run id holds it).
    code: { hash: code.hash, files: code.files, packages: code.packages },
    git,
    node: process.version,
    files: status === 'complete' ? files : ['plan.json', 'manifest.json', 'shards/'],
    wallSeconds: sessions.reduce((t, s) => t + ((s as { wallSeconds?: number }).wallSeconds ?? 0), 0),
    sessions,
  };
}
