/**
 * Seeded games of every agent, as hashes of their action sequences (`playGame`'s trace): the golden
 * file `golden/agent-games.json` was written by the code before restricted play existed, so that
 * `forbid=` of nothing is seen to change no game (`forbid.test.ts`). Regenerate with `npm run golden`
 * only when a change of play is intended.
 */
import { join } from 'node:path';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { playGame } from '../../src/sim/play.ts';
import type { MoveTrace } from '../../src/sim/play.ts';
import { makeRng } from '../../src/sim/rng.ts';

export const AGENT_GAMES_FILE = join(import.meta.dirname, 'golden', 'agent-games.json');

/** The agents of the golden games: each level, and a search small enough for a test. */
export const GOLDEN_AGENTS = ['random', 'greedy', 'greedy:eval=features', 'strong', 'mcts:iterations=30'];

/** Per agent spec, the trace hashes of 2 games in each of a 2-player game with the three expansions (advanced Labyrinth) and a 3-player base game. */
export function agentGames(specFor: (agent: string) => string = (agent) => agent): Record<string, number[]> {
  const games = [
    newGame({
      players: 2,
      expansions: ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!),
      rules: { labyrinth: 'advanced' },
    }),
    newGame({ players: 3 }),
  ];
  const result: Record<string, number[]> = {};
  for (const agent of GOLDEN_AGENTS) {
    const spec = parseAgentSpec(specFor(agent), 'golden');
    result[agent] = games.flatMap((game) =>
      [0, 1].map((deal) => {
        const agents = Array.from({ length: game.players }, (_, seat) =>
          createAgent(spec, makeRng('agent-games', deal, seat)),
        );
        const trace: MoveTrace = { hash: 0 };
        playGame(game, new Dealer(game).deal('agent-games', deal), agents, undefined, trace);
        return trace.hash;
      }),
    );
  }
  return result;
}
