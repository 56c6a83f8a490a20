/**
 * Student-t interval for a mean from exact aggregates (n, Σx, Σx²): mean ± t(1 − α/2, n − 1) · s/√n,
 * with s the sample standard deviation (n − 1 denominator). Bounds are null below two values.
 */
import { moments } from './moments.ts';
import { studentTQuantile } from './student-t.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions, MomentsInput } from './types.ts';

export interface MeanInterval {
  n: number;
  mean: number | null;
  sd: number | null;
  se: number | null;
  /** Degrees of freedom, n − 1. */
  df: number;
  lo: number | null;
  hi: number | null;
  level: number;
}

/**
 * Mean of `input` with its t interval. `scale` divides every value (sums kept in 1/scale units).
 * @example meanInterval({ n: 10, sum: 50, sumSquares: 290 }) // mean 5, se 2/3, [3.4919, 6.5081]
 */
export function meanInterval(input: MomentsInput, options: LevelOptions & { scale?: number } = {}): MeanInterval {
  const level = checkLevel(options.level);
  const m = moments(input, options.scale);
  const df = Math.max(0, m.n - 1);
  if (m.mean === null || m.se === null)
    return { n: m.n, mean: m.mean, sd: m.sd, se: m.se, df, lo: null, hi: null, level };
  const half = studentTQuantile(1 - (1 - level) / 2, df) * m.se;
  return { n: m.n, mean: m.mean, sd: m.sd, se: m.se, df, lo: m.mean - half, hi: m.mean + half, level };
}
