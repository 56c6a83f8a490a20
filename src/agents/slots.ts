/**
 * What `PlacementPreview` reads of the frontier of the remembered position, per slot (frontier
 * cell): the ports a tile placed there would join — each port with a neighbour's segment across it —
 * with the roots of those segments' features, and the remembered totals with each occupied monastery
 * around the slot one neighbour richer (NaN when a tile there would complete one). Read once per
 * slot and position: what depends on the slot, not on the rotation tried.
 */
import { PORTS, facingPort, neighbourOffset } from '../engine/index.ts';
import type { SpeedPathGame, SpeedPathState } from '../engine/index.ts';
import { advanceStamp } from './tallies.ts';

/** The port of the neighbouring tile facing each port. */
const FACING = Int8Array.from({ length: PORTS }, (_, p) => facingPort(p));

export class FrontierSlots {
  /** Per slot, its joinable ports from `slot * PORTS`: `count` of them, their port and the root of the feature across. */
  readonly count: Int32Array;
  readonly port: Int32Array;
  readonly root: Int32Array;
  /** Per slot: `players` totals with the monasteries around. */
  readonly totals: Float64Array;
  // Per slot, stamps of the position: read in it; given its totals (a monastery is around).
  private readonly readIn: Int32Array;
  private readonly totalsIn: Int32Array;
  private stamp = 0;
  /** The remembered totals of the position. */
  private before: Float64Array | undefined;

  constructor(
    private readonly game: SpeedPathGame,
    private readonly players: number,
  ) {
    const slots = 4 * game.maxTiles + 4;
    this.count = new Int32Array(slots);
    this.port = new Int32Array(slots * PORTS);
    this.root = new Int32Array(slots * PORTS);
    this.totals = new Float64Array(slots * players);
    this.readIn = new Int32Array(slots);
    this.totalsIn = new Int32Array(slots);
  }

  /**
   * A new position (phase PLACE) with remembered totals `before`: the slots read are stale. Each
   * monastery not yet completed that a tile beside it would pay (it is occupied: `monastery` points
   * to its owner) or complete (7 neighbours: NaN) gives the frontier slots around it their totals,
   * in the engine's order of monasteries.
   */
  newPosition(state: SpeedPathState, before: Float64Array, monastery: number): void {
    this.stamp = advanceStamp(this.stamp, this.readIn, this.totalsIn);
    this.before = before;
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    const players = this.players;
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
          const at = (-v - 1) * players;
          if (this.totalsIn[-v - 1] !== this.stamp) {
            this.totalsIn[-v - 1] = this.stamp;
            for (let p = 0; p < players; p++) this.totals[at + p] = before[p]!;
          }
          if (closing) this.totals[at] = NaN;
          else this.totals[at + owner - 1]! += monastery;
        }
      }
    }
  }

  /** Reads slot `slot` of the position (`newPosition`) unless read already; returns its offset in `port`/`root`. */
  read(state: SpeedPathState, slot: number): number {
    const at = slot * PORTS;
    if (this.readIn[slot] === this.stamp) return at;
    this.readIn[slot] = this.stamp;
    if (this.totalsIn[slot] !== this.stamp)
      for (let p = 0; p < this.players; p++) this.totals[slot * this.players + p] = this.before![p]!;
    const cell = state.frontier[slot]!;
    const game = this.game;
    const S = game.segmentsPerTile;
    let n = at;
    for (let side = 0; side < 4; side++) {
      const k = state.grid[cell + neighbourOffset(side, game.gridSide)]! - 1;
      if (k < 0) continue;
      const k12 = state.orientation(k) * PORTS;
      for (let p = side * 3; p < side * 3 + 3; p++) {
        const s2 = game.portSegment[k12 + FACING[p]!]!;
        if (s2 < 0) continue;
        this.port[n] = p;
        this.root[n++] = state.find(k * S + s2);
      }
    }
    this.count[slot] = n - at;
    return at;
  }
}
