/**
 * The answer of a balance search (`result.json`), shared by the run, its report and the command
 * line: the rule sets not rejected as the best with their search estimates, those confirmed on
 * fresh deals with an interval for every target, the Pareto front of the targets, the main effects,
 * the games spent against a full grid's, and the warnings a designer must not miss.
 */
import { createHash } from 'node:crypto';
import type { ParamValue } from '../engine/index.ts';
import type { Confirmation } from './confirm.ts';
import type { Balance } from './definition.ts';
import type { CandidateData } from './estimate.ts';
import type { Misfit } from './model.ts';
import { confirmationLevels } from './confirm.ts';
import { pointLabel } from './knobs.ts';
import type { CandidateRecord, SearchResult } from './search.ts';
import { shortfall, wishText } from './targets.ts';

export const METHOD =
  'screening by an additive model of each target (a first population with every knob value about equally often, then the rule sets the model predicts best and the leader\u2019s neighbours), successive halving and a race on growing paired deals, rejections by paired tests at Bonferroni levels over rule sets, looks and intervals; the best rule sets left confirmed on fresh deals';

export interface RuleSet {
  point: number[];
  values: ParamValue[];
  label: string;
}

export interface BalanceResult {
  format: 'carclab-balance/1';
  name: string;
  seed: string;
  status: SearchResult['status'];
  method: string;
  knobs: string[];
  targets: { label: string; wish: string; weight: number; precision: number; share: boolean }[];
  /**
   * The rule sets not rejected as the best, best search estimate first; `group` numbers the rule sets
   * that played identical games on every deal of the search (their knobs differ only where nothing
   * is read, e.g. a scoring variant's value under another variant), from 0 in order of appearance.
   */
  notRejected: (RuleSet & { loss: number; group: number })[];
  confirmed: (RuleSet & Confirmation)[];
  /** Indices into `candidates` of the Pareto front of the targets (estimates on the shared first deals). */
  pareto: number[];
  /**
   * Per target, per knob (and per seat for `seatWinGap`): each value's main effect on the metric, by
   * least squares without shrinkage (95 % t over the search's first deals); null, with the reason in
   * `unknown`, for a value no rule set measured or whose effect the design cannot separate.
   */
  effects: {
    knob: string;
    value: ParamValue;
    part: number | null;
    ruleSets: number;
    estimate: number | null;
    lo: number | null;
    hi: number | null;
    unknown?: 'not measured' | 'not separable';
  }[][];
  /**
   * Per target (per part for `seatWinGap`): how well the knobs add up — the rule sets' scatter about
   * the additive fit over what the deals' noise explains, its degrees of freedom and its 1 % limit.
   */
  effectsFit: (Misfit & { part: number | null })[][];
  games: {
    search: number;
    confirmation: number;
    /** Every rule set's contexts measured to each target's precision (runs shared between rule sets counted once). */
    grid: number;
    firstDeals: number;
  };
  /** The level of each interval of the search's tests; the confirmation's coverage and nominal level. */
  levels: { search: number; confirmation: number; confirmationNominal: number };
  warnings: string[];
  candidates: (CandidateRecord & RuleSet)[];
  log: string[];
}

/** A fingerprint of a rule set's data on its deals: equal for rule sets whose games gave the same sums on every deal. */
export function fingerprint(data: CandidateData): string {
  const hash = createHash('sha256');
  for (const parts of data.targets)
    for (const part of parts)
      for (const t of part.terms) {
        hash.update(new Uint8Array(t.x.buffer, t.x.byteOffset, data.deals * 8));
        hash.update(new Uint8Array(t.y.buffer, t.y.byteOffset, data.deals * 8));
      }
  return hash.digest('hex');
}

/** Group numbers of the fingerprints, from 0 in order of first appearance. */
export function groupsOf(fingerprints: readonly string[]): number[] {
  const first = new Map<string, number>();
  return fingerprints.map((f) => {
    if (!first.has(f)) first.set(f, first.size);
    return first.get(f)!;
  });
}

export const ruleSet = (balance: Balance, point: readonly number[]): RuleSet => ({
  point: [...point],
  values: balance.knobs.map((k, i) => k.values[point[i]!]!),
  label: pointLabel(balance.knobs, point),
});

/** Per-target losses to compare on: the shortfall, the metric for minimize, its negative for maximize. */
const costs = (balance: Balance, first: readonly number[]) => balance.targets.map((t, i) => shortfall(t, first[i]!));

/** The candidates no other beats on every target (estimates on the shared first deals). */
export function paretoFront(balance: Balance, candidates: readonly CandidateRecord[]): number[] {
  const c = candidates.map((r) => costs(balance, r.first));
  const dominates = (a: number[], b: number[]) => a.every((x, i) => x <= b[i]!) && a.some((x, i) => x < b[i]!);
  return c.flatMap((mine, i) => (c.some((other, j) => j !== i && dominates(other, mine)) ? [] : [i]));
}

const num = (x: number) => String(Number(x.toPrecision(3)));

/**
 * What a designer must not miss: targets no rule set meets, confirmations that miss, rule sets left
 * unconfirmed, an unfinished search. `groups`: per rule set not rejected, its group of rule sets that
 * played the same games.
 */
export function warningsOf(
  balance: Balance,
  search: SearchResult,
  confirmed: readonly (RuleSet & Confirmation)[],
  groups: readonly number[],
): string[] {
  const warnings: string[] = [];
  // Judged on the rule sets left (the most deals), not on rule sets measured on a few.
  const left = search.candidates.filter((c) => search.notRejected.some((p) => p.join() === c.point.join()));
  balance.targets.forEach((t, i) => {
    if (t.kind === 'minimize' || t.kind === 'maximize') return;
    const best = left.reduce((a, b) =>
      shortfall(t, b.targets[i]!.estimate) < shortfall(t, a.targets[i]!.estimate) ? b : a,
    );
    const { estimate, lo, hi } = best.targets[i]!;
    if (shortfall(t, estimate) === 0) return;
    // Its interval may still reach the wish (a largest seat gap's estimate is biased up on few deals).
    const reaches = lo <= t.value && t.value <= hi ? true : Math.min(shortfall(t, lo), shortfall(t, hi)) === 0;
    const nearest = `the nearest, ${pointLabel(balance.knobs, best.point, t.players)}, is at ${num(estimate)} [${num(lo)}, ${num(hi)}] (search estimate, 95 % interval, ${best.deals.toLocaleString('en')} deals)`;
    warnings.push(
      reaches
        ? `none of the rule sets left is seen to meet "${t.label}" ${wishText(t)} yet: ${nearest}, which reaches the wish; more deals may tell (raise budget.maxDeals), else widen the knobs' ranges or relax the target`
        : `none of the rule sets left meets "${t.label}" ${wishText(t)}: ${nearest}; widen the knobs' ranges or relax the target`,
    );
  });
  for (const c of confirmed) warnings.push(...confirmationWarnings(balance, c));
  const groupCount = new Set(groups).size;
  if (groupCount > confirmed.length)
    warnings.push(
      `${groupCount} groups of rule sets are not rejected as the best: ${confirmed.length} confirmed on fresh deals (those of least search loss), ${groupCount - confirmed.length} not (raise budget.confirm to ${groupCount} to confirm them all)`,
    );
  if (search.status === 'budget')
    warnings.push(
      `the search budget ran out before the race ended: ${search.notRejected.length} rule sets are left undecided (raise budget.games)`,
    );
  return warnings;
}

/**
 * A confirmed rule set's warnings, its name said once in each: the targets it misses on fresh deals,
 * and the contexts whose confirmation reached its cap before every target's precision.
 */
function confirmationWarnings(balance: Balance, c: RuleSet & Confirmation): string[] {
  const warnings: string[] = [];
  const name = pointLabel(balance.knobs, c.point);
  const missed = balance.targets.flatMap((t, i) => {
    const ct = c.targets[i]!;
    return ct.met === 'no' ? [`"${t.label}" ${wishText(t)}: ${num(ct.estimate)} [${num(ct.lo)}, ${num(ct.hi)}]`] : [];
  });
  if (missed.length) warnings.push(`on fresh deals ${name} misses ${missed.join('; ')}`);
  const capped = c.contexts.filter((ctx) => ctx.reason === 'deals');
  if (!capped.length) return warnings;
  const raise = capped.some((ctx) => !ctx.sameValue.length) ? ' (raise budget.confirmDeals)' : '';
  const contexts = capped.map((ctx) => {
    const same = ctx.sameValue.length
      ? `: ${ctx.sameValue.map((l) => `"${l}"`).join(', ')} had the same value on every deal, which never stops a run; its interval is the exact bound of such a sample`
      : '';
    return `${ctx.key} at ${ctx.deals.toLocaleString('en')} deals${same}`;
  });
  warnings.push(
    `the confirmation of ${name} reached its cap before every target's precision in ${capped.length === 1 ? 'context' : `${capped.length} contexts`} ${contexts.join('; ')}${raise}`,
  );
  return warnings;
}

/** Games of a full grid: per context, every distinct setup of its knobs measured to its targets' precision. */
export function gridGames(
  balance: Balance,
  dealsForPrecision: readonly number[],
  gamesPerDeal: (context: string) => number,
): number {
  return balance.contexts.reduce((sum, c) => {
    const setups = balance.knobs.reduce(
      (n, k) => (k.players === null || k.players === c.players ? n * k.values.length : n),
      1,
    );
    const deals = Math.max(...balance.targets.map((t, i) => (t.context === c.key ? dealsForPrecision[i]! : 0)));
    return sum + setups * deals * gamesPerDeal(c.key);
  }, 0);
}

/** The answer from the search, the groups of its rule sets not rejected and their confirmations. */
export function buildResult(
  balance: Balance,
  search: SearchResult,
  groups: readonly number[],
  confirmed: (RuleSet & Confirmation)[],
  games: { confirmation: number; grid: number },
): BalanceResult {
  const levels = confirmationLevels(balance);
  const lossOf = (p: readonly number[]) => search.candidates.find((c) => c.point.join() === p.join())!.loss.estimate;
  return {
    format: 'carclab-balance/1',
    name: balance.name,
    seed: balance.seed,
    status: search.status,
    method: METHOD,
    knobs: balance.knobs.map((k) => k.name),
    targets: balance.targets.map((t) => ({
      label: t.label,
      wish: wishText(t),
      weight: t.weight,
      precision: t.precision,
      share: t.metric.share,
    })),
    notRejected: search.notRejected.map((p, i) => ({ group: groups[i]!, ...ruleSet(balance, p), loss: lossOf(p) })),
    confirmed,
    pareto: paretoFront(balance, search.candidates),
    effects: search.effects.map(({ effects }) =>
      effects.map((e) => ({
        knob: balance.knobs[e.knob]!.name,
        value: balance.knobs[e.knob]!.values[e.value]!,
        part: e.part,
        ruleSets: e.ruleSets,
        estimate: e.estimate,
        lo: e.lo,
        hi: e.hi,
        ...(e.unknown ? { unknown: e.unknown } : {}),
      })),
    ),
    effectsFit: search.effects.map(({ misfits }) => misfits),
    games: {
      search: search.games,
      confirmation: games.confirmation,
      grid: games.grid,
      firstDeals: balance.budget.firstDeals,
    },
    levels: { search: search.level, confirmation: levels.level, confirmationNominal: levels.nominal },
    warnings: warningsOf(balance, search, confirmed, groups),
    candidates: search.candidates.map((c) => ({ ...c, ...ruleSet(balance, c.point) })),
    log: search.log,
  };
}

/** `candidates.csv`: every rule set measured, its values, deals, loss, targets, status and verdict. */
export function candidatesCsv(balance: Balance, result: BalanceResult): string {
  const cell = (v: unknown) => {
    const s = typeof v === 'number' ? String(Number(v.toPrecision(8))) : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const header = [
    ...balance.knobs.map((k) => k.name),
    'round',
    'deals',
    'loss',
    'lossLo',
    'lossHi',
    ...balance.targets.flatMap((t) => [t.label, `${t.label} (first deals)`]),
    'status',
    'verdict',
  ];
  const rows = result.candidates.map((c) =>
    [
      ...c.values,
      c.round,
      c.deals,
      c.loss.estimate,
      c.loss.lo,
      c.loss.hi,
      ...c.targets.flatMap((t, i) => [t.estimate, c.first[i]]),
      c.status,
      c.verdict,
    ]
      .map(cell)
      .join(','),
  );
  return `${[header.map(cell).join(','), ...rows].join('\n')}\n`;
}
