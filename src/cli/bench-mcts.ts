/**
 * Decision benchmarks (`carclab bench --only mcts-2p-iterations|mcts-2p-move-ms|strong-2p-move-ms`):
 * an agent spec deciding mid-game placements of 2-player base games, on one thread. Positions: deal
 * d played by `greedy:eval=features` until 30 tiles lie on the board (a placement to decide). Each
 * run decides `positions × scale` positions after one warm-up run; the figure is the median over runs.
 *   mcts-2p-iterations → { iterationsPerSecond, runs }: search iterations per second of the default mcts.
 *   mcts-2p-move-ms    → { msPerMove, runs }: wall time of one decision of the default mcts.
 *   strong-2p-move-ms  → { msPerMove, runs }: the same for `strong`.
 */
import { performance } from 'node:perf_hooks';
import { createAgent, parseAgentSpec, searchIterations } from '../agents/index.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../engine/index.ts';
import type { State } from '../engine/index.ts';
import { newGame } from '../expansions/index.ts';
import { Dealer } from '../sim/deal.ts';
import { makeRng } from '../sim/rng.ts';

export interface IterationsFigure {
  iterationsPerSecond: number;
  runs: number;
}
export interface MoveFigure {
  msPerMove: number;
  runs: number;
}

const POSITIONS = 8;
const TILES_ON_BOARD = 30;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;

/** Mid-game positions of deals `first` … `first + count - 1`, each with a placement to decide. */
function midGamePositions(first: number, count: number): State[] {
  const game = newGame({ players: 2 });
  const dealer = new Dealer(game);
  const greedy = parseAgentSpec('greedy:eval=features', 'bench');
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  return Array.from({ length: count }, (_, i) => {
    const deal = first + i;
    const state = game.newState(dealer.deal('bench-mcts', deal));
    const agents = [0, 1].map((seat) => createAgent(greedy, makeRng('bench-mcts', deal, seat)));
    while (state.placedCount < TILES_ON_BOARD || state.phase !== PHASE_PLACE)
      state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
    return state;
  });
}

/** Times agent `specText` on the positions of each run; returns per run [iterations (mcts), milliseconds, decisions]. */
function timedRuns(
  specText: string,
  runs: number,
  scale: number,
  positionsPerRun = POSITIONS,
): { iterations: number; ms: number; decisions: number }[] {
  const spec = parseAgentSpec(specText, 'bench');
  const count = Math.max(1, Math.round(positionsPerRun * scale));
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  return Array.from({ length: runs + 1 }, (_, run) => {
    const positions = midGamePositions(run * count, count);
    let iterations = 0;
    let ms = 0;
    positions.forEach((state, i) => {
      const agent = createAgent(spec, makeRng('bench-mcts', run, i));
      const n = state.legalActions(legal);
      const start = performance.now();
      agent.choose(state, legal, n);
      ms += performance.now() - start;
      iterations += searchIterations(agent);
    });
    return { iterations, ms, decisions: count };
  }).slice(1); // the first run warms up the JIT
}

export async function benchMctsIterations(runs: number, scale: number): Promise<IterationsFigure> {
  const rates = timedRuns('mcts', runs, scale).map((r) => r.iterations / (r.ms / 1000));
  return { iterationsPerSecond: Math.round(median(rates)), runs };
}

/** Milliseconds per decision of agent `spec` (to 0.01 ms), over `positions × scale` positions a run. */
export async function benchMove(spec: string, runs: number, scale: number, positions = POSITIONS): Promise<MoveFigure> {
  const times = timedRuns(spec, runs, scale, positions).map((r) => r.ms / r.decisions);
  return { msPerMove: Math.round(median(times) * 100) / 100, runs };
}
