/**
 * The report's main effects (`effectsOf`, the `free` fit of `src/balance/model.ts`) are unbiased
 * estimates of each knob value's effect for an additive truth, with 95 % intervals over deals that
 * cover it: checked on a synthetic additive response over three knobs measured in an unbalanced
 * design like the search's (a first population with every value about equally often, then many rule
 * sets near a leader), and on the two-value check (one knob, two rule sets) from constructed data.
 */
import { describe, expect, it } from 'vitest';
import type { CandidateData } from '../../src/balance/estimate.ts';
import type { Measured, SearchProblem } from '../../src/balance/target-models.ts';
import { effectsOf } from '../../src/balance/target-models.ts';
import { gauss } from './synthetic.ts';

/** One part measured as a mean per deal (one game per deal, `x` the metric's value on the deal). */
const meanData = (x: Float64Array): CandidateData => ({
  deals: x.length,
  targets: [
    [
      {
        terms: [{ coef: 1, x, y: new Float64Array(x.length).fill(1), scale: 'mean' }],
        around: 0,
        range: [-Infinity, Infinity],
      },
    ],
  ],
});

const problemOf = (sizes: number[], ordinal: boolean[]): SearchProblem => ({
  space: { sizes, ordinal },
  targets: [{ kind: 'minimize', value: 0, tolerance: 0, weight: 1, precision: 0.01, combine: 'value', parts: 1 }],
  relevant: [sizes.map((_, k) => k)],
});

// Three knobs: a whole number 0–6 (6 never measured), a whole number 0–4, an enumeration of 3.
const SIZES = [7, 5, 3];
const EFFECTS = [
  [0, 0.12, 0.2, 0.21, 0.15, 0.05, 0.3],
  [0.1, -0.05, 0, 0.25, 0.02],
  [0, 0.3, -0.1],
];
const DEALS = 20;
const SD = 0.1;
const RHO = 0.8;

/**
 * The search's kind of design: a population of 6 in which each knob's values come about equally
 * often (value 6 of the first knob never), then 14 rule sets at or next to a leader (2, 3, 1), none
 * measured twice: the leader's values measured in many rule sets, the others in one to four.
 */
function design(): number[][] {
  const population = Array.from({ length: 6 }, (_, i) => [i, (2 * i + 1) % 5, i % 3]);
  const leader = [2, 3, 1];
  const near = [
    [1, 2, 1],
    [3, 3, 1],
    [2, 2, 1],
    [2, 4, 1],
    [2, 3, 0],
    [2, 3, 2],
    [4, 3, 1],
    [3, 4, 1],
    [3, 2, 1],
    [1, 3, 2],
    [4, 2, 1],
    [5, 3, 1],
    [0, 3, 1],
    [2, 1, 1],
  ];
  return [...population, leader, ...near];
}

/** Each rule set's per-deal values: its additive mean plus noise shared by the rule sets on a deal. */
function measuredOf(points: number[][], seed: number, interaction = (_: number[]) => 0): Measured[] {
  return points.map((point, c) => {
    const mean = 0.5 + point.reduce((s, v, k) => s + EFFECTS[k]![v]!, 0) + interaction(point);
    const x = Float64Array.from({ length: DEALS }, (_, d) => {
      const noise = Math.sqrt(RHO) * gauss(seed, 0, d) + Math.sqrt(1 - RHO) * gauss(seed ^ 0x5bd1e995, c, d);
      return mean + SD * noise;
    });
    return { point, data: meanData(x) };
  });
}

/** The true effect of value v of knob k against the mean of the knob's measured values. */
function truth(points: number[][], k: number, v: number): number {
  const measured = [...new Set(points.map((p) => p[k]!))];
  return EFFECTS[k]![v]! - measured.reduce((s, u) => s + EFFECTS[k]![u]!, 0) / measured.length;
}

describe('main effects of the report', () => {
  it('recover an additive truth within their intervals on an unbalanced design (coverage over 200 seeds)', () => {
    const points = design();
    const counts = SIZES.map((n, k) => Array.from({ length: n }, (_, v) => points.filter((p) => p[k] === v).length));
    // Unbalanced: the leader's values in 7 to 14 rule sets, others in 1 to 5, one never.
    expect(new Set(points.map((p) => p.join())).size).toBe(21);
    expect(counts).toEqual([
      [2, 3, 7, 4, 3, 2, 0],
      [1, 3, 5, 9, 3],
      [3, 14, 4],
    ]);
    const problem = problemOf(SIZES, [true, true, false]);
    let covered = 0;
    let intervals = 0;
    // Per value, the estimate's mean error over the seeds (unbiased: near 0 for every value).
    const error = new Map<string, number>();
    for (let seed = 1; seed <= 200; seed++) {
      const effects = effectsOf(problem, measuredOf(points, seed), DEALS)[0]!.effects;
      for (const e of effects) {
        if (e.knob === 0 && e.value === 6) {
          expect(e).toMatchObject({ ruleSets: 0, estimate: null, unknown: 'not measured' });
          continue;
        }
        expect(e.unknown).toBeUndefined();
        const t = truth(points, e.knob, e.value);
        intervals++;
        if (e.lo! <= t && t <= e.hi!) covered++;
        const key = `${e.knob}=${e.value}`;
        error.set(key, (error.get(key) ?? 0) + (e.estimate! - t) / 200);
      }
    }
    expect(intervals).toBe(200 * 14);
    // 95.2 % (2,666 of 2,800) when written; the search's shrunk fit covered 13.6 % (380).
    expect(covered / intervals).toBeGreaterThanOrEqual(0.9);
    const worst = Math.max(...[...error.values()].map(Math.abs));
    expect(worst).toBeLessThan(0.005);
  });

  it("says when the knobs do not add up (the misfit against the deals' noise)", () => {
    const points = design();
    const problem = problemOf(SIZES, [true, true, false]);
    const misfit = (seed: number, interaction?: (p: number[]) => number) =>
      effectsOf(problem, measuredOf(points, seed, interaction), DEALS)[0]!.misfits[0]!;
    expect(misfit(1).df).toBe(21 - 12); // 21 rule sets; a constant and 5 + 4 + 2 contrasts
    let additive = 0;
    let interacting = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const a = misfit(seed);
      if (a.ratio > a.limit) additive++;
      // The third knob's value 2 undoes the first knob's effect: an interaction of 0.1 to 0.3.
      const b = misfit(seed, (p) => (p[2] === 2 ? -EFFECTS[0]![p[0]!]! : 0));
      if (b.ratio > b.limit) interacting++;
    }
    // 1 and 100 of 100 when written.
    expect(additive).toBeLessThanOrEqual(5); // 1 % nominal
    expect(interacting).toBeGreaterThanOrEqual(90);
  });

  it("counts once the rule sets that played the same games (alike in the target's knobs)", () => {
    const measured = measuredOf(design(), 3);
    // The same rule set again but for a knob the target's games do not read: the same games.
    const twin = { point: [...measured[6]!.point.slice(0, 2), 9], data: measured[6]!.data };
    const problem = { ...problemOf([...SIZES.slice(0, 2), 10], [true, true, false]), relevant: [[0, 1]] };
    const once = effectsOf(problem, measured, DEALS)[0]!;
    const twice = effectsOf(problem, [...measured, twin], DEALS)[0]!;
    expect(twice).toEqual(once);
  });

  it('gives no estimate where the design cannot separate two knobs', () => {
    // Two rule sets that differ in both knobs: the difference is either knob's, or any mix.
    const measured = measuredOf(
      [
        [0, 0, 0],
        [1, 1, 0],
      ],
      7,
    );
    const effects = effectsOf(problemOf(SIZES, [true, true, false]), measured, DEALS)[0]!.effects;
    const moved = effects.filter((e) => e.ruleSets > 0 && e.knob < 2);
    expect(moved.map((e) => e.unknown)).toEqual(['not separable', 'not separable', 'not separable', 'not separable']);
    const fixed = effects.find((e) => e.knob === 2 && e.value === 0)!;
    expect([fixed.estimate, fixed.unknown]).toEqual([0, undefined]);
  });

  it('the two-value check: seat 1 wins 15 and 38.5 of 40 games, effects ±0.294', () => {
    // seatCompensation[1] at 3 players, 0 or 40 points, 40 first deals: seat 1's win share per deal
    // (a tie's half win on the last deal of the first rule set, so 15 and 38.5 wins).
    const deals = 40;
    const wins = (total: number) => Float64Array.from({ length: deals }, (_, d) => Math.min(1, Math.max(0, total - d)));
    const low = wins(15);
    const high = Float64Array.from({ length: deals }, (_, d) => (d < 38 ? 1 : d === 38 ? 0.5 : 0));
    expect([low.reduce((s, x) => s + x, 0), high.reduce((s, x) => s + x, 0)]).toEqual([15, 38.5]);
    const measured = [
      { point: [0], data: meanData(low) },
      { point: [1], data: meanData(high) },
    ];
    const [lowEffect, highEffect] = effectsOf(problemOf([2], [true]), measured, deals)[0]!.effects;
    expect(lowEffect!.estimate).toBeCloseTo(-0.29375, 7);
    expect(highEffect!.estimate).toBeCloseTo(0.29375, 7);
    // Half the paired difference per deal: its t interval over the 40 deals.
    const half = Array.from(high, (h, d) => (h - low[d]!) / 2);
    const mean = half.reduce((s, x) => s + x, 0) / deals;
    const sd = Math.sqrt(half.reduce((s, x) => s + (x - mean) ** 2, 0) / (deals - 1));
    expect(highEffect!.hi! - highEffect!.estimate!).toBeCloseTo((2.0226909 * sd) / Math.sqrt(deals), 6);
    expect(highEffect!.lo).toBeGreaterThan(0.2);
  });
});
