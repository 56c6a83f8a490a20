/**
 * What `PlacementPreview` reads of the frontier of the remembered position, per slot (frontier
 * cell): the ports a tile placed there would join — each port with a neighbour's segment across it —
 * with the roots of those segments' features, and the remembered totals with each occupied monastery
 * around the slot one neighbour richer (NaN when a tile there would complete one). Read once per
 * slot and position: what depends on the slot, not on the rotation tried.
 */
import { PORTS, facingPort, neighbourOffset } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { advanceStamp } from './tallies.ts';

/** The port of the neighbouring tile facing each port. */
const FACING = Int8Array.from({ length: PORTS }, (_, p) => facingPort(p));

export class FrontierSlots {
  /** Per slot, its joinable ports from `slot * PORTS`: `count` of them, their port and the root of the feature across. */
  readonly count: Int32Array;
  readonly port: Int32Array;
  readonly root: Int32Array;
  /** Per slot: `players` totals with the monasteries around (`monasteriesAround`). */
  readonly totals: Float64Array;
  /** Per slot: stamp of the position it was read in. */
  private readonly readIn: Int32Array;
  private stamp = 0;
  // The position's monasteries not yet completed: cell coordinates, neighbours, owner + 1 or 0.
  private readonly monasteryX: Int32Array;
  private readonly monasteryY: Int32Array;
  private readonly monasteryNeighbours: Int32Array;
  private readonly monasteryOwner: Int32Array;
  private monasteryCount = 0;

  constructor(private readonly game: Game, private readonly players: number) {
    const slots = 4 * game.maxTiles + 4;
    this.count = new Int32Array(slots);
    this.port = new Int32Array(slots * PORTS);
    this.root = new Int32Array(slots * PORTS);
    this.totals = new Float64Array(slots * players);
    this.readIn = new Int32Array(slots);
    this.monasteryX = new Int32Array(game.maxTiles);
    this.monasteryY = new Int32Array(game.maxTiles);
    this.monasteryNeighbours = new Int32Array(game.maxTiles);
    this.monasteryOwner = new Int32Array(game.maxTiles);
  }

  /** A new position (phase PLACE): the slots read are stale; lists its monasteries not yet completed. */
  newPosition(state: State): void {
    this.stamp = advanceStamp(this.stamp, this.readIn);
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    this.monasteryCount = 0;
    for (let i = 0; i < state.monasteryCount; i++) {
      const k = state.monasteryTiles[i]!;
      const ms = game.monasterySegment[state.placedType[k]!]!;
      if (state.done[k * S + ms] !== 0) continue;
      const cell = state.placedCell[k]!;
      const m = this.monasteryCount++;
      this.monasteryX[m] = cell % G;
      this.monasteryY[m] = (cell / G) | 0;
      this.monasteryNeighbours[m] = state.neighbourCount(cell);
      this.monasteryOwner[m] = state.meeple[k * S + ms]!;
    }
  }

  /** Reads slot `slot` of the position (`newPosition`) unless read already, with its totals from `before`; returns its offset in `port`/`root`. */
  read(state: State, slot: number, before: Float64Array, monastery: number): number {
    const at = slot * PORTS;
    if (this.readIn[slot] === this.stamp) return at;
    this.readIn[slot] = this.stamp;
    const cell = state.frontier[slot]!;
    this.monasteriesAround(cell, slot, before, monastery);
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

  /** Writes slot `slot`'s totals: `before`, each occupied monastery around `cell` `monastery` points richer; NaN when one has 7 neighbours. */
  private monasteriesAround(cell: number, slot: number, before: Float64Array, monastery: number): void {
    const out = this.totals;
    const at = slot * this.players;
    for (let p = 0; p < this.players; p++) out[at + p] = before[p]!;
    const G = this.game.gridSide;
    const x = cell % G;
    const y = (cell / G) | 0;
    for (let m = 0; m < this.monasteryCount; m++) {
      const dx = this.monasteryX[m]! - x;
      const dy = this.monasteryY[m]! - y;
      if (dx < -1 || dx > 1 || dy < -1 || dy > 1) continue;
      if (this.monasteryNeighbours[m] === 7) {
        out[at] = NaN;
        return;
      }
      const owner = this.monasteryOwner[m]!;
      if (owner !== 0) out[at + owner - 1]! += monastery;
    }
  }
}
