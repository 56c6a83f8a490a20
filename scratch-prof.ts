import { createAgent, parseAgentSpec } from '../work/main/src/agents/index.ts';
import { Game, MAX_ACTIONS_HINT, PHASE_PLACE } from '../work/main/src/engine/index.ts';
import { Dealer } from '../work/main/src/sim/deal.ts';
import { makeRng } from '../work/main/src/sim/rng.ts';
const game = new Game({ players: 2 });
const dealer = new Dealer(game);
const legal = new Int32Array(MAX_ACTIONS_HINT);
const spec = parseAgentSpec(process.argv[2] ?? 'strong', 'x');
const g = parseAgentSpec('greedy:eval=features', 'x');
for (let rep = 0; rep < 3; rep++) {
  let ms = 0,
    n = 0,
    ms2 = 0;
  for (let d = 0; d < 64; d++) {
    const state = game.newState(dealer.deal('p', d));
    const agents = [0, 1].map((s) => createAgent(g, makeRng('p', d, s)));
    while (state.placedCount < 30 || state.phase !== PHASE_PLACE)
      state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
    const a = createAgent(spec, makeRng('q', d));
    const c = state.legalActions(legal);
    const t0 = performance.now();
    a.choose(state, legal, c);
    const t1 = performance.now();
    a.choose(state, legal, c);
    ms2 += performance.now() - t1;
    ms += t1 - t0;
    n++;
  }
  console.log(rep, (ms / n).toFixed(3), 'ms first', (ms2 / n).toFixed(3), 'ms second');
}
