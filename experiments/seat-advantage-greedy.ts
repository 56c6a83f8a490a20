/**
 * The arms of seat-advantage.ts played by greedy agents, on fewer deals. Same seed as seat-advantage.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/seat-advantage.ts.
 */
import { withAgents } from '../src/sim/experiment.ts';
import random from './seat-advantage.ts';

export default withAgents(random, 'greedy', {
  name: 'seat-advantage-greedy',
  description: 'Win rate by seat, expansion mixes × 2-5 players, greedy agents',
  deals: 1_000,
});
