/**
 * The board floor (docs/rules.md §1 "A turn"): the frontier (`frontier.ts`) with the features on it.
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
import { Prospect } from './prospect.ts';
import type { ProspectView } from './prospect.ts';
import { majorityOf } from './majority.ts';
import type { SegmentField } from './segment-field.ts';
import type { FeatureScore } from './tables.ts';

/** The port of the neighbouring tile facing each port (`facingPort`). */
const FACING = Int8Array.from({ length: PORTS }, (_, p) => facingPort(p));

/**
 * The feature API: a position's features read-only. A feature is named by its root segment
 * (`find`); per feature its kind, segments, tiles and pennants (`members`, `tally`, `measure`), open
 * ends, completion, its occupants per player by meeple weight or by figure and its majority, and for
 * a field the completed and open cities it borders; a rule module's segment field (`SegmentField`) on
 * a segment, summed over a feature, and the occupied open features that carry it; and for a
 * placement of the drawn tile not made, the features it would form (`prospect`, `prospect.ts`).
 * Scoring, the hooks (`BoardView`) and the agents
 * (`AgentState`, `views.ts`) read the same methods.
 */
export type FeatureView = Pick<
  Board,
  | 'find'
  | 'segmentKind'
  | 'tileOf'
  | 'segmentsOf'
  | 'members'
  | 'measure'
  | 'tally'
  | 'figures'
  | 'isCompleted'
  | 'openEndsOf'
  | 'meeplesOn'
  | 'occupantOf'
  | 'meepleWeight'
  | 'meepleSegments'
  | 'completedCitiesOf'
  | 'citiesBordered'
  | 'neighboursOf'
  | 'closesFeature'
  | 'tilesLeft'
  | 'cellPattern'
  | 'fitsPattern'
  | 'fittingTiles'
  | 'openEndCells'
  | 'emptyCellsAround'
  | 'prospect'
  | 'fieldAt'
  | 'fieldSum'
  | 'majority'
  | 'openOccupiedWith'
>;

/** `Board.tally`'s answer (reused) and `closesFeature`'s working memory. */
const TALLY = new Int32Array(2);
const MONASTERIES = new Int32Array(9);
/** `Board.majority`'s working memory: meeples per player (more than any game's players). */
const PER_PLAYER = new Int32Array(32);

/** A meeple array read four segments at a time (a view of the same memory), or null when it does not divide so. */
function wordsOf(meeple: Int8Array): Int32Array | null {
  return meeple.byteOffset % 4 === 0 && meeple.length % 4 === 0
    ? new Int32Array(meeple.buffer, meeple.byteOffset, meeple.length / 4)
    : null;
}

export class Board<G extends BoardLayout = BoardLayout> extends Frontier<G> {
  /** `meeple` by words, for `meepleSegments` (made on first use). */
  private meepleWords: Int32Array | null | undefined = undefined;
  /** The answer of `prospect` (made on first use). */
  private prospects: Prospect | undefined = undefined;

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
    const root = Math.min(ra, rb);
    const child = Math.max(ra, rb);
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

  /** Catalog index of the type of placed tile `placed` (for a rule module's own table by tile type). */
  typeIndexOf(placed: number): number {
    return this.placedType[placed]!;
  }

  /** The id of segment `segment` (as numbered in its tile type) of placed tile `placed`. */
  segmentAt(placed: number, segment: number): number {
    return placed * this.game.segmentsPerTile + segment;
  }

  /** Grid cell of placed tile `placed` (`game.xOf`, `game.yOf` give its coordinates). */
  cellOf(placed: number): number {
    return this.placedCell[placed]!;
  }

  /** One more than the largest segment id a game of this size can have (for tables by segment or root). */
  segmentIdLimit(): number {
    return this.parent.length;
  }

  /** Meeple kind (0: the plain meeple) on segment g; 0 when there is none. */
  meepleKindOf(g: number): number {
    return this.meepleKind[g]!;
  }

  /** Whether `player` has a meeple of any kind in supply. */
  hasMeepleInHand(player: number): boolean {
    const players = this.game.players;
    for (let i = player; i < this.meeplesLeft.length; i += players) if (this.meeplesLeft[i]! > 0) return true;
    return false;
  }

  /** The root of the i-th feature completed this turn (i < `completedCount`, after scoring). */
  completedFeature(i: number): number {
    return this.completedThisTurn[i]!;
  }

  // ---- the feature API (`FeatureView`): read by scoring, hooks and agents -----------------------

  /** Whether feature `root` is completed (scored during the game; fields never are). */
  isCompleted(root: number): boolean {
    return this.done[root] !== 0;
  }

  /** Open ends of road or city `root` (0: closed). */
  openEndsOf(root: number): number {
    return this.openEnds[root]!;
  }

  /** How many meeples stand on feature `root` (figures, whatever their kind). */
  meeplesOn(root: number): number {
    return this.rootMeeples[root]!;
  }

  /** Who has a meeple on segment g: player + 1, or 0. */
  occupantOf(g: number): number {
    return this.meeple[g]!;
  }

  /** How many segments the placed tile has. */
  segmentsOf(placed: number): number {
    return this.game.segmentCount[this.placedType[placed]!]!;
  }

  /** How many of the 8 cells around placed tile `placed` hold a tile (a monastery's neighbours). */
  neighboursOf(placed: number): number {
    return this.neighbourCount(this.placedCell[placed]!);
  }

  /**
   * One walk over the segments of road or city `root`: returns [segments, pennants] (a reused array)
   * and adds each player's meeples by weight to `perPlayer`. Segments stand in for tiles (a feature
   * passing twice through a tile counts it twice: agents' estimates, cheaper than `measure`).
   */
  // hot path
  tally(root: number, perPlayer: Int32Array): Int32Array {
    const game = this.game;
    const S = game.segmentsPerTile;
    const pennants = game.segmentPennants;
    const weighted = game.weightedMeeples;
    let segments = 0;
    let flags = 0;
    let m = root;
    do {
      segments++;
      flags += pennants[this.placedType[(m / S) | 0]! * S + (m % S)]!;
      const owner = this.meeple[m]!;
      if (owner !== 0) perPlayer[owner - 1]! += weighted ? this.meepleWeight(m) : 1;
      m = this.next[m]!;
    } while (m !== root);
    TALLY[0] = segments;
    TALLY[1] = flags;
    return TALLY;
  }

  /** Adds to `perPlayer` each player's meeples on feature `root`, one each whatever their kind. */
  figures(root: number, perPlayer: Int32Array): void {
    let g = root;
    do {
      const owner = this.meeple[g]!;
      if (owner !== 0) perPlayer[owner - 1]! += 1;
      g = this.next[g]!;
    } while (g !== root);
  }

  /**
   * The distinct cities field `root` borders: completed ones into `counts[0]`, open ones into
   * `counts[1]`, and the open ones' roots into `open` when given (room for every city segment).
   */
  citiesBordered(root: number, counts: Int32Array, open?: Int32Array): void {
    const game = this.game;
    const S = game.segmentsPerTile;
    const scratch = game.scratch;
    const stamp = ++scratch.stamp;
    counts[0] = 0;
    counts[1] = 0;
    let g = root;
    do {
      const placed = (g / S) | 0;
      const i = this.placedType[placed]! * S + (g % S);
      for (let k = game.fieldCityStart[i]!; k < game.fieldCityStart[i + 1]!; k++) {
        const city = this.find(placed * S + game.fieldCities[k]!);
        if (scratch.rootStamp[city] === stamp) continue;
        scratch.rootStamp[city] = stamp;
        if (this.done[city] !== 0) counts[0]! += 1;
        else if (open) open[counts[1]!++] = city;
        else counts[1]! += 1;
      }
      g = this.next[g]!;
    } while (g !== root);
  }

  /** A rule module's segment field (`SegmentField`) on segment g of the board. */
  fieldAt(field: SegmentField, g: number): number {
    const S = this.game.segmentsPerTile;
    return field.of(this.placedType[(g / S) | 0]!, g % S);
  }

  /** The sum of a rule module's segment field over the segments of feature `root`. hot path */
  fieldSum(field: SegmentField, root: number): number {
    const S = this.game.segmentsPerTile;
    const values = field.values;
    let sum = 0;
    let g = root;
    do {
      sum += values[this.placedType[(g / S) | 0]! * S + (g % S)]!;
      g = this.next[g]!;
    } while (g !== root);
    return sum;
  }

  /** The players with the most meeples (by weight) on feature `root`, as a bit mask (`majorityOf`; 0: nobody). */
  majority(root: number): number {
    const players = this.game.players;
    PER_PLAYER.fill(0, 0, players);
    let g = root;
    do {
      const owner = this.meeple[g]!;
      if (owner !== 0) PER_PLAYER[owner - 1]! += this.meepleWeight(g);
      g = this.next[g]!;
    } while (g !== root);
    return majorityOf(PER_PLAYER, players);
  }

  /**
   * Writes into `out` the roots of the open features holding meeples that have a segment where
   * `field` is not 0, each once, in the order of their first such segment (by placed tile, then
   * segment); returns how many. `out` has room for `segmentIdLimit()` roots at most.
   */
  openOccupiedWith(field: SegmentField, out: Int32Array): number {
    const S = this.game.segmentsPerTile;
    const scratch = this.game.scratch;
    const stamp = ++scratch.stamp;
    let n = 0;
    for (let k = 0; k < this.placedCount; k++) {
      const type = this.placedType[k]!;
      if (!field.onType(type)) continue;
      for (let s = 0; s < S; s++) {
        if (field.of(type, s) === 0) continue;
        const root = this.find(k * S + s);
        if (this.done[root] !== 0 || this.rootMeeples[root] === 0 || scratch.rootStamp[root] === stamp) continue;
        scratch.rootStamp[root] = stamp;
        out[n++] = root;
      }
    }
    return n;
  }

  /** Writes the segments holding a meeple into `out` in increasing order; returns how many. hot path */
  meepleSegments(out: Int32Array): number {
    const meeple = this.meeple;
    const end = this.placedCount * this.game.segmentsPerTile;
    if (this.meepleWords === undefined) this.meepleWords = wordsOf(meeple);
    const words = this.meepleWords;
    let n = 0;
    for (let g = 0; g < end; g++) {
      if ((g & 3) === 0 && words !== null && words[g >> 2] === 0) {
        g += 3; // four segments without a meeple
        continue;
      }
      if (meeple[g] !== 0) out[n++] = g;
    }
    return n;
  }

  /** Whether the tile at placed index `placed`, just placed, closes a road, city or monastery (the turn's scoring still to come). */
  closesFeature(placed: number): boolean {
    const game = this.game;
    const S = game.segmentsPerTile;
    const type = this.placedType[placed]!;
    const end = game.closableStart[type + 1]!;
    for (let k = game.closableStart[type]!; k < end; k++)
      if (this.openEnds[this.find(placed * S + game.closable[k]!)] === 0) return true;
    return this.completeMonasteriesAround(this.placedCell[placed]!, MONASTERIES, 0) > 0;
  }

  /**
   * Legal placement `placement` of the drawn tile (phase PLACE) not made: the features the tile would
   * form (`prospect.ts`). The answer is reused by the next call. hot path
   */
  prospect(placement: number): ProspectView {
    if (this.prospects === undefined) this.prospects = new Prospect(this);
    this.prospects.read(placement);
    return this.prospects;
  }

  /** Human name of a segment in board orientation, e.g. `road:E+W`, `field:Ne+En`, `monastery`. */
  describeSegment(g: number): string {
    const placed = this.tileOf(g);
    const seg = this.typeOf(placed).segments[g % this.game.segmentsPerTile]!;
    const rot = this.placedRot[placed]!;
    const parts = seg.ports
      .map((p) => rotatePort(p, rot))
      .sort((a, b) => a - b)
      .map((p) => (p % 3 === 1 ? SIDES[sideOfPort(p)] : halfEdgeName(p)));
    return parts.length ? `${SEGMENT_KINDS[seg.kind]}:${parts.join('+')}` : `${SEGMENT_KINDS[seg.kind]}:${seg.name}`;
  }
}
