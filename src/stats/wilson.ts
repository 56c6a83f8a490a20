/**
 * Wilson score interval for a win rate (Wilson 1927). With p̂ = wins / games, n = games and
 * z = Φ⁻¹(1 − α/2):
 *
 *   centre = (p̂ + z²/2n) / (1 + z²/n),   half-width = z / (1 + z²/n) · √(p̂(1 − p̂)/n + z²/4n²).
 *
 * Ties: a tie for first among k players gives each of them 1/k of a win, so `wins` may be
 * fractional; the formula is used with the fractional p̂ unchanged. A per-game outcome in [0, 1] with
 * mean p has variance at most p(1 − p), with equality only when there are no ties, so the interval
 * stays valid (slightly conservative when ties are common).
 */
import { normalQuantile } from './normal.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions, WinsInput } from './types.ts';

export interface RateInterval {
  games: number;
  wins: number;
  /** wins / games; null without games. */
  rate: number | null;
  lo: number | null;
  hi: number | null;
  level: number;
}

/**
 * Win rate with its Wilson score interval.
 * @example wilsonInterval({ games: 20, wins: 7 }) // { rate: 0.35, lo: 0.1812, hi: 0.5671, … }
 */
export function wilsonInterval(input: WinsInput, options: LevelOptions = {}): RateInterval {
  const level = checkLevel(options.level);
  const { games: n, wins } = input;
  if (!(n >= 0) || !(wins >= 0) || wins > n)
    throw new RangeError(`wilsonInterval: need 0 ≤ wins ≤ games, got ${wins} of ${n}`);
  if (n === 0) return { games: n, wins, rate: null, lo: null, hi: null, level };
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = wins / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  return { games: n, wins, rate: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half), level };
}
