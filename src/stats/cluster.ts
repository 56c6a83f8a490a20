/**
 * Mean of rows that come in clusters (the seats of one game, the games of one deal) with a
 * cluster-robust standard error (docs/reasoning.md §4: the deal is the unit). With G clusters, N rows,
 * x̄ the mean of all rows and e_g = Σ_{i∈g} (x_i − x̄) the cluster's summed residual:
 *
 *   se² = G/(G − 1) · Σ_g e_g² / N²        (the CR1 sandwich estimator of a mean)
 *   interval  x̄ ± t(1 − α/2, G − 1) · se
 *
 * With one row per cluster this is the ordinary t interval. Rows whose value is NaN are skipped.
 */
import { studentTQuantile } from './student-t.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions } from './types.ts';

export interface ClusteredMean {
  /** Rows used. */
  n: number;
  clusters: number;
  mean: number | null;
  se: number | null;
  /** G − 1. */
  df: number;
  lo: number | null;
  hi: number | null;
  level: number;
}

/**
 * Mean of `rows.value` with a cluster-robust t interval, clusters given by `rows.cluster` (e.g. the deal).
 * @example clusteredMean({ cluster: [0, 0, 1, 1], value: [1, 1, 3, 3] }) // mean 2, se 1, df 1
 */
export function clusteredMean(
  rows: { cluster: ArrayLike<number>; value: ArrayLike<number> },
  options: LevelOptions = {},
): ClusteredMean {
  const level = checkLevel(options.level);
  if (rows.cluster.length !== rows.value.length)
    throw new RangeError('clusteredMean: cluster and value columns differ in length');
  // 1. per-cluster count and sum
  const sums = new Map<number, { n: number; sum: number }>();
  let n = 0;
  let total = 0;
  for (let i = 0; i < rows.value.length; i++) {
    const v = rows.value[i]!;
    if (Number.isNaN(v)) continue;
    const g = sums.get(rows.cluster[i]!) ?? { n: 0, sum: 0 };
    g.n++;
    g.sum += v;
    sums.set(rows.cluster[i]!, g);
    n++;
    total += v;
  }
  const G = sums.size;
  const df = Math.max(0, G - 1);
  if (n === 0) return { n, clusters: G, mean: null, se: null, df, lo: null, hi: null, level };
  const mean = total / n;
  if (G < 2) return { n, clusters: G, mean, se: null, df, lo: null, hi: null, level };
  // 2. sandwich variance from the clusters' summed residuals
  let s = 0;
  for (const g of sums.values()) s += (g.sum - g.n * mean) ** 2;
  const se = Math.sqrt((G / (G - 1)) * s) / n;
  const half = studentTQuantile(1 - (1 - level) / 2, df) * se;
  return { n, clusters: G, mean, se, df, lo: mean - half, hi: mean + half, level };
}

/**
 * Design effect of a share measured on several games per deal (rotation `all`: a seat plays every
 * rotation of a deal): the variance of the per-deal shares over what independent games would give,
 * sd²·m / (p(1 − p)) with m games per deal, at least 1. Dividing the games by it gives the effective
 * number of independent games (Kish), for a Wilson interval or a chi-square test in which the deal is
 * the unit (a first-order Rao–Scott correction).
 * @example shareDesignEffect({ share: 0.4, sdPerDeal: 0.3464, gamesPerDeal: 3 }) // 1.5
 */
export function shareDesignEffect(input: { share: number; sdPerDeal: number | null; gamesPerDeal: number }): number {
  const { share: p, sdPerDeal: sd, gamesPerDeal: m } = input;
  if (!(m > 1) || sd === null || !(p > 0 && p < 1)) return 1;
  return Math.max(1, (sd * sd * m) / (p * (1 - p)));
}
