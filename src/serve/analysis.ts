/**
 * What the explorer computes on demand about a position: the board picture after a turn, and the
 * mover's candidate moves with their values, like an engine's analysis. A candidate is a (placement,
 * follow-up) pair; its value is the one-ply rule-aware evaluation (docs/agents.md) with the mover's
 * agent weights: the mover's expected total minus the best opponent's once the turn is played — the
 * values `greedy` chooses by. A search agent (`mcts`) chose by its search, not by these values: the
 * list then shows how its choice looks to the one-ply evaluation.
 */
import { MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { State } from '../engine/index.ts';
import { Evaluator } from '../agents/evaluation.ts';
import { renderBoard } from '../charts/board/index.ts';
import type { Candidate, CandidatesView } from './api-types.ts';
import { shortSpec, stateAfter, turnCount, weightsOf } from './games.ts';
import type { GameRecord } from './games.ts';
import { HttpError } from './http.ts';

/** Candidates listed besides the chosen one. */
const TOP = 12;

/** The board after `turn` turns (0: the start tile), the last tile outlined, as SVG. */
export function boardAfter(record: GameRecord, turn: number): string {
  if (turn < 0 || turn > turnCount(record)) throw new HttpError(400, `"turn" must be 0 to ${turnCount(record)}`);
  const state = stateAfter(record, turn);
  return renderBoard(state, {
    highlight: 'last',
    title: record.title,
    subtitle: [`after turn ${turn} of ${turnCount(record)}`],
    playerNames: record.seats.map((s) => s.label),
  }).svg;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The legal actions of the state's current decision. */
function legalActionsOf(state: State): number[] {
  const out = new Int32Array(MAX_ACTIONS_HINT);
  return Array.from(out.subarray(0, state.legalActions(out)));
}

/** The mover's candidates at turn `turn` (1-based) and where the move played ranks among them. */
export function candidatesAt(record: GameRecord, turn: number): CandidatesView {
  if (turn < 1 || turn > turnCount(record)) throw new HttpError(400, `"turn" must be 1 to ${turnCount(record)}`);
  const state = stateAfter(record, turn - 1);
  const seat = state.currentPlayer;
  const agent = record.seats[seat]!.agent;
  const weights = weightsOf(agent);
  const evaluator = new Evaluator(record.game, weights);
  const played = [record.actions[2 * turn - 2]!, record.actions[2 * turn - 1]!];
  const candidates: Candidate[] = [];
  for (const placement of legalActionsOf(state)) {
    const placedState = state.clone();
    const placementText = state.actionToString(placement);
    placedState.apply(placement);
    for (const followUp of legalActionsOf(placedState)) {
      const after = placedState.clone();
      const followUpText = placedState.actionToString(followUp);
      after.apply(followUp);
      const totals = after.isOver() ? after.totals() : evaluator.totals(after);
      let best = -Infinity;
      for (let p = 0; p < totals.length; p++) if (p !== seat) best = Math.max(best, totals[p]!);
      candidates.push({
        placement: placementText,
        followUp: followUpText,
        value: round(totals[seat]! - best),
        chosen: placement === played[0] && followUp === played[1],
      });
    }
  }
  candidates.sort((a, b) => b.value - a.value);
  const chosen = candidates.find((c) => c.chosen);
  if (!chosen) throw new Error(`turn ${turn}: the move played is not among the legal candidates`);
  return {
    turn,
    seat,
    agent: agent ? shortSpec(agent) : 'human',
    weights: `meepleCost ${weights.meepleCost}, farmerCost ${weights.farmerCost}, emptyHand ${weights.emptyHand}`,
    count: candidates.length,
    best: candidates[0]!.value,
    chosen,
    top: candidates.slice(0, TOP),
  };
}
