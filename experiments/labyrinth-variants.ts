/**
 * Labyrinth variants: the basic and the advanced Labyrinth (and the base game without it), 3
 * players, on the same deals. The notebook (notebooks/labyrinth-variants.ts) plays these arms at
 * each skill level, replacing the agents (`random` here), and keeps per-game rows (scores, ranks,
 * statistics, points by source) to find the player who gains most from the labyrinth in each game.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'labyrinth-variants',
  description: 'The Labyrinth basic vs advanced, 3 players, same deals (and the base game)',
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
