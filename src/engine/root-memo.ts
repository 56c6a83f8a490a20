/**
 * A yes/no per feature representative, worked out at most once per position. Module previews ask the
 * same question of a joined feature (has it an inn, a labyrinth?) for many candidate placements of one
 * turn; `forget` at the start of each position (the preview's `remember`) drops the answers.
 */
import type { BoardView } from './expansion.ts';

export class RootMemo {
  /** Per representative: the position stamp its answer was worked out at. */
  private at = new Int32Array(0);
  private answer = new Uint8Array(0);
  private stamp = 0;

  constructor(private readonly ask: (state: BoardView, root: number) => boolean) {}

  /** A new position: every earlier answer is stale (room grows with the board's segment ids). */
  forget(state: BoardView): void {
    const limit = state.segmentIdLimit();
    if (this.at.length < limit) {
      this.at = new Int32Array(limit);
      this.answer = new Uint8Array(limit);
    }
    this.stamp++;
  }

  /** The answer for representative `root` in the position since the last `forget`. */
  of(state: BoardView, root: number): boolean {
    if (this.at[root] !== this.stamp) {
      this.at[root] = this.stamp;
      this.answer[root] = this.ask(state, root) ? 1 : 0;
    }
    return this.answer[root] === 1;
  }
}
