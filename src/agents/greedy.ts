/**
 * The greedy agent: one ply. For every legal (placement, follow-up) pair it values the position after
 * the turn and plays the best pair; ties between placements are broken by its own seeded stream.
 * Each placement is applied under a checkpoint and rolled back. The final scoring is not part of a
 * turn's value (it is held back while trying). Parameter `eval`:
 *
 * `rules` (default): the rule-aware evaluation (`evaluation.ts`: own expected total minus the best
 * opponent's, with the expansions' hooks). Every follow-up is applied and the position valued; among
 * follow-ups of equal value the first legal one is kept (nothing, then meeples, then expansion
 * actions), so a tollhouse is not moved for nothing.
 *
 * `features` (the original valuation, kept for comparison): (its score − the best opponent's) after
 * the turn − the same before it + the estimated worth of the open features the placed tile belongs
 * to. If the placement completes a feature, every follow-up is applied and the scores are read;
 * otherwise the turn changes no score (true of the base game and all three expansions), so the
 * follow-ups are valued by the estimate alone, without applying them. Open-feature estimate: what
 * the base game's rule module says an open feature is worth (`worthRates`, as the rule-aware
 * evaluation values it; blind to the expansions): under the official rules roads 1 per segment,
 * cities 1.5 per segment and per pennant, fields 3 per completed bordering city (the numbers the
 * original valuation had written in, so its games are the same). It counts + for the agent when it
 * leads or ties the feature's majority and − when an opponent does (a tie cancels out). Each of the
 * agent's meeples standing on an open feature costs `MEEPLE_COST`. A monastery the tile belongs to
 * never counts: the original skipped every open feature without open ends but fields, monasteries
 * among them, and this valuation keeps its games.
 */
import {
  ACTION_BLOCK,
  FOLLOW_NOTHING,
  followUpKind,
  followUpSegment,
  MAX_ACTIONS_HINT,
  MAX_PLAYERS,
  PHASE_FOLLOW,
  SEG_CITY,
  SEG_FIELD,
  SEG_ROAD,
} from '../engine/index.ts';
import type { AgentGame, AgentState } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import { defineAgent, enumParam, realParam } from './agent.ts';
import type { Agent, AgentDefinition, CandidateValuation, Restriction, ValuedCandidate } from './agent.ts';
import { EPSILON, MEEPLE_COST, worthRates } from './evaluation/evaluation.ts';
import type { Weights, WorthRates } from './evaluation/evaluation.ts';
import { keepBest } from './keep-best.ts';
import { OnePly } from './speed-path/one-ply.ts';

const MAX_ROOTS = 32;

/**
 * The buffers of `eval=features`: one set for all agents of a thread, as a choice runs to its end
 * before another starts (and an agent is made per seat and game: allocating them there showed in
 * profiles). The follow-ups of the placement being tried; the open features of the placed tile:
 * root, worth, the agent's and the best opponent's meeples.
 */
const scratch = {
  followUps: new Int32Array(MAX_ACTIONS_HINT),
  perPlayer: new Int32Array(MAX_PLAYERS),
  roots: new Int32Array(MAX_ROOTS),
  worth: new Float64Array(MAX_ROOTS),
  mine: new Int32Array(MAX_ROOTS),
  theirs: new Int32Array(MAX_ROOTS),
};

export class GreedyAgent implements Agent {
  readonly name = 'greedy';
  /** `eval=features`: how many open features were collected into `scratch`. */
  private rootCount = 0;
  /** `eval=features`: the open-feature worths of the game last seen. */
  private rates: WorthRates | undefined;
  private ratesOf: AgentGame | undefined;
  /** The follow-up chosen together with the placement. */
  private pending = -1;
  // The best (placement, follow-up) pair of the current choice, its value and how many tied it.
  private bestPlacement = -1;
  private best = -Infinity;
  private ties = 0;
  /** The rule-aware valuation (for the game last seen). */
  private onePly: OnePly | undefined;
  /** While `valueCandidates` runs `choose` (eval=features): every pair it considers. */
  private recorded: ValuedCandidate[] | undefined;

  /** `followUpsOf` > 0 (`eval=rules`): the placements valued with their follow-ups (`markBest`), and its buffers. */
  private marked: Uint8Array | undefined;
  private readonly topIndex: Int32Array;
  private readonly topValue: Float64Array;

  /**
   * `ruleAware` false: the original feature valuation (`eval=features`). `restriction` (`forbid=`):
   * the follow-ups it may not choose, on its own turns only. `followUpsOf` (`eval=rules`; 0: every
   * placement's): a lighter turn that values every placement with no follow-up first and the
   * follow-ups of only the best `followUpsOf` placements by that value (`strong`'s look-ahead,
   * `rolloutFollowUps=`).
   */
  constructor(
    private readonly rng: Rng,
    private readonly ruleAware: boolean,
    private readonly weights: Weights,
    private readonly restriction?: Restriction,
    private readonly followUpsOf = 0,
  ) {
    this.topIndex = new Int32Array(followUpsOf);
    this.topValue = new Float64Array(followUpsOf);
  }

  /**
   * The follow-up chosen with the placement the last `choose` returned: legal after that placement,
   * what `choose` returns there (`RoundLookAhead` plays it without listing the legal follow-ups).
   */
  get chosenFollowUp(): number {
    return this.pending;
  }

  choose(state: AgentState, legal: Int32Array, count: number): number {
    if (state.phase === PHASE_FOLLOW) {
      // Called inside a search (a rollout's first follow-up), the pending one may be another position's.
      const n = this.restriction ? this.restriction.filter(state, legal, count) : count;
      for (let i = 0; i < n; i++) if (legal[i] === this.pending) return this.pending;
      return legal[0]!;
    }
    const me = state.currentPlayer;
    const distinct = state.game.distinctRotation;
    const t4 = state.drawn * 4;
    this.best = -Infinity;
    this.ties = 0;
    this.bestPlacement = legal[0]!;
    const deferFinal = state.deferFinal;
    state.deferFinal = true;
    if (this.ruleAware && this.onePly?.game !== state.game) this.onePly = sharedOnePly(state.game, this.weights);
    const onePly = this.ruleAware ? this.onePly : undefined;
    if (onePly) {
      onePly.remember(state);
      // One checkpoint for the placements made; none when the preview values them without making
      // them (one it declines opens its own).
      const open = onePly.previews(state, this.restriction) ? -1 : state.checkpoint();
      const marked =
        this.followUpsOf > 0 && count > this.followUpsOf ? this.markBest(state, legal, count, open) : undefined;
      for (let i = 0; i < count; i++) {
        const placement = legal[i]!;
        if (distinct[t4 + (placement & 3)] === 0) continue; // the same placement as a smaller rotation
        if (marked && marked[i] === 0) continue;
        this.consider(onePly.valuePlacement(state, placement, me, open, this.restriction), placement, onePly.followUp);
      }
      if (open >= 0) state.rollback(open);
      onePly.forget();
      state.deferFinal = deferFinal;
      return this.bestPlacement;
    }
    const before = margin(state, me);
    const outer = state.checkpoint();
    for (let i = 0; i < count; i++) {
      const placement = legal[i]!;
      if (distinct[t4 + (placement & 3)] === 0) continue; // the same placement as a smaller rotation
      state.apply(placement);
      const placed = state.lastPlaced;
      let n = state.legalFollowUps(scratch.followUps);
      if (this.restriction) n = this.restriction.filter(state, scratch.followUps, n);
      if (state.closesFeature(placed)) {
        const inner = state.checkpoint();
        for (let j = 0; j < n; j++) {
          const followUp = scratch.followUps[j]!;
          state.apply(followUp);
          this.collectOpen(state, placed, me, 0);
          this.consider(margin(state, me) - before + this.openWorth(-1, 0), placement, followUp);
          state.rollback(inner, true);
        }
      } else {
        this.collectOpen(state, placed, me, n);
        for (let j = 0; j < n; j++) {
          const followUp = scratch.followUps[j]!;
          const isMeeple = followUp !== FOLLOW_NOTHING && followUp < ACTION_BLOCK;
          const meeple = isMeeple ? state.find(placed * state.game.segmentsPerTile + followUpSegment(followUp)) : -1;
          this.consider(
            this.openWorth(meeple, isMeeple ? state.game.meepleWeights[followUpKind(followUp)]! : 0),
            placement,
            followUp,
          );
        }
      }
      state.rollback(outer, true);
    }
    state.rollback(outer);
    state.deferFinal = deferFinal;
    return this.bestPlacement;
  }

  /**
   * Every distinct placement with each of its follow-ups and the one-ply value `choose` picks the
   * best of (ties aside, which its stream breaks). `eval=rules`: the rule-aware evaluation after the
   * turn; `eval=features`: the feature valuation, collected from `choose` itself.
   */
  valueCandidates(state: AgentState, legal: Int32Array, count: number): CandidateValuation {
    const weights = this.weights;
    if (!this.ruleAware) {
      const candidates: ValuedCandidate[] = [];
      this.recorded = candidates;
      try {
        this.choose(state, legal, count);
      } finally {
        this.recorded = undefined;
      }
      return {
        method:
          'greedy (eval=features) plays the pair of highest value: its score lead gained by the turn plus the estimated worth of the open features the tile belongs to, less a charge per meeple standing on them.',
        stages: [{ name: 'value', about: "the feature valuation after the turn (greedy's eval=features)" }],
        candidates,
      };
    }
    if (this.onePly?.game !== state.game) this.onePly = sharedOnePly(state.game, weights);
    return {
      method: `greedy plays the pair of highest one-ply value: after the turn, its own expected final total minus the best opponent's, by the rule-aware evaluation with meepleCost ${weights.meepleCost}, farmerCost ${weights.farmerCost}, emptyHand ${weights.emptyHand}; ties are broken by its random stream.`,
      stages: [{ name: 'value', about: "own expected total minus the best opponent's after the turn (one ply)" }],
      candidates: this.onePly
        .valuePairs(state, legal, count, true, this.restriction)
        .map((p) => ({ placement: p.placement, followUp: p.followUp, values: [p.value] })),
    };
  }

  /**
   * Marks in the returned flags (by index into `legal`) the best `followUpsOf` distinct placements
   * of the remembered position by their value with no follow-up (`OnePly.valuePlacementAlone`; of
   * equal values the earlier).
   */
  private markBest(state: AgentState, legal: Int32Array, count: number, open: number): Uint8Array {
    const onePly = this.onePly!;
    const me = state.currentPlayer;
    const distinct = state.game.distinctRotation;
    const t4 = state.drawn * 4;
    const width = this.followUpsOf;
    const index = this.topIndex;
    const values = this.topValue;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const placement = legal[i]!;
      if (distinct[t4 + (placement & 3)] === 0) continue;
      const value = onePly.valuePlacementAlone(state, placement, me, open, this.restriction);
      n = keepBest(index, values, n, width, i, value);
    }
    if (!this.marked || this.marked.length < count) this.marked = new Uint8Array(Math.max(count, MAX_ACTIONS_HINT));
    const marked = this.marked;
    marked.fill(0, 0, count);
    for (let j = 0; j < n; j++) marked[index[j]!] = 1;
    return marked;
  }

  /** Keeps a (placement, follow-up) pair if it beats the best so far; among equals, each with the same chance. */
  private consider(value: number, placement: number, followUp: number): void {
    this.recorded?.push({ placement, followUp, values: [value] });
    if (value > this.best + EPSILON) {
      this.best = value;
      this.ties = 1;
      this.bestPlacement = placement;
      this.pending = followUp;
    } else if (value > this.best - EPSILON && this.rng() * ++this.ties < 1) {
      this.bestPlacement = placement;
      this.pending = followUp;
    }
  }

  /**
   * Gathers the open features of the tile at placed index `placed` that hold meeples or that one of
   * the first `targets` follow-ups would put a meeple on, with their worth and meeples.
   */
  private collectOpen(state: AgentState, placed: number, me: number, targets: number): void {
    const game = state.game;
    const S = game.segmentsPerTile;
    const count = state.segmentsOf(placed);
    if (this.ratesOf !== game) {
      this.ratesOf = game;
      this.rates = worthRates(game);
    }
    const rates = this.rates!;
    const perPlayer = scratch.perPlayer;
    this.rootCount = 0;
    for (let s = 0; s < count; s++) {
      const root = state.find(placed * S + s);
      if (state.isCompleted(root) || (state.openEndsOf(root) === 0 && state.segmentKind(root) !== SEG_FIELD)) continue;
      let known = false;
      for (let k = 0; k < this.rootCount; k++) if (scratch.roots[k] === root) known = true;
      if (known) continue;
      if (state.meeplesOn(root) === 0) {
        // Unoccupied: worth nothing to anyone unless a follow-up puts a meeple on this very segment.
        let target = false;
        for (let j = 0; j < targets; j++) {
          const followUp = scratch.followUps[j]!;
          if (followUp !== FOLLOW_NOTHING && followUp < ACTION_BLOCK && followUpSegment(followUp) === s) target = true;
        }
        if (!target) continue;
      }
      const kind = state.segmentKind(root);
      let value: number;
      if (kind === SEG_FIELD) {
        value = rates.fieldWorth[state.completedCitiesOf(root, perPlayer)]!;
      } else {
        perPlayer.fill(0);
        const counts = state.tally(root, perPlayer); // [segments, pennants]
        value =
          kind === SEG_ROAD
            ? rates.road * counts[0]!
            : kind === SEG_CITY
              ? rates.cityTile * counts[0]! + rates.cityPennant * counts[1]!
              : 0;
      }
      let theirs = 0;
      for (let p = 0; p < game.players; p++) if (p !== me && perPlayer[p]! > theirs) theirs = perPlayer[p]!;
      const k = this.rootCount++;
      scratch.roots[k] = root;
      scratch.worth[k] = value;
      scratch.mine[k] = perPlayer[me]!;
      scratch.theirs[k] = theirs;
    }
  }

  /** Worth of the collected open features, with one more meeple of the agent's on `extraRoot` (or none: -1). */
  private openWorth(extraRoot: number, extraWeight: number): number {
    let total = 0;
    for (let k = 0; k < this.rootCount; k++) {
      const mine = scratch.mine[k]! + (scratch.roots[k] === extraRoot ? extraWeight : 0);
      const theirs = scratch.theirs[k]!;
      if (mine > 0 && mine >= theirs) total += scratch.worth[k]!;
      if (theirs > 0 && theirs >= mine) total -= scratch.worth[k]!;
      total -= MEEPLE_COST * mine;
    }
    return total;
  }
}

/** One valuation per game and weights, shared by the agents of a thread (it keeps nothing between two choices). */
const onePlys = new WeakMap<AgentGame, Map<string, OnePly>>();
export function sharedOnePly(game: AgentGame, weights: Weights): OnePly {
  let byWeights = onePlys.get(game);
  if (!byWeights) onePlys.set(game, (byWeights = new Map()));
  const key = `${weights.meepleCost}/${weights.farmerCost}/${weights.emptyHand}`;
  let onePly = byWeights.get(key);
  if (!onePly) byWeights.set(key, (onePly = new OnePly(game, weights)));
  return onePly;
}

/** Own score minus the best opponent's. */
function margin(state: AgentState, me: number): number {
  let best = -Infinity;
  for (let p = 0; p < state.game.players; p++) if (p !== me && state.score(p) > best) best = state.score(p);
  return state.score(me) - best;
}

export const greedyAgent: AgentDefinition = defineAgent({
  name: 'greedy',
  description: 'one ply: plays the (placement, follow-up) pair whose resulting position evaluates best',
  params: [
    enumParam(
      'eval',
      ['rules', 'features'],
      'rules',
      "rules: the rule-aware evaluation with the expansions' hooks; features: the original fixed open-feature estimate",
    ),
    realParam('meepleCost', MEEPLE_COST, 0, 100, 'eval=rules: points charged per meeple standing on the board'),
    realParam('farmerCost', 0, 0, 100, 'eval=rules: points charged per meeple in a field, besides meepleCost'),
    realParam('emptyHand', 0, 0, 100, 'eval=rules: points charged to a player with no meeple left in hand'),
  ],
  create: (rng, params, restriction) =>
    new GreedyAgent(
      rng,
      params.eval === 'rules',
      {
        meepleCost: params.meepleCost,
        farmerCost: params.farmerCost,
        emptyHand: params.emptyHand,
      },
      restriction,
    ),
});
