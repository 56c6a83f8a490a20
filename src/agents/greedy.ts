/**
 * The greedy agent. For every legal (placement, follow-up) pair it plays the pair on the real state
 * under a checkpoint, measures
 *   value = (its score − the best opponent's) after the turn − the same before it
 *         + the estimated worth of the open features the placed tile belongs to,
 * rolls back, and plays the best pair; ties are broken by its own seeded stream.
 *
 * Open-feature estimate (documented heuristic, `FEATURE_WORTH`): an open feature is worth what it
 * would score at the end of the game now, with cities valued between their final (1) and completed
 * (2) rate: roads 1 per tile, cities 1.5 per tile and per pennant, monasteries 1 + neighbours,
 * fields 3 per completed bordering city. It counts + for the agent when it leads or ties the
 * feature's majority and − when an opponent does (a tie cancels out). Each of the agent's meeples
 * left standing on an open feature costs `MEEPLE_COST`, so meeples are not spent for nothing.
 */
import { MAX_ACTIONS_HINT, PHASE_FOLLOW, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../engine/index.ts';
import type { FeatureScore, State } from '../engine/index.ts';
import type { Rng } from '../sim/rng.ts';
import type { Agent, AgentDefinition } from './agent.ts';

export const FEATURE_WORTH = { roadPerTile: 1, cityPerTile: 1.5, cityPerPennant: 1.5, monasteryPerTile: 1, fieldPerCompletedCity: 3 } as const;
export const MEEPLE_COST = 1;
const EPSILON = 1e-9;

class GreedyAgent implements Agent {
  readonly name = 'greedy';
  private readonly followUps = new Int32Array(MAX_ACTIONS_HINT);
  private readonly feature: FeatureScore = {
    root: 0, kind: 0, completed: false, tiles: 0, pennants: 0, points: 0, bonus: 0, bonusSource: 0, meeples: 0, perPlayer: new Int32Array(8),
  };
  private readonly seen = new Int32Array(32);
  /** The follow-up chosen together with the placement. */
  private pending = -1;

  constructor(private readonly rng: Rng) {}

  choose(state: State, legal: Int32Array, count: number): number {
    if (state.phase === PHASE_FOLLOW) {
      for (let i = 0; i < count; i++) if (legal[i] === this.pending) return this.pending;
      return legal[0]!; // not reached: the pending follow-up was legal when chosen
    }
    const me = state.currentPlayer;
    const before = margin(state, me);
    let best = -Infinity;
    let ties = 0;
    let bestPlacement = legal[0]!;
    const distinct = state.game.distinctRotation;
    const t4 = state.drawn * 4;
    const outer = state.checkpoint();
    for (let i = 0; i < count; i++) {
      if (distinct[t4 + (legal[i]! & 3)] === 0) continue; // the same placement as a smaller rotation
      state.apply(legal[i]!);
      const inner = state.checkpoint();
      const n = state.legalFollowUps(this.followUps);
      for (let j = 0; j < n; j++) {
        const followUp = this.followUps[j]!;
        const placed = state.lastPlaced;
        state.apply(followUp);
        const value = margin(state, me) - before + this.openWorth(state, placed, me);
        state.rollback(inner, true);
        if (value > best + EPSILON) {
          best = value;
          ties = 1;
          bestPlacement = legal[i]!;
          this.pending = followUp;
        } else if (value > best - EPSILON && this.rng() * ++ties < 1) {
          bestPlacement = legal[i]!;
          this.pending = followUp;
        }
      }
      state.rollback(outer, true);
    }
    state.rollback(outer);
    return bestPlacement;
  }

  /** Estimated worth to `me` of the open features of the tile at placed index `placed`. */
  private openWorth(state: State, placed: number, me: number): number {
    const S = state.game.segmentsPerTile;
    const count = state.game.segmentCount[state.placedType[placed]!]!;
    const f = this.feature;
    let worth = 0;
    let seen = 0;
    for (let s = 0; s < count; s++) {
      const root = state.find(placed * S + s);
      if (state.done[root] === 1 || state.rootMeeples[root] === 0) continue;
      let repeat = false;
      for (let k = 0; k < seen; k++) if (this.seen[k] === root) repeat = true;
      if (repeat) continue;
      this.seen[seen++] = root;
      const kind = state.segmentKind(root);
      let value: number;
      if (kind === SEG_FIELD) {
        value = FEATURE_WORTH.fieldPerCompletedCity * state.completedCitiesOf(root, f.perPlayer);
      } else {
        state.measure(root, f);
        value = kind === SEG_ROAD ? FEATURE_WORTH.roadPerTile * f.tiles
          : kind === SEG_CITY ? FEATURE_WORTH.cityPerTile * f.tiles + FEATURE_WORTH.cityPerPennant * f.pennants
            : kind === SEG_MONASTERY ? FEATURE_WORTH.monasteryPerTile * f.tiles : 0;
      }
      const mine = f.perPlayer[me]!;
      let theirs = 0;
      for (let p = 0; p < state.game.players; p++) if (p !== me && f.perPlayer[p]! > theirs) theirs = f.perPlayer[p]!;
      if (mine >= theirs && mine > 0) worth += value;
      if (theirs >= mine && theirs > 0) worth -= value;
      worth -= MEEPLE_COST * mine;
    }
    return worth;
  }
}

/** Own score minus the best opponent's. */
function margin(state: State, me: number): number {
  let best = -Infinity;
  for (let p = 0; p < state.game.players; p++) if (p !== me && state.score(p) > best) best = state.score(p);
  return state.score(me) - best;
}

export const greedyAgent: AgentDefinition = {
  name: 'greedy',
  description: 'plays the (placement, follow-up) pair with the best immediate score margin plus an estimate of its open features',
  create: (rng) => new GreedyAgent(rng),
};
