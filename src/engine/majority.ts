/**
 * The majority rule (docs/rules.md §1): a feature pays each player with the most meeples on it (by
 * weight), ties sharing in full. Scoring pays by it, and agents and the rule modules' hooks value
 * features by it.
 */

/** The players (of the first `players`) with the most meeples in `perPlayer` as a bit mask (bit p: player p; 0 when nobody has one). */
export function majorityOf(perPlayer: { readonly [index: number]: number }, players: number): number {
  let max = 0;
  for (let p = 0; p < players; p++) if (perPlayer[p]! > max) max = perPlayer[p]!;
  if (max === 0) return 0;
  let mask = 0;
  for (let p = 0; p < players; p++) if (perPlayer[p] === max) mask |= 1 << p;
  return mask;
}

/** The players of bit mask `mask`, in seat order (for events). */
export function playersOf(mask: number): number[] {
  const players: number[] = [];
  for (let p = 0; mask >> p !== 0; p++) if ((mask >> p) & 1) players.push(p);
  return players;
}

/** Adds `worth` to each player in bit mask `players`. hot path */
export function addTo(out: Float64Array, players: number, worth: number): void {
  for (let p = 0; players !== 0; p++, players >>= 1) if (players & 1) out[p]! += worth;
}
