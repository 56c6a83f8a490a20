/**
 * The checkpoint journal's vocabulary (see `State.checkpoint`): which big array a logged write went
 * to, and a checkpoint's copy of the small arrays and scalars (those are copied, not journaled).
 */

// Journal entry codes: which big array a logged write went to.
export const J_PARENT = 0;
export const J_OPEN_ENDS = 1;
export const J_ROOT_MEEPLES = 2;
export const J_NEXT = 3;
export const J_MEEPLE = 4;
export const J_DONE = 5;
export const J_GRID = 6;
export const J_FRONTIER = 7;
export const J_FRONTIER_REQ = 8;

/** A checkpoint's copy of the small arrays and scalars (the big arrays are journaled instead). */
export class Saved {
  journalLength = 0;
  scalars = new Float64Array(10);
  constructor(
    readonly scores: Int32Array,
    readonly meeplesLeft: Int8Array,
    readonly ext: Int32Array,
    readonly stats: Float64Array,
  ) {}
}
