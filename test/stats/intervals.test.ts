/** Moments, the Wilson and t intervals, paired comparisons and Holm, each against hand arithmetic. */
import { describe, expect, it } from 'vitest';
import { holmAdjust, meanInterval, moments, pairedComparison, wilsonInterval } from '../../src/stats/index.ts';

describe('moments', () => {
  it('the values 2, 3, 5, 6, 9 have mean 5, variance 7.5 and se √1.5', () => {
    // Σx = 25, Σx² = 4 + 9 + 25 + 36 + 81 = 155; variance = (155 − 25²/5) / 4 = (155 − 125) / 4 = 7.5
    const m = moments({ n: 5, sum: 25, sumSquares: 155 });
    expect(m.mean).toBe(5);
    expect(m.variance).toBe(7.5);
    expect(m.se).toBeCloseTo(Math.sqrt(7.5 / 5), 15);
  });
  it('accepts the runner name sumSq, and a mean and sd, alike', () => {
    expect(moments({ n: 5, sum: 25, sumSq: 155 })).toEqual(moments({ n: 5, sum: 25, sumSquares: 155 }));
    expect(moments({ n: 5, mean: 5, sd: Math.sqrt(7.5) }).variance).toBeCloseTo(7.5, 14);
  });
  it('is exact for large whole-number sums where the naive formula cancels', () => {
    // 80 values alternating 10⁷ and 10⁷ + 1: variance = 0.25 · 80/79 = 20/79 = 0.2531646;
    // Σx² − (Σx)²/n in doubles gives 0.2658228 (5 % off), the BigInt numerator gives 20/79
    const n = 80;
    const sum = 40 * 1e7 + 40 * (1e7 + 1);
    const sumSq = 40 * 1e14 + 40 * (1e7 + 1) ** 2;
    expect(Number.isSafeInteger(sumSq)).toBe(true);
    expect((sumSq - (sum * sum) / n) / (n - 1)).not.toBeCloseTo(20 / 79, 3);
    expect(moments({ n, sum, sumSq }).variance).toBe(20 / 79);
  });
  it('divides by scale (sums kept in 1/scale units) and has no variance below two values', () => {
    expect(moments({ n: 5, sum: 250, sumSq: 15500 }, 10).variance).toBeCloseTo(7.5, 13);
    expect(moments({ n: 1, sum: 3, sumSq: 9 })).toEqual({ n: 1, mean: 3, variance: null, sd: null, se: null });
    expect(moments({ n: 0, sum: 0, sumSq: 0 }).mean).toBeNull();
  });
});

describe('Wilson score interval', () => {
  it('7 wins of 20 at 95% is [0.18119, 0.56715]', () => {
    // z = 1.959964, z² = 3.841459, z²/n = 0.1920729, p̂ = 0.35
    // centre = (0.35 + 0.0960365) / 1.1920729 = 0.3741688
    // half   = 1.959964 · √(0.35·0.65/20 + 3.841459/1600) / 1.1920729
    //        = 1.959964 · √(0.011375 + 0.0024009) / 1.1920729 = 1.959964 · 0.1173708 / 1.1920729 = 0.1929770
    // interval = 0.3741688 ∓ 0.1929770 = [0.1811918, 0.5671458]
    const w = wilsonInterval({ games: 20, wins: 7 });
    expect(w.rate).toBe(0.35);
    expect(w.lo).toBeCloseTo(0.1811918, 6);
    expect(w.hi).toBeCloseTo(0.5671458, 6);
  });
  it('takes shared wins as fractions: 1.5 wins of 4 is p̂ = 0.375', () => {
    // z²/n = 0.9603647; centre = (0.375 + 0.4801824) / 1.9603647 = 0.4362364
    // half = 1.959964 · √(0.375·0.625/4 + 3.841459/64) / 1.9603647 = 1.959964 · √(0.0585938 + 0.0600228) / 1.9603647 = 0.3443371
    const w = wilsonInterval({ games: 4, wins: 1.5 });
    expect(w.lo).toBeCloseTo(0.4362364 - 0.3443371, 6);
    expect(w.hi).toBeCloseTo(0.4362364 + 0.3443371, 6);
  });
  it('stays inside [0, 1] at 0 and all wins, and is empty without games', () => {
    // 0 of 10: centre = half = (z²/2n) / (1 + z²/n) = 0.1920729 / 1.3841459 = 0.1387664 → [0, 0.2775328]
    const none = wilsonInterval({ games: 10, wins: 0 });
    expect(none.lo).toBe(0);
    expect(none.hi).toBeCloseTo(2 * 0.1387664, 6);
    expect(wilsonInterval({ games: 10, wins: 10 }).hi).toBe(1);
    expect(wilsonInterval({ games: 0, wins: 0 })).toMatchObject({ rate: null, lo: null, hi: null });
  });
  it('narrows at a lower level: 90% uses z = 1.644854', () => {
    const w90 = wilsonInterval({ games: 20, wins: 7 }, { level: 0.9 });
    const w95 = wilsonInterval({ games: 20, wins: 7 });
    expect(w90.hi! - w90.lo!).toBeLessThan(w95.hi! - w95.lo!);
    expect(() => wilsonInterval({ games: 20, wins: 21 })).toThrow(RangeError);
  });
});

describe('Student t interval for a mean', () => {
  it('n = 10, Σx = 50, Σx² = 290 gives 5 ± 2.262157 · 2/3 = [3.491895, 6.508105]', () => {
    // variance = (290 − 50²/10) / 9 = 40/9, sd = 2.1081851, se = √(40/9/10) = 2/3; t(0.975, 9) = 2.2621572
    const m = meanInterval({ n: 10, sum: 50, sumSquares: 290 });
    expect(m.mean).toBe(5);
    expect(m.sd).toBeCloseTo(2.1081851, 7);
    expect(m.se).toBeCloseTo(2 / 3, 15);
    expect(m.df).toBe(9);
    expect(m.lo).toBeCloseTo(5 - 2.2621572 * (2 / 3), 6);
    expect(m.hi).toBeCloseTo(5 + 2.2621572 * (2 / 3), 6);
  });
  it('has no bounds with a single value', () => {
    expect(meanInterval({ n: 1, sum: 4, sumSquares: 16 })).toMatchObject({ mean: 4, lo: null, hi: null });
  });
});

describe('paired comparison', () => {
  it('differences with n = 10, Σd = 20, Σd² = 76: mean 2, sd 2, d_z = 1, t = √10, p = 0.011508', () => {
    // mean = 20/10 = 2; variance = (76 − 20²/10) / 9 = 36/9 = 4, sd = 2; se = 2/√10 = 0.6324555
    // interval = 2 ∓ 2.2621572 · 0.6324555 = 2 ∓ 1.4307138 = [0.5692862, 3.4307138]
    // d_z = 2/2 = 1; t = 2/0.6324555 = 3.1622777 = √10 with 9 df; two-sided p = 0.011508 (t tables)
    const c = pairedComparison({ n: 10, sum: 20, sumSquares: 76 });
    expect(c.meanDiff).toBe(2);
    expect(c.sdDiff).toBe(2);
    expect(c.lo).toBeCloseTo(0.5692862, 6);
    expect(c.hi).toBeCloseTo(3.4307138, 6);
    expect(c.dz).toBe(1);
    expect(c.t).toBeCloseTo(Math.sqrt(10), 12);
    expect(c.p).toBeCloseTo(0.011508, 6);
  });
  it('reads the runner’s differences in 1/scale units', () => {
    // the same differences, kept ×6 (scale 6): Σ = 120, Σ² = 76 · 36 = 2736
    const c = pairedComparison({ n: 10, sum: 120, sumSq: 2736 }, { scale: 6 });
    expect(c.meanDiff).toBe(2);
    expect(c.sdDiff).toBeCloseTo(2, 14);
    expect(c.p).toBeCloseTo(0.011508, 6);
  });
  it('a negative difference has a negative d_z and the same p as its mirror', () => {
    const c = pairedComparison({ n: 10, sum: -20, sumSquares: 76 });
    expect(c.dz).toBe(-1);
    expect(c.p).toBeCloseTo(pairedComparison({ n: 10, sum: 20, sumSquares: 76 }).p!, 14);
  });
  it('identical differences give p = 0, and no differences at all give p = 1', () => {
    expect(pairedComparison({ n: 5, sum: 10, sumSquares: 20 })).toMatchObject({
      sdDiff: 0,
      lo: 2,
      hi: 2,
      dz: Infinity,
      p: 0,
    });
    expect(pairedComparison({ n: 5, sum: 0, sumSquares: 0 }).p).toBe(1);
  });
});

describe('Holm correction', () => {
  it('adjusts 0.01, 0.04, 0.03, 0.005 to 0.03, 0.06, 0.06, 0.02', () => {
    // sorted: 0.005 · 4 = 0.02; 0.01 · 3 = 0.03; 0.03 · 2 = 0.06; 0.04 · 1 = 0.04 → max(0.06, 0.04) = 0.06
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((p, i) => {
      expect(adjusted[i]).toBeCloseTo(p, 15);
    });
  });
  it('caps at 1 and leaves missing p-values out of the count', () => {
    // m = 2 (the null is left out): 0.2 · 2 = 0.4, then 0.7 · 1 = 0.7
    expect(holmAdjust([0.7, null, 0.2])).toEqual([0.7, null, 0.4]);
    expect(holmAdjust([0.6, 0.9])).toEqual([1, 1]);
    expect(holmAdjust([])).toEqual([]);
  });
});
