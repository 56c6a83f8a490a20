/**
 * The standard normal distribution: CDF through the incomplete gamma (Φ(−z) = ½·Q(½, z²/2), precise
 * in both tails) and the quantile by safeguarded Newton steps from the Abramowitz–Stegun 26.2.23
 * starting value.
 */
import { gammaQ, solveDecreasing } from './special.ts';

const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** Density φ(z). */
export const normalPdf = (z: number): number => INV_SQRT_2PI * Math.exp(-0.5 * z * z);

/** Upper tail 1 − Φ(z) for z ≥ 0, without cancellation. */
const upperTail = (z: number): number => 0.5 * gammaQ(0.5, 0.5 * z * z);

/**
 * Φ(z) = P(Z ≤ z) for a standard normal Z.
 * @example normalCdf(1.959963984540054) // 0.975
 */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  return z < 0 ? upperTail(-z) : 1 - upperTail(z);
}

/**
 * The z with Φ(z) = p, for 0 < p < 1 (±Infinity at 0 and 1).
 * @example normalQuantile(0.975) // 1.959963984540054
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  const tail = p < 0.5 ? p : 1 - p;
  // Abramowitz & Stegun 26.2.23 (|error| < 4.5e-4) as the start
  const t = Math.sqrt(-2 * Math.log(tail));
  const start =
    t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  const z = solveDecreasing(upperTail, (x) => -normalPdf(x), tail, 0, Math.max(start, 1e-8));
  return p < 0.5 ? -z : z;
}
