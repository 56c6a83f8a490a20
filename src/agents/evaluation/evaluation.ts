/**
 * Rule-aware position evaluation (docs/agents.md): for each player, the score so far plus the points
 * the player can expect from what stands on the board; an agent's value of a position is its own
 * total minus the best opponent's (`margin`). It reads the position through the feature API only
 * (`AgentState`, `src/engine/views.ts`); what remembers a position to value the next placements by
 * their changes is `remembered.ts`.
 *
 * Base game (docs/rules.md §1), every point from the base game's rule module (`Game.pays`, what scoring
 * pays by): each occupied open feature is worth, to each player with the majority of its meeples,
 * the mean of what completing it would pay and what the final scoring would — roads and cities by
 * their segments and pennants (a segment is a tile's part of a feature: `FeatureView.tally`) —
 * monasteries what the final scoring would pay now (1 + neighbours tiles: completing one pays 9 tiles
 * whatever it has now), fields what the final scoring would pay for the completed cities they border
 * (nothing with farmers off). The rule module's answers are taken once per game: for one tile or one
 * pennant (its pay for roads, cities and monasteries is linear in them), and for a field for every
 * number of cities (`test/agents/evaluation.test.ts` checks the evaluation against the module's
 * answer on every occupied feature of random games, with a field pay that is not linear too). Every meeple
 * standing on the board costs `meepleCost`, by default `MEEPLE_COST` (the chances it no longer
 * has), a meeple in a field `farmerCost` more (it stays there until the end), and a player with no
 * meeple left in hand `emptyHand` (no claim is possible until a feature gives one back); the last two
 * are 0 by default. Expansions add their own expectations through the engine's `evaluate` hook
 * (toll income, the advanced Labyrinth bonus, the King and Robber Baron cards).
 */
import { MAX_PLAYERS, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../../engine/index.ts';
import type { AgentGame, AgentState } from '../../engine/index.ts';
import { addTo, advanceStamp, majorityOf, marginOf } from './tallies.ts';
import { Charges, DEFAULT_WEIGHTS } from './weights.ts';
import type { Weights } from './weights.ts';

export { DEFAULT_WEIGHTS, EPSILON, MEEPLE_COST } from './weights.ts';
export type { Weights } from './weights.ts';

/**
 * What an open feature is worth to its majority (the header's estimate), per segment, pennant and
 * monastery tile, and what a road or city completed during the game pays per tile and pennant: the
 * base game's rule module's pay for one of each (`Game.pays`). A field's worth by the number of
 * completed cities it borders is the module's answer for each number (so any field pay that depends
 * on that number is asked of it, not assumed linear).
 */
export interface WorthRates {
  readonly road: number;
  readonly cityTile: number;
  readonly cityPennant: number;
  readonly monastery: number;
  /** [cities]: what a field bordering that many completed cities pays at the end (all 0 without farmers). */
  readonly fieldWorth: Float64Array;
  /** Whether a field pays anything at all (farmers on, a non-zero rate). */
  readonly fieldsPay: boolean;
  readonly completedRoad: number;
  readonly completedCityTile: number;
  readonly completedCityPennant: number;
  /** What a monastery completed during the game pays per tile (itself and its 8 neighbours). */
  readonly completedMonastery: number;
  /** What an unfinished road or city pays at the end per tile and pennant. */
  readonly finalRoad: number;
  readonly finalCityTile: number;
  readonly finalCityPennant: number;
}

/** The game's `WorthRates`, from its rule module's answers. */
export function worthRates(game: AgentGame): WorthRates {
  const halfway = (kind: number, tiles: number, pennants: number) =>
    (game.pays(kind, tiles, pennants, 0, true) + game.pays(kind, tiles, pennants, 0, false)) / 2;
  // A field borders at most one city per city segment of the board.
  const fieldWorth = Float64Array.from({ length: game.maxTiles * game.segmentsPerTile + 1 }, (_, cities) =>
    game.pays(SEG_FIELD, 0, 0, cities, false),
  );
  return {
    road: halfway(SEG_ROAD, 1, 0),
    cityTile: halfway(SEG_CITY, 1, 0),
    cityPennant: halfway(SEG_CITY, 0, 1),
    monastery: game.pays(SEG_MONASTERY, 1, 0, 0, false),
    fieldWorth,
    fieldsPay: fieldWorth.some((worth) => worth !== 0),
    completedRoad: game.pays(SEG_ROAD, 1, 0, 0, true),
    completedCityTile: game.pays(SEG_CITY, 1, 0, 0, true),
    completedCityPennant: game.pays(SEG_CITY, 0, 1, 0, true),
    completedMonastery: game.pays(SEG_MONASTERY, 1, 0, 0, true),
    finalRoad: game.pays(SEG_ROAD, 1, 0, 0, false),
    finalCityTile: game.pays(SEG_CITY, 1, 0, 0, false),
    finalCityPennant: game.pays(SEG_CITY, 0, 1, 0, false),
  };
}

export class Evaluator extends Charges implements WorthRates {
  private readonly expected: Float64Array;
  protected readonly perPlayer = new Int32Array(MAX_PLAYERS);
  /** Per segment: the stamp of the last evaluation that valued the feature rooted there. */
  protected readonly seen: Int32Array;
  private stamp = 0;
  /** The segments holding a meeple, as `scan` reads them. */
  private readonly occupied: Int32Array;
  readonly road: number;
  readonly cityTile: number;
  readonly cityPennant: number;
  readonly monastery: number;
  readonly fieldWorth: Float64Array;
  readonly fieldsPay: boolean;
  readonly completedRoad: number;
  readonly completedCityTile: number;
  readonly completedCityPennant: number;
  readonly completedMonastery: number;
  readonly finalRoad: number;
  readonly finalCityTile: number;
  readonly finalCityPennant: number;

  constructor(
    readonly game: AgentGame,
    weights: Weights = DEFAULT_WEIGHTS,
  ) {
    super(weights);
    const segments = game.maxTiles * game.segmentsPerTile;
    this.expected = new Float64Array(game.players);
    this.seen = new Int32Array(segments);
    this.occupied = new Int32Array(segments);
    const rates = worthRates(game);
    this.road = rates.road;
    this.cityTile = rates.cityTile;
    this.cityPennant = rates.cityPennant;
    this.monastery = rates.monastery;
    this.fieldWorth = rates.fieldWorth;
    this.fieldsPay = rates.fieldsPay;
    this.completedRoad = rates.completedRoad;
    this.completedCityTile = rates.completedCityTile;
    this.completedCityPennant = rates.completedCityPennant;
    this.completedMonastery = rates.completedMonastery;
    this.finalRoad = rates.finalRoad;
    this.finalCityTile = rates.finalCityTile;
    this.finalCityPennant = rates.finalCityPennant;
  }

  /** Own expected total minus the best opponent's. */
  // hot path
  margin(state: AgentState, me: number): number {
    const totals = this.totals(state);
    return marginOf(totals, me);
  }

  /** Each player's score plus expected points; the returned array is reused by the next call. */
  // hot path
  totals(state: AgentState): Float64Array {
    this.baseTotals(state, this.expected);
    this.addHooks(state, this.expected);
    return this.expected;
  }

  /** Writes each player's score plus the base game's expectations (no expansion hooks) into `out`. */
  // hot path
  baseTotals(state: AgentState, out: Float64Array): void {
    this.scan(state, out, false);
  }

  /** Adds the expansions' expectations (`evaluate` hooks) to `out`. */
  addHooks(state: AgentState, out: Float64Array): void {
    this.game.evaluate(state, out);
  }

  /** Whether any expansion adds to the evaluation. */
  get hooked(): boolean {
    return this.game.evaluates;
  }

  /**
   * Adds to base totals `out` the change one more meeple of `player` on open feature `root` makes
   * (as `baseTotals` would see it after the meeple is deployed).
   */
  // hot path
  addMeeple(state: AgentState, root: number, player: number, out: Float64Array, kind = 0): void {
    const worth = this.measure(state, root);
    if (state.meeplesOn(root) !== 0) addTo(out, this.majority(), -worth);
    this.perPlayer[player]! += this.game.meepleWeights[kind]!;
    addTo(out, this.majority(), worth);
    // A meeple of another kind leaves the plain meeples' hand as it was: no hand charge.
    const segmentKind = state.segmentKind(root);
    out[player]! -=
      kind === 0
        ? this.deployCharge(state, player, segmentKind)
        : this.meepleCost + (segmentKind === SEG_FIELD ? this.farmerCost : 0);
  }

  /**
   * Scores plus the worth of every occupied feature to its majority, less `meepleCost` per meeple,
   * `farmerCost` per farmer and `emptyHand` for an empty hand, into `out`; with `remember`, also
   * keeps each feature's worth and majority by its root (`keep`).
   */
  // hot path
  protected scan(state: AgentState, out: Float64Array, remember: boolean): void {
    for (let p = 0; p < this.game.players; p++) out[p] = state.score(p) - this.handCharge(state.meeplesLeft[p]!);
    const stamp = this.nextStamp();
    const occupied = this.occupied;
    const n = state.meepleSegments(occupied);
    for (let i = 0; i < n; i++) {
      const g = occupied[i]!;
      const owner = state.occupantOf(g);
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

  /** Remembers occupied feature `root`: its worth, majority and meeples (`perPlayer`); nothing here (`remembered.ts`). */
  protected keep(_root: number, _worth: number, _majority: number): void {}

  /** A fresh stamp for `seen`. */
  protected nextStamp(): number {
    return (this.stamp = advanceStamp(this.stamp, this.seen));
  }

  /** The players with the most meeples in `perPlayer` as a bit mask (0 when nobody has one). */
  protected majority(): number {
    return majorityOf(this.perPlayer, this.game.players);
  }

  /** The expected worth of open feature `root` to its majority; fills `perPlayer` with its meeples by weight. */
  // hot path
  protected measure(state: AgentState, root: number): number {
    const perPlayer = this.perPlayer;
    const kind = state.segmentKind(root);
    if (kind === SEG_FIELD) return this.fieldWorth[state.completedCitiesOf(root, perPlayer)]!;
    perPlayer.fill(0);
    if (kind === SEG_MONASTERY) {
      const owner = state.occupantOf(root);
      if (owner !== 0) perPlayer[owner - 1] = state.meepleWeight(root);
      return this.monastery * (1 + state.neighboursOf(state.tileOf(root)));
    }
    const counts = state.tally(root, perPlayer);
    return kind === SEG_ROAD
      ? this.road * counts[0]!
      : kind === SEG_CITY
        ? this.cityTile * counts[0]! + this.cityPennant * counts[1]!
        : 0;
  }
}

/** The meeples of player p's supply other than the plain ones (none in a game without meeple kinds). */
export function otherKindsLeft(state: AgentState, p: number): number {
  const players = state.game.players;
  let n = 0;
  for (let i = players + p; i < state.meeplesLeft.length; i += players) n += state.meeplesLeft[i]!;
  return n;
}
