/**
 * King and Robber Baron value (random agents): arms that differ only in `kingRobberScoring`
 * (official, flat10, flat15-40, incremental) and a base arm without the expansion, 3 players, same
 * deals. Per-game rows (final holders, ranks, scores) are kept to see how often the final holder
 * wins. Greedy agents: king-robber-value-greedy.ts (same seed, fewer deals).
 * Notebook: notebooks/king-robber-value.ts.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

const kr = (scoring: string) => ({ name: scoring, players: 3, agents: 'random', expansions: ['kingRobber'], rules: { kingRobberScoring: scoring } });

export default defineExperiment({
  name: 'king-robber-value',
  description: 'King and Robber Baron scoring variants, 3 players, random agents, same deals (and the base game)',
  seed: 'king-robber-value-1',
  deals: 40_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats'],
  arms: [
    { name: 'base', players: 3, agents: 'random' },
    kr('official'), kr('flat10'), kr('flat15-40'), kr('incremental'),
  ],
});
