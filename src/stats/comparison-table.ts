/**
 * The paired-comparison table: for each pair of arms and metric, the mean per-deal difference
 * (b minus a) with its t interval, d_z, the two-sided p-value and the Holm-adjusted p-value.
 * The Holm family is each metric's set of comparisons by default (`family: 'metric'`: how many
 * arm pairs were compared on that metric), or every row of the table (`family: 'all'`).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { holmAdjust } from './holm.ts';
import { pairedComparison } from './paired.ts';
import type { LevelOptions, MomentsInput } from './types.ts';

/** One metric of one pair of arms: the per-deal differences b − a. */
export interface PairRecord {
  a: string;
  b: string;
  metric: string;
  diff: MomentsInput;
  /** Sums kept in units of 1/scale (the runner's `DiffData` with its pair metric's scale); default 1. */
  scale?: number;
}

export interface ComparisonOptions extends LevelOptions {
  /** Which comparisons form one Holm family; default 'metric'. */
  family?: 'metric' | 'all';
}

/** Column names of `comparisonTable`, in order. */
export const COMPARISON_COLUMNS = [
  'a',
  'b',
  'metric',
  'deals',
  'meanDiff',
  'lo',
  'hi',
  'sdDiff',
  'dz',
  't',
  'df',
  'p',
  'pHolm',
] as const;

/**
 * Paired comparisons with Holm-adjusted p-values, one row per record, in the order given.
 * @example
 * comparisonTable([{ a: 'base', b: 'tollkeepers', metric: 'score', diff: { n: 10, sum: 20, sumSquares: 76 } }])
 * // one row: meanDiff 2 [0.569, 3.431], sdDiff 2, dz 1, t 3.162, df 9, p 0.0115, pHolm 0.0115
 */
export function comparisonTable(records: readonly PairRecord[], options: ComparisonOptions = {}): ColumnTable {
  const results = records.map((r) => pairedComparison(r.diff, { level: options.level, scale: r.scale }));
  const pHolm: (number | null)[] = new Array<number | null>(records.length).fill(null);
  const families = new Map<string, number[]>();
  records.forEach((r, i) => {
    const key = options.family === 'all' ? '' : r.metric;
    families.set(key, [...(families.get(key) ?? []), i]);
  });
  for (const rows of families.values()) {
    const adjusted = holmAdjust(rows.map((i) => results[i]!.p));
    rows.forEach((i, k) => {
      pHolm[i] = adjusted[k]!;
    });
  }
  return aq.table({
    a: records.map((r) => r.a),
    b: records.map((r) => r.b),
    metric: records.map((r) => r.metric),
    deals: results.map((c) => c.n),
    meanDiff: results.map((c) => c.meanDiff),
    lo: results.map((c) => c.lo),
    hi: results.map((c) => c.hi),
    sdDiff: results.map((c) => c.sdDiff),
    dz: results.map((c) => c.dz),
    t: results.map((c) => c.t),
    df: results.map((c) => c.df),
    p: results.map((c) => c.p),
    pHolm,
  });
}
