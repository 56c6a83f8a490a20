/**
 * The evaluation's heuristic weights (points, not rules: what holding meeples is worth) and the
 * charges they make: per meeple deployed, per meeple back in hand, for an empty hand.
 */
import { SEG_FIELD } from '../../engine/index.ts';
import type { AgentState } from '../../engine/index.ts';

/** Points a meeple on the board is charged: a heuristic weight, not a rule. */
export const MEEPLE_COST = 1;

export interface Weights {
  /** Charged per meeple standing on the board. */
  readonly meepleCost: number;
  /** Charged per meeple in a field, besides `meepleCost`. */
  readonly farmerCost: number;
  /** Charged to a player with no meeple left in hand. */
  readonly emptyHand: number;
}

export const DEFAULT_WEIGHTS: Weights = { meepleCost: MEEPLE_COST, farmerCost: 0, emptyHand: 0 };

/** Values closer than this are equal. */
export const EPSILON = 1e-9;

export class Charges implements Weights {
  readonly meepleCost: number;
  readonly farmerCost: number;
  readonly emptyHand: number;

  constructor(weights: Weights) {
    this.meepleCost = weights.meepleCost;
    this.farmerCost = weights.farmerCost;
    this.emptyHand = weights.emptyHand;
  }

  /**
   * What one more meeple of `player` on a feature of kind `kind` is charged: `meepleCost`, `farmerCost`
   * in a field, `emptyHand` for the last in hand.
   */
  deployCharge(state: AgentState, player: number, kind: number): number {
    return this.chargeFrom(state.meeplesLeft[player]!, kind);
  }

  /** `deployCharge` from a hand of `left` meeples. */
  chargeFrom(left: number, kind: number): number {
    return (
      this.meepleCost + (kind === SEG_FIELD ? this.farmerCost : 0) + this.handCharge(left - 1) - this.handCharge(left)
    );
  }

  /** What `back` meeples coming back from the board to a hand of `left` add to a player's total (no farmers among them). */
  meeplesBack(left: number, back: number): number {
    return this.meepleCost * back - this.handCharge(left + back) + this.handCharge(left);
  }

  /** The charge for a hand of `left` meeples. */
  protected handCharge(left: number): number {
    return left === 0 ? this.emptyHand : 0;
  }
}
