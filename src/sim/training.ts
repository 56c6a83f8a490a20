/**
 * Training data for the learned evaluation of `strong` (`npm run train`): seeded games over a spread
 * of setups, played by the learner, in which a teacher (a search agent) is asked for its move at a
 * share of the turns; each such decision is recorded with the candidates the learner weighs. The
 * setups vary the player count, the expansions and the base game's rule rates, so that each
 * feature's weight is learned as a multiple of the rate it carries (with one rule set only, what
 * completing and what the final scoring pay could not be told apart).
 */
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { FEATURE_COUNT, FeatureReader, INITIAL_WEIGHTS, rankPlacements, weightVector } from '../agents/index.ts';
import type { Agent } from '../agents/index.ts';
import { Dealer } from './deal.ts';
import { buildArmGame } from './plan.ts';
import { makeRng, randomIndex } from './rng.ts';
import type { Rng } from './rng.ts';

export interface TrainingSetup {
  players: number;
  expansions: string[];
  rules: Record<string, string | number>;
}

const pick = <T>(rng: Rng, values: readonly T[]): T => values[randomIndex(rng, values.length)]!;

/** The player counts of training games, as often as they are drawn (`trainingSetup`). */
export const TRAINING_PLAYERS: readonly number[] = [2, 2, 2, 2, 3, 3, 3, 4, 4, 5];

/**
 * The setup of training game `index` of a run seeded `seed`: half the games on the official rates,
 * half on other rates; the player count drawn from `players` (by default `TRAINING_PLAYERS`).
 */
export function trainingSetup(
  seed: string,
  index: number,
  players: readonly number[] = TRAINING_PLAYERS,
): TrainingSetup {
  const rng = makeRng(seed, 'setup', index);
  const count = pick(rng, players);
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
 * A teacher's choices for the comparison fit (`npm run train`): per recorded decision, one row per
 * candidate (placement, follow-up) pair — the mover's score margin over the leading opponent after
 * the pair, then the difference of their features — and which candidate the teacher played.
 */
export class ChoiceRows {
  /** Columns of a row: the score margin, then the feature differences. */
  static readonly COLUMNS = 1 + FEATURE_COUNT;
  features = new Float64Array(1 << 16);
  rows = 0;
  /** Per decision: its first row, its row count, the teacher's row, its game. */
  start: number[] = [];
  size: number[] = [];
  chosen: number[] = [];
  games: number[] = [];

  addRow(row: Float64Array): void {
    const C = ChoiceRows.COLUMNS;
    if ((this.rows + 1) * C > this.features.length) {
      const more = new Float64Array(this.features.length * 2);
      more.set(this.features);
      this.features = more;
    }
    this.features.set(row, this.rows * C);
    this.rows++;
  }

  get decisions(): number {
    return this.start.length;
  }
}

/**
 * Plays game `index` of setup `game` with `agents` (the learner), and at a `play.sample` share of the
 * turns asks `teacher` for its choice and records it with the candidates the learner would weigh:
 * the `width` best placements by one-ply value and the teacher's own, each with every follow-up.
 * Positions come from the learner's own play, labels from the teacher (as in DAgger), so the fit
 * learns what to do in the positions the learner reaches.
 */
export function playChoiceGame(
  game: Game,
  seed: string,
  index: number,
  agents: readonly Agent[],
  teacher: (seat: number) => Agent,
  width: number,
  play: TrainingPlay,
  rows: ChoiceRows,
): void {
  const state = game.newState(new Dealer(game).deal(seed, index));
  const rng = makeRng(seed, 'play', index);
  const reader = new FeatureReader(game);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const initial = weightVector(INITIAL_WEIGHTS);
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE && rng() < play.sample)
      recordChoice(state, teacher(state.currentPlayer), width, reader, initial, rows, index);
    const count = state.legalActions(legal);
    const explore = state.phase === PHASE_PLACE ? play.explore : play.exploreFollowUp;
    const action =
      rng() < explore ? legal[randomIndex(rng, count)]! : agents[state.currentPlayer]!.choose(state, legal, count);
    state.apply(action);
  }
}

const choiceLegal = new Int32Array(MAX_ACTIONS_HINT);
const followUps = new Int32Array(MAX_ACTIONS_HINT);

function recordChoice(
  state: State,
  teacher: Agent,
  width: number,
  reader: FeatureReader,
  initial: Float64Array,
  rows: ChoiceRows,
  index: number,
): void {
  const me = state.currentPlayer;
  const deferFinal = state.deferFinal;
  state.deferFinal = true;
  const level = state.checkpoint();
  // The teacher's pair.
  const placement = teacher.choose(state, choiceLegal, state.legalActions(choiceLegal));
  state.apply(placement);
  const followUp = teacher.choose(state, choiceLegal, state.legalActions(choiceLegal));
  state.rollback(level, true);
  const candidates = rankPlacements(state, width);
  if (!candidates.includes(placement)) candidates.push(placement);
  const first = rows.rows;
  let chosen = -1;
  const row = new Float64Array(ChoiceRows.COLUMNS);
  for (const p of candidates) {
    state.apply(p);
    const n = state.legalFollowUps(followUps);
    const inner = state.checkpoint();
    for (let j = 0; j < n; j++) {
      state.apply(followUps[j]!);
      if (p === placement && followUps[j] === followUp) chosen = rows.rows - first;
      candidateRow(state, me, reader, initial, row);
      rows.addRow(row);
      state.rollback(inner, true);
    }
    state.rollback(inner);
    state.rollback(level, true);
  }
  state.rollback(level);
  state.deferFinal = deferFinal;
  if (chosen < 0 || rows.rows - first < 2) {
    rows.rows = first; // the teacher's follow-up was not among the legal ones listed, or nothing to choose: drop it
    return;
  }
  rows.start.push(first);
  rows.size.push(rows.rows - first);
  rows.chosen.push(chosen);
  rows.games.push(index);
}

/** The row of the position after a candidate pair: margin over the leading opponent (by the initial evaluation), feature differences. */
function candidateRow(state: State, me: number, reader: FeatureReader, initial: Float64Array, row: Float64Array): void {
  const x = reader.read(state);
  const players = state.game.players;
  let opponent = -1;
  let best = -Infinity;
  for (let p = 0; p < players; p++) {
    if (p === me) continue;
    let total = state.score(p);
    for (let k = 0; k < FEATURE_COUNT; k++) total += initial[k]! * x[p * FEATURE_COUNT + k]!;
    if (total > best) {
      best = total;
      opponent = p;
    }
  }
  row[0] = state.score(me) - state.score(opponent);
  for (let k = 0; k < FEATURE_COUNT; k++) row[1 + k] = x[me * FEATURE_COUNT + k]! - x[opponent * FEATURE_COUNT + k]!;
}
