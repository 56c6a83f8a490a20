import { describe, expect, it } from 'vitest';
import { marginOf, meanMarginOf, softMarginOf } from '../../src/agents/evaluation/tallies.ts';

describe('margins', () => {
  it("are a total minus the best other total (marginOf) or minus the others' mean (meanMarginOf)", () => {
    const totals = Float64Array.of(10, 4, 7, 1);
    // Seat 0: 10 - 7 = 3; 10 - (4 + 7 + 1) / 3 = 6. Seat 3: 1 - 10 = -9; 1 - (10 + 4 + 7) / 3 = -6.
    expect(marginOf(totals, 0)).toBe(3);
    expect(meanMarginOf(totals, 0)).toBe(6);
    expect(marginOf(totals, 3)).toBe(-9);
    expect(meanMarginOf(totals, 3)).toBe(-6);
    // With one opponent the two are the same.
    expect(meanMarginOf(Float64Array.of(2, 5), 0)).toBe(marginOf(Float64Array.of(2, 5), 0));
  });

  it("softMarginOf: a total minus the others' log-mean-exp at temperature t, between the two", () => {
    const totals = Float64Array.of(10, 4, 7, 1);
    // By hand at t = 3 for seat 0: m = 7; exp(-1) + exp(0) + exp(-2) = 0.367879 + 1 + 0.135335 = 1.503215;
    // 3 * ln(1.503215 / 3) = 3 * ln(0.501072) = 3 * -0.691006 = -2.073019; 10 - 7 + 2.073019 = 5.073019.
    expect(softMarginOf(totals, 0, 3)).toBeCloseTo(5.073019, 5);
    // Between the best opponent's margin (3) and the mean's (6), towards the first as t falls.
    expect(softMarginOf(totals, 0, 0.01)).toBeCloseTo(marginOf(totals, 0) + 0.01 * Math.log(3), 9);
    expect(softMarginOf(totals, 0, 1e4)).toBeCloseTo(meanMarginOf(totals, 0), 2);
    for (const t of [0.5, 1, 2, 5, 20]) {
      expect(softMarginOf(totals, 0, t)).toBeGreaterThan(marginOf(totals, 0));
      expect(softMarginOf(totals, 0, t)).toBeLessThan(meanMarginOf(totals, 0));
      expect(softMarginOf(totals, 0, t)).toBeGreaterThan(softMarginOf(totals, 0, t / 2));
    }
    // Opponents level with one another: their total, at any temperature; one opponent: the margin.
    expect(softMarginOf(Float64Array.of(3, 8, 8, 8), 0, 4)).toBe(-5);
    expect(softMarginOf(Float64Array.of(2, 5), 0, 4)).toBe(marginOf(Float64Array.of(2, 5), 0));
  });
});
