/** Per-game statistics of the expansions (docs/rules.md §6), read off hand-scored scenarios. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayState } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';

const scenario = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'expansions', `${name}.json`), 'utf8'));
const stats = (name: string) => {
  const state = replayState(scenario(name), expansionRegistry);
  const game = state.game;
  return {
    game: (stat: string) => state.stats[game.statIndex(stat)],
    player: (stat: string, p: number) => state.stats[game.playerStatIndex(stat, p)],
  };
};

describe('labyrinth statistics', () => {
  it('the rules example: one completed network, 5 meeples on it, 2 × 10 bonus points, 18 network points to each tied player', () => {
    const s = stats('lab-rules-example');
    expect(s.game('labyrinthNetworksCompleted')).toBe(1);
    expect(s.game('labyrinthMeeplesOnCompleted')).toBe(5);
    expect(s.game('labyrinthBonusPoints')).toBe(20);
    expect([0, 1, 2].map((p) => s.player('labyrinthNetworkPoints', p))).toEqual([18, 18, 0]);
    // Four meeples went onto an already occupied network: P1 on the labyrinth, then P2, P0 and P1 on free exits.
    expect(s.game('labyrinthBranchPlacements')).toBe(4);
  });
});

describe('tollkeepers statistics', () => {
  it('count placements, flips and income by value and source', () => {
    const s = stats('tk-travellers-value1-flip');
    expect(s.game('tollhousePlacements')).toBe(1);
    expect(s.game('tollFlips')).toBe(1);
    expect(s.game('tollTravellersIncome1')).toBe(3);
    expect(s.game('tollIllustrationIncome2')).toBe(0);
  });
});

describe('king and robber statistics', () => {
  // The cards' values are per-game statistics summed by the runner; they must be whole numbers and
  // equal the points the breakdown books under `king` and `robber`.
  for (const [name, king, robber] of [
    ['kr-variant-flat15-40-both', 20, 20],
    ['kr-variant-flat15-40-both-odd', 21, 20],
    ['kr-variant-official-split', 3, 4],
  ] as const) {
    it(`each card's value equals the points booked under its source (${name}: ${king} + ${robber})`, () => {
      const state = replayState(scenario(name), expansionRegistry);
      const s = stats(name);
      const booked = (source: string) => [0, 1].reduce((sum, p) => sum + state.breakdown(p)[source]!, 0);
      expect([s.game('kingValue'), s.game('robberValue')]).toEqual([king, robber]);
      expect([booked('king'), booked('robber')]).toEqual([king, robber]);
    });
  }
});
