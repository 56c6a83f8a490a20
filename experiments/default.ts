/**
 * The default experiment (`carclab run default`): the base game, 2 players, random agents, with and without
 * farmers. Both arms play the same 20,000 deals, so their paired per-deal differences show what
 * farmers are worth (and how they spread the scores) with far fewer games than unpaired runs.
 * Random agents are a floor, not a model of people: they put meeples on fields blindly, so with
 * them "farmers off" mostly measures meeples no longer wasted as farmers; for a house rule's effect
 * on play, run it at several skill levels (`agents: 'greedy'`, `'mcts:iterations=300'`).
 */
import { defineExperiment } from '../src/sim/experiment.ts';

export default defineExperiment({
  name: 'default',
  description: 'Base game, 2 players, random agents: official rules vs farmers off, paired deals',
  seed: 'carclab-default-1',
  deals: 20_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'breakdown'],
  arms: [
    { name: 'base-2p', players: 2, agents: 'random' },
    { name: 'no-farmers-2p', players: 2, agents: 'random', rules: { farmers: 'off' } },
  ],
});
