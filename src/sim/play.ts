/**
 * Plays one game to the end with one agent per seat. Seat s's agent draws from its own stream
 * (run seed, deal, seat), so a game can be rebuilt from (seed, arm, deal, rotation) alone.
 * Pass the state of the previous game as `reuse` to play in its memory (it is overwritten), and a
 * `trace` to receive a 32-bit hash of the sequence of actions played (FNV-1a over the action
 * integers): two games with different hashes played different moves, and equal hashes on every deal
 * of two arms mean the arms played the same moves (docs/reasoning.md §1, "play, not rescoring"). An
 * `observer` is told of the start of every turn (the quality measures' trajectories).
 */
import type { Agent } from '../agents/index.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';

const buffers = new WeakMap<Game, Int32Array>();

/** Filled by `playGame`: the hash of the game's action sequence. */
export interface MoveTrace {
  hash: number;
  /** When given, filled with the game's actions in order (emptied first): a game's moves, to replay them under other rules. */
  actions?: number[];
}

/** Told of every turn's start (phase PLACE, the position after the previous turn): `QualityRecorder`. */
export interface TurnObserver {
  turn(state: State): void;
}

// hot path
export function playGame(
  game: Game,
  order: ArrayLike<number>,
  agents: readonly Agent[],
  reuse?: State,
  trace?: MoveTrace,
  observer?: TurnObserver,
): State {
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
  let hash = 0x811c9dc5;
  const actions = trace?.actions;
  if (actions) actions.length = 0;
  while (!state.isOver()) {
    const agent = agents[state.currentPlayer]!;
    if (observer !== undefined && state.phase === PHASE_PLACE) observer.turn(state);
    let action: number;
    if (agent.chooseIndex !== undefined && state.phase === PHASE_PLACE) {
      // Placements are the long lists: an agent that only needs their number gets its pick without them.
      const count = state.legalPlacementCount();
      action = state.legalPlacementAt(agent.chooseIndex(count), count);
    } else {
      action = agent.choose(state, legal, state.legalActions(legal));
    }
    hash = Math.imul(hash ^ action, 0x01000193);
    if (actions) actions.push(action);
    state.apply(action);
  }
  if (trace) trace.hash = hash | 0;
  return state;
}
