/**
 * Toll yields: what the Tollkeepers' tollhouses earn, 3 players. Base game vs the Tollkeepers with
 * the C3 (default) and C2 tile distributions, on the same deals. The notebook
 * (notebooks/toll-yields.ts) plays these arms at each skill level, replacing the agents (`random`
 * here), and keeps per-game rows for per-deal values.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'toll-yields',
  description: 'Tollkeepers toll income, 3 players: base vs Tollkeepers C3 vs C2 on the same deals',
  seed: 'toll-yields-1',
  deals: 40_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats'],
  arms: [
    { name: 'base', players: 3, agents: 'random' },
    {
      name: 'tolls-C3',
      players: 3,
      agents: 'random',
      expansions: ['tollkeepers'],
      rules: { tollkeepersEdition: 'C3' },
    },
    {
      name: 'tolls-C2',
      players: 3,
      agents: 'random',
      expansions: ['tollkeepers'],
      rules: { tollkeepersEdition: 'C2' },
    },
  ],
});
