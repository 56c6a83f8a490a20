/**
 * The check both remembering tests make: `kept` remembers `state` (by what changed since its last
 * position, where it can) and `fresh` a clone of it (another state object: read from scratch); their
 * totals and every placement's one-ply value and follow-up must agree.
 */
import { expect } from 'vitest';
import type { OnePly } from '../../src/agents/speed-path/one-ply.ts';
import { MAX_ACTIONS_HINT } from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';

const legal = new Int32Array(MAX_ACTIONS_HINT);

export function expectRememberedAsFresh(kept: OnePly, fresh: OnePly, state: State): void {
  const copy = state.clone();
  kept.remember(state);
  fresh.remember(copy);
  const me = state.currentPlayer;
  Array.from(kept.evaluator.before).forEach((total, p) => {
    expect(total).toBeCloseTo(fresh.evaluator.before[p]!, 9);
  });
  const n = state.legalPlacements(legal);
  for (let i = 0; i < n; i++) {
    const placement = legal[i]!;
    expect(kept.valuePlacement(state, placement, me), state.actionToString(placement)).toBeCloseTo(
      fresh.valuePlacement(copy, placement, me),
      9,
    );
    expect(kept.followUp).toBe(fresh.followUp);
  }
  kept.forget();
  fresh.forget();
}
