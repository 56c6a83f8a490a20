/**
 * Estimates and intervals of a rule set's metrics from its per-deal sums (the deal is the unit). A
 * metric part is Σ coef · Σx/Σy over its terms; its per-deal *influence* ψ_d = Σ coef · (x_d − R·y_d)/ȳ
 * (the delta method of a ratio, as `src/stats/quality.ts`) has mean 0 and gives the part's standard
 * error, sd(ψ)/√n. Intervals are those of `src/tune/metric.ts` (`measureInterval`): a share of
 * games Wilson's on the effective games (Clopper–Pearson at 0 or 1), a count per game the exact
 * Poisson one, anything else Student t on the influences; a sample without spread the
 * distribution-free bound, and where its range is open and its terms never moved (King minus Robber
 * points, 0 on every deal) each term's exact Poisson bound (`stillTermsInterval`). Two rule sets on
 * the same deals are compared *paired*: a paired t interval on the per-deal differences of their
 * influences (common random numbers).
 */
import { degenerateInterval } from '../stats/exact.ts';
import { meanInterval } from '../stats/mean-interval.ts';
import { measureInterval } from '../tune/metric.ts';
import type { Interval, Measure } from '../tune/metric.ts';
import type { AtomScale } from './metrics.ts';

export interface TermData {
  coef: number;
  /** Per-deal sums from deal 0 (at least as many as the rule set's deals). */
  x: Float64Array;
  y: Float64Array;
  scale: AtomScale;
  /** For a whole count ≥ 0 (points, statistics): its Poisson exposure per deal (games, or seats × games). */
  perDeal?: number;
}

export interface PartData {
  terms: TermData[];
  around: number;
  /** The range of the part's value (for samples without spread). */
  range: [number, number];
}

/** A rule set's data: per target, per part of its metric; `deals` deals measured. */
export interface CandidateData {
  deals: number;
  targets: PartData[][];
}

const sum = (a: Float64Array, n: number) => {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i]!;
  return s;
};

/** The part's value on deals [0, n). */
export function partValue(part: PartData, n: number): number {
  return part.terms.reduce((v, t) => v + (t.coef * sum(t.x, n)) / sum(t.y, n), 0);
}

/** The part's per-deal influences on deals [0, n), written into `out` (length ≥ n) and returned. */
export function influences(part: PartData, n: number, out = new Float64Array(n)): Float64Array {
  out.fill(0, 0, n);
  for (const t of part.terms) {
    const sy = sum(t.y, n);
    const r = sum(t.x, n) / sy;
    const k = (t.coef * n) / sy;
    for (let d = 0; d < n; d++) out[d]! += k * (t.x[d]! - r * t.y[d]!);
  }
  return out;
}

function sd(values: Float64Array, n: number): number {
  let mean = 0;
  for (let d = 0; d < n; d++) mean += values[d]!;
  mean /= n;
  let ss = 0;
  for (let d = 0; d < n; d++) ss += (values[d]! - mean) ** 2;
  return n > 1 ? Math.sqrt(ss / (n - 1)) : NaN;
}

const allWhole = (a: Float64Array, n: number) => {
  for (let d = 0; d < n; d++) if (!(a[d]! >= 0 && Number.isInteger(a[d]!))) return false;
  return true;
};

/** The part as a `Measure` of `src/tune/metric.ts` on deals [0, n). */
export function partMeasure(part: PartData, n: number): Measure {
  const mean = partValue(part, n);
  const spread = sd(influences(part, n), n);
  const [only] = part.terms;
  if (part.terms.length === 1 && only!.coef === 1) {
    const games = sum(only!.y, n);
    if (only!.scale === 'share') {
      // Several games per deal: the games count as many as the per-deal spread allows (never more).
      const p = mean;
      const effective = p > 0 && p < 1 && spread > 0 ? Math.min(games, (p * (1 - p) * n) / spread ** 2) : games;
      return { n, mean, sd: spread, wins: { games: effective, wins: p * effective }, range: [0, 1] };
    }
    if (only!.scale === 'count' && allWhole(only!.x, n) && n >= 2) {
      const perGame = Float64Array.from({ length: n }, (_, d) => only!.x[d]! / (only!.y[d]! || 1));
      return { n, mean, sd: sd(perGame, n), count: { units: games }, range: [0, Infinity] };
    }
  }
  return { n, mean, sd: spread, range: spread === 0 ? sameValueRange(part, n, mean) : part.range };
}

/** The part's interval on deals [0, n) at a two-sided level. */
export function partInterval(part: PartData, n: number, level: number): Interval {
  const iv = measureInterval(partMeasure(part, n), level);
  if (!iv.degenerate || Number.isFinite(iv.hi - iv.lo)) return iv;
  const still = stillTermsInterval(part.terms, n, level);
  if (!still) return iv;
  return { lo: Math.max(part.range[0], still.lo), hi: Math.min(part.range[1], still.hi), degenerate: true };
}

/**
 * The interval of Σ coef · term on deals [0, n) when no term moved (every deal gave each term the
 * same value): each term's exact Poisson interval of its total over its exposure (`perDeal` · n), as
 * `carclab tune` bounds points and statistics (`src/tune/metric.ts`; no event: about 3/exposure,
 * the rule of three), rescaled to the term's ratio Σx/Σy, at the Bonferroni level over the terms.
 * Null when a term is not such a count (then nothing bounds it).
 */
function stillTermsInterval(terms: readonly TermData[], n: number, level: number): Interval | null {
  const each = 1 - (1 - level) / terms.length;
  let [lo, hi] = [0, 0];
  for (const t of terms) {
    const [total, over] = [sum(t.x, n), sum(t.y, n)];
    if (n < 2 || !(t.perDeal! > 0) || !(over > 0) || !allWhole(t.x, n)) return null;
    const units = t.perDeal! * n;
    const iv = measureInterval({ n, mean: total / units, sd: 0, count: { units } }, each);
    const [a, b] = [(iv.lo * units) / over, (iv.hi * units) / over];
    lo += t.coef * (t.coef > 0 ? a : b);
    hi += t.coef * (t.coef > 0 ? b : a);
  }
  return { lo, hi, degenerate: true };
}

/**
 * How far a part's per-deal value could move on a deal, judged by its terms' per-deal values on deals
 * [0, n): the sum of each term's spread (a difference of two terms that is the same on every deal can
 * still move by both).
 */
function termSpread(part: PartData, n: number): number {
  return part.terms.reduce((sum, t) => {
    let [lo, hi] = [Infinity, -Infinity];
    for (let d = 0; d < n; d++) {
      const v = t.x[d]! / (t.y[d]! || 1);
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    return sum + Math.abs(t.coef) * (hi - lo);
  }, 0);
}

/**
 * The range a part's value is bounded by when every deal gave the same value: its own range where
 * closed, else the value ± its terms' spread on these deals (none when even the terms never moved).
 */
function sameValueRange(part: PartData, n: number, value: number): [number, number] {
  const [lo, hi] = part.range;
  if (Number.isFinite(lo) && Number.isFinite(hi)) return [lo, hi];
  const w = termSpread(part, n);
  if (!(w > 0)) return [lo, hi];
  return [Number.isFinite(lo) ? lo : value - w, Number.isFinite(hi) ? hi : value + w];
}

/**
 * Rule set c's part minus rule set b's, paired over deals [0, n): the estimate and a paired t
 * interval on the per-deal differences of the influences; the distribution-free bound when every
 * deal's difference is the same.
 */
export function pairedInterval(c: PartData, b: PartData, n: number, level: number): { estimate: number } & Interval {
  const estimate = partValue(c, n) - partValue(b, n);
  const diff = influences(c, n);
  const other = influences(b, n);
  let ss = 0;
  for (let d = 0; d < n; d++) {
    diff[d] = diff[d]! - other[d]!;
    ss += diff[d]! ** 2;
  }
  if (ss <= 1e-18 * n || n < 2) {
    // The same difference on every deal. The share of deals that could differ unseen has an exact
    // bound; a deal's difference is at most the parts' range, or, where that is open, the spread of
    // their terms' per-deal values seen on these deals; terms that never moved: their Poisson bounds.
    const seen = termSpread(c, n) + termSpread(b, n) || Infinity;
    const lo = Number.isFinite(c.range[0] - b.range[1]) ? c.range[0] - b.range[1] : estimate - seen;
    const hi = Number.isFinite(c.range[1] - b.range[0]) ? c.range[1] - b.range[0] : estimate + seen;
    const d = degenerateInterval(
      { n: Math.max(1, n), value: Math.min(hi, Math.max(lo, estimate)), min: lo, max: hi },
      { level },
    );
    if (d.lo !== null && d.hi !== null) return { estimate, lo: d.lo, hi: d.hi, degenerate: true };
    const opposite = b.terms.map((t) => ({ ...t, coef: -t.coef }));
    const still = seen === Infinity ? stillTermsInterval([...c.terms, ...opposite], n, level) : null;
    if (still) return { estimate, lo: Math.max(lo, still.lo), hi: Math.min(hi, still.hi), degenerate: true };
    return { estimate, lo: d.lo ?? -Infinity, hi: d.hi ?? Infinity, degenerate: true };
  }
  // Influences have mean 0, so their differences do too: sd √(Σ δ² / (n − 1)).
  const t = meanInterval({ n, mean: estimate, sd: Math.sqrt(ss / (n - 1)) }, { level });
  return { estimate, lo: Math.max(c.range[0] - b.range[1], t.lo!), hi: Math.min(c.range[1] - b.range[0], t.hi!) };
}
