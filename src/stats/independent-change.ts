/**
 * The no-effect reference of "winner changed" for independent games (docs/reasoning.md §9): when the two
 * games of a deal are independent draws, arm a's winning-seat set is S with probability pₐ(S) and
 * arm b's with p_b(S), so their winners differ with probability 1 − Σ_S pₐ(S)·p_b(S) (a tie for
 * first is a set of its own; without ties the sets are single seats and this is 1 − Σ_s pₐ(s)·p_b(s)).
 * The shares are estimated from each arm's games; the interval is the delta method's normal interval
 * with the arms taken as independent samples (they share deals, which the interval ignores), clipped
 * to [0, 1].
 */
import { normalQuantile } from './normal.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions } from './types.ts';

export interface IndependentChange {
  /** 1 − Σ pₐ(S)·p_b(S); null when an arm has no games. */
  rate: number | null;
  se: number | null;
  lo: number | null;
  hi: number | null;
  level: number;
}

/**
 * The rate at which two independent games, one per arm, have different winning-seat sets, from the
 * arms' counts of games per set (any indexing of the sets, the same for both arms).
 * @example independentChangeRate([60, 40], [50, 50]) // rate 1 − (0.6·0.5 + 0.4·0.5) = 0.5
 */
export function independentChangeRate(
  countsA: readonly number[],
  countsB: readonly number[],
  options: LevelOptions = {},
): IndependentChange {
  const level = checkLevel(options.level);
  if (countsA.length !== countsB.length)
    throw new RangeError(`independentChangeRate: ${countsA.length} sets in arm a, ${countsB.length} in arm b`);
  const nA = countsA.reduce((t, c) => t + c, 0);
  const nB = countsB.reduce((t, c) => t + c, 0);
  if (nA === 0 || nB === 0) return { rate: null, se: null, lo: null, hi: null, level };
  const p = countsA.map((c) => c / nA);
  const q = countsB.map((c) => c / nB);
  const same = p.reduce((t, x, i) => t + x * q[i]!, 0);
  // Var(Σ q_S p̂_S) = (Σ q_S² p_S − (Σ q_S p_S)²) / nA for multinomial p̂, and likewise for q̂.
  const varA = (p.reduce((t, x, i) => t + q[i]! * q[i]! * x, 0) - same * same) / nA;
  const varB = (q.reduce((t, x, i) => t + p[i]! * p[i]! * x, 0) - same * same) / nB;
  const se = Math.sqrt(Math.max(0, varA) + Math.max(0, varB));
  const half = normalQuantile(1 - (1 - level) / 2) * se;
  const rate = 1 - same;
  return { rate, se, lo: Math.max(0, rate - half), hi: Math.min(1, rate + half), level };
}
