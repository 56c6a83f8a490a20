/**
 * The arms of toll-yields.ts played by greedy agents, on fewer deals. Same seed as toll-yields.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/toll-yields.ts.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'toll-yields-greedy',
  description: 'Tollkeepers toll income, 3 players, greedy agents: base vs Tollkeepers C3 vs C2 on the same deals',
  seed: 'toll-yields-1',
  deals: 2_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats'],
  arms: [
    { name: 'base', players: 3, agents: 'greedy' },
    { name: 'tolls-C3', players: 3, agents: 'greedy', expansions: ['tollkeepers'], rules: { tollkeepersEdition: 'C3' } },
    { name: 'tolls-C2', players: 3, agents: 'greedy', expansions: ['tollkeepers'], rules: { tollkeepersEdition: 'C2' } },
  ],
});
