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
 * follow-ups are valued by the estimate alone, without applying them. Open-feature estimate
 * (`FEATURE_WORTH`, fixed numbers, blind to rule parameters and expansions): an open feature is worth
 * what it would score at the end of the game now, with cities valued between their final (1) and
 * completed (2) rate: roads 1 per segment, cities 1.5 per segment and per pennant, monasteries
 * 1 + neighbours, fields 3 per completed bordering city. It counts + for the agent when it leads or
 * ties the feature's majority and − when an opponent does (a tie cancels out). Each of the agent's
 * meeples standing on an open feature costs `MEEPLE_COST`.
 */
import { ACTION_BLOCK, FOLLOW_NOTHING, followUpKind, followUpSegment, MAX_ACTIONS_HINT, PHASE_FOLLOW, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../engine/index.ts';
import type { FeatureScore, Game, State } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import { enumParam, realParam } from './agent.ts';
import type { Agent, AgentDefinition, Restriction } from './agent.ts';
import { EPSILON, MEEPLE_COST } from './evaluation.ts';
import { countMembers } from './tallies.ts';
import type { Weights } from './evaluation.ts';
import { OnePly, completesSomething } from './one-ply.ts';

export const FEATURE_WORTH = { roadPerSegment: 1, cityPerSegment: 1.5, cityPerPennant: 1.5, monasteryPerTile: 1, fieldPerCompletedCity: 3 } as const;
const MAX_ROOTS = 32;

/**
 * The buffers of `eval=features`: one set for all agents of a thread, as a choice runs to its end
 * before another starts (and an agent is made per seat and game: allocating them there showed in
 * profiles). The follow-ups of the placement being tried; the open features of the placed tile:
 * root, worth, the agent's and the best opponent's meeples.
 */
const scratch = {
  followUps: new Int32Array(MAX_ACTIONS_HINT),
  feature: { root: 0, kind: 0, completed: false, tiles: 0, pennants: 0, cities: 0, points: 0, source: 0, bonus: 0, bonusSource: 0, meeples: 0, perPlayer: new Int32Array(8) } as FeatureScore,
  roots: new Int32Array(MAX_ROOTS),
  worth: new Float64Array(MAX_ROOTS),
  mine: new Int32Array(MAX_ROOTS),
  theirs: new Int32Array(MAX_ROOTS),
};

export class GreedyAgent implements Agent {
  readonly name = 'greedy';
  /** `eval=features`: how many open features were collected into `scratch`. */
  private rootCount = 0;
  /** The follow-up chosen together with the placement. */
  private pending = -1;
  // The best (placement, follow-up) pair of the current choice, its value and how many tied it.
  private bestPlacement = -1;
  private best = -Infinity;
  private ties = 0;
  /** The rule-aware valuation (for the game last seen). */
  private onePly: OnePly | undefined;

  /** `ruleAware` false: the original feature valuation (`eval=features`). */
  /** `restriction` (`forbid=`): the follow-ups it may not choose, on its own turns only. */
  constructor(private readonly rng: Rng, private readonly ruleAware: boolean, private readonly weights: Weights, private readonly restriction?: Restriction) {}

  choose(state: State, legal: Int32Array, count: number): number {
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
      const open = state.checkpoint();
      for (let i = 0; i < count; i++) {
        const placement = legal[i]!;
        if (distinct[t4 + (placement & 3)] === 0) continue; // the same placement as a smaller rotation
        this.consider(onePly.valuePlacement(state, placement, me, open, this.restriction), placement, onePly.followUp);
      }
      state.rollback(open);
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
      if (completesSomething(state, placed)) {
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
          this.consider(this.openWorth(meeple, isMeeple ? state.game.meepleWeights[followUpKind(followUp)]! : 0), placement, followUp);
        }
      }
      state.rollback(outer, true);
    }
    state.rollback(outer);
    state.deferFinal = deferFinal;
    return this.bestPlacement;
  }

  /** Keeps a (placement, follow-up) pair if it beats the best so far; among equals, each with the same chance. */
  private consider(value: number, placement: number, followUp: number): void {
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
  private collectOpen(state: State, placed: number, me: number, targets: number): void {
    const game = state.game;
    const S = game.segmentsPerTile;
    const count = game.segmentCount[state.placedType[placed]!]!;
    const f = scratch.feature;
    const perPlayer = f.perPlayer;
    this.rootCount = 0;
    for (let s = 0; s < count; s++) {
      const root = state.find(placed * S + s);
      if (state.done[root] === 1 || (state.openEnds[root] === 0 && state.segmentKind(root) !== SEG_FIELD)) continue;
      let known = false;
      for (let k = 0; k < this.rootCount; k++) if (scratch.roots[k] === root) known = true;
      if (known) continue;
      if (state.rootMeeples[root] === 0) {
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
        value = FEATURE_WORTH.fieldPerCompletedCity * state.completedCitiesOf(root, perPlayer);
      } else if (kind === SEG_MONASTERY) {
        state.measure(root, f);
        if (f.tiles === 9) continue; // completed by this placement
        value = FEATURE_WORTH.monasteryPerTile * f.tiles;
      } else {
        perPlayer.fill(0);
        const counts = countMembers(state, root, perPlayer); // [segments, pennants]
        value = kind === SEG_ROAD ? FEATURE_WORTH.roadPerSegment * counts[0]!
          : kind === SEG_CITY ? FEATURE_WORTH.cityPerSegment * counts[0]! + FEATURE_WORTH.cityPerPennant * counts[1]! : 0;
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
const onePlys = new WeakMap<Game, Map<string, OnePly>>();
export function sharedOnePly(game: Game, weights: Weights): OnePly {
  let byWeights = onePlys.get(game);
  if (!byWeights) onePlys.set(game, (byWeights = new Map()));
  const key = `${weights.meepleCost}/${weights.farmerCost}/${weights.emptyHand}`;
  let onePly = byWeights.get(key);
  if (!onePly) byWeights.set(key, (onePly = new OnePly(game, weights)));
  return onePly;
}

/** Own score minus the best opponent's. */
function margin(state: State, me: number): number {
  let best = -Infinity;
  for (let p = 0; p < state.game.players; p++) if (p !== me && state.score(p) > best) best = state.score(p);
  return state.score(me) - best;
}

export const greedyAgent: AgentDefinition = {
  name: 'greedy',
  description: 'one ply: plays the (placement, follow-up) pair whose resulting position evaluates best',
  params: [
    enumParam('eval', ['rules', 'features'], 'rules', 'rules: the rule-aware evaluation with the expansions\' hooks; features: the original fixed open-feature estimate'),
    realParam('meepleCost', MEEPLE_COST, 0, 100, 'eval=rules: points charged per meeple standing on the board'),
    realParam('farmerCost', 0, 0, 100, 'eval=rules: points charged per meeple in a field, besides meepleCost'),
    realParam('emptyHand', 0, 0, 100, 'eval=rules: points charged to a player with no meeple left in hand'),
  ],
  create: (rng, params, restriction) => new GreedyAgent(rng, params.eval === 'rules', { meepleCost: params.meepleCost as number, farmerCost: params.farmerCost as number, emptyHand: params.emptyHand as number }, restriction),
};
