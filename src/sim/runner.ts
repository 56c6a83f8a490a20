/**
 * Runs an experiment into `<out>/<experiment>/<run-id>/` (`DESIGN.md` "Outputs"):
 *   1. the run id hashes the plan, so re-running the same run finds the same directory;
 *   2. finished shards (`shards/<start>-<end>.json`, plus `.cols` with kept games) are merged, and
 *      only the deals no shard covers are split into new shards;
 *   3. shards run on the backend; each finished shard is persisted atomically, then merged;
 *   4. when every deal is covered: `summary.json`, the CSV tables, `games.arrow` (kept games) and
 *      `manifest.json` are written atomically.
 * Aborting (Ctrl-C) stops handing out shards, lets the running ones finish and persists them, so the
 * run resumes where it stopped and ends with the same results.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { mergeAggregates } from './aggregate.ts';
import type { Aggregate } from './aggregate.ts';
import { columnLayout, concatColumns, decodeColumns, encodeColumns } from './columns.ts';
import type { Columns } from './columns.ts';
import { gitInfo, packageInfo, removeTempFiles, writeAtomic, writeJsonAtomic } from './files.ts';
import { runLayout } from './metrics.ts';
import { AGGREGATE_FORMAT, armSetups, gamesPerDeal, runIdOf } from './plan.ts';
import type { Plan } from './plan.ts';
import { ShardAbandoned } from './pool.ts';
import type { Backend } from './pool.ts';
import { emptyAggregate } from './shard.ts';
import { buildSummary, summaryTables } from './summary.ts';
import type { Summary } from './summary.ts';

/** Games per shard aimed at: ≥ 1,000 per task so pool overhead vanishes (`STACK.md` §3). */
export const TARGET_GAMES_PER_SHARD = 4000;

export interface Progress {
  gamesDone: number;
  gamesTotal: number;
  /** Games already done by earlier sessions of this run. */
  gamesResumed: number;
}

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
  signal?: AbortSignal;
  /**
   * Play and summarize deals [0, dealsLimit) only (default: all the plan's deals): a caller that
   * stops by its own rule (`--precision`, `tune`) grows the limit batch by batch in the same run
   * directory; shards past the limit are kept for a later, larger limit.
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

const pad = (n: number) => String(n).padStart(10, '0');
const shardName = (start: number, end: number) => `${pad(start)}-${pad(end)}`;

export const gamesPerDealOf = (plan: Plan): number => plan.arms.reduce((n, arm) => n + gamesPerDeal(plan.rotation, arm.players), 0);

export const defaultShardDeals = (plan: Plan): number => Math.max(1, Math.ceil(TARGET_GAMES_PER_SHARD / gamesPerDealOf(plan)));

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
  return join(outRoot, plan.experiment, runIdOf(plan, packageInfo().version));
}

export async function runExperiment(options: RunOptions): Promise<RunOutcome> {
  const { plan, backend, keepGames } = options;
  const started = new Date();
  const t0 = performance.now();
  let rssMax = process.memoryUsage.rss();
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage.rss())), 100);
  sampler.unref();
  try {
    // 1. The run directory and its plan.
    const runDir = runDirOf(plan, options.outRoot);
    const shardDir = join(runDir, 'shards');
    try {
      mkdirSync(shardDir, { recursive: true });
    } catch (error) {
      throw new InputError('usage', `cannot create the run directory ${runDir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check --out`);
    }
    removeTempFiles(runDir);
    removeTempFiles(shardDir);
    const planFile = join(runDir, 'plan.json');
    if (existsSync(planFile)) {
      if (readFileSync(planFile, 'utf8') !== `${JSON.stringify(plan, null, 2)}\n`) throw new Error(`${planFile}: this run directory holds a different plan`);
    } else {
      writeJsonAtomic(planFile, plan);
    }
    const setups = armSetups(plan);
    const games = setups.map((s) => s.game);
    const layout = runLayout(plan, games);
    const columnSpecs = columnLayout(plan, games);

    // 2. Finished shards. With kept games, a shard counts only if its columns are there too.
    const arrowDone = existsSync(join(runDir, 'games.arrow'));
    let merged: Aggregate = emptyAggregate(plan);
    const dealsLimit = Math.min(plan.deals, options.dealsLimit ?? plan.deals);
    if (keepGames && dealsLimit < plan.deals) throw new Error('kept games need the whole run: dealsLimit excludes keepGames');
    for (const file of readdirSync(shardDir).filter((f) => f.endsWith('.json')).sort()) {
      const aggregate = JSON.parse(readFileSync(join(shardDir, file), 'utf8')) as Aggregate;
      if (aggregate.format !== AGGREGATE_FORMAT) throw new Error(`${join(shardDir, file)}: unknown shard format ${aggregate.format}`);
      if (aggregate.ranges.some(([, end]) => end > dealsLimit)) continue;
      if (keepGames && !arrowDone && !existsSync(join(shardDir, file.replace(/\.json$/, '.cols')))) continue;
      merged = mergeAggregates(merged, aggregate);
    }
    const perDeal = gamesPerDealOf(plan);
    const gamesTotal = dealsLimit * perDeal;
    const progress: Progress = { gamesDone: merged.games, gamesTotal, gamesResumed: merged.games };
    const todo = missingRanges(merged.ranges, dealsLimit, options.shardDeals ?? defaultShardDeals(plan));
    const session = {
      started: started.toISOString(), backend: backend.name, workers: backend.concurrency, shards: 0, games: 0,
      status: 'running', wallSeconds: 0, rssMaxMB: 0,
    };
    const manifest = (status: string) => ({
      ...buildManifest(plan, options, runDir, status, merged.games, gamesTotal, session),
      ...(dealsLimit < plan.deals ? { dealsLimit } : {}),
    });
    writeJsonAtomic(join(runDir, 'manifest.json'), manifest('running'));
    options.onStart?.({ runDir, progress: { ...progress } });

    // 3. Shards on the backend, a bounded number in flight; each is persisted before it counts.
    const limit = backend.inFlight;
    const queue = [...todo];
    const inFlight = new Set<Promise<void>>();
    let failure: unknown;
    while (queue.length || inFlight.size) {
      while (queue.length && inFlight.size < limit && !options.signal?.aborted && failure === undefined) {
        const [start, end] = queue.shift()!;
        const task = backend.run({ plan, start, end, keepGames }, options.signal).then((result) => {
          const base = join(shardDir, shardName(start, end));
          if (result.columns) writeAtomic(`${base}.cols`, encodeColumns(columnSpecs, result.columns));
          writeJsonAtomic(`${base}.json`, result.aggregate);
          merged = mergeAggregates(merged, result.aggregate);
          session.shards++;
          session.games += result.aggregate.games;
          progress.gamesDone += result.aggregate.games;
          options.onProgress?.({ ...progress });
        }).catch((error: unknown) => {
          // A shard given up because the run was stopped is simply not done; anything else fails the run.
          if (!(options.signal?.aborted && error instanceof ShardAbandoned)) failure ??= error;
        }).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      if (!inFlight.size) break;
      await Promise.race(inFlight);
    }
    const finish = (status: 'complete' | 'interrupted') => {
      session.status = status;
      session.wallSeconds = (performance.now() - t0) / 1000;
      session.rssMaxMB = Math.round(rssMax / 2 ** 20);
      return { status, runDir, gamesPlayed: session.games, wallSeconds: session.wallSeconds, rssMaxMB: session.rssMaxMB };
    };
    if (failure !== undefined) {
      writeJsonAtomic(join(runDir, 'manifest.json'), manifest('failed'));
      throw failure;
    }
    if (merged.games < gamesTotal) {
      const outcome = finish('interrupted');
      writeJsonAtomic(join(runDir, 'manifest.json'), manifest('interrupted'));
      return outcome;
    }

    // 4. Final outputs.
    const summary = buildSummary(dealsLimit < plan.deals ? { ...plan, deals: dealsLimit } : plan, games, layout, merged);
    writeJsonAtomic(join(runDir, 'summary.json'), summary);
    for (const [name, text] of Object.entries(summaryTables(summary))) writeAtomic(join(runDir, name), text);
    if (keepGames && !arrowDone) {
      await writeGamesArrow(runDir, shardDir, columnSpecs, gamesTotal);
    }
    const outcome = finish('complete');
    writeJsonAtomic(join(runDir, 'manifest.json'), manifest('complete'));
    return { ...outcome, summary };
  } finally {
    clearInterval(sampler);
  }
}

/** Concatenates the shards' columns in deal order into `games.arrow`, then drops the shard copies. */
async function writeGamesArrow(runDir: string, shardDir: string, specs: ReturnType<typeof columnLayout>, rows: number): Promise<void> {
  const aq = await import('arquero'); // loaded only when games are kept (it costs the main process ~17 MB)
  const files = readdirSync(shardDir).filter((f) => f.endsWith('.cols')).sort();
  const parts: Columns[] = files.map((f) => decodeColumns(readFileSync(join(shardDir, f)), join(shardDir, f)));
  const columns = concatColumns(specs, parts);
  if (columns.deal!.length !== rows) throw new Error(`${shardDir}: kept games cover ${columns.deal!.length} of ${rows} games`);
  writeAtomic(join(runDir, 'games.arrow'), aq.toArrowIPC(aq.table(columns)));
  for (const f of files) rmSync(join(shardDir, f), { force: true });
}

function buildManifest(plan: Plan, options: RunOptions, runDir: string, status: string, gamesDone: number, gamesTotal: number, session: object) {
  const manifestFile = join(runDir, 'manifest.json');
  let sessions: object[] = [];
  if (existsSync(manifestFile)) {
    const previous = JSON.parse(readFileSync(manifestFile, 'utf8')) as { sessions?: (object & { started?: string })[] };
    sessions = (previous.sessions ?? []).filter((s) => s.started !== (session as { started: string }).started);
  }
  sessions.push({ ...session });
  const setups = armSetups(plan);
  const files = ['plan.json', 'manifest.json', 'summary.json', 'seats.csv', 'lineup.csv', 'stats.csv', 'pairs.csv'];
  if (options.keepGames) files.push('games.arrow');
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
    git: gitInfo(),
    node: process.version,
    files: status === 'complete' ? files : ['plan.json', 'manifest.json', 'shards/'],
    wallSeconds: sessions.reduce((t, s) => t + ((s as { wallSeconds?: number }).wallSeconds ?? 0), 0),
    sessions,
  };
}
