/**
 * Percentile bootstrap interval for a statistic of per-game rows, resampling whole deals: the games
 * of one deal (all seat rotations, all arms) share their tile order and are correlated, so the deal
 * is the unit drawn with replacement (a cluster bootstrap). Deterministic for a given RNG seed: the
 * deals are put in ascending order before drawing, so the row order does not matter.
 *
 * Steps: 1. group the rows by deal (rows whose value is NaN, e.g. a seat the arm lacks, are
 * skipped); 2. `resamples` times, draw as many deals as there are, with replacement, and compute the
 * statistic on the rows of the drawn deals; 3. the interval is the α/2 and 1 − α/2 quantiles
 * (linear interpolation, R type 7) of the sorted replicates.
 */
import type { Rng } from '../sim/rng.ts';
import { checkLevel } from './types.ts';
import type { LevelOptions } from './types.ts';

export interface BootstrapOptions extends LevelOptions {
  /** The resampling stream, e.g. `makeRng(seed, 'bootstrap')` (`src/sim/rng.ts`). */
  rng: Rng;
  /** Bootstrap replicates, default 2000. */
  resamples?: number;
  /** Statistic of a set of values; default the mean (computed from per-deal sums, fast). */
  statistic?: (values: Float64Array) => number;
}

export interface BootstrapInterval {
  /** The statistic on all rows. */
  estimate: number;
  lo: number;
  hi: number;
  /** Standard deviation of the replicates (bootstrap standard error). */
  se: number;
  deals: number;
  rows: number;
  resamples: number;
  level: number;
  /** The replicates, sorted ascending. */
  replicates: Float64Array;
}

/** Quantile of sorted values, linear interpolation between order statistics (R type 7). */
export function sortedQuantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const i = Math.floor(h);
  const j = Math.min(i + 1, sorted.length - 1);
  return sorted[i]! + (h - i) * (sorted[j]! - sorted[i]!);
}

const meanOf = (values: Float64Array): number => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * Bootstrap interval of a statistic of `rows.value`, resampling deals (`rows.deal`).
 * @example
 * bootstrapByDeal({ deal: dt.array('deal'), value: dt.array('score0') }, { rng: makeRng('run-1', 'bootstrap') })
 * // { estimate: 87.4, lo: 86.9, hi: 87.9, se: 0.25, deals: 1000, rows: 4000, resamples: 2000, … }
 */
export function bootstrapByDeal(
  rows: { deal: ArrayLike<number>; value: ArrayLike<number> },
  options: BootstrapOptions,
): BootstrapInterval {
  const level = checkLevel(options.level);
  const resamples = options.resamples ?? 2000;
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`bootstrapByDeal: resamples must be a positive whole number, got ${resamples}`);
  if (rows.deal.length !== rows.value.length)
    throw new RangeError('bootstrapByDeal: deal and value columns differ in length');
  // 1. group rows by deal, deals ascending, rows in their original order within a deal
  const byDeal = new Map<number, number[]>();
  for (let r = 0; r < rows.value.length; r++) {
    const v = rows.value[r]!;
    if (Number.isNaN(v)) continue;
    const d = rows.deal[r]!;
    const list = byDeal.get(d);
    if (list) list.push(v);
    else byDeal.set(d, [v]);
  }
  const groups = [...byDeal.keys()].sort((a, b) => a - b).map((d) => byDeal.get(d)!);
  const G = groups.length;
  if (G === 0) throw new RangeError('bootstrapByDeal: no rows with a value');
  const all = Float64Array.from(groups.flat());
  const statistic = options.statistic;
  const estimate = statistic ? statistic(all) : meanOf(all);
  // 2. replicates
  const replicates = new Float64Array(resamples);
  if (!statistic) {
    const sums = groups.map((g) => g.reduce((s, v) => s + v, 0));
    const counts = groups.map((g) => g.length);
    for (let b = 0; b < resamples; b++) {
      let sum = 0;
      let count = 0;
      for (let k = 0; k < G; k++) {
        const g = Math.floor(options.rng() * G);
        sum += sums[g]!;
        count += counts[g]!;
      }
      replicates[b] = sum / count;
    }
  } else {
    const buffer: number[] = [];
    for (let b = 0; b < resamples; b++) {
      buffer.length = 0;
      for (let k = 0; k < G; k++) for (const v of groups[Math.floor(options.rng() * G)]!) buffer.push(v);
      replicates[b] = statistic(Float64Array.from(buffer));
    }
  }
  // 3. percentile interval
  replicates.sort();
  const mean = meanOf(replicates);
  const se = Math.sqrt(replicates.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, resamples - 1));
  const alpha = 1 - level;
  return {
    estimate,
    lo: sortedQuantile(replicates, alpha / 2),
    hi: sortedQuantile(replicates, 1 - alpha / 2),
    se,
    deals: G,
    rows: all.length,
    resamples,
    level,
    replicates,
  };
}
