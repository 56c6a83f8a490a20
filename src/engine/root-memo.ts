/**
 * What a module preview keeps of the board from one position to the next. Module previews ask the
 * same questions of a joined feature (has it an inn, a labyrinth? its tolls?) for many candidate
 * placements of one turn and of the turns after: an answer holds while the feature does not change,
 * and a feature changes only when a tile placed joins it. `FeatureTrail` says, at each new position
 * (the preview's `remember`), which features the tiles placed since the last one joined, or that
 * nothing holds when the position does not follow from it (`followsFrom`); `RootMemo` is a yes/no per
 * feature kept that way.
 */
import type { PreviewView } from './expansion.ts';

export class FeatureTrail {
  /** The count of positions seen: stamps what is read in a position. */
  stamp = 0;
  /** What was stamped before this is stale. */
  keptFrom = 1;
  /** The last position: its id and tiles. */
  private positionId = -1;
  private placed = 0;
  /** The length of the owner's tables indexed by segment id (they grow with the board's segment ids). */
  private room = 0;

  /**
   * A new position: calls `changed(root)` for the root of each feature a tile placed since the last
   * position joined when it follows from it and the owner's tables fit the board; else makes
   * everything stamped before stale. Returns the length the owner's tables indexed by segment id must
   * grow to (`segmentIdLimit`, nothing in them kept), or 0 when they fit.
   */
  next(state: PreviewView, changed: (root: number) => void): number {
    const limit = state.segmentIdLimit();
    const keep = this.room >= limit;
    this.stamp++;
    if (keep && state.followsFrom(this.positionId, this.placed)) {
      const segmentCount = state.game.segmentCount;
      for (let k = this.placed; k < state.placedCount; k++)
        for (let s = 0; s < segmentCount[state.typeIndexOf(k)]!; s++) changed(state.find(state.segmentAt(k, s)));
    } else {
      this.keptFrom = this.stamp;
    }
    this.positionId = state.positionId;
    this.placed = state.placedCount;
    if (keep) return 0;
    this.room = limit;
    return limit;
  }
}

/** A yes/no per feature representative, worked out at most once and kept while the feature does not change. */
export class RootMemo {
  /** Per representative: the stamp its answer was worked out at (0: its feature changed since). */
  private at = new Int32Array(0);
  private answer = new Uint8Array(0);
  private readonly trail = new FeatureTrail();
  private readonly changed = (root: number): void => {
    this.at[root] = 0;
  };

  constructor(private readonly ask: (state: PreviewView, root: number) => boolean) {}

  /** A new position: the answers of changed features are stale (room grows with the board's segment ids). */
  forget(state: PreviewView): void {
    const grow = this.trail.next(state, this.changed);
    if (grow > 0) {
      this.at = new Int32Array(grow);
      this.answer = new Uint8Array(grow);
    }
  }

  /** The answer for representative `root` in the position since the last `forget`. */
  of(state: PreviewView, root: number): boolean {
    if (this.at[root]! < this.trail.keptFrom) {
      this.at[root] = this.trail.stamp;
      this.answer[root] = this.ask(state, root) ? 1 : 0;
    }
    return this.answer[root] === 1;
  }
}
