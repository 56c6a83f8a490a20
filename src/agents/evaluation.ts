/**
 * Rule-aware position evaluation (README "Agents"): for each player, the score so far plus the points
 * the player can expect from what stands on the board; an agent's value of a position is its own
 * total minus the best opponent's (`margin`).
 *
 * Base game (`RULES.md` §1), every rate from the base game's rule module (`Game.featureRates`, what
 * scoring pays by): each occupied open feature is worth, to each player with the majority of its
 * meeples, the mean of what completing it would pay and what the final scoring would — roads
 * (tile + finalTile) / 2 per segment, cities the same per segment and per pennant, monasteries their
 * final tile rate × (1 + neighbours), fields their final rate per completed bordering city (0 with
 * farmers off); a segment is a tile's part of a feature: see `countMembers`. Every meeple
 * standing on the board costs `meepleCost`, by default `MEEPLE_COST` (the chances it no longer
 * has), a meeple in a field `farmerCost` more (it stays there until the end), and a player with no
 * meeple left in hand `emptyHand` (no claim is possible until a feature gives one back); the last two
 * are 0 by default. Expansions add their own expectations through the engine's `evaluate` hook
 * (toll income, the advanced Labyrinth bonus, the King and Robber Baron cards).
 */
import { MAX_PLAYERS, PHASE_PLACE, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { addTo, advanceStamp, countMembers, majorityOf, marginOf } from './tallies.ts';
import { Charges, DEFAULT_WEIGHTS } from './weights.ts';
import type { Weights } from './weights.ts';

export { DEFAULT_WEIGHTS, EPSILON, MEEPLE_COST } from './weights.ts';
export type { Weights } from './weights.ts';

export class Evaluator extends Charges {
  private readonly expected: Float64Array;
  private readonly perPlayer = new Int32Array(MAX_PLAYERS);
  /** Per segment: the stamp of the last evaluation that valued the feature rooted there. */
  private readonly seen: Int32Array;
  private stamp = 0;
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
  private readonly beforeSeen: Int32Array;
  private beforeStamp = 0;
  private rememberedState: State | undefined;
  private rememberedPlaced = -1;
  /** The state and position id the remembered tables describe (kept after `forget`, for the next `remember`). */
  private tablesOf: State | undefined;
  private tablesId = -1;
  /** How many positions were remembered (`rememberStamp`). */
  private remembered = 0;
  // The last position's meeple array and its view by words (`wordsOf`).
  private meepleBytes: Int8Array | undefined;
  private meepleWords: Int32Array | undefined;
  // The rates (points per segment, pennant, monastery tile, completed city), from the game's rules.
  readonly road: number;
  readonly cityTile: number;
  readonly cityPennant: number;
  readonly monastery: number;
  // What a road or city completed during the game scores: per tile, and per pennant of a city.
  readonly completedRoad: number;
  readonly completedCityTile: number;
  readonly completedCityPennant: number;
  /** Points per completed bordering city, 0 without farmers. */
  readonly farmer: number;

  constructor(readonly game: Game, weights: Weights = DEFAULT_WEIGHTS) {
    super(weights);
    const segments = game.maxTiles * game.segmentsPerTile;
    this.expected = new Float64Array(game.players);
    this.seen = new Int32Array(segments);
    this.before = new Float64Array(game.players);
    this.beforeScore = new Float64Array(game.players);
    this.beforeLeft = new Int32Array(game.players);
    this.beforeOthers = new Int32Array(game.players);
    this.beforeWorth = new Float64Array(segments);
    this.beforeMajority = new Int32Array(segments);
    this.beforePlayers = new Int32Array(segments * game.players);
    this.beforeSeen = new Int32Array(segments);
    const road = game.featureRates[SEG_ROAD]!;
    const city = game.featureRates[SEG_CITY]!;
    this.road = (road.tile + road.finalTile) / 2;
    this.cityTile = (city.tile + city.finalTile) / 2;
    this.cityPennant = (city.pennant + city.finalPennant) / 2;
    this.monastery = game.featureRates[SEG_MONASTERY]!.finalTile;
    this.completedRoad = road.tile;
    this.completedCityTile = city.tile;
    this.completedCityPennant = city.pennant;
    this.farmer = game.featureRates[SEG_FIELD]!.finalCity;
  }

  /** Own expected total minus the best opponent's. */
  // hot path
  margin(state: State, me: number): number {
    const totals = this.totals(state);
    return marginOf(totals, me);
  }

  /** Each player's score plus expected points; the returned array is reused by the next call. */
  // hot path
  totals(state: State): Float64Array {
    this.baseTotals(state, this.expected);
    this.addHooks(state, this.expected);
    return this.expected;
  }

  /** Writes each player's score plus the base game's expectations (no expansion hooks) into `out`. */
  // hot path
  baseTotals(state: State, out: Float64Array): void {
    this.scan(state, out, false);
  }

  /**
   * Remembers the base totals of `state` before its drawn tile is placed (phase PLACE), so that
   * `baseTotalsSince` can value each placement and follow-up by what they change. Valid until `forget`.
   */
  remember(state: State): void {
    // A position that follows from the last one remembered is valued by what changed since (as
    // `baseTotalsSince` does), and its tables updated in place. Not with expansions: their actions
    // may change features away from the tiles placed since.
    if (this.tablesOf === state && this.game.hooks.length === 0 && state.followsFrom(this.tablesId, this.rememberedPlaced)) this.since(state, this.before, true);
    else this.scan(state, this.before, true);
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
  remembers(state: State): boolean {
    return this.rememberedState === state && state.placedCount === this.rememberedPlaced && state.phase === PHASE_PLACE;
  }

  /**
   * Whether `state` is the remembered state object, with no tile taken back since (the caller
   * promises that its position descends from the remembered one, e.g. under a checkpoint opened
   * after `remember`).
   */
  remembersBefore(state: State): boolean {
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
  baseTotalsSince(state: State, out: Float64Array): void {
    this.since(state, out, false);
  }

  /** `baseTotalsSince`; with `keep`, also updates the remembered features' tables to `state` (`revalue`). */
  // hot path
  private since(state: State, out: Float64Array, keep: boolean): void {
    const game = this.game;
    const S = game.segmentsPerTile;
    const G = game.gridSide;
    for (let p = 0; p < game.players; p++) {
      const left = state.meeplesLeft[p]!;
      const beforeLeft = this.beforeLeft[p]!;
      // Every meeple on the board costs `meepleCost`, whatever its kind; the hand charge reads the plain meeples.
      const others = otherKindsLeft(state, p) - this.beforeOthers[p]!;
      out[p] = this.before[p]! - this.beforeScore[p]! + state.score(p) + this.meepleCost * (left - beforeLeft + others) - this.handCharge(left) + this.handCharge(beforeLeft);
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
          if (this.seen[g] === stamp || (state.rootMeeples[g] === 0 && this.beforeSeen[g] !== this.beforeStamp)) continue;
          this.seen[g] = stamp;
          this.revalue(state, g, out, keep);
        }
      }
    }
  }

  /** Revalues the occupied fields, not yet seen under `stamp`, that border city segment `citySegment` on its tile. */
  private revalueFieldsBeside(state: State, citySegment: number, stamp: number, out: Float64Array, keep: boolean): void {
    const game = this.game;
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

  /** Adds the expansions' expectations (`evaluate` hooks) to `out`. */
  addHooks(state: State, out: Float64Array): void {
    for (const h of this.game.hookLists.evaluate) h.evaluate(state, out);
  }

  /** Whether any expansion adds to the evaluation. */
  get hooked(): boolean {
    return this.game.hookLists.evaluate.length > 0;
  }

  /**
   * Adds to base totals `out` the change one more meeple of `player` on open feature `root` makes
   * (as `baseTotals` would see it after the meeple is deployed).
   */
  // hot path
  addMeeple(state: State, root: number, player: number, out: Float64Array, kind = 0): void {
    const worth = this.measure(state, root);
    if (state.rootMeeples[root] !== 0) addTo(out, this.majority(), -worth);
    this.perPlayer[player]! += this.game.meepleWeights[kind]!;
    addTo(out, this.majority(), worth);
    // A meeple of another kind leaves the plain meeples' hand as it was: no hand charge.
    const segmentKind = state.segmentKind(root);
    out[player]! -= kind === 0 ? this.deployCharge(state, player, segmentKind) : this.meepleCost + (segmentKind === SEG_FIELD ? this.farmerCost : 0);
  }

  /**
   * Scores plus the worth of every occupied feature to its majority, less `meepleCost` per meeple,
   * `farmerCost` per farmer and `emptyHand` for an empty hand, into `out`; with `remember`, also
   * keeps each feature's worth and majority by its root.
   */
  // hot path
  private scan(state: State, out: Float64Array, remember: boolean): void {
    const S = this.game.segmentsPerTile;
    for (let p = 0; p < this.game.players; p++) out[p] = state.score(p) - this.handCharge(state.meeplesLeft[p]!);
    const stamp = this.nextStamp();
    if (remember) this.nextBeforeStamp();
    const end = state.placedCount * S;
    const words = this.wordsOf(state.meeple);
    for (let g = 0; g < end; g++) {
      if ((g & 3) === 0 && words !== undefined && words[g >> 2] === 0) {
        g += 3; // four segments without a meeple
        continue;
      }
      const owner = state.meeple[g]!;
      if (owner === 0) continue;
      out[owner - 1]! -= this.meepleCost;
      if (this.farmerCost !== 0 && state.segmentKind(g) === SEG_FIELD) out[owner - 1]! -= this.farmerCost;
      const root = state.find(g);
      if (this.seen[root] === stamp) continue;
      this.seen[root] = stamp;
      const worth = this.measure(state, root);
      const majority = this.majority();
      addTo(out, majority, worth);
      if (remember) this.keep(root, worth, majority);
    }
  }

  /** Remembers occupied feature `root`: its worth, majority and meeples (`perPlayer`). */
  private keep(root: number, worth: number, majority: number): void {
    this.beforeSeen[root] = this.beforeStamp;
    this.beforeWorth[root] = worth;
    this.beforeMajority[root] = majority;
    const players = this.game.players;
    for (let p = 0; p < players; p++) this.beforePlayers[root * players + p] = this.perPlayer[p]!;
  }

  /** `meeple` read four segments at a time (a view of the same memory), or undefined when it does not divide so. */
  private wordsOf(meeple: Int8Array): Int32Array | undefined {
    if (meeple !== this.meepleBytes) {
      this.meepleBytes = meeple;
      this.meepleWords = meeple.byteOffset % 4 === 0 && meeple.length % 4 === 0 ? new Int32Array(meeple.buffer, meeple.byteOffset, meeple.length / 4) : undefined;
    }
    return this.meepleWords;
  }

  /**
   * For feature `root` after a placement: takes off `out` what the remembered features now part of
   * it were worth (their roots are among its segments) and adds what it is worth now if occupied.
   * With `keep`, the remembered features are replaced by it (dropped when it is unoccupied).
   */
  // hot path
  private revalue(state: State, root: number, out: Float64Array, keep: boolean): void {
    const stamp = this.beforeStamp;
    let g = root;
    do {
      if (this.beforeSeen[g] === stamp) {
        addTo(out, this.beforeMajority[g]!, -this.beforeWorth[g]!);
        if (keep) this.beforeSeen[g] = 0; // no stamp is 0
      }
      g = state.next[g]!;
    } while (g !== root);
    if (state.rootMeeples[root] === 0) return;
    const worth = this.measure(state, root);
    const majority = this.majority();
    addTo(out, majority, worth);
    if (keep) this.keep(root, worth, majority);
  }

  /** A fresh stamp for `seen`. */
  private nextStamp(): number {
    return (this.stamp = advanceStamp(this.stamp, this.seen));
  }

  /** A fresh stamp for `beforeSeen`, one per `remember` (its own count, so that no evaluation in between can wrap it). */
  private nextBeforeStamp(): void {
    this.beforeStamp = advanceStamp(this.beforeStamp, this.beforeSeen);
  }

  /** The players with the most meeples in `perPlayer` as a bit mask (0 when nobody has one). */
  private majority(): number {
    return majorityOf(this.perPlayer, this.game.players);
  }

  /** The expected worth of open feature `root` to its majority; fills `perPlayer` with its meeples. */
  // hot path
  private measure(state: State, root: number): number {
    const game = this.game;
    const S = game.segmentsPerTile;
    const perPlayer = this.perPlayer;
    const kind = state.segmentKind(root);
    if (kind === SEG_FIELD) return this.farmer * state.completedCitiesOf(root, perPlayer);
    perPlayer.fill(0);
    if (kind === SEG_MONASTERY) {
      const owner = state.meeple[root]!;
      if (owner !== 0) perPlayer[owner - 1] = game.weightedMeeples ? state.meepleWeight(root) : 1;
      return this.monastery * (1 + state.neighbourCount(state.placedCell[(root / S) | 0]!));
    }
    const counts = countMembers(state, root, perPlayer);
    return kind === SEG_ROAD ? this.road * counts[0]! : kind === SEG_CITY ? this.cityTile * counts[0]! + this.cityPennant * counts[1]! : 0;
  }
}

/** The meeples of player p's supply other than the plain ones (none in a game without meeple kinds). */
function otherKindsLeft(state: State, p: number): number {
  const players = state.game.players;
  let n = 0;
  for (let i = players + p; i < state.meeplesLeft.length; i += players) n += state.meeplesLeft[i]!;
  return n;
}
