/**
 * Conditional logit (comparison training) for `npm run train`: each decision offers some candidates,
 * each a row of numbers, and one was chosen; θ maximises Σ log P(chosen), P(a) = exp(θ·x_a) / Σ_b
 * exp(θ·x_b), less a ridge penalty λ·|θ|² per decision. Newton's method on the (concave) log
 * likelihood: the gradient and Hessian are sums over decisions of the chosen row minus the
 * probability-weighted mean row, and of the rows' probability-weighted covariance.
 */
import { choleskySolve } from './cholesky.ts';

/** The decisions: rows of candidates (`columns` numbers each), per decision its first row, its count and the chosen one. */
export interface Choices {
  features: Float64Array;
  start: readonly number[];
  size: readonly number[];
  chosen: readonly number[];
}

/** The decisions `use` picks (by index). */
const decisionsOf = (c: Choices, use: (decision: number) => boolean) =>
  c.start.flatMap((first, index) => (use(index) ? [{ first, size: c.size[index]!, chosen: c.chosen[index]! }] : []));

export interface ChoiceFit {
  theta: Float64Array;
  /** Mean log likelihood per decision at θ. */
  logLikelihood: number;
  iterations: number;
}

/** Fits θ on the decisions `use` picks (from `start`), `columns` numbers a row; Newton steps, halved while they lower the likelihood. */
export function fitChoices(
  choices: Choices,
  columns: number,
  use: (decision: number) => boolean,
  lambda: number,
  start: Float64Array,
): ChoiceFit {
  const decisions = decisionsOf(choices, use);
  const n = Math.max(1, decisions.length);
  let theta: Float64Array = Float64Array.from(start);
  let at = likelihood(choices, columns, decisions, theta, lambda, true);
  let iterations = 0;
  for (; iterations < 100; iterations++) {
    const step = choleskySolve(at.hessian, at.gradient, columns);
    let scale = 1;
    let next: Float64Array;
    let there: ReturnType<typeof likelihood>;
    do {
      next = Float64Array.from(theta, (x, k) => x + scale * step[k]!);
      there = likelihood(choices, columns, decisions, next, lambda, false);
      scale /= 2;
    } while (there.value < at.value && scale > 1e-6);
    const moved = Math.max(...step.map((x) => Math.abs(x * scale * 2)));
    theta = next;
    at = likelihood(choices, columns, decisions, theta, lambda, true);
    if (moved < 1e-7) break;
  }
  return { theta, logLikelihood: at.value / n, iterations };
}

/**
 * The penalised log likelihood at θ and, with `derivatives`, its gradient and the Hessian of its
 * negative (positive definite).
 */
function likelihood(
  choices: Choices,
  columns: number,
  decisions: readonly { first: number; size: number; chosen: number }[],
  theta: Float64Array,
  lambda: number,
  derivatives: boolean,
) {
  const gradient = new Float64Array(columns);
  const hessian = new Float64Array(derivatives ? columns * columns : 0);
  const mean = new Float64Array(columns);
  const x = choices.features;
  let value = 0;
  for (const { first, size, chosen } of decisions) {
    let max = -Infinity;
    const z = new Float64Array(size);
    for (let a = 0; a < size; a++) {
      let v = 0;
      for (let k = 0; k < columns; k++) v += theta[k]! * x[(first + a) * columns + k]!;
      z[a] = v;
      if (v > max) max = v;
    }
    let sum = 0;
    for (let a = 0; a < size; a++) sum += Math.exp(z[a]! - max);
    value += z[chosen]! - max - Math.log(sum);
    if (!derivatives) continue;
    mean.fill(0);
    for (let a = 0; a < size; a++) {
      const p = Math.exp(z[a]! - max) / sum;
      const o = (first + a) * columns;
      for (let i = 0; i < columns; i++) {
        const xi = x[o + i]!;
        if (xi === 0) continue;
        mean[i]! += p * xi;
        for (let j = 0; j < columns; j++) hessian[i * columns + j]! += p * xi * x[o + j]!;
      }
    }
    for (let i = 0; i < columns; i++)
      for (let j = 0; j < columns; j++) hessian[i * columns + j]! -= mean[i]! * mean[j]!;
    const o = (first + chosen) * columns;
    for (let k = 0; k < columns; k++) gradient[k]! += x[o + k]! - mean[k]!;
  }
  const n = Math.max(1, decisions.length);
  for (let k = 0; k < columns; k++) {
    value -= lambda * n * theta[k]! ** 2;
    gradient[k]! -= 2 * lambda * n * theta[k]!;
    if (derivatives) hessian[k * columns + k]! += 2 * lambda * n;
  }
  return { value, gradient, hessian };
}

/** The share of the decisions `use` picks whose highest-valued candidate under θ is the chosen one. */
export function choiceAccuracy(
  choices: Choices,
  columns: number,
  use: (decision: number) => boolean,
  theta: Float64Array,
): number {
  const decisions = decisionsOf(choices, use);
  let right = 0;
  for (const { first, size, chosen } of decisions) {
    let best = -1;
    let bestValue = -Infinity;
    for (let a = 0; a < size; a++) {
      let v = 0;
      for (let k = 0; k < columns; k++) v += theta[k]! * choices.features[(first + a) * columns + k]!;
      if (v > bestValue) {
        bestValue = v;
        best = a;
      }
    }
    if (best === chosen) right++;
  }
  return right / Math.max(1, decisions.length);
}
