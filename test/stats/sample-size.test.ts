/** The sample-size planner against textbook values. */
import { describe, expect, it } from 'vitest';
import { dealsForMeanDiff, gamesForWinRateDiff } from '../../src/stats/index.ts';

describe('deals for a paired mean difference', () => {
  it('σ/δ = 1 at α = 0.05 and power 0.8 needs 7.85 → 8 deals by the normal formula and 10 with t', () => {
    // n₀ = ((z₀.₉₇₅ + z₀.₈) · σ/δ)² = (1.959964 + 0.841621)² = 2.801585² = 7.848879 → 8
    // t quantiles: n = 8 → (t(0.975, 7) + t(0.8, 7))² = (2.364624 + 0.896345)² = 10.63 > 8
    //              n = 9 → (2.306004 + 0.888868)² = 10.21 > 9
    //              n = 10 → (2.262157 + 0.883404)² = 9.89 ≤ 10 → 10
    // exact: the noncentral-t power is 0.7480 at 9 deals and 0.8031 at 10 (G*Power: 0.8030969) → 10
    const plan = dealsForMeanDiff({ diff: 1, sd: 1, alpha: 0.05, power: 0.8 });
    expect(plan.normalExact).toBeCloseTo(7.848879, 5);
    expect(plan.normalDeals).toBe(8);
    expect(plan.tDeals).toBe(10);
    expect(plan.tAlpha).toBeCloseTo(2.262157, 6);
    expect(plan.deals).toBe(10);
    expect(plan.achievedPower).toBeCloseTo(0.8030969, 6);
  });
  it('scales with (σ/δ)²: 2 points with sd 15 at power 0.9 needs 591.04 → 592, 594 by t quantiles, 593 exactly', () => {
    // n₀ = ((1.959964 + 1.281552) · 15/2)² = (3.241516 · 7.5)² = 24.31137² = 591.0425
    // exact power: 0.89953 at 592 deals, 0.90002 at 593
    const plan = dealsForMeanDiff({ diff: 2, sd: 15, power: 0.9 });
    expect(plan.normalExact).toBeCloseTo(591.0425, 3);
    expect(plan.tDeals).toBe(594);
    expect(plan.deals).toBe(593);
    expect(plan.achievedPower).toBeCloseTo(0.9000162, 6);
    expect(dealsForMeanDiff({ diff: -2, sd: 15, power: 0.9 }).deals).toBe(593);
  });
  it('the exact answer can be above the t-quantile one: sd/diff = 1 at α = 0.01 needs 16, not 15', () => {
    // exact power at α = 0.01, d_z = 1: 0.7967 at 15 deals, 0.8346 at 16
    const plan = dealsForMeanDiff({ diff: 1, sd: 1, alpha: 0.01 });
    expect(plan.tDeals).toBe(15);
    expect(plan.deals).toBe(16);
  });
  it('a one-sided test needs fewer deals: z₀.₉₅ = 1.644854 gives (1.644854 + 0.841621)² = 6.18 → 7', () => {
    const plan = dealsForMeanDiff({ diff: 1, sd: 1, sides: 1 });
    expect(plan.normalExact).toBeCloseTo(6.182557, 5);
    expect(plan.normalDeals).toBe(7);
    expect(plan.deals).toBeGreaterThan(7);
  });
  it('refuses impossible inputs', () => {
    expect(() => dealsForMeanDiff({ diff: 0, sd: 1 })).toThrow(RangeError);
    expect(() => dealsForMeanDiff({ diff: 1, sd: -1 })).toThrow(RangeError);
    expect(() => dealsForMeanDiff({ diff: 1, sd: 1, alpha: 0 })).toThrow(RangeError);
    expect(() => dealsForMeanDiff({ diff: 1, sd: 1, power: 1 })).toThrow(RangeError);
  });
});

describe('games for a win-rate difference', () => {
  it('0.5 vs 0.55 in two arms needs 1564.67 → 1565 games per arm', () => {
    // p̄ = 0.525: √(2 · 0.525 · 0.475) = √0.49875 = 0.7062223; √(0.5·0.5 + 0.55·0.45) = √0.4975 = 0.7053368
    // n = (1.959964 · 0.7062223 + 0.841621 · 0.7053368)² / 0.05² = (1.384170 + 0.593626)² / 0.0025 = 1564.67
    const plan = gamesForWinRateDiff({ p1: 0.5, p2: 0.55 });
    expect(plan.exact).toBeCloseTo(1564.67, 2);
    expect(plan.games).toBe(1565);
  });
  it('a rate 0.55 against a fixed 0.5 needs 782.53 → 783 games', () => {
    // n = (1.959964 · √0.25 + 0.841621 · √0.2475)² / 0.05² = (0.979982 + 0.418701)² / 0.0025 = 782.53
    const plan = gamesForWinRateDiff({ p1: 0.5, p2: 0.55, oneSample: true });
    expect(plan.exact).toBeCloseTo(782.53, 2);
    expect(plan.games).toBe(783);
  });
  it('is symmetric in the two arms and refuses equal or impossible rates', () => {
    expect(gamesForWinRateDiff({ p1: 0.55, p2: 0.5 }).games).toBe(1565);
    expect(() => gamesForWinRateDiff({ p1: 0.5, p2: 0.5 })).toThrow(RangeError);
    expect(() => gamesForWinRateDiff({ p1: 0, p2: 0.5 })).toThrow(RangeError);
  });
});
