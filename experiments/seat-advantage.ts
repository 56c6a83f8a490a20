/**
 * Seat advantage: win share by seat for each expansion mix (base, each expansion alone, all three)
 * and player count 2–5; rotation `cycle` (deal d seats lineup player i in seat (i + d) mod players),
 * so every seat is played by every lineup position equally often. The notebook
 * (notebooks/seat-advantage.ts) plays these arms at each skill level, replacing the agents (`random`
 * here).
 */
import { armGrid, defineExperiment } from '../src/sim/experiment.ts';

export const MIXES = [
  [],
  ['tollkeepers'],
  ['labyrinth'],
  ['kingRobber'],
  ['tollkeepers', 'labyrinth', 'kingRobber'],
] as const;

export default defineExperiment({
  name: 'seat-advantage',
  description: 'Win rate by seat, expansion mixes × 2-5 players',
  seed: 'seat-advantage-1',
  deals: 20_000,
  rotation: 'cycle',
  arms: armGrid({ players: [2, 3, 4, 5], expansions: MIXES, base: { agents: 'random' } }),
});
