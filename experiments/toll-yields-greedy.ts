/**
 * The arms of toll-yields.ts played by greedy agents, on fewer deals. Same seed as toll-yields.ts, so these
 * are its first deals (the tile orders match). Notebook: notebooks/toll-yields.ts.
 */
import { withAgents } from '../src/sim/experiment.ts';
import random from './toll-yields.ts';

export default withAgents(random, 'greedy', {
  name: 'toll-yields-greedy',
  description: 'Tollkeepers toll income, 3 players, greedy agents: base vs Tollkeepers C3 vs C2 on the same deals',
  deals: 2_000,
});
