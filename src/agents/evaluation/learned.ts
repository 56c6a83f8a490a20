/**
 * The learned evaluation of `strong`: each player's expected final total is its score plus a weighted
 * sum of its rule-scaled features (`features.ts`); the weights were fitted to a search agent's
 * choices (`npm run train`, `strong-weights.ts`). At the end of the game the totals are the scores;
 * `strong` values a position from them (its `value=`).
 */
import { PHASE_OVER } from '../../engine/index.ts';
import type { AgentGame, AgentState } from '../../engine/index.ts';
import { FEATURE_COUNT, FEATURE_NAMES, FeatureReader } from './features.ts';

/** Weights by feature name, as `npm run train` writes them. */
export type FeatureWeights = Readonly<Record<string, number>>;

/** Weights per player count ("2" … "5"; games of 6 players use those of 5), fitted each on games of that count. */
export type WeightSet = Readonly<Record<string, FeatureWeights>>;

/** The player counts with weights of their own (larger games use the last). */
export const WEIGHT_PLAYERS = [2, 3, 4, 5] as const;

export function weightsForPlayers(set: WeightSet, players: number): FeatureWeights {
  const weights = set[String(Math.min(players, WEIGHT_PLAYERS[WEIGHT_PLAYERS.length - 1]))];
  if (!weights) throw new Error(`learned weights: none for ${players} players`);
  return weights;
}

/** The weights in `FEATURE_NAMES` order; every feature must have one, and no other name may appear. */
export function weightVector(weights: FeatureWeights): Float64Array {
  const unknown = Object.keys(weights).filter((name) => !(FEATURE_NAMES as readonly string[]).includes(name));
  const missing = FEATURE_NAMES.filter((name) => typeof weights[name] !== 'number');
  if (unknown.length || missing.length)
    throw new Error(
      `learned weights do not fit the features: missing ${missing.join(', ') || 'none'}; unknown ${unknown.join(', ') || 'none'}`,
    );
  return Float64Array.from(FEATURE_NAMES, (name) => weights[name]!);
}

export class LearnedEvaluator {
  readonly features: FeatureReader;
  private readonly totalsOut: Float64Array;

  constructor(
    readonly game: AgentGame,
    private readonly weights: Float64Array,
  ) {
    this.features = new FeatureReader(game);
    this.totalsOut = new Float64Array(game.players);
  }

  /** Each player's expected final total; the returned array is reused by the next call. */
  // hot path
  totals(state: AgentState): Float64Array {
    const out = this.totalsOut;
    const players = this.game.players;
    if (state.phase === PHASE_OVER) {
      for (let p = 0; p < players; p++) out[p] = state.score(p);
      return out;
    }
    const x = this.features.read(state);
    const w = this.weights;
    for (let p = 0; p < players; p++) {
      let sum = state.score(p);
      const o = p * FEATURE_COUNT;
      for (let k = 0; k < FEATURE_COUNT; k++) sum += w[k]! * x[o + k]!;
      out[p] = sum;
    }
    return out;
  }
}

/**
 * Where training starts: the rule-aware evaluation of `mcts` in these features (an open road or city
 * halfway between its completion and final pay, a monastery what it pays now, a field its completed
 * cities; 1.25 a meeple in hand, 4 less a farmer, 2 less an empty hand; the expansions' own terms).
 */
export const INITIAL_WEIGHTS: FeatureWeights = {
  roadComplete: 0.5,
  roadFinal: 0.5,
  roadCompleteEarly: 0,
  roadFinalEarly: 0,
  cityComplete: 0.5,
  cityFinal: 0.5,
  cityCompleteEarly: 0,
  cityFinalEarly: 0,
  cityCompleteWide: 0,
  cityFinalWide: 0,
  monasteryNow: 1,
  monasteryRest: 0,
  monasteryRestEarly: 0,
  farmCompleted: 1,
  farmOpen: 0,
  farmOpenEarly: 0,
  minorityStake: 0,
  hand: 1.25,
  handEarly: 0,
  emptyHand: -2,
  farmers: -4,
  turnsLeft: 0,
  constant: 0,
  expansions: 1,
};

export const INITIAL_WEIGHT_SET: WeightSet = Object.fromEntries(
  WEIGHT_PLAYERS.map((p) => [String(p), INITIAL_WEIGHTS]),
);
