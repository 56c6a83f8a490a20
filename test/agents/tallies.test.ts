import { describe, expect, it } from 'vitest';
import { marginOf, meanMarginOf } from '../../src/agents/evaluation/tallies.ts';

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
});
