/**
 * What a tollhouse is expected to bring (the Tollkeepers' `evaluate`, docs/agents.md), from the
 * roads ending at its crossroads: for each open one, the mean of what completing it would pay at the
 * tollhouse's value and what the final scoring would. A road with travellers flips the tollhouse when
 * it pays, so only the first such road is valued at the current value, the others at the mean of
 * both values. The evaluation and the agents' placement preview (`preview.ts`) both value a
 * tollhouse by it.
 */

/** The Tollkeepers' rates: per illustration and per travellers group at value 1 and 2 ([0] unused), and at the end. */
export interface TollRates {
  readonly illustration: readonly number[];
  readonly travellers: readonly number[];
  readonly finalIllustration: number;
  readonly finalTravellers: number;
}

/**
 * The roads ending at one crossroads, in the order of its village roads: `count` of them, whether
 * each counts (open, and not a road counted before it: R-T1, once per road), its illustrations and
 * travellers.
 */
export interface CrossroadsRoads {
  count: number;
  readonly open: Uint8Array;
  readonly illustrations: Int32Array;
  readonly travellers: Int32Array;
}

/** The toll rate per unit at tollhouse `value`; the mean of both sides when the tollhouse may flip first. */
function tollRate(pays: readonly number[], value: number, mayFlip: boolean): number {
  return mayFlip ? (pays[1]! + pays[2]!) / 2 : pays[value]!;
}

/** The expected income of a tollhouse showing `value` from `roads`. hot path */
export function expectedTolls(rates: TollRates, value: number, roads: CrossroadsRoads): number {
  let total = 0;
  let flipped = false;
  for (let k = 0; k < roads.count; k++) {
    if (roads.open[k] === 0) continue;
    const illustrations = roads.illustrations[k]!;
    const travellers = roads.travellers[k]!;
    // Once a road with travellers has been counted, the tollhouse may flip before this one pays.
    const mayFlip = travellers > 0 && flipped;
    const completed =
      illustrations * tollRate(rates.illustration, value, mayFlip) +
      travellers * tollRate(rates.travellers, value, mayFlip);
    const final = illustrations * rates.finalIllustration + travellers * rates.finalTravellers;
    total += (completed + final) / 2;
    if (travellers > 0) flipped = true;
  }
  return total;
}
