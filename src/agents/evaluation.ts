/**
 * Rule-aware position evaluation (README "Agents"): for each player, the score so far plus the points
 * the player can expect from what stands on the board; an agent's value of a position is its own
 * total minus the best opponent's (`margin`).
 *
 * Base game (`RULES.md` §1), every rate from the game's resolved rules: each occupied open feature is
 * worth, to each player with the majority of its meeples, the mean of what completing it would pay
 * and what the final scoring would — roads (roadPointsPerTile + finalRoadPointsPerTile) / 2 per
 * segment, cities the same with the city rates per segment and per pennant, monasteries
 * monasteryPointsPerTile × (1 + neighbours), fields (with farmers) farmerPointsPerCity per completed
 * bordering city (a segment is a tile's part of a feature: see `countMembers`). Every meeple standing on the board costs `MEEPLE_COST` (the chances it
 * no longer has). Expansions add their own expectations through the engine's `evaluate` hook (toll
 * income, the advanced Labyrinth bonus, the King and Robber Baron cards).
 */
import { MAX_PLAYERS, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';

/** Points a meeple on the board is charged: a heuristic weight, not a rule. */
export const MEEPLE_COST = 1;

export class Evaluator {
  private readonly expected: Float64Array;
  private readonly perPlayer = new Int32Array(MAX_PLAYERS);
  /** Per segment: the stamp of the last evaluation that valued the feature rooted there. */
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly road: number;
  private readonly cityTile: number;
  private readonly cityPennant: number;
  private readonly monastery: number;
  /** Points per completed bordering city, 0 without farmers. */
  private readonly farmer: number;

  constructor(readonly game: Game) {
    const rules = game.rules;
    this.expected = new Float64Array(game.players);
    this.seen = new Int32Array(game.maxTiles * game.segmentsPerTile);
    const mean = (a: string, b: string) => ((rules[a] as number) + (rules[b] as number)) / 2;
    this.road = mean('roadPointsPerTile', 'finalRoadPointsPerTile');
    this.cityTile = mean('cityPointsPerTile', 'finalCityPointsPerTile');
    this.cityPennant = mean('cityPointsPerPennant', 'finalCityPointsPerPennant');
    this.monastery = rules.monasteryPointsPerTile as number;
    this.farmer = rules.farmers === 'on' ? (rules.farmerPointsPerCity as number) : 0;
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
    const S = this.game.segmentsPerTile;
    for (let p = 0; p < this.game.players; p++) out[p] = state.score(p);
    if (++this.stamp === 0x7fffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const end = state.placedCount * S;
    for (let g = 0; g < end; g++) {
      const owner = state.meeple[g]!;
      if (owner === 0) continue;
      out[owner - 1]! -= MEEPLE_COST;
      const root = state.find(g);
      if (this.seen[root] === stamp) continue;
      this.seen[root] = stamp;
      this.payMajority(this.measure(state, root), out, 1);
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
  addMeeple(state: State, root: number, player: number, out: Float64Array): void {
    const worth = this.measure(state, root);
    if (state.rootMeeples[root] !== 0) this.payMajority(worth, out, -1);
    this.perPlayer[player]! += 1;
    this.payMajority(worth, out, 1);
    out[player]! -= MEEPLE_COST;
  }

  /** Adds `sign` × worth to every player with the majority in `perPlayer` (none when nobody has a meeple). */
  private payMajority(worth: number, out: Float64Array, sign: number): void {
    const perPlayer = this.perPlayer;
    let max = 0;
    for (let p = 0; p < this.game.players; p++) if (perPlayer[p]! > max) max = perPlayer[p]!;
    if (max === 0) return;
    for (let p = 0; p < this.game.players; p++) if (perPlayer[p] === max) out[p]! += sign * worth;
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
      if (owner !== 0) perPlayer[owner - 1] = 1;
      return this.monastery * (1 + state.neighbourCount(state.placedCell[(root / S) | 0]!));
    }
    const counts = countMembers(state, root, perPlayer);
    return kind === SEG_ROAD ? this.road * counts[0]! : kind === SEG_CITY ? this.cityTile * counts[0]! + this.cityPennant * counts[1]! : 0;
  }
}

const memberCounts = new Int32Array(2);

/**
 * One walk over the segments of road or city `root`: returns [segments, pennants] (a reused array)
 * and adds each player's meeples to `perPlayer`. Segments stand in for tiles (a feature passing twice
 * through a tile counts it twice: close enough for an estimate, and much cheaper).
 */
// hot path
export function countMembers(state: State, root: number, perPlayer: Int32Array): Int32Array {
  const S = state.game.segmentsPerTile;
  const pennants = state.game.segmentPennants;
  let segments = 0;
  let flags = 0;
  let m = root;
  do {
    segments++;
    flags += pennants[state.placedType[(m / S) | 0]! * S + (m % S)]!;
    const owner = state.meeple[m]!;
    if (owner !== 0) perPlayer[owner - 1]! += 1;
    m = state.next[m]!;
  } while (m !== root);
  memberCounts[0] = segments;
  memberCounts[1] = flags;
  return memberCounts;
}

/** `totals[me]` minus the largest other entry. */
// hot path
export function marginOf(totals: Float64Array, me: number): number {
  let best = -Infinity;
  for (let p = 0; p < totals.length; p++) if (p !== me && totals[p]! > best) best = totals[p]!;
  return totals[me]! - best;
}
