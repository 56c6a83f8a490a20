/**
 * Labyrinth variants (random agents): the basic and the advanced Labyrinth (and the base game
 * without it), 3 players, on the same deals. Per-game rows (scores, ranks, statistics, points by
 * source) are kept to find the player who gains most from the labyrinth in each game. Greedy
 * agents: labyrinth-variants-greedy.ts (same seed, fewer deals). Notebook: notebooks/labyrinth-variants.ts.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'labyrinth-variants',
  description: 'The Labyrinth basic vs advanced, 3 players, random agents, same deals (and the base game)',
  seed: 'labyrinth-variants-1',
  deals: 40_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats', 'breakdown'],
  arms: [
    { name: 'base', players: 3, agents: 'random' },
    { name: 'basic', players: 3, agents: 'random', expansions: ['labyrinth'], rules: { labyrinth: 'basic' } },
    { name: 'advanced', players: 3, agents: 'random', expansions: ['labyrinth'], rules: { labyrinth: 'advanced' } },
  ],
});
