/**
 * The arms of labyrinth-variants.ts played by greedy agents, on fewer deals. Same seed as labyrinth-variants.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/labyrinth-variants.ts.
 */
import { withAgents } from '../src/sim/experiment.ts';
import random from './labyrinth-variants.ts';

export default withAgents(random, 'greedy', {
  name: 'labyrinth-variants-greedy',
  description: 'The Labyrinth basic vs advanced, 3 players, greedy agents, same deals (and the base game)',
  deals: 2_000,
});
