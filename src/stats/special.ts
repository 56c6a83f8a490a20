/**
 * Special functions under the distributions of `normal.ts` and `student-t.ts`: log-gamma (Lanczos),
 * the regularized incomplete gamma (series and continued fraction) and the regularized incomplete
 * beta (continued fraction, modified Lentz), as in Numerical Recipes §6.1–6.4, plus a safeguarded
 * Newton solver for quantiles. Pure numeric code; every function works in doubles to ~1e-14.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
const EPS = 1e-16;
const TINY = 1e-300;
const MAX_ITERATIONS = 100_000;

/**
 * ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms; relative error ~1e-15).
 * @example logGamma(5) // ln 24 = 3.1780538303479458
 */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const y = x - 1;
  let a = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) a += LANCZOS[i]! / (y + i);
  const t = y + 7.5;
  return HALF_LOG_2PI + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). For b = ½ and large a it uses the asymptotic series
 * of ln Γ(a + ½) − ln Γ(a), which keeps full precision where the three large log-gammas would cancel.
 * @example logBeta(2, 3) // ln(1/12)
 */
export function logBeta(a: number, b: number): number {
  if (b === 0.5 && a > 50) {
    const r = 1 / a;
    const r2 = r * r;
    // ln Γ(a+½) − ln Γ(a) = ½ ln a − 1/(8a) + 1/(192a³) − 1/(640a⁵) + 17/(14336a⁷) − …
    const ratio = 0.5 * Math.log(a) - r / 8 + (r * r2) / 192 - (r * r2 * r2) / 640 + (17 * r * r2 * r2 * r2) / 14336;
    return logGamma(0.5) - ratio;
  }
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/**
 * Regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a), for a > 0, x ≥ 0.
 * @example gammaQ(1, 2) // e^-2 = 0.1353352832366127
 */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    // series for P(a, x)
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * front;
  }
  // continued fraction for Q(a, x) (modified Lentz)
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return front * h;
}

/** Continued fraction of the incomplete beta (Numerical Recipes `betacf`, modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}

/**
 * Regularized incomplete beta I_x(a, b). `y` = 1 − x may be passed when the caller knows it more
 * precisely than `1 - x` (x close to 1).
 * @example incompleteBeta(0.5, 2, 2) // 0.5
 */
export function incompleteBeta(x: number, a: number, b: number, y = 1 - x): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(y) - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, y)) / b;
}

/**
 * The x > `lo` where the positive, decreasing function `f` (a tail probability) equals `target`:
 * Newton steps on ln f (slope f'/f, which keeps the steps sound far out in the tails), kept inside
 * a bracket that is first widened upwards by doubling, with bisection whenever a step leaves it.
 * @example solveDecreasing((x) => 1 / x, (x) => -1 / (x * x), 0.25, 0, 1) // 4
 */
export function solveDecreasing(
  f: (x: number) => number,
  df: (x: number) => number,
  target: number,
  lo: number,
  start: number,
): number {
  // 1. bracket: f(lo) > target > f(hi)
  let hi = Math.max(2 * start, lo + 1);
  while (f(hi) > target) {
    lo = hi;
    hi *= 2;
    if (!Number.isFinite(hi)) return Infinity;
  }
  // 2. safeguarded Newton on ln f
  const logTarget = Math.log(target);
  let x = start > lo && start < hi ? start : (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const fx = f(x);
    if (fx === target) return x;
    if (fx > target) lo = x;
    else hi = x;
    const slope = df(x) / fx;
    let next = slope < 0 ? x - (Math.log(fx) - logTarget) / slope : NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.abs(next) || hi - lo <= 1e-15 * Math.abs(hi)) return next;
    x = next;
  }
  return x;
}
