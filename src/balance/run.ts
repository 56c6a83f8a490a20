/**
 * Runs a balance search into `<out>/<name>/<seed>-<hash>/`:
 *   1. `balance.json` (the resolved file; the directory's hash covers it, so the same file finds
 *      the same directory and resumes);
 *   2. the search (`search.ts`) on the file's seed, its context runs under `games/`;
 *   3. the confirmation of the best rule sets not rejected, on fresh deals (seed `<seed>/confirm`)
 *      under `confirmation/` (`confirm.ts`);
 *   4. `result.json`, `candidates.csv`, the report (md + offline html, with the Pareto and main-effect
 *      charts) and `manifest.json`, each written atomically.
 * Every decision depends only on the runs' per-deal sums, so the answer is the same for any number of
 * workers or backend; an interrupted search re-plays its decisions from the finished shards.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { packageInfo, writeAtomic, writeJsonAtomic } from '../run/files.ts';
import { openDefinitionDir, searchManifestWriter } from '../run/search.ts';
import type { SearchOptions, SearchOutcome } from '../run/search.ts';
import { AGGREGATE_FORMAT, gamesPerDealOf } from '../sim/plan.ts';
import { confirm } from './confirm.ts';
import type { Balance } from './definition.ts';
import { ContextRuns, Interrupted } from './evaluate.ts';
import type { RunSettings } from './evaluate.ts';
import type { LossTarget } from './loss.ts';
import { writeBalanceReport } from './report.ts';
import { buildResult, candidatesCsv, fingerprint, gridGames, groupsOf, METHOD, ruleSet } from './result.ts';
import type { BalanceResult } from './result.ts';
import { balanceSearch } from './search.ts';
import type { Evaluator, SearchProblem } from './search.ts';

export interface BalanceOptions extends SearchOptions {
  balance: Balance;
  /** The runners' lines for the user (a bad shard file, a faulty worker), naming the rule set; default stderr. */
  log?(line: string): void;
}

export type BalanceOutcome = SearchOutcome<BalanceResult>;

export function balanceDirOf(balance: Balance, outRoot: string): string {
  if (outRoot.trim() === '')
    throw new InputError('usage', `--out must name a directory, got ${JSON.stringify(outRoot)}`);
  const hash = createHash('sha256')
    .update(JSON.stringify({ balance, version: packageInfo().version, aggregates: AGGREGATE_FORMAT }))
    .digest('hex')
    .slice(0, 10);
  return join(outRoot, balance.name, `${balance.seed.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 24)}-${hash}`);
}

/** The search's view of the file: the space, each target's loss and the knobs that apply to its games. */
export function searchProblem(balance: Balance): SearchProblem {
  return {
    space: { sizes: balance.knobs.map((k) => k.values.length), ordinal: balance.knobs.map((k) => k.ordinal) },
    targets: balance.targets.map(
      (t): LossTarget => ({
        kind: t.kind,
        value: t.value,
        tolerance: t.tolerance,
        weight: t.weight,
        precision: t.precision,
        combine: t.metric.combine,
        parts: t.metric.parts.length,
      }),
    ),
    relevant: balance.targets.map((t) =>
      balance.knobs.flatMap((k, i) => (k.players === null || k.players === t.players ? [i] : [])),
    ),
  };
}

/** What a finished balance directory holds, as its manifest lists it. */
const BALANCE_FILES = [
  'balance.json',
  'manifest.json',
  'result.json',
  'candidates.csv',
  'report.md',
  'report.html',
  'charts/',
  'games/',
  'confirmation/',
];

/** The result of the search and the confirmation, written as `result.json`, `candidates.csv` and the report. */
async function writeResult(
  balance: Balance,
  dir: string,
  runs: ContextRuns,
  confirmRuns: ContextRuns,
  { search, groups, confirmed }: Awaited<ReturnType<typeof searchAndConfirm>>,
): Promise<BalanceResult> {
  // Games per deal of each context (the same for every rule set).
  const gamesPerDeal = (key: string) =>
    gamesPerDealOf(
      runs.runsOf(
        [search.notRejected[0]!],
        balance.contexts.filter((c) => c.key === key),
      )[0]!.plan,
    );
  const result = buildResult(balance, search, groups, confirmed, {
    confirmation: confirmRuns.charged(),
    grid: gridGames(balance, search.dealsForPrecision, gamesPerDeal),
  });
  writeJsonAtomic(join(dir, 'result.json'), result);
  writeAtomic(join(dir, 'candidates.csv'), candidatesCsv(balance, result));
  await writeBalanceReport(balance, result, dir);
  return result;
}

export async function runBalance(options: BalanceOptions): Promise<BalanceOutcome> {
  const { balance, backend } = options;
  const t0 = performance.now();
  const started = new Date().toISOString();
  const dir = openDefinitionDir(balanceDirOf(balance, options.outRoot), 'balance.json', balance, 'balance');
  const manifest = searchManifestWriter(dir, 'carclab-balance-manifest/1', { balance }, METHOD, options, started);
  manifest('running');
  let played = 0;
  const settings = (outRoot: string): RunSettings => ({
    outRoot,
    backend,
    newRun: options.newRun,
    signal: options.signal,
    onGames: (games) => options.onGames?.(played + games),
    log: options.log,
  });
  const runs = new ContextRuns(balance, balance.seed, balance.budget.maxDeals, settings(dir));
  const confirmRuns = new ContextRuns(
    balance,
    `${balance.seed}/confirm`,
    balance.budget.confirmDeals,
    settings(join(dir, 'confirmation')),
  );
  const gamesPlayed = () => runs.played + confirmRuns.played;
  try {
    const found = await searchAndConfirm(balance, runs, confirmRuns, () => {
      played = runs.played;
    });
    const result = await writeResult(balance, dir, runs, confirmRuns, found);
    const wallSeconds = (performance.now() - t0) / 1000;
    manifest('complete', { games: result.games, wallSeconds, files: BALANCE_FILES });
    return { status: 'complete', dir, result, gamesPlayed: gamesPlayed(), wallSeconds };
  } catch (error) {
    if (!(error instanceof Interrupted)) {
      manifest('failed');
      throw error;
    }
    manifest('interrupted');
    return { status: 'interrupted', dir, gamesPlayed: gamesPlayed(), wallSeconds: (performance.now() - t0) / 1000 };
  }
}

/**
 * The search, then the confirmation of the best rule sets left — one of each group of rule sets that
 * played identical games, one at a time (they may share context runs).
 */
async function searchAndConfirm(balance: Balance, runs: ContextRuns, confirmRuns: ContextRuns, searched: () => void) {
  const evaluator: Evaluator = {
    cost: (points, deals) => runs.cost(runs.runsOf(points), deals),
    measure: async (points, deals) => {
      await runs.grow(runs.runsOf(points), deals);
      return points.map((p) => runs.candidate(p, deals));
    },
  };
  const { budget } = balance;
  const settings = {
    seed: balance.seed,
    firstDeals: budget.firstDeals,
    maxDeals: budget.maxDeals,
    budgetGames: budget.games,
    population: budget.population,
    rounds: budget.rounds,
    finalists: budget.finalists,
  };
  const search = await balanceSearch(searchProblem(balance), settings, evaluator);
  searched();
  const dealsOf = (p: readonly number[]) => search.candidates.find((c) => c.point.join() === p.join())!.deals;
  const groups = groupsOf(search.notRejected.map((p) => fingerprint(runs.candidate(p, dealsOf(p)))));
  const confirmed = [];
  for (const [i, point] of search.notRejected.entries())
    if (groups.indexOf(groups[i]!) === i && groups[i]! < budget.confirm)
      confirmed.push({ ...ruleSet(balance, point), ...(await confirm(balance, confirmRuns, point)) });
  return { search, groups, confirmed };
}
