/** Seeded games and positions for the tests of `strong` and its evaluations. */
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';

/** A legal-action buffer for the tests' calls to `choose`. */
export const legal = new Int32Array(MAX_ACTIONS_HINT);

export const agentOf = (text: string, ...seed: (string | number)[]) =>
  createAgent(parseAgentSpec(text, 'test'), makeRng(...seed));

/** The actions of one game of `spec` in every seat (its first `limit` actions). */
export function transcript(game: Game, spec: string, seed: string, deal: number, limit = Infinity): string {
  const state = game.newState(new Dealer(game).deal(seed, deal));
  const agents = Array.from({ length: game.players }, (_, seat) => agentOf(spec, seed, deal, seat));
  const actions: number[] = [];
  while (!state.isOver() && actions.length < limit) {
    actions.push(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
    state.apply(actions[actions.length - 1]!);
  }
  return actions.join(',');
}

/** A position some turns into deal `deal`, reached by greedy play, at a placement. */
export function midGame(game: Game, deal: number, turns: number): State {
  const state = game.newState(new Dealer(game).deal('strong-mid', deal));
  const agents = Array.from({ length: game.players }, (_, seat) => agentOf('greedy', 'strong-mid', deal, seat));
  while (state.placedCount <= turns || state.phase !== PHASE_PLACE)
    state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  return state;
}
