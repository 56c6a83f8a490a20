/**
 * The board floor (`RULES.md` §1 "A turn"): the frontier (`frontier.ts`) with the features on it.
 * Placing a tile joins its segments to its neighbours' features — a union-find over tile segments
 * (segment id g = placedIndex * S + s) with per-root open-end and meeple counts and a circular member
 * list — and updates the frontier. Neighbourhood and feature queries (members, size and occupation,
 * bordering cities, monastery surroundings) read it. Writes go through `record` so that checkpoints
 * can undo them. No rules: points and turns live on the floors above.
 */
import { SEG_CITY, SEG_MONASTERY, SEG_ROAD, SEGMENT_KINDS } from './catalog/types.ts';
import type { TileType } from './catalog/types.ts';
import { Frontier } from './frontier.ts';
import type { BoardLayout } from './frontier.ts';
import { PORTS, SIDES, facingPort, halfEdgeName, neighbourOffset, rotatePort, sideOfPort } from './geometry.ts';
import { J_GRID, J_NEXT, J_OPEN_ENDS, J_PARENT, J_ROOT_MEEPLES } from './position.ts';
import type { FeatureScore } from './tables.ts';

/** The port of the neighbouring tile facing each port (`facingPort`). */
const FACING = Int8Array.from({ length: PORTS }, (_, p) => facingPort(p));

export class Board<G extends BoardLayout = BoardLayout> extends Frontier<G> {
  // ---- placement ---------------------------------------------------------------------------------

  /** Places a tile and joins its segments to the neighbours'; returns its placed index. */
  protected placeTile(type: number, cell: number, rotation: number): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    const i = this.placedCount++;
    const slot = this.grid[cell]! < 0 ? -this.grid[cell]! - 1 : -1;
    this.record(J_GRID, cell, this.grid[cell]!);
    this.grid[cell] = i + 1;
    this.placedType[i] = type;
    this.placedRot[i] = rotation;
    this.placedOrientation[i] = type * 4 + rotation;
    this.placedCell[i] = cell;
    this.placedFrom[i] = this.positionId;
    if (game.monasterySegment[type]! >= 0) this.monasteryTiles[this.monasteryCount++] = i;
    const base = i * S;
    const count = game.segmentCount[type]!;
    for (let s = 0; s < count; s++) {
      const g = base + s;
      this.parent[g] = g;
      this.next[g] = g;
      this.openEnds[g] = game.segmentPorts[type * S + s]!;
    }
    const o12 = (type * 4 + rotation) * PORTS;
    const portSegment = game.portSegment;
    const kinds = game.segmentKind;
    for (let side = 0; side < 4; side++) {
      const k = this.grid[cell + neighbourOffset(side, G)]! - 1;
      if (k < 0) continue;
      const k12 = this.orientation(k) * PORTS;
      for (let p = side * 3; p < side * 3 + 3; p++) {
        const s = portSegment[o12 + p]!;
        if (s < 0) continue;
        const s2 = portSegment[k12 + FACING[p]!]!;
        if (s2 >= 0) this.join(base + s, k * S + s2, kinds[type * S + s]!);
      }
    }
    this.updateFrontier(cell, slot, type * 4 + rotation);
    return i;
  }

  // ---- union-find ------------------------------------------------------------------------------

  find(g: number): number {
    const parent = this.parent;
    if (this.journaling()) {
      // No path compression under a checkpoint: the journal then only holds real joins.
      while (parent[g] !== g) g = parent[g]!;
      return g;
    }
    while (parent[g] !== g) {
      const p = parent[parent[g]!]!;
      parent[g] = p;
      g = p;
    }
    return g;
  }

  /** Joins the features of segments a and b, of kind `kind`. */
  private join(a: number, b: number, kind: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    const closes = kind === SEG_ROAD || kind === SEG_CITY;
    const journaled = this.journaling();
    if (ra === rb) {
      if (closes) {
        if (journaled) this.record(J_OPEN_ENDS, ra, this.openEnds[ra]!);
        this.openEnds[ra]! -= 2;
      }
      return;
    }
    const root = ra < rb ? ra : rb;
    const child = ra < rb ? rb : ra;
    const meeples = this.rootMeeples[child]!;
    if (journaled) {
      this.record(J_PARENT, child, child);
      if (closes) this.record(J_OPEN_ENDS, root, this.openEnds[root]!);
      if (meeples !== 0) this.record(J_ROOT_MEEPLES, root, this.rootMeeples[root]!);
      this.record(J_NEXT, root, this.next[root]!);
      this.record(J_NEXT, child, this.next[child]!);
    }
    this.parent[child] = root;
    if (closes) this.openEnds[root] = this.openEnds[ra]! + this.openEnds[rb]! - 2;
    if (meeples !== 0) this.rootMeeples[root]! += meeples;
    const t = this.next[root]!;
    this.next[root] = this.next[child]!;
    this.next[child] = t;
  }

  // ---- queries -----------------------------------------------------------------------------------

  /** Kind of segment g (`SEG_ROAD` …). */
  segmentKind(g: number): number {
    const S = this.game.segmentsPerTile;
    return this.game.segmentKind[this.placedType[(g / S) | 0]! * S + (g % S)]!;
  }

  /** Placed index of the tile segment g belongs to. */
  tileOf(g: number): number {
    return (g / this.game.segmentsPerTile) | 0;
  }

  /** Catalog tile type of a placed tile. */
  typeOf(placed: number): TileType {
    return this.game.catalog.types[this.placedType[placed]!]!;
  }

  /** Placed index at (x, y), or -1. */
  tileAt(x: number, y: number): number {
    if (!this.game.onGrid(x, y)) return -1;
    const v = this.grid[this.game.cellOf(x, y)]!;
    return v > 0 ? v - 1 : -1;
  }

  /** Writes the segments of feature `root` into `out`; returns how many. */
  members(root: number, out: Int32Array): number {
    let n = 0;
    let g = root;
    do {
      out[n++] = g;
      g = this.next[g]!;
    } while (g !== root);
    return n;
  }

  /**
   * Writes the segments of neighbouring tiles that segment g touches through its own edge ports;
   * returns how many (a road segment has one per connected edge).
   */
  segmentsAcross(g: number, out: Int32Array): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const placed = this.tileOf(g);
    const rot = this.placedRot[placed]!;
    const cell = this.placedCell[placed]!;
    let n = 0;
    for (const printed of this.typeOf(placed).segments[g % S]!.ports) {
      const port = rotatePort(printed, rot);
      const k = this.grid[cell + neighbourOffset(sideOfPort(port), game.gridSide)]! - 1;
      if (k < 0) continue;
      const s2 = game.portSegment[this.orientation(k) * PORTS + facingPort(port)]!;
      if (s2 >= 0) out[n++] = k * S + s2;
    }
    return n;
  }

  /** Number of the 8 cells around a cell that hold a tile. */
  neighbourCount(cell: number): number {
    const G = this.game.gridSide;
    let n = 0;
    for (let dy = -G; dy <= G; dy += G) {
      for (let dx = -1; dx <= 1; dx++) if ((dx !== 0 || dy !== 0) && this.grid[cell + dy + dx]! > 0) n++;
    }
    return n;
  }

  /**
   * Writes from `out[at]` the monasteries on `cell` and its 8 neighbours that are surrounded but not
   * yet scored, in increasing cell order; returns the new end of `out`. Visits the placed monasteries
   * (a few) rather than the 9 cells.
   */
  completeMonasteriesAround(cell: number, out: Int32Array, at: number): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    const start = at;
    for (let m = 0; m < this.monasteryCount; m++) {
      const k = this.monasteryTiles[m]!;
      const c = this.placedCell[k]!;
      // c = cell + dy * G + dx with dy, dx in {-1, 0, 1} exactly when d = (dy + 1) * G + dx + 1 is in [0, 2G + 2] with d % G ≤ 2.
      const d = c - cell + G + 1;
      if (d < 0 || d > 2 * G + 2 || d % G > 2) continue;
      const g = k * S + game.monasterySegment[this.placedType[k]!]!;
      if (this.done[g] !== 0 || this.neighbourCount(c) !== 8) continue;
      let j = at++;
      for (; j > start && this.placedCell[(out[j - 1]! / S) | 0]! > c; j--) out[j] = out[j - 1]!;
      out[j] = g;
    }
    return at;
  }

  /** Fills `f` with the size and occupation of feature `root` (tiles counted once each, pennants, meeples per player by weight, figures in `meeples`; no points). */
  measure(root: number, f: FeatureScore): void {
    const game = this.game;
    const S = game.segmentsPerTile;
    const scratch = game.scratch;
    f.root = root;
    f.kind = this.segmentKind(root);
    f.bonus = 0;
    f.bonusSource = -1; // none until a `scoreFeature` hook sets a bonus and its source
    f.perPlayer.fill(0);
    f.meeples = 0;
    f.pennants = 0;
    f.cities = 0;
    if (f.kind === SEG_MONASTERY) {
      f.tiles = 1 + this.neighbourCount(this.placedCell[this.tileOf(root)]!);
    } else {
      const stamp = ++scratch.stamp;
      let tiles = 0;
      let g = root;
      do {
        const placed = (g / S) | 0;
        if (scratch.tileStamp[placed] !== stamp) {
          scratch.tileStamp[placed] = stamp;
          tiles++;
        }
        f.pennants += game.segmentPennants[this.placedType[placed]! * S + (g % S)]!;
        g = this.next[g]!;
      } while (g !== root);
      f.tiles = tiles;
    }
    const weighted = game.weightedMeeples;
    let g = root;
    do {
      const owner = this.meeple[g]!;
      if (owner !== 0) {
        f.perPlayer[owner - 1]! += weighted ? game.meepleWeights[this.meepleKind[g]!]! : 1;
        f.meeples++;
      }
      g = this.next[g]!;
    } while (g !== root);
  }

  /** What the meeple on segment g counts in a majority (its kind's weight; 0 when there is none). */
  meepleWeight(g: number): number {
    return this.meeple[g] === 0 ? 0 : this.game.meepleWeights[this.meepleKind[g]!]!;
  }

  /** Completed cities the field `root` borders; fills `perPlayer` with its farmers per player. hot path */
  completedCitiesOf(root: number, perPlayer: Int32Array): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const scratch = game.scratch;
    const stamp = ++scratch.stamp;
    const weighted = game.weightedMeeples;
    perPlayer.fill(0);
    let cities = 0;
    let g = root;
    do {
      const placed = (g / S) | 0;
      const owner = this.meeple[g]!;
      if (owner !== 0) perPlayer[owner - 1]! += weighted ? game.meepleWeights[this.meepleKind[g]!]! : 1;
      const i = this.placedType[placed]! * S + (g % S);
      for (let k = game.fieldCityStart[i]!; k < game.fieldCityStart[i + 1]!; k++) {
        const city = this.find(placed * S + game.fieldCities[k]!);
        if (this.done[city] === 1 && scratch.rootStamp[city] !== stamp) {
          scratch.rootStamp[city] = stamp;
          cities++;
        }
      }
      g = this.next[g]!;
    } while (g !== root);
    return cities;
  }

  /** Human name of a segment in board orientation, e.g. `road:E+W`, `field:Ne+En`, `monastery`. */
  describeSegment(g: number): string {
    const placed = this.tileOf(g);
    const seg = this.typeOf(placed).segments[g % this.game.segmentsPerTile]!;
    const rot = this.placedRot[placed]!;
    const parts = seg.ports.map((p) => rotatePort(p, rot)).sort((a, b) => a - b)
      .map((p) => (p % 3 === 1 ? SIDES[sideOfPort(p)] : halfEdgeName(p)));
    return parts.length ? `${SEGMENT_KINDS[seg.kind]}:${parts.join('+')}` : `${SEGMENT_KINDS[seg.kind]}:${seg.name}`;
  }
}
