/**
 * The turn floor (docs/rules.md §1 "A turn", "The end of the game"): phases, legal-move generators, apply, discards
 * and the end of the game, on a board of a game with its rules and hooks. A turn has two decisions,
 * each with its own legal-action generator:
 *   PLACE  — where the drawn tile goes: action = cell * 4 + rotation (quarter turns clockwise);
 *   FOLLOW — what follows: 0 = nothing, 1 + s = a meeple on segment s of the placed tile (1 + 16k + s
 *            for one of meeple kind k, `meepleFollowUp`), or an expansion's code (≥ ACTION_BLOCK,
 *            e.g. a tollhouse).
 * After the follow-up, features completed by the tile are scored, expansions score and end the turn,
 * and the next tile is drawn (tiles with no legal placement are discarded). After the last tile the
 * final scoring runs and the phase is OVER.
 */
import { Board } from './board.ts';
import { MAX_SEGMENTS_PER_TILE } from './catalog/compile.ts';
import { SEGMENT_KINDS } from './catalog/types.ts';
import { ACTION_BLOCK, FOLLOW_MEEPLE_CODE, PHASE_FOLLOW, PHASE_OVER, PHASE_PLACE } from './constants.ts';
import type { BoardView } from './expansion.ts';
import type { GameSetup } from './game.ts';
import { HookView } from './hook-view.ts';
import { J_MEEPLE, J_MEEPLE_KIND, J_ROOT_MEEPLES } from './position.ts';
import { finalScore, scoreTurn } from './scoring.ts';

export const FOLLOW_NOTHING = 0;
export const FOLLOW_MEEPLE = FOLLOW_MEEPLE_CODE;

/** The follow-up code of a meeple of kind `kind` (0: the plain meeple) on segment `segment` of the placed tile. */
export const meepleFollowUp = (kind: number, segment: number): number =>
  FOLLOW_MEEPLE + kind * MAX_SEGMENTS_PER_TILE + segment;
/** The segment of the placed tile a meeple follow-up (`FOLLOW_MEEPLE` ≤ action < `ACTION_BLOCK`) puts its meeple on. */
export const followUpSegment = (action: number): number => (action - FOLLOW_MEEPLE) % MAX_SEGMENTS_PER_TILE;
/** The meeple kind of a meeple follow-up. */
export const followUpKind = (action: number): number => ((action - FOLLOW_MEEPLE) / MAX_SEGMENTS_PER_TILE) | 0;
/** The segment (id as in `board.ts`) a follow-up puts a meeple on, of any kind, or -1 when it puts none (for `ExpansionHooks.usesMechanic`). */
export function meepleSegmentOf(
  state: Pick<BoardView, 'lastPlaced'> & { readonly game: { readonly segmentsPerTile: number } },
  followUp: number,
): number {
  return followUp >= FOLLOW_MEEPLE && followUp < ACTION_BLOCK
    ? state.lastPlaced * state.game.segmentsPerTile + followUpSegment(followUp)
    : -1;
}
/** Enough room for the legal actions of any turn (placements: frontier × 4; follow-ups: far fewer). */
export const MAX_ACTIONS_HINT = 4096;

export class Turn<G extends GameSetup = GameSetup> extends Board<G> {
  /** What the rule modules' hooks get of this state (`hook-view.ts`), made on first use. */
  #hooksView: BoardView | undefined = undefined;

  /** The read-only view of this state that the rule modules' hooks are handed (`BoardView`). */
  get hooksView(): BoardView {
    if (this.#hooksView === undefined) this.#hooksView = new HookView(this);
    return this.#hooksView;
  }

  /** Places the start tile, lets the rule modules set up (the base game's gives each seat its starting points), draws the first tile. */
  protected begin(startType: number, startRotation: number): void {
    this.renew();
    this.placeTile(startType, this.game.originCell, startRotation);
    this.game.baseHooks.initState?.(this.hooksView);
    for (const h of this.game.hooks) h.initState?.(this.hooksView);
    this.beginTurn();
  }

  isOver(): boolean {
    return this.phase === PHASE_OVER;
  }

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
    this.renew();
  }

  /** Whether an action is legal now (for checked replays; not for the hot loop). */
  isLegal(action: number): boolean {
    const out = new Int32Array(MAX_ACTIONS_HINT);
    const n = this.legalActions(out);
    for (let i = 0; i < n; i++) if (out[i] === action) return true;
    return false;
  }

  /** The legal placements of the drawn tile. hot path */
  legalPlacements(out: Int32Array): number {
    return this.placementsOf(this.drawn, out);
  }

  /** How many legal placements the drawn tile has (what `legalPlacements` returns), without listing them. hot path */
  legalPlacementCount(): number {
    return this.countPlacements(this.drawn);
  }

  /** The legal placement at `index` of the list `legalPlacements` writes, without writing it; `count` is `legalPlacementCount()`. hot path */
  legalPlacementAt(index: number, count: number): number {
    return this.nthPlacement(this.drawn, index, count);
  }

  /**
   * A legal placement of the drawn tile drawn uniformly with `random` (values in [0, 1)), for search
   * agents' rollouts: tries random (frontier cell, rotation) pairs, and after `tries` misses picks
   * from the full list in `out` (uniform either way). Much cheaper than listing them all.
   */
  // hot path
  samplePlacement(random: () => number, out: Int32Array, tries = 32): number {
    const fits = this.game.fits;
    const t256 = this.drawn * 256;
    for (let k = 0; k < tries; k++) {
      const i = Math.floor(random() * this.frontierCount);
      const r = Math.floor(random() * 4);
      if ((fits[t256 + (this.frontierReq[i]! & 255)]! >> r) & 1) return this.frontier[i]! * 4 + r;
    }
    return out[Math.floor(random() * this.legalPlacements(out))]!;
  }

  // hot path
  legalFollowUps(out: Int32Array): number {
    const game = this.game;
    let n = 0;
    out[n++] = FOLLOW_NOTHING;
    // One block of targets per meeple kind the player still has (the plain meeple's first).
    const kinds = game.meepleKinds.length;
    for (let k = 0; k < kinds; k++) {
      if (this.meeplesLeft[k * game.players + this.currentPlayer]! === 0) continue;
      const type = this.placedType[this.lastPlaced]!;
      const S = game.segmentsPerTile;
      const count = game.segmentCount[type]!;
      const everywhere = game.meepleEverywhere;
      const spots = game.meepleSpots;
      const first = FOLLOW_MEEPLE + k * MAX_SEGMENTS_PER_TILE;
      for (let s = 0; s < count; s++) {
        if (!everywhere && spots[type * S + s] === 0) continue;
        const g = this.lastPlaced * S + s;
        if (this.rootMeeples[this.find(g)] === 0 || this.allowOnOccupied(g)) out[n++] = first + s;
      }
    }
    for (const h of game.hookLists.followUps) n = h.followUps(this.hooksView, out, n);
    return n;
  }

  private allowOnOccupied(segment: number): boolean {
    for (const h of this.game.hookLists.allowOnOccupied) if (h.allowOnOccupied(this.hooksView, segment)) return true;
    return false;
  }

  private applyPlacement(action: number): void {
    const cell = (action / 4) | 0;
    const rotation = action & 3;
    const type = this.drawn;
    this.lastPlaced = this.placeTile(type, cell, rotation);
    this.stats[0]! += 1; // tilesPlaced
    this.phase = PHASE_FOLLOW;
    if (this.sink) {
      this.sink({
        type: 'tilePlaced',
        turn: this.turnNumber(),
        player: this.currentPlayer,
        tile: this.game.catalog.types[type]!.id,
        x: this.game.xOf(cell),
        y: this.game.yOf(cell),
        rotation: rotation * 90,
      });
    }
  }

  private applyFollowUp(action: number): void {
    this.stageFollowUp(action);
    scoreTurn(this);
    for (const h of this.game.hookLists.endOfTurn) h.endOfTurn(this.hooksView);
    this.stats[2]! += 1; // turns
    this.currentPlayer = (this.currentPlayer + 1) % this.game.players;
    this.beginTurn();
  }

  /**
   * The first half of a follow-up (phase FOLLOW, legal `action`): its piece goes on the board, but the
   * turn does not end (no scoring, no next draw). For agents valuing a turn that completes nothing,
   * whose ending changes nothing an evaluation reads; take it back with a rollback.
   */
  stageFollowUp(action: number): void {
    if (action >= ACTION_BLOCK) {
      this.game.hooks[((action / ACTION_BLOCK) | 0) - 1]!.applyFollowUp!(this.hooksView, action);
    } else if (action !== FOLLOW_NOTHING) {
      this.deployMeeple(
        this.lastPlaced * this.game.segmentsPerTile + followUpSegment(action),
        this.currentPlayer,
        followUpKind(action),
      );
    }
    this.renew();
  }

  /** Puts one of `player`'s meeples of kind `kind` (0: the plain meeple) on segment g. */
  deployMeeple(g: number, player: number, kind = 0): void {
    const root = this.find(g);
    this.record(J_MEEPLE, g, this.meeple[g]!);
    this.record(J_ROOT_MEEPLES, root, this.rootMeeples[root]!);
    this.meeple[g] = player + 1;
    if (kind !== 0) {
      this.record(J_MEEPLE_KIND, g, this.meepleKind[g]!);
      this.meepleKind[g] = kind;
    }
    this.rootMeeples[root]! += 1;
    this.meeplesLeft[kind * this.game.players + player]! -= 1;
    // meeplesDeployed (the first per-player stat), then its feature kind's count (`BASE_PLAYER_STATS`).
    const stats = this.game.statNames.length;
    this.stats[stats + player]! += 1;
    this.stats[stats + (1 + this.segmentKind(g)) * this.game.players + player]! += 1;
    for (const h of this.game.hookLists.meepleDeployed) h.meepleDeployed(this.hooksView, g);
    if (this.sink) {
      this.sink({
        type: 'meeplePlaced',
        turn: this.turnNumber(),
        player,
        feature: SEGMENT_KINDS[this.segmentKind(g)]!,
        segment: this.describeSegment(g),
        ...(kind !== 0 ? { meepleKind: this.game.meepleKinds[kind]!.name } : {}),
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
      if (this.sink)
        this.sink({
          type: 'tileDiscarded',
          turn: this.turnNumber(),
          player: this.currentPlayer,
          tile: this.game.catalog.types[type]!.id,
        });
    }
    this.phase = PHASE_OVER;
    this.drawn = -1;
    if (!this.deferFinal) this.finalScoring();
  }

  /** For scenario replays that name the player of a turn. */
  setCurrentPlayer(player: number): void {
    this.currentPlayer = player;
    this.renew();
  }

  /** Final scoring (docs/rules.md §1 "The end of the game"): incomplete features, fields, expansions. Once. */
  finalScoring(): void {
    if (this.phase !== PHASE_OVER || this.finalScored) throw new Error('final scoring runs once, after the last tile');
    this.finalScored = 1;
    finalScore(this);
    this.renew();
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
      return h?.describeFollowUp?.(this.hooksView, action) ?? `expansion action ${action}`;
    }
    const kind = followUpKind(action);
    return `${kind !== 0 ? `${this.game.meepleKinds[kind]!.name} ` : ''}meeple on ${this.describeSegment(this.lastPlaced * this.game.segmentsPerTile + followUpSegment(action))}`;
  }
}
