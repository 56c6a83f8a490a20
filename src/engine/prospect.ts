/**
 * A placement not made: the feature API's answer for placing the drawn tile (`Board.prospect`).
 * Which of the tile's segments would be one feature, which features on the board each would join,
 * and per feature its open ends and meeples after the placement — read off the union-find, nothing
 * written. The joining is the board's (`Board.placeTile`): a tile segment joins the feature of the
 * neighbour's segment facing it across a side, and each joined pair of road or city ports closes two
 * open ends. Agents value placements by it without making them (`src/agents/speed-path/preview.ts`), and the
 * rule modules' `preview` hooks read it (`ExpansionHooks.preview`); the differential test
 * `test/agents/preview.test.ts` holds both to the placement made.
 */
import { MAX_SEGMENTS_PER_TILE } from './catalog/compile.ts';
import { SEG_CITY, SEG_MONASTERY, SEG_ROAD } from './catalog/types.ts';
import { PORTS, facingPort, neighbourOffset } from './geometry.ts';
import type { BoardLayout, Frontier } from './frontier.ts';
import type { FeatureScore, Tables } from './tables.ts';

/** A typed array read, not written (entries and length only). */
interface ReadonlyNumbers {
  readonly [index: number]: number;
  readonly length: number;
}

/** The port of the neighbouring tile facing each port. */
const FACING = Int8Array.from({ length: PORTS }, (_, p) => facingPort(p));

/** What a prospect reads of its board: the frontier, the grid, the union-find and its game's tables. */
type ProspectBoard = Frontier<BoardLayout & Pick<Tables, 'scratch'>> & {
  find(g: number): number;
  neighbourCount(cell: number): number;
};

/** A placement's prospect as agents and hooks read it. */
export interface ProspectView {
  /** The placement (cell * 4 + rotation), the drawn tile's type, the placed index the tile would get, its segments. */
  readonly placement: number;
  readonly type: number;
  readonly placed: number;
  readonly count: number;
  /** Per tile segment: its feature after the placement, named by the feature's smallest tile segment (its representative). */
  readonly group: ReadonlyNumbers;
  /** Whether two of the tile's segments are one feature (through a feature across): else each is its own representative. */
  readonly linked: boolean;
  /** Per representative: the feature's open ends after the placement (roads and cities; 0 otherwise) and its meeples (figures). */
  readonly openEnds: ReadonlyNumbers;
  readonly meeples: ReadonlyNumbers;
  /** The ports joined to a neighbour (`joins` of them): each one's tile segment, the root of the feature across, 1 for the first join to that root. */
  readonly joins: number;
  readonly joinSegment: ReadonlyNumbers;
  readonly joinRoot: ReadonlyNumbers;
  readonly joinFirst: ReadonlyNumbers;
  /** How many roads and cities the placement completes. */
  readonly completed: number;
  /** Kind of tile segment s (`SEG_ROAD` …). */
  kindOf(s: number): number;
  /** Whether the feature of representative g is a road or city the placement completes. */
  completes(g: number): boolean;
  /** The representative of the feature that board feature `root` would be part of, or -1 when the tile does not join it. */
  groupOfRoot(root: number): number;
  /**
   * Fills `f` with the size and occupation of the feature of representative g after the placement,
   * as `Board.measure` measures it once the tile is placed (tiles once each, the new tile too,
   * pennants, meeples per player by weight, figures in `meeples`; no points); `completed` says whether
   * the placement completes it.
   */
  measure(g: number, f: FeatureScore): void;
}

export class Prospect implements ProspectView {
  placement = -1;
  type = -1;
  placed = 0;
  count = 0;
  readonly group = new Int32Array(MAX_SEGMENTS_PER_TILE);
  linked = false;
  readonly openEnds = new Int32Array(MAX_SEGMENTS_PER_TILE);
  readonly meeples = new Int32Array(MAX_SEGMENTS_PER_TILE);
  joins = 0;
  readonly joinSegment = new Int32Array(PORTS);
  readonly joinRoot = new Int32Array(PORTS);
  readonly joinFirst = new Uint8Array(PORTS);
  completed = 0;
  /** The game's tables by (type, segment): kind, road and city ports; by (orientation, port): segment. */
  private readonly kinds: Int8Array;
  private readonly ports: Uint8Array;
  private readonly portSegment: Int8Array;
  /** type * segmentsPerTile: where the tile's segments start in the game's tables. */
  private typeBase = 0;
  /** Per representative, the read (`reads`) in which the placement completes its feature. */
  private readonly doneIn = new Int32Array(MAX_SEGMENTS_PER_TILE);
  private reads = 0;
  // Per frontier slot (`readSlot`): the position it was last read or checked in (its id and tiles),
  // its cell and which of its sides had a tile then, how many of its ports face a neighbour's
  // segment, those ports and the roots across.
  private readonly slotPosition: Float64Array;
  private readonly slotPlaced: Int32Array;
  private readonly slotCell: Int32Array;
  private readonly slotSides: Uint8Array;
  private readonly slotPorts: Int32Array;
  private readonly slotPort: Int32Array;
  private readonly slotRoot: Int32Array;

  constructor(private readonly board: ProspectBoard) {
    this.kinds = board.game.segmentKind;
    this.ports = board.game.segmentPorts;
    this.portSegment = board.game.portSegment;
    const slots = board.frontier.length;
    this.slotPosition = new Float64Array(slots).fill(-1);
    this.slotPlaced = new Int32Array(slots);
    this.slotCell = new Int32Array(slots).fill(-1);
    this.slotSides = new Uint8Array(slots);
    this.slotPorts = new Int32Array(slots);
    this.slotPort = new Int32Array(slots * PORTS);
    this.slotRoot = new Int32Array(slots * PORTS);
  }

  kindOf(s: number): number {
    return this.kinds[this.typeBase + s]!;
  }

  completes(g: number): boolean {
    return this.doneIn[g] === this.reads;
  }

  groupOfRoot(root: number): number {
    for (let j = 0; j < this.joins; j++) if (this.joinRoot[j] === root) return this.group[this.joinSegment[j]!]!;
    return -1;
  }

  measure(g: number, f: FeatureScore): void {
    const board = this.board;
    const game = board.game;
    const S = game.segmentsPerTile;
    const scratch = game.scratch;
    const weighted = game.weightedMeeples;
    f.root = -1;
    f.kind = this.kindOf(g);
    f.completed = this.completes(g);
    f.bonus = 0;
    f.bonusSource = -1;
    f.perPlayer.fill(0);
    f.meeples = 0;
    f.pennants = 0;
    f.cities = 0;
    if (!this.linked) f.pennants = game.segmentPennants[this.type * S + g]!;
    else
      for (let s = 0; s < this.count; s++)
        if (this.group[s] === g) f.pennants += game.segmentPennants[this.type * S + s]!;
    if (f.kind === SEG_MONASTERY) {
      f.tiles = 1 + board.neighbourCount((this.placement / 4) | 0);
      return;
    }
    const stamp = ++scratch.stamp;
    let tiles = 1; // the new tile, not on the board
    for (let j = 0; j < this.joins; j++) {
      if (this.joinFirst[j] === 0 || this.group[this.joinSegment[j]!] !== g) continue;
      const root = this.joinRoot[j]!;
      let m = root;
      do {
        const placed = (m / S) | 0;
        if (scratch.tileStamp[placed] !== stamp) {
          scratch.tileStamp[placed] = stamp;
          tiles++;
        }
        f.pennants += game.segmentPennants[board.placedType[placed]! * S + (m % S)]!;
        const owner = board.meeple[m]!;
        if (owner !== 0) {
          f.perPlayer[owner - 1]! += weighted ? game.meepleWeights[board.meepleKind[m]!]! : 1;
          f.meeples++;
        }
        m = board.next[m]!;
      } while (m !== root);
    }
    f.tiles = tiles;
  }

  /** Reads legal placement `placement` of the drawn tile (phase PLACE). hot path */
  read(placement: number): void {
    const board = this.board;
    const game = board.game;
    const type = board.drawn;
    const count = game.segmentCount[type]!;
    const base = type * game.segmentsPerTile;
    const o12 = (type * 4 + (placement & 3)) * PORTS;
    this.placement = placement;
    this.type = type;
    this.typeBase = base;
    this.placed = board.placedCount;
    this.count = count;
    const group = this.group;
    const openEnds = this.openEnds;
    const meeples = this.meeples;
    const kinds = this.kinds;
    const ports = this.ports;
    for (let s = 0; s < count; s++) {
      group[s] = s;
      openEnds[s] = ports[base + s]!;
      meeples[s] = 0;
    }
    // 1. The ports joined to the neighbours' features; tile segments joining one feature are one.
    // While no two are, each segment is its feature: its open ends and meeples are summed as it goes.
    const slot = -board.grid[(placement / 4) | 0]! - 1;
    const at = this.readSlot(slot);
    const end = at + this.slotPorts[slot]!;
    const portSegment = this.portSegment;
    const slotPort = this.slotPort;
    const slotRoot = this.slotRoot;
    const joinSegment = this.joinSegment;
    const joinRoot = this.joinRoot;
    const joinFirst = this.joinFirst;
    let joins = 0;
    let linked = false;
    for (let i = at; i < end; i++) {
      const s = portSegment[o12 + slotPort[i]!]!;
      if (s < 0) continue;
      const root = slotRoot[i]!;
      // The first earlier join to the same root stands for all of them (they are one feature already).
      let first = 1;
      for (let j = 0; j < joins; j++) {
        if (joinRoot[j] !== root) continue;
        first = 0;
        if (this.unite(s, joinSegment[j]!)) linked = true;
        break;
      }
      joinSegment[joins] = s;
      joinRoot[joins] = root;
      joinFirst[joins++] = first;
      const kind = kinds[base + s]!;
      if (kind === SEG_ROAD || kind === SEG_CITY) openEnds[s]! -= 2;
      if (first === 0) continue;
      openEnds[s]! += board.openEnds[root]!;
      meeples[s]! += board.rootMeeples[root]!;
    }
    this.joins = joins;
    this.linked = linked;
    // 2. Linked segments: each feature's open ends and meeples, at its representative (from here on
    // each segment links straight to it).
    if (linked) this.sumLinked(count, base);
    // 3. Only a road or city the tile joins to the board can be completed.
    if (++this.reads === 0x7fffffff) {
      this.reads = 1;
      this.doneIn.fill(0);
    }
    let completed = 0;
    for (let j = 0; j < joins; j++) {
      const g = group[joinSegment[j]!]!;
      if (openEnds[g] !== 0 || this.doneIn[g] === this.reads) continue;
      const kind = kinds[base + g]!;
      if (kind !== SEG_ROAD && kind !== SEG_CITY) continue;
      this.doneIn[g] = this.reads;
      completed++;
    }
    this.completed = completed;
  }

  /** Sums the open ends and meeples of the joins (`read`) per feature of linked tile segments, at their representatives. */
  private sumLinked(count: number, base: number): void {
    const group = this.group;
    const openEnds = this.openEnds;
    const meeples = this.meeples;
    const board = this.board;
    for (let s = 0; s < count; s++) {
      group[s] = this.representative(s);
      openEnds[s] = 0;
      meeples[s] = 0;
    }
    for (let s = 0; s < count; s++) openEnds[group[s]!]! += this.ports[base + s]!;
    for (let j = 0; j < this.joins; j++) {
      const g = group[this.joinSegment[j]!]!;
      const kind = this.kinds[base + g]!;
      if (kind === SEG_ROAD || kind === SEG_CITY) openEnds[g]! -= 2;
      if (this.joinFirst[j] === 0) continue;
      const root = this.joinRoot[j]!;
      openEnds[g]! += board.openEnds[root]!;
      meeples[g]! += board.rootMeeples[root]!;
    }
  }

  /**
   * Reads frontier slot `slot` unless what was read of it still holds; returns its offset in
   * `slotPort`/`slotRoot`. What was read in an earlier position holds in one that follows from it
   * (`followsFrom`: tiles were only added since) when the slot is the same cell, no tile was placed
   * beside it, and every root across is still a root (a feature only grows; one that was joined into
   * another has a new root).
   */
  private readSlot(slot: number): number {
    const at = slot * PORTS;
    const board = this.board;
    if (this.slotPosition[slot] === board.positionId) return at;
    const cell = board.frontier[slot]!;
    const sides = board.frontierReq[slot]! >> 8; // a bit per side with a tile (`Frontier.updateFrontier`)
    if (!this.slotHolds(slot, cell, sides)) this.readPorts(slot, cell);
    this.slotPosition[slot] = board.positionId;
    this.slotPlaced[slot] = board.placedCount;
    this.slotCell[slot] = cell;
    this.slotSides[slot] = sides;
    return at;
  }

  /** Whether what was read of slot `slot` holds for `cell` with tiles on `sides` (`readSlot`). */
  private slotHolds(slot: number, cell: number, sides: number): boolean {
    const board = this.board;
    if (
      this.slotCell[slot] !== cell ||
      this.slotSides[slot] !== sides ||
      !board.followsFrom(this.slotPosition[slot]!, this.slotPlaced[slot]!)
    )
      return false;
    const parent = board.parent;
    const at = slot * PORTS;
    const end = at + this.slotPorts[slot]!;
    for (let i = at; i < end; i++) if (parent[this.slotRoot[i]!] !== this.slotRoot[i]) return false;
    return true;
  }

  /** Reads the ports of slot `slot` (at `cell`) that face a neighbour's segment, and the roots across. */
  private readPorts(slot: number, cell: number): void {
    const board = this.board;
    const game = board.game;
    const S = game.segmentsPerTile;
    const at = slot * PORTS;
    let n = at;
    for (let side = 0; side < 4; side++) {
      const k = board.grid[cell + neighbourOffset(side, game.gridSide)]! - 1;
      if (k < 0) continue;
      const k12 = board.orientation(k) * PORTS;
      for (let p = side * 3; p < side * 3 + 3; p++) {
        const s2 = game.portSegment[k12 + FACING[p]!]!;
        if (s2 < 0) continue;
        this.slotPort[n] = p;
        this.slotRoot[n++] = board.find(k * S + s2);
      }
    }
    this.slotPorts[slot] = n - at;
  }

  /** The smallest tile segment linked to s. */
  private representative(s: number): number {
    const group = this.group;
    while (group[s] !== s) s = group[s]!;
    return s;
  }

  /** Links the features of tile segments a and b (the smaller segment becomes the representative); true if they were apart. */
  private unite(a: number, b: number): boolean {
    const ra = this.representative(a);
    const rb = this.representative(b);
    if (ra < rb) this.group[rb] = ra;
    else if (rb < ra) this.group[ra] = rb;
    return ra !== rb;
  }
}
