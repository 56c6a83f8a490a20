/** A small balance file on real games (random agents, 2 players), shared by the tests of real runs. */
import { resolveBalance } from '../../src/balance/definition.ts';
import type { BalanceResult } from '../../src/balance/result.ts';

export const FILE = {
  name: 'farms',
  seed: 'farms-1',
  players: [2],
  levels: ['random'],
  knobs: [
    { rule: 'farmerPointsPerCity', min: 0, max: 6 },
    { rule: 'cityPointsPerTile', min: 1, max: 3 },
    { rule: 'farmers', values: ['on', 'off'] },
  ],
  targets: [
    { metric: 'score.field', level: 'random', players: 2, equals: 4, tolerance: 0.5 },
    { metric: 'score.city', level: 'random', players: 2, atLeast: 7, precision: 1 },
  ],
  budget: {
    games: 20_000,
    firstDeals: 20,
    maxDeals: 80,
    population: 12,
    rounds: 1,
    finalists: 3,
    confirm: 1,
    confirmDeals: 60,
  },
};

export const balance = () =>
  resolveBalance(FILE, { where: 'farms.json', defaultName: 'farms', readTileFile: () => ({ data: {}, where: '' }) });

/** The whole result as text: nothing in it depends on the session (timings and paths are in the manifest). */
export const answer = (result: BalanceResult) => JSON.stringify(result);
