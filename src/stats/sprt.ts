/**
 * Sequential probability ratio test (Wald 1945) on paired deals, in the form chess engine testing
 * uses (Fishtest, fastchess): H0 "A is elo0 stronger than B" against H1 "A is elo1 stronger", both
 * on the logistic Elo scale, where an Elo difference e means an expected score 1 / (1 + 10^(−e/400)).
 *
 * The unit is a deal: A's score on a deal is its share of the wins over the deal's games (a tie for
 * first shared). In a 2-player match a deal is a pair of seat-swapped games and the score is one of
 * 0, ¼, ½, ¾, 1: the pentanomial model. Its distribution is left free (a multinomial on the values
 * seen); under a hypothesis with expected score s it is the maximum-likelihood multinomial whose mean
 * is s (empirical likelihood): with observed frequencies p̂_k of the values x_k,
 *
 *   p_k(s) = p̂_k / (1 + λ (x_k − s)),  λ the root of Σ_k p̂_k (x_k − s) / (1 + λ (x_k − s)) = 0,
 *
 * and the log-likelihood ratio of n deals is LLR = n Σ_k p̂_k ln(p_k(s1) / p_k(s0)). When A lost or
 * won every game of no deal yet, the extreme values 0 and 1 are added with a count of 0.001 (as
 * Fishtest regularizes empty pentanomial cells), so the LLR is finite from the first deal on.
 *
 * The test continues while lower < LLR < upper with lower = ln(β / (1 − α)), upper = ln((1 − β) / α);
 * it accepts H1 at or above upper and H0 at or below lower (α = β = 0.05: ±2.944).
 */
import { eloToScore } from './bradley-terry.ts';

export interface SprtHypotheses {
  elo0: number;
  elo1: number;
  /** False positive rate (accepting H1 when elo = elo0); default 0.05. */
  alpha?: number;
  /** False negative rate (accepting H0 when elo = elo1); default 0.05. */
  beta?: number;
}

export type SprtDecision = 'H0' | 'H1' | 'continue';

export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  decision: SprtDecision;
  /** Deals counted. */
  n: number;
}

/** Count given to an extreme score (0 or 1) not seen yet. */
export const EMPTY_CELL_COUNT = 1e-3;

/** Wald's bounds: ln(β / (1 − α)) and ln((1 − β) / α). */
export function sprtBounds(alpha = 0.05, beta = 0.05): { lower: number; upper: number } {
  if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5))
    throw new RangeError(`sprt: alpha and beta must be in (0, 0.5), got ${alpha}, ${beta}`);
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** The log-likelihood ratio of H1 over H0 for deal scores in [0, 1] given as value → count. */
export function sprtLlr(counts: ReadonlyMap<number, number>, elo0: number, elo1: number): number {
  const cells = new Map(counts);
  for (const [x, c] of cells) {
    if (!(x >= 0 && x <= 1) || !(c >= 0))
      throw new RangeError(`sprtLlr: scores must be in [0, 1] with counts ≥ 0, got ${x} × ${c}`);
    if (c === 0) cells.delete(x);
  }
  if (cells.size === 0) return 0;
  for (const extreme of [0, 1]) if (!cells.has(extreme)) cells.set(extreme, EMPTY_CELL_COUNT);
  const n = [...cells.values()].reduce((s, c) => s + c, 0);
  const xs = [...cells.keys()];
  const ps = xs.map((x) => cells.get(x)! / n);
  const lambda0 = lagrangeMultiplier(xs, ps, eloToScore(elo0));
  const lambda1 = lagrangeMultiplier(xs, ps, eloToScore(elo1));
  const s0 = eloToScore(elo0);
  const s1 = eloToScore(elo1);
  let sum = 0;
  for (let k = 0; k < xs.length; k++)
    sum += ps[k]! * (Math.log1p(lambda0 * (xs[k]! - s0)) - Math.log1p(lambda1 * (xs[k]! - s1)));
  // Only the observed deals count: the regularizing cells make the likelihood exist, not more deals.
  const observed = [...counts.values()].reduce((s, c) => s + c, 0);
  return observed * sum;
}

/**
 * λ with Σ p_k (x_k − s) / (1 + λ (x_k − s)) = 0 and every 1 + λ (x_k − s) > 0 (the function
 * decreases in λ on that interval, so bisection finds the root). Needs min x < s < max x.
 */
function lagrangeMultiplier(xs: readonly number[], ps: readonly number[], s: number): number {
  const f = (lambda: number) => xs.reduce((t, x, k) => t + (ps[k]! * (x - s)) / (1 + lambda * (x - s)), 0);
  const lo0 = -1 / (Math.max(...xs) - s);
  const hi0 = 1 / (s - Math.min(...xs));
  let lo = lo0;
  let hi = hi0;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo), Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The test's state after the given deal scores.
 * @example sprtState(new Map([[1, 30], [0, 10]]), { elo0: 0, elo1: 100 }) // { llr: 4.122, decision: 'H1', … }
 */
export function sprtState(counts: ReadonlyMap<number, number>, hypotheses: SprtHypotheses): SprtState {
  const { lower, upper } = sprtBounds(hypotheses.alpha, hypotheses.beta);
  if (!(hypotheses.elo1 > hypotheses.elo0))
    throw new RangeError(`sprt: elo1 must exceed elo0, got ${hypotheses.elo0}, ${hypotheses.elo1}`);
  const llr = sprtLlr(counts, hypotheses.elo0, hypotheses.elo1);
  const n = [...counts.values()].reduce((s, c) => s + c, 0);
  return { llr, lower, upper, decision: llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue', n };
}
