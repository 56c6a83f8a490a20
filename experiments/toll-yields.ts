/**
 * Toll yields (random agents): what the Tollkeepers' tollhouses earn, 3 players. Base game vs the
 * Tollkeepers with the C3 (default) and C2 tile distributions, on the same deals. Per-game rows are
 * kept for the per-game score spread. Greedy agents: toll-yields-greedy.ts (same seed, fewer deals).
 * Notebook: notebooks/toll-yields.ts.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'toll-yields',
  description: 'Tollkeepers toll income, 3 players, random agents: base vs Tollkeepers C3 vs C2 on the same deals',
  seed: 'toll-yields-1',
  deals: 40_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats'],
  arms: [
    { name: 'base', players: 3, agents: 'random' },
    { name: 'tolls-C3', players: 3, agents: 'random', expansions: ['tollkeepers'], rules: { tollkeepersEdition: 'C3' } },
    { name: 'tolls-C2', players: 3, agents: 'random', expansions: ['tollkeepers'], rules: { tollkeepersEdition: 'C2' } },
  ],
});
