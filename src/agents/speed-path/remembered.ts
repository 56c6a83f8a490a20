/**
 * The evaluation that remembers a position (`Evaluator`, `evaluation.ts`) to value the placements and
 * follow-ups tried from it by what they change (`baseTotalsSince`), and that keeps, per occupied
 * feature, its worth, majority and meeples for the placement preview (`preview.ts`). Part of the
 * preview's speed path: it reads the position's union-find and tables (`speedPathOf`), and the
 * differential tests hold it to the plain evaluation (`test/agents/evaluation.test.ts`) and to
 * applying each placement (`test/agents/preview.test.ts`).
 */
import { PHASE_PLACE, SEG_CITY, SEG_FIELD, speedPathOf } from '../../engine/index.ts';
import type { AgentGame, AgentState, SpeedPathState } from '../../engine/index.ts';
import { Evaluator, otherKindsLeft } from '../evaluation/evaluation.ts';
import { addTo, advanceStamp } from '../evaluation/tallies.ts';
import { DEFAULT_WEIGHTS } from '../evaluation/weights.ts';
import type { Weights } from '../evaluation/weights.ts';
import { TablesJournal } from './tables-journal.ts';

export class RememberingEvaluator extends Evaluator {
  // The position remembered before a turn's placements are tried (`remember`): its base totals and,
  // per root of an occupied feature, the feature's worth, its majority (bit p: player p) and its
  // meeples per player ([root * players + p]). Read by `PlacementPreview`.
  readonly before: Float64Array;
  private readonly beforeScore: Float64Array;
  private readonly beforeLeft: Int32Array;
  /** Per player, the meeples of the other kinds (an expansion's, e.g. the big meeple) in supply when remembered. */
  private readonly beforeOthers: Int32Array;
  readonly beforeWorth: Float64Array;
  readonly beforeMajority: Int32Array;
  readonly beforePlayers: Int32Array;
  readonly beforeSeen: Int32Array;
  private beforeStamp = 0;
  private rememberedState: AgentState | undefined;
  private rememberedPlaced = -1;
  /** The state and position id the remembered tables describe (kept after `forget`, for the next `remember`). */
  private tablesOf: AgentState | undefined;
  private tablesId = -1;
  /** How many positions were remembered (`rememberStamp`). */
  private remembered = 0;
  /**
   * While a root is marked (`markRoot`): the journal of the tables' writes, and what else `restoreRoot`
   * restores (`rootTotals`: before, beforeScore, beforeLeft and beforeOthers, one after the other).
   */
  private journal: TablesJournal | undefined;
  private rootStamp = 0;
  private rootTablesOf: AgentState | undefined;
  private rootTablesId = -1;
  private rootPlaced = -1;
  private readonly rootTotals: Float64Array;

  constructor(game: AgentGame, weights: Weights = DEFAULT_WEIGHTS) {
    super(game, weights);
    const segments = game.maxTiles * game.segmentsPerTile;
    this.before = new Float64Array(game.players);
    this.beforeScore = new Float64Array(game.players);
    this.beforeLeft = new Int32Array(game.players);
    this.beforeOthers = new Int32Array(game.players);
    this.beforeWorth = new Float64Array(segments);
    this.beforeMajority = new Int32Array(segments);
    this.beforePlayers = new Int32Array(segments * game.players);
    this.beforeSeen = new Int32Array(segments);
    this.rootTotals = new Float64Array(4 * game.players);
  }

  /**
   * Remembers `state` (phase PLACE) as the root of a search that plays several lines from it, and
   * journals every change of the remembered tables from now on (`restoreRoot`), so that the first
   * position of each line, which follows from the root, is remembered by what its first moves changed
   * rather than from scratch. Only in a game that previews (`remember`: elsewhere nothing is
   * remembered incrementally); until `unmarkRoot`.
   */
  markRoot(state: AgentState): void {
    if (!this.game.previews) return;
    this.remember(state);
    this.forget();
    this.journal ??= new TablesJournal(this, this.game.players);
    this.journal.clear();
    this.rootStamp = this.beforeStamp;
    this.rootTablesOf = this.tablesOf;
    this.rootTablesId = this.tablesId;
    this.rootPlaced = this.rememberedPlaced;
    const players = this.game.players;
    const root = this.rootTotals;
    for (let p = 0; p < players; p++) {
      root[p] = this.before[p]!;
      root[players + p] = this.beforeScore[p]!;
      root[2 * players + p] = this.beforeLeft[p]!;
      root[3 * players + p] = this.beforeOthers[p]!;
    }
  }

  /** Brings the remembered tables back to the root marked (`markRoot`; the state object must be the one marked, at that position or one that follows from it). */
  restoreRoot(): void {
    const journal = this.journal;
    if (!journal || this.rootTablesId < 0) return;
    journal.undo();
    this.beforeStamp = this.rootStamp;
    this.tablesOf = this.rootTablesOf;
    this.tablesId = this.rootTablesId;
    this.rememberedPlaced = this.rootPlaced;
    const players = this.game.players;
    const root = this.rootTotals;
    for (let p = 0; p < players; p++) {
      this.before[p] = root[p]!;
      this.beforeScore[p] = root[players + p]!;
      this.beforeLeft[p] = root[2 * players + p]!;
      this.beforeOthers[p] = root[3 * players + p]!;
    }
    this.rememberedState = undefined;
  }

  /** Ends the journal of `markRoot`. */
  unmarkRoot(): void {
    this.journal?.clear();
    this.rootTablesId = -1;
  }

  /**
   * Remembers the base totals of `state` before its drawn tile is placed (phase PLACE), so that
   * `baseTotalsSince` can value each placement and follow-up by what they change. Valid until `forget`.
   */
  remember(view: AgentState): void {
    const state = speedPathOf(view);
    // A position that follows from the last one remembered is valued by what changed since (as
    // `baseTotalsSince` does), and its tables updated in place: in a game whose modules change
    // features only through the tiles placed and the meeples put on them (those that preview: the
    // `ModulePreview` contract).
    if (this.tablesOf === state && this.game.previews && state.followsFrom(this.tablesId, this.rememberedPlaced))
      this.since(state, this.before, true);
    else {
      this.nextBeforeStamp();
      this.scan(state, this.before, true);
    }
    this.tablesOf = state;
    this.tablesId = state.positionId;
    this.remembered++;
    for (let p = 0; p < this.game.players; p++) {
      this.beforeScore[p] = state.score(p);
      this.beforeLeft[p] = state.meeplesLeft[p]!;
      this.beforeOthers[p] = otherKindsLeft(state, p);
    }
    this.rememberedState = state;
    this.rememberedPlaced = state.placedCount;
  }

  forget(): void {
    this.rememberedState = undefined;
  }

  /** Changes with every `remember` (never 0): tells a cache of the remembered position when it is stale. */
  get rememberStamp(): number {
    return this.remembered;
  }

  /** Whether `state` is the remembered position itself: the remembered object, nothing applied since (the caller promises nothing was applied and kept). */
  remembers(state: AgentState): boolean {
    return this.rememberedState === state && state.placedCount === this.rememberedPlaced && state.phase === PHASE_PLACE;
  }

  /**
   * Whether `state` is the remembered state object, with no tile taken back since (the caller
   * promises that its position descends from the remembered one, e.g. under a checkpoint opened
   * after `remember`).
   */
  remembersBefore(state: AgentState): boolean {
    return this.rememberedState === state && state.placedCount >= this.rememberedPlaced;
  }

  /**
   * Writes `baseTotals` of `state` into `out` from the totals remembered before (`remembersBefore`
   * must hold), after any number of placements and follow-ups. Only what those turns can change is
   * valued again: the scores, the meeples on the board, the features the new tiles joined (occupied,
   * or completed since: their meeples went home), the monasteries around the new tiles, and the fields
   * bordering a city completed since (such a city holds the new tile that closed it). The same
   * numbers as `baseTotals` when the weights are multiples of ¼ (the defaults): every worth is then
   * a multiple of ¼ and the sums are exact in any order; with other weights they may differ by
   * rounding, far below the agents' `EPSILON`.
   */
  baseTotalsSince(state: AgentState, out: Float64Array): void {
    this.since(speedPathOf(state), out, false);
  }

  /** `baseTotalsSince`; with `keep`, also updates the remembered features' tables to `state` (`revalue`). */
  // hot path
  private since(state: SpeedPathState, out: Float64Array, keep: boolean): void {
    const game = state.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    for (let p = 0; p < game.players; p++) {
      const left = state.meeplesLeft[p]!;
      const beforeLeft = this.beforeLeft[p]!;
      // Every meeple on the board costs `meepleCost`, whatever its kind; the hand charge reads the plain meeples.
      const others = otherKindsLeft(state, p) - this.beforeOthers[p]!;
      out[p] =
        this.before[p]! -
        this.beforeScore[p]! +
        state.score(p) +
        this.meepleCost * (left - beforeLeft + others) -
        this.handCharge(left) +
        this.handCharge(beforeLeft);
    }
    const stamp = this.nextStamp();
    for (let placed = this.rememberedPlaced; placed < state.placedCount; placed++) {
      const count = game.segmentCount[state.placedType[placed]!]!;
      // 0. A farmer deployed since (it is on a new tile, and farmers stay).
      if (this.farmerCost !== 0) {
        for (let s = 0; s < count; s++) {
          const owner = state.meeple[placed * S + s]!;
          if (owner !== 0 && state.segmentKind(placed * S + s) === SEG_FIELD) out[owner - 1]! -= this.farmerCost;
        }
      }
      // 1. The features the tile belongs to; the others were unoccupied before and still are.
      for (let s = 0; s < count; s++) {
        const root = state.find(placed * S + s);
        if (this.seen[root] === stamp || (state.rootMeeples[root] === 0 && state.done[root] === 0)) continue;
        this.seen[root] = stamp;
        this.revalue(state, root, out, keep);
        // 2. A city completed since: the occupied fields beside it.
        if (state.done[root] !== 0 && state.segmentKind(root) === SEG_CITY) {
          let m = root;
          do {
            this.revalueFieldsBeside(state, m, stamp, out, keep);
            m = state.next[m]!;
          } while (m !== root);
        }
      }
      // 3. The monasteries on the cells around (more neighbours), occupied before or now.
      const cell = state.placedCell[placed]!;
      for (let dy = -G; dy <= G; dy += G) {
        for (let dx = -1; dx <= 1; dx++) {
          const k = state.grid[cell + dy + dx]! - 1;
          if (k < 0) continue;
          const ms = game.monasterySegment[state.placedType[k]!]!;
          if (ms < 0) continue;
          const g = k * S + ms;
          if (this.seen[g] === stamp || (state.rootMeeples[g] === 0 && this.beforeSeen[g] !== this.beforeStamp))
            continue;
          this.seen[g] = stamp;
          this.revalue(state, g, out, keep);
        }
      }
    }
  }

  /** Revalues the occupied fields, not yet seen under `stamp`, that border city segment `citySegment` on its tile. */
  private revalueFieldsBeside(
    state: SpeedPathState,
    citySegment: number,
    stamp: number,
    out: Float64Array,
    keep: boolean,
  ): void {
    const game = state.game;
    const S = game.segmentsPerTile;
    const tile = (citySegment / S) | 0;
    const s = citySegment % S;
    const type = state.placedType[tile]!;
    const count = game.segmentCount[type]!;
    for (let f = 0; f < count; f++) {
      const i = type * S + f;
      for (let k = game.fieldCityStart[i]!; k < game.fieldCityStart[i + 1]!; k++) {
        if (game.fieldCities[k] !== s) continue;
        const root = state.find(tile * S + f);
        if (state.rootMeeples[root] !== 0 && this.seen[root] !== stamp) {
          this.seen[root] = stamp;
          this.revalue(state, root, out, keep);
        }
      }
    }
  }

  /** Remembers occupied feature `root`: its worth, majority and meeples (`perPlayer`). */
  protected override keep(root: number, worth: number, majority: number): void {
    if (this.rootTablesId >= 0) this.journal!.note(root);
    this.beforeSeen[root] = this.beforeStamp;
    this.beforeWorth[root] = worth;
    this.beforeMajority[root] = majority;
    const players = this.game.players;
    for (let p = 0; p < players; p++) this.beforePlayers[root * players + p] = this.perPlayer[p]!;
  }

  /**
   * For feature `root` after a placement: takes off `out` what the remembered features now part of
   * it were worth (their roots are among its segments) and adds what it is worth now if occupied.
   * With `keep`, the remembered features are replaced by it (dropped when it is unoccupied).
   */
  // hot path
  private revalue(state: SpeedPathState, root: number, out: Float64Array, keep: boolean): void {
    const stamp = this.beforeStamp;
    let g = root;
    do {
      if (this.beforeSeen[g] === stamp) {
        addTo(out, this.beforeMajority[g]!, -this.beforeWorth[g]!);
        if (keep) {
          if (this.rootTablesId >= 0) this.journal!.note(g);
          this.beforeSeen[g] = 0; // no stamp is 0
        }
      }
      g = state.next[g]!;
    } while (g !== root);
    if (state.rootMeeples[root] === 0) return;
    const worth = this.measure(state, root);
    const majority = this.majority();
    addTo(out, majority, worth);
    if (keep) this.keep(root, worth, majority);
  }

  /** A fresh stamp for `beforeSeen`, one per `remember` (its own count, so that no evaluation in between can wrap it). */
  private nextBeforeStamp(): void {
    const stamp = advanceStamp(this.beforeStamp, this.beforeSeen);
    // Restarted stamps cleared the tables, which the journal cannot undo: the root is given up.
    if (stamp < this.beforeStamp) this.rootTablesId = -1;
    this.beforeStamp = stamp;
  }
}
