/**
 * The view the engine hands the rule modules' hooks (`BoardView`, `expansion.ts`): every read and
 * every permitted change is a method that forwards to the state, and nothing else is there — no
 * array of the position, no setter, no way to the state behind it (a private field). A hook that
 * writes through a cast fails at run time (`(view as any).done[0] = 1` finds no `done`; assigning a
 * scalar finds a getter only; the view is frozen), as it fails to compile without one. One view per
 * state, made on first use (`Turn.hooksView`).
 */
import type { Board } from './board.ts';
import type { BoardView } from './expansion.ts';
import type { FeatureScore } from './tables.ts';
import type { SegmentField } from './segment-field.ts';

let behind: (view: object) => object;

/** The state a hook view reads (for the setup context's `own` and `emit`); any other object is returned as it is (the preview's state). */
export function stateBehind(view: object): object {
  return behind(view);
}

export class HookView implements BoardView {
  static {
    behind = (view) => (#state in view ? view.#state : view);
  }

  readonly #state: Board;

  constructor(state: Board) {
    this.#state = state;
    Object.freeze(this);
  }

  get game() {
    return this.#state.game;
  }
  get currentPlayer() {
    return this.#state.currentPlayer;
  }
  get placedCount() {
    return this.#state.placedCount;
  }
  get lastPlaced() {
    return this.#state.lastPlaced;
  }
  get completedCount() {
    return this.#state.completedCount;
  }
  get sink() {
    return this.#state.sink;
  }

  // The feature API (`FeatureView`).
  find(g: number) {
    return this.#state.find(g);
  }
  segmentKind(g: number) {
    return this.#state.segmentKind(g);
  }
  tileOf(g: number) {
    return this.#state.tileOf(g);
  }
  segmentsOf(placed: number) {
    return this.#state.segmentsOf(placed);
  }
  members(root: number, out: Int32Array) {
    return this.#state.members(root, out);
  }
  measure(root: number, f: FeatureScore) {
    this.#state.measure(root, f);
  }
  tally(root: number, perPlayer: Int32Array) {
    return this.#state.tally(root, perPlayer);
  }
  figures(root: number, perPlayer: Int32Array) {
    this.#state.figures(root, perPlayer);
  }
  isCompleted(root: number) {
    return this.#state.isCompleted(root);
  }
  openEndsOf(root: number) {
    return this.#state.openEndsOf(root);
  }
  meeplesOn(root: number) {
    return this.#state.meeplesOn(root);
  }
  occupantOf(g: number) {
    return this.#state.occupantOf(g);
  }
  meepleWeight(g: number) {
    return this.#state.meepleWeight(g);
  }
  meepleSegments(out: Int32Array) {
    return this.#state.meepleSegments(out);
  }
  completedCitiesOf(root: number, perPlayer: Int32Array) {
    return this.#state.completedCitiesOf(root, perPlayer);
  }
  citiesBordered(root: number, counts: Int32Array, open?: Int32Array) {
    this.#state.citiesBordered(root, counts, open);
  }
  neighboursOf(placed: number) {
    return this.#state.neighboursOf(placed);
  }
  closesFeature(placed: number) {
    return this.#state.closesFeature(placed);
  }
  tilesLeft(out: Int32Array) {
    this.#state.tilesLeft(out);
  }
  cellPattern(cell: number) {
    return this.#state.cellPattern(cell);
  }
  fitsPattern(type: number, pattern: number) {
    return this.#state.fitsPattern(type, pattern);
  }
  fittingTiles(cell: number, tilesLeft: Int32Array) {
    return this.#state.fittingTiles(cell, tilesLeft);
  }
  openEndCells(root: number, out: Int32Array) {
    return this.#state.openEndCells(root, out);
  }
  emptyCellsAround(placed: number, out: Int32Array) {
    return this.#state.emptyCellsAround(placed, out);
  }
  prospect(placement: number) {
    return this.#state.prospect(placement);
  }
  fieldAt(field: SegmentField, g: number) {
    return this.#state.fieldAt(field, g);
  }
  fieldSum(field: SegmentField, root: number) {
    return this.#state.fieldSum(field, root);
  }
  majority(root: number) {
    return this.#state.majority(root);
  }
  openOccupiedWith(field: SegmentField, out: Int32Array) {
    return this.#state.openOccupiedWith(field, out);
  }

  // The board's queries by placed tile and cell.
  typeOf(placed: number) {
    return this.#state.typeOf(placed);
  }
  typeIndexOf(placed: number) {
    return this.#state.typeIndexOf(placed);
  }
  segmentAt(placed: number, segment: number) {
    return this.#state.segmentAt(placed, segment);
  }
  cellOf(placed: number) {
    return this.#state.cellOf(placed);
  }
  segmentIdLimit() {
    return this.#state.segmentIdLimit();
  }
  meepleKindOf(g: number) {
    return this.#state.meepleKindOf(g);
  }
  hasMeepleInHand(player: number) {
    return this.#state.hasMeepleInHand(player);
  }
  completedFeature(i: number) {
    return this.#state.completedFeature(i);
  }
  tileAt(x: number, y: number) {
    return this.#state.tileAt(x, y);
  }
  orientation(placed: number) {
    return this.#state.orientation(placed);
  }
  segmentsAcross(g: number, out: Int32Array) {
    return this.#state.segmentsAcross(g, out);
  }
  neighbourCount(cell: number) {
    return this.#state.neighbourCount(cell);
  }
  describeSegment(g: number) {
    return this.#state.describeSegment(g);
  }
  turnNumber() {
    return this.#state.turnNumber();
  }
  score(player: number) {
    return this.#state.score(player);
  }

  // What a hook may change: scores and statistics (its own state goes through `SetupContext.own`).
  addScore(player: number, source: number, points: number) {
    this.#state.addScore(player, source, points);
  }
  addStat(index: number, amount: number) {
    this.#state.addStat(index, amount);
  }
  setStat(index: number, value: number) {
    this.#state.setStat(index, value);
  }
}
