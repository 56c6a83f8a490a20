/**
 * The order a game lists its expansions in changes nothing: not the scores and not one statistic.
 * Every hand-scored scenario of two or more expansions is replayed in each order of its expansions;
 * the statistics one expansion reads off another's scoring (the Labyrinth's network points of a road
 * with an inn, the toll beside an inn, the King of a cathedral city) are checked against hand counts
 * in both orders.
 */
import { describe, expect, it } from 'vitest';
import { replayState } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { scenarioDir } from '../scenario-files.ts';

const { files, load } = scenarioDir('expansions');

type Raw = { expansions?: string[] };
const orders = (names: readonly string[]): string[][] =>
  names.length <= 1
    ? [[...names]]
    : names.flatMap((first, i) => orders(names.filter((_, j) => j !== i)).map((rest) => [first, ...rest]));

/** Scores by source and every statistic, by name, of a scenario replayed with its expansions in `order` (or the error of an illegal one). */
function outcome(raw: Raw, order: string[]) {
  let state: ReturnType<typeof replayState>;
  try {
    state = replayState({ ...raw, expansions: order }, expansionRegistry);
  } catch (error) {
    return { error: String(error) };
  }
  const game = state.game;
  const stats: Record<string, number> = {};
  for (const name of game.statNames) stats[name] = state.stats[game.statIndex(name)]!;
  for (const name of game.playerStatNames) {
    for (let p = 0; p < game.players; p++) stats[`${name}[${p}]`] = state.stats[game.playerStatIndex(name, p)]!;
  }
  const breakdown = Array.from({ length: game.players }, (_, p) => state.breakdown(p));
  return { stats, breakdown };
}

const mixed = files.filter((name) => ((load(name) as Raw).expansions?.length ?? 0) >= 2);

describe('the order of the expansions', () => {
  it('finds the scenarios of two or more expansions, Inns & Cathedrals with each other one among them', () => {
    expect(mixed).toEqual(
      expect.arrayContaining([
        'ic-inn-labyrinth-completed.json',
        'ic-tollkeepers-inn-toll.json',
        'ic-king-cathedral-city.json',
        'all-expansions-official.json',
      ]),
    );
  });

  for (const name of mixed) {
    it(`${name}: every order gives the same scores and statistics`, () => {
      const raw = load(name) as Raw;
      const [first, ...others] = orders(raw.expansions!).map((order) => outcome(raw, order));
      for (const other of others) expect(other).toEqual(first);
    });
  }

  // Hand counts (each file's description): the statistics that read what another expansion changed.
  const HAND: [file: string, stats: Record<string, number>][] = [
    // 7 tiles with the inn, 2 each: 14 to P0, who alone holds the network.
    [
      'ic-inn-labyrinth-completed',
      {
        'labyrinthNetworkPoints[0]': 14,
        'labyrinthNetworkPoints[1]': 0,
        labyrinthNetworksCompleted: 1,
        labyrinthBonusPoints: 0,
        innRoadsCompleted: 1,
      },
    ],
    // 14 with the inn plus the bonus 2 × 2 meeples to each of the two tied players.
    [
      'ic-inn-labyrinth-advanced-completed',
      {
        'labyrinthNetworkPoints[0]': 18,
        'labyrinthNetworkPoints[1]': 18,
        labyrinthBonusPoints: 8,
        labyrinthMeeplesOnCompleted: 2,
        innRoadsCompleted: 1,
      },
    ],
    // The inn road pays P1 6; the toll at value 1 is the garden's 1, whatever the inn.
    [
      'ic-tollkeepers-inn-toll',
      { tollIllustrationIncome1: 1, tollTravellersIncome1: 0, tollFinalIncome: 0, tollFlips: 0, innRoadsCompleted: 1 },
    ],
    // The cathedral city is the first completed city: P1 takes the King, worth 1 at the end.
    [
      'ic-king-cathedral-city',
      {
        kingFirstHolder: 1,
        kingFinalHolder: 1,
        kingValue: 1,
        kingHandovers: 0,
        robberFinalHolder: -1,
        robberValue: 0,
        cathedralCitiesCompleted: 1,
      },
    ],
  ];
  for (const [file, want] of HAND) {
    it(`${file}: the hand-counted statistics, in both orders`, () => {
      const raw = load(`${file}.json`) as Raw;
      for (const order of [raw.expansions!, [...raw.expansions!].reverse()]) {
        const result = outcome(raw, order);
        if ('error' in result) throw new Error(result.error);
        const { stats } = result;
        expect(Object.fromEntries(Object.keys(want).map((k) => [k, stats[k]])), order.join(', ')).toEqual(want);
      }
    });
  }
});
