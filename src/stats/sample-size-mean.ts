/**
 * Deals needed for a paired comparison of two arms to detect a mean difference `diff` when the
 * per-deal differences have standard deviation `sd` (two-sided test at `alpha`, given `power`).
 *
 * 1. Normal approximation: n₀ = ((z(1 − α/2) + z(power)) · sd / diff)².
 * 2. Refined with t quantiles: the smallest n ≥ 2 with n ≥ ((t(1 − α/2, n − 1) + t(power, n − 1)) · sd / diff)².
 *    The right side falls as n grows, so counting up from ⌈n₀⌉ finds it.
 * 3. Exact: the smallest n ≥ 2 whose paired t test has the power asked for, the power taken from the
 *    noncentral t with n − 1 degrees of freedom and noncentrality √n · diff / sd
 *    (`noncentral-t.ts`); searched from the answer of step 2, which is within a deal or two of it.
 *
 * For sd/diff = 1, α = 0.05, power 0.8: n₀ = 7.85 → 8; step 2 gives 10; exact 10 (power 0.803).
 * `sides: 1` uses α instead of α/2. `sd` is the sd of per-deal differences in the units of `diff`;
 * a deal is played by every arm, so games = deals × games per deal of each arm.
 */
import { noncentralTCdf } from './noncentral-t.ts';
import { normalQuantile } from './normal.ts';
import { studentTQuantile } from './student-t.ts';
import { checkPlanInputs } from './types.ts';

export interface MeanSampleSizeInput {
  diff: number;
  sd: number;
  /** Default 0.05. */
  alpha?: number;
  /** Default 0.8. */
  power?: number;
  /** Default 2 (two-sided). */
  sides?: 1 | 2;
}

export interface MeanSampleSize {
  diff: number;
  sd: number;
  alpha: number;
  power: number;
  sides: 1 | 2;
  /** z(1 − α/sides) and z(power). */
  zAlpha: number;
  zPower: number;
  /** n₀ before rounding. */
  normalExact: number;
  /** ⌈n₀⌉. */
  normalDeals: number;
  /** Deals after the t-quantile refinement (step 2). */
  tDeals: number;
  /** t(1 − α/sides, tDeals − 1) and t(power, tDeals − 1). */
  tAlpha: number;
  tPower: number;
  /** Deals needed: the smallest n with exact (noncentral t) power ≥ `power`. */
  deals: number;
  /** Exact power of the paired t test with `deals` deals. */
  achievedPower: number;
}

/** Exact power of a paired t test with n deals when sd/|diff| = ratio. */
function pairedPower(n: number, ratio: number, alpha: number, sides: 1 | 2): number {
  const df = n - 1;
  const critical = studentTQuantile(1 - alpha / sides, df);
  const delta = Math.sqrt(n) / ratio;
  return 1 - noncentralTCdf(critical, df, delta) + (sides === 2 ? noncentralTCdf(-critical, df, delta) : 0);
}

/**
 * Deals needed to detect a paired mean difference.
 * @example dealsForMeanDiff({ diff: 1, sd: 1 }) // { normalExact: 7.85, normalDeals: 8, tDeals: 10, deals: 10, achievedPower: 0.803, … }
 */
export function dealsForMeanDiff(input: MeanSampleSizeInput): MeanSampleSize {
  const { diff, sd } = input;
  const alpha = input.alpha ?? 0.05;
  const power = input.power ?? 0.8;
  const sides = input.sides ?? 2;
  checkPlanInputs(alpha, power, sides);
  if (!(Math.abs(diff) > 0) || !Number.isFinite(diff))
    throw new RangeError(`diff must be a non-zero number, got ${diff}`);
  if (!(sd > 0) || !Number.isFinite(sd)) throw new RangeError(`sd must be a positive number, got ${sd}`);
  const ratio = sd / Math.abs(diff);
  // 1. normal approximation
  const zAlpha = normalQuantile(1 - alpha / sides);
  const zPower = normalQuantile(power);
  const normalExact = ((zAlpha + zPower) * ratio) ** 2;
  const normalDeals = Math.max(1, Math.ceil(normalExact - 1e-9));
  // 2. t-quantile refinement: count up from the normal answer
  const needed = (n: number) =>
    ((studentTQuantile(1 - alpha / sides, n - 1) + studentTQuantile(power, n - 1)) * ratio) ** 2;
  let tDeals = Math.max(2, normalDeals);
  while (needed(tDeals) > tDeals) tDeals++;
  // 3. exact power: step down while n − 1 still suffices, else up until n does
  let n = tDeals;
  let achievedPower = pairedPower(n, ratio, alpha, sides);
  if (achievedPower >= power) {
    for (
      let below = pairedPower(n - 1, ratio, alpha, sides);
      n > 2 && below >= power;
      below = pairedPower(n - 1, ratio, alpha, sides)
    ) {
      n--;
      achievedPower = below;
    }
  } else {
    while (achievedPower < power) achievedPower = pairedPower(++n, ratio, alpha, sides);
  }
  return {
    diff,
    sd,
    alpha,
    power,
    sides,
    zAlpha,
    zPower,
    normalExact,
    normalDeals,
    tDeals,
    tAlpha: studentTQuantile(1 - alpha / sides, tDeals - 1),
    tPower: studentTQuantile(power, tDeals - 1),
    deals: n,
    achievedPower,
  };
}
