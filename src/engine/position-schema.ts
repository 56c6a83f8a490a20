/**
 * The position's field schema (`position.ts`): every array and scalar of a position, how it is
 * sized, how a checkpoint undoes it (journaled writes, a saved copy, or a count that is rolled back)
 * and how a restart clears it. The journal codes (`J_*`) are the journaled arrays' places in it.
 * `position.ts` derives clone, restart, checkpoint and rollback from it.
 */
import type { ExpansionStateLayout } from './expansion-state.ts';

/** The sizes a position is allocated with (provided by the game setup). */
export interface PositionLayout {
  readonly players: number;
  readonly maxTiles: number;
  readonly segmentsPerTile: number;
  readonly gridSide: number;
  readonly expansionState: ExpansionStateLayout;
  readonly statCount: number;
  /** The meeples each player starts with, by kind (`GameSetup.meepleKinds`): [kind * players + player]. */
  readonly meepleSupply: Int8Array;
  /** What a meeple of each kind counts in a majority, and whether any counts other than 1. */
  readonly meepleWeights: Int8Array;
  readonly weightedMeeples: boolean;
  /** The columns of a player's score breakdown. */
  readonly scoreSources: readonly string[];
}

export type NumberArray = Int8Array | Uint8Array | Int16Array | Int32Array | Float64Array;

export interface ArrayField {
  readonly make: (layout: PositionLayout) => NumberArray;
  /** journal: writes are logged; copy: saved whole at a checkpoint; count: valid up to a scalar count that a checkpoint saves. */
  readonly undo: 'journal' | 'copy' | 'count';
  /**
   * What a restart does: `cells` clears the cells of the placed tiles and of the frontier; `used`
   * zeroes the segments of the placed tiles; `zero` the whole array; `meeples` refills the supply;
   * `initial` copies the expansions' initial state; `none` leaves it (every entry is written before
   * it is read).
   */
  readonly restart: 'cells' | 'used' | 'zero' | 'meeples' | 'initial' | 'none';
}

const segments = (l: PositionLayout) => l.maxTiles * l.segmentsPerTile;

/** Every array of a position. The order of the journaled ones gives their journal codes (`J_*`). */
export const ARRAY_FIELDS = {
  parent: { make: (l) => new Int32Array(segments(l)), undo: 'journal', restart: 'none' },
  openEnds: { make: (l) => new Int16Array(segments(l)), undo: 'journal', restart: 'none' },
  rootMeeples: { make: (l) => new Uint8Array(segments(l)), undo: 'journal', restart: 'used' },
  next: { make: (l) => new Int32Array(segments(l)), undo: 'journal', restart: 'none' },
  meeple: { make: (l) => new Int8Array(segments(l)), undo: 'journal', restart: 'used' },
  meepleKind: { make: (l) => new Int8Array(segments(l)), undo: 'journal', restart: 'used' },
  done: { make: (l) => new Uint8Array(segments(l)), undo: 'journal', restart: 'used' },
  grid: { make: (l) => new Int16Array(l.gridSide * l.gridSide), undo: 'journal', restart: 'cells' },
  frontier: { make: (l) => new Int32Array(4 * l.maxTiles + 4), undo: 'journal', restart: 'none' },
  frontierReq: { make: (l) => new Int32Array(4 * l.maxTiles + 4), undo: 'journal', restart: 'none' },
  placedType: { make: (l) => new Int16Array(l.maxTiles), undo: 'count', restart: 'none' },
  placedRot: { make: (l) => new Uint8Array(l.maxTiles), undo: 'count', restart: 'none' },
  placedCell: { make: (l) => new Int32Array(l.maxTiles), undo: 'count', restart: 'none' },
  placedOrientation: { make: (l) => new Int16Array(l.maxTiles), undo: 'count', restart: 'none' },
  placedFrom: { make: (l) => new Float64Array(l.maxTiles), undo: 'count', restart: 'none' },
  monasteryTiles: { make: (l) => new Int16Array(l.maxTiles), undo: 'count', restart: 'none' },
  completedThisTurn: { make: (l) => new Int32Array(4 * l.segmentsPerTile + 16), undo: 'count', restart: 'none' },
  scores: { make: (l) => new Int32Array(l.players * l.scoreSources.length), undo: 'copy', restart: 'zero' },
  meeplesLeft: { make: (l) => l.meepleSupply.slice(), undo: 'copy', restart: 'meeples' },
  expansionBytes: { make: (l) => l.expansionState.initial.slice(), undo: 'copy', restart: 'initial' },
  stats: { make: (l) => new Float64Array(l.statCount), undo: 'copy', restart: 'zero' },
} as const satisfies Record<string, ArrayField>;

export type ArrayName = keyof typeof ARRAY_FIELDS;
export const ARRAY_NAMES = Object.keys(ARRAY_FIELDS) as ArrayName[];
const namesWhere = (test: (f: ArrayField) => boolean) => ARRAY_NAMES.filter((name) => test(ARRAY_FIELDS[name]));
export const JOURNALED = namesWhere((f) => f.undo === 'journal');
export const COPIED = namesWhere((f) => f.undo === 'copy');

// Journal codes: which array a logged write went to.
export const J_PARENT = JOURNALED.indexOf('parent');
export const J_OPEN_ENDS = JOURNALED.indexOf('openEnds');
export const J_ROOT_MEEPLES = JOURNALED.indexOf('rootMeeples');
export const J_NEXT = JOURNALED.indexOf('next');
export const J_MEEPLE = JOURNALED.indexOf('meeple');
export const J_MEEPLE_KIND = JOURNALED.indexOf('meepleKind');
export const J_DONE = JOURNALED.indexOf('done');
export const J_GRID = JOURNALED.indexOf('grid');
export const J_FRONTIER = JOURNALED.indexOf('frontier');
export const J_FRONTIER_REQ = JOURNALED.indexOf('frontierReq');

/** Scalars saved at a checkpoint and copied by a clone, with the value a restart gives them (null: set by the new game's start). */
export const SCALAR_FIELDS = {
  deckPos: 0,
  currentPlayer: 0,
  phase: null,
  drawn: null,
  lastPlaced: -1,
  placedCount: 0,
  frontierCount: 0,
  completedCount: 0,
  finalScored: 0,
  monasteryCount: 0,
  positionId: null,
} as const;
type ScalarName = keyof typeof SCALAR_FIELDS;
export const SCALAR_NAMES = Object.keys(SCALAR_FIELDS) as ScalarName[];
