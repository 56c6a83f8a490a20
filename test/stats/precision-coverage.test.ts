/**
 * `--precision` keeps its coverage under its own stopping rule: a seeded simulation of the exact
 * rule (`src/tune/coverage.ts`, also `scripts/precision-coverage.ts`), the measure read through
 * `measureOf` as a run reads it, on the cases where earlier rules fell short — skewed margins, a rare
 * event and shares near the first batch's width (issue 23, item 4: 76–92 %), and rare, lumpy points
 * (issue 36, item 1: the Labyrinth's points as random players score them, 83–90 % on the t path):
 * every case covers at least 94 % of 2,000 runs, and no simulated run stops at the cap.
 */
import { describe, expect, it } from 'vitest';
import type { ArmSummary } from '../../src/sim/summary.ts';
import { COVERAGE_CASES, simulateCoverage } from '../../src/tune/coverage.ts';
import { intervalMethod, measureInterval, measureOf } from '../../src/tune/metric.ts';

describe('--precision coverage under the stopping rule', () => {
  for (const c of COVERAGE_CASES) {
    it(`${c.name}: at least 94 % of 2,000 simulated runs cover the true value`, () => {
      const r = simulateCoverage(c, 2000, 'coverage-test');
      expect(r.coverage, `${r.covered} of ${r.replicates}`).toBeGreaterThanOrEqual(0.94);
      expect(r.atCap).toBe(0);
    });
  }
});

/** An arm of 3 players, one game per deal, with one per-player metric's deal values. */
const armWith = (metric: string, d: { deals: number; mean: number; sd: number; min: number; nonZero: number }) =>
  ({
    name: 'a',
    players: 3,
    games: d.deals,
    stats: {},
    seats: [],
    perDeal: { [metric]: { ...d, se: d.sd / Math.sqrt(d.deals), max: null } },
  }) as unknown as ArmSummary;

describe('which interval a points metric gets', () => {
  it('points never below 0 are a count: Garwood on the total over players × games, with the deals that scored', () => {
    // 3 deals of 600 scored 8 labyrinth points each: 24 points over 1,800 player-games.
    const mean = 24 / 3 / 600;
    const sd = Math.sqrt((3 * (8 / 3) ** 2 - 600 * mean * mean) / 599);
    const m = measureOf(armWith('score.labyrinth', { deals: 600, mean, sd, min: 0, nonZero: 3 }), 'score.labyrinth');
    expect(m.count).toEqual({ units: 1800, events: 3 });
    expect(intervalMethod(m)).toMatch(/exact Poisson \(Garwood\)/);
    // Within its range: never below 0, where the t interval on these deal means went below 0.
    expect(measureInterval(m, 0.99).lo).toBeGreaterThanOrEqual(0);
    expect(measureInterval({ n: 600, mean, sd }, 0.99).lo).toBeLessThan(0);
  });

  it('a metric with a deal below 0 keeps the t interval', () => {
    const m = measureOf(armWith('score', { deals: 100, mean: 3, sd: 4, min: -2, nonZero: 90 }), 'score');
    expect(m.count).toBeUndefined();
    expect(intervalMethod(m)).toBe('Student t on per-deal means');
  });
});
