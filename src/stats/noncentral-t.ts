/**
 * The noncentral t distribution with ν degrees of freedom and noncentrality δ, for the power of a
 * t test (`sample-size-mean.ts`). CDF by Lenth's series (Applied Statistics algorithm AS 243, 1989):
 * for t ≥ 0, with x = t²/(t² + ν) and λ = δ²/2,
 *
 *   F(t; ν, δ) = Φ(−δ) + ½ Σⱼ [ pⱼ · I_x(j + ½, ν/2) + qⱼ · I_x(j + 1, ν/2) ],
 *   pⱼ = e^{−λ} λʲ / j!,   qⱼ = δ e^{−λ} λʲ / (√2 · Γ(j + 3/2)),
 *
 * and F(t; ν, δ) = 1 − F(−t; ν, −δ) for t < 0. The sum starts at the largest weight (j = ⌊λ⌋) and
 * runs both ways until the Poisson weights are negligible, so a large δ loses no terms to underflow.
 */
import { normalCdf } from './normal.ts';
import { incompleteBeta, logGamma } from './special.ts';
import { studentTCdf } from './student-t.ts';

const NEGLIGIBLE = 1e-17;

/** ½ Σ over j of the series terms for t ≥ 0. */
function series(t: number, df: number, delta: number): number {
  const t2 = t * t;
  const x = t2 / (t2 + df);
  const y = df / (t2 + df);
  const lambda = (delta * delta) / 2;
  const logLambda = Math.log(lambda);
  const logDelta = Math.log(Math.abs(delta)) - 0.5 * Math.LN2;
  const sign = Math.sign(delta);
  const term = (j: number) => {
    const p = Math.exp(-lambda + j * logLambda - logGamma(j + 1));
    const q = sign * Math.exp(logDelta - lambda + j * logLambda - logGamma(j + 1.5));
    return { p, q, value: p * incompleteBeta(x, j + 0.5, df / 2, y) + q * incompleteBeta(x, j + 1, df / 2, y) };
  };
  const mode = Math.floor(lambda);
  let sum = 0;
  for (let j = mode; ; j++) {
    const { p, q, value } = term(j);
    sum += value;
    if (j > lambda && p < NEGLIGIBLE && Math.abs(q) < NEGLIGIBLE) break;
  }
  for (let j = mode - 1; j >= 0; j--) {
    const { p, q, value } = term(j);
    sum += value;
    if (p < NEGLIGIBLE && Math.abs(q) < NEGLIGIBLE) break;
  }
  return sum / 2;
}

/**
 * P(T ≤ t) for the noncentral t with `df` degrees of freedom and noncentrality `delta`.
 * @example noncentralTCdf(2.262157, 9, Math.sqrt(10)) // 0.1969 (so a 10-deal paired test of d_z = 1 has power 0.803)
 */
export function noncentralTCdf(t: number, df: number, delta: number): number {
  if (Number.isNaN(t) || !(df > 0) || !Number.isFinite(delta)) return NaN;
  if (delta === 0) return studentTCdf(t, df);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  if (t < 0) return 1 - noncentralTCdf(-t, df, -delta);
  return Math.min(1, Math.max(0, normalCdf(-delta) + series(t, df, delta)));
}
