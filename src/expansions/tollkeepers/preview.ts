/**
 * The Tollkeepers' part of the agents' placement preview (`ModulePreview`): what a placement not made
 * changes of each tollhouse's worth, and what each tollhouse move would bring the mover. A
 * tollhouse's worth from the placement on, at a crossroads and a value: the tolls of the roads the
 * placement completes there (at the value the turn started with, once per road: R-T1; the tollhouse
 * step comes before scoring: R-T2), then what its open roads are expected to bring after the turn
 * (`expectedTolls`, at the other value when a completed road had travellers: the tollhouse flips at
 * the end of the turn). Only the crossroads whose roads the tile joins, and the tile itself, are
 * valued anew; the others' worth is read once and kept from one position to the next while their
 * roads do not change.
 */
import { FeatureTrail, MAX_SEGMENTS_PER_TILE } from '../../engine/index.ts';
import type {
  BoardView,
  ModulePreview,
  PreviewView,
  ProspectView,
  SegmentField,
  StateViews,
} from '../../engine/index.ts';
import { expectedTolls } from './tolls.ts';
import type { CrossroadsRoads, TollRates } from './tolls.ts';

/** What the preview reads of the module's set-up (`index.ts`). */
export interface TollTables {
  readonly players: number;
  readonly actionBase: number;
  readonly own: (state: BoardView) => StateViews<{
    tile: { type: 'i16'; length: 'players' };
    value: { type: 'i8'; length: 'players' };
  }>;
  readonly pay: TollRates;
  /** Each crossroads type's village roads: `villageRoads[villageRoadStart[t] … villageRoadStart[t + 1])`, and the most of one. */
  readonly villageRoadStart: Int32Array;
  readonly villageRoads: Int8Array;
  readonly mostRoads: number;
  /** Per tile type: 1 for a crossroads. */
  readonly crossroads: Uint8Array;
  /** Per tile segment: toll-paying illustrations, travellers. */
  readonly illustrations: SegmentField;
  readonly travellers: SegmentField;
  /** The tollhouse moves to the crossroads of ended turns that hold no tollhouse, as the `followUps` hook lists them. */
  readonly freeCrossroads: (state: BoardView, out: Int32Array, count: number) => number;
}

export function tollPreview(t: TollTables): ModulePreview {
  const preview = new TollPreview(t);
  return {
    remember: (state) => preview.remember(state),
    evaluate: (state, expected) => preview.evaluate(state, expected),
    placement: (state, p, out, followUps) => preview.placement(state, p, out, followUps),
    followUps: (state, p, out, values, n, every) => preview.followUps(state, p, out, values, n, every),
  };
}

/** The mover's tollhouse's worth after the placement with no follow-up (`moverWorth[AFTER]`) … */
const AFTER = 0;
/** … and as the board stands (0 with the tollhouse in supply). */
const ON_BOARD = 1;

/**
 * The preview's working memory and steps. Numbers that change per candidate and are not small
 * integers live in typed arrays (`moverWorth`, `worthOf`): a double in an object field would be
 * boxed anew at each write.
 */
class TollPreview {
  private readonly roads: CrossroadsRoads;
  /** Per village road of the crossroads being valued: the feature it is part of after the placement (a board root, or -1 - representative). */
  private readonly identity: Int32Array;
  /** The positions remembered: its `stamp` marks what is read in a position, older than its `keptFrom` is stale. */
  private readonly trail = new FeatureTrail();
  // Kept from one position to the next while they hold, stamped with the position they were read in:
  // per board road root its illustrations and travellers (0 once the road changed); per crossroads
  // tile its village roads' roots (they hold while roots) and its worth at values 1 and 2 (it holds
  // while none of those roads changed since: `changedAt`, the position a root's road last grew in).
  private changedAt = new Int32Array(0);
  private readonly changed = (root: number): void => {
    this.sumsIn[root] = 0;
    this.changedAt[root] = this.trail.stamp;
  };
  private sumsIn = new Int32Array(0);
  private rootIllustrations = new Int32Array(0);
  private rootTravellers = new Int32Array(0);
  private rootsIn = new Int32Array(0);
  private crossRoots = new Int32Array(0);
  private worthIn = new Int32Array(0);
  private worthNow = new Float64Array(0);
  /** Per root: the placement (its count) whose tile joins it. */
  private joinedIn = new Int32Array(0);
  private placements = 0;
  /** The mover's tollhouse's worth, [AFTER] and [ON_BOARD]. */
  private readonly moverWorth = new Float64Array(2);
  /** The answer of `worth`. */
  private readonly worthOf = new Float64Array(1);
  /** The worth of a tollhouse on the drawn crossroads whose village roads join nothing, and the position it was read in (`tileWorth`). */
  private readonly aloneWorth = new Float64Array(1);
  private aloneIn = 0;
  /** The position in which the tollhouses' roads were marked (`prepare`). */
  private roadsIn = 0;
  // The tollhouse moves to the crossroads of ended turns, and their worth to the mover as the board
  // stands, listed once per position when follow-ups are valued.
  private movesIn = 0;
  private moves = new Int32Array(0);
  private movesWorth = new Float64Array(0);
  private moveCount = 0;
  /**
   * The moves worth more than every one listed before them (`leaderCount` of them, by index in
   * `moves`): with a placement that touches none of their roads, only those can be the first best.
   */
  private leaders = new Int32Array(0);
  private leaderCount = 0;
  /** The mover's tollhouse value in the position. */
  private moverValue = 1;
  /** Per root, the position (stamp) in which a road ending at a crossroads of ended turns or at a tollhouse has it. */
  private roadIn = new Int32Array(0);
  /** Whether the placement being previewed joins such a road. */
  private touches = false;
  /** Per representative tile segment: the placement (count) whose road sums it holds, and those sums. */
  private readonly groupIn = new Int32Array(MAX_SEGMENTS_PER_TILE);
  private readonly groupIllustrations = new Int32Array(MAX_SEGMENTS_PER_TILE);
  private readonly groupTravellers = new Int32Array(MAX_SEGMENTS_PER_TILE);

  constructor(private readonly t: TollTables) {
    this.roads = {
      count: 0,
      open: new Uint8Array(t.mostRoads),
      illustrations: new Int32Array(t.mostRoads),
      travellers: new Int32Array(t.mostRoads),
    };
    this.identity = new Int32Array(t.mostRoads);
  }

  /**
   * A new position: grows the tables to the board's size; what was read holds but for the roads the
   * tiles placed since joined when the position follows from the last one, else nothing does.
   */
  remember(state: PreviewView): void {
    const size = this.trail.next(state, this.changed);
    if (size > 0) {
      this.changedAt = new Int32Array(size);
      this.sumsIn = new Int32Array(size);
      this.rootIllustrations = new Int32Array(size);
      this.rootTravellers = new Int32Array(size);
      this.joinedIn = new Int32Array(size);
      this.roadIn = new Int32Array(size);
      const tiles = state.placedType.length;
      this.rootsIn = new Int32Array(tiles);
      this.crossRoots = new Int32Array(tiles * this.t.mostRoads);
      this.worthIn = new Int32Array(tiles);
      this.worthNow = new Float64Array(tiles * 2);
    }
  }

  /** What the module's `evaluate` adds: each tollhouse's worth as the board stands (read once, kept while its roads do not change). */
  evaluate(state: PreviewView, expected: Float64Array): void {
    const { tile, value } = this.t.own(state);
    for (let q = 0; q < this.t.players; q++)
      if (tile[q]! >= 0) expected[q]! += this.worthOnBoard(state, tile[q]!, value[q]!);
  }

  /** What the placement changes of each player's tollhouse's worth, into `out` (`followUps`: whether they are asked next). hot path */
  placement(state: PreviewView, p: ProspectView, out: Float64Array, followUps: boolean): boolean {
    this.prepare(state, followUps);
    this.placements++;
    this.touches = false;
    for (let j = 0; j < p.joins && !this.touches; j++) this.touches = this.roadIn[p.joinRoot[j]!] === this.trail.stamp;
    this.moverWorth[AFTER] = this.moverWorth[ON_BOARD]!;
    if (!this.touches) return true;
    for (let j = 0; j < p.joins; j++) this.joinedIn[p.joinRoot[j]!] = this.placements;
    const { tile, value } = this.t.own(state);
    for (let q = 0; q < this.t.players; q++) {
      const placed = tile[q]!;
      if (placed < 0) continue;
      const mover = q === state.currentPlayer;
      if (!this.touched(state, placed)) {
        if (mover) this.moverWorth[AFTER] = this.worthOnBoard(state, placed, value[q]!);
        continue;
      }
      this.worth(state, p, placed, value[q]!);
      const after = this.worthOf[0]!;
      out[q]! += after - this.worthOnBoard(state, placed, value[q]!);
      if (mover) this.moverWorth[AFTER] = after;
    }
    return true;
  }

  /** The tollhouse moves after the placement and what each brings the mover, into `out` and `values` from n. hot path */
  followUps(
    state: PreviewView,
    p: ProspectView,
    out: Int32Array,
    values: Float64Array,
    n: number,
    every: boolean,
  ): number {
    const value = this.moverValue;
    if (!every && !this.touches) {
      // Every move's worth is as the board stands: one worth less than or equal to an earlier one's
      // cannot be the first best.
      for (let k = 0; k < this.leaderCount; k++) {
        const i = this.leaders[k]!;
        out[n] = this.moves[i]!;
        values[n++] = this.movesWorth[i]! - this.moverWorth[AFTER]!;
      }
    } else {
      for (let i = 0; i < this.moveCount; i++) {
        const placed = this.moves[i]! - this.t.actionBase;
        out[n] = this.moves[i]!;
        let after = this.movesWorth[i]!;
        if (this.touches && this.touched(state, placed)) {
          this.worth(state, p, placed, value);
          after = this.worthOf[0]!;
        }
        values[n++] = after - this.moverWorth[AFTER]!;
      }
    }
    if (this.t.crossroads[p.type] === 1) {
      out[n] = this.t.actionBase + p.placed;
      this.tileWorth(state, p, value);
      values[n++] = this.worthOf[0]! - this.moverWorth[AFTER]!;
    }
    return n;
  }

  /**
   * The worth of the mover's tollhouse (showing `value`) on the placement's own crossroads, into
   * `worthOf[0]`. When none of its village roads joins a road on the board, each is an open road of
   * its own segment: the worth is the tile's alone, the same for every such placement of the position.
   */
  private tileWorth(state: PreviewView, p: ProspectView, value: number): void {
    const t = this.t;
    const start = t.villageRoadStart[p.type]!;
    const end = t.villageRoadStart[p.type + 1]!;
    let joined = false;
    for (let j = 0; j < p.joins && !joined; j++) {
      const g = p.group[p.joinSegment[j]!]!;
      for (let k = start; k < end && !joined; k++) joined = p.group[t.villageRoads[k]!] === g;
    }
    if (joined) {
      this.worth(state, p, p.placed, value);
      return;
    }
    if (this.aloneIn !== this.trail.stamp) {
      this.aloneIn = this.trail.stamp;
      this.worth(state, p, p.placed, value);
      this.aloneWorth[0] = this.worthOf[0]!;
    }
    this.worthOf[0] = this.aloneWorth[0]!;
  }

  /**
   * Once per position: the mover's tollhouse value and worth as the board stands, and marks the roads
   * ending at a tollhouse (`roadIn`); with `followUps`, also lists the tollhouse moves to the
   * crossroads of ended turns with their worth to the mover as the board stands, and marks their
   * roads. A placement that joins no marked road changes no worth; with no follow-up to value, one
   * that joins only a free crossroads' roads changes none either, so those need no listing.
   */
  private prepare(state: PreviewView, followUps: boolean): void {
    const stamp = this.trail.stamp;
    if (this.roadsIn !== stamp) {
      this.roadsIn = stamp;
      const { tile, value } = this.t.own(state);
      const mover = state.currentPlayer;
      this.moverValue = value[mover]!;
      for (let q = 0; q < this.t.players; q++) if (tile[q]! >= 0) this.markRoads(state, tile[q]!);
      this.moverWorth[ON_BOARD] = tile[mover]! >= 0 ? this.worthOnBoard(state, tile[mover]!, this.moverValue) : 0;
    }
    if (!followUps || this.movesIn === stamp) return;
    this.movesIn = stamp;
    const tiles = state.placedType.length;
    if (this.moves.length < tiles) {
      this.moves = new Int32Array(tiles);
      this.movesWorth = new Float64Array(tiles);
      this.leaders = new Int32Array(tiles);
    }
    this.moveCount = this.t.freeCrossroads(state, this.moves, 0);
    this.leaderCount = 0;
    for (let i = 0; i < this.moveCount; i++) {
      const placed = this.moves[i]! - this.t.actionBase;
      this.movesWorth[i] = this.worthOnBoard(state, placed, this.moverValue);
      this.markRoads(state, placed);
      if (this.leaderCount === 0 || this.movesWorth[i]! > this.movesWorth[this.leaders[this.leaderCount - 1]!]!)
        this.leaders[this.leaderCount++] = i;
    }
  }

  /**
   * The worth of a tollhouse showing `value` at crossroads tile `placed` (the placement's tile when
   * it is `p.placed`) from the placement on, into `worthOf[0]`; with no prospect, as the board stands
   * (its `evaluate` worth).
   */
  private worth(state: PreviewView, p: ProspectView | undefined, placed: number, value: number): void {
    const { t, roads, identity } = this;
    const tile = p !== undefined && placed === p.placed;
    const type = tile ? p.type : state.placedType[placed]!;
    const start = t.villageRoadStart[type]!;
    const at = tile ? 0 : this.rootsOf(state, placed);
    roads.count = t.villageRoadStart[type + 1]! - start;
    let income = 0;
    let flips = false;
    for (let k = 0; k < roads.count; k++) {
      const root = tile ? -1 : this.crossRoots[at + k]!;
      // A board road the placement does not join (`joinedIn`) has no group: no scan of the joins.
      const joined = !tile && p !== undefined && this.joinedIn[root] === this.placements;
      const g = tile ? p.group[t.villageRoads[start + k]!]! : joined ? p.groupOfRoot(root) : -1;
      const id = g >= 0 ? -1 - g : root;
      identity[k] = id;
      roads.open[k] = 0;
      // R-T1: once per road (an earlier village road of the crossroads may be part of the same road).
      let counted = g < 0 && state.done[root] !== 0;
      for (let i = 0; i < k && !counted; i++) counted = identity[i] === id;
      if (counted) continue;
      if (g < 0) this.rootSums(state, root, k);
      else this.groupSums(state, p!, g, k);
      if (g < 0 || !p!.completes(g)) {
        roads.open[k] = 1;
        continue;
      }
      const travellers = roads.travellers[k]!;
      income += roads.illustrations[k]! * t.pay.illustration[value]! + travellers * t.pay.travellers[value]!;
      if (travellers > 0) flips = true;
    }
    this.worthOf[0] = income + expectedTolls(t.pay, flips ? 3 - value : value, roads);
  }

  /** The worth as the board stands, read again only when a road ending at the crossroads changed. */
  private worthOnBoard(state: PreviewView, placed: number, value: number): number {
    if (!this.worthHolds(state, placed)) {
      this.worthIn[placed] = this.trail.stamp;
      this.worth(state, undefined, placed, 1);
      this.worthNow[placed * 2] = this.worthOf[0]!;
      this.worth(state, undefined, placed, 2);
      this.worthNow[placed * 2 + 1] = this.worthOf[0]!;
    }
    return this.worthNow[placed * 2 + value - 1]!;
  }

  /**
   * Whether the worth of crossroads tile `placed` read before holds: none of its roads changed since
   * (then it is stamped with this position, as if read again).
   */
  private worthHolds(state: PreviewView, placed: number): boolean {
    const read = this.worthIn[placed]!;
    if (read === this.trail.stamp) return true;
    if (read < this.trail.keptFrom) return false;
    const at = this.rootsOf(state, placed);
    const end = at + this.roadCount(state, placed);
    for (let k = at; k < end; k++) if (this.changedAt[this.crossRoots[k]!]! > read) return false;
    this.worthIn[placed] = this.trail.stamp;
    return true;
  }

  /** Illustrations and travellers of board road `root` into entry k of `roads`. */
  private rootSums(state: PreviewView, root: number, k: number): void {
    if (this.sumsIn[root]! < this.trail.keptFrom) {
      this.sumsIn[root] = this.trail.stamp;
      this.rootIllustrations[root] = state.fieldSum(this.t.illustrations, root);
      this.rootTravellers[root] = state.fieldSum(this.t.travellers, root);
    }
    this.roads.illustrations[k] = this.rootIllustrations[root]!;
    this.roads.travellers[k] = this.rootTravellers[root]!;
  }

  /** The same for the road of representative g after the placement: its tile segments and the roads it joins (once per placement). */
  private groupSums(state: PreviewView, p: ProspectView, g: number, k: number): void {
    const roads = this.roads;
    if (this.groupIn[g] === this.placements) {
      roads.illustrations[k] = this.groupIllustrations[g]!;
      roads.travellers[k] = this.groupTravellers[g]!;
      return;
    }
    this.groupIn[g] = this.placements;
    let illustrations = 0;
    let travellers = 0;
    for (let j = 0; j < p.joins; j++) {
      if (p.joinFirst[j] === 0 || p.group[p.joinSegment[j]!] !== g) continue;
      this.rootSums(state, p.joinRoot[j]!, k);
      illustrations += roads.illustrations[k]!;
      travellers += roads.travellers[k]!;
    }
    // Unlinked, each tile segment is its own feature (`ProspectView.linked`): g is the only one.
    if (!p.linked) {
      illustrations += this.t.illustrations.of(p.type, g);
      travellers += this.t.travellers.of(p.type, g);
    } else
      for (let s = 0; s < p.count; s++) {
        if (p.group[s] !== g) continue;
        illustrations += this.t.illustrations.of(p.type, s);
        travellers += this.t.travellers.of(p.type, s);
      }
    this.groupIllustrations[g] = illustrations;
    this.groupTravellers[g] = travellers;
    roads.illustrations[k] = illustrations;
    roads.travellers[k] = travellers;
  }

  /**
   * The roots of the village roads of crossroads tile `placed` on the board, from
   * `crossRoots[placed * mostRoads]`: read again when one of them is no longer a root.
   */
  private rootsOf(state: PreviewView, placed: number): number {
    const t = this.t;
    const at = placed * t.mostRoads;
    if (!this.rootsHold(state, placed, at)) {
      this.rootsIn[placed] = this.trail.stamp;
      const type = state.placedType[placed]!;
      const start = t.villageRoadStart[type]!;
      for (let k = start; k < t.villageRoadStart[type + 1]!; k++)
        this.crossRoots[at + k - start] = state.find(state.segmentAt(placed, t.villageRoads[k]!));
    }
    return at;
  }

  /** Whether the roots of crossroads tile `placed`'s village roads read before are still roots. */
  private rootsHold(state: PreviewView, placed: number, at: number): boolean {
    if (this.rootsIn[placed]! < this.trail.keptFrom) return false;
    if (this.rootsIn[placed] === this.trail.stamp) return true;
    const end = at + this.roadCount(state, placed);
    for (let k = at; k < end; k++) if (state.parent[this.crossRoots[k]!] !== this.crossRoots[k]) return false;
    this.rootsIn[placed] = this.trail.stamp;
    return true;
  }

  /** The number of village roads of crossroads tile `placed`. */
  private roadCount(state: PreviewView, placed: number): number {
    const type = state.placedType[placed]!;
    return this.t.villageRoadStart[type + 1]! - this.t.villageRoadStart[type]!;
  }

  /** Whether the placement's tile joins a road ending at crossroads tile `placed`. */
  private touched(state: PreviewView, placed: number): boolean {
    const at = this.rootsOf(state, placed);
    const end = at + this.roadCount(state, placed);
    for (let k = at; k < end; k++) if (this.joinedIn[this.crossRoots[k]!] === this.placements) return true;
    return false;
  }

  /** Marks the roots of the village roads of crossroads tile `placed` (`roadIn`). */
  private markRoads(state: PreviewView, placed: number): void {
    const at = this.rootsOf(state, placed);
    const end = at + this.roadCount(state, placed);
    for (let k = at; k < end; k++) this.roadIn[this.crossRoots[k]!] = this.trail.stamp;
  }
}
