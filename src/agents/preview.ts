/**
 * The one-ply value of a placement without applying it (`OnePly.valuePlacement`'s fast path): the
 * same number `OnePly.bestFollowUp` gives after applying it, and the same best follow-up, read off
 * the remembered position (`RememberingEvaluator.remember`). It holds when the game has no expansion
 * (no hooks) and the placement completes no monastery: the placement changes the evaluation only through the
 * features the tile joins, the monasteries around its cell and the roads and cities it completes.
 * A completed road or city is scored at once (rules' completed rates; tiles counted once, pennants
 * per segment) for its majority and its meeples come back; a meeple the mover puts on an unoccupied
 * one does the same (it adds the points and is charged nothing); every field beside a completed
 * city borders one more completed city.
 *
 * A tile segment joins the features across its ports; the tile's segments that reach a common
 * feature become one feature. A feature made of old features R1…Rk and some of the tile's segments
 * has their segments, pennants and meeples summed, open ends Σ open ends − 2 per joined port pair
 * (0: completed), and, for a field, the union of the completed cities they border, plus the cities
 * the placement completes beside it. Every occupied monastery around the cell gains one neighbour.
 * Per old feature, what is read from its members (segments, pennants, bordering cities) is kept
 * until it changes (`old-features.ts`); per frontier slot, the ports a tile there joins
 * and the monasteries around (`slots.ts`).
 */
import {
  FOLLOW_MEEPLE,
  FOLLOW_NOTHING,
  PORTS,
  SEG_CITY,
  SEG_FIELD,
  SEG_MONASTERY,
  SEG_ROAD,
  speedPathGameOf,
  speedPathOf,
} from '../engine/index.ts';
import type { AgentState, SpeedPathGame, SpeedPathState } from '../engine/index.ts';
import { EPSILON } from './evaluation.ts';
import { addTo, majorityOf, marginOf } from './tallies.ts';
import type { RememberingEvaluator } from './remembered.ts';
import { OldFeatures } from './old-features.ts';
import { FrontierSlots } from './slots.ts';

/** At most this many segments on a tile, ports joined per placement. */
const MAX_SEGMENTS = 32;

export class PlacementPreview {
  private readonly game: SpeedPathGame;
  /** The best follow-up of the last previewed placement. */
  followUp = -1;
  /** The drawn tile of the placement being previewed. */
  private type = 0;
  /** What was read of the features on the board. */
  private readonly old: OldFeatures;
  private rememberStamp = 0;
  /** What was read of the frontier. */
  private readonly slots: FrontierSlots;
  // One placement: per joined port its tile segment and old root; per tile segment its feature (a
  // representative tile segment) with the feature's meeples, open ends and worth.
  private readonly joinSegment = new Int32Array(PORTS);
  private readonly joinRoot = new Int32Array(PORTS);
  private readonly joinFirst = new Uint8Array(PORTS);
  private readonly link = new Int32Array(MAX_SEGMENTS);
  private readonly meeples = new Int32Array(MAX_SEGMENTS);
  private readonly openEnds = new Int32Array(MAX_SEGMENTS);
  private readonly perPlayer: Int32Array;
  /** Meeples per player coming back from the roads and cities the placement completes. */
  private readonly back: Int32Array;
  // The cities the placement completes (`citiesDone`): whether there are any (with farmers), the
  // cities each tile field (representative) gains, the fields on the board beside one, and which
  // tile fields are beside the one at hand.
  private extraOn = false;
  private readonly extra = new Int32Array(MAX_SEGMENTS);
  private readonly fields: Int32Array;
  private readonly beside = new Uint8Array(MAX_SEGMENTS);
  /** The fields on the board beside the cities completed so far (one entry per city), in `citiesDone`. */
  private readonly gained: Int32Array;
  private readonly totals: Float64Array;

  constructor(private readonly evaluator: RememberingEvaluator) {
    const game = speedPathGameOf(evaluator.game);
    this.game = game;
    this.old = new OldFeatures(game);
    this.perPlayer = new Int32Array(game.players);
    this.back = new Int32Array(game.players);
    this.fields = new Int32Array(game.maxTiles * game.segmentsPerTile);
    this.gained = new Int32Array(MAX_SEGMENTS * game.maxTiles * game.segmentsPerTile);
    this.totals = new Float64Array(game.players);
    this.slots = new FrontierSlots(game, game.players);
  }

  /** Whether placements of this game can be previewed at all (no expansion hooks). */
  get applies(): boolean {
    return this.game.expansions.length === 0;
  }

  /**
   * The value to `me` of placement `placement` of the drawn tile in the remembered position
   * (`RememberingEvaluator.remembers(state)` must hold, and `applies`), with its best follow-up in
   * `followUp`; NaN when the placement completes a monastery (then it must be applied to be valued).
   */
  // hot path
  value(view: AgentState, placement: number, me: number): number {
    const state = speedPathOf(view);
    const game = this.game;
    const evaluator = this.evaluator;
    const S = game.segmentsPerTile;
    const type = (this.type = state.drawn);
    const cell = (placement / 4) | 0;
    const o12 = (type * 4 + (placement & 3)) * PORTS;
    const count = game.segmentCount[type]!;
    if (evaluator.rememberStamp !== this.rememberStamp) this.newPosition(state);
    // 1. The ports joined to the neighbours' features, and the tile's segments linked through them.
    const slots = this.slots;
    const slot = -state.grid[cell]! - 1;
    const across = slots.read(state, slot);
    const totals = this.totals;
    const players = totals.length;
    const base = slot * players;
    // A monastery completed, around or on the tile, is not previewed.
    if (Number.isNaN(slots.totals[base])) return NaN;
    if (game.monasterySegment[type]! >= 0 && state.neighbourCount(cell) === 8) return NaN;
    const link = this.link;
    for (let s = 0; s < count; s++) link[s] = s;
    const ports = slots.count[slot]!;
    let joins = 0;
    let linked = false;
    for (let i = across; i < across + ports; i++) {
      const root = slots.root[i]!;
      const s = game.portSegment[o12 + slots.port[i]!]!;
      if (s < 0) continue;
      let first = 1;
      for (let j = 0; j < joins; j++) {
        if (this.joinRoot[j] !== root) continue;
        first = 0;
        if (this.unite(s, this.joinSegment[j]!)) linked = true;
      }
      this.joinSegment[joins] = s;
      this.joinRoot[joins] = root;
      this.joinFirst[joins++] = first;
    }
    // 2. Each feature's meeples and open ends (at its representative); a road or city left without
    // open ends is completed.
    const meeples = this.meeples;
    const openEnds = this.openEnds;
    if (linked) {
      for (let s = 0; s < count; s++) {
        link[s] = this.representative(s); // from here on each segment links straight to its representative
        meeples[s] = 0;
        openEnds[s] = 0;
      }
      for (let s = 0; s < count; s++) openEnds[link[s]!]! += game.segmentPorts[type * S + s]!;
    } else {
      for (let s = 0; s < count; s++) {
        meeples[s] = 0;
        openEnds[s] = game.segmentPorts[type * S + s]!;
      }
    }
    for (let j = 0; j < joins; j++) {
      const r = link[this.joinSegment[j]!]!;
      openEnds[r]! -= 2;
      if (this.joinFirst[j] === 0) continue;
      const root = this.joinRoot[j]!;
      openEnds[r]! += state.openEnds[root]!;
      meeples[r]! += state.rootMeeples[root]!;
    }
    let cityDone = false;
    for (let s = 0; s < count; s++)
      if (link[s] === s && openEnds[s] === 0 && game.segmentKind[type * S + s] === SEG_CITY) cityDone = true;
    // 3. The totals with the monasteries around (the slot's), the cities completed to the fields.
    for (let p = 0; p < players; p++) totals[p] = slots.totals[base + p]!;
    this.extraOn = cityDone && evaluator.fieldsPay;
    if (this.extraOn) this.citiesDone(state, count, joins, totals);
    // 4. The occupied features the tile joins: their old worth off, the joined feature's worth on (a
    // completed road or city: its points, and its meeples back in hand).
    const perPlayer = this.perPlayer;
    const back = this.back;
    let anyBack = false;
    for (let s = 0; s < count; s++) {
      if (link[s] !== s || meeples[s] === 0) continue;
      for (let p = 0; p < players; p++) perPlayer[p] = 0;
      for (let j = 0; j < joins; j++) {
        const root = this.joinRoot[j]!;
        if (this.joinFirst[j] === 0 || state.rootMeeples[root] === 0 || link[this.joinSegment[j]!] !== s) continue;
        addTo(totals, evaluator.beforeMajority[root]!, -evaluator.beforeWorth[root]!);
        for (let p = 0; p < players; p++) perPlayer[p]! += evaluator.beforePlayers[root * players + p]!;
      }
      if (!this.completed(s)) {
        addTo(totals, majorityOf(perPlayer, players), this.worth(state, s, count, joins));
        continue;
      }
      addTo(totals, majorityOf(perPlayer, players), this.points(state, s, count, joins));
      if (!anyBack) back.fill(0);
      anyBack = true;
      for (let p = 0; p < players; p++) back[p]! += perPlayer[p]!;
    }
    if (anyBack)
      for (let p = 0; p < players; p++)
        if (back[p] !== 0) totals[p]! += evaluator.meeplesBack(state.meeplesLeft[p]!, back[p]!);
    // 5. The follow-ups in their legal order (nothing, then a meeple on each free segment); the first best.
    let best = marginOf(totals, me);
    this.followUp = FOLLOW_NOTHING;
    const left = state.meeplesLeft[state.currentPlayer]!;
    if (left <= 0) return best;
    // A meeple changes the mover's total only: each follow-up's value is that less the best other total.
    const mine = totals[me]!;
    let others = -Infinity;
    for (let p = 0; p < players; p++) if (p !== me && totals[p]! > others) others = totals[p]!;
    const hand = left + (anyBack ? back[state.currentPlayer]! : 0);
    for (let s = 0; s < count; s++) {
      const kind = game.segmentKind[type * S + s]!;
      if (kind === SEG_FIELD && !game.farmers) continue;
      const r = link[s]!;
      if (meeples[r] !== 0) continue;
      let total: number;
      if (this.completed(r)) {
        total = mine + this.points(state, r, count, joins); // scored and back in hand: no charge
      } else {
        const worth =
          kind === SEG_MONASTERY
            ? evaluator.monastery * (1 + state.neighbourCount(cell))
            : this.worth(state, r, count, joins);
        total = mine + worth;
        total -= evaluator.chargeFrom(hand, kind);
      }
      const value = total - others;
      if (value > best + EPSILON) {
        best = value;
        this.followUp = FOLLOW_MEEPLE + s;
      }
    }
    return best;
  }

  /**
   * What the feature of representative tile segment `r` is worth to its majority after the
   * placement (as `Evaluator` measures it): its segments and pennants, or its completed cities.
   */
  private worth(state: SpeedPathState, r: number, count: number, joins: number): number {
    const game = this.game;
    const evaluator = this.evaluator;
    const S = game.segmentsPerTile;
    const type = state.drawn;
    const kind = game.segmentKind[type * S + r]!;
    if (kind === SEG_FIELD) {
      if (!evaluator.fieldsPay) return 0;
      // The completed cities of the one old field it joins, or of the union of several.
      const old = this.old;
      let fields = 0;
      let field = -1;
      for (let j = 0; j < joins; j++) {
        if (this.joinFirst[j] === 0 || this.link[this.joinSegment[j]!] !== r) continue;
        field = this.joinRoot[j]!;
        old.read(state, field);
        fields++;
      }
      let cities = fields === 1 ? old.citiesOf(field) : 0;
      if (fields > 1) {
        old.startCities();
        for (let j = 0; j < joins; j++)
          if (this.joinFirst[j] !== 0 && this.link[this.joinSegment[j]!] === r)
            cities += old.addCities(this.joinRoot[j]!);
      }
      return evaluator.fieldWorth[this.extraOn ? cities + this.extra[r]! : cities]!;
    }
    if (kind !== SEG_ROAD && kind !== SEG_CITY) return 0;
    let segments = 0;
    let pennants = 0;
    for (let s = 0; s < count; s++) {
      if (this.link[s] !== r) continue;
      segments++;
      pennants += game.segmentPennants[type * S + s]!;
    }
    for (let j = 0; j < joins; j++) {
      if (this.joinFirst[j] === 0 || this.link[this.joinSegment[j]!] !== r) continue;
      const root = this.joinRoot[j]!;
      this.old.read(state, root);
      segments += this.old.segments[root]!;
      pennants += this.old.pennants[root]!;
    }
    return kind === SEG_ROAD
      ? evaluator.road * segments
      : evaluator.cityTile * segments + evaluator.cityPennant * pennants;
  }

  /** Whether the feature of representative tile segment `r` is a road or city the placement completes. */
  private completed(r: number): boolean {
    const kind = this.game.segmentKind[this.type * this.game.segmentsPerTile + r]!;
    return this.openEnds[r] === 0 && (kind === SEG_ROAD || kind === SEG_CITY);
  }

  /** What the road or city the placement completes at representative tile segment `r` scores (tiles counted once, as scoring does). */
  private points(state: SpeedPathState, r: number, count: number, joins: number): number {
    const evaluator = this.evaluator;
    const S = this.game.segmentsPerTile;
    const old = this.old;
    old.startTiles();
    let tiles = 1; // the placed tile, not on the board yet
    let pennants = 0;
    for (let s = 0; s < count; s++) if (this.link[s] === r) pennants += this.game.segmentPennants[this.type * S + s]!;
    for (let j = 0; j < joins; j++) {
      if (this.joinFirst[j] === 0 || this.link[this.joinSegment[j]!] !== r) continue;
      const root = this.joinRoot[j]!;
      tiles += old.addTiles(state, root);
      old.read(state, root);
      pennants += old.pennants[root]!;
    }
    if (this.game.segmentKind[this.type * S + r] === SEG_ROAD) return evaluator.completedRoad * tiles;
    return tiles * evaluator.completedCityTile + pennants * evaluator.completedCityPennant;
  }

  /**
   * The cities the placement completes, to the fields: per field of the tile (its representative) in
   * `extra`, how many of them it borders (`worth` adds them); to each occupied field beside one that
   * the tile does not join, its farmers' points for it, in `totals`.
   */
  private citiesDone(state: SpeedPathState, count: number, joins: number, totals: Float64Array): void {
    const game = this.game;
    const S = game.segmentsPerTile;
    const old = this.old;
    const link = this.link;
    this.extra.fill(0);
    let gained = 0;
    for (let c = 0; c < count; c++) {
      if (link[c] !== c || !this.completed(c) || game.segmentKind[this.type * S + c] !== SEG_CITY) continue;
      // The fields on the board beside the city's old parts, and the tile's fields beside its own.
      old.startFields();
      let n = 0;
      for (let j = 0; j < joins; j++)
        if (this.joinFirst[j] !== 0 && link[this.joinSegment[j]!] === c)
          n = old.addFieldsBeside(state, this.joinRoot[j]!, this.fields, n);
      const beside = this.beside;
      beside.fill(0);
      for (let s = 0; s < count; s++) {
        if (link[s] !== c) continue;
        const i = this.type * S + s;
        for (let k = old.cityFieldStart[i]!; k < old.cityFieldStart[i + 1]!; k++) beside[link[old.cityFields[k]!]!] = 1;
      }
      for (let j = 0; j < joins; j++) if (old.inFields(this.joinRoot[j]!)) beside[link[this.joinSegment[j]!]!] = 1;
      for (let s = 0; s < count; s++) this.extra[s]! += beside[s]!;
      for (let k = 0; k < n; k++) {
        const field = this.fields[k]!;
        if (state.rootMeeples[field] === 0 || this.joined(field, joins)) continue;
        // One more completed city: the field's worth from its cities before and those gained so far.
        old.read(state, field);
        let cities = old.citiesOf(field);
        for (let k = 0; k < gained; k++) if (this.gained[k] === field) cities++;
        this.gained[gained++] = field;
        const worth = this.evaluator.fieldWorth;
        addTo(totals, this.evaluator.beforeMajority[field]!, worth[cities + 1]! - worth[cities]!);
      }
    }
  }

  /** Whether the tile joins old feature `root`. */
  private joined(root: number, joins: number): boolean {
    for (let j = 0; j < joins; j++) if (this.joinRoot[j] === root) return true;
    return false;
  }

  /** The representative (smallest linked) tile segment of segment s's feature. */
  private representative(s: number): number {
    const link = this.link;
    while (link[s] !== s) s = link[s]!;
    return s;
  }

  /** Links the features of tile segments a and b; true if they were apart. */
  private unite(a: number, b: number): boolean {
    const ra = this.representative(a);
    const rb = this.representative(b);
    if (ra < rb) this.link[rb] = ra;
    else if (rb < ra) this.link[ra] = rb;
    return ra !== rb;
  }

  /** A new remembered position: what was read of it is stale. */
  private newPosition(state: SpeedPathState): void {
    this.rememberStamp = this.evaluator.rememberStamp;
    this.old.newPosition(state);
    this.slots.newPosition(state, this.evaluator.before, this.evaluator.monastery);
  }
}
