/**
 * The arms of king-robber-value.ts played by greedy agents, on fewer deals. Same seed as king-robber-value.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/king-robber-value.ts.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

const kr = (scoring: string) => ({ name: scoring, players: 3, agents: 'greedy', expansions: ['kingRobber'], rules: { kingRobberScoring: scoring } });

export default defineExperiment({
  name: 'king-robber-value-greedy',
  description: 'King and Robber Baron scoring variants, 3 players, greedy agents, same deals (and the base game)',
  seed: 'king-robber-value-1',
  deals: 2_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats'],
  arms: [
    { name: 'base', players: 3, agents: 'greedy' },
    kr('official'), kr('flat10'), kr('flat15-40'), kr('incremental'),
  ],
});
