/**
 * The one-ply value of a placement without making it (`OnePly.valuePlacement`'s fast path): the
 * same number `OnePly.bestFollowUp` gives after making it, and the same best follow-up, read off the
 * remembered position (`RememberingEvaluator.remember`) and the placement's prospect (`prospect.ts`
 * in the engine: which features the tile would form, their open ends and meeples). It holds for
 * every mix of rule modules: the base game's features are valued here as the rule-aware evaluation
 * values them, every expansion adds its part through its `preview` hook (`ModulePreview`: what its
 * `evaluate` and its scoring would add), and a placement is declined (NaN: it must be made to be
 * valued) only when a module cannot tell.
 *
 * The placement changes the base game's part only through the features the tile joins, the
 * monasteries around its cell and the features it completes. A completed road, city or monastery is
 * scored at once (the rules' completed rates; tiles counted once, pennants per segment) for its
 * majority and its meeples come back; a meeple the mover puts on an unoccupied one does the same (it
 * adds the points and is charged nothing); every field beside a completed city borders one more
 * completed city (`cities-done.ts`). What is read of the features on the board (segments, pennants,
 * bordering cities) is kept until it changes (`board-features.ts`); per frontier slot, the monasteries
 * around (`slots.ts`).
 */
import {
  FOLLOW_NOTHING,
  MAX_ACTIONS_HINT,
  SEG_CITY,
  SEG_FIELD,
  SEG_MONASTERY,
  SEG_ROAD,
  meepleFollowUp,
  speedPathGameOf,
  speedPathOf,
} from '../../engine/index.ts';
import { blankFeatureScore } from '../../engine/index.ts';
import type { AgentState, FeatureScore, ProspectView, SpeedPathGame, SpeedPathState } from '../../engine/index.ts';
import { EPSILON } from '../evaluation/evaluation.ts';
import { CitiesDone } from './cities-done.ts';
import { BoardFeatures } from './board-features.ts';
import type { RememberingEvaluator } from './remembered.ts';
import { FrontierSlots } from './slots.ts';
import { JoinLists } from './join-lists.ts';
import { addTo, majorityOf, marginOf } from '../evaluation/tallies.ts';

/** At most this many segments on a tile. */
const MAX_SEGMENTS = 32;
/** `meepleFree`: a meeple may not go on the segment; it may, and is charged (in a field: as a farmer); it may, and its feature is scored at once. */
const NOT_FREE = 0;
const FREE = 1;
const FREE_FIELD = 2;
const SCORED = 3;

export class PlacementPreview {
  private readonly game: SpeedPathGame;
  /** The value of the last previewed placement and its best follow-up (the first of equal values). */
  best = 0;
  followUp = -1;
  /**
   * The legal follow-ups of the last previewed placement, in legal order (`count` of them), and their
   * values: every one with `every`, else perhaps without some that cannot be the first best.
   */
  readonly followUps = new Int32Array(MAX_ACTIONS_HINT);
  readonly values = new Float64Array(MAX_ACTIONS_HINT);
  count = 0;
  /** What was read of the features on the board. */
  private readonly features: BoardFeatures;
  private rememberStamp = 0;
  /** The remembered totals with the expansions' `evaluate` (the position's full evaluation). */
  private readonly start: Float64Array;
  /** What was read of the frontier. */
  private readonly slots: FrontierSlots;
  private readonly perPlayer: Int32Array;
  /** Meeples per player coming back from the roads and cities the placement completes: plain ones, other kinds. */
  private readonly back: Int32Array;
  private readonly backOther: Int32Array;
  /** The cities the placement completes, to the fields; whether it completes any (with farmers). */
  private readonly citiesDone: CitiesDone;
  private extraOn = false;
  private readonly totals: Float64Array;
  /** Per tile segment, whether a meeple may go there and what it gains before its charge (`meepleGain`). */
  private readonly meepleFree = new Uint8Array(MAX_SEGMENTS);
  private readonly gain = new Float64Array(MAX_SEGMENTS);
  /** Per representative tile segment, its `readValue` in the placement of that count (`placements`). */
  private readonly valueIn = new Int32Array(MAX_SEGMENTS);
  private readonly valueOf = new Float64Array(MAX_SEGMENTS);
  private placements = 0;
  /** The placement's joins per feature of the tile. */
  private readonly joins = new JoinLists();
  /** A feature measured (`ProspectView.measure`). */
  private readonly measured: FeatureScore;

  constructor(
    private readonly evaluator: RememberingEvaluator,
    private readonly every = false,
  ) {
    const game = speedPathGameOf(evaluator.game);
    this.game = game;
    this.features = new BoardFeatures(game);
    this.start = new Float64Array(game.players);
    this.perPlayer = new Int32Array(game.players);
    this.back = new Int32Array(game.players);
    this.backOther = new Int32Array(game.players);
    this.citiesDone = new CitiesDone(game, evaluator, this.features);
    this.totals = new Float64Array(game.players);
    this.slots = new FrontierSlots(game, evaluator);
    this.measured = blankFeatureScore(game.players);
  }

  /** Whether placements of this game can be previewed (every expansion that changes a turn's value has its `preview`). */
  get applies(): boolean {
    return this.game.previews;
  }

  /**
   * Values placement `placement` of the drawn tile in the remembered position to `me`
   * (`RememberingEvaluator.remembers(state)` must hold, and `applies`): true with the value in
   * `best` and its best follow-up in `followUp`; false when the placement must be made to be valued
   * (an expansion cannot tell). With `followUps` false, the value of the placement with no follow-up
   * (`followUp` nothing), its follow-ups left unvalued.
   */
  // hot path
  value(view: AgentState, placement: number, me: number, followUps = true): boolean {
    const state = speedPathOf(view);
    const game = this.game;
    const evaluator = this.evaluator;
    if (evaluator.rememberStamp !== this.rememberStamp) this.newPosition(state);
    // 1. The totals with the monasteries around the cell (the slot's).
    const cell = (placement / 4) | 0;
    const slots = this.slots;
    const slot = -state.grid[cell]! - 1;
    const totals = this.totals;
    const players = totals.length;
    if (slots.changes(slot)) for (let p = 0; p < players; p++) totals[p] = slots.totals[slot * players + p]!;
    else for (let p = 0; p < players; p++) totals[p] = this.start[p]!;
    // 2. The features the tile would form; the cities it completes, to the fields.
    const prospect = state.prospect(placement);
    if (++this.placements === 0x7fffffff) {
      this.placements = 1;
      this.valueIn.fill(0);
    }
    const count = prospect.count;
    const group = prospect.group;
    this.joins.link(prospect);
    let cityDone = false;
    for (let s = 0; s < count && prospect.completed !== 0; s++)
      if (group[s] === s && prospect.completes(s) && prospect.kindOf(s) === SEG_CITY) cityDone = true;
    this.extraOn = cityDone && evaluator.fieldsPay;
    if (this.extraOn) this.citiesDone.add(state, prospect, totals);
    // 3. The occupied features the tile joins: their old worth off, the joined feature's worth on (a
    // completed road or city: its points, and its meeples back in hand); the expansions' parts.
    const anyBack = this.occupied(state, prospect, totals, slot);
    if (!game.previewPlacement(state, prospect, totals, followUps)) return false;
    this.followUp = FOLLOW_NOTHING;
    // 4. The follow-ups in their legal order (nothing, a meeple of each kind on each free segment,
    // the expansions' own); the first best.
    if (followUps) this.valueFollowUps(state, prospect, me, anyBack);
    else this.best = marginOf(totals, me);
    return true;
  }

  /**
   * Writes the legal follow-ups of the placement after step 3 (`totals`) into `followUps` and their
   * values to `me` into `values` (`count` of them), the first best into `best` and `followUp`. A
   * follow-up changes the mover's total only: its value is that less the best other total.
   */
  private valueFollowUps(state: SpeedPathState, prospect: ProspectView, me: number, anyBack: boolean): void {
    const game = this.game;
    const evaluator = this.evaluator;
    const totals = this.totals;
    const players = totals.length;
    const mine = totals[me]!;
    let others = -Infinity;
    for (let p = 0; p < players; p++) if (p !== me && totals[p]! > others) others = totals[p]!;
    let best = mine - others;
    this.followUps[0] = FOLLOW_NOTHING;
    this.values[0] = best;
    let n = 1;
    const mover = state.currentPlayer;
    const hand = state.meeplesLeft[mover]! + (anyBack ? this.back[mover]! : 0);
    const kinds = game.meepleWeights.length;
    let gains = false;
    for (let kind = 0; kind < kinds; kind++) {
      if (state.meeplesLeft[kind * players + mover]! <= 0) continue;
      // What a meeple of this kind is charged, elsewhere and in a field (a meeple of another kind
      // leaves the plain meeples' hand as it was).
      const charge = kind === 0 ? evaluator.chargeFrom(hand, SEG_ROAD) : evaluator.meepleCost;
      const fieldCharge =
        kind === 0 ? evaluator.chargeFrom(hand, SEG_FIELD) : evaluator.meepleCost + evaluator.farmerCost;
      for (let s = 0; s < prospect.count; s++) {
        if (!gains) this.meepleGain(state, prospect, s);
        const free = this.meepleFree[s]!;
        if (free === NOT_FREE) continue;
        const value =
          mine + (this.gain[s]! - (free === SCORED ? 0 : free === FREE_FIELD ? fieldCharge : charge)) - others;
        this.followUps[n] = meepleFollowUp(kind, s);
        this.values[n++] = value;
        if (value > best + EPSILON) {
          best = value;
          this.followUp = this.followUps[n - 1]!;
        }
      }
      gains = true;
    }
    const end = game.previewFollowUps(state, prospect, this.followUps, this.values, n, this.every);
    for (let j = n; j < end; j++) {
      const value = mine + this.values[j]! - others;
      this.values[j] = value;
      if (value > best + EPSILON) {
        best = value;
        this.followUp = this.followUps[j]!;
      }
    }
    this.count = end;
    this.best = best;
  }

  /** Whether the rules let a meeple stand on tile segment s (`meepleSpots`: no field without farmers). */
  private spot(prospect: ProspectView, s: number): boolean {
    const game = this.game;
    return game.meepleEverywhere || game.meepleSpots[prospect.type * game.segmentsPerTile + s] === 1;
  }

  /**
   * Whether a meeple of the mover may go on tile segment s (`meepleFree[s]`: its feature is free,
   * `FREE_FIELD` a field; `SCORED` when it is completed at once and the meeple comes back, uncharged) and what it adds to
   * the mover's total before its charge (`gain[s]`). (Numbers go through arrays in this hot path: a
   * number returned is boxed.)
   */
  private meepleGain(state: SpeedPathState, prospect: ProspectView, s: number): void {
    const r = prospect.group[s]!;
    const segmentKind = prospect.kindOf(s);
    if (prospect.meeples[r] !== 0 || !this.spot(prospect, s)) {
      this.meepleFree[s] = NOT_FREE;
      return;
    }
    const evaluator = this.evaluator;
    const hooks = this.game.previewMeeple(state, prospect, s);
    const neighbours = segmentKind === SEG_MONASTERY ? state.neighbourCount((prospect.placement / 4) | 0) : 0;
    this.meepleFree[s] =
      prospect.completes(r) || neighbours === 8 ? SCORED : segmentKind === SEG_FIELD ? FREE_FIELD : FREE;
    if (neighbours === 8) {
      this.gain[s] = 9 * evaluator.completedMonastery + hooks;
      return;
    }
    if (segmentKind === SEG_MONASTERY) {
      this.gain[s] = evaluator.monastery * (1 + neighbours) + hooks;
      return;
    }
    this.readValue(state, prospect, r);
    this.gain[s] = this.valueOf[r]! + hooks;
  }

  /**
   * Adds to `totals` the change of the occupied features the tile joins: their remembered worth off,
   * the joined feature's worth on, or for a completed one its points and its meeples back in hand
   * (counted in `back`, `backOther`, after those of the monasteries around slot `slot`); returns
   * whether any come back.
   */
  private occupied(state: SpeedPathState, prospect: ProspectView, totals: Float64Array, slot: number): boolean {
    const evaluator = this.evaluator;
    const joins = this.joins;
    const players = totals.length;
    const perPlayer = this.perPlayer;
    const back = this.back;
    const slots = this.slots;
    let anyBack = slots.changes(slot) && slots.anyBack[slot] === 1;
    if (anyBack) {
      for (let p = 0; p < players; p++) {
        back[p] = slots.back[slot * players + p]!;
        this.backOther[p] = slots.backOther[slot * players + p]!;
      }
    }
    for (let s = 0; s < prospect.count; s++) {
      if (prospect.group[s] !== s || prospect.meeples[s] === 0) continue;
      for (let p = 0; p < players; p++) perPlayer[p] = 0;
      for (let j = joins.first[s]!; j >= 0; j = joins.next[j]!) {
        const root = prospect.joinRoot[j]!;
        if (state.rootMeeples[root] === 0) continue;
        addTo(totals, evaluator.beforeMajority[root]!, -evaluator.beforeWorth[root]!);
        for (let p = 0; p < players; p++) perPlayer[p]! += evaluator.beforePlayers[root * players + p]!;
      }
      this.readValue(state, prospect, s);
      addTo(totals, majorityOf(perPlayer, players), this.valueOf[s]!);
      if (!prospect.completes(s)) continue;
      if (!anyBack) {
        back.fill(0);
        this.backOther.fill(0);
      }
      anyBack = true;
      if (this.game.meepleWeights.length === 1) for (let p = 0; p < players; p++) back[p]! += perPlayer[p]!;
      else this.countBack(state, prospect, s);
    }
    if (anyBack)
      for (let p = 0; p < players; p++)
        totals[p]! +=
          evaluator.meeplesBack(state.meeplesLeft[p]!, back[p]!) + evaluator.meepleCost * this.backOther[p]!;
    return anyBack;
  }

  /** Counts into `back` and `backOther` the meeples per player on the old features of completed feature g, plain and other kinds. */
  private countBack(state: SpeedPathState, prospect: ProspectView, g: number): void {
    const joins = this.joins;
    for (let j = joins.first[g]!; j >= 0; j = joins.next[j]!) {
      const root = prospect.joinRoot[j]!;
      let m = root;
      do {
        const owner = state.meeple[m]!;
        if (owner !== 0) (state.meepleKind[m] === 0 ? this.back : this.backOther)[owner - 1]! += 1;
        m = state.next[m]!;
      } while (m !== root);
    }
  }

  /**
   * Writes into `valueOf[r]` what the feature of representative tile segment r brings its majority
   * after the placement, once per placement: for a road or city it completes its points (`points`),
   * else its worth (`worth`).
   */
  private readValue(state: SpeedPathState, prospect: ProspectView, r: number): void {
    if (this.valueIn[r] === this.placements) return;
    this.valueIn[r] = this.placements;
    if (prospect.completes(r)) this.points(prospect, r);
    else this.worth(state, prospect, r);
  }

  /**
   * Writes into `valueOf[r]` what the open feature of representative tile segment r is worth to its
   * majority after the placement (as `Evaluator` measures it): its segments and pennants, or its
   * completed cities.
   */
  private worth(state: SpeedPathState, prospect: ProspectView, r: number): void {
    const game = this.game;
    const evaluator = this.evaluator;
    const S = game.segmentsPerTile;
    const kind = prospect.kindOf(r);
    const features = this.features;
    const joins = this.joins;
    if (kind === SEG_FIELD) {
      if (!evaluator.fieldsPay) {
        this.valueOf[r] = 0;
        return;
      }
      // The completed cities of the one old field it joins, or of the union of several.
      let fields = 0;
      let field = -1;
      for (let j = joins.first[r]!; j >= 0; j = joins.next[j]!) {
        field = prospect.joinRoot[j]!;
        features.read(state, field);
        fields++;
      }
      let cities = fields === 1 ? features.citiesOf(field) : 0;
      if (fields > 1) {
        features.startCities();
        for (let j = joins.first[r]!; j >= 0; j = joins.next[j]!) cities += features.addCities(prospect.joinRoot[j]!);
      }
      this.valueOf[r] = evaluator.fieldWorth[this.extraOn ? cities + this.citiesDone.extra[r]! : cities]!;
      return;
    }
    if (kind !== SEG_ROAD && kind !== SEG_CITY) {
      this.valueOf[r] = 0;
      return;
    }
    let segments = 1;
    let pennants = game.segmentPennants[prospect.type * S + r]!;
    if (prospect.linked) {
      segments = 0;
      pennants = 0;
      for (let s = 0; s < prospect.count; s++) {
        if (prospect.group[s] !== r) continue;
        segments++;
        pennants += game.segmentPennants[prospect.type * S + s]!;
      }
    }
    for (let j = joins.first[r]!; j >= 0; j = joins.next[j]!) {
      const root = prospect.joinRoot[j]!;
      features.read(state, root);
      segments += features.segments[root]!;
      pennants += features.pennants[root]!;
    }
    this.valueOf[r] =
      kind === SEG_ROAD ? evaluator.road * segments : evaluator.cityTile * segments + evaluator.cityPennant * pennants;
  }

  /** Writes into `valueOf[r]` what the road or city the placement completes at representative tile segment r pays (the base game's rates; tiles counted once, as scoring does). */
  private points(prospect: ProspectView, r: number): void {
    const evaluator = this.evaluator;
    const f = this.measured;
    prospect.measure(r, f);
    this.valueOf[r] =
      f.kind === SEG_ROAD
        ? evaluator.completedRoad * f.tiles
        : f.tiles * evaluator.completedCityTile + f.pennants * evaluator.completedCityPennant;
  }

  /** A new remembered position: what was read of it is stale; its totals with the expansions' `evaluate`. */
  private newPosition(state: SpeedPathState): void {
    this.rememberStamp = this.evaluator.rememberStamp;
    this.start.set(this.evaluator.before);
    this.game.previewEvaluate(state, this.start);
    this.features.newPosition(state);
    this.slots.newPosition(state, this.start);
  }
}
