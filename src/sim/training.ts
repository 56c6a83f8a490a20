/**
 * Training data for the learned evaluation of `strong` (`npm run train`): seeded self-play games over
 * a spread of setups, with positions sampled at the start of turns and labelled, per player, by the
 * points the player went on to score from there (final score − score at the position). The setups
 * vary the player count, the expansions and the base game's rule rates, so that each feature's
 * weight is learned as a multiple of the rate it carries (with one rule set only, what completing
 * and what the final scoring pay could not be told apart).
 */
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import { FEATURE_COUNT, FeatureReader } from '../agents/index.ts';
import type { Agent } from '../agents/index.ts';
import { Dealer } from './deal.ts';
import { buildArmGame } from './plan.ts';
import { makeRng } from './rng.ts';
import type { Rng } from './rng.ts';

export interface TrainingSetup {
  players: number;
  expansions: string[];
  rules: Record<string, string | number>;
}

const pick = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)]!;

/** The setup of training game `index` of a run seeded `seed`: half the games on the official rates, half on other rates. */
export function trainingSetup(seed: string, index: number): TrainingSetup {
  const rng = makeRng(seed, 'setup', index);
  const players = pick(rng, [2, 2, 2, 2, 3, 3, 3, 4, 4, 5]);
  const expansions: string[] = [];
  const rules: Record<string, string | number> = {};
  if (rng() < 0.4) expansions.push('tollkeepers');
  if (rng() < 0.4) {
    expansions.push('labyrinth');
    rules.labyrinth = pick(rng, ['basic', 'advanced']);
  }
  if (rng() < 0.4) {
    expansions.push('kingRobber');
    rules.kingRobberScoring = pick(rng, ['official', 'official', 'flat10', 'flat15-40', 'incremental']);
  }
  if (rng() < 0.5) {
    rules.roadPointsPerTile = pick(rng, [1, 1, 2]);
    rules.finalRoadPointsPerTile = pick(rng, [0, 1, 1, 2]);
    rules.cityPointsPerTile = pick(rng, [1, 2, 2, 3]);
    rules.cityPointsPerPennant = pick(rng, [1, 2, 2, 3]);
    rules.finalCityPointsPerTile = pick(rng, [0, 1, 1, 2]);
    rules.finalCityPointsPerPennant = pick(rng, [0, 1, 1, 2]);
    rules.monasteryPointsPerTile = pick(rng, [1, 1, 2]);
    rules.farmerPointsPerCity = pick(rng, [2, 3, 3, 4, 5]);
    if (rng() < 0.15) rules.farmers = 'off';
  }
  return { players, expansions, rules };
}

export const buildSetupGame = (setup: TrainingSetup, where: string): Game =>
  buildArmGame({ name: 'train', players: setup.players, expansions: setup.expansions, rules: setup.rules, agents: [], tiles: [], tileCounts: {} }, where);

/** Sampled positions: each row one player's features at one position, its label and its game. */
export class TrainingRows {
  features = new Float64Array(1 << 16);
  labels = new Float64Array((1 << 16) / FEATURE_COUNT);
  games = new Int32Array((1 << 16) / FEATURE_COUNT);
  count = 0;

  push(x: Float64Array, offset: number, label: number, game: number): void {
    if ((this.count + 1) * FEATURE_COUNT > this.features.length) this.grow();
    this.features.set(x.subarray(offset, offset + FEATURE_COUNT), this.count * FEATURE_COUNT);
    this.labels[this.count] = label;
    this.games[this.count] = game;
    this.count++;
  }

  private grow(): void {
    const features = new Float64Array(this.features.length * 2);
    features.set(this.features);
    this.features = features;
    const labels = new Float64Array(this.labels.length * 2);
    labels.set(this.labels);
    this.labels = labels;
    const games = new Int32Array(this.games.length * 2);
    games.set(this.games);
    this.games = games;
  }
}

export interface TrainingPlay {
  /** Share of turn starts whose position is recorded. */
  sample: number;
  /** Share of placements chosen uniformly at random instead of by the agent (the agent then chooses the follow-up). */
  explore: number;
  /**
   * Share of follow-ups chosen uniformly at random. Without it a feature such as "farmers standing"
   * would only be seen where the agent chose a farmer because the field was good, and its weight
   * would learn that selection rather than what a farmer is worth.
   */
  exploreFollowUp: number;
}

/**
 * Plays deal `deal` of setup game `game` (seeded by `seed`), agents per seat, recording sampled
 * positions into `rows` with labels once the game is over. `index` names the game in `rows`.
 */
export function playTrainingGame(game: Game, seed: string, index: number, agents: readonly Agent[], play: TrainingPlay, rows: TrainingRows): void {
  const order = new Dealer(game).deal(seed, index);
  const state = game.newState(order);
  const rng = makeRng(seed, 'play', index);
  const reader = new FeatureReader(game);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const first = rows.count;
  const scoreAt: number[] = [];
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE && rng() < play.sample) {
      const x = reader.read(state);
      for (let p = 0; p < game.players; p++) {
        rows.push(x, p * FEATURE_COUNT, 0, index);
        scoreAt.push(state.score(p));
      }
    }
    const count = state.legalActions(legal);
    const explore = state.phase === PHASE_PLACE ? play.explore : play.exploreFollowUp;
    const action = rng() < explore ? legal[Math.floor(rng() * count)]! : agents[state.currentPlayer]!.choose(state, legal, count);
    state.apply(action);
  }
  for (let r = first; r < rows.count; r++) rows.labels[r] = state.score((r - first) % game.players) - scoreAt[r - first]!;
}
