/**
 * The arms of labyrinth-variants.ts played by greedy agents, on fewer deals. Same seed as labyrinth-variants.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/labyrinth-variants.ts.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'labyrinth-variants-greedy',
  description: 'The Labyrinth basic vs advanced, 3 players, greedy agents, same deals (and the base game)',
  seed: 'labyrinth-variants-1',
  deals: 2_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats', 'breakdown'],
  arms: [
    { name: 'base', players: 3, agents: 'greedy' },
    { name: 'basic', players: 3, agents: 'greedy', expansions: ['labyrinth'], rules: { labyrinth: 'basic' } },
    { name: 'advanced', players: 3, agents: 'greedy', expansions: ['labyrinth'], rules: { labyrinth: 'advanced' } },
  ],
});
