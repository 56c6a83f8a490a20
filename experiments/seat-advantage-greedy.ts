/**
 * The arms of seat-advantage.ts played by greedy agents, on fewer deals. Same seed as seat-advantage.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/seat-advantage.ts.
 */
import { armGrid, defineExperiment } from '../src/sim/experiment.ts';

const MIXES = [[], ['tollkeepers'], ['labyrinth'], ['kingRobber'], ['tollkeepers', 'labyrinth', 'kingRobber']] as const;

export default defineExperiment({
  name: 'seat-advantage-greedy',
  description: 'Win rate by seat, expansion mixes × 2-5 players, greedy agents',
  seed: 'seat-advantage-1',
  deals: 1_000,
  rotation: 'cycle',
  arms: armGrid({ players: [2, 3, 4, 5], expansions: MIXES, base: { agents: 'greedy' } }),
});
