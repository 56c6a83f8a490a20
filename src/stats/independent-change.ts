/**
 * The no-effect reference of "winner changed" for independent games (docs/reasoning.md §9): when arm a's
 * game and arm b's game are independent draws — two games on unrelated deals — a's winning-seat set
 * is S with probability pₐ(S) and b's with p_b(S), so their winners differ with probability
 * 1 − Σ_S pₐ(S)·p_b(S) (a tie for first is a set of its own; without ties the sets are single seats).
 * It is not the rate of two independent plays of one deal, which the deal's own leaning (a deal that
 * favours a seat in both games) makes lower; the noise floor measures that.
 *
 * Estimate: with the pairs of sets (a's and b's game of the same deal), the share of pairs of a's
 * game of one deal and b's game of *another* deal whose sets differ, 1 − (Σ_S nₐ(S)·n_b(S) − Σ_S
 * n(S, S)) / (n(n − 1)): unbiased for that estimand (the plug-in 1 − Σ p̂ₐ·p̂_b counts each deal's
 * own pair too, and sits low by Σ_S (p(S, S) − pₐ(S)·p_b(S)) / n when the arms agree on a deal).
 * Without the pairs (a summary of older code): the plug-in, and no interval.
 *
 * The arms play the same deals: a deal that favours seat 0 in a's game tends to favour it in b's, so
 * the two arms' shares are not independent samples (issue 36: an interval that took them as
 * independent covered 83–91 %). The interval is
 * built from the pairs of sets (a's and b's game of one deal): the estimate's influence function
 * per deal is −(p_b(S_a) + pₐ(S_b)) + const, whose variance over the pairs is the first-order
 * variance; the second-order term −Σ_S δpₐ(S)·δp_b(S), which carries the whole variance where the
 * first order vanishes (two seats winning half each), adds tr(Σₐₐ·Σ_bb) + tr(Σₐ_b·Σₐ_b) for the
 * multinomial covariances Σ of the shares. Normal interval on that variance, clipped to [0, 1]. The
 * pairs are the units: one game per deal (a study's rotation `cycle`).
 */
import { normalQuantile } from './normal.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions } from './types.ts';

export interface IndependentChange {
  /** 1 − Σ pₐ(S)·p_b(S), estimated over pairs of different deals; null when an arm has no games. */
  rate: number | null;
  /** Null also without the pairs of sets (a summary of older code): no interval then. */
  se: number | null;
  lo: number | null;
  hi: number | null;
  level: number;
}

/** The variance of the estimate from the pairs' counts (`joint[s · m + t]`) and the shares p, q. */
function pairedVariance(joint: readonly number[], p: readonly number[], q: readonly number[], n: number): number {
  const m = p.length;
  const same = p.reduce((t, x, i) => t + x * q[i]!, 0);
  // First order: the influence q(S_a) + p(S_b) of each pair, its variance over the n pairs.
  let sumSq = 0;
  for (let s = 0; s < m; s++)
    for (let t = 0; t < m; t++) sumSq += joint[s * m + t]! * (q[s]! + p[t]!) * (q[s]! + p[t]!);
  const first = n > 1 ? Math.max(0, (sumSq - n * 4 * same * same) / (n - 1)) / n : 0;
  // Second order: Var(δpᵀδq) for normal δp, δq with covariances Σpp, Σqq, Σpq (per pair, / n each).
  let second = 0;
  for (let s = 0; s < m; s++)
    for (let t = 0; t < m; t++) {
      const pp = (s === t ? p[s]! : 0) - p[s]! * p[t]!;
      const qq = (s === t ? q[s]! : 0) - q[s]! * q[t]!;
      const pqST = joint[s * m + t]! / n - p[s]! * q[t]!;
      const pqTS = joint[t * m + s]! / n - p[t]! * q[s]!;
      second += pp * qq + pqST * pqTS;
    }
  return first + Math.max(0, second) / (n * n);
}

/**
 * The rate at which two independent games, one per arm, have different winning-seat sets, from the
 * arms' counts of games per set (any indexing of the sets, the same for both arms) and the counts of
 * the pairs of sets (`joint[s · sets + t]`: a's game had set s, b's game of the same deal set t).
 * @example independentChangeRate([6, 4], [4, 6], { joint: [3, 3, 1, 3] }) // rate 1 − (6·4 + 4·6 − (3 + 3)) / (10·9) = 0.5333
 */
export function independentChangeRate(
  countsA: readonly number[],
  countsB: readonly number[],
  options: LevelOptions & { joint?: readonly number[] } = {},
): IndependentChange {
  const level = checkLevel(options.level);
  const m = countsA.length;
  if (countsB.length !== m)
    throw new RangeError(`independentChangeRate: ${m} sets in arm a, ${countsB.length} in arm b`);
  const nA = countsA.reduce((t, c) => t + c, 0);
  const nB = countsB.reduce((t, c) => t + c, 0);
  if (nA === 0 || nB === 0) return { rate: null, se: null, lo: null, hi: null, level };
  const p = countsA.map((c) => c / nA);
  const q = countsB.map((c) => c / nB);
  const joint = options.joint;
  if (!joint || nA < 2)
    return { rate: 1 - p.reduce((t, x, i) => t + x * q[i]!, 0), se: null, lo: null, hi: null, level };
  if (joint.length !== m * m || nA !== nB || joint.reduce((t, c) => t + c, 0) !== nA)
    throw new RangeError(`independentChangeRate: the pairs' counts must be ${m}×${m} and add up to the ${nA} games`);
  let sameAcross = 0;
  for (let s = 0; s < m; s++) sameAcross += countsA[s]! * countsB[s]! - joint[s * m + s]!;
  const rate = 1 - sameAcross / (nA * (nA - 1));
  const se = Math.sqrt(pairedVariance(joint, p, q, nA));
  const half = normalQuantile(1 - (1 - level) / 2) * se;
  return { rate, se, lo: Math.max(0, rate - half), hi: Math.min(1, rate + half), level };
}
