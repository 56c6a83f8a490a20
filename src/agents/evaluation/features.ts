/**
 * Rule-scaled position features for the learned evaluation of `strong` (`learned.ts`), one vector per
 * player. Every value that stands for points is a rule rate times a count read off the board, so a
 * learned weight scales what the rules pay rather than replacing it: with `roadPointsPerTile` doubled,
 * the road features double and the evaluation with them.
 *
 * Per player p, over the occupied open features whose meeple majority p holds (ties: every tied
 * player), with t the share of the game's tiles still to place (1 at the start, 0 at the end):
 * - roads and cities: what completing them would pay (`C`) and what the final scoring would (`F`),
 *   each also times t, and for cities with three or more open ends (hard to close) again;
 * - monasteries: what they pay now, `monasteryPointsPerTile` × (1 + neighbours), and the rest a
 *   completion would add, × (8 − neighbours), also times t;
 * - fields (with farmers): what the rule module pays for the completed bordering cities, and what the
 *   open ones would add completed (also
 *   times t);
 * - a minority stake: the completion pay of roads and cities where p has meeples but not the majority;
 * - meeples: in hand, in hand times t, an empty hand, farmers standing;
 * - p's turns still to come and a constant (the future points no feature names);
 * - the expansions' expectations (`evaluate` hooks).
 * Only public information: tiles still to place are counted from the tiles placed, never from the
 * deck's position (which would tell whether the next draws fit).
 */
import { MAX_PLAYERS, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../../engine/index.ts';
import type { AgentGame, AgentState } from '../../engine/index.ts';
import { worthRates } from './evaluation.ts';
import type { WorthRates } from './evaluation.ts';
import { advanceStamp, majorityOf } from './tallies.ts';

export const FEATURE_NAMES = [
  'roadComplete',
  'roadFinal',
  'roadCompleteEarly',
  'roadFinalEarly',
  'cityComplete',
  'cityFinal',
  'cityCompleteEarly',
  'cityFinalEarly',
  'cityCompleteWide',
  'cityFinalWide',
  'monasteryNow',
  'monasteryRest',
  'monasteryRestEarly',
  'farmCompleted',
  'farmOpen',
  'farmOpenEarly',
  'minorityStake',
  'hand',
  'handEarly',
  'emptyHand',
  'farmers',
  'turnsLeft',
  'constant',
  'expansions',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export const FEATURE_COUNT = FEATURE_NAMES.length;
const F = Object.fromEntries(FEATURE_NAMES.map((name, i) => [name, i])) as Record<FeatureName, number>;

/** A city with this many open ends or more counts as wide (hard to close). */
const WIDE_CITY = 3;

export class FeatureReader {
  /** The last `read`: `values[p * FEATURE_COUNT + k]` is feature k of player p. */
  readonly values: Float64Array;
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly perPlayer = new Int32Array(MAX_PLAYERS);
  private readonly hookTotals: Float64Array;
  /** The segments holding a meeple (`FeatureView.meepleSegments`). */
  private readonly occupied: Int32Array;
  /** A field's completed and open bordering cities (`FeatureView.citiesBordered`). */
  private readonly cities = new Int32Array(2);
  /** The rule module's pay per road and city tile, pennant and monastery tile, completed and at the end; a field's by its cities. */
  private readonly rates: WorthRates;

  constructor(readonly game: AgentGame) {
    const segments = game.maxTiles * game.segmentsPerTile;
    this.values = new Float64Array(game.players * FEATURE_COUNT);
    this.seen = new Int32Array(segments);
    this.hookTotals = new Float64Array(game.players);
    this.rates = worthRates(game);
    this.occupied = new Int32Array(segments);
  }

  /** Fills `values` with every player's features in `state`; returns it. */
  // hot path
  read(state: AgentState): Float64Array {
    const game = this.game;
    const players = game.players;
    const v = this.values;
    v.fill(0);
    // Tiles still to place, counted from the tiles placed (public), and their share of the game's.
    const left = Math.max(0, state.deck.length + 1 - state.placedCount);
    const t = left / (state.deck.length + 1);
    const next = state.currentPlayer;
    for (let p = 0; p < players; p++) {
      const o = p * FEATURE_COUNT;
      const hand = state.meeplesLeft[p]!;
      v[o + F.hand] = hand;
      v[o + F.handEarly] = hand * t;
      v[o + F.emptyHand] = hand === 0 ? 1 : 0;
      const offset = (p - next + players) % players;
      v[o + F.turnsLeft] = left > offset ? Math.floor((left - 1 - offset) / players) + 1 : 0;
      v[o + F.constant] = 1;
    }
    const stamp = (this.stamp = advanceStamp(this.stamp, this.seen));
    const occupied = this.occupied;
    const n = state.meepleSegments(occupied);
    for (let i = 0; i < n; i++) {
      const g = occupied[i]!;
      const owner = state.occupantOf(g);
      const kind = state.segmentKind(g);
      if (kind === SEG_FIELD) v[(owner - 1) * FEATURE_COUNT + F.farmers]! += 1;
      const root = state.find(g);
      if (this.seen[root] === stamp) continue;
      this.seen[root] = stamp;
      if (state.isCompleted(root)) continue;
      this.feature(state, root, kind, t);
    }
    if (game.evaluates) {
      const totals = this.hookTotals;
      totals.fill(0);
      game.evaluate(state, totals);
      for (let p = 0; p < players; p++) v[p * FEATURE_COUNT + F.expansions] = totals[p]!;
    }
    return v;
  }

  /** Adds open occupied feature `root` of kind `kind` to its majority's features. */
  private feature(state: AgentState, root: number, kind: number, t: number): void {
    const perPlayer = this.perPlayer;
    const players = this.game.players;
    if (kind === SEG_FIELD) {
      if (!this.rates.fieldsPay) return;
      // Farmers counted one each, whatever their kind (as the weights were trained).
      perPlayer.fill(0);
      state.figures(root, perPlayer);
      state.citiesBordered(root, this.cities);
      const majority = majorityOf(perPlayer, players);
      // The open cities: what completing them all would add.
      const completed = this.rates.fieldWorth[this.cities[0]!]!;
      const open = this.rates.fieldWorth[this.cities[0]! + this.cities[1]!]! - completed;
      this.add(majority, F.farmCompleted, completed);
      this.add(majority, F.farmOpen, open);
      this.add(majority, F.farmOpenEarly, open * t);
      return;
    }
    perPlayer.fill(0);
    if (kind === SEG_MONASTERY) {
      perPlayer[state.occupantOf(root) - 1] = 1;
      const neighbours = state.neighboursOf(state.tileOf(root));
      const majority = majorityOf(perPlayer, players);
      this.add(majority, F.monasteryNow, this.rates.monastery * (1 + neighbours));
      this.add(majority, F.monasteryRest, this.rates.monastery * (8 - neighbours));
      this.add(majority, F.monasteryRestEarly, this.rates.monastery * (8 - neighbours) * t);
      return;
    }
    const counts = state.tally(root, perPlayer);
    const majority = majorityOf(perPlayer, players);
    let complete: number;
    if (kind === SEG_ROAD) {
      complete = this.rates.completedRoad * counts[0]!;
      const final = this.rates.finalRoad * counts[0]!;
      this.add(majority, F.roadComplete, complete);
      this.add(majority, F.roadFinal, final);
      this.add(majority, F.roadCompleteEarly, complete * t);
      this.add(majority, F.roadFinalEarly, final * t);
    } else if (kind === SEG_CITY) {
      complete = this.rates.completedCityTile * counts[0]! + this.rates.completedCityPennant * counts[1]!;
      const final = this.rates.finalCityTile * counts[0]! + this.rates.finalCityPennant * counts[1]!;
      this.add(majority, F.cityComplete, complete);
      this.add(majority, F.cityFinal, final);
      this.add(majority, F.cityCompleteEarly, complete * t);
      this.add(majority, F.cityFinalEarly, final * t);
      if (state.openEndsOf(root) >= WIDE_CITY) {
        this.add(majority, F.cityCompleteWide, complete);
        this.add(majority, F.cityFinalWide, final);
      }
    } else {
      return; // a kind an expansion values through its hook
    }
    for (let p = 0; p < players; p++) {
      if (perPlayer[p]! > 0 && (majority & (1 << p)) === 0)
        this.values[p * FEATURE_COUNT + F.minorityStake]! += complete;
    }
  }

  /** Adds `value` to feature `k` of each player in bit mask `players`. */
  private add(players: number, k: number, value: number): void {
    for (let p = 0; players !== 0; p++, players >>= 1) if (players & 1) this.values[p * FEATURE_COUNT + k]! += value;
  }
}
