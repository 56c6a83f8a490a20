/**
 * A search's root (`RememberingEvaluator.markRoot`, `restoreRoot`): lines of random plies played from
 * one position, the evaluation's tables brought back to the root before each. At every position of
 * every line the remembered totals and each placement's one-ply value and follow-up are those of a
 * valuation reading the position afresh, and no position after the root is read from scratch (each is
 * remembered by what changed since the root). Every expansion mix, 3 to 5 players.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { OnePly } from '../../src/agents/speed-path/one-ply.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE, randomIndex } from '../../src/engine/index.ts';
import type { GameOptions } from '../../src/engine/index.ts';
import { newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { expansionMixes } from '../engine/conformance.ts';
import { expectRememberedAsFresh } from './remembered-as-fresh.ts';

const legal = new Int32Array(MAX_ACTIONS_HINT);

/**
 * Plays a greedy game of `options`; at every eighth placement, 3 lines of up to 8 random plies from it,
 * compared at each placement on the way. Returns the positions compared and the scans made in the lines.
 */
function linesFromRoots(options: GameOptions, deal: number): { compared: number; scans: number; previews: boolean } {
  const game = newGame(options);
  const kept = new OnePly(game);
  const fresh = new OnePly(game);
  const scan = vi.spyOn(kept.evaluator as unknown as { scan: () => void }, 'scan');
  const rng = makeRng('remember-root', deal);
  const spec = parseAgentSpec('greedy', 'test');
  const agents = Array.from({ length: game.players }, (_, seat) => createAgent(spec, makeRng('root', deal, seat)));
  const state = game.newState(new Dealer(game).deal('remember-root', deal));
  state.deferFinal = true;
  let compared = 0;
  let scans = 0;
  for (let turn = 0; !state.isOver(); turn++) {
    if (state.phase === PHASE_PLACE && turn % 16 === 4) {
      const level = state.checkpoint();
      kept.evaluator.markRoot(state);
      const before = scan.mock.calls.length;
      for (let line = 0; line < 3; line++) {
        kept.evaluator.restoreRoot();
        for (let k = 0; k < 8 && !state.isOver(); k++) {
          state.apply(legal[randomIndex(rng, state.legalActions(legal))]!);
          if (state.phase === PHASE_PLACE) {
            expectRememberedAsFresh(kept, fresh, state);
            compared++;
          }
        }
        state.rollback(level, true);
      }
      scans += scan.mock.calls.length - before;
      state.rollback(level);
      kept.evaluator.unmarkRoot();
    }
    state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  }
  return { compared, scans, previews: game.previews };
}

describe('a search root remembered', () => {
  const cases = expansionMixes().map((mix, i) => ({ ...mix, players: 3 + (i % 3) }));
  it.each(cases.map((c, i) => [`${c.name} ${c.players}p`, c, i] as const))(
    'gives each line the root’s tables back: %s',
    (_, c, deal) => {
      const { compared, scans, previews } = linesFromRoots({ players: c.players, ...c.options }, deal);
      expect(compared).toBeGreaterThan(30);
      // Without the preview every position is read from scratch (and the root is not marked).
      if (previews) expect(scans).toBe(0);
    },
  );
});
