/**
 * One-ply valuation with the rule-aware evaluation (`evaluation.ts`): after a tile was placed, the
 * value to the mover of each legal follow-up (own expected total minus the best opponent's), and
 * the best of them. Used by `greedy` (every placement) and by `mcts` (to order the root's placements).
 * A placement that completes nothing in a game without expansions is valued without applying it
 * (`preview.ts`); the others are applied, valued and taken back.
 */
import { ACTION_BLOCK, FOLLOW_MEEPLE, FOLLOW_NOTHING, MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { EPSILON, Evaluator, marginOf } from './evaluation.ts';
import { PlacementPreview } from './preview.ts';

export { EPSILON } from './evaluation.ts';

export class OnePly {
  readonly evaluator: Evaluator;
  private readonly preview: PlacementPreview;
  private readonly base: Float64Array;
  private readonly totals: Float64Array;
  private readonly followUps = new Int32Array(MAX_ACTIONS_HINT);
  /** The best follow-up found by the last `bestFollowUp` (the first of equal values). */
  followUp = -1;

  constructor(readonly game: Game, meepleCost?: number) {
    this.evaluator = new Evaluator(game, meepleCost);
    this.preview = new PlacementPreview(this.evaluator);
    this.base = new Float64Array(game.players);
    this.totals = new Float64Array(game.players);
  }

  /**
   * Call before trying the placements of a position (phase PLACE): `bestFollowUp` then values each
   * placement by what it changes (`Evaluator.remember`) until `forget` is called.
   */
  remember(state: State): void {
    this.evaluator.remember(state);
  }

  forget(): void {
    this.evaluator.forget();
  }

  /**
   * Value to `me` of legal placement `placement` from the remembered position (`remember(state)`
   * was called on this very state, nothing applied since), with its best follow-up in `followUp`:
   * the value `bestFollowUp` gives after applying it. The state is left as found.
   */
  // hot path
  valuePlacement(state: State, placement: number, me: number): number {
    if (this.preview.applies && this.evaluator.remembers(state)) {
      const value = this.preview.value(state, placement, me);
      if (value === value) { // not NaN: previewed
        this.followUp = this.preview.followUp;
        return value;
      }
    }
    const level = state.checkpoint();
    state.apply(placement);
    const value = this.bestFollowUp(state, me);
    state.rollback(level);
    return value;
  }

  /**
   * Value to `me` of the best follow-up of the tile just placed (`state.lastPlaced`, phase FOLLOW);
   * the state is left as found. When the tile completes nothing, the turn changes no score, so the
   * base-game part is evaluated once (from the remembered position when there is one) and a meeple's
   * change added locally; only the expansions' hooks see each follow-up applied. Set
   * `state.deferFinal` to keep the final scoring out of the value.
   */
  bestFollowUp(state: State, me: number): number {
    const evaluator = this.evaluator;
    const placed = state.lastPlaced;
    const n = state.legalFollowUps(this.followUps);
    const completes = completesSomething(state, placed);
    const remembered = evaluator.remembersBefore(state);
    if (!completes) {
      if (remembered) evaluator.baseTotalsSince(state, this.base);
      else evaluator.baseTotals(state, this.base);
    }
    // Only a follow-up that is applied needs a checkpoint to be taken back.
    const applies = completes || evaluator.hooked;
    const inner = applies ? state.checkpoint() : -1;
    let best = -Infinity;
    for (let j = 0; j < n; j++) {
      const followUp = this.followUps[j]!;
      let value: number;
      if (completes) {
        state.apply(followUp);
        if (remembered) {
          evaluator.baseTotalsSince(state, this.totals);
          evaluator.addHooks(state, this.totals);
          value = marginOf(this.totals, me);
        } else {
          value = evaluator.margin(state, me);
        }
      } else {
        const totals = this.totals;
        totals.set(this.base);
        if (followUp !== FOLLOW_NOTHING && followUp < ACTION_BLOCK) {
          evaluator.addMeeple(state, state.find(placed * state.game.segmentsPerTile + followUp - FOLLOW_MEEPLE), me, totals);
        }
        if (evaluator.hooked) {
          state.apply(followUp);
          evaluator.addHooks(state, totals);
        }
        value = marginOf(totals, me);
      }
      if (value > best + EPSILON) {
        best = value;
        this.followUp = followUp;
      }
      if (applies) state.rollback(inner, true);
    }
    if (applies) state.rollback(inner);
    return best;
  }
}

/** Whether the tile just placed completes a road, city or monastery. */
export function completesSomething(state: State, placed: number): boolean {
  const game = state.game;
  const S = game.segmentsPerTile;
  const type = state.placedType[placed]!;
  const end = game.closableStart[type + 1]!;
  for (let k = game.closableStart[type]!; k < end; k++) if (state.openEnds[state.find(placed * S + game.closable[k]!)] === 0) return true;
  return state.completeMonasteriesAround(state.placedCell[placed]!, monasteryScratch, 0) > 0;
}

const monasteryScratch = new Int32Array(9);
