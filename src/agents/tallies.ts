/**
 * Small counting helpers of the evaluation and its placement preview: stamps for marks that need no
 * clearing, the majority of a feature's meeples, adding a worth to the majority, a margin.
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

/** Adds `worth` to each player in bit mask `players`. */
// hot path
export function addTo(out: Float64Array, players: number, worth: number): void {
  for (let p = 0; players !== 0; p++, players >>= 1) if (players & 1) out[p]! += worth;
}

/** The players (of the first `players`) with the most meeples in `perPlayer` as a bit mask (0 when nobody has one). */
export function majorityOf(perPlayer: Int32Array, players: number): number {
  let max = 0;
  for (let p = 0; p < players; p++) if (perPlayer[p]! > max) max = perPlayer[p]!;
  if (max === 0) return 0;
  let mask = 0;
  for (let p = 0; p < players; p++) if (perPlayer[p] === max) mask |= 1 << p;
  return mask;
}

/** `totals[me]` minus the largest other entry. */
// hot path
export function marginOf(totals: Float64Array, me: number): number {
  let best = -Infinity;
  for (let p = 0; p < totals.length; p++) if (p !== me && totals[p]! > best) best = totals[p]!;
  return totals[me]! - best;
}
