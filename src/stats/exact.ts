/**
 * Exact intervals for samples a t or Wilson interval describes badly (docs/reasoning.md §10): few or no
 * events, a perfect record, every value equal.
 *
 * - `clopperPearson`: the exact binomial interval of x successes in n trials (Clopper & Pearson
 *   1934): lo = B⁻¹(α/2; x, n − x + 1), hi = B⁻¹(1 − α/2; x + 1, n − x). With no success (or no
 *   failure) the data give only one bound, and it is one-sided at the full α: hi = 1 − α^(1/n)
 *   (≈ 3/n at 95 %, the "rule of three"; Hanley & Lippman-Hand 1983).
 * - `poissonInterval`: the exact (Garwood 1936) interval of a rate from a count x over an exposure
 *   t: [χ²(α/2; 2x) / 2t, χ²(1 − α/2; 2x + 2) / 2t]; with no event one-sided, hi = −ln α / t.
 * - `degenerateInterval`: n values that are all equal to v, known to lie in [min, max]. Whatever the
 *   distribution, the share u of values other than v is at most the Clopper–Pearson bound of 0 in n,
 *   so the mean lies in [v − u·(v − min), v + u·(max − v)]; at an end of the range only the other
 *   side is open, and the bound is one-sided. Unbounded on a side: no interval on that side.
 * Quantiles are found by bisection on the regularized incomplete beta and gamma (`special.ts`).
 */
import { gammaQ, incompleteBeta } from './special.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions } from './types.ts';

export interface ExactInterval {
  estimate: number | null;
  lo: number | null;
  hi: number | null;
  level: number;
  /** True when the data give one bound only (no event, or a perfect record): the other end is the range's. */
  oneSided: boolean;
}

/** The x in [lo, hi] where the increasing function f crosses `target` (bisection to full precision). */
function invertIncreasing(f: (x: number) => number, target: number, lo: number, hi: number): number {
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The p-quantile of the Beta(a, b) distribution. */
export const betaQuantile = (p: number, a: number, b: number): number =>
  invertIncreasing((x) => incompleteBeta(x, a, b), p, 0, 1);

/** The p-quantile of the chi-square distribution with k degrees of freedom (k > 0). */
export function chiSquareQuantile(p: number, k: number): number {
  let hi = Math.max(1, 2 * k);
  while (1 - gammaQ(k / 2, hi / 2) < p) hi *= 2;
  return invertIncreasing((x) => 1 - gammaQ(k / 2, x / 2), p, 0, hi);
}

/**
 * Exact binomial interval of `wins` in `games` (wins may be fractional when ties are shared).
 * @example clopperPearson({ games: 20, wins: 0 }) // { lo: 0, hi: 0.1391, oneSided: true } (1 − 0.05^(1/20))
 */
export function clopperPearson(input: { games: number; wins: number }, options: LevelOptions = {}): ExactInterval {
  const level = checkLevel(options.level);
  const { games: n, wins: x } = input;
  if (!(n >= 0) || !(x >= 0) || x > n) throw new RangeError(`clopperPearson: need 0 ≤ wins ≤ games, got ${x} of ${n}`);
  if (n === 0) return { estimate: null, lo: null, hi: null, level, oneSided: false };
  const alpha = 1 - level;
  if (x === 0) return { estimate: 0, lo: 0, hi: 1 - alpha ** (1 / n), level, oneSided: true };
  if (x === n) return { estimate: 1, lo: alpha ** (1 / n), hi: 1, level, oneSided: true };
  return {
    estimate: x / n,
    lo: betaQuantile(alpha / 2, x, n - x + 1),
    hi: betaQuantile(1 - alpha / 2, x + 1, n - x),
    level,
    oneSided: false,
  };
}

/**
 * Exact interval of a rate per unit of exposure from a whole count of events.
 * @example poissonInterval({ count: 0, exposure: 200 }) // { estimate: 0, lo: 0, hi: 0.01498, oneSided: true } (−ln 0.05 / 200)
 */
export function poissonInterval(input: { count: number; exposure: number }, options: LevelOptions = {}): ExactInterval {
  const level = checkLevel(options.level);
  const { count: x, exposure: t } = input;
  if (!(x >= 0) || !(t > 0))
    throw new RangeError(`poissonInterval: need a count ≥ 0 and an exposure > 0, got ${x} over ${t}`);
  const alpha = 1 - level;
  if (x === 0) return { estimate: 0, lo: 0, hi: -Math.log(alpha) / t, level, oneSided: true };
  return {
    estimate: x / t,
    lo: chiSquareQuantile(alpha / 2, 2 * x) / (2 * t),
    hi: chiSquareQuantile(1 - alpha / 2, 2 * x + 2) / (2 * t),
    level,
    oneSided: false,
  };
}

/**
 * Interval of the mean when all `n` values equal `value`, the values being known to lie in [min, max]
 * (pass ±Infinity for an open side; that side then has no bound: null).
 * @example degenerateInterval({ n: 200, value: 1, min: 0, max: 1 }) // { lo: 0.98513, hi: 1, oneSided: true }
 */
export function degenerateInterval(
  input: { n: number; value: number; min: number; max: number },
  options: LevelOptions = {},
): ExactInterval {
  const level = checkLevel(options.level);
  const { n, value: v, min, max } = input;
  if (!(n >= 1) || !(v >= min && v <= max))
    throw new RangeError(
      `degenerateInterval: need n ≥ 1 and min ≤ value ≤ max, got n = ${n}, ${v} in [${min}, ${max}]`,
    );
  const atEnd = v === min || v === max;
  // The share of other values: one-sided at the full α when only one side is open.
  const u = clopperPearson({ games: n, wins: 0 }, { level: atEnd ? level : 1 - (1 - level) / 2 }).hi!;
  const bound = (distance: number) => (distance === 0 ? 0 : Number.isFinite(distance) ? u * distance : null);
  const below = bound(v - min);
  const above = bound(max - v);
  return {
    estimate: v,
    lo: below === null ? null : v - below,
    hi: above === null ? null : v + above,
    level,
    oneSided: atEnd,
  };
}
