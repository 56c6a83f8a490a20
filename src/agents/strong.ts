/**
 * `strong`: one ply on a learned evaluation, the search's strength at about greedy's price.
 *
 * A turn: every distinct placement is valued first as `greedy` values it (one ply, the rule-aware
 * evaluation with the `mcts` weights: cheap, through the placement preview); the best `width` of them
 * are then tried with each of their follow-ups and the position after the turn is valued by the
 * learned evaluation (`learned.ts`: rule-scaled features weighted by a fit to self-play results,
 * `strong-weights.ts`). The pair with the best value (own expected total minus the best opponent's)
 * is played; ties are broken by the agent's own stream. At the end of the game the value is the final
 * scores. Like every agent it reads only the public position: the features count the tiles still to
 * place from the tiles placed, and no part reads the undrawn tiles.
 */
import { MAX_ACTIONS_HINT, PHASE_FOLLOW } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import { intParam } from './agent.ts';
import type { Agent, AgentDefinition } from './agent.ts';
import { EPSILON } from './evaluation.ts';
import type { Weights } from './evaluation.ts';
import { LearnedEvaluator, weightVector } from './learned.ts';
import type { FeatureWeights } from './learned.ts';
import { OnePly } from './one-ply.ts';
import { STRONG_WEIGHTS } from './strong-weights.ts';

/** The weights of the first, one-ply pass over all placements (those `mcts` evaluates with). */
export const PREFILTER_WEIGHTS: Weights = { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 };

export class StrongAgent implements Agent {
  readonly name = 'strong';
  private game: Game | undefined;
  private onePly: OnePly | undefined;
  private learned: LearnedEvaluator | undefined;
  private readonly weights: Float64Array;
  private readonly followUps = new Int32Array(MAX_ACTIONS_HINT);
  private candidates = new Int32Array(0);
  private candidateValues = new Float64Array(0);
  // The follow-up chosen with the last placement, valid right after it.
  private pending = -1;
  private pendingPlaced = -1;
  private pendingDeckPos = -1;
  // The best pair of the current choice.
  private best = -Infinity;
  private ties = 0;
  private bestPlacement = -1;
  private bestFollowUp = -1;

  constructor(private readonly rng: Rng, private readonly width: number, weights: FeatureWeights = STRONG_WEIGHTS.weights) {
    this.weights = weightVector(weights);
  }

  choose(state: State, legal: Int32Array, count: number): number {
    if (state.phase === PHASE_FOLLOW) {
      if (state.placedCount === this.pendingPlaced && state.deckPos === this.pendingDeckPos) {
        for (let i = 0; i < count; i++) if (legal[i] === this.pending) return this.pending;
      }
      return this.chooseFollowUp(state, legal, count);
    }
    this.prepare(state.game);
    const me = state.currentPlayer;
    const n = this.shortlist(state, legal, count, me);
    this.best = -Infinity;
    this.ties = 0;
    this.bestPlacement = this.candidates[0]!;
    this.bestFollowUp = -1;
    const deferFinal = state.deferFinal;
    state.deferFinal = false; // a turn that ends the game is valued by the final scores
    const level = state.checkpoint();
    for (let i = 0; i < n; i++) {
      const placement = this.candidates[i]!;
      state.apply(placement);
      const followUps = state.legalFollowUps(this.followUps);
      const inner = state.checkpoint();
      for (let j = 0; j < followUps; j++) {
        const followUp = this.followUps[j]!;
        state.apply(followUp);
        this.consider(this.learned!.margin(state, me), placement, followUp);
        state.rollback(inner, true);
      }
      state.rollback(inner);
      state.rollback(level, true);
    }
    state.rollback(level);
    state.deferFinal = deferFinal;
    this.pending = this.bestFollowUp;
    this.pendingPlaced = state.placedCount + 1;
    this.pendingDeckPos = state.deckPos;
    return this.bestPlacement;
  }

  private prepare(game: Game): void {
    if (this.game === game) return;
    this.game = game;
    this.onePly = new OnePly(game, PREFILTER_WEIGHTS);
    this.learned = new LearnedEvaluator(game, this.weights);
  }

  /** Writes the best `width` distinct placements by their one-ply value into `candidates`, best first; returns how many. */
  private shortlist(state: State, legal: Int32Array, count: number, me: number): number {
    if (this.candidates.length < count) {
      this.candidates = new Int32Array(count);
      this.candidateValues = new Float64Array(count);
    }
    const onePly = this.onePly!;
    const distinct = state.game.distinctRotation;
    const t4 = state.drawn * 4;
    const deferFinal = state.deferFinal;
    state.deferFinal = true;
    onePly.remember(state);
    const open = state.checkpoint();
    let n = 0;
    for (let i = 0; i < count; i++) {
      const placement = legal[i]!;
      if (distinct[t4 + (placement & 3)] === 0) continue; // the same placement as a smaller rotation
      const value = onePly.valuePlacement(state, placement, me, open);
      // Insertion into the sorted shortlist (stable: equal values keep the legal order).
      let j = Math.min(n, this.width);
      if (j === this.width && value <= this.candidateValues[j - 1]!) continue;
      if (j === this.width) j--;
      for (; j > 0 && this.candidateValues[j - 1]! < value; j--) {
        this.candidates[j] = this.candidates[j - 1]!;
        this.candidateValues[j] = this.candidateValues[j - 1]!;
      }
      this.candidates[j] = placement;
      this.candidateValues[j] = value;
      if (n < this.width) n++;
    }
    state.rollback(open);
    onePly.forget();
    state.deferFinal = deferFinal;
    return n;
  }

  /** A follow-up asked for without a placement of this agent's before it: the best by the learned value. */
  private chooseFollowUp(state: State, legal: Int32Array, count: number): number {
    this.prepare(state.game);
    const me = state.currentPlayer;
    this.best = -Infinity;
    this.ties = 0;
    this.bestFollowUp = legal[0]!;
    const deferFinal = state.deferFinal;
    state.deferFinal = false;
    const level = state.checkpoint();
    for (let i = 0; i < count; i++) {
      state.apply(legal[i]!);
      this.consider(this.learned!.margin(state, me), -1, legal[i]!);
      state.rollback(level, true);
    }
    state.rollback(level);
    state.deferFinal = deferFinal;
    return this.bestFollowUp;
  }

  /** Keeps a pair if it beats the best so far; among equals, each with the same chance. */
  private consider(value: number, placement: number, followUp: number): void {
    if (value > this.best + EPSILON) {
      this.best = value;
      this.ties = 1;
      this.bestPlacement = placement;
      this.bestFollowUp = followUp;
    } else if (value > this.best - EPSILON && this.rng() * ++this.ties < 1) {
      this.bestPlacement = placement;
      this.bestFollowUp = followUp;
    }
  }
}

export const strongAgent: AgentDefinition = {
  name: 'strong',
  description: 'one ply on an evaluation learned from self-play: the best placements by greedy\'s value, each follow-up valued by the learned evaluation',
  params: [
    intParam('width', 8, 1, 10_000, 'placements (the best by one-ply greedy value) whose follow-ups the learned evaluation values'),
  ],
  create: (rng, params) => new StrongAgent(rng, params.width as number),
};
