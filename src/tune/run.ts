/**
 * Runs a tuning into `<out>/<tuning>/<run-id>/`:
 *   1. `tuning.json` (the resolved definition; the run id hashes it, so the same tuning finds the
 *      same directory and resumes);
 *   2. the search (`search.ts`): each candidate is a one-arm run under `candidates/`, grown batch
 *      by batch (`dealsLimit`) on the tuning's seed, so every candidate plays the same deals;
 *   3. the confirmation: the chosen value on fresh deals (seed `<seed>/confirm`) under
 *      `confirmation/`, played to the precision by the width rule of `precision.ts`; its interval
 *      is the one reported, free of the search's looks and of the selection;
 *   4. `result.json`, `candidates.csv`, the report (md + offline html, with the sweep chart) and
 *      `manifest.json`, each written atomically.
 * Every decision depends only on the candidates' summaries, so the answer is the same for any number
 * of workers; an interrupted tuning re-plays its decisions from the finished shards and goes on.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { packageInfo, writeAtomic, writeJsonAtomic } from '../run/files.ts';
import { openDefinitionDir, searchManifestWriter } from '../run/search.ts';
import type { SearchOptions, SearchOutcome } from '../run/search.ts';
import { AGGREGATE_FORMAT } from '../sim/plan.ts';
import { runExperiment } from '../run/runner.ts';
import type { Progress } from '../run/runner.ts';
import type { ArmSummary } from '../sim/summary.ts';
import { candidatePlan, valuesOf } from './definition.ts';
import type { Tuning } from './definition.ts';
import { intervalMethod, measureOf } from './metric.ts';
import { precisionPlan, runToPrecision } from './precision.ts';
import type { StopRecord } from './precision.ts';
import { familyLevel, STOP_LEVEL, stopInterval } from './stop-rule.ts';
import { bisect, lossOf, race } from './search.ts';
import type { Evaluate, SearchResult } from './search.ts';
import { writeTuneReport } from './report.ts';
import type { TuneResult } from './result.ts';

export type { TuneResult } from './result.ts';

export interface TuneOptions extends SearchOptions {
  tuning: Tuning;
}

export type TuneOutcome = SearchOutcome<TuneResult>;

class Interrupted extends Error {}

export function tuneDirOf(tuning: Tuning, outRoot: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ tuning, version: packageInfo().version, aggregates: AGGREGATE_FORMAT }))
    .digest('hex')
    .slice(0, 10);
  return join(outRoot, tuning.name, `${tuning.seed.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 24)}-${hash}`);
}

export const methodOf = (tuning: Tuning): string =>
  tuning.kind === 'equals'
    ? 'stochastic bisection on paired deals (looks at n₀·2^k deals, Bonferroni over the looks), then a confirmation run on fresh deals'
    : 'racing by successive elimination over the grid on paired deals (Bonferroni over looks and candidates, and over the parts once), then a confirmation run on fresh deals';

/**
 * The reported quantity of the confirmation: the metric (one part) or the largest distance (several),
 * with the interval the confirmation's stopping rule was judged on (`stop-rule.ts`; several parts:
 * each at the family's Bonferroni level, the same as the stop used).
 */
function targetQuantity(tuning: Tuning, arm: ArmSummary): { estimate: number; lo: number; hi: number } {
  const parts = tuning.parts.map((p) => measureOf(arm, p.metric));
  if (parts.length > 1)
    return lossOf(
      parts,
      tuning.parts.map((p) => p.around),
      familyLevel(parts.length),
    );
  const { lo, hi } = stopInterval(parts[0]!);
  return { estimate: parts[0]!.mean, lo, hi };
}

const num = (x: number) => String(Number(x.toPrecision(4)));

/** What a designer must not miss about the answer: the confirmation missing the target or the precision. */
export function answerWarnings(
  tuning: Tuning,
  q: { lo: number; hi: number },
  confirmation: { reason: string; halfWidth: number; deals: number },
): string[] {
  const warnings: string[] = [];
  if (tuning.kind === 'equals' && (q.lo > tuning.value || q.hi < tuning.value)) {
    warnings.push(
      `the confirmation's interval [${num(q.lo)}, ${num(q.hi)}] excludes the target ${num(tuning.value)}: on fresh deals the chosen value misses it; look at the values the search did not reject`,
    );
  }
  if (confirmation.reason === 'deals') {
    warnings.push(
      `precision not reached: the confirmation's half-width is ±${num(confirmation.halfWidth)} after all ${confirmation.deals.toLocaleString('en')} deals it may play, ±${tuning.precision} was asked`,
    );
  }
  return warnings;
}

/** A tuning under way: its options, directory, shard size and the games played so far in this session. */
interface Session {
  options: TuneOptions;
  dir: string;
  shardDeals: number;
  gamesPlayed: number;
}

/** Reports a run's progress as this session's games, counting from those played before it began. */
const progressOf = (session: Session) => {
  const base = session.gamesPlayed;
  return (p: Progress) => session.options.onGames?.(base + p.gamesDone - p.gamesResumed);
};

export async function runTuning(options: TuneOptions): Promise<TuneOutcome> {
  const { tuning } = options;
  const t0 = performance.now();
  const started = new Date().toISOString();
  // Step 1: the tuning's directory with its `tuning.json` (written, or checked to be this tuning's).
  const dir = openDefinitionDir(tuneDirOf(tuning, options.outRoot), 'tuning.json', tuning, 'tuning');
  const manifest = searchManifestWriter(dir, 'carclab-tune-manifest/1', { tuning }, methodOf(tuning), options, started);
  manifest('running');
  const session: Session = {
    options,
    dir,
    shardDeals: Math.max(10, Math.ceil(tuning.budget.firstDeals / 2)),
    gamesPlayed: 0,
  };
  try {
    const search = await searchCandidates(session);
    const confirmation = await confirm(session, search);
    const result = tuneResult(tuning, search, confirmation);
    writeJsonAtomic(join(dir, 'result.json'), result);
    writeAtomic(join(dir, 'candidates.csv'), candidatesCsv(tuning, result));
    await writeTuneReport(tuning, result, dir);
    const wallSeconds = (performance.now() - t0) / 1000;
    manifest('complete', {
      result: {
        value: result.value,
        estimate: result.estimate,
        lo: result.lo,
        hi: result.hi,
        games: result.games,
        status: result.status,
      },
      wallSeconds,
      files: [
        'tuning.json',
        'manifest.json',
        'result.json',
        'candidates.csv',
        'report.md',
        'report.html',
        'charts/',
        'candidates/',
        'confirmation/',
      ],
    });
    return { status: 'complete', dir, result, gamesPlayed: session.gamesPlayed, wallSeconds };
  } catch (error) {
    if (!(error instanceof Interrupted)) {
      manifest('failed');
      throw error;
    }
    manifest('interrupted');
    return {
      status: 'interrupted',
      dir,
      gamesPlayed: session.gamesPlayed,
      wallSeconds: (performance.now() - t0) / 1000,
    };
  }
}

/** Step 2: the search, each candidate a one-arm run grown to the deals the search asks for. */
async function searchCandidates(session: Session): Promise<SearchResult> {
  const { options, dir, shardDeals } = session;
  const { tuning, backend } = options;
  const evaluate: Evaluate = async (point, deals) => {
    const outcome = await runExperiment({
      plan: candidatePlan(tuning, point, tuning.budget.maxDeals),
      outRoot: join(dir, 'candidates'),
      backend,
      keepGames: false,
      shardDeals,
      dealsLimit: deals,
      newRun: options.newRun,
      signal: options.signal,
      onProgress: progressOf(session),
    });
    session.gamesPlayed += outcome.gamesPlayed;
    if (outcome.status !== 'complete') throw new Interrupted();
    return { deals, parts: tuning.parts.map((p) => measureOf(outcome.summary!.arms[0]!, p.metric)) };
  };
  const settings = {
    kind: tuning.kind,
    target: tuning.value,
    around: tuning.parts.map((p) => p.around),
    precision: tuning.precision,
    values: tuning.parameters.map((p) => (tuning.kind === 'equals' && !p.integer ? [p.min, p.max] : valuesOf(p))),
    step: tuning.kind === 'equals' && !tuning.parameters[0]!.integer ? tuning.parameters[0]!.step : null,
    firstDeals: tuning.budget.firstDeals,
    maxDeals: tuning.budget.maxDeals,
    budgetGames: tuning.budget.games,
    gamesPerDeal: tuning.gamesPerDeal,
  };
  return tuning.kind === 'equals' ? await bisect(settings, evaluate) : await race(settings, evaluate);
}

/** What the confirmation measured of the chosen value on fresh deals. */
interface Confirmation {
  seed: string;
  stop: StopRecord;
  arm: ArmSummary;
  halfWidth: number;
}

/** Step 3: the confirmation of the chosen value on fresh deals, to the precision. */
async function confirm(session: Session, search: SearchResult): Promise<Confirmation> {
  const { options, dir, shardDeals } = session;
  const { tuning } = options;
  const seed = `${tuning.seed}/confirm`;
  const targets = tuning.parts.map((p) => ({
    metric: p.metric,
    halfWidth: tuning.precision,
    family: tuning.parts.length,
  }));
  const confirmPlan = precisionPlan(candidatePlan(tuning, search.point, tuning.budget.maxDeals, seed), targets);
  const confirmed = await runToPrecision(targets, {
    plan: confirmPlan,
    outRoot: join(dir, 'confirmation'),
    backend: options.backend,
    keepGames: false,
    shardDeals,
    newRun: options.newRun,
    signal: options.signal,
    onProgress: progressOf(session),
  });
  session.gamesPlayed += confirmed.gamesPlayed;
  if (confirmed.status !== 'complete') throw new Interrupted();
  const stop = confirmed.stop!;
  const halfWidth = Math.max(...Object.values(stop.batches[stop.batches.length - 1]!.halfWidths));
  return { seed, stop, arm: confirmed.summary!.arms[0]!, halfWidth };
}

/** Step 4: the answer — the search's choice with the confirmation's interval, and how it was reached. */
function tuneResult(tuning: Tuning, search: SearchResult, confirmation: Confirmation): TuneResult {
  const { seed, stop, arm, halfWidth } = confirmation;
  const quantity = targetQuantity(tuning, arm);
  const confirmGames = stop.deals * tuning.gamesPerDeal;
  return {
    format: 'carclab-tune/1',
    name: tuning.name,
    status: search.status,
    parameters: tuning.parameters.map((p) => p.name),
    value: search.point.length === 1 ? search.point[0]! : search.point,
    point: search.point,
    metric: tuning.metric,
    target: { kind: tuning.kind, value: tuning.value },
    ...quantity,
    level: stop.level,
    nominalLevel: STOP_LEVEL,
    interval: `${tuning.parts.length > 1 ? 'Wilson per seat (Bonferroni over the seats), as the largest distance from 1/players' : intervalMethod(measureOf(arm, tuning.metric))}, nominal ${STOP_LEVEL * 100} %, covering ≥ ${stop.level * 100} % under the confirmation's stop`,
    notRejected: search.notRejected.map((p) => (p.length === 1 ? p[0]! : p)),
    warnings: answerWarnings(tuning, quantity, { reason: stop.reason, halfWidth, deals: stop.deals }),
    games: search.games + confirmGames,
    searchGames: search.games,
    confirmation: { seed, deals: stop.deals, games: confirmGames, reason: stop.reason, halfWidth },
    method: methodOf(tuning),
    candidates: search.candidates,
    log: search.log,
  };
}

function candidatesCsv(tuning: Tuning, result: TuneResult): string {
  const header = [...tuning.parameters.map((p) => p.name), 'deals', 'estimate', 'lo', 'hi', 'verdict'];
  const cell = (v: string | number) =>
    typeof v === 'number' ? String(Number(v.toPrecision(10))) : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  const rows = result.candidates.map((c) =>
    [...c.point, c.deals, c.estimate, c.lo, c.hi, c.verdict].map(cell).join(','),
  );
  return `${[header.map(cell).join(','), ...rows].join('\n')}\n`;
}
