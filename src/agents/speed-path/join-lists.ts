/**
 * A placement's joins to the features on the board, listed per feature of the tile (`PlacementPreview`):
 * the first join of a prospect to each board feature (`ProspectView.joinFirst`), linked per
 * representative tile segment in join order, so that what a feature joins is read without scanning
 * every join of the tile for each of its features.
 */
import type { ProspectView } from '../../engine/index.ts';

/** At most this many segments on a tile, and joins of a placement (one per port). */
const MAX_SEGMENTS = 32;
const MAX_JOINS = 12;

export class JoinLists {
  /** Per representative tile segment, its first join (-1: none); per join, the next of the same representative. */
  readonly first = new Int32Array(MAX_SEGMENTS);
  readonly next = new Int32Array(MAX_JOINS);

  /** Lists the first joins of `prospect` per representative. */
  link(prospect: ProspectView): void {
    const group = prospect.group;
    for (let s = 0; s < prospect.count; s++) this.first[s] = -1;
    for (let j = prospect.joins - 1; j >= 0; j--) {
      if (prospect.joinFirst[j] === 0) continue;
      const g = group[prospect.joinSegment[j]!]!;
      this.next[j] = this.first[g]!;
      this.first[g] = j;
    }
  }
}
