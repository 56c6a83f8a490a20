/**
 * The Tollkeepers' part of the agents' placement preview (`ModulePreview`): what a placement not made
 * changes of each tollhouse's worth, and what each tollhouse move would bring the mover. A
 * tollhouse's worth from the placement on, at a crossroads and a value: the tolls of the roads the
 * placement completes there (at the value the turn started with, once per road: R-T1; the tollhouse
 * step comes before scoring: R-T2), then what its open roads are expected to bring after the turn
 * (`expectedTolls`, at the other value when a completed road had travellers: the tollhouse flips at
 * the end of the turn). Only the crossroads whose roads the tile joins, and the tile itself, are
 * valued anew; the others' worth is read once per position.
 */
import { MAX_SEGMENTS_PER_TILE } from '../../engine/index.ts';
import type { BoardView, ModulePreview, PreviewView, ProspectView, StateViews } from '../../engine/index.ts';
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
  /** Per (type, segment): toll-paying illustrations, travellers. */
  readonly segmentIllustrations: Uint8Array;
  readonly segmentTravellers: Uint8Array;
  /** The tollhouse moves to the crossroads of ended turns that hold no tollhouse, as the `followUps` hook lists them. */
  readonly freeCrossroads: (state: BoardView, out: Int32Array, count: number) => number;
}

export function tollPreview(t: TollTables): ModulePreview {
  const roads: CrossroadsRoads = {
    count: 0,
    open: new Uint8Array(t.mostRoads),
    illustrations: new Int32Array(t.mostRoads),
    travellers: new Int32Array(t.mostRoads),
  };
  /** Per village road of the crossroads being valued: the feature it is part of after the placement (a board root, or -1 - representative). */
  const identity = new Int32Array(t.mostRoads);
  // Read once per position (stamped): per board road root its illustrations and travellers; per
  // crossroads tile its village roads' roots and its worth at values 1 and 2.
  let stamp = 0;
  let sumsIn = new Int32Array(0);
  let rootIllustrations = new Int32Array(0);
  let rootTravellers = new Int32Array(0);
  let rootsIn = new Int32Array(0);
  let crossRoots = new Int32Array(0);
  let worthIn = new Int32Array(0);
  let worthNow = new Float64Array(0);
  /** Per root: the placement (its count) whose tile joins it. */
  let joinedIn = new Int32Array(0);
  let placements = 0;
  // The mover's tollhouse's worth: [AFTER] after the placement with no follow-up, [ON_BOARD] as the
  // board stands (0 with the tollhouse in supply). In a typed array: a number kept in a closure
  // variable would be boxed anew at each write.
  const AFTER = 0;
  const ON_BOARD = 1;
  const moverWorth = new Float64Array(2);
  /** The answer of `worth`. */
  const worthOf = new Float64Array(1);
  // The tollhouse moves to the crossroads of ended turns, and their worth to the mover as the board
  // stands, listed once per position.
  let movesIn = 0;
  let moves = new Int32Array(0);
  let movesWorth = new Float64Array(0);
  let moveCount = 0;
  /**
   * The moves worth more than every one listed before them (`leaderCount` of them, by index in
   * `moves`): with a placement that touches none of their roads, only those can be the first best.
   */
  let leaders = new Int32Array(0);
  let leaderCount = 0;
  /** The mover's tollhouse value in the position. */
  let moverValue = 1;
  /** Per root, the position (stamp) in which a road ending at a crossroads of ended turns or at a tollhouse has it. */
  let roadIn = new Int32Array(0);
  /** Whether the placement being previewed joins such a road. */
  let touches = false;
  /** Per representative tile segment: the placement (count) whose road sums it holds, and those sums. */
  const groupIn = new Int32Array(MAX_SEGMENTS_PER_TILE);
  const groupIllustrations = new Int32Array(MAX_SEGMENTS_PER_TILE);
  const groupTravellers = new Int32Array(MAX_SEGMENTS_PER_TILE);

  /** Illustrations and travellers of board road `root` into entry k of `roads`. */
  const rootSums = (state: PreviewView, root: number, k: number): void => {
    if (sumsIn[root] !== stamp) {
      sumsIn[root] = stamp;
      const S = state.game.segmentsPerTile;
      let illustrations = 0;
      let travellers = 0;
      let g = root;
      do {
        const i = state.placedType[(g / S) | 0]! * S + (g % S);
        illustrations += t.segmentIllustrations[i]!;
        travellers += t.segmentTravellers[i]!;
        g = state.next[g]!;
      } while (g !== root);
      rootIllustrations[root] = illustrations;
      rootTravellers[root] = travellers;
    }
    roads.illustrations[k] = rootIllustrations[root]!;
    roads.travellers[k] = rootTravellers[root]!;
  };

  /** The same for the road of representative g after the placement: its tile segments and the roads it joins (once per placement). */
  const groupSums = (state: PreviewView, p: ProspectView, g: number, k: number): void => {
    if (groupIn[g] === placements) {
      roads.illustrations[k] = groupIllustrations[g]!;
      roads.travellers[k] = groupTravellers[g]!;
      return;
    }
    groupIn[g] = placements;
    const S = state.game.segmentsPerTile;
    let illustrations = 0;
    let travellers = 0;
    for (let j = 0; j < p.joins; j++) {
      if (p.joinFirst[j] === 0 || p.group[p.joinSegment[j]!] !== g) continue;
      rootSums(state, p.joinRoot[j]!, k);
      illustrations += roads.illustrations[k]!;
      travellers += roads.travellers[k]!;
    }
    for (let s = 0; s < p.count; s++) {
      if (p.group[s] !== g) continue;
      illustrations += t.segmentIllustrations[p.type * S + s]!;
      travellers += t.segmentTravellers[p.type * S + s]!;
    }
    groupIllustrations[g] = illustrations;
    groupTravellers[g] = travellers;
    roads.illustrations[k] = illustrations;
    roads.travellers[k] = travellers;
  };

  /** The roots of the village roads of crossroads tile `placed` on the board, from `crossRoots[placed * mostRoads]`. */
  const rootsOf = (state: PreviewView, placed: number): number => {
    const at = placed * t.mostRoads;
    if (rootsIn[placed] !== stamp) {
      rootsIn[placed] = stamp;
      const S = state.game.segmentsPerTile;
      const type = state.placedType[placed]!;
      for (let k = t.villageRoadStart[type]!; k < t.villageRoadStart[type + 1]!; k++)
        crossRoots[at + k - t.villageRoadStart[type]!] = state.find(placed * S + t.villageRoads[k]!);
    }
    return at;
  };

  /**
   * The worth of a tollhouse showing `value` at crossroads tile `placed` (the placement's tile when
   * it is `p.placed`) from the placement on, into `worthOf[0]`; with no prospect, as the board stands
   * (its `evaluate` worth).
   */
  const worth = (state: PreviewView, p: ProspectView | undefined, placed: number, value: number): void => {
    const tile = p !== undefined && placed === p.placed;
    const type = tile ? p.type : state.placedType[placed]!;
    const start = t.villageRoadStart[type]!;
    const at = tile ? 0 : rootsOf(state, placed);
    roads.count = t.villageRoadStart[type + 1]! - start;
    let income = 0;
    let flips = false;
    for (let k = 0; k < roads.count; k++) {
      const root = tile ? -1 : crossRoots[at + k]!;
      const g = tile ? p.group[t.villageRoads[start + k]!]! : p !== undefined ? p.groupOfRoot(root) : -1;
      const id = g >= 0 ? -1 - g : root;
      identity[k] = id;
      roads.open[k] = 0;
      // R-T1: once per road (an earlier village road of the crossroads may be part of the same road).
      let counted = g < 0 && state.done[root] !== 0;
      for (let i = 0; i < k && !counted; i++) counted = identity[i] === id;
      if (counted) continue;
      if (g < 0) rootSums(state, root, k);
      else groupSums(state, p!, g, k);
      if (g < 0 || !p!.completes(g)) {
        roads.open[k] = 1;
        continue;
      }
      const travellers = roads.travellers[k]!;
      income += roads.illustrations[k]! * t.pay.illustration[value]! + travellers * t.pay.travellers[value]!;
      if (travellers > 0) flips = true;
    }
    worthOf[0] = income + expectedTolls(t.pay, flips ? 3 - value : value, roads);
  };

  /** The worth as the board stands, read once per position. */
  const worthOnBoard = (state: PreviewView, placed: number, value: number): number => {
    if (worthIn[placed] !== stamp) {
      worthIn[placed] = stamp;
      worth(state, undefined, placed, 1);
      worthNow[placed * 2] = worthOf[0]!;
      worth(state, undefined, placed, 2);
      worthNow[placed * 2 + 1] = worthOf[0]!;
    }
    return worthNow[placed * 2 + value - 1]!;
  };

  /** Whether the placement's tile joins a road ending at crossroads tile `placed`. */
  const touched = (state: PreviewView, placed: number): boolean => {
    const at = rootsOf(state, placed);
    const type = state.placedType[placed]!;
    const n = t.villageRoadStart[type + 1]! - t.villageRoadStart[type]!;
    for (let k = at; k < at + n; k++) if (joinedIn[crossRoots[k]!] === placements) return true;
    return false;
  };

  /**
   * Once per position: lists the tollhouse moves to the crossroads of ended turns with their worth to
   * the mover as the board stands, the mover's tollhouse's worth, and marks the roads ending at any
   * of those crossroads or at a tollhouse (`roadIn`): a placement that joins none changes no worth.
   */
  const prepare = (state: PreviewView): void => {
    if (movesIn === stamp) return;
    movesIn = stamp;
    if (moves.length < state.placedType.length) {
      moves = new Int32Array(state.placedType.length);
      movesWorth = new Float64Array(state.placedType.length);
      leaders = new Int32Array(state.placedType.length);
    }
    moveCount = t.freeCrossroads(state, moves, 0);
    const { tile, value } = t.own(state);
    const mover = state.currentPlayer;
    moverValue = value[mover]!;
    leaderCount = 0;
    for (let i = 0; i < moveCount; i++) {
      movesWorth[i] = worthOnBoard(state, moves[i]! - t.actionBase, moverValue);
      markRoads(state, moves[i]! - t.actionBase);
      if (leaderCount === 0 || movesWorth[i]! > movesWorth[leaders[leaderCount - 1]!]!) leaders[leaderCount++] = i;
    }
    for (let q = 0; q < t.players; q++) if (tile[q]! >= 0) markRoads(state, tile[q]!);
    moverWorth[ON_BOARD] = tile[mover]! >= 0 ? worthOnBoard(state, tile[mover]!, moverValue) : 0;
  };

  /** Marks the roots of the village roads of crossroads tile `placed` (`roadIn`). */
  const markRoads = (state: PreviewView, placed: number): void => {
    const at = rootsOf(state, placed);
    const type = state.placedType[placed]!;
    for (let k = at; k < at + t.villageRoadStart[type + 1]! - t.villageRoadStart[type]!; k++)
      roadIn[crossRoots[k]!] = stamp;
  };

  return {
    remember(state) {
      if (sumsIn.length < state.parent.length) {
        sumsIn = new Int32Array(state.parent.length);
        rootIllustrations = new Int32Array(state.parent.length);
        rootTravellers = new Int32Array(state.parent.length);
        joinedIn = new Int32Array(state.parent.length);
        roadIn = new Int32Array(state.parent.length);
        const tiles = state.placedType.length;
        rootsIn = new Int32Array(tiles);
        crossRoots = new Int32Array(tiles * t.mostRoads);
        worthIn = new Int32Array(tiles);
        worthNow = new Float64Array(tiles * 2);
      }
      stamp++;
    },
    placement(state, p, out) {
      prepare(state);
      placements++;
      touches = false;
      for (let j = 0; j < p.joins; j++) {
        joinedIn[p.joinRoot[j]!] = placements;
        if (roadIn[p.joinRoot[j]!] === stamp) touches = true;
      }
      moverWorth[AFTER] = moverWorth[ON_BOARD]!;
      if (!touches) return true;
      const { tile, value } = t.own(state);
      for (let q = 0; q < t.players; q++) {
        const placed = tile[q]!;
        if (placed < 0) continue;
        const mover = q === state.currentPlayer;
        if (!touched(state, placed)) {
          if (mover) moverWorth[AFTER] = worthOnBoard(state, placed, value[q]!);
          continue;
        }
        worth(state, p, placed, value[q]!);
        const after = worthOf[0]!;
        out[q]! += after - worthOnBoard(state, placed, value[q]!);
        if (mover) moverWorth[AFTER] = after;
      }
      return true;
    },
    followUps(state, p, out, values, n, every) {
      const value = moverValue;
      if (!every && !touches) {
        // Every move's worth is as the board stands: one worth less than or equal to an earlier one's
        // cannot be the first best.
        for (let k = 0; k < leaderCount; k++) {
          out[n] = moves[leaders[k]!]!;
          values[n++] = movesWorth[leaders[k]!]! - moverWorth[AFTER]!;
        }
      } else {
        for (let i = 0; i < moveCount; i++) {
          const placed = moves[i]! - t.actionBase;
          out[n] = moves[i]!;
          let after = movesWorth[i]!;
          if (touches && touched(state, placed)) {
            worth(state, p, placed, value);
            after = worthOf[0]!;
          }
          values[n++] = after - moverWorth[AFTER]!;
        }
      }
      if (t.crossroads[p.type] === 1) {
        out[n] = t.actionBase + p.placed;
        worth(state, p, p.placed, value);
        values[n++] = worthOf[0]! - moverWorth[AFTER]!;
      }
      return n;
    },
  };
}
