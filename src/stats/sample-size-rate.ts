/**
 * Games needed to detect a difference in win rate, normal approximation without continuity
 * correction (Fleiss, Levin & Paik, Statistical Methods for Rates and Proportions, §4.2):
 *
 *   two arms (default), games per arm:  n = (z(1 − α/2)·√(2·p̄·q̄) + z(power)·√(p₁q₁ + p₂q₂))² / (p₁ − p₂)²
 *     with p̄ = (p₁ + p₂)/2, q = 1 − p. For p₁ = 0.5, p₂ = 0.55, α = 0.05, power 0.8: 1564.7 → 1565.
 *   one sample (`oneSample`), p₁ the rate under the null (e.g. 1/players for seat balance) and p₂
 *     the true rate:  n = (z(1 − α/2)·√(p₁q₁) + z(power)·√(p₂q₂))² / (p₂ − p₁)².
 *
 * The two-arm formula treats the arms as independent samples. Arms of one experiment play the same
 * deals, and the positive correlation that pairing brings only lowers the variance of the
 * difference, so the answer is conservative for them; so are shared wins from ties (a win share in
 * [0, 1] with mean p has variance at most p(1 − p)).
 */
import { normalQuantile } from './normal.ts';
import { checkPlanInputs } from './types.ts';

export interface RateSampleSizeInput {
  p1: number;
  p2: number;
  alpha?: number;
  power?: number;
  sides?: 1 | 2;
  /** Test p₂ against the fixed rate p₁ instead of comparing two arms. */
  oneSample?: boolean;
}

export interface RateSampleSize {
  p1: number;
  p2: number;
  alpha: number;
  power: number;
  sides: 1 | 2;
  oneSample: boolean;
  zAlpha: number;
  zPower: number;
  /** n before rounding. */
  exact: number;
  /** Games per arm (two arms) or games (one sample), ⌈exact⌉. */
  games: number;
}

/**
 * Games needed to detect a win-rate difference.
 * @example gamesForWinRateDiff({ p1: 0.5, p2: 0.55 }) // { exact: 1564.66, games: 1565, … } per arm
 */
export function gamesForWinRateDiff(input: RateSampleSizeInput): RateSampleSize {
  const { p1, p2 } = input;
  const alpha = input.alpha ?? 0.05;
  const power = input.power ?? 0.8;
  const sides = input.sides ?? 2;
  const oneSample = input.oneSample ?? false;
  checkPlanInputs(alpha, power, sides);
  for (const [name, p] of [
    ['p1', p1],
    ['p2', p2],
  ] as const) {
    if (!(p > 0 && p < 1)) throw new RangeError(`${name} must be in (0, 1), got ${p}`);
  }
  if (p1 === p2) throw new RangeError('p1 and p2 must differ');
  const zAlpha = normalQuantile(1 - alpha / sides);
  const zPower = normalQuantile(power);
  const q1 = 1 - p1;
  const q2 = 1 - p2;
  const pBar = (p1 + p2) / 2;
  const nullSd = oneSample ? Math.sqrt(p1 * q1) : Math.sqrt(2 * pBar * (1 - pBar));
  const altSd = oneSample ? Math.sqrt(p2 * q2) : Math.sqrt(p1 * q1 + p2 * q2);
  const exact = (zAlpha * nullSd + zPower * altSd) ** 2 / (p1 - p2) ** 2;
  return { p1, p2, alpha, power, sides, oneSample, zAlpha, zPower, exact, games: Math.ceil(exact - 1e-9) };
}
