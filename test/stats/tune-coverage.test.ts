/**
 * `tune`'s answer set holds the value truly closest to the target (issue 36, item 2): a seeded
 * simulation of the bisection on a monotone response (`src/tune/search-coverage.ts`). On a coarse
 * grid the two values around the crossing are both decided, one above and one below; the set taken
 * from the chosen value's grid neighbours left the other one out and missed the closest value in
 * about 4 runs of 10. Fences from the nearest values decided on either side of the target keep both.
 */
import { describe, expect, it } from 'vitest';
import { bisect } from '../../src/tune/search.ts';
import { SEARCH_COVERAGE_CASES, simulateSearchCoverage } from '../../src/tune/search-coverage.ts';

describe("tune's answer set holds the closest value", () => {
  for (const c of SEARCH_COVERAGE_CASES) {
    it(`${c.name}: in at least 94 % of 1,000 simulated searches`, async () => {
      const r = await simulateSearchCoverage(c, 1000, 'search-coverage-test');
      expect(r.coverage, `${r.covered} of ${r.replicates}`).toBeGreaterThanOrEqual(0.94);
    });
  }

  it('1 decided above and 2 below: the set is {1, 2}, not the chosen 2 and the values beyond it', async () => {
    // A decreasing response measured without noise: f(1) = 0.53 and f(2) = 0.48 around a target of 0.5
    // (the issue's example: the neighbours' set was {2, 3, 4}, 3 and 4 further away, 1 left out).
    const f = [0.6, 0.53, 0.48, 0.44, 0.42, 0.4];
    const result = await bisect(
      {
        kind: 'equals',
        target: 0.5,
        around: [],
        precision: 0.001,
        values: [[0, 1, 2, 3, 4, 5]],
        step: null,
        firstDeals: 100,
        maxDeals: 100,
        budgetGames: 1e9,
        gamesPerDeal: 1,
      },
      async (point, deals) => ({ deals, parts: [{ n: deals, mean: f[point[0]!]!, sd: 0.01 }] }),
    );
    expect(result.candidates.find((c) => c.point[0] === 1)!.verdict).toBe('above');
    expect(result.candidates.find((c) => c.point[0] === 2)!.verdict).toBe('below');
    expect(result.point).toEqual([2]);
    expect(result.notRejected).toEqual([[1], [2]]);
  });
});
