/**
 * King and Robber Baron value: arms that differ only in `kingRobberScoring` (official, flat10,
 * flat15-40, incremental) and a base arm without the expansion, 3 players, same deals. The notebook
 * (notebooks/king-robber-value.ts) plays these arms at each skill level, replacing the agents
 * (`random` here), and keeps per-game rows (final holders, scores, points by source) to measure what
 * a card's points do for its holder on the same games.
 */
import { defineExperiment } from '../src/sim/experiment.ts';

const kr = (scoring: string) => ({
  name: scoring,
  players: 3,
  agents: 'random',
  expansions: ['kingRobber'],
  rules: { kingRobberScoring: scoring },
});

export default defineExperiment({
  name: 'king-robber-value',
  description: 'King and Robber Baron scoring variants, 3 players, same deals (and the base game)',
  seed: 'king-robber-value-1',
  deals: 40_000,
  rotation: 'cycle',
  columns: ['score', 'rank', 'stats', 'breakdown'],
  arms: [
    { name: 'base', players: 3, agents: 'random' },
    kr('official'),
    kr('flat10'),
    kr('flat15-40'),
    kr('incremental'),
  ],
});
