/**
 * Invariants over thousands of seeded random games (base game, 2–6 players). Clone, rollback, restart
 * and replay are checked over every expansion mix in `conformance.test.ts`.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent, GameOptions, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { meeplesOnBoard, playChecked } from '../util.ts';

const GAMES_PER_COUNT = 250;
const ALL = [...expansionRegistry.values()];
const MIXES: [string, Omit<GameOptions, 'players'>][] = [
  ['the base game', {}],
  ['all expansions (basic labyrinth, official King/Robber)', { expansions: ALL }],
  [
    'all expansions (advanced labyrinth, incremental King/Robber, C2 tiles)',
    { expansions: ALL, rules: { labyrinth: 'advanced', kingRobberScoring: 'incremental', tollkeepersEdition: 'C2' } },
  ],
];
const CASES = MIXES.flatMap(([name, options]) => [2, 3, 4, 5, 6].map((players) => [name, players, options] as const));

describe.each(CASES)('random games, %s, %i players', (_name, players, options) => {
  const game = newGame({ players, ...options });
  it('end with every tile placed or discarded, meeples conserved, no feature scored twice', () => {
    for (let deal = 0; deal < GAMES_PER_COUNT; deal++) {
      const scored = new Set<number>();
      let doubles = 0;
      const conserve = (state: State) => {
        for (let p = 0; p < players; p++) {
          // Every kind apart (the plain meeples 7, an expansion's its own supply).
          game.meepleKinds.forEach((kind, k) => {
            const left = state.meeplesLeft[k * players + p]!;
            if (left + meeplesOnBoard(state, p, k) !== kind.perPlayer || left < 0)
              throw new Error(`deal ${deal}: ${kind.name} meeples of P${p} not conserved`);
          });
        }
      };
      const state = playChecked(game, 'props', deal, conserve, (e: GameEvent) => {
        if (e.type === 'featureScored' && !e.final) {
          if (scored.has(e.feature)) doubles++;
          scored.add(e.feature);
        }
      });
      expect(state.isOver()).toBe(true);
      expect(state.stats[game.statIndex('tilesPlaced')]! + state.stats[game.statIndex('tilesDiscarded')]!).toBe(
        game.deck.length,
      );
      expect(doubles).toBe(0);
    }
  });
  it('the same seed gives the same game', () => {
    for (let deal = 0; deal < 50; deal++) {
      const a = playChecked(game, 'det', deal);
      const b = playChecked(game, 'det', deal);
      expect(Array.from(a.scores)).toEqual(Array.from(b.scores));
      expect(Array.from(a.placedCell)).toEqual(Array.from(b.placedCell));
      expect(Array.from(a.placedRot)).toEqual(Array.from(b.placedRot));
    }
  });
});
