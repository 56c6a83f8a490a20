/**
 * The frontier floor (docs/rules.md §1 "A turn"): the empty cells next to the placed tiles, each with
 * the edge pattern it requires (kept up to date by each placement: the placed tile adds its side to
 * the requirement of each empty neighbour), and the placements of a tile they admit — listed,
 * counted, or the n-th of the list without listing it. A frontier cell's grid entry is -(slot + 1).
 * Writes go through `record` so that checkpoints can undo them.
 */
import { neighbourOffset } from './geometry.ts';
import { J_FRONTIER, J_FRONTIER_REQ, J_GRID, Position } from './position.ts';
import type { PositionLayout } from './position.ts';
import type { Tables } from './tables.ts';

/** What a board needs of its game: the tables and the position's sizes. */
export type BoardLayout = Tables & PositionLayout;

export class Frontier<G extends BoardLayout = BoardLayout> extends Position {
  readonly game: G;

  protected constructor(game: G, deck: Int16Array, from?: Frontier<G>) {
    super(game, deck, from);
    this.game = game;
  }

  /** Orientation index (type * 4 + rotation) of a placed tile. */
  orientation(placed: number): number {
    return this.placedOrientation[placed]!;
  }

  /**
   * Takes the cell of a tile just placed in orientation `orientation` off the frontier (it was at
   * `slot`, or -1 for the start tile), adds its empty neighbours and adds the tile's sides to their
   * requirements. A frontier cell's grid entry is -(slot + 1).
   */
  protected updateFrontier(cell: number, slot: number, orientation: number): void {
    const G = this.game.gridSide;
    const sideEdge = this.game.sideEdge;
    const grid = this.grid;
    const frontier = this.frontier;
    const req = this.frontierReq;
    const journaled = this.journaling();
    if (slot >= 0) {
      const last = --this.frontierCount;
      if (slot !== last) {
        const moved = frontier[last]!;
        if (journaled) {
          this.record(J_FRONTIER, slot, frontier[slot]!);
          this.record(J_FRONTIER_REQ, slot, req[slot]!);
          this.record(J_GRID, moved, grid[moved]!);
        }
        frontier[slot] = moved;
        req[slot] = req[last]!;
        grid[moved] = -(slot + 1);
      }
    }
    for (let side = 0; side < 4; side++) {
      const nc = cell + neighbourOffset(side, G);
      const v = grid[nc]!;
      if (v > 0) continue;
      // The requirement is (mask << 8) | value, 2 bits per side of the empty cell (N, E, S, W from
      // the low bits): the tile is on the neighbour's opposite side, and its edge there is required.
      const shift = 2 * ((side + 2) & 3);
      const need = (3 << (8 + shift)) | (sideEdge[orientation * 4 + side]! << shift);
      let i: number;
      if (v < 0) {
        i = -v - 1;
        if (journaled) this.record(J_FRONTIER_REQ, i, req[i]!);
        req[i]! |= need;
      } else {
        // A cell off the frontier has no tile around it yet: this one is its only requirement.
        i = this.frontierCount++;
        if (journaled) {
          this.record(J_FRONTIER, i, frontier[i]!);
          this.record(J_GRID, nc, 0);
          this.record(J_FRONTIER_REQ, i, req[i]!);
        }
        frontier[i] = nc;
        grid[nc] = -(i + 1);
        req[i] = need;
      }
    }
  }

  /**
   * Writes every legal placement of tile `type` (cell * 4 + rotation) into `out`, frontier slot by
   * slot, rotations in increasing order; returns how many. `out` needs room for 4 per frontier cell:
   * each slot writes four entries and keeps those that fit (no branch per rotation: they mispredict).
   * hot path
   */
  placementsOf(type: number, out: Int32Array): number {
    const fitList = this.game.fitList;
    const t256 = type * 256;
    const frontier = this.frontier;
    const reqs = this.frontierReq;
    const count = this.frontierCount;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const list = fitList[t256 + (reqs[i]! & 255)]!;
      const c4 = frontier[i]! * 4;
      out[n] = c4 + (list & 3);
      out[n + 1] = c4 + ((list >> 2) & 3);
      out[n + 2] = c4 + ((list >> 4) & 3);
      out[n + 3] = c4 + ((list >> 6) & 3);
      n += list >> 8;
    }
    return n;
  }

  /** How many placements `placementsOf(type)` writes, counted without writing them. hot path */
  countPlacements(type: number): number {
    const fitList = this.game.fitList;
    const t256 = type * 256;
    const reqs = this.frontierReq;
    const count = this.frontierCount;
    let n = 0;
    for (let i = 0; i < count; i++) n += fitList[t256 + (reqs[i]! & 255)]! >> 8;
    return n;
  }

  /**
   * The placement at `index` of the list `placementsOf(type)` writes, found without writing it;
   * `total` is that list's length (`countPlacements(type)`), which lets it walk from the nearer end.
   * hot path
   */
  nthPlacement(type: number, index: number, total: number): number {
    const fitList = this.game.fitList;
    const t256 = type * 256;
    const reqs = this.frontierReq;
    if (2 * index < total) {
      for (let i = 0; ; i++) {
        const list = fitList[t256 + (reqs[i]! & 255)]!;
        const fitting = list >> 8;
        if (index < fitting) return this.frontier[i]! * 4 + ((list >> (2 * index)) & 3);
        index -= fitting;
      }
    }
    let after = total - 1 - index; // placements after the one sought
    for (let i = this.frontierCount - 1; ; i--) {
      const list = fitList[t256 + (reqs[i]! & 255)]!;
      const fitting = list >> 8;
      if (after < fitting) return this.frontier[i]! * 4 + ((list >> (2 * (fitting - 1 - after))) & 3);
      after -= fitting;
    }
  }

  /**
   * Writes into `out` (one entry per tile type) how many of the game's tiles of each type are not
   * placed yet: the deck's multiset less the tiles on the board (public: no draw order, and a tile
   * drawn but not yet placed still counts as to come).
   */
  tilesLeft(out: Int32Array): void {
    out.fill(0);
    const deck = this.deck;
    for (let i = 0; i < deck.length; i++) out[deck[i]!]! += 1;
    // The start tile (placed index 0) is not in the deck.
    for (let k = 1; k < this.placedCount; k++) out[this.placedType[k]!]! -= 1;
  }

  /**
   * How many of the tiles `tilesLeft` counts (per type) fit empty cell `cell` in some rotation: on the
   * frontier, those its neighbours' edges admit; off it (no tile beside it yet), all.
   */
  fittingTiles(cell: number, tilesLeft: Int32Array): number {
    const fits = this.game.fits;
    const pattern = this.cellPattern(cell);
    let n = 0;
    for (let t = 0; t < tilesLeft.length; t++)
      if (tilesLeft[t] !== 0 && fits[t * 256 + pattern] !== 0) n += tilesLeft[t]!;
    return n;
  }

  /** Whether a tile of type `type` fits, in some rotation, a cell requiring edge pattern `pattern` (`cellPattern`). */
  fitsPattern(type: number, pattern: number): boolean {
    return this.game.fits[type * 256 + pattern] !== 0;
  }

  /**
   * The edge pattern (0–255) that empty cell `cell` requires of a tile: what its placed neighbours'
   * sides ask (0 off the frontier). `fittingTiles` depends on the cell only through it, so a count
   * can be remembered by pattern while the tiles to come stay the same.
   */
  cellPattern(cell: number): number {
    const v = this.grid[cell]!;
    return v < 0 ? this.frontierReq[-v - 1]! & 255 : 0;
  }

  /**
   * Writes into `out` the distinct empty cells that the open ends of road or city `root` face (each
   * a frontier cell: `fittingTiles` counts what fits there); returns how many.
   */
  openEndCells(root: number, out: Int32Array): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    const segmentSides = game.segmentSides;
    let n = 0;
    let g = root;
    do {
      const placed = (g / S) | 0;
      let sides = segmentSides[this.placedOrientation[placed]! * S + (g % S)]!;
      const cell = this.placedCell[placed]!;
      for (let side = 0; sides !== 0; side++, sides >>= 1) {
        if ((sides & 1) === 0) continue;
        const c = cell + neighbourOffset(side, G);
        if (this.grid[c]! >= 0) continue;
        let known = false;
        for (let i = 0; i < n; i++) if (out[i] === c) known = true;
        if (!known) out[n++] = c;
      }
      g = this.next[g]!;
    } while (g !== root);
    return n;
  }

  /** Writes into `out` the empty cells among the 8 around placed tile `placed` (a monastery's missing neighbours); returns how many. */
  emptyCellsAround(placed: number, out: Int32Array): number {
    const G = this.game.gridSide;
    const cell = this.placedCell[placed]!;
    let n = 0;
    for (let dy = -G; dy <= G; dy += G)
      for (let dx = -1; dx <= 1; dx++)
        if ((dx !== 0 || dy !== 0) && this.grid[cell + dy + dx]! <= 0) out[n++] = cell + dy + dx;
    return n;
  }

  /** Whether tile `type` fits anywhere. hot path */
  hasPlacement(type: number): boolean {
    const fits = this.game.fits;
    const t256 = type * 256;
    const reqs = this.frontierReq;
    const count = this.frontierCount;
    for (let i = 0; i < count; i++) if (fits[t256 + (reqs[i]! & 255)] !== 0) return true;
    return false;
  }
}
