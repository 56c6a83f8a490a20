/**
 * Mean, standard deviation and standard error of a sample given by its exact sums. When the sums
 * are whole numbers (as every runner aggregate is), the variance numerator n·Σx² − (Σx)² is computed
 * in BigInt, so there is no cancellation however many games were summed.
 */
import type { MomentsInput } from './types.ts';

export interface Moments {
  n: number;
  mean: number | null;
  /** Sample variance (n − 1 denominator); null below 2 values. */
  variance: number | null;
  sd: number | null;
  /** sd / √n. */
  se: number | null;
}

/**
 * Moments of `input`, each divided by `scale` (for sums kept in units of 1/scale, as the runner's
 * paired differences are).
 * @example moments({ n: 10, sum: 50, sumSquares: 290 }) // { n: 10, mean: 5, variance: 40/9, sd: 2.108…, se: 0.667 }
 */
export function moments(input: MomentsInput, scale = 1): Moments {
  const n = input.n;
  if (!(n >= 0) || !(scale > 0))
    throw new RangeError(`moments: need n ≥ 0 and scale > 0, got n = ${n}, scale = ${scale}`);
  let mean: number | null;
  let variance: number | null;
  if ('mean' in input) {
    mean = n > 0 && input.mean !== null ? input.mean / scale : null;
    variance = n > 1 && input.sd !== null ? (input.sd / scale) ** 2 : null;
  } else {
    const sum = input.sum;
    const sumSq = 'sumSq' in input ? input.sumSq : input.sumSquares;
    mean = n > 0 ? sum / n / scale : null;
    if (n < 2) variance = null;
    else if (Number.isSafeInteger(n) && Number.isSafeInteger(sum) && Number.isSafeInteger(sumSq)) {
      const numerator = BigInt(n) * BigInt(sumSq) - BigInt(sum) * BigInt(sum);
      variance = Number(numerator) / (n * (n - 1)) / (scale * scale);
    } else {
      variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) / (scale * scale);
    }
  }
  const sd = variance === null ? null : Math.sqrt(variance);
  return { n, mean, variance, sd, se: sd === null ? null : sd / Math.sqrt(n) };
}
