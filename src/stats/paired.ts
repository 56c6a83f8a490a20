/**
 * Paired comparison of two arms on the same deals, from the per-deal differences (arm b minus arm a;
 * the runner's pair aggregates). With d̄ the mean difference, s_d its standard deviation over deals
 * and n the number of deals:
 *
 *   interval  d̄ ± t(1 − α/2, n − 1) · s_d/√n
 *   effect    d_z = d̄ / s_d   (standardized mean of the paired differences)
 *   test      t = d̄ / (s_d/√n), two-sided p = 2 · P(T_{n−1} > |t|)
 *
 * When every difference is the same (s_d = 0) the interval is that value, d_z and t are ±Infinity
 * (or NaN for a zero difference) and p is 0 (or 1).
 */
import { meanInterval } from './mean-interval.ts';
import { studentTCdf } from './student-t.ts';
import type { LevelOptions, MomentsInput } from './types.ts';

export interface PairedComparison {
  /** Deals compared. */
  n: number;
  meanDiff: number | null;
  sdDiff: number | null;
  se: number | null;
  df: number;
  lo: number | null;
  hi: number | null;
  /** Standardized effect size d_z = meanDiff / sdDiff. */
  dz: number | null;
  t: number | null;
  /** Two-sided p-value of "no mean difference". */
  p: number | null;
  level: number;
}

/**
 * Mean paired difference with its t interval, d_z and two-sided p-value.
 * @example pairedComparison({ n: 10, sum: 20, sumSquares: 76 }) // meanDiff 2, sd 2, dz 1, t √10, p 0.0115
 */
export function pairedComparison(
  diffs: MomentsInput,
  options: LevelOptions & { scale?: number } = {},
): PairedComparison {
  const m = meanInterval(diffs, options);
  const base = { n: m.n, meanDiff: m.mean, sdDiff: m.sd, se: m.se, df: m.df, lo: m.lo, hi: m.hi, level: m.level };
  if (m.mean === null || m.sd === null || m.se === null) return { ...base, dz: null, t: null, p: null };
  if (m.sd === 0) {
    const sign = m.mean === 0 ? NaN : Math.sign(m.mean) * Infinity;
    return { ...base, dz: sign, t: sign, p: m.mean === 0 ? 1 : 0 };
  }
  const t = m.mean / m.se;
  return { ...base, dz: m.mean / m.sd, t, p: Math.min(1, 2 * studentTCdf(-Math.abs(t), m.df)) };
}
