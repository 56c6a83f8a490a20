/**
 * The tuner's searches on synthetic responses whose answer is known by construction: per deal d the
 * measured value at x is f(x) + e_d, with e_d the same for every x (common random numbers, as paired
 * deals give), drawn from a seeded stream.
 */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/sim/rng.ts';
import { bisect, gridPoints, looksOf, lossOf, race } from '../../src/tune/search.ts';
import type { Evaluate, SearchSettings } from '../../src/tune/search.ts';

/** Normal noise by Box–Muller from a seeded stream; one value per deal. */
function noise(deals: number, sd: number, seed: string): Float64Array {
  const rng = makeRng(seed);
  return Float64Array.from(
    { length: deals },
    () => sd * Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng()),
  );
}

/** An evaluator of f (one part per function) on the first n deals of shared noise. */
function synthetic(
  fs: ((point: readonly number[]) => number)[],
  sd: number,
  maxDeals: number,
): Evaluate & { calls: number } {
  const e = fs.map((_, i) => noise(maxDeals, sd, `synthetic-${i}`));
  const evaluate = async (point: readonly number[], n: number) => {
    evaluate.calls++;
    return {
      deals: n,
      parts: fs.map((f, i) => {
        let sum = 0;
        let sumSq = 0;
        for (let d = 0; d < n; d++) {
          const v = f(point) + e[i]![d]!;
          sum += v;
          sumSq += v * v;
        }
        const mean = sum / n;
        return { n, mean, sd: Math.sqrt((sumSq - n * mean * mean) / (n - 1)) };
      }),
    };
  };
  evaluate.calls = 0;
  return evaluate;
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

const base: SearchSettings = {
  kind: 'equals',
  target: 0,
  around: [],
  precision: 0.02,
  values: [range(0, 40)],
  step: null,
  firstDeals: 100,
  maxDeals: 6400,
  budgetGames: 1e9,
  gamesPerDeal: 1,
};

describe('tune: stochastic bisection (equals)', () => {
  const f = (p: readonly number[]) => 0.3 + 0.02 * p[0]!;

  it('finds the value whose response equals the target, on a monotone increasing response', async () => {
    const result = await bisect({ ...base, target: f([12]) }, synthetic([f], 0.5, 6400));
    expect(result.status).toBe('found');
    expect(result.point).toEqual([12]);
  });

  it('finds it on a decreasing response too', async () => {
    const g = (p: readonly number[]) => 1 - 0.02 * p[0]!;
    const result = await bisect({ ...base, target: g([29]) }, synthetic([g], 0.5, 6400));
    expect(result.point).toEqual([29]);
  });

  it('spends far fewer games than a full grid measured to the same precision', async () => {
    const sd = 0.5;
    const result = await bisect({ ...base, target: f([12]) }, synthetic([f], sd, 6400));
    // A full grid: each of the 41 values measured until its 95 % half-width is the precision.
    const perValue = Math.ceil(((1.96 * sd) / base.precision) ** 2);
    const grid = 41 * perValue;
    expect(perValue).toBe(2401);
    expect(result.games).toBeLessThan(grid / 3);
    // Only a few values near the crossing get many deals.
    const heavy = result.candidates.filter((c) => c.deals >= 3200).map((c) => c.point[0]);
    expect(heavy.every((x) => Math.abs(x! - 12) <= 2)).toBe(true);
    console.info(
      `bisection: ${result.games} games over ${result.candidates.length} values; full grid ${grid} (${(grid / result.games).toFixed(1)}× more)`,
    );
  });

  it('says when no value in the range reaches the target', async () => {
    const result = await bisect({ ...base, target: 2 }, synthetic([f], 0.5, 6400));
    expect(result.status).toBe('unreachable');
    expect(result.point).toEqual([40]);
    expect(result.log.join('\n')).toMatch(/no value in \[0, 40\] reaches the target 2/);
    expect(result.games).toBeLessThanOrEqual(200);
  });

  it('bisects a real-valued parameter down to the step', async () => {
    const h = (p: readonly number[]) => 0.1 * p[0]!;
    const result = await bisect(
      { ...base, target: 0.37, values: [[0, 10]], step: 0.05, precision: 0.01 },
      synthetic([h], 0.2, 6400),
    );
    expect(Math.abs(result.point[0]! - 3.7)).toBeLessThan(0.15);
  });

  it('stops at the budget and says so', async () => {
    const result = await bisect({ ...base, target: f([12]), budgetGames: 1500 }, synthetic([f], 0.5, 6400));
    expect(result.status).toBe('budget');
    expect(result.games).toBeLessThanOrEqual(1500);
  });

  it('is deterministic: the same evaluator gives the same search', async () => {
    const a = await bisect({ ...base, target: f([7]) }, synthetic([f], 0.5, 6400));
    const b = await bisect({ ...base, target: f([7]) }, synthetic([f], 0.5, 6400));
    expect(b).toEqual(a);
  });
});

describe('tune: racing (minimize)', () => {
  it('keeps the grid point nearest to the target and drops the far ones early', async () => {
    // Two parts (e.g. two seats' win shares) that are both fair only at (3, 5).
    const f1 = (p: readonly number[]) => 0.5 + 0.05 * (p[0]! - 3);
    const f2 = (p: readonly number[]) => 0.5 - 0.05 * (p[1]! - 5);
    const settings: SearchSettings = {
      ...base,
      kind: 'minimize',
      around: [0.5, 0.5],
      values: [range(0, 6), range(2, 8)],
      precision: 0.02,
    };
    const evaluate = synthetic([f1, f2], 0.5, 6400);
    const result = await race(settings, evaluate);
    expect(result.point).toEqual([3, 5]);
    // Points three or more steps away are dropped by 1,600 deals; a full grid gives all 49 points 6,400.
    const far = result.candidates.filter((c) => Math.max(Math.abs(c.point[0]! - 3), Math.abs(c.point[1]! - 5)) >= 3);
    expect(far.length).toBe(49 - 25);
    expect(far.every((c) => c.deals <= 1600)).toBe(true);
    expect(result.games).toBeLessThan((49 * 6400) / 2);
    console.info(
      `race: ${result.games} games over ${result.candidates.length} points; full grid at 6,400 deals ${49 * 6400}`,
    );
  });

  it('loss intervals: max over parts of the distance from the interval to the target', () => {
    // t(0.975, 49) · 0.5/√50 = 0.1421: intervals [0.4579, 0.7421] and [0.3079, 0.5921], both around 0.5.
    const parts = [
      { n: 50, mean: 0.6, sd: 0.5 },
      { n: 50, mean: 0.45, sd: 0.5 },
    ];
    const l = lossOf(parts, [0.5, 0.5], 0.95);
    expect(l.estimate).toBeCloseTo(0.1, 12);
    expect(l.lo).toBe(0);
    expect(l.hi).toBeCloseTo(0.2421, 3);
    expect(lossOf([{ n: 50, mean: 0.8, sd: 0.5 }], [0.5], 0.95).lo).toBeCloseTo(0.3 - 0.1421, 3);
  });

  it('grids and looks', () => {
    expect(
      gridPoints([
        [1, 2],
        [5, 6],
      ]),
    ).toEqual([
      [1, 5],
      [1, 6],
      [2, 5],
      [2, 6],
    ]);
    expect(looksOf(100, 1000)).toEqual([100, 200, 400, 800, 1000]);
    expect(looksOf(100, 400)).toEqual([100, 200, 400]);
  });
});
