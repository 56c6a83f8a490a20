/** Shared builders for tests. */
import { createAgent, parseAgentSpec } from '../src/agents/index.ts';
import { InputError, MAX_ACTIONS_HINT, SEG_FIELD, defineExpansion } from '../src/engine/index.ts';
import type { EventSink, Game, GameOptions, State } from '../src/engine/index.ts';
import { baseGame, newGame } from '../src/expansions/index.ts';
import { Dealer } from '../src/sim/deal.ts';
import { makeRng } from '../src/sim/rng.ts';

/**
 * Plays deal `deal` of run `seed` with the agent of spec `agent` in every seat, calling `check` after every
 * action (for invariants), and returns the final state.
 */
export function playChecked(
  game: Game,
  seed: string,
  deal: number,
  check?: (state: State) => void,
  sink?: EventSink,
  agent = 'random',
): State {
  const state = game.newState(new Dealer(game).deal(seed, deal));
  state.sink = sink;
  check?.(state);
  return playOn(state, seed, deal, check, agent);
}

/** Continues a game to its end with fresh agents seeded from (seed, deal, seat). */
export function playOn(
  state: State,
  seed: string,
  deal: number,
  check?: (state: State) => void,
  agent = 'random',
): State {
  const spec = parseAgentSpec(agent, 'test');
  const agents = Array.from({ length: state.game.players }, (_, seat) => createAgent(spec, makeRng(seed, deal, seat)));
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  while (!state.isOver()) {
    const n = state.legalActions(legal);
    state.apply(agents[state.currentPlayer]!.choose(state, legal, n));
    check?.(state);
  }
  return state;
}

export const gameWith = (options: GameOptions): Game => newGame(options);

/**
 * The base game with a field pay that is not linear in the completed cities a field borders (1 point
 * for the first, 4 for each further one): agents must ask the rule module for each number of cities.
 */
export const steepFields = defineExpansion({
  ...baseGame,
  setup(ctx) {
    const base = baseGame.setup(ctx);
    return {
      ...base,
      price(f) {
        base.price!(f);
        if (f.kind === SEG_FIELD && f.cities > 0) f.points = 1 + 4 * (f.cities - 1);
      },
    };
  },
});

/** Meeples of a player on the board. */
export function meeplesOnBoard(state: State, player: number, kind = 0): number {
  let n = 0;
  const total = state.placedCount * state.game.segmentsPerTile;
  for (let g = 0; g < total; g++) if (state.meeple[g] === player + 1 && state.meepleKind[g] === kind) n++;
  return n;
}

/** The input error a call throws (the test fails when it throws nothing or another error). */
export function inputError(call: () => unknown): InputError {
  try {
    call();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an input error');
}
