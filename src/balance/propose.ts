/**
 * Where the balance search looks: the first population, a design in which every value of every knob
 * appears about equally often (each knob's column a shuffled repetition of its values, so main
 * effects are estimable from the first round), and later the rule sets the model predicts best —
 * every rule set of the space scored when it has at most `ENUMERATED`, else a sample polished by
 * changing one knob at a time — together with the leader's neighbours (one knob changed), which
 * catch what an additive model misses (the N-tuple bandit's neighbourhood).
 */
import type { Rng } from '../sim/rng.ts';
import { predict } from './model.ts';
import type { AdditiveModel } from './model.ts';
import type { LossTarget } from './loss.ts';
import { shortfall } from './targets.ts';

/** Spaces up to this size are scored whole when the model proposes. */
export const ENUMERATED = 100_000;
const SAMPLED = 20_000;
const POLISHED = 8;

export const pointKey = (point: readonly number[]): string => point.join(',');

const shuffle = <T>(items: T[], rng: Rng): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

/** The `index`-th point of the space (first knob slowest). */
export function pointAt(sizes: readonly number[], index: number): number[] {
  const point = new Array<number>(sizes.length);
  for (let k = sizes.length - 1; k >= 0; k--) {
    point[k] = index % sizes[k]!;
    index = Math.floor(index / sizes[k]!);
  }
  return point;
}

/** `count` distinct points, each knob's values about equally often; the whole space when it is no larger. */
export function balancedDesign(sizes: readonly number[], count: number, rng: Rng): number[][] {
  const size = sizes.reduce((n, s) => n * s, 1);
  if (size <= count) return Array.from({ length: size }, (_, i) => pointAt(sizes, i));
  const columns = sizes.map((s) =>
    shuffle(
      Array.from({ length: count }, (_, i) => i % s),
      rng,
    ),
  );
  const seen = new Set<string>();
  const points: number[][] = [];
  for (let i = 0; i < count; i++) {
    let point = columns.map((c) => c[i]!);
    for (let tries = 0; seen.has(pointKey(point)) && tries < 100; tries++)
      point = sizes.map((s) => Math.floor(rng() * s));
    if (seen.has(pointKey(point))) continue;
    seen.add(pointKey(point));
    points.push(point);
  }
  return points;
}

/** The models of one target: one per part of its metric, with the part's `around`. */
export interface TargetModels {
  target: LossTarget;
  parts: { model: AdditiveModel; around: number }[];
}

/** The loss the models predict at a point. */
export function predictedLoss(models: readonly TargetModels[], point: readonly number[]): number {
  let loss = 0;
  for (const { target, parts } of models) {
    let value = 0;
    if (target.combine === 'value') value = predict(parts[0]!.model, point);
    else for (const p of parts) value = Math.max(value, Math.abs(predict(p.model, point) - p.around));
    loss += (target.weight / target.precision) * shortfall(target, value);
  }
  return loss;
}

/** Changing one knob at a time while the predicted loss falls. */
function polish(models: readonly TargetModels[], sizes: readonly number[], start: number[]): number[] {
  const point = [...start];
  let best = predictedLoss(models, point);
  for (let improved = true; improved; ) {
    improved = false;
    for (let k = 0; k < sizes.length; k++)
      for (let v = 0; v < sizes[k]!; v++) {
        const old = point[k]!;
        point[k] = v;
        const loss = predictedLoss(models, point);
        if (loss < best - 1e-12) {
          best = loss;
          improved = true;
        } else point[k] = old;
      }
  }
  return point;
}

/** Unmeasured points in order of predicted loss (ties: space order), at most `count`. */
function bestPredicted(
  models: readonly TargetModels[],
  sizes: readonly number[],
  measured: ReadonlySet<string>,
  count: number,
  rng: Rng,
): number[][] {
  const size = sizes.reduce((n, s) => n * s, 1);
  let pool: number[][];
  if (size <= ENUMERATED) pool = Array.from({ length: size }, (_, i) => pointAt(sizes, i));
  else {
    pool = Array.from({ length: SAMPLED }, () => sizes.map((s) => Math.floor(rng() * s)));
    const scored = pool.map((p) => ({ p, loss: predictedLoss(models, p) })).sort((a, b) => a.loss - b.loss);
    pool.push(...scored.slice(0, POLISHED).map(({ p }) => polish(models, sizes, p)));
  }
  const seen = new Set(measured);
  const best: number[][] = [];
  const ranked = pool.map((p) => ({ p, loss: predictedLoss(models, p) })).sort((a, b) => a.loss - b.loss);
  for (const { p } of ranked) {
    if (best.length === count) break;
    if (seen.has(pointKey(p))) continue;
    seen.add(pointKey(p));
    best.push(p);
  }
  return best;
}

/** The leader's unmeasured neighbours (one knob at another value), best predicted first. */
function neighbours(
  models: readonly TargetModels[],
  sizes: readonly number[],
  leader: readonly number[],
  measured: ReadonlySet<string>,
): number[][] {
  const out: number[][] = [];
  sizes.forEach((s, k) => {
    for (let v = 0; v < s; v++) {
      if (v === leader[k]) continue;
      const p = leader.map((x, j) => (j === k ? v : x));
      if (!measured.has(pointKey(p))) out.push(p);
    }
  });
  return out
    .map((p) => ({ p, loss: predictedLoss(models, p) }))
    .sort((a, b) => a.loss - b.loss)
    .map(({ p }) => p);
}

/** The next round's points: up to half the leader's best neighbours, the rest the model's best elsewhere. */
export function proposals(
  models: readonly TargetModels[],
  sizes: readonly number[],
  leader: readonly number[],
  measured: ReadonlySet<string>,
  count: number,
  rng: Rng,
): number[][] {
  const near = neighbours(models, sizes, leader, measured).slice(0, Math.ceil(count / 2));
  const taken = new Set([...measured, ...near.map(pointKey)]);
  return [...near, ...bestPredicted(models, sizes, taken, count - near.length, rng)];
}
