/**
 * Student's t distribution with ν > 0 degrees of freedom (ν need not be whole). CDF through the
 * regularized incomplete beta: P(T > t) = ½·I_x(ν/2, ½) with x = ν/(ν + t²) for t ≥ 0. Quantile by
 * safeguarded Newton steps on that tail. Past ν = 1e5 both use the normal with the
 * Cornish–Fisher terms of Abramowitz & Stegun 26.7.5 (error far below 1e-12 there).
 */
import { normalCdf, normalQuantile } from './normal.ts';
import { incompleteBeta, logBeta, solveDecreasing } from './special.ts';

const LARGE_DF = 1e5;

/** Density of t with ν degrees of freedom. */
export function studentTPdf(t: number, df: number): number {
  return Math.exp(-0.5 * (df + 1) * Math.log1p((t * t) / df) - 0.5 * Math.log(df) - logBeta(df / 2, 0.5));
}

/** P(T > t) for t ≥ 0. */
function upperTail(t: number, df: number): number {
  const t2 = t * t;
  return 0.5 * incompleteBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2));
}

/** z + g1/ν + g2/ν² + g3/ν³ (Abramowitz & Stegun 26.7.5). */
function cornishFisher(z: number, df: number): number {
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * (5 * z2 * z2 + 16 * z2 + 3)) / 96;
  const g3 = (z * (3 * z2 * z2 * z2 + 19 * z2 * z2 + 17 * z2 - 15)) / 384;
  return z + g1 / df + g2 / (df * df) + g3 / (df * df * df);
}

/**
 * P(T ≤ t) for Student's t with `df` degrees of freedom.
 * @example studentTCdf(2.228138852, 10) // 0.975
 */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  if (df > LARGE_DF) {
    // invert the Cornish–Fisher expansion by fixed-point steps (its slope is 1 + O(1/ν))
    const a = Math.abs(t);
    let z = a;
    for (let i = 0; i < 4; i++) z -= cornishFisher(z, df) - a;
    return t < 0 ? normalCdf(-z) : normalCdf(z);
  }
  const tail = upperTail(Math.abs(t), df);
  return t < 0 ? tail : 1 - tail;
}

/**
 * The t with P(T ≤ t) = p for Student's t with `df` degrees of freedom.
 * @example studentTQuantile(0.975, 10) // 2.228138852
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0 && p <= 1) || !(df > 0)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  const tail = p < 0.5 ? p : 1 - p;
  let t: number;
  if (df > LARGE_DF) {
    t = cornishFisher(-normalQuantile(tail), df);
  } else {
    const z = -normalQuantile(tail);
    const start = df >= 3 ? cornishFisher(z, df) : df === 1 ? Math.tan(Math.PI * (0.5 - tail)) : z * 2;
    t = solveDecreasing(
      (x) => upperTail(x, df),
      (x) => -studentTPdf(x, df),
      tail,
      0,
      Math.max(start, 1e-8),
    );
  }
  return p < 0.5 ? -t : t;
}
