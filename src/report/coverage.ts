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
import type { DealOutcomes } from '../match/outcomes.ts';
import { pairResult } from '../match/stats.ts';
import { WIN_UNITS } from '../sim/aggregate.ts';
import { makeRng } from '../sim/rng.ts';
import type { Rng } from '../sim/rng.ts';
import type { EffectSummary } from '../sim/summary.ts';
import { levelEstimate } from './levels.ts';
import { mechanicsResults } from './mechanics/analysis.ts';
import type { Binding } from './mechanics/binding.ts';
import { mechanicsSetup } from './mechanics/setup.ts';
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

// ---- perfect records, 0 or n of n, and the change between two perfect records ------------------------

/** Deal outcomes of one pair, 2 games a deal, each deal won whole by a with probability `share` (else lost whole). */
function wholeDeals(rng: Rng, deals: number, share: number): DealOutcomes {
  const won = Float64Array.from({ length: deals }, () => (rng() < share ? 2 * WIN_UNITS : 0));
  return {
    start: 0,
    end: deals,
    pairs: 1,
    games: new Float64Array(deals).fill(2),
    winUnitsA: won,
    marginA: Float64Array.from(won, (w) => (w > 0 ? 20 : -20)),
    ties: new Float64Array(deals),
  };
}

export interface WholeDealsCase {
  name: string;
  deals: number;
  /** The chance a deal is won whole (its two games agree: the deal is the unit). */
  share: number;
}

export const PERFECT_RECORD_CASE: WholeDealsCase = {
  name: 'a match of 200 deals, 2 games each, won whole with probability 0.99: the perfect-record bound',
  deals: 200,
  share: 0.99,
};

/**
 * The share of matches whose perfect-record bound (`pairResult`: the share's one-sided bound, and so
 * the Elo's) does not exclude the true share; a match that is not a perfect record counts as covered
 * here (its two-sided interval is another claim). Nominal: one-sided 95 %.
 */
export function simulatePerfectRecordBound(c: WholeDealsCase, replicates: number, seed: string): CoverageFigure {
  const rng = makeRng(seed, c.name);
  let covered = 0;
  for (let r = 0; r < replicates; r++) {
    const result = pairResult(wholeDeals(rng, c.deals, c.share), 0, { a: 'a', b: 'b' }, 2);
    const excludes = result.perfectRecord && result.winRateALo! > c.share;
    if (!excludes) covered++;
  }
  return figure(c.name, 0.95, replicates, covered);
}

export const LEVEL_SHARE_CASE: WholeDealsCase = {
  name: "a level's win share on 4 deals (one game each), true share 0.5",
  deals: 4,
  share: 0.5,
};

/** The share of replicates whose level share interval (`levelEstimate`) holds the true share. */
export function simulateLevelShare(c: WholeDealsCase, replicates: number, seed: string): CoverageFigure {
  const rng = makeRng(seed, c.name);
  const deals = Array.from({ length: c.deals }, (_, d) => d);
  let covered = 0;
  for (let r = 0; r < replicates; r++) {
    const values = deals.map(() => (rng() < c.share ? 1 : 0));
    const e = levelEstimate('share', { deals, values, games: c.deals });
    if (e.lo !== null && e.hi !== null && e.lo <= c.share && c.share <= e.hi) covered++;
  }
  return figure(c.name, 0.95, replicates, covered);
}

export interface LevelChangeCase {
  name: string;
  deals: number;
  /** The two levels' chances of winning a deal whole; the truth is their difference. */
  shares: [number, number];
}

export const LEVEL_CHANGE_CASE: LevelChangeCase = {
  name: "a mechanic's change between levels on 30 shared deals, deals won whole with probability 0.995 and 0.98",
  deals: 30,
  shares: [0.995, 0.98],
};

/** The share of replicates whose change between levels (`mechanicsResults`) holds the true difference. */
export function simulateLevelChange(c: LevelChangeCase, replicates: number, seed: string): CoverageFigure {
  const setup = mechanicsSetup({
    agents: 'random,greedy',
    deals: String(c.deals),
    expansions: 'base',
    mechanics: 'cityMeeples',
    players: 2,
    seed,
  });
  const binding: Binding = {
    deals: 0,
    games: 0,
    restrictedChoices: 0,
    bound: 0,
    boundSumSq: 0,
    boundDeals: 0,
    restrictedUses: 0,
    unrestrictedChances: 0,
    unrestrictedUses: 0,
  };
  const rng = makeRng(seed, c.name);
  const truth = c.shares[1] - c.shares[0];
  let covered = 0;
  for (let r = 0; r < replicates; r++) {
    const outcomes = c.shares.map((s) => wholeDeals(rng, c.deals, s));
    const change = mechanicsResults(setup, outcomes, [binding, binding], ['', '']).changes[0]!;
    if (change.lo !== null && change.hi !== null && change.lo <= truth && truth <= change.hi) covered++;
  }
  return figure(c.name, 0.95, replicates, covered);
}

/** One of the report's coverage checks (items 4 to 7 of issue 36): its item, its case and its simulation. */
export interface CoverageCheck {
  item: string;
  name: string;
  simulate(replicates: number, seed: string): CoverageFigure;
}

/** The report's coverage checks, in item order, for `scripts/coverage.ts` and the tests. */
export const REPORT_COVERAGE_CHECKS: readonly CoverageCheck[] = [
  ...PAIRED_SETS_CASES.map((c) => ({
    item: '4 independent games',
    name: c.name,
    simulate: (replicates: number, seed: string) => simulateIndependentReference(c, replicates, seed),
  })),
  {
    item: '5 perfect record',
    name: PERFECT_RECORD_CASE.name,
    simulate: (replicates, seed) => simulatePerfectRecordBound(PERFECT_RECORD_CASE, replicates, seed),
  },
  {
    item: '6 change of perfect records',
    name: LEVEL_CHANGE_CASE.name,
    simulate: (replicates, seed) => simulateLevelChange(LEVEL_CHANGE_CASE, replicates, seed),
  },
  {
    item: '7 level share 0 or n of n',
    name: LEVEL_SHARE_CASE.name,
    simulate: (replicates, seed) => simulateLevelShare(LEVEL_SHARE_CASE, replicates, seed),
  },
];
