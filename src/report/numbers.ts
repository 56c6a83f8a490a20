/**
 * Helpers of the study notebooks: numbers with intervals as text, intervals of a run summary's
 * statistics, and per-game rows of `games.arrow` (one row per game; arm is the index into the
 * manifest's arms) turned into per-arm values and paired per-deal comparisons.
 */
import type { ColumnTable } from 'arquero';
import { meanInterval, pairedComparison, wilsonInterval } from '../stats/index.ts';
import type { MeanInterval, PairedComparison, RateInterval } from '../stats/index.ts';
import type { ArmSummary, DistSummary, Summary } from '../sim/summary.ts';

const round = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? '–' : x.toFixed(digits));
const signed = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? '–' : `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`);

/** "12.34 [12.10, 12.58]" */
export const ci = (m: { mean: number | null; lo: number | null; hi: number | null }, digits = 2): string => `${round(m.mean, digits)} [${round(m.lo, digits)}, ${round(m.hi, digits)}]`;
/** "+1.23 [+0.98, +1.48]" for a difference. */
export const ciDiff = (c: Pick<PairedComparison, 'meanDiff' | 'lo' | 'hi'>, digits = 2): string => `${signed(c.meanDiff, digits)} [${signed(c.lo, digits)}, ${signed(c.hi, digits)}]`;
/** "52.1 % [51.6, 52.6]" */
export const ciPct = (r: Pick<RateInterval, 'rate' | 'lo' | 'hi'>, digits = 1): string =>
  `${round(r.rate === null ? null : r.rate * 100, digits)} % [${round(r.lo === null ? null : r.lo * 100, digits)}, ${round(r.hi === null ? null : r.hi * 100, digits)}]`;
/** "40,000" */
export const count = (n: number): string => Math.round(n).toLocaleString('en-US');

export const armNamed = (summary: Summary, name: string): ArmSummary => {
  const arm = summary.arms.find((a) => a.name === name);
  if (!arm) throw new Error(`no arm ${name} in ${summary.experiment}; arms: ${summary.arms.map((a) => a.name).join(', ')}`);
  return arm;
};

/** Mean of a per-game statistic of an arm with its t interval. */
export const statCI = (arm: ArmSummary, stat: string): MeanInterval => meanInterval(arm.stats[stat]!);

/** A per-player statistic or score of an arm pooled over seats. */
export function pooledSeats(arm: ArmSummary, pick: (seat: ArmSummary['seats'][number]) => DistSummary): MeanInterval {
  const ds = arm.seats.map(pick);
  return meanInterval({ n: ds.reduce((t, d) => t + d.n, 0), sum: ds.reduce((t, d) => t + d.sum, 0), sumSq: ds.reduce((t, d) => t + d.sumSq, 0) });
}

/** The summary's paired comparison of a metric between two arms (b − a), with a t interval. */
export function pairCI(summary: Summary, a: string, b: string, metric: string): PairedComparison {
  const direct = summary.pairs.find((p) => p.a === a && p.b === b);
  const reverse = summary.pairs.find((p) => p.a === b && p.b === a);
  const d = (direct ?? reverse)?.metrics[metric];
  if (!d) throw new Error(`no pair ${a}/${b} metric ${metric} in ${summary.experiment}`);
  const c = pairedComparison({ n: d.deals, mean: d.meanDiff, sd: d.sd });
  return direct ? c : { ...c, meanDiff: c.meanDiff === null ? null : -c.meanDiff, lo: c.hi === null ? null : -c.hi, hi: c.lo === null ? null : -c.lo, t: c.t === null ? null : -c.t, dz: c.dz === null ? null : -c.dz };
}

/** Moments of values. */
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

export const meanOf = (values: ArrayLike<number>): MeanInterval => meanInterval(sums(values));

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

  /** `value(row)` for each game of arm `a`. */
  values(a: number, value: (row: number) => number): Float64Array {
    return Float64Array.from(this.rowsOf(a), value);
  }

  /** Per-deal differences value(b) − value(a) (one game per deal and arm: rotation cycle or none). */
  paired(a: number, b: number, value: (row: number) => number): PairedComparison {
    const deal = this.col('deal');
    const byDeal = new Map<number, number>();
    for (const i of this.rowsOf(a)) byDeal.set(deal[i]!, value(i));
    const diffs: number[] = [];
    for (const i of this.rowsOf(b)) {
      const va = byDeal.get(deal[i]!);
      if (va !== undefined) diffs.push(value(i) - va);
    }
    return pairedComparison(sums(diffs));
  }

  /** Standard deviation of the players' final scores in one game (n − 1 denominator). */
  scoreSd(row: number, players: number): number {
    let s = 0;
    let s2 = 0;
    for (let p = 0; p < players; p++) {
      const v = this.col(`score${p}`)[row]!;
      s += v;
      s2 += v * v;
    }
    return Math.sqrt(Math.max(0, (s2 - (s * s) / players) / (players - 1)));
  }

  /** Share of the win of a seat in one game: 1/k if it is one of k players ranked first, else 0. */
  winShare(row: number, seat: number, players: number): number {
    if (this.col(`rank${seat}`)[row] !== 1) return 0;
    let k = 0;
    for (let p = 0; p < players; p++) if (this.col(`rank${p}`)[row] === 1) k++;
    return 1 / k;
  }
}

/** Wilson interval of summed win shares. */
export const winRate = (games: number, wins: number): RateInterval => wilsonInterval({ games, wins });

/** −1, 0 or +1: whether an interval lies wholly below, around or above `reference`. */
export const side = (c: { lo: number | null; hi: number | null }, reference = 0): number =>
  c.lo === null || c.hi === null ? 0 : c.lo > reference ? 1 : c.hi < reference ? -1 : 0;

/**
 * How a conclusion differs between the random and the greedy run, or null when it does not:
 * "opposite directions" (both intervals exclude the reference, on different sides) or
 * "significant only with X agents" (which, with the smaller greedy runs, may be a matter of power).
 */
export function agentDifference(what: string, random: { lo: number | null; hi: number | null }, greedy: { lo: number | null; hi: number | null }, text: { random: string; greedy: string }, reference = 0): string | null {
  const r = side(random, reference);
  const g = side(greedy, reference);
  if (r === g) return null;
  const how = r !== 0 && g !== 0 ? 'opposite directions' : `significant only with ${r !== 0 ? 'random' : 'greedy'} agents`;
  return `${what}: ${how} (random ${text.random}, greedy ${text.greedy})`;
}

/** An interval (a mean, a rate or a paired difference) as a chart row: `{ estimate, lower, upper }`. */
export const toEstimate = (c: { meanDiff?: number | null; mean?: number | null; rate?: number | null; lo: number | null; hi: number | null }) =>
  ({ estimate: c.meanDiff ?? c.mean ?? c.rate ?? 0, lower: c.lo ?? 0, upper: c.hi ?? 0 });
