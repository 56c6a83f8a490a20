import { createAgent, parseAgentSpec } from './src/agents/index.ts';
import { Game } from './src/engine/index.ts';
import { Dealer } from './src/sim/deal.ts';
import { playGame } from './src/sim/play.ts';
import { makeRng } from './src/sim/rng.ts';
const spec = parseAgentSpec(process.argv[2]!, 'x');
const game = new Game({ players: 2 });
const dealer = new Dealer(game);
const n = Number(process.argv[3] ?? 20);
for (let rep = 0; rep < 2; rep++) {
  const t = performance.now();
  for (let d = 0; d < n; d++) playGame(game, dealer.deal('p', d), [0, 1].map((s) => createAgent(spec, makeRng('p', d, s))));
  console.log(spec.text, (n / ((performance.now() - t) / 1000)).toFixed(1), 'games/s');
}
