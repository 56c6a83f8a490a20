/**
 * Seat advantage (random agents): win rate by seat for each expansion mix (base, each expansion
 * alone, all three) and player count 2–5; rotation `cycle` (deal d seats lineup player i in seat
 * (i + d) mod players), so every seat is played by every lineup position equally often. Greedy
 * agents: seat-advantage-greedy.ts. Notebook: notebooks/seat-advantage.ts.
 */
import { armGrid, defineExperiment } from '../src/sim/experiment.ts';

export const MIXES = [[], ['tollkeepers'], ['labyrinth'], ['kingRobber'], ['tollkeepers', 'labyrinth', 'kingRobber']] as const;

export default defineExperiment({
  name: 'seat-advantage',
  description: 'Win rate by seat, expansion mixes × 2-5 players, random agents',
  seed: 'seat-advantage-1',
  deals: 20_000,
  rotation: 'cycle',
  arms: armGrid({ players: [2, 3, 4, 5], expansions: MIXES, base: { agents: 'random' } }),
});
