/**
 * A synthetic balance problem whose best rule set is known by construction: four knobs (two whole
 * numbers 0-9, an enumeration of 4, a real 0-1 by 0.1: 4,400 rule sets) and three targets on
 * metrics with known means. Per deal d a rule set's metric is its mean plus noise with a part shared
 * by every rule set on that deal (common random numbers, as paired deals give) and a part of its own:
 * sd 0.1 in all, correlation 0.8 between two rule sets on one deal.
 *   - m1 = 0.5 + 0.025·(a − 6) + 0.003·(a − 6)·(b − 3), target 0.5 ± 0.01 (an interaction a × b);
 *   - m2 = 0.3 + 0.02·|b − 3| + 0.03·[c ≠ 1] + 0.4·(d − 0.7)², minimized;
 *   - m3 = 0.78 + 0.05·d + 0.01·[c = 2], at least 0.8.
 * The best rule set is a = 6, b = 3, c = 1, d = 0.7 (the loss there is 0 + 15 + 0; every other
 * rule set's is larger). The evaluator costs one game per deal and rule set and plays nothing twice.
 */
import { mix32 } from '../../src/sim/rng.ts';
import type { CandidateData } from '../../src/balance/estimate.ts';
import type { Evaluator, SearchProblem } from '../../src/balance/search.ts';

export const SIZES = [10, 10, 4, 11];
export const OPTIMUM = [6, 3, 1, 7];
const SD = 0.1;
const RHO = 0.8;

const means = ([a, b, c, d]: readonly number[]): number[] => {
  const x = d! / 10;
  return [
    0.5 + 0.025 * (a! - 6) + 0.003 * (a! - 6) * (b! - 3),
    0.3 + 0.02 * Math.abs(b! - 3) + (c === 1 ? 0 : 0.03) + 0.4 * (x - 0.7) ** 2,
    0.78 + 0.05 * x + (c === 2 ? 0.01 : 0),
  ];
};

export const problem: SearchProblem = {
  space: { sizes: SIZES, ordinal: [true, true, false, true] },
  targets: [
    { kind: 'equals', value: 0.5, tolerance: 0.01, weight: 1, precision: 0.01, combine: 'value', parts: 1 },
    { kind: 'minimize', value: 0, tolerance: 0, weight: 1, precision: 0.02, combine: 'value', parts: 1 },
    { kind: 'atLeast', value: 0.8, tolerance: 0, weight: 1, precision: 0.02, combine: 'value', parts: 1 },
  ],
  relevant: [
    [0, 1, 2, 3],
    [0, 1, 2, 3],
    [0, 1, 2, 3],
  ],
};

/** A standard normal from three integers (Box–Muller on two hashed uniforms). */
export function gauss(seed: number, a: number, b: number): number {
  const h1 = mix32(seed ^ mix32(a * 0x9e3779b1 + b));
  const h2 = mix32(h1 ^ 0x85ebca6b);
  const u1 = (h1 + 1) / 4294967297;
  const u2 = h2 / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** The synthetic evaluator on deals of stream `seed`; `games` counts the games it played. */
export function syntheticEvaluator(seed: number, maxDeals: number): Evaluator & { games: number } {
  const played = new Map<string, CandidateData>();
  const pointId = (p: readonly number[]) => p.reduce((id, v, k) => id * SIZES[k]! + v, 0);
  const dataOf = (point: readonly number[]): CandidateData => {
    const key = point.join(',');
    let data = played.get(key);
    if (!data) {
      const id = pointId(point);
      data = {
        deals: 0,
        targets: means(point).map((mean, t) => {
          const x = Float64Array.from({ length: maxDeals }, (_, d) => {
            const shared = gauss(seed, t, d);
            const own = gauss(seed ^ 0x5bd1e995, id * 8 + t, d);
            return mean + SD * (Math.sqrt(RHO) * shared + Math.sqrt(1 - RHO) * own);
          });
          return [
            {
              terms: [{ coef: 1, x, y: new Float64Array(maxDeals).fill(1), scale: 'mean' as const }],
              around: 0,
              range: [-Infinity, Infinity] as [number, number],
            },
          ];
        }),
      };
      played.set(key, data);
    }
    return data;
  };
  const evaluator = {
    games: 0,
    cost: (points: readonly number[][], deals: number) =>
      points.reduce((n, p) => n + Math.max(0, deals - (played.get(p.join(','))?.deals ?? 0)), 0),
    measure: async (points: readonly number[][], deals: number) => {
      evaluator.games += evaluator.cost(points, deals);
      return points.map((p) => {
        const data = dataOf(p);
        data.deals = Math.max(data.deals, deals);
        return { deals, targets: data.targets };
      });
    },
  };
  return evaluator;
}
