/**
 * What `PlacementPreview` reads of the frontier of the remembered position, per slot (frontier
 * cell): the change the occupied monasteries around the slot make to the remembered totals when a
 * tile is placed there — one more neighbour, or for one with 7 its completion: it is scored (9 tiles
 * at the completed rate) instead of expected, and its meeple comes back. Read once per slot and
 * position: what depends on the slot, not on the rotation tried. Only the slots beside such a
 * monastery have entries (`changes`); a tile elsewhere leaves the remembered totals as they are.
 */
import type { SpeedPathGame, SpeedPathState } from '../../engine/index.ts';
import type { RememberingEvaluator } from './remembered.ts';
import { advanceStamp } from '../evaluation/tallies.ts';

export class FrontierSlots {
  /** Per slot with entries (`changes`): `players` totals with the monasteries around, from `slot * players`. */
  readonly totals: Float64Array;
  /** Per slot and player, the meeples coming back from the monasteries a tile there completes: plain ones, other kinds. */
  readonly back: Int32Array;
  readonly backOther: Int32Array;
  /** Per slot: 1 when a meeple comes back. */
  readonly anyBack: Uint8Array;
  /** Per slot, the stamp of the position it was given its entries in. */
  private readonly totalsIn: Int32Array;
  private stamp = 0;
  /** The remembered totals of the position. */
  private before: Float64Array | undefined;

  constructor(
    private readonly game: SpeedPathGame,
    private readonly evaluator: RememberingEvaluator,
  ) {
    const slots = 4 * game.maxTiles + 4;
    this.totals = new Float64Array(slots * game.players);
    this.back = new Int32Array(slots * game.players);
    this.backOther = new Int32Array(slots * game.players);
    this.anyBack = new Uint8Array(slots);
    this.totalsIn = new Int32Array(slots);
  }

  /**
   * A new position (phase PLACE) with remembered totals `before`. Each occupied monastery not yet
   * completed changes the totals of the frontier slots around it, in the engine's order of monasteries.
   */
  newPosition(state: SpeedPathState, before: Float64Array): void {
    this.stamp = advanceStamp(this.stamp, this.totalsIn);
    this.before = before;
    const game = this.game;
    const evaluator = this.evaluator;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    // A monastery with 7 neighbours is completed: it pays 9 tiles instead of its expected 8.
    const completion = 9 * evaluator.completedMonastery - 8 * evaluator.monastery;
    for (let i = 0; i < state.monasteryCount; i++) {
      const k = state.monasteryTiles[i]!;
      const ms = k * S + game.monasterySegment[state.placedType[k]!]!;
      const owner = state.meeple[ms]!;
      if (state.done[ms] !== 0 || owner === 0) continue;
      const cell = state.placedCell[k]!;
      const closing = state.neighbourCount(cell) === 7;
      for (let dy = -G; dy <= G; dy += G) {
        for (let dx = -1; dx <= 1; dx++) {
          const v = state.grid[cell + dy + dx]!;
          if (v >= 0) continue; // a tile or off the frontier
          const slot = -v - 1;
          const at = this.entries(slot);
          if (!closing) {
            this.totals[at + owner - 1]! += evaluator.monastery;
            continue;
          }
          this.totals[at + owner - 1]! += completion;
          (state.meepleKind[ms] === 0 ? this.back : this.backOther)[at + owner - 1]! += 1;
          this.anyBack[slot] = 1;
        }
      }
    }
  }

  /** Whether slot `slot` has entries in the position: a tile there changes a monastery around. */
  changes(slot: number): boolean {
    return this.totalsIn[slot] === this.stamp;
  }

  /** The offset in `totals`, `back` and `backOther` of slot `slot`'s entries, made in this position if need be. */
  private entries(slot: number): number {
    const players = this.game.players;
    const at = slot * players;
    if (this.totalsIn[slot] !== this.stamp) {
      this.totalsIn[slot] = this.stamp;
      for (let p = 0; p < players; p++) {
        this.totals[at + p] = this.before![p]!;
        this.back[at + p] = 0;
        this.backOther[at + p] = 0;
      }
      this.anyBack[slot] = 0;
    }
    return at;
  }
}
