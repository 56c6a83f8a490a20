import { describe, expect, it } from 'vitest';
import { choiceAccuracy, fitChoices } from '../../src/stats/choice-fit.ts';
import { makeRng } from '../../src/sim/rng.ts';

/** Decisions of 2–9 candidates with 3 numbers each, chosen with probabilities exp(θ·x) / Σ exp(θ·x). */
function simulate(theta: number[], decisions: number) {
  const rng = makeRng('choices');
  const features: number[] = [];
  const start: number[] = [];
  const size: number[] = [];
  const chosen: number[] = [];
  for (let d = 0; d < decisions; d++) {
    const n = 2 + Math.floor(rng() * 8);
    start.push(features.length / 3);
    size.push(n);
    const weights: number[] = [];
    for (let a = 0; a < n; a++) {
      const x = [rng() * 4 - 2, rng() * 4 - 2, rng() < 0.3 ? 1 : 0];
      features.push(...x);
      weights.push(Math.exp(x.reduce((s, v, k) => s + v * theta[k]!, 0)));
    }
    let u = rng() * weights.reduce((a, b) => a + b, 0);
    let pick = 0;
    while (u > weights[pick]!) u -= weights[pick++]!;
    chosen.push(pick);
  }
  return { features: Float64Array.from(features), start, size, chosen };
}

describe('conditional logit fit', () => {
  it('recovers the weights that made the choices, and predicts them better than other weights', () => {
    const truth = [1.5, -0.8, 2];
    const choices = simulate(truth, 4000);
    const fit = fitChoices(choices, 3, () => true, 1e-6, new Float64Array(3));
    fit.theta.forEach((v, k) => {
      expect(Math.abs(v - truth[k]!)).toBeLessThan(0.15);
    });
    const all = () => true;
    expect(choiceAccuracy(choices, 3, all, fit.theta)).toBeGreaterThan(
      choiceAccuracy(choices, 3, all, Float64Array.from([1, 1, 0])),
    );
  });
  it('a ridge penalty pulls the weights toward 0', () => {
    const choices = simulate([1.5, -0.8, 2], 500);
    const loose = fitChoices(choices, 3, () => true, 1e-6, new Float64Array(3));
    const tight = fitChoices(choices, 3, () => true, 1, new Float64Array(3));
    expect(Math.hypot(...tight.theta)).toBeLessThan(Math.hypot(...loose.theta) / 2);
  });
});
