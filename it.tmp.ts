import { createAgent, parseAgentSpec } from './src/agents/index.ts';
import { Game, MAX_ACTIONS_HINT } from './src/engine/index.ts';
import { Dealer } from './src/sim/deal.ts';
import { makeRng } from './src/sim/rng.ts';
const spec = parseAgentSpec(process.argv[2] ?? 'mcts:iterations=2000', 'x');
const game = new Game({ players: 2 });
const dealer = new Dealer(game);
const legal = new Int32Array(MAX_ACTIONS_HINT);
const rnd = parseAgentSpec('greedy', 'x');
let total = 0, time = 0;
for (let d = 0; d < 10; d++) {
  const state = game.newState(dealer.deal('it', d));
  const g = [0, 1].map((s) => createAgent(rnd, makeRng('it', d, s)));
  while (state.placedCount < 30 || state.phase !== 0) { const n = state.legalActions(legal); state.apply(g[state.currentPlayer]!.choose(state, legal, n)); }
  const agent = createAgent(spec, makeRng('m', d)) as any;
  const n = state.legalActions(legal);
  const t = performance.now();
  agent.choose(state, legal, n);
  const dt = performance.now() - t;
  if (d > 0) { total += agent.lastIterations; time += dt; }
  console.log(d, agent.lastIterations, dt.toFixed(0), 'ms', (agent.lastIterations / dt * 1000).toFixed(0), 'it/s');
}
console.log('mean', (total / time * 1000).toFixed(0), 'it/s');
