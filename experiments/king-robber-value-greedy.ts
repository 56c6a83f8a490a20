/**
 * The arms of king-robber-value.ts played by greedy agents, on fewer deals. Same seed as king-robber-value.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/king-robber-value.ts.
 */
import { withAgents } from '../src/sim/experiment.ts';
import random from './king-robber-value.ts';

export default withAgents(random, 'greedy', {
  name: 'king-robber-value-greedy',
  description: 'King and Robber Baron scoring variants, 3 players, greedy agents, same deals (and the base game)',
  deals: 2_000,
});
