/**
 * Difference of two means from independent samples (Welch 1947): b − a with
 *
 *   se = √(s_a²/n_a + s_b²/n_b),   df = se⁴ / ((s_a²/n_a)²/(n_a − 1) + (s_b²/n_b)²/(n_b − 1)),
 *   interval  (x̄_b − x̄_a) ± t(1 − α/2, df) · se,   two-sided p = 2 · P(T_df > |t|).
 *
 * For samples that share no unit to pair on (e.g. two skill levels whose per-deal values exist on
 * different deals). Same result shape as `pairedComparison` (n is n_a + n_b, sdDiff and d_z null).
 */
import { moments } from './moments.ts';
import type { PairedComparison } from './paired.ts';
import { studentTCdf, studentTQuantile } from './student-t.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions, MomentsInput } from './types.ts';

/**
 * Welch's unpaired comparison of two means (b − a).
 * @example welchComparison({ n: 10, mean: 5, sd: 2 }, { n: 20, mean: 7, sd: 3 }) // meanDiff 2, se 0.9220, df 25.4
 */
export function welchComparison(a: MomentsInput, b: MomentsInput, options: LevelOptions = {}): PairedComparison {
  const level = checkLevel(options.level);
  const ma = moments(a);
  const mb = moments(b);
  const n = ma.n + mb.n;
  if (ma.mean === null || mb.mean === null || ma.variance === null || mb.variance === null) {
    return {
      n,
      meanDiff: ma.mean === null || mb.mean === null ? null : mb.mean - ma.mean,
      sdDiff: null,
      se: null,
      df: 0,
      lo: null,
      hi: null,
      dz: null,
      t: null,
      p: null,
      level,
    };
  }
  const va = ma.variance / ma.n;
  const vb = mb.variance / mb.n;
  const se = Math.sqrt(va + vb);
  const meanDiff = mb.mean - ma.mean;
  const df = se === 0 ? ma.n + mb.n - 2 : (va + vb) ** 2 / (va ** 2 / (ma.n - 1) + vb ** 2 / (mb.n - 1));
  if (se === 0)
    return {
      n,
      meanDiff,
      sdDiff: null,
      se,
      df,
      lo: meanDiff,
      hi: meanDiff,
      dz: null,
      t: null,
      p: meanDiff === 0 ? 1 : 0,
      level,
    };
  const half = studentTQuantile(1 - (1 - level) / 2, df) * se;
  const t = meanDiff / se;
  return {
    n,
    meanDiff,
    sdDiff: null,
    se,
    df,
    lo: meanDiff - half,
    hi: meanDiff + half,
    dz: null,
    t,
    p: Math.min(1, 2 * studentTCdf(-Math.abs(t), df)),
    level,
  };
}
