/**
 * Plays one game to the end with one agent per seat. Seat s's agent draws from its own stream
 * (run seed, deal, seat), so a game can be rebuilt from (seed, arm, deal, rotation) alone.
 * Pass the state of the previous game as `reuse` to play in its memory (it is overwritten).
 */
import type { Agent } from '../agents/index.ts';
import { MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';

const buffers = new WeakMap<Game, Int32Array>();

// hot path
export function playGame(game: Game, order: ArrayLike<number>, agents: readonly Agent[], reuse?: State): State {
  let legal = buffers.get(game);
  if (!legal) {
    legal = new Int32Array(MAX_ACTIONS_HINT);
    buffers.set(game, legal);
  }
  let state: State;
  if (reuse && reuse.game === game) {
    reuse.restart(order instanceof Int16Array ? order : Int16Array.from(order));
    state = reuse;
  } else {
    state = game.newState(order);
  }
  while (!state.isOver()) {
    const count = state.legalActions(legal);
    state.apply(agents[state.currentPlayer]!.choose(state, legal, count));
  }
  return state;
}
