/**
 * The main metrics of a deal, the quantities that paired comparisons between arms are made of.
 * Per arm and deal, each metric is a whole-number sum over the deal's games (and seats) with a fixed
 * divisor: `score` (mean score per seat: Σ scores / (games · players)), `winnerScore`, `margin`
 * (winner minus runner-up), `score.<source>` per seat (every registered source), every statistic of `game.statNames` (per game)
 * and `game.playerStatNames` (per seat), and `seat<s>.score` / `seat<s>.wins` (per game).
 *
 * A pair (a, b) compares the metrics both arms have: per deal, x = S_b·(L/d_b) − S_a·(L/d_a) with
 * L = lcm(d_a, d_b) is a whole number and x / L is the difference of the two arms' deal means
 * (b minus a), so sums of x stay exact.
 */
import type { Game } from '../engine/index.ts';
import { registeredScoreSources } from '../expansions/index.ts';
import { WIN_UNITS } from './aggregate.ts';
import { gamesPerDeal } from './plan.ts';
import type { Plan } from './plan.ts';

export interface ArmMetrics {
  names: string[];
  divisors: number[];
  /** Index of the first metric of each group in `names`. */
  score: number;
  winnerScore: number;
  margin: number;
  sources: number;
  stats: number;
  playerStats: number;
  /** `seat<s>.score` is at seats + 2s, `seat<s>.wins` at seats + 2s + 1. */
  seats: number;
}

export function armMetrics(game: Game, gamesInDeal: number): ArmMetrics {
  const P = game.players;
  const names: string[] = [];
  const divisors: number[] = [];
  const push = (name: string, divisor: number) => {
    names.push(name);
    divisors.push(divisor);
    return names.length - 1;
  };
  const score = push('score', gamesInDeal * P);
  const winnerScore = push('winnerScore', gamesInDeal);
  const margin = push('margin', gamesInDeal);
  const sources = names.length;
  for (const source of registeredScoreSources()) push(`score.${source}`, gamesInDeal * P);
  const stats = names.length;
  for (const stat of game.statNames) push(`stat.${stat}`, gamesInDeal);
  const playerStats = names.length;
  for (const stat of game.playerStatNames) push(`stat.${stat}`, gamesInDeal * P);
  const seats = names.length;
  for (let s = 0; s < P; s++) {
    push(`seat${s}.score`, gamesInDeal);
    push(`seat${s}.wins`, gamesInDeal * WIN_UNITS);
  }
  return { names, divisors, score, winnerScore, margin, sources, stats, playerStats, seats };
}

export interface PairMetric {
  name: string;
  indexA: number;
  indexB: number;
  mulA: number;
  mulB: number;
  /** x / scale is the per-deal difference of means. */
  scale: number;
}

export interface PairLayout {
  a: number;
  b: number;
  metrics: PairMetric[];
}

const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));

/** Metrics both arms have, in arm a's order. */
export function pairLayout(a: number, b: number, ma: ArmMetrics, mb: ArmMetrics): PairLayout {
  const metrics: PairMetric[] = [];
  ma.names.forEach((name, indexA) => {
    const indexB = mb.names.indexOf(name);
    if (indexB < 0) return;
    const da = ma.divisors[indexA]!;
    const db = mb.divisors[indexB]!;
    const scale = (da / gcd(da, db)) * db;
    metrics.push({ name, indexA, indexB, mulA: scale / da, mulB: scale / db, scale });
  });
  return { a, b, metrics };
}

export interface RunLayout {
  arms: ArmMetrics[];
  pairs: PairLayout[];
}

/** Up to this many arms every pair is compared; past it, each arm with the first (the baseline). */
export const ALL_PAIRS_MAX_ARMS = 8;

/** Metric layout of a plan, given its built games (arm order). */
export function runLayout(plan: Plan, games: readonly Game[]): RunLayout {
  const arms = games.map((game) => armMetrics(game, gamesPerDeal(plan.rotation, game.players)));
  const pairs: PairLayout[] = [];
  const firsts = arms.length <= ALL_PAIRS_MAX_ARMS ? arms.length : 1;
  for (let a = 0; a < firsts; a++) {
    for (let b = a + 1; b < arms.length; b++) pairs.push(pairLayout(a, b, arms[a]!, arms[b]!));
  }
  return { arms, pairs };
}
