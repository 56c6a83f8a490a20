/**
 * `State`: one game in progress (`RULES.md` §1). Mutable and cheap to clone: only numbers and typed
 * arrays. A turn has two decisions, each with its own legal-action generator:
 *   PLACE  — where the drawn tile goes: action = cell * 4 + rotation (quarter turns clockwise);
 *   FOLLOW — what follows: 0 = nothing, 1 + s = a meeple on segment s of the placed tile, or an
 *            expansion's code (≥ ACTION_BLOCK, e.g. a tollhouse).
 * After the follow-up, features completed by the tile are scored, expansions score and end the turn,
 * and the next tile is drawn (tiles with no legal placement are discarded). After the last tile the
 * final scoring runs and the phase is OVER.
 *
 * Features are a union-find over tile segments (segment id g = placedIndex * S + s) with per-root
 * open-end and meeple counts and a circular member list, so a feature's tiles, pennants and meeples
 * are found by walking its members. Placing tiles and the frontier live in `board.ts`, scoring in
 * `scoring.ts`, the checkpoint journal's vocabulary in `journal.ts`.
 */
import { SEG_FIELD, SEGMENT_KINDS } from './catalog/types.ts';
import type { TileType } from './catalog/types.ts';
import type { EventSink } from './events.ts';
import type { Game } from './game.ts';
import { ACTION_BLOCK, SCORE_SOURCES, SOURCE } from './constants.ts';
import {
  J_DONE, J_FRONTIER, J_FRONTIER_REQ, J_GRID, J_MEEPLE, J_NEXT, J_OPEN_ENDS, J_PARENT, J_ROOT_MEEPLES, Saved,
} from './journal.ts';
import { placeTile, requirementAt } from './board.ts';
import { completedCitiesOf, finalScore, measureFeature, scoreTurn } from './scoring.ts';
import { PORTS, SIDES, facingPort, halfEdgeName, neighbourOffset, rotatePort, sideOfPort } from './geometry.ts';

export const PHASE_PLACE = 0;
export const PHASE_FOLLOW = 1;
export const PHASE_OVER = 2;
export const FOLLOW_NOTHING = 0;
export const FOLLOW_MEEPLE = 1;
/** Enough room for the legal actions of any turn (placements: frontier × 4; follow-ups: far fewer). */
export const MAX_ACTIONS_HINT = 4096;

/** The feature being scored, filled in by the engine and adjusted by `scoreFeature` hooks. Reused. */
export interface FeatureScore {
  root: number;
  kind: number;
  completed: boolean;
  tiles: number;
  pennants: number;
  /** Points each majority player scores under the feature's own source. */
  points: number;
  /** Extra points each majority player scores under `bonusSource`. */
  bonus: number;
  bonusSource: number;
  meeples: number;
  perPlayer: Int32Array;
}

export class State {
  readonly game: Game;
  /** Tile types in draw order (shared between clones, never written). */
  deck: Int16Array;
  deckPos = 0;
  currentPlayer = 0;
  phase = PHASE_PLACE;
  /** Tile type drawn for this turn, -1 when the game is over. */
  drawn = -1;
  /** Placed index of the tile placed this turn. */
  lastPlaced = -1;
  placedCount = 0;
  frontierCount = 0;
  completedCount = 0;
  /** Optional event sink (not cloned). */
  sink: EventSink | undefined = undefined;
  /** When set, the game stops before final scoring until `finalScoring()` is called (replays' `--no-final`). */
  deferFinal = false;
  finalScored = false;

  /** Per cell: placed index + 1 for a tile, -(frontier slot + 1) for an open position, 0 otherwise. */
  readonly grid: Int16Array;
  readonly placedType: Int16Array;
  readonly placedRot: Uint8Array;
  readonly placedCell: Int32Array;
  readonly frontier: Int32Array;
  /** The edge pattern each frontier cell requires, `(mask << 8) | value` (see `requirement`). */
  readonly frontierReq: Int32Array;
  readonly parent: Int32Array;
  readonly next: Int32Array;
  readonly openEnds: Int16Array;
  readonly rootMeeples: Uint8Array;
  /** Meeple on a segment: owner + 1, or 0. */
  readonly meeple: Int8Array;
  /** 1 on the root of a completed feature. */
  readonly done: Uint8Array;
  readonly meeplesLeft: Int8Array;
  /** Points by player and source: [player * SOURCES + source]. */
  readonly scores: Int32Array;
  readonly ext: Int32Array;
  /**
   * Per-game statistics (`Game.statNames`, then per-player blocks). Always whole numbers (counts,
   * points, seat indices), so the runner's sums of them stay exact.
   */
  readonly stats: Float64Array;
  /** Roots of the features completed this turn (read by `afterScoring` hooks). */
  readonly completedThisTurn: Int32Array;

  // Checkpoint state (not cloned: a clone starts with none open).
  private depth = 0;
  private journal = new Int32Array(3 * 256);
  private journalLength = 0;
  private readonly savedLevels: Saved[] = [];
  private quietSink: EventSink | undefined = undefined;

  private constructor(game: Game, deck: Int16Array, from?: State) {
    this.game = game;
    this.deck = deck;
    const tiles = game.maxTiles;
    const segs = tiles * game.segmentsPerTile;
    if (from) {
      this.grid = from.grid.slice();
      this.placedType = from.placedType.slice();
      this.placedRot = from.placedRot.slice();
      this.placedCell = from.placedCell.slice();
      this.frontier = from.frontier.slice();
      this.frontierReq = from.frontierReq.slice();
      this.parent = from.parent.slice();
      this.next = from.next.slice();
      this.openEnds = from.openEnds.slice();
      this.rootMeeples = from.rootMeeples.slice();
      this.meeple = from.meeple.slice();
      this.done = from.done.slice();
      this.meeplesLeft = from.meeplesLeft.slice();
      this.scores = from.scores.slice();
      this.ext = from.ext.slice();
      this.stats = from.stats.slice();
      this.completedThisTurn = from.completedThisTurn.slice();
      this.deckPos = from.deckPos;
      this.currentPlayer = from.currentPlayer;
      this.phase = from.phase;
      this.drawn = from.drawn;
      this.lastPlaced = from.lastPlaced;
      this.placedCount = from.placedCount;
      this.frontierCount = from.frontierCount;
      this.completedCount = from.completedCount;
      this.deferFinal = from.deferFinal;
      this.finalScored = from.finalScored;
    } else {
      this.grid = new Int16Array(game.gridSide * game.gridSide);
      this.placedType = new Int16Array(tiles);
      this.placedRot = new Uint8Array(tiles);
      this.placedCell = new Int32Array(tiles);
      this.frontier = new Int32Array(4 * tiles + 4);
      this.frontierReq = new Int32Array(4 * tiles + 4);
      this.parent = new Int32Array(segs);
      this.next = new Int32Array(segs);
      this.openEnds = new Int16Array(segs);
      this.rootMeeples = new Uint8Array(segs);
      this.meeple = new Int8Array(segs);
      this.done = new Uint8Array(segs);
      this.meeplesLeft = new Int8Array(game.players).fill(game.rules.meeples as number);
      this.scores = new Int32Array(game.players * SCORE_SOURCES.length);
      this.ext = new Int32Array(game.extSlots);
      this.stats = new Float64Array(game.statCount);
      this.completedThisTurn = new Int32Array(4 * game.segmentsPerTile + 16);
    }
  }

  /** A new game: the start tile at (0,0), then the first draw. */
  static start(game: Game, deck: Int16Array, startType = game.startType, startRotation = 0, deferFinal = false): State {
    const state = new State(game, deck);
    state.deferFinal = deferFinal;
    state.begin(startType, startRotation);
    return state;
  }

  /**
   * Starts a new game with the given deck in this state's memory, as `Game.newState` would, but
   * without allocating: clears only what the last game touched. The start tile is the default one.
   * The deck is kept by reference (not copied): leave it unchanged until the game is over.
   */
  restart(deck: Int16Array): void {
    if (this.depth !== 0) throw new Error('restart with an open checkpoint');
    const used = this.placedCount * this.game.segmentsPerTile;
    for (let i = 0; i < this.placedCount; i++) this.grid[this.placedCell[i]!] = 0;
    for (let i = 0; i < this.frontierCount; i++) this.grid[this.frontier[i]!] = 0;
    this.meeple.fill(0, 0, used);
    this.rootMeeples.fill(0, 0, used);
    this.done.fill(0, 0, used);
    this.scores.fill(0);
    this.ext.fill(0);
    this.stats.fill(0);
    this.meeplesLeft.fill(this.game.rules.meeples as number);
    this.deck = deck;
    this.deckPos = 0;
    this.currentPlayer = 0;
    this.lastPlaced = -1;
    this.placedCount = 0;
    this.frontierCount = 0;
    this.completedCount = 0;
    this.finalScored = false;
    this.begin(this.game.startType, 0);
  }

  private begin(startType: number, startRotation: number): void {
    // House rule `seatCompensation`: each seat starts with its points.
    const compensation = this.game.seatCompensation;
    for (let p = 0; p < compensation.length; p++) this.addScore(p, SOURCE.compensation, compensation[p]!);
    placeTile(this, startType, this.game.originCell, startRotation);
    for (const h of this.game.hooks) h.initState?.(this);
    this.beginTurn();
  }

  /** An independent copy (the event sink is not copied). */
  clone(): State {
    return new State(this.game, this.deck, this);
  }

  isOver(): boolean {
    return this.phase === PHASE_OVER;
  }

  // ---- legal actions and apply ---------------------------------------------------------------

  /** Writes the legal actions of the current phase into `out`; returns how many. */
  legalActions(out: Int32Array): number {
    if (this.phase === PHASE_PLACE) return this.legalPlacements(out);
    if (this.phase === PHASE_FOLLOW) return this.legalFollowUps(out);
    return 0;
  }

  /** Applies a legal action of the current phase (not checked: see `isLegal`). */
  apply(action: number): void {
    if (this.phase === PHASE_PLACE) this.applyPlacement(action);
    else if (this.phase === PHASE_FOLLOW) this.applyFollowUp(action);
    else throw new Error('the game is over');
  }

  /** Whether an action is legal now (for checked replays; not for the hot loop). */
  isLegal(action: number): boolean {
    const out = new Int32Array(MAX_ACTIONS_HINT);
    const n = this.legalActions(out);
    for (let i = 0; i < n; i++) if (out[i] === action) return true;
    return false;
  }

  // hot path
  legalPlacements(out: Int32Array): number {
    const codes = this.game.edgeCode;
    const t4 = this.drawn * 4;
    let n = 0;
    for (let i = 0; i < this.frontierCount; i++) {
      const cell = this.frontier[i]!;
      const req = requirementAt(this, i);
      const mask = req >>> 8;
      const val = req & 255;
      for (let r = 0; r < 4; r++) if ((codes[t4 + r]! & mask) === val) out[n++] = cell * 4 + r;
    }
    return n;
  }

  /**
   * A legal placement of the drawn tile drawn uniformly with `random` (values in [0, 1)), for search
   * agents' rollouts: tries random (frontier cell, rotation) pairs, and after `tries` misses picks
   * from the full list in `out` (uniform either way). Much cheaper than listing them all.
   */
  // hot path
  samplePlacement(random: () => number, out: Int32Array, tries = 32): number {
    const codes = this.game.edgeCode;
    const t4 = this.drawn * 4;
    for (let k = 0; k < tries; k++) {
      const i = Math.floor(random() * this.frontierCount);
      const r = Math.floor(random() * 4);
      const req = requirementAt(this, i);
      if ((codes[t4 + r]! & (req >>> 8)) === (req & 255)) return this.frontier[i]! * 4 + r;
    }
    return out[Math.floor(random() * this.legalPlacements(out))]!;
  }

  // hot path
  hasPlacement(type: number): boolean {
    const codes = this.game.edgeCode;
    const t4 = type * 4;
    for (let i = 0; i < this.frontierCount; i++) {
      const req = requirementAt(this, i);
      const mask = req >>> 8;
      const val = req & 255;
      for (let r = 0; r < 4; r++) if ((codes[t4 + r]! & mask) === val) return true;
    }
    return false;
  }

  /** Orientation index (type * 4 + rotation) of a placed tile. */
  orientation(placed: number): number {
    return this.placedType[placed]! * 4 + this.placedRot[placed]!;
  }

  // hot path
  legalFollowUps(out: Int32Array): number {
    const game = this.game;
    let n = 0;
    out[n++] = FOLLOW_NOTHING;
    if (this.meeplesLeft[this.currentPlayer]! > 0) {
      const type = this.placedType[this.lastPlaced]!;
      const S = game.segmentsPerTile;
      const count = game.segmentCount[type]!;
      const farmers = game.rules.farmers === 'on';
      for (let s = 0; s < count; s++) {
        if (!farmers && game.segmentKind[type * S + s] === SEG_FIELD) continue;
        const g = this.lastPlaced * S + s;
        if (this.rootMeeples[this.find(g)] === 0 || this.allowOnOccupied(g)) out[n++] = FOLLOW_MEEPLE + s;
      }
    }
    for (const h of game.hookLists.followUps) n = h.followUps(this, out, n);
    return n;
  }

  private allowOnOccupied(segment: number): boolean {
    for (const h of this.game.hookLists.allowOnOccupied) if (h.allowOnOccupied(this, segment)) return true;
    return false;
  }

  private applyPlacement(action: number): void {
    const cell = (action / 4) | 0;
    const rotation = action & 3;
    const type = this.drawn;
    this.lastPlaced = placeTile(this, type, cell, rotation);
    this.stats[0]! += 1; // tilesPlaced
    this.phase = PHASE_FOLLOW;
    if (this.sink) {
      this.sink({
        type: 'tilePlaced', turn: this.turnNumber(), player: this.currentPlayer, tile: this.game.catalog.types[type]!.id,
        x: this.game.xOf(cell), y: this.game.yOf(cell), rotation: rotation * 90,
      });
    }
  }

  private applyFollowUp(action: number): void {
    if (action >= ACTION_BLOCK) {
      this.game.hooks[((action / ACTION_BLOCK) | 0) - 1]!.applyFollowUp!(this, action);
    } else if (action !== FOLLOW_NOTHING) {
      this.deployMeeple(this.lastPlaced * this.game.segmentsPerTile + action - FOLLOW_MEEPLE, this.currentPlayer);
    }
    scoreTurn(this);
    for (const h of this.game.hookLists.endOfTurn) h.endOfTurn(this);
    this.stats[2]! += 1; // turns
    this.currentPlayer = (this.currentPlayer + 1) % this.game.players;
    this.beginTurn();
  }

  /** Puts one of `player`'s meeples on segment g. */
  deployMeeple(g: number, player: number): void {
    const root = this.find(g);
    if (this.depth !== 0) { this.log(J_MEEPLE, g, this.meeple[g]!); this.log(J_ROOT_MEEPLES, root, this.rootMeeples[root]!); }
    this.meeple[g] = player + 1;
    this.rootMeeples[root]! += 1;
    this.meeplesLeft[player]! -= 1;
    this.stats[this.game.statNames.length + player]! += 1; // meeplesDeployed: the first per-player stat
    for (const h of this.game.hookLists.meepleDeployed) h.meepleDeployed(this, g);
    if (this.sink) {
      this.sink({
        type: 'meeplePlaced', turn: this.turnNumber(), player,
        feature: SEGMENT_KINDS[this.segmentKind(g)]!, segment: this.describeSegment(g),
      });
    }
  }

  /** Draws until a tile can be placed; ends the game when the deck runs out. */
  private beginTurn(): void {
    while (this.deckPos < this.deck.length) {
      const type = this.deck[this.deckPos++]!;
      if (this.hasPlacement(type)) {
        this.drawn = type;
        this.phase = PHASE_PLACE;
        return;
      }
      this.stats[1]! += 1; // tilesDiscarded
      if (this.sink) this.sink({ type: 'tileDiscarded', turn: this.turnNumber(), player: this.currentPlayer, tile: this.game.catalog.types[type]!.id });
    }
    this.phase = PHASE_OVER;
    this.drawn = -1;
    if (!this.deferFinal) this.finalScoring();
  }

  /** Turn number shown in logs: 1 for the first placement after the start tile. */
  turnNumber(): number {
    return this.phase === PHASE_PLACE ? this.placedCount : this.placedCount - 1;
  }

  /** For scenario replays that name the player of a turn. */
  setCurrentPlayer(player: number): void {
    this.currentPlayer = player;
  }

  // ---- board and features ---------------------------------------------------------------------

  find(g: number): number {
    const parent = this.parent;
    if (this.depth !== 0) {
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

  /**
   * Writes from `out[at]` the monasteries on `cell` and its 8 neighbours that are surrounded but not
   * yet scored; returns the new end of `out`.
   */
  completeMonasteriesAround(cell: number, out: Int32Array, at: number): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    for (let dy = -G; dy <= G; dy += G) {
      for (let dx = -1; dx <= 1; dx++) {
        const k = this.grid[cell + dy + dx]! - 1;
        if (k < 0) continue;
        const ms = game.monasterySegment[this.placedType[k]!]!;
        if (ms >= 0 && this.done[k * S + ms] === 0 && this.neighbourCount(cell + dy + dx) === 8) out[at++] = k * S + ms;
      }
    }
    return at;
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

  /** Placed index at (x, y), or -1. */
  tileAt(x: number, y: number): number {
    if (!this.game.onGrid(x, y)) return -1;
    const v = this.grid[this.game.cellOf(x, y)]!;
    return v > 0 ? v - 1 : -1;
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

  // ---- scoring (scoring.ts) ----------------------------------------------------------------------

  /** Fills `f` with the size and occupation of feature `root` (no points). */
  measure(root: number, f: FeatureScore): void {
    measureFeature(this, root, f);
  }

  /** Completed cities the field `root` borders; fills `perPlayer` with its farmers per player. */
  completedCitiesOf(root: number, perPlayer: Int32Array): number {
    return completedCitiesOf(this, root, perPlayer);
  }

  /** Adds points to a player's score under a source (for expansions). */
  addScore(player: number, source: number, points: number): void {
    this.scores[player * SCORE_SOURCES.length + source]! += points;
  }

  /** Final scoring (`RULES.md` §1 "Game end"): incomplete features, then fields, then expansions. Once. */
  finalScoring(): void {
    if (this.phase !== PHASE_OVER || this.finalScored) throw new Error('final scoring runs once, after the last tile');
    this.finalScored = true;
    finalScore(this);
  }

  // ---- checkpoints -------------------------------------------------------------------------------
  //
  // `checkpoint()` then any `apply` calls, then `rollback(level)`, restores the state exactly. Search
  // agents use it to try actions without cloning: the small arrays are copied, writes to the big
  // ones (board, features, meeples) are journaled. Events are not sent while a checkpoint is open.

  /** Opens a checkpoint; returns its level for `rollback`. */
  checkpoint(): number {
    const level = this.depth++;
    let saved = this.savedLevels[level];
    if (!saved) {
      saved = new Saved(this.scores.slice(), this.meeplesLeft.slice(), this.ext.slice(), this.stats.slice());
      this.savedLevels[level] = saved;
    } else {
      saved.scores.set(this.scores);
      saved.meeplesLeft.set(this.meeplesLeft);
      saved.ext.set(this.ext);
      saved.stats.set(this.stats);
    }
    saved.journalLength = this.journalLength;
    const v = saved.scalars;
    v[0] = this.deckPos; v[1] = this.currentPlayer; v[2] = this.phase; v[3] = this.drawn; v[4] = this.lastPlaced;
    v[5] = this.placedCount; v[6] = this.frontierCount; v[7] = this.completedCount; v[8] = this.finalScored ? 1 : 0;
    if (level === 0) {
      this.quietSink = this.sink;
      this.sink = undefined;
    }
    return level;
  }

  /**
   * Restores the state to what it was when checkpoint `level` was opened and closes it (and any
   * above); with `keepOpen`, the checkpoint stays open for another try.
   */
  rollback(level: number, keepOpen = false): void {
    if (level < 0 || level >= this.depth) throw new Error(`no open checkpoint ${level}`);
    const saved = this.savedLevels[level]!;
    const j = this.journal;
    for (let e = this.journalLength - 3; e >= saved.journalLength; e -= 3) {
      const index = j[e + 1]!;
      const old = j[e + 2]!;
      switch (j[e]) {
        case J_PARENT: this.parent[index] = old; break;
        case J_OPEN_ENDS: this.openEnds[index] = old; break;
        case J_ROOT_MEEPLES: this.rootMeeples[index] = old; break;
        case J_NEXT: this.next[index] = old; break;
        case J_MEEPLE: this.meeple[index] = old; break;
        case J_DONE: this.done[index] = old; break;
        case J_GRID: this.grid[index] = old; break;
        case J_FRONTIER: this.frontier[index] = old; break;
        case J_FRONTIER_REQ: this.frontierReq[index] = old; break;
        default: throw new Error(`unknown journal entry ${j[e]}`);
      }
    }
    this.journalLength = saved.journalLength;
    this.scores.set(saved.scores);
    this.meeplesLeft.set(saved.meeplesLeft);
    this.ext.set(saved.ext);
    this.stats.set(saved.stats);
    const v = saved.scalars;
    this.deckPos = v[0]!; this.currentPlayer = v[1]!; this.phase = v[2]!; this.drawn = v[3]!; this.lastPlaced = v[4]!;
    this.placedCount = v[5]!; this.frontierCount = v[6]!; this.completedCount = v[7]!; this.finalScored = v[8] === 1;
    this.depth = keepOpen ? level + 1 : level;
    if (this.depth === 0) this.sink = this.quietSink;
  }

  /** Whether a checkpoint is open (writes to the board arrays must then be journaled). */
  journaling(): boolean {
    return this.depth !== 0;
  }

  /** Journals a write to a board array when a checkpoint is open (for the board and scoring modules). */
  record(code: number, index: number, old: number): void {
    if (this.depth !== 0) this.log(code, index, old);
  }

  private log(code: number, index: number, old: number): void {
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

  // ---- results ---------------------------------------------------------------------------------

  score(player: number): number {
    const W = SCORE_SOURCES.length;
    let sum = 0;
    for (let s = 0; s < W; s++) sum += this.scores[player * W + s]!;
    return sum;
  }

  totals(): number[] {
    return Array.from({ length: this.game.players }, (_, p) => this.score(p));
  }

  /** Points of a player by source name. */
  breakdown(player: number): Record<(typeof SCORE_SOURCES)[number], number> {
    const W = SCORE_SOURCES.length;
    return Object.fromEntries(SCORE_SOURCES.map((name, s) => [name, this.scores[player * W + s]!])) as Record<(typeof SCORE_SOURCES)[number], number>;
  }

  /** 1 + the number of players with a strictly higher score (ties share a rank). */
  rank(player: number): number {
    const mine = this.score(player);
    let rank = 1;
    for (let p = 0; p < this.game.players; p++) if (this.score(p) > mine) rank++;
    return rank;
  }

  /** Readable form of an action in the current phase, for logs and errors. */
  actionToString(action: number): string {
    if (this.phase === PHASE_PLACE) {
      const cell = (action / 4) | 0;
      return `${this.game.catalog.types[this.drawn]!.id} at (${this.game.xOf(cell)},${this.game.yOf(cell)}) rotation ${(action & 3) * 90}`;
    }
    if (action === FOLLOW_NOTHING) return 'nothing';
    if (action >= ACTION_BLOCK) {
      const h = this.game.hooks[((action / ACTION_BLOCK) | 0) - 1];
      return h?.describeFollowUp?.(this, action) ?? `expansion action ${action}`;
    }
    return `meeple on ${this.describeSegment(this.lastPlaced * this.game.segmentsPerTile + action - FOLLOW_MEEPLE)}`;
  }
}
