/**
 * A ladder's ratings from hand-made deal outcomes (issue 23, item 2): a perfect record leaves a bound,
 * not a rating with an interval set by the virtual win; neighbours get the interval of their
 * difference; ranks are shared where that difference is not established.
 */
import { describe, expect, it } from 'vitest';
import { designMatch } from '../../src/match/design.ts';
import { ladderResult } from '../../src/match/ladder.ts';
import type { DealOutcomes } from '../../src/match/outcomes.ts';
import { WIN_UNITS } from '../../src/sim/aggregate.ts';
import { scoreToElo } from '../../src/stats/bradley-terry.ts';

const DEALS = 40;
const specs = ['random', 'greedy', 'greedy:meepleCost=2'];
const design = designMatch({
  kind: 'ladder',
  specs,
  players: 2,
  deals: DEALS,
  seed: 'ladder-test',
  expansions: [],
  rules: {},
});

/** 2 games per deal and pair; `winsOfA(pair, deal)` of them won by the pair's first agent. */
function outcomes(winsOfA: (a: string, b: string, deal: number) => number): DealOutcomes {
  const pairs = design.pairs.length;
  const size = DEALS * pairs;
  const o: DealOutcomes = {
    start: 0,
    end: DEALS,
    pairs,
    games: new Float64Array(size).fill(2),
    winUnitsA: new Float64Array(size),
    marginA: new Float64Array(size),
    ties: new Float64Array(size),
  };
  for (let d = 0; d < DEALS; d++) {
    design.pairs.forEach(({ a, b }, p) => {
      const w = winsOfA(design.labels[a]!, design.labels[b]!, d);
      o.winUnitsA[d * pairs + p] = w * WIN_UNITS;
      o.marginA[d * pairs + p] = (w - 1) * 20;
    });
  }
  return o;
}

/** greedy and greedy:meepleCost=2 win every game against random; against each other greedy:meepleCost=2 wins `strong` games of 2 on 3 deals in 4, else 1. */
const field = (strong: number): DealOutcomes =>
  outcomes((a, b, d) => {
    if (b === 'random') return 2;
    if (a === 'random') return 0;
    const mc2 = d % 4 === 3 ? 1 : strong;
    return a === 'greedy' ? 2 - mc2 : mc2;
  });

describe('ladder ratings', () => {
  it('a perfect record against the anchor gives a bound that does not move with the virtual win', () => {
    const small = ladderResult(design, field(2), { resamples: 200, smoothing: 0.01 });
    const large = ladderResult(design, field(2), { resamples: 200, smoothing: 1 });
    const greedy = (l: typeof small) => l.ratings.find((r) => r.label === 'greedy')!;
    // The estimate and its interval would be the virtual win's artefacts: the result holds none (issue 36).
    expect(greedy(small)).toMatchObject({ elo: null, eloLo: null, eloHi: null });
    // The bound is the deals' own: 40 deals of 2 games, every game won, one-sided Clopper–Pearson over
    // the deals (the games of a deal agree; 80 games would claim more, 0.05^(1/80)).
    const bound = scoreToElo(0.05 ** (1 / DEALS));
    expect(greedy(small).bound).toBeCloseTo(bound, 9);
    expect(greedy(large).bound).toBeCloseTo(bound, 9);
    expect(small.ratings.find((r) => r.label === 'random')!.bound).toBeNull();
    // Across the cut the neighbours' difference is a bound too.
    const cut = small.adjacent.find((d) => d.lower === 'random')!;
    expect(cut.bound).toBeCloseTo(bound, 9);
    expect(cut).toMatchObject({ diff: null, lo: null, hi: null });
    expect(cut.separated).toBe(true);
  });

  it('neighbours get the interval of their difference, and share a rank unless it excludes 0', () => {
    // greedy:meepleCost=2 wins 65 of 80 games against greedy: separated.
    const clear = ladderResult(design, field(2), { resamples: 300 });
    const top = clear.adjacent[0]!;
    expect(top).toMatchObject({ upper: 'greedy:meepleCost=2', lower: 'greedy', bound: null, separated: true });
    expect(top.lo).toBeGreaterThan(0);
    expect(clear.ratings.map((r) => [r.label, r.rank])).toEqual([
      ['random', 3],
      ['greedy', 2],
      ['greedy:meepleCost=2', 1],
    ]);
    // Each wins both games of every other deal: the order is not established, the two share rank 1.
    const even = ladderResult(
      design,
      outcomes((a, b, d) => (b === 'random' ? 2 : a === 'random' ? 0 : 2 * (d % 2))),
      { resamples: 300 },
    );
    expect(even.adjacent[0]!.separated).toBe(false);
    expect(even.adjacent[0]!.lo).toBeLessThan(0);
    expect(even.ratings.filter((r) => r.label !== 'random').map((r) => r.rank)).toEqual([1, 1]);
  });
});
