/**
 * The explorer's agent thread (`agent-pool.ts`): given a game played in the explorer so far (its
 * settings, seed and actions), the agents of its seats play on until a human is to move or the game
 * is over, and the actions they chose are handed back. It runs off the server's thread, so a search
 * agent thinking never stalls a request; the server replays the actions on its own copy of the game.
 * Each answer's agents are new, streamed from (seed, "answer", actions so far, seat): the same moves
 * give the same answer. The threads also analyse a turn's candidate moves (`explain.ts`), which
 * replays an agent through a game.
 */
import { MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import { createAgent, parseAgentSpec } from '../agents/index.ts';
import { Dealer } from '../sim/deal.ts';
import { makeRng } from '../sim/rng.ts';
import { explainTurn } from './explain.ts';
import type { ExplainTask } from './explain.ts';
import type { CandidatesView } from './api-types.ts';
import { playedGameSetup } from './games.ts';

export interface AnswerTask {
  kind?: 'answer';
  players: number;
  expansions: string[];
  rules: Record<string, string | number>;
  /** `human` or an agent spec per seat (checked by the server). */
  seats: string[];
  seed: string;
  actions: number[];
}

/** Games by their settings: a thread answers many turns of the same games. */
const games = new Map<string, Game>();

function gameOf(task: AnswerTask): Game {
  const key = JSON.stringify([task.players, task.expansions, task.rules]);
  let game = games.get(key);
  if (!game) {
    if (games.size >= 16) games.delete(games.keys().next().value!);
    game = playedGameSetup(task.players, task.expansions, task.rules);
    games.set(key, game);
  }
  return game;
}

/** A task of the agent threads: an answer of the agents, or the analysis of a turn. */
export type AgentTask = AnswerTask | ExplainTask;

export default function run(task: AgentTask): number[] | CandidatesView {
  return task.kind === 'explain' ? explainTurn(task) : answer(task);
}

/** The agents' actions from the position after `task.actions` until a human is to move or the game ends. */
function answer(task: AnswerTask): number[] {
  const game = gameOf(task);
  const state = game.newState(Int16Array.from(new Dealer(game).deal(task.seed, 0)));
  for (const action of task.actions) state.apply(action);
  const agents = task.seats.map((seat, s) =>
    seat === 'human'
      ? null
      : createAgent(parseAgentSpec(seat, `seat ${s}`), makeRng(task.seed, 'answer', task.actions.length, s)),
  );
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const played: number[] = [];
  for (let agent = agents[state.currentPlayer]; agent && !state.isOver(); agent = agents[state.currentPlayer]) {
    for (let half = 0; half < 2; half++) {
      const action = agent.choose(state, legal, state.legalActions(legal));
      state.apply(action);
      played.push(action);
    }
  }
  return played;
}
