/** Exact intervals for few events, no event, a perfect record and degenerate samples (docs/reasoning.md §10). */
import { describe, expect, it } from 'vitest';
import { chiSquareQuantile, clopperPearson, degenerateInterval, poissonInterval } from '../../src/stats/exact.ts';

describe('exact intervals', () => {
  it('Clopper–Pearson matches R binom.test, and is one-sided with no success or no failure', () => {
    const cp = clopperPearson({ games: 20, wins: 7 });
    expect(cp.lo).toBeCloseTo(0.1539092, 6); // binom.test(7, 20)$conf.int
    expect(cp.hi).toBeCloseTo(0.5921885, 6);
    expect(cp.oneSided).toBe(false);
    expect(clopperPearson({ games: 20, wins: 0 })).toMatchObject({ lo: 0, oneSided: true, hi: 1 - 0.05 ** (1 / 20) });
    expect(clopperPearson({ games: 48, wins: 48 })).toMatchObject({ hi: 1, oneSided: true, lo: 0.05 ** (1 / 48) });
    // The rule of three: about 3/n.
    expect(clopperPearson({ games: 1000, wins: 0 }).hi! * 1000).toBeCloseTo(3, 1);
  });

  it('Poisson (Garwood) matches R poisson.test, and is one-sided with no event', () => {
    const p = poissonInterval({ count: 5, exposure: 100 });
    expect(p.lo).toBeCloseTo(0.01623486, 7); // poisson.test(5, 100)$conf.int
    expect(p.hi).toBeCloseTo(0.11668332, 7);
    expect(poissonInterval({ count: 0, exposure: 200 })).toMatchObject({ lo: 0, oneSided: true });
    expect(poissonInterval({ count: 0, exposure: 200 }).hi).toBeCloseTo(-Math.log(0.05) / 200, 12);
    expect(chiSquareQuantile(0.975, 10)).toBeCloseTo(20.48318, 4);
  });

  it('a sample of equal values gets a distribution-free bound from its range, never ± 0', () => {
    const all = degenerateInterval({ n: 200, value: 1, min: 0, max: 1 });
    expect(all).toMatchObject({ hi: 1, oneSided: true });
    expect(all.lo).toBeCloseTo(0.05 ** (1 / 200), 12);
    const half = degenerateInterval({ n: 200, value: 0.5, min: 0, max: 1 });
    expect(half.lo).toBeLessThan(0.5);
    expect(half.hi).toBeGreaterThan(0.5);
    expect(degenerateInterval({ n: 50, value: 3, min: -Infinity, max: Infinity })).toMatchObject({
      lo: null,
      hi: null,
    });
  });
});
