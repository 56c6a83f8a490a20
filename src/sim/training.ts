/**
 * Training data for `strong`'s value network (`npm run train`, docs/strong.md): seeded games over a
 * spread of setups, with a few random moves, in which every player's features are recorded at the
 * start of every turn together with what that player went on to score by the end of the game. The
 * setups vary the expansions and the base game's rule rates, so that the network learns what a
 * feature is worth as a multiple of the rate it carries.
 */
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import { VALUE_INPUTS, ValueFeatures, valueInputs } from '../agents/index.ts';
import type { Agent } from '../agents/index.ts';
import { Dealer } from './deal.ts';
import { buildArmGame } from './plan.ts';
import { makeRng, randomIndex } from './rng.ts';
import type { Rng } from './rng.ts';
import { prizePoints } from './round-targets.ts';
import type { RoundTargets } from './round-targets.ts';

export interface TrainingSetup {
  players: number;
  expansions: string[];
  rules: Record<string, string | number>;
}

const pick = <T>(rng: Rng, values: readonly T[]): T => values[randomIndex(rng, values.length)]!;

/** The player counts of training games, as often as they are drawn (`trainingSetup`). */
export const TRAINING_PLAYERS: readonly number[] = [2, 2, 2, 2, 3, 3, 3, 4, 4, 5];

/**
 * The setup of training game `index` of a run seeded `seed`: each of the Tollkeepers (either
 * edition), the Labyrinth (either variant) and King and Robber Baron (any scoring) in a share
 * `expansionShare` of the games (half by default); seven games in ten on the official rates, the
 * others on other rates; the player count drawn from `players` (by default `TRAINING_PLAYERS`).
 * The default share draws exactly as the setups always did, so earlier runs' setups are reproduced.
 */
export function trainingSetup(
  seed: string,
  index: number,
  players: readonly number[] = TRAINING_PLAYERS,
  expansionShare = 0.5,
): TrainingSetup {
  const rng = makeRng(seed, 'setup', index);
  const count = pick(rng, players);
  const expansions: string[] = [];
  const rules: Record<string, string | number> = {};
  if (rng() < expansionShare) {
    expansions.push('tollkeepers');
    rules.tollkeepersEdition = pick(rng, ['C3', 'C2']);
  }
  if (rng() < expansionShare) {
    expansions.push('labyrinth');
    rules.labyrinth = pick(rng, ['basic', 'advanced']);
  }
  if (rng() < expansionShare) {
    expansions.push('kingRobber');
    rules.kingRobberScoring = pick(rng, ['official', 'official', 'flat10', 'flat15-40', 'incremental']);
  }
  if (rng() < 0.3) {
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
  return { players: count, expansions, rules };
}

export const buildSetupGame = (setup: TrainingSetup, where: string): Game =>
  buildArmGame(
    {
      name: 'train',
      players: setup.players,
      expansions: setup.expansions,
      rules: setup.rules,
      agents: [],
      tiles: [],
      tileCounts: {},
    },
    where,
  );

export interface TrainingPlay {
  /** Share of placements chosen uniformly at random instead of by the agent (the agent then chooses the follow-up). */
  explore: number;
  /**
   * Share of follow-ups chosen uniformly at random. Without it a feature such as "farmers standing"
   * would only be seen where the agent chose a farmer because the field was good, and the network
   * would learn that selection rather than what a farmer is worth.
   */
  exploreFollowUp: number;
}

/**
 * Positions for the value fit: per row a player's network inputs (`valueInputs`) at the start of a
 * turn, the points that player scored from there to the end or a bootstrapped target (`Bootstrap`),
 * and the game's index.
 */
export class PositionRows {
  inputs = new Float32Array(1 << 16);
  targets = new Float32Array(1 << 12);
  /** Per row the bootstrapped target, while a game is recorded with one. */
  private round = new Float32Array(1 << 12);
  games: number[] = [];

  get rows(): number {
    return this.games.length;
  }

  /** Room for `more` rows. */
  reserve(more: number): void {
    const need = this.rows + more;
    if (need > this.targets.length) {
      const size = Math.max(need, 2 * this.targets.length);
      const targets = new Float32Array(size);
      targets.set(this.targets);
      this.targets = targets;
      const round = new Float32Array(size);
      round.set(this.round);
      this.round = round;
      const inputs = new Float32Array(size * VALUE_INPUTS);
      inputs.set(this.inputs.subarray(0, this.rows * VALUE_INPUTS));
      this.inputs = inputs;
    }
  }

  /** Row `r`'s bootstrapped targets: a view of `players` entries to write them into. */
  roundAt(r: number, players: number): Float32Array {
    return this.round.subarray(r, r + players);
  }

  /** Row `r`'s bootstrapped target. */
  roundOf(r: number): number {
    return this.round[r]!;
  }
}

/**
 * A bootstrapped target (`round-targets.ts`): the row's target is `mix` × the points the player
 * went on to score + (1 − `mix`) × the round target; when that leaves out a share of the prizes' points
 * at the round's end (`RoundTargets.cards`), that share of what they pay the player at the game's end
 * is added to it.
 */
export interface Bootstrap {
  readonly targets: RoundTargets;
  readonly mix: number;
}

/**
 * Plays game `index` of `game` with `agents` (a share of the moves random: `play`) and adds to `rows`,
 * at the start of every turn, each player's inputs and the points it went on to score (with
 * `bootstrap`, mixed with its round target).
 */
export function recordGame(
  game: Game,
  seed: string,
  index: number,
  agents: readonly Agent[],
  play: TrainingPlay,
  rows: PositionRows,
  bootstrap?: Bootstrap,
): void {
  const state = game.newState(new Dealer(game).deal(seed, index));
  const rng = makeRng(seed, 'play', index);
  const reader = new ValueFeatures(game);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const players = game.players;
  const first = rows.rows;
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE) {
      reader.read(state);
      rows.reserve(players);
      for (let p = 0; p < players; p++) {
        valueInputs(reader, p, rows.inputs, rows.rows * VALUE_INPUTS);
        rows.targets[rows.rows] = -state.score(p); // the final score is added at the end
        rows.games.push(index);
      }
      bootstrap?.targets.targets(state, rows.roundAt(rows.rows - players, players));
    }
    const count = state.legalActions(legal);
    const explore = state.phase === PHASE_PLACE ? play.explore : play.exploreFollowUp;
    const action =
      rng() < explore ? legal[randomIndex(rng, count)]! : agents[state.currentPlayer]!.choose(state, legal, count);
    state.apply(action);
  }
  const prizes = new Float64Array(players);
  if (bootstrap?.targets.cards) prizePoints(game, state, prizes, bootstrap.targets.cards);
  for (let r = first; r < rows.rows; r++) {
    const p = (r - first) % players;
    rows.targets[r]! += state.score(p);
    if (bootstrap)
      rows.targets[r] = bootstrap.mix * rows.targets[r]! + (1 - bootstrap.mix) * (rows.roundOf(r) + prizes[p]!);
  }
}
