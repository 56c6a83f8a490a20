/**
 * The sequential searches of `carclab tune`, over an abstract evaluator so that tests can plug in a
 * synthetic response. `evaluate(point, n)` measures the target quantity of a candidate on deals
 * [0, n): the same deals for every candidate (common random numbers), growing a candidate's deals
 * only extends them.
 *
 * Every candidate is looked at after n₀, 2n₀, 4n₀ … deals (at most `maxDeals`), so it gets at most
 * K looks; each decision uses a two-sided level of 1 − 0.05/K (Bonferroni over the looks; for the
 * race also over the candidates and the target's parts).
 *
 * `equals` (one parameter; the response is assumed monotone in it): stochastic bisection. Both ends
 * are measured until their interval lies above or below the target, or inside ±precision of it
 * ("reached"); ends on the same side mean no value in the range reaches the target. Then the middle
 * of the bracket is measured until its side is known (or it reaches the target), and the bracket
 * halves, until two neighbouring values (or a bracket narrower than the step) remain: the one whose
 * estimate is closer to the target is chosen. Games go to the few values near the crossing only.
 *
 * `minimize` (any number of parameters, a grid): racing by successive elimination. All surviving
 * candidates get the next batch of the same deals; a candidate whose loss |metric − around| (the
 * largest over the target's parts) is surely larger than another's is dropped; the race ends with
 * one survivor, or when every survivor's loss is known to ±precision (they tie), or at `maxDeals`.
 *
 * The search chooses; it does not report. Its intervals were looked at repeatedly and the chosen
 * value was selected by them, so the reported interval comes from a confirmation run on fresh deals
 * (`run.ts`).
 */
import { measureInterval } from './metric.ts';
import type { Interval, Measure } from './metric.ts';

export interface Evaluation {
  deals: number;
  /** One measure per part of the target (one for a single metric; one per seat for `seatWinGap`). */
  parts: Measure[];
}

export type Evaluate = (point: readonly number[], deals: number) => Promise<Evaluation>;

export interface SearchSettings {
  kind: 'equals' | 'minimize';
  /** `equals`: the target value of the (single) part. */
  target: number;
  /** `minimize`: per part, the value the loss is measured from. */
  around: readonly number[];
  precision: number;
  /** Candidate values of each parameter, ascending (for `equals` on reals: the two ends only). */
  values: readonly (readonly number[])[];
  /** `equals` on a real parameter: stop when the bracket is narrower than this. */
  step: number | null;
  firstDeals: number;
  maxDeals: number;
  /** Games the search may spend (deals × games per deal, summed over candidates). */
  budgetGames: number;
  gamesPerDeal: number;
}

export interface CandidateRecord {
  point: number[];
  deals: number;
  /** The target quantity (the metric for `equals`, the loss for `minimize`) with its 95 % interval. */
  estimate: number;
  lo: number;
  hi: number;
  /** What the search concluded about it (`above`, `below`, `reached`, `eliminated`, …). */
  verdict: string;
}

export interface SearchResult {
  status: 'found' | 'unreachable' | 'budget';
  point: number[];
  /**
   * The values the search's tests did not reject (docs/reasoning.md §11: the chosen one is one of them,
   * picked by a near coin flip when they are close): bisection, every grid value from the nearest
   * value decided on one side of the target to the nearest decided on the other, both included (a
   * real parameter: the ends of that range); racing, the survivors.
   */
  notRejected: number[][];
  candidates: CandidateRecord[];
  games: number;
  /** One line per decision, for the report and the manifest. */
  log: string[];
}

const REPORT_LEVEL = 0.95;

/** Deals at the k-th look: n₀·2^k, the last one `maxDeals`. */
export function looksOf(firstDeals: number, maxDeals: number): number[] {
  const looks: number[] = [];
  for (let n = firstDeals; n < maxDeals; n *= 2) looks.push(n);
  looks.push(maxDeals);
  return looks;
}

const key = (point: readonly number[]) => point.join(',');

/** The shared bookkeeping: evaluations per candidate, games spent, the budget. */
class Ledger {
  readonly evaluations = new Map<string, { point: number[]; evaluation: Evaluation; verdict: string }>();
  games = 0;
  readonly log: string[] = [];
  constructor(
    private readonly settings: SearchSettings,
    private readonly evaluate: Evaluate,
  ) {}

  deals(point: readonly number[]): number {
    return this.evaluations.get(key(point))?.evaluation.deals ?? 0;
  }

  /** Measures `point` on `deals` deals, or returns null when the budget does not allow it. */
  async measure(point: readonly number[], deals: number): Promise<Evaluation | null> {
    const have = this.evaluations.get(key(point));
    if (have && have.evaluation.deals >= deals) return have.evaluation;
    const cost = (deals - (have?.evaluation.deals ?? 0)) * this.settings.gamesPerDeal;
    if (this.games + cost > this.settings.budgetGames) return null;
    const evaluation = await this.evaluate(point, deals);
    this.games += cost;
    this.evaluations.set(key(point), { point: [...point], evaluation, verdict: have?.verdict ?? '' });
    return evaluation;
  }

  verdict(point: readonly number[], verdict: string): void {
    this.evaluations.get(key(point))!.verdict = verdict;
  }

  records(quantity: (e: Evaluation, level: number) => { estimate: number } & Interval): CandidateRecord[] {
    return [...this.evaluations.values()]
      .map(({ point, evaluation, verdict }) => ({
        point,
        deals: evaluation.deals,
        ...quantity(evaluation, REPORT_LEVEL),
        verdict,
      }))
      .sort((a, b) => a.point.join(',').localeCompare(b.point.join(','), 'en', { numeric: true }));
  }
}

const fmt = (x: number) => String(Number(x.toPrecision(6)));

// ---- equals: stochastic bisection ---------------------------------------------------------------

type Side = -1 | 0 | 1;

/** The target metric (the single part) with its interval at `level`. */
const metricOf = (e: Evaluation, level: number) => ({
  estimate: e.parts[0]!.mean,
  ...measureInterval(e.parts[0]!, level),
});

/** One stochastic bisection: its looks and level, the values measured, and what is known of the sides. */
class Bisection {
  readonly ledger: Ledger;
  private readonly looks: number[];
  private readonly level: number;
  /** A measurement the budget did not allow was asked for. */
  outOfBudget = false;
  /** The side of the target the low end lies on (0 while unknown: only an end that reached it was measured). */
  lowSide: Side = 0;

  constructor(
    private readonly settings: SearchSettings,
    evaluate: Evaluate,
  ) {
    this.ledger = new Ledger(settings, evaluate);
    this.looks = looksOf(settings.firstDeals, settings.maxDeals);
    this.level = 1 - 0.05 / this.looks.length;
  }

  /** The side of the target a value lies on (0: within ±precision), or its best guess when undecided. */
  async sideOf(x: number): Promise<Side> {
    const { ledger } = this;
    const t = this.settings.target;
    const h = this.settings.precision;
    let last: Evaluation | null = null;
    for (const n of this.looks) {
      const e = await ledger.measure([x], n);
      if (!e) {
        this.outOfBudget = true;
        break;
      }
      last = e;
      const { lo, hi } = measureInterval(e.parts[0]!, this.level);
      const side: Side | null = lo >= t - h && hi <= t + h ? 0 : lo > t ? 1 : hi < t ? -1 : null;
      if (side !== null) {
        ledger.verdict([x], side === 0 ? 'reached' : side > 0 ? 'above' : 'below');
        ledger.log.push(
          `${fmt(x)}: ${side === 0 ? 'reaches the target' : side > 0 ? 'above the target' : 'below the target'} after ${n} deals (estimate ${fmt(e.parts[0]!.mean)})`,
        );
        return side;
      }
    }
    if (!last) return 0;
    const guess: Side = last.parts[0]!.mean >= t ? 1 : -1;
    ledger.verdict([x], guess > 0 ? 'above?' : 'below?');
    ledger.log.push(
      `${fmt(x)}: undecided after ${last.deals} deals; taken as ${guess > 0 ? 'above' : 'below'} (estimate ${fmt(last.parts[0]!.mean)})`,
    );
    return guess;
  }

  /** The search's result with `x` chosen. */
  done(status: SearchResult['status'], x: number): SearchResult {
    return {
      status: this.outOfBudget && status === 'found' ? 'budget' : status,
      point: [x],
      notRejected: status === 'unreachable' ? [] : this.notRejected().map((v) => [v]),
      candidates: this.ledger.records(metricOf),
      games: this.ledger.games,
      log: this.ledger.log,
    };
  }

  /**
   * The values not rejected as the closest to the target: from the nearest value decided on the low
   * end's side of the target to the nearest decided on the other side, both included (either may be
   * the closest; a monotone response puts every value beyond them further away), the grid's ends
   * where a side has no decided value. Fences from the target's sides, not from `x`'s grid
   * neighbours: `x` itself may be decided, and the closest value may lie on either side of it.
   */
  private notRejected(): number[] {
    const { lowSide } = this;
    const grid = this.settings.values[0]!;
    const decided = (side: Side) =>
      [...this.ledger.evaluations.values()]
        .filter((e) => e.verdict === (side > 0 ? 'above' : 'below'))
        .map((e) => e.point[0]!);
    const low = Math.max(grid[0]!, ...(lowSide === 0 ? [] : decided(lowSide)));
    const high = Math.min(grid[grid.length - 1]!, ...(lowSide === 0 ? [] : decided(-lowSide as Side)));
    // Decisions against the monotone order (noise): the span between the two contradicting fences.
    const [from, to] = low <= high ? [low, high] : [high, low];
    if (this.settings.step !== null) return [from, to];
    return grid.filter((v) => v >= from && v <= to);
  }

  /** How far a measured value's estimate lies from the target. */
  distance(x: number): number {
    return Math.abs(this.ledger.evaluations.get(key([x]))!.evaluation.parts[0]!.mean - this.settings.target);
  }
}

export async function bisect(settings: SearchSettings, evaluate: Evaluate): Promise<SearchResult> {
  const run = new Bisection(settings, evaluate);
  const { ledger } = run;
  const grid = settings.values[0]!;
  let a = grid[0]!;
  let b = grid[grid.length - 1]!;
  const sa = await run.sideOf(a);
  if (sa === 0) return run.done('found', a);
  run.lowSide = sa;
  const sb = await run.sideOf(b);
  if (sb === 0) return run.done('found', b);
  if (sa === sb) {
    ledger.log.push(
      `no value in [${fmt(a)}, ${fmt(b)}] reaches the target ${fmt(settings.target)}: both ends lie ${sa > 0 ? 'above' : 'below'} it`,
    );
    return run.done('unreachable', run.distance(a) <= run.distance(b) ? a : b);
  }
  // Integer grids bisect over indices; real ranges over the interval, down to `step`.
  const integer = settings.step === null;
  let ia = 0;
  let ib = grid.length - 1;
  while (!run.outOfBudget && (integer ? ib - ia > 1 : b - a > settings.step!)) {
    const im = Math.floor((ia + ib) / 2);
    const m = integer ? grid[im]! : (a + b) / 2;
    const sm = await run.sideOf(m);
    if (!ledger.evaluations.has(key([m]))) break;
    if (sm === 0) return run.done('found', m);
    if (sm === sa) [a, ia] = [m, im];
    else [b, ib] = [m, im];
  }
  const chosen = run.distance(a) <= run.distance(b) ? a : b;
  ledger.log.push(`bracket [${fmt(a)}, ${fmt(b)}]: ${fmt(chosen)} has the estimate closer to the target`);
  return run.done('found', chosen);
}

// ---- minimize: racing by successive elimination -------------------------------------------------

/** Loss max over parts of |mean − around| with its interval (each part at `level`). */
export function lossOf(
  parts: readonly Measure[],
  around: readonly number[],
  level: number,
): { estimate: number } & Interval {
  let estimate = 0;
  let lo = 0;
  let hi = 0;
  parts.forEach((m, i) => {
    const a = around[i]!;
    const iv = measureInterval(m, level);
    estimate = Math.max(estimate, Math.abs(m.mean - a));
    lo = Math.max(lo, iv.lo > a ? iv.lo - a : iv.hi < a ? a - iv.hi : 0);
    hi = Math.max(hi, Math.abs(iv.lo - a), Math.abs(iv.hi - a));
  });
  return { estimate, lo, hi };
}

/** Every combination of the parameters' values, first parameter slowest. */
export function gridPoints(values: readonly (readonly number[])[]): number[][] {
  return values.reduce<number[][]>((points, axis) => points.flatMap((p) => axis.map((v) => [...p, v])), [[]]);
}

export async function race(settings: SearchSettings, evaluate: Evaluate): Promise<SearchResult> {
  const ledger = new Ledger(settings, evaluate);
  const looks = looksOf(settings.firstDeals, settings.maxDeals);
  let survivors = gridPoints(settings.values);
  const parts = settings.around.length;
  // Bonferroni over looks and candidates here, over the target's parts in partLevel (once).
  const level = 1 - 0.05 / (looks.length * survivors.length);
  const partLevel = (lvl: number) => 1 - (1 - lvl) / parts;
  const loss = (e: Evaluation, lvl: number) => lossOf(e.parts, settings.around, partLevel(lvl));
  let status: SearchResult['status'] = 'found';
  for (const n of looks) {
    const evaluations = await Promise.all(survivors.map((p) => ledger.measure(p, n)));
    if (evaluations.some((e) => e === null)) {
      status = 'budget';
      ledger.log.push(`budget spent before ${n} deals per survivor`);
      survivors = survivors.filter((p) => ledger.deals(p) > 0);
      break;
    }
    const scored = survivors.map((p, i) => ({ p, l: loss(evaluations[i]!, level) }));
    const bestHi = Math.min(...scored.map((c) => c.l.hi));
    const kept = scored.filter((c) => {
      if (c.l.lo <= bestHi) return true;
      ledger.verdict(c.p, `eliminated at ${n}`);
      return false;
    });
    if (kept.length < survivors.length)
      ledger.log.push(`after ${n} deals: ${survivors.length - kept.length} eliminated, ${kept.length} left`);
    survivors = kept.map((c) => c.p);
    if (survivors.length === 1) break;
    if (kept.every((c) => (c.l.hi - c.l.lo) / 2 <= settings.precision)) {
      ledger.log.push(
        `after ${n} deals: the ${survivors.length} survivors' losses are known to ±${fmt(settings.precision)}; the smallest estimate is chosen`,
      );
      break;
    }
  }
  const lossAt = (p: number[]) => loss(ledger.evaluations.get(key(p))!.evaluation, REPORT_LEVEL).estimate;
  const chosen = survivors.reduce((best, p) => (lossAt(p) < lossAt(best) ? p : best));
  for (const p of survivors) ledger.verdict(p, p === chosen ? 'chosen' : 'tied');
  return {
    status,
    point: chosen,
    notRejected: survivors,
    candidates: ledger.records(loss),
    games: ledger.games,
    log: ledger.log,
  };
}
