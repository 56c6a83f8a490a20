/**
 * Seeded coverage simulations of the report's intervals where issue 36 found them short, each
 * drawing data from a known truth and passing it through the very function a report uses:
 *   - the independent-games reference of "winner changed" (`winnerChange`), whose arms share deals;
 *   - a perfect record's bound (`pairResult`): a match whose two games of a deal agree;
 *   - a level's win share of 0 or n in n deals (`levelEstimate`);
 *   - a mechanic's change between levels when both levels won every game (`mechanicsResults`).
 * Each case gives the share of replicates whose interval holds the truth (`scripts/coverage.ts`
 * prints them all; `test/stats/report-coverage.test.ts` checks them). Seeded (`makeRng`).
 */
import { makeRng } from '../sim/rng.ts';
import type { Rng } from '../sim/rng.ts';
import type { EffectSummary } from '../sim/summary.ts';
import { winnerChange } from './winner-change.ts';

export interface CoverageFigure {
  name: string;
  /** The interval's nominal level. */
  nominal: number;
  replicates: number;
  covered: number;
  coverage: number;
}

/** A draw from a discrete distribution given as probabilities (summing to 1). */
export function drawIndex(rng: Rng, probabilities: readonly number[]): number {
  let u = rng();
  for (let i = 0; i < probabilities.length - 1; i++) {
    u -= probabilities[i]!;
    if (u < 0) return i;
  }
  return probabilities.length - 1;
}

const figure = (name: string, nominal: number, replicates: number, covered: number): CoverageFigure => ({
  name,
  nominal,
  replicates,
  covered,
  coverage: covered / replicates,
});

// ---- the independent-games reference ---------------------------------------------------------------

/** Two players: the winning-seat sets seat 0, seat 1 and a tie (bit masks 1, 2, 3). */
const SETS = [1, 2, 3];

export interface PairedSetsCase {
  name: string;
  deals: number;
  /** a's and b's shares of the sets (seat 0, seat 1, tie). */
  a: readonly number[];
  b: readonly number[];
  /** The share of deals on which b's game copies a's set (the rest: drawn independently). */
  agree: number;
}

export const PAIRED_SETS_CASES: readonly PairedSetsCase[] = [
  {
    name: 'random: the arms play the same moves on every deal, 52/44/4 %, 2,000 deals',
    deals: 2000,
    a: [0.52, 0.44, 0.04],
    b: [0.52, 0.44, 0.04],
    agree: 1,
  },
  {
    name: 'the arms agree on 60 % of deals beyond chance, 54/43/3 %, 1,000 deals',
    deals: 1000,
    a: [0.54, 0.43, 0.03],
    b: [0.54, 0.43, 0.03],
    agree: 0.6,
  },
  {
    name: 'the same moves on every deal, an even split 50/49/1 %, 2,000 deals',
    deals: 2000,
    a: [0.5, 0.49, 0.01],
    b: [0.5, 0.49, 0.01],
    agree: 1,
  },
];

/** The share of replicates whose independent-games interval holds 1 − Σ pₐ·p_b (`winnerChange`). */
export function simulateIndependentReference(c: PairedSetsCase, replicates: number, seed: string): CoverageFigure {
  if (c.agree < 1 && c.a.some((x, i) => x !== c.b[i]))
    throw new Error('a case whose arms agree beyond chance needs equal shares (b copies a)');
  const rng = makeRng(seed, c.name);
  const truth = 1 - c.a.reduce((t, x, i) => t + x * c.b[i]!, 0);
  let covered = 0;
  for (let r = 0; r < replicates; r++) {
    const winnersA = [0, 0, 0, 0];
    const winnersB = [0, 0, 0, 0];
    const winnersJoint = new Array<number>(16).fill(0);
    let totalChanged = 0;
    for (let d = 0; d < c.deals; d++) {
      const sa = SETS[drawIndex(rng, c.a)]!;
      const sb = rng() < c.agree ? sa : SETS[drawIndex(rng, c.b)]!;
      winnersA[sa]!++;
      winnersB[sb]!++;
      winnersJoint[sa * 4 + sb]!++;
      if (sa !== sb) totalChanged++;
    }
    const effect: EffectSummary = {
      a: 'a',
      b: 'b',
      games: c.deals,
      replayed: 0,
      flipped: 0,
      marginChangeSum: 0,
      marginChangeSumSq: 0,
      noiseChanged: 0,
      totalChanged,
      winnersA,
      winnersB,
      winnersJoint,
    };
    const { lo, hi } = winnerChange(effect).independent;
    if (lo !== null && hi !== null && lo <= truth && truth <= hi) covered++;
  }
  return figure(c.name, 0.95, replicates, covered);
}
