/** Welch's unpaired comparison, against hand arithmetic. */
import { describe, expect, it } from 'vitest';
import { studentTQuantile, welchComparison } from '../../src/stats/index.ts';

describe('welchComparison', () => {
  it('5 (sd 2, n 10) vs 7 (sd 3, n 20): se √0.85, df 0.7225 / (0.16/9 + 0.2025/19)', () => {
    const c = welchComparison({ n: 10, mean: 5, sd: 2 }, { n: 20, mean: 7, sd: 3 });
    const se = Math.sqrt(0.4 + 0.45);
    const df = 0.85 ** 2 / (0.4 ** 2 / 9 + 0.45 ** 2 / 19);
    expect(c.meanDiff).toBe(2);
    expect(c.se).toBeCloseTo(se, 12);
    expect(c.df).toBeCloseTo(df, 10);
    expect(df).toBeCloseTo(25.41, 2);
    expect(c.lo).toBeCloseTo(2 - studentTQuantile(0.975, df) * se, 10);
    expect(c.n).toBe(30);
  });
  it('has no interval below two values in a sample', () => {
    expect(welchComparison({ n: 1, mean: 5, sd: null }, { n: 5, mean: 7, sd: 1 }).lo).toBeNull();
  });
});
