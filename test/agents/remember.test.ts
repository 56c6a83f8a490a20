/**
 * Remembering a position that follows from the last one remembered (`RememberingEvaluator.remember`
 * updating its tables by what changed since) against reading it from scratch: over every turn of a few greedy
 * games, with searches' tries in between (a few random plies, one of them remembered, rolled back),
 * the remembered totals and the one-ply value and follow-up of every placement are those of a
 * valuation that reads the position afresh (a clone: another state object, never updated).
 */
import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import type { Weights } from '../../src/agents/evaluation/evaluation.ts';
import { OnePly } from '../../src/agents/speed-path/one-ply.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE, randomIndex } from '../../src/engine/index.ts';
import type { GameOptions } from '../../src/engine/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { gameWith } from '../util.ts';
import { expectRememberedAsFresh } from './remembered-as-fresh.ts';

const legal = new Int32Array(MAX_ACTIONS_HINT);

/**
 * Plays deal `deal` with greedy agents, comparing at three turns in four (the others are played
 * without a look, as by another agent) and trying random plies at some; returns how many comparisons
 * were at a position that follows from the last one remembered.
 */
function playComparing(options: GameOptions, deal: number, weights?: Weights): number {
  const game = gameWith(options);
  const kept = new OnePly(game, weights);
  const fresh = new OnePly(game, weights);
  const rng = makeRng('remember', deal);
  const spec = parseAgentSpec('greedy', 'test');
  const agents = Array.from({ length: game.players }, (_, seat) => createAgent(spec, makeRng('remember', deal, seat)));
  const state = game.newState(new Dealer(game).deal('remember', deal));
  state.deferFinal = true;
  let updates = 0;
  let last = { id: -1, placed: 0 };
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE && randomIndex(rng, 4) !== 0) {
      if (state.followsFrom(last.id, last.placed)) updates++;
      expectRememberedAsFresh(kept, fresh, state);
      last = { id: state.positionId, placed: state.placedCount };
      if (randomIndex(rng, 3) === 0) {
        // A search's try: random plies, positions on the way remembered, all rolled back.
        const level = state.checkpoint();
        for (let k = 1 + randomIndex(rng, 4); k > 0 && !state.isOver(); k--) {
          state.apply(legal[randomIndex(rng, state.legalActions(legal))]!);
          if (state.phase === PHASE_PLACE) {
            expectRememberedAsFresh(kept, fresh, state);
            last = { id: state.positionId, placed: state.placedCount };
          }
        }
        state.rollback(level);
      }
    }
    state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  }
  return updates;
}

describe('remembering a position that follows from the last one', () => {
  it('values it as reading it afresh does, 2 players with farmers', () => {
    expect(playComparing({ players: 2 }, 1)).toBeGreaterThan(20);
  });
  it('does so with farmer and empty-hand charges, two meeples each', () => {
    expect(
      playComparing({ players: 2, rules: { meeples: 2 } }, 2, { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 }),
    ).toBeGreaterThan(20);
  });
  it('does so for 4 players, farmers off, another meeple cost', () => {
    expect(
      playComparing({ players: 4, rules: { farmers: 'off' } }, 3, { meepleCost: 0.7, farmerCost: 0, emptyHand: 0 }),
    ).toBeGreaterThan(20);
  });
});
