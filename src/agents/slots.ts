/**
 * What `PlacementPreview` reads of the frontier of the remembered position, per slot (frontier
 * cell): the remembered totals with each occupied monastery around the slot one neighbour richer
 * (NaN when a tile there would complete one). Read once per slot and position: what depends on the
 * slot, not on the rotation tried.
 */
import type { SpeedPathGame, SpeedPathState } from '../engine/index.ts';
import { advanceStamp } from './tallies.ts';

export class FrontierSlots {
  /** Per slot: `players` totals with the monasteries around (from `at(slot)`). */
  readonly totals: Float64Array;
  /** Per slot, the stamp of the position it was given its totals in. */
  private readonly totalsIn: Int32Array;
  private stamp = 0;
  /** The remembered totals of the position. */
  private before: Float64Array | undefined;

  constructor(
    private readonly game: SpeedPathGame,
    private readonly players: number,
  ) {
    const slots = 4 * game.maxTiles + 4;
    this.totals = new Float64Array(slots * players);
    this.totalsIn = new Int32Array(slots);
  }

  /**
   * A new position (phase PLACE) with remembered totals `before`. Each monastery not yet completed
   * that a tile beside it would pay (it is occupied: `monastery` points to its owner) or complete (7
   * neighbours: NaN) gives the frontier slots around it their totals, in the engine's order of
   * monasteries.
   */
  newPosition(state: SpeedPathState, before: Float64Array, monastery: number): void {
    this.stamp = advanceStamp(this.stamp, this.totalsIn);
    this.before = before;
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    for (let i = 0; i < state.monasteryCount; i++) {
      const k = state.monasteryTiles[i]!;
      const ms = k * S + game.monasterySegment[state.placedType[k]!]!;
      const cell = state.placedCell[k]!;
      const owner = state.meeple[ms]!;
      const closing = state.neighbourCount(cell) === 7;
      if (state.done[ms] !== 0 || (owner === 0 && !closing)) continue;
      for (let dy = -G; dy <= G; dy += G) {
        for (let dx = -1; dx <= 1; dx++) {
          const v = state.grid[cell + dy + dx]!;
          if (v >= 0) continue; // a tile or off the frontier
          const at = this.at(-v - 1);
          if (closing) this.totals[at] = NaN;
          else this.totals[at + owner - 1]! += monastery;
        }
      }
    }
  }

  /** The offset in `totals` of slot `slot`'s totals in the position (`newPosition`). */
  at(slot: number): number {
    const at = slot * this.players;
    if (this.totalsIn[slot] !== this.stamp) {
      this.totalsIn[slot] = this.stamp;
      for (let p = 0; p < this.players; p++) this.totals[at + p] = this.before![p]!;
    }
    return at;
  }
}
