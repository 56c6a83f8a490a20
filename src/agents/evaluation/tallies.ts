/**
 * Small counting helpers of the evaluation and its placement preview: stamps for marks that need no
 * clearing, margins (over the best other entry, a smooth maximum of them, or their mean); the majority
 * of a feature's meeples and adding a worth to it, from the engine.
 */

/**
 * The stamp after `stamp` for marks kept in `marks` (and `more`), an entry being marked when it holds
 * the current stamp: before the count would overflow the marks are cleared and it starts again at 1.
 */
export function advanceStamp(stamp: number, marks: Int32Array, more?: Int32Array): number {
  return stamp + 1 < 0x7fffffff ? stamp + 1 : restartStamps(marks, more);
}

/** Clears the marks; returns the first stamp (kept out of `advanceStamp` so that it stays small enough to inline). */
function restartStamps(marks: Int32Array, more: Int32Array | undefined): number {
  marks.fill(0);
  more?.fill(0);
  return 1;
}

// The majority rule and adding to it are the engine's (`src/engine/majority.ts`).
export { addTo, majorityOf } from '../../engine/index.ts';

/** The largest entry of `totals` but `me`'s. */
// hot path
function bestOther(totals: Float64Array, me: number): number {
  let best = -Infinity;
  for (let p = 0; p < totals.length; p++) if (p !== me && totals[p]! > best) best = totals[p]!;
  return best;
}

/** `totals[me]` minus the largest other entry. */
// hot path
export function marginOf(totals: Float64Array, me: number): number {
  return totals[me]! - bestOther(totals, me);
}

/**
 * `totals[me]` minus a smooth maximum of the other entries: their log-mean-exp at temperature `t`,
 * m + t·ln(mean of exp((x − m) / t)) with m the largest of them. It nears their mean as `t` grows large
 * against their gaps, and their largest as `t` falls to 0; it lies between the two.
 */
// hot path
export function softMarginOf(totals: Float64Array, me: number, t: number): number {
  const best = bestOther(totals, me);
  let sum = 0;
  for (let p = 0; p < totals.length; p++) if (p !== me) sum += Math.exp((totals[p]! - best) / t);
  return totals[me]! - best - t * Math.log(sum / (totals.length - 1));
}

/** `totals[me]` minus the mean of the other entries. */
export function meanMarginOf(totals: Float64Array, me: number): number {
  let others = 0;
  for (let p = 0; p < totals.length; p++) if (p !== me) others += totals[p]!;
  return totals[me]! - others / (totals.length - 1);
}
