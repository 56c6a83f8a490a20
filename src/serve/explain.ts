/**
 * The move analysis of the explorer: the mover's candidate turns at a turn of a game, valued the way
 * the agent that played values them (`Agent.valueCandidates`: greedy's one-ply values, strong's
 * one-ply, learned and look-ahead values). The agent is made again with the random stream it played
 * with and replayed through its own earlier turns of the game, so that a valuation drawing from its
 * stream (strong's look-ahead deals) is the one it chose by; whether the replay chose the moves of the
 * game is reported (`reproduced`). An agent that explains nothing (a search, `mcts`) and a human seat
 * get greedy's one-ply values, said to be a comparison only.
 *
 * It runs on an agent thread (`agent-worker.ts`): a strong agent replayed through a game thinks for
 * seconds, and the server's thread only answers requests. A task is plain data (the game's origin,
 * its actions up to the turn), from which the thread makes the game again.
 */
import { MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { createAgent, parseAgentSpec } from '../agents/index.ts';
import type { Agent, AgentSpec } from '../agents/index.ts';
import type { CandidateValuation } from '../agents/agent.ts';
import { OnePly } from '../agents/speed-path/one-ply.ts';
import { Dealer } from '../sim/deal.ts';
import { armSetups, playerInSeat } from '../sim/plan.ts';
import { makeRng } from '../sim/rng.ts';
import type { Candidate, CandidatesView } from './api-types.ts';
import { playedGameSetup, shortSpec, weightsOf } from './games.ts';
import type { RecordOrigin } from './games.ts';

export interface ExplainTask {
  kind: 'explain';
  origin: RecordOrigin;
  /** The game's actions through the turn analysed (two per turn). */
  actions: number[];
  /** 1-based. */
  turn: number;
}

/** The mover's agent as it stood at the start of the game's turn `fromTurn` (0-based), with its stream. */
interface AgentAt {
  spec: AgentSpec | null;
  agent: Agent | null;
  fromTurn: number;
}

/**
 * The game, its deck and the mover's agent. A run's agent: lineup player i of the deal streamed from
 * (seed, deal, i) from the first turn (`seatAgents`). A played game's: each answer of the agents
 * makes them anew from (seed, "answer", actions so far, seat) (`agent-worker.ts`), so the agent of
 * a turn starts after the last human turn before it.
 */
function agentAtTurn(task: ExplainTask, seat: number, turnSeats: number[]): AgentAt {
  const { origin } = task;
  if (origin.kind === 'plan') {
    const setup = armSetups(origin.plan)[origin.arm]!;
    const player = playerInSeat(seat, origin.rotation, setup.game.players);
    const spec = setup.agents[player]!;
    return { spec, agent: createAgent(spec, makeRng(origin.plan.seed, origin.deal, player)), fromTurn: 0 };
  }
  const text = origin.seats[seat]!;
  if (text === 'human') return { spec: null, agent: null, fromTurn: 0 };
  let start = 0;
  for (let t = 0; t < turnSeats.length; t++) if (origin.seats[turnSeats[t]!] === 'human') start = t + 1;
  const spec = parseAgentSpec(text, `seat ${seat}`);
  return { spec, agent: createAgent(spec, makeRng(origin.seed, 'answer', 2 * start, seat)), fromTurn: start };
}

function gameOf(origin: RecordOrigin): { game: Game; deck: Int16Array } {
  if (origin.kind === 'plan') {
    const setup = armSetups(origin.plan)[origin.arm]!;
    return { game: setup.game, deck: Int16Array.from(setup.dealer.deal(origin.plan.seed, origin.deal)) };
  }
  const game = playedGameSetup(origin.players, origin.expansions, origin.rules);
  return { game, deck: Int16Array.from(new Dealer(game).deal(origin.seed, 0)) };
}

/** The seat to move at each turn before `turn` (1-based), and the state at `turn`. */
function seatsBefore(game: Game, deck: Int16Array, actions: readonly number[], turn: number): number[] {
  const state = game.newState(deck);
  const seats: number[] = [];
  for (let t = 0; t < turn; t++) {
    seats.push(state.currentPlayer);
    state.apply(actions[2 * t]!);
    state.apply(actions[2 * t + 1]!);
  }
  return seats;
}

const legal = new Int32Array(MAX_ACTIONS_HINT);

/**
 * Replays the game to turn `turn` (1-based), the mover's agent choosing on each of its own turns from
 * `fromTurn` on as it did in play (its stream advancing as it did); whether it chose every move the
 * game records.
 */
function replayTo(state: State, actions: readonly number[], turn: number, seat: number, at: AgentAt): boolean {
  let same = true;
  for (let t = 0; t < turn - 1; t++) {
    const choosing = at.agent !== null && t >= at.fromTurn && state.currentPlayer === seat;
    for (let half = 0; half < 2; half++) {
      const action = actions[2 * t + half]!;
      if (choosing && at.agent!.choose(state, legal, state.legalActions(legal)) !== action) same = false;
      state.apply(action);
    }
  }
  return same;
}

/** Greedy's one-ply values with the agent's weights (the defaults for a human), for an agent that explains nothing. */
function comparison(state: State, spec: AgentSpec | null): CandidateValuation {
  const weights = weightsOf(spec);
  const who = spec
    ? `${spec.name} chooses by its own means (a search's visits), which it does not explain`
    : 'a human chose';
  return {
    method: `${who}; for comparison, every legal turn is valued as greedy values it: after the turn, the mover's expected final total minus the best opponent's (rule-aware evaluation, meepleCost ${weights.meepleCost}, farmerCost ${weights.farmerCost}, emptyHand ${weights.emptyHand}).`,
    stages: [{ name: "greedy's value", about: "one-ply value, greedy's evaluation (for comparison)" }],
    candidates: new OnePly(state.game, weights)
      .valuePairs(state, legal, state.legalActions(legal), false)
      .map((p) => ({ placement: p.placement, followUp: p.followUp, values: [p.value] })),
  };
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The candidates ranked as the agent ranks them: by the last stage each reached, then by its value there. */
function ranked(state: State, valuation: CandidateValuation, played: readonly number[]): Candidate[] {
  const keep = valuation.stages.map((_, k) => valuation.candidates.some((c) => !Number.isNaN(c.values[k])));
  const texts = new Map<number, string>();
  const level = state.checkpoint();
  const rows = valuation.candidates.map((c): Candidate => {
    const values = c.values.filter((_, k) => keep[k]).map((v) => (Number.isNaN(v) ? null : round(v)));
    let stage = values.length - 1;
    while (stage > 0 && values[stage] === null) stage--;
    if (!texts.has(c.placement)) texts.set(c.placement, state.actionToString(c.placement));
    state.apply(c.placement);
    const followUp = state.actionToString(c.followUp);
    state.rollback(level, true);
    return {
      placement: texts.get(c.placement)!,
      followUp,
      values,
      stage,
      value: values[stage] ?? 0,
      chosen: c.placement === played[0] && c.followUp === played[1],
    };
  });
  state.rollback(level);
  // Among equal values the move played first: its rank is then that of its value.
  return rows.sort((a, b) => b.stage - a.stage || b.value - a.value || Number(b.chosen) - Number(a.chosen));
}

/** The analysis of a turn (`ExplainTask`); throws when the move played is not among the candidates. */
export function explainTurn(task: ExplainTask): CandidatesView {
  const { game, deck } = gameOf(task.origin);
  const turnSeats = seatsBefore(game, deck, task.actions, task.turn);
  const seat = turnSeats[task.turn - 1]!;
  const agentAt = agentAtTurn(task, seat, turnSeats.slice(0, task.turn - 1));
  const state = game.newState(deck);
  const reproduced = replayTo(state, task.actions, task.turn, seat, agentAt);
  const own = agentAt.agent?.valueCandidates;
  const valuation = own
    ? agentAt.agent!.valueCandidates!(state, legal, state.legalActions(legal))
    : comparison(state, agentAt.spec);
  const played = task.actions.slice(2 * task.turn - 2, 2 * task.turn);
  const candidates = ranked(state, valuation, played);
  const chosen = candidates.findIndex((c) => c.chosen);
  if (chosen < 0) throw new Error(`turn ${task.turn}: the move played is not among the candidates its agent valued`);
  return {
    turn: task.turn,
    seat,
    agent: agentAt.spec ? shortSpec(agentAt.spec) : 'human',
    valuedBy: own ? 'agent' : 'greedy',
    method: valuation.method,
    reproduced: own ? reproduced : null,
    stages: valuation.stages.filter((_, k) => valuation.candidates.some((c) => !Number.isNaN(c.values[k]))),
    count: candidates.length,
    best: candidates[0]!.value,
    rank: chosen + 1,
    chosen: candidates[chosen]!,
    candidates,
  };
}
