/**
 * The position floor: one game's numbers and typed arrays, with no rules. One field schema
 * (`position-schema.ts`: `ARRAY_FIELDS`, `SCALAR_FIELDS`) says for every field how it is sized, how
 * a checkpoint undoes it (journaled writes, a saved copy, or a count that is rolled back) and how a
 * restart clears it; clone, restart, checkpoint and rollback are derived from it.
 *
 * Checkpoints: `checkpoint()` then any writes, then `rollback(level)`, restores the position exactly.
 * The small arrays and the scalars are copied at the checkpoint; writes to the big arrays go through
 * `record(code, index, old)` (code = the field's place in `JOURNALED`, the `J_*` codes). Events are
 * not sent while a checkpoint is open.
 *
 * The expansions' declared state (`expansion-state.ts`) is one field of the schema, a byte buffer
 * copied at a checkpoint and reset to its initial image by a restart; each expansion reaches its
 * own part only through the views the game setup hands it (`expansionViews`).
 */
import { PHASE_PLACE } from './constants.ts';
import type { EventSink } from './events.ts';
import { ARRAY_FIELDS, ARRAY_NAMES, COPIED, JOURNALED, SCALAR_FIELDS, SCALAR_NAMES } from './position-schema.ts';
import type { ArrayField, ArrayName, NumberArray, PositionLayout } from './position-schema.ts';

export {
  ARRAY_FIELDS,
  J_DONE,
  J_FRONTIER,
  J_FRONTIER_REQ,
  J_GRID,
  J_MEEPLE,
  J_MEEPLE_KIND,
  J_NEXT,
  J_OPEN_ENDS,
  J_PARENT,
  J_ROOT_MEEPLES,
  SCALAR_FIELDS,
} from './position-schema.ts';
export type { PositionLayout } from './position-schema.ts';

/*
 * Straight-line code derived from the schema for the checkpoint's hot paths: each field access stays
 * monomorphic, which a loop over field names would not (measured: checkpoint + apply + rollback about
 * 30 % slower with loops). Only names from the schema above go into it.
 */
type ScalarCopy = (position: Position, values: Float64Array) => void;
const saveScalars = new Function(
  'p',
  'v',
  SCALAR_NAMES.map((name, i) => `v[${i}] = p.${name};`).join('\n'),
) as ScalarCopy;
const restoreScalars = new Function(
  'p',
  'v',
  SCALAR_NAMES.map((name, i) => `p.${name} = v[${i}];`).join('\n'),
) as ScalarCopy;
const copyScalars = new Function('to', 'from', SCALAR_NAMES.map((name) => `to.${name} = from.${name};`).join('\n')) as (
  to: Position,
  from: Position,
) => void;
/** Copies every array of a position into another's of the same layout (`copyFrom`). */
const copyAllArrays = new Function(
  'to',
  'from',
  ARRAY_NAMES.map((name) => `to.${name}.set(from.${name});`).join('\n'),
) as (to: Position, from: Position) => void;
/** Copies each copied array into its saved copy (`save`) or back (`restore`), element by element: they are small. */
type ArrayCopy = (position: Position, saved: NumberArray[]) => void;
const copyLoop = (from: string, to: string) =>
  `{ const from = ${from}, to = ${to}; for (let k = 0; k < from.length; k++) to[k] = from[k]; }`;
const saveArrays = new Function(
  'p',
  'a',
  COPIED.map((name, i) => copyLoop(`p.${name}`, `a[${i}]`)).join('\n'),
) as ArrayCopy;
const restoreArrays = new Function(
  'p',
  'a',
  COPIED.map((name, i) => copyLoop(`a[${i}]`, `p.${name}`)).join('\n'),
) as ArrayCopy;
/** Undoes the journal entries from `end` back to `start` (entries: code, index, old value). */
const undoJournal = new Function(
  'p',
  'j',
  'start',
  'end',
  `
  for (let e = end - 3; e >= start; e -= 3) {
    const index = j[e + 1];
    const old = j[e + 2];
    switch (j[e]) {
      ${JOURNALED.map((name, code) => `case ${code}: p.${name}[index] = old; break;`).join('\n      ')}
      default: throw new Error('unknown journal entry ' + j[e]);
    }
  }`,
) as (position: Position, journal: Int32Array, start: number, end: number) => void;

/** What a restart does to each array (`ArrayField.restart`) and to the scalars, written out for the same reason. */
const RESTART_CODE: Record<ArrayField['restart'], (array: string) => string> = {
  cells: (a) =>
    `for (let i = 0; i < p.placedCount; i++) ${a}[p.placedCell[i]] = 0;\nfor (let i = 0; i < p.frontierCount; i++) ${a}[p.frontier[i]] = 0;`,
  used: (a) => `${a}.fill(0, 0, p.placedCount * p.layout.segmentsPerTile);`,
  zero: (a) => `${a}.fill(0);`,
  meeples: (a) => `${a}.set(p.layout.meepleSupply);`,
  initial: (a) => `${a}.set(p.layout.expansionState.initial);`,
  none: () => '',
};
const restartFields = new Function(
  'p',
  [
    ...ARRAY_NAMES.map((name) => RESTART_CODE[ARRAY_FIELDS[name].restart](`p.${name}`)),
    ...SCALAR_NAMES.flatMap((name) => (SCALAR_FIELDS[name] === null ? [] : [`p.${name} = ${SCALAR_FIELDS[name]};`])),
  ].join('\n'),
) as (position: Position) => void;

/** A checkpoint's copy of the copied arrays and the scalars. */
class Saved {
  journalLength = 0;
  readonly scalars = new Float64Array(SCALAR_NAMES.length);
  constructor(readonly arrays: NumberArray[]) {}
}

let viewsOf: (position: Position) => readonly object[];

/** The last position id given out, in any position (never taken back, so that no two positions share one). */
let lastId = 0;

/**
 * The views of the k-th expansion's declared state in a position (for the game setup, which hands
 * each expansion its own). Hooks pass their read-only view of the state, which is the position
 * itself; anything else throws (a private field read).
 */
export function expansionViews(position: object, k: number): object {
  return viewsOf(position as Position)[k]!;
}

export class Position {
  static {
    viewsOf = (position) => position.#expansionViews;
  }

  /** Tile types in draw order (shared between clones, never written). */
  deck: Int16Array;
  deckPos = 0;
  currentPlayer = 0;
  phase = 0;
  /** Tile type drawn for this turn, -1 when the game is over. */
  drawn = -1;
  /** Placed index of the tile placed this turn. */
  lastPlaced = -1;
  placedCount = 0;
  frontierCount = 0;
  monasteryCount = 0;
  completedCount = 0;
  /** 1 once the final scoring ran. */
  finalScored = 0;
  /**
   * Names the position among all this object has been in: a fresh number whenever it changes
   * (`renew`), the old one back with a rollback. With `placedFrom`, lets an agent that read a
   * position tell whether the present one follows from it (`followsFrom`).
   */
  positionId = 0;
  /** When set, the game stops before final scoring until `finalScoring()` is called (replays' `--no-final`). Copied by a clone. */
  deferFinal = false;
  /** Optional event sink (not cloned). */
  sink: EventSink | undefined = undefined;

  /** Per cell: placed index + 1 for a tile, -(frontier slot + 1) for an open position, 0 otherwise. */
  declare readonly grid: Int16Array;
  declare readonly placedType: Int16Array;
  declare readonly placedRot: Uint8Array;
  declare readonly placedCell: Int32Array;
  /** type * 4 + rotation of each placed tile, read on every look at a neighbour. */
  declare readonly placedOrientation: Int16Array;
  /** Per placed tile: the `positionId` of the position it was placed from. */
  declare readonly placedFrom: Float64Array;
  /** Placed indices of the tiles with a monastery, in placement order (the first `monasteryCount`). */
  declare readonly monasteryTiles: Int16Array;
  declare readonly frontier: Int32Array;
  /** The edge pattern each frontier cell requires, `(mask << 8) | value` (`frontier.ts`). */
  declare readonly frontierReq: Int32Array;
  declare readonly parent: Int32Array;
  declare readonly next: Int32Array;
  declare readonly openEnds: Int16Array;
  declare readonly rootMeeples: Uint8Array;
  /** Meeple on a segment: owner + 1, or 0. */
  declare readonly meeple: Int8Array;
  /** The kind of the meeple on a segment (`GameSetup.meepleKinds`; 0, the plain meeple, where there is none). */
  declare readonly meepleKind: Int8Array;
  /** 1 on the root of a completed feature. */
  declare readonly done: Uint8Array;
  /** Meeples in each player's supply by kind: [kind * players + player], so the plain meeples are [player]. */
  declare readonly meeplesLeft: Int8Array;
  /** Points by player and source: [player * sourceCount + source], sources as in `layout.scoreSources`. */
  declare readonly scores: Int32Array;
  /** The expansions' declared state, laid out by `layout.expansionState`; reached through `#expansionViews`. */
  declare private readonly expansionBytes: Uint8Array<ArrayBuffer>;
  /** Per expansion, typed views of its fields over `expansionBytes`. */
  #expansionViews: readonly object[];
  /**
   * Per-game statistics (the setup's `statNames`, then per-player blocks). Always whole numbers
   * (counts, points, seat indices), so the runner's sums of them stay exact.
   */
  declare readonly stats: Float64Array;
  /** Roots of the features completed this turn (read by `afterScoring` hooks). */
  declare readonly completedThisTurn: Int32Array;

  /** Score sources per player (the stride of `scores`). */
  readonly sourceCount: number;

  // Checkpoint state (not cloned: a clone starts with none open).
  private depth = 0;
  private journal = new Int32Array(3 * 256);
  private journalLength = 0;
  private readonly savedLevels: Saved[] = [];
  private quietSink: EventSink | undefined = undefined;

  protected constructor(
    readonly layout: PositionLayout,
    deck: Int16Array,
    from?: Position,
  ) {
    this.deck = deck;
    this.sourceCount = layout.scoreSources.length;
    const self = this as unknown as Record<ArrayName, NumberArray>;
    for (const name of ARRAY_NAMES)
      self[name] = from
        ? (from as unknown as Record<ArrayName, NumberArray>)[name].slice()
        : ARRAY_FIELDS[name].make(layout);
    if (from) {
      copyScalars(this, from);
      this.deferFinal = from.deferFinal;
    }
    this.#expansionViews = layout.expansionState.views(this.expansionBytes.buffer);
  }

  /**
   * Makes this position what a clone of `from` drawing from `deck` would be, in this position's own
   * memory (a search that copies the position it is handed at every choice need not allocate a state
   * each time). Both must be positions of one game; no checkpoint may be open here.
   */
  protected copyFrom(from: Position, deck: Int16Array): void {
    if (this.depth !== 0) throw new Error('copy into a position with an open checkpoint');
    if (from.layout !== this.layout) throw new Error('copy from a position of another game');
    copyAllArrays(this, from);
    copyScalars(this, from);
    this.deferFinal = from.deferFinal;
    this.deck = deck;
  }

  /** A copy of every expansion's declared state, by expansion name and field name (for tests and debugging). */
  expansionState(): Record<string, Record<string, number[]>> {
    return this.layout.expansionState.read(this.expansionBytes.buffer);
  }

  /**
   * Clears what the last game touched, as a fresh position would be (the new game's start is up to
   * the caller). The deck is kept by reference: leave it unchanged until the game is over.
   */
  protected clear(deck: Int16Array): void {
    if (this.depth !== 0) throw new Error('restart with an open checkpoint');
    restartFields(this);
    this.deck = deck;
  }

  /** Gives the position a fresh id: called by every change of the position other than a rollback. */
  protected renew(): void {
    this.positionId = ++lastId;
  }

  /**
   * Whether this is the position whose id was `id`, a position in phase PLACE with `placed` tiles, or
   * one reached from it by applying actions (with any tries rolled back in between). Ids are never
   * reused, and tile `placed` records the id of the position it was placed from.
   */
  followsFrom(id: number, placed: number): boolean {
    return this.positionId === id || (this.placedCount > placed && this.placedFrom[placed] === id);
  }

  /** Adds points to a player's score under a source (for expansions); whole points only (the scores are integers). */
  addScore(player: number, source: number, points: number): void {
    if (!Number.isInteger(points)) throw new Error(`addScore: ${points} is not a whole number of points`);
    this.scores[player * this.sourceCount + source]! += points;
  }

  /** Adds to a statistic (an index from `SetupContext.stat` or `playerStat`); whole numbers only, as every statistic. */
  addStat(index: number, amount: number): void {
    if (!Number.isInteger(amount)) throw new Error(`addStat: ${amount} is not a whole number`);
    this.stats[index]! += amount;
  }

  /** Sets a statistic (e.g. a card's first holder); whole numbers only. */
  setStat(index: number, value: number): void {
    if (!Number.isInteger(value)) throw new Error(`setStat: ${value} is not a whole number`);
    this.stats[index] = value;
  }

  /** Turn number shown in logs: 1 for the first placement after the start tile. */
  turnNumber(): number {
    return this.phase === PHASE_PLACE ? this.placedCount : this.placedCount - 1;
  }

  // ---- results ---------------------------------------------------------------------------------

  score(player: number): number {
    const W = this.sourceCount;
    let sum = 0;
    for (let s = 0; s < W; s++) sum += this.scores[player * W + s]!;
    return sum;
  }

  totals(): number[] {
    return Array.from({ length: this.layout.players }, (_, p) => this.score(p));
  }

  /** Points of a player by source name. */
  breakdown(player: number): Record<string, number> {
    const W = this.sourceCount;
    return Object.fromEntries(this.layout.scoreSources.map((name, s) => [name, this.scores[player * W + s]!]));
  }

  /** 1 + the number of players with a strictly higher score (ties share a rank). */
  rank(player: number): number {
    const mine = this.score(player);
    let rank = 1;
    for (let p = 0; p < this.layout.players; p++) if (this.score(p) > mine) rank++;
    return rank;
  }

  // ---- checkpoints -------------------------------------------------------------------------------

  /** Opens a checkpoint; returns its level for `rollback`. */
  checkpoint(): number {
    const level = this.depth++;
    let saved = this.savedLevels[level];
    if (!saved) {
      saved = new Saved(COPIED.map((name) => this[name].slice()));
      this.savedLevels[level] = saved;
    } else {
      saveArrays(this, saved.arrays);
    }
    saved.journalLength = this.journalLength;
    saveScalars(this, saved.scalars);
    if (level === 0) {
      this.quietSink = this.sink;
      this.sink = undefined;
    }
    return level;
  }

  /**
   * Restores the position to what it was when checkpoint `level` was opened and closes it (and any
   * above); with `keepOpen`, the checkpoint stays open for another try.
   */
  rollback(level: number, keepOpen = false): void {
    if (level < 0 || level >= this.depth) throw new Error(`no open checkpoint ${level}`);
    const saved = this.savedLevels[level]!;
    undoJournal(this, this.journal, saved.journalLength, this.journalLength);
    this.journalLength = saved.journalLength;
    restoreArrays(this, saved.arrays);
    restoreScalars(this, saved.scalars);
    this.depth = keepOpen ? level + 1 : level;
    if (this.depth === 0) this.sink = this.quietSink;
  }

  /** Whether a checkpoint is open (writes to the journaled arrays must then be recorded). */
  journaling(): boolean {
    return this.depth !== 0;
  }

  /** Journals a write to a journaled array when a checkpoint is open. */
  record(code: number, index: number, old: number): void {
    if (this.depth === 0) return;
    if (this.journalLength + 3 > this.journal.length) {
      const bigger = new Int32Array(this.journal.length * 2);
      bigger.set(this.journal);
      this.journal = bigger;
    }
    const j = this.journal;
    j[this.journalLength++] = code;
    j[this.journalLength++] = index;
    j[this.journalLength++] = old;
  }
}
