/**
 * A rule set's loss: Σ over targets of weight × shortfall / precision (`targets.ts`), from its
 * measured metric parts; its interval; and the lower bound of one rule set's loss minus another's
 * that the search's elimination tests (a rule set is rejected as the best when its loss is surely
 * larger than the leader's).
 *
 * The bound uses common random numbers: per target, the leader's part lies in its interval I and the
 * difference of the two rule sets' parts in its *paired* interval D, and the shortfall F is piecewise
 * linear, so the least F(m + δ) − F(m) over m ∈ I, δ ∈ D is found exactly at the corners of the
 * pieces (`leastIncrease`). For `seatWinGap` (the largest of several parts) the bound is the larger
 * of the unpaired one (the smallest possible gap of c minus the largest of b) and the paired one
 * over any single part (the gap is at least each part's distance, and the leader's gap is one of
 * them). With every interval covering, a rule set is never rejected in favour of a worse one.
 */
import type { Interval } from '../tune/metric.ts';
import { pairedInterval, partInterval, partValue } from './estimate.ts';
import type { CandidateData, PartData } from './estimate.ts';
import { shortfall, shortfallKinks } from './targets.ts';
import type { TargetKind } from './targets.ts';

export interface LossTarget {
  kind: TargetKind;
  value: number;
  tolerance: number;
  weight: number;
  precision: number;
  combine: 'value' | 'gap';
  /** The number of parts of its metric (one per seat for a gap). */
  parts: number;
}

/** The target's metric on deals [0, n): the part's value, or the largest |part − around|. */
export function targetValue(t: LossTarget, parts: readonly PartData[], n: number): number {
  if (t.combine === 'value') return partValue(parts[0]!, n);
  return Math.max(...parts.map((p) => Math.abs(partValue(p, n) - p.around)));
}

/** The target's metric with its interval (each part at `level`). */
export function targetInterval(
  t: LossTarget,
  parts: readonly PartData[],
  n: number,
  level: number,
): { estimate: number } & Interval {
  const estimate = targetValue(t, parts, n);
  if (t.combine === 'value') return { estimate, ...partInterval(parts[0]!, n, level) };
  let lo = 0;
  let hi = 0;
  for (const p of parts) {
    const iv = partInterval(p, n, level);
    const a = p.around;
    lo = Math.max(lo, iv.lo > a ? iv.lo - a : iv.hi < a ? a - iv.hi : 0);
    hi = Math.max(hi, Math.abs(iv.lo - a), Math.abs(iv.hi - a));
  }
  return { estimate, lo, hi };
}

const scaleOf = (t: LossTarget) => t.weight / t.precision;

/** The rule set's loss on deals [0, n). */
export function lossOf(targets: readonly LossTarget[], data: CandidateData, n = data.deals): number {
  return targets.reduce((s, t, i) => s + scaleOf(t) * shortfall(t, targetValue(t, data.targets[i]!, n)), 0);
}

/** Least and largest shortfall over metric values in [lo, hi]. */
function shortfallRange(t: LossTarget, lo: number, hi: number): [number, number] {
  const at = [lo, hi, ...shortfallKinks(t).filter((k) => k > lo && k < hi)].filter(Number.isFinite);
  if (at.length < 2) return [-Infinity, Infinity];
  const values = at.map((m) => shortfall(t, m));
  return [Math.min(...values), Math.max(...values)];
}

/** The loss with its interval, each target's metric at `level` (its parts too). */
export function lossInterval(
  targets: readonly LossTarget[],
  data: CandidateData,
  level: number,
  n = data.deals,
): { estimate: number } & Interval {
  let lo = 0;
  let hi = 0;
  targets.forEach((t, i) => {
    const iv = targetInterval(t, data.targets[i]!, n, level);
    const [a, b] = shortfallRange(t, iv.lo, iv.hi);
    lo += scaleOf(t) * a;
    hi += scaleOf(t) * b;
  });
  return { estimate: lossOf(targets, data, n), lo, hi };
}

/**
 * The least F(m + δ) − F(m) over m ∈ [m1, m2], δ ∈ [d1, d2] for F piecewise linear with the given
 * kinks: the minimum of a piecewise-linear function over a box lies at a vertex of its pieces, and
 * every vertex has m at an end, a kink, or a kink minus an end of δ, and δ at an end or a kink minus m.
 */
export function leastIncrease(
  F: (m: number) => number,
  kinks: readonly number[],
  m: readonly [number, number],
  [d1, d2]: readonly [number, number],
): number {
  let [m1, m2] = m;
  if (!Number.isFinite(d1) || !Number.isFinite(d2) || Number.isNaN(m1) || Number.isNaN(m2)) return -Infinity;
  // Beyond every kink (and every kink minus δ) F is linear on both m and m + δ, so an open end of m
  // is as good as one point past them (a sample without spread has such an end: no distribution-free bound).
  const marks = [...kinks, ...kinks.map((k) => k - d1), ...kinks.map((k) => k - d2)];
  if (m2 === Infinity) m2 = Math.max(m1, ...marks) + 1;
  if (m1 === -Infinity) m1 = Math.min(m2, ...marks) - 1;
  const inside = (v: number, lo: number, hi: number) => v >= lo && v <= hi;
  const ms = [m1, m2, ...kinks, ...kinks.map((k) => k - d1), ...kinks.map((k) => k - d2)].filter((m) =>
    inside(m, m1, m2),
  );
  let least = Infinity;
  for (const m of ms) {
    const ds = [d1, d2, ...kinks.map((k) => k - m)].filter((d) => inside(d, d1, d2));
    for (const d of ds) least = Math.min(least, F(m + d) - F(m));
  }
  return least;
}

/** The shortfall as a function of one part's value, with its kinks. */
function partShortfall(t: LossTarget, around: number): { F: (m: number) => number; kinks: number[] } {
  if (t.combine === 'value') return { F: (m) => shortfall(t, m), kinks: shortfallKinks(t) };
  const bends = shortfallKinks(t).filter((k) => k > 0);
  return {
    F: (m) => shortfall(t, Math.abs(m - around)),
    kinks: [around, ...bends.flatMap((k) => [around - k, around + k])],
  };
}

/**
 * A lower bound of loss(c) − loss(b) on deals [0, n), valid when every part's interval of b and
 * every paired interval of c − b at `level` covers (see the module comment).
 */
export function lossDifferenceBound(
  targets: readonly LossTarget[],
  c: CandidateData,
  b: CandidateData,
  n: number,
  level: number,
): number {
  let bound = 0;
  targets.forEach((t, i) => {
    const [pc, pb] = [c.targets[i]!, b.targets[i]!];
    const paired = pb.map((part, j) => {
      const { F, kinks } = partShortfall(t, part.around);
      const m = partInterval(part, n, level);
      const d = pairedInterval(pc[j]!, part, n, level);
      return leastIncrease(F, kinks, [m.lo, m.hi], [d.lo, d.hi]);
    });
    let least = Math.min(...paired);
    if (t.combine === 'gap') {
      const [ic, ib] = [targetInterval(t, pc, n, level), targetInterval(t, pb, n, level)];
      least = Math.max(least, shortfall(t, ic.lo) - shortfall(t, ib.hi));
    }
    bound += scaleOf(t) * least;
  });
  return bound;
}
