/**
 * One-ply valuation with the rule-aware evaluation (`evaluation.ts`): after a tile was placed, the
 * value to the mover of each legal follow-up (own expected total minus the best opponent's), and
 * the best of them. Used by `greedy` (every placement), by `mcts` (to order the root's placements)
 * and by `strong` (to shortlist them). A placement is valued without making it (`preview.ts`) unless
 * the preview does not apply (a rule module without a preview, a restriction that binds the mover,
 * a position not remembered) or declines it (an expansion cannot tell); those are made, valued and
 * taken back.
 */
import { ACTION_BLOCK, FOLLOW_NOTHING, MAX_ACTIONS_HINT, followUpKind, followUpSegment } from '../../engine/index.ts';
import type { AgentGame, AgentState } from '../../engine/index.ts';
import { EPSILON } from '../evaluation/evaluation.ts';
import { RememberingEvaluator } from './remembered.ts';
import { marginOf } from '../evaluation/tallies.ts';
import type { Weights } from '../evaluation/evaluation.ts';
import type { Restriction } from '../agent.ts';
import { PlacementPreview } from './preview.ts';

export class OnePly {
  readonly evaluator: RememberingEvaluator;
  private readonly preview: PlacementPreview;
  private readonly base: Float64Array;
  private readonly totals: Float64Array;
  private readonly followUps = new Int32Array(MAX_ACTIONS_HINT);
  /** The value of each follow-up in `followUps`. */
  private readonly values = new Float64Array(MAX_ACTIONS_HINT);
  /** The best follow-up found by the last `bestFollowUp` (the first of equal values). */
  followUp = -1;

  constructor(
    readonly game: AgentGame,
    weights?: Weights,
  ) {
    this.evaluator = new RememberingEvaluator(game, weights);
    this.preview = new PlacementPreview(this.evaluator);
    this.base = new Float64Array(game.players);
    this.totals = new Float64Array(game.players);
  }

  /**
   * Call before trying the placements of a position (phase PLACE): `bestFollowUp` then values each
   * placement by what it changes (`RememberingEvaluator.remember`) until `forget` is called.
   */
  remember(state: AgentState): void {
    this.evaluator.remember(state);
  }

  forget(): void {
    this.evaluator.forget();
  }

  /**
   * Value to `me` of legal placement `placement` from the remembered position (`remember(state)`
   * was called on this very state, nothing applied since), with its best follow-up in `followUp`:
   * the value `bestFollowUp` gives after applying it. The state is left as found. `open`: a
   * checkpoint the caller opened at this position, for a placement that must be applied to be
   * taken back to (kept open); without it, one is opened and closed here. A `restriction` that binds
   * the mover (`forbid=`) leaves out the follow-ups it forbids (and the preview, which knows none).
   */
  // hot path
  valuePlacement(state: AgentState, placement: number, me: number, open = -1, restriction?: Restriction): number {
    if (this.previews(state, restriction)) {
      if (this.preview.value(state, placement, me)) {
        this.followUp = this.preview.followUp;
        return this.preview.best;
      }
    }
    const level = open >= 0 ? open : state.checkpoint();
    state.apply(placement);
    const value = this.bestFollowUp(state, me, restriction);
    state.rollback(level, open >= 0);
    return value;
  }

  /**
   * Value to `me` of legal placement `placement` with no follow-up, as `valuePlacement` would value
   * that follow-up (the same conditions); a placement the preview cannot value so is valued as
   * `valuePlacement` values it, with its best follow-up.
   */
  valuePlacementAlone(state: AgentState, placement: number, me: number, open = -1, restriction?: Restriction): number {
    if (this.previews(state, restriction) && this.preview.value(state, placement, me, false)) return this.preview.best;
    return this.valuePlacement(state, placement, me, open, restriction);
  }

  /**
   * Whether `valuePlacement` values the placements of `state` without making them (the preview
   * applies, `state` is the remembered position, and `restriction` does not bind the mover): only a
   * placement the preview declines is then made.
   */
  previews(state: AgentState, restriction?: Restriction): boolean {
    return this.preview.applies && this.evaluator.remembers(state) && !restriction?.binds(state);
  }

  /**
   * Value to `me` of the best follow-up of the tile just placed (`state.lastPlaced`, phase FOLLOW);
   * the state is left as found. When the tile completes nothing, the turn changes no score, so the
   * base-game part is evaluated once (from the remembered position when there is one) and a meeple's
   * change added locally; only the expansions' hooks see each follow-up, staged on the board without
   * ending the turn (`State.stageFollowUp`). When it completes something, each follow-up is applied.
   * Set `state.deferFinal` to keep the final scoring out of the value. A `restriction` removes the
   * follow-ups it forbids the mover.
   */
  bestFollowUp(state: AgentState, me: number, restriction?: Restriction): number {
    const n = this.valueFollowUps(state, me, restriction);
    let best = -Infinity;
    for (let j = 0; j < n; j++) {
      if (this.values[j]! > best + EPSILON) {
        best = this.values[j]!;
        this.followUp = this.followUps[j]!;
      }
    }
    return best;
  }

  get valuedFollowUps(): Int32Array {
    return this.followUps;
  }

  get followUpValues(): Float64Array {
    return this.values;
  }

  /**
   * Values the legal follow-ups of the tile just placed (phase FOLLOW) as `bestFollowUp` does;
   * returns how many, the follow-ups in `valuedFollowUps` and their values in `followUpValues` (both
   * overwritten by the next call of any method here). Cheap after `remember` of the position before
   * the placement.
   */
  valueFollowUps(state: AgentState, me: number, restriction?: Restriction): number {
    let n = state.legalFollowUps(this.followUps);
    if (restriction) n = restriction.filter(state, this.followUps, n);
    if (!state.closesFeature(state.lastPlaced)) this.valueOpenTurn(state, me, n);
    else this.valueApplied(state, me, n);
    return n;
  }

  /**
   * Every (placement, follow-up) pair of `state` (phase PLACE, `legal[0..count)` its placements) with
   * its one-ply value to the mover, as `bestFollowUp` values it after the placement; with `distinct`,
   * a placement that looks like one of a smaller rotation is left out (as `greedy` leaves it out).
   * For explanations (`Agent.valueCandidates`): allocates; the state is left as found.
   */
  valuePairs(
    state: AgentState,
    legal: Int32Array,
    count: number,
    distinct: boolean,
    restriction?: Restriction,
  ): { placement: number; followUp: number; value: number }[] {
    const me = state.currentPlayer;
    const same = state.game.distinctRotation;
    const t4 = state.drawn * 4;
    const deferFinal = state.deferFinal;
    state.deferFinal = true; // as in play: the final scoring is not part of a turn's value
    const pairs: { placement: number; followUp: number; value: number }[] = [];
    const level = state.checkpoint();
    for (let i = 0; i < count; i++) {
      const placement = legal[i]!;
      if (distinct && same[t4 + (placement & 3)] === 0) continue;
      state.apply(placement);
      const n = this.valueFollowUps(state, me, restriction);
      for (let j = 0; j < n; j++) pairs.push({ placement, followUp: this.followUps[j]!, value: this.values[j]! });
      state.rollback(level, true);
    }
    state.rollback(level);
    state.deferFinal = deferFinal;
    return pairs;
  }

  /** `values` of the `n` follow-ups of a turn that completes nothing. */
  private valueOpenTurn(state: AgentState, me: number, n: number): void {
    const evaluator = this.evaluator;
    const placed = state.lastPlaced;
    if (evaluator.remembersBefore(state)) evaluator.baseTotalsSince(state, this.base);
    else evaluator.baseTotals(state, this.base);
    // Only a follow-up that is applied needs a checkpoint to be taken back.
    const hooked = evaluator.hooked;
    const inner = hooked ? state.checkpoint() : -1;
    const totals = this.totals;
    for (let j = 0; j < n; j++) {
      const followUp = this.followUps[j]!;
      for (let p = 0; p < totals.length; p++) totals[p] = this.base[p]!;
      if (followUp !== FOLLOW_NOTHING && followUp < ACTION_BLOCK) {
        evaluator.addMeeple(
          state,
          state.find(placed * state.game.segmentsPerTile + followUpSegment(followUp)),
          me,
          totals,
          followUpKind(followUp),
        );
      }
      if (hooked) {
        state.stageFollowUp(followUp); // the turn's end changes nothing the hooks read (it completes nothing)
        evaluator.addHooks(state, totals);
        state.rollback(inner, true);
      }
      this.values[j] = marginOf(totals, me);
    }
    if (hooked) state.rollback(inner);
  }

  /** `values` of the `n` follow-ups, each applied and taken back. */
  private valueApplied(state: AgentState, me: number, n: number): void {
    const evaluator = this.evaluator;
    const remembered = evaluator.remembersBefore(state);
    const inner = state.checkpoint();
    for (let j = 0; j < n; j++) {
      state.apply(this.followUps[j]!);
      if (remembered) {
        evaluator.baseTotalsSince(state, this.totals);
        evaluator.addHooks(state, this.totals);
        this.values[j] = marginOf(this.totals, me);
      } else {
        this.values[j] = evaluator.margin(state, me);
      }
      state.rollback(inner, true);
    }
    state.rollback(inner);
  }
}
