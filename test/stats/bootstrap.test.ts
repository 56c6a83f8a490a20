/** The deal-grouped bootstrap: deterministic for a seed, resamples whole deals, agrees with t for a mean. */
import { describe, expect, it } from 'vitest';
import { bootstrapByDeal, meanInterval } from '../../src/stats/index.ts';
import { makeRng } from '../../src/sim/rng.ts';

/** Rows of `deals` deals with `perDeal` rows each; values from a seeded stream. */
function rows(deals: number, perDeal: number, seed: string) {
  const rng = makeRng(seed);
  const deal = new Int32Array(deals * perDeal);
  const value = new Float64Array(deals * perDeal);
  for (let d = 0; d < deals; d++) {
    const dealEffect = 10 * rng();
    for (let k = 0; k < perDeal; k++) {
      deal[d * perDeal + k] = d;
      value[d * perDeal + k] = dealEffect + rng();
    }
  }
  return { deal, value };
}

describe('bootstrap grouped by deal', () => {
  it('gives the same interval for the same seed and a different one for another seed', () => {
    const data = rows(50, 2, 'data');
    const a = bootstrapByDeal(data, { rng: makeRng('boot', 1), resamples: 500 });
    const b = bootstrapByDeal(data, { rng: makeRng('boot', 1), resamples: 500 });
    const c = bootstrapByDeal(data, { rng: makeRng('boot', 2), resamples: 500 });
    expect(b).toEqual(a);
    expect(c.lo).not.toBe(a.lo);
    expect(a.resamples).toBe(500);
  });
  it('does not depend on the order of the rows', () => {
    const data = rows(30, 3, 'data');
    const order = Array.from({ length: 90 }, (_, i) => (i * 37) % 90);
    const shuffled = { deal: order.map((i) => data.deal[i]!), value: order.map((i) => data.value[i]!) };
    const options = { resamples: 300 };
    expect(bootstrapByDeal(shuffled, { ...options, rng: makeRng('x') }).lo).toBe(
      bootstrapByDeal(data, { ...options, rng: makeRng('x') }).lo,
    );
  });
  it('draws whole deals: two deals of values (0, 0) and (1, 1) only give replicate means 0, ½ and 1', () => {
    // drawing 2 deals of 2: {A,A} → 0, {A,B} or {B,A} → ½, {B,B} → 1 (probabilities ¼, ½, ¼); a row
    // bootstrap would also give ¼ and ¾
    const b = bootstrapByDeal({ deal: [7, 7, 9, 9], value: [0, 0, 1, 1] }, { rng: makeRng('two'), resamples: 400 });
    expect(new Set(b.replicates)).toEqual(new Set([0, 0.5, 1]));
    expect(b.estimate).toBe(0.5);
    expect([b.lo, b.hi]).toEqual([0, 1]);
    expect(b.deals).toBe(2);
  });
  it('skips NaN rows (a seat the arm lacks) and takes any statistic', () => {
    const b = bootstrapByDeal(
      { deal: [0, 0, 1, 1, 2], value: [1, NaN, 3, 5, NaN] },
      {
        rng: makeRng('median'),
        resamples: 50,
        statistic: (v) => Math.max(...v),
      },
    );
    expect(b.rows).toBe(3);
    expect(b.deals).toBe(2);
    expect(b.estimate).toBe(5);
    expect(b.hi).toBe(5);
  });
  it('agrees with the t interval for the mean of one row per deal', () => {
    const data = rows(400, 1, 'agree');
    const b = bootstrapByDeal(data, { rng: makeRng('agree-boot'), resamples: 2000 });
    let sum = 0;
    let sumSquares = 0;
    for (const v of data.value) {
      sum += v;
      sumSquares += v * v;
    }
    const t = meanInterval({ n: 400, sum, sumSquares });
    expect(b.estimate).toBeCloseTo(t.mean!, 12);
    expect((b.hi - b.lo) / (t.hi! - t.lo!)).toBeGreaterThan(0.9);
    expect((b.hi - b.lo) / (t.hi! - t.lo!)).toBeLessThan(1.1);
    expect(b.se / t.se!).toBeCloseTo(1, 1);
  });
  it('is wider than a row bootstrap would be when games of a deal are alike', () => {
    // 4 rows per deal sharing a deal effect: the deal-level se is about that of 200 values, not 800
    const data = rows(200, 4, 'alike');
    const b = bootstrapByDeal(data, { rng: makeRng('alike-boot'), resamples: 1000 });
    const perDealMeans = new Float64Array(200);
    data.value.forEach((v, i) => {
      perDealMeans[data.deal[i]!]! += v / 4;
    });
    let sum = 0;
    let sumSquares = 0;
    for (const v of perDealMeans) {
      sum += v;
      sumSquares += v * v;
    }
    expect(b.se / meanInterval({ n: 200, sum, sumSquares }).se!).toBeCloseTo(1, 1);
  });
});
