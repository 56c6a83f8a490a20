/**
 * Helpers of the study notebooks: numbers with intervals as text, intervals of a run summary's
 * statistics (over deals: the deal is the unit, docs/reasoning.md §4), and per-game rows of `games.arrow`
 * (one row per game; `arm` is the index into the manifest's arms) turned into per-deal values:
 * an arm's per-deal means, paired per-deal differences between arms, and win shares with and
 * without some points (docs/reasoning.md §5: an effect measured on the same games).
 */
import type { ColumnTable } from 'arquero';
import { poissonInterval } from '../stats/exact.ts';
import { meanInterval, pairedComparison, wilsonInterval } from '../stats/index.ts';
import type { MeanInterval, PairedComparison, RateInterval } from '../stats/index.ts';
import type { ArmSummary, Summary } from '../sim/summary.ts';

/**
 * The number formatters of every report (one module, no private twins): a minus sign (−), never a
 * hyphen; "–" for a missing or non-finite value; a signed value that rounds to zero has no sign
 * ("0.00", never "−0.00" or "+0.00").
 */
/** "1.23", "−0.50". */
export const fixed = (x: number | null, digits = 2): string => {
  if (x === null || !Number.isFinite(x)) return '–';
  const text = Math.abs(x).toFixed(digits);
  return Number(text) === 0 || x >= 0 ? text : `−${text}`;
};
/** "+1.23", "−0.50", "0.00". */
export const signed = (x: number | null, digits = 2): string => {
  if (x === null || !Number.isFinite(x)) return '–';
  const text = Math.abs(x).toFixed(digits);
  return Number(text) === 0 ? text : `${x > 0 ? '+' : '−'}${text}`;
};
/** A share as a percentage without the sign: 0.1234 → "12.3". */
export const percent = (x: number | null, digits = 1): string => fixed(x === null ? null : x * 100, digits);

/** An estimate with its interval, whatever it estimates. */
export interface Interval {
  estimate: number | null;
  lo: number | null;
  hi: number | null;
}
const times100 = (x: number | null) => (x === null ? null : x * 100);
/** "12.34 [12.10, 12.58]" */
export const intervalText = (e: Interval, digits = 2): string =>
  `${fixed(e.estimate, digits)} [${fixed(e.lo, digits)}, ${fixed(e.hi, digits)}]`;
/** "+1.23 [+0.98, +1.48]" for a difference. */
export const signedIntervalText = (e: Interval, digits = 2): string =>
  `${signed(e.estimate, digits)} [${signed(e.lo, digits)}, ${signed(e.hi, digits)}]`;
/** "52.1 % [51.6, 52.6]" for a share. */
export const percentText = (e: Interval, digits = 1): string =>
  `${percent(e.estimate, digits)} % [${percent(e.lo, digits)}, ${percent(e.hi, digits)}]`;
/** "+2.1 pp [−1.0, +5.2]" for a difference of shares. */
export const ppText = (e: Interval, digits = 1): string =>
  `${signed(times100(e.estimate), digits)} pp [${signed(times100(e.lo), digits)}, ${signed(times100(e.hi), digits)}]`;

/** "12.34 [12.10, 12.58]" */
export const ci = (m: { mean: number | null; lo: number | null; hi: number | null }, digits = 2): string =>
  intervalText({ estimate: m.mean, lo: m.lo, hi: m.hi }, digits);
/** "+1.23 [+0.98, +1.48]" for a difference. */
export const ciDiff = (c: Pick<PairedComparison, 'meanDiff' | 'lo' | 'hi'>, digits = 2): string =>
  signedIntervalText({ estimate: c.meanDiff, lo: c.lo, hi: c.hi }, digits);
/** "52.1 % [51.6, 52.6]" */
export const ciPct = (r: Pick<RateInterval, 'rate' | 'lo' | 'hi'>, digits = 1): string =>
  percentText({ estimate: r.rate, lo: r.lo, hi: r.hi }, digits);
/** "40,000" */
export const count = (n: number): string => Math.round(n).toLocaleString('en-US');

export const armNamed = (summary: Summary, name: string): ArmSummary => {
  const arm = summary.arms.find((a) => a.name === name);
  if (!arm)
    throw new Error(`no arm ${name} in ${summary.experiment}; arms: ${summary.arms.map((a) => a.name).join(', ')}`);
  return arm;
};

/**
 * Mean of an arm's metric over deals with its t interval (the deal is the unit): `stat.<name>` per
 * game, a per-player statistic or `score.<source>` per player (the seats of a deal averaged first).
 */
export function dealCI(arm: ArmSummary, metric: string): MeanInterval {
  const d = arm.perDeal[metric];
  if (!d) throw new Error(`arm ${arm.name} has no metric ${metric}`);
  return meanInterval({ n: d.deals, mean: d.mean, sd: d.sd });
}

/**
 * Events per game of a counting statistic (`stat.<name>`, whole values ≥ 0) with the exact Poisson
 * (Garwood) interval of its total over the games — valid for rare events, where a t interval over
 * deals is not (no event yet: the one-sided bound, not "0 ± 0"; docs/reasoning.md §10). With several
 * games per deal (rotation `all`) the games are not independent and the t interval over deals is used.
 */
export function countCI(
  arm: ArmSummary,
  stat: string,
): { mean: number | null; lo: number | null; hi: number | null; method: string } {
  const d = arm.stats[stat];
  const deals = arm.perDeal[`stat.${stat}`]?.deals ?? 0;
  if (!d || d.n === 0 || d.n !== deals || d.min === null || d.min < 0)
    return { ...dealCI(arm, `stat.${stat}`), method: 't over deals' };
  const p = poissonInterval({ count: d.sum, exposure: d.n });
  return {
    mean: p.estimate,
    lo: p.lo,
    hi: p.hi,
    method: p.oneSided ? 'exact Poisson, one-sided (no event)' : 'exact Poisson',
  };
}

/** The summary's paired comparison of a metric between two arms (b − a), with a paired t interval. */
export function pairCI(summary: Summary, a: string, b: string, metric: string): PairedComparison {
  const direct = summary.pairs.find((p) => p.a === a && p.b === b);
  const reverse = summary.pairs.find((p) => p.a === b && p.b === a);
  const d = (direct ?? reverse)?.metrics[metric];
  if (!d) throw new Error(`no pair ${a}/${b} metric ${metric} in ${summary.experiment}`);
  const c = pairedComparison({ n: d.deals, mean: d.meanDiff, sd: d.sd });
  return direct
    ? c
    : {
        ...c,
        meanDiff: c.meanDiff === null ? null : -c.meanDiff,
        lo: c.hi === null ? null : -c.hi,
        hi: c.lo === null ? null : -c.lo,
        t: c.t === null ? null : -c.t,
        dz: c.dz === null ? null : -c.dz,
      };
}

/** Moments of values (NaN skipped). */
export function sums(values: ArrayLike<number>): { n: number; sum: number; sumSq: number } {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    n++;
    sum += v;
    sumSq += v * v;
  }
  return { n, sum, sumSq };
}

/** One value per deal (deals ascending): the mean over the deal's games of one arm, or a paired difference. */
export interface DealValues {
  deals: number[];
  values: number[];
  /** Games behind the values (equal to the deals when each deal has one game). */
  games: number;
}

/** Share of the win of `seat` in a game with these final scores: 1/k if it is one of k seats with the top score, else 0. */
export function winShareOf(scores: ArrayLike<number>, seat: number): number {
  let best = -Infinity;
  for (let s = 0; s < scores.length; s++) best = Math.max(best, scores[s]!);
  if (scores[seat] !== best) return 0;
  let k = 0;
  for (let s = 0; s < scores.length; s++) if (scores[s] === best) k++;
  return 1 / k;
}

/** Per-game rows as plain column arrays. */
export class Games {
  readonly rows: number;
  private readonly cache = new Map<string, Float64Array>();
  constructor(private readonly table: ColumnTable) {
    this.rows = table.numRows();
  }

  has(name: string): boolean {
    return this.table.columnNames().includes(name);
  }

  col(name: string): Float64Array {
    let c = this.cache.get(name);
    if (!c) {
      if (!this.has(name)) throw new Error(`games.arrow has no column ${name}`);
      c = Float64Array.from(this.table.array(name) as ArrayLike<number>);
      this.cache.set(name, c);
    }
    return c;
  }

  /** Row indices of arm `a` (index into the manifest's arms), in deal order. */
  rowsOf(a: number): number[] {
    const arm = this.col('arm');
    const out: number[] = [];
    for (let i = 0; i < this.rows; i++) if (arm[i] === a) out.push(i);
    return out;
  }

  /** Players of the game in `row`. */
  players(row: number): number {
    return this.col('players')[row]!;
  }

  /** The final scores of a game, minus `removed(row, seat)` points of each seat when given. */
  scores(row: number, removed?: (row: number, seat: number) => number): number[] {
    return Array.from(
      { length: this.players(row) },
      (_, s) => this.col(`score${s}`)[row]! - (removed ? removed(row, s) : 0),
    );
  }

  /** Share of the win of a seat in one game (ties for first share it). */
  winShare(row: number, seat: number): number {
    return winShareOf(this.scores(row), seat);
  }

  /**
   * What some points do for one seat in one game (docs/reasoning.md §5): its win share minus its win share
   * in the same game with `removed(row, s)` points taken from every seat s; NaN for seat −1 (none).
   */
  winShareEffect(row: number, seat: number, removed: (row: number, seat: number) => number): number {
    if (!(seat >= 0)) return NaN;
    return this.winShare(row, seat) - winShareOf(this.scores(row, removed), seat);
  }

  /**
   * Per deal of arm `a`, the mean of `value(row)` over the deal's games (all rotations); games whose
   * value is NaN are left out, and so is a deal without any.
   */
  perDeal(a: number, value: (row: number) => number): DealValues {
    const deal = this.col('deal');
    const byDeal = new Map<number, { n: number; sum: number }>();
    let games = 0;
    for (const i of this.rowsOf(a)) {
      const v = value(i);
      if (Number.isNaN(v)) continue;
      const g = byDeal.get(deal[i]!) ?? { n: 0, sum: 0 };
      g.n++;
      g.sum += v;
      byDeal.set(deal[i]!, g);
      games++;
    }
    const deals = [...byDeal.keys()].sort((x, y) => x - y);
    return { deals, values: deals.map((d) => byDeal.get(d)!.sum / byDeal.get(d)!.n), games };
  }

  /** Per deal played by both arms: the deal mean of value(b) minus that of value(a) (any rotation scheme). */
  pairedPerDeal(a: number, b: number, value: (row: number) => number): DealValues {
    return differenceOnSharedDeals(this.perDeal(a, value), this.perDeal(b, value));
  }

  /** Paired t comparison of value(b) − value(a) over the deals (one difference per deal, whatever the rotations). */
  paired(a: number, b: number, value: (row: number) => number): PairedComparison {
    return pairedComparison(sums(this.pairedPerDeal(a, b, value).values));
  }

  /** Winner's score minus the runner-up's in one game. */
  margin(row: number): number {
    const scores = this.scores(row).sort((x, y) => y - x);
    return scores[0]! - scores[1]!;
  }

  /** Standard deviation of the players' final scores in one game (n − 1 denominator). */
  scoreSd(row: number): number {
    const scores = this.scores(row);
    const mean = scores.reduce((t, v) => t + v, 0) / scores.length;
    return Math.sqrt(scores.reduce((t, v) => t + (v - mean) ** 2, 0) / (scores.length - 1));
  }
}

/** Per deal present in both, b's value minus a's. */
export function differenceOnSharedDeals(a: DealValues, b: DealValues): DealValues {
  const byDeal = new Map(a.deals.map((d, k) => [d, a.values[k]!]));
  const deals: number[] = [];
  const values: number[] = [];
  b.deals.forEach((d, k) => {
    const va = byDeal.get(d);
    if (va === undefined) return;
    deals.push(d);
    values.push(b.values[k]! - va);
  });
  return { deals, values, games: deals.length };
}

/** Wilson interval of summed win shares. */
export const winRate = (games: number, wins: number): RateInterval => wilsonInterval({ games, wins });

/** An interval (a mean, a rate or a paired difference) as a chart row: `{ estimate, lower, upper }`. */
export const toEstimate = (c: {
  meanDiff?: number | null;
  mean?: number | null;
  rate?: number | null;
  lo: number | null;
  hi: number | null;
}) => ({ estimate: c.meanDiff ?? c.mean ?? c.rate ?? 0, lower: c.lo ?? 0, upper: c.hi ?? 0 });
