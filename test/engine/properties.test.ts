/** Invariants over thousands of seeded random games (base game, 2–6 players). */
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/index.ts';
import type { GameEvent, GameOptions, State } from '../../src/engine/index.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { meeplesOnBoard, playChecked, playOn } from '../util.ts';

const GAMES_PER_COUNT = 250;
const ALL = [...expansionRegistry.values()];
const MIXES: [string, Omit<GameOptions, 'players'>][] = [
  ['the base game', {}],
  ['all expansions (basic labyrinth, official King/Robber)', { expansions: ALL }],
  ['all expansions (advanced labyrinth, incremental King/Robber, C2 tiles)', { expansions: ALL, rules: { labyrinth: 'advanced', kingRobberScoring: 'incremental', tollkeepersEdition: 'C2' } }],
];
const CASES = MIXES.flatMap(([name, options]) => [2, 3, 4, 5, 6].map((players) => [name, players, options] as const));

describe.each(CASES)('random games, %s, %i players', (_name, players, options) => {
  const game = new Game({ players, ...options });
  it('end with every tile placed or discarded, meeples conserved, no feature scored twice', () => {
    for (let deal = 0; deal < GAMES_PER_COUNT; deal++) {
      const scored = new Set<number>();
      let doubles = 0;
      const conserve = (state: State) => {
        for (let p = 0; p < players; p++) {
          if (state.meeplesLeft[p]! + meeplesOnBoard(state, p) !== 7 || state.meeplesLeft[p]! < 0) throw new Error(`deal ${deal}: meeples of P${p} not conserved`);
        }
      };
      const state = playChecked(game, 'props', deal, conserve, (e: GameEvent) => {
        if (e.type === 'featureScored' && !e.final) {
          if (scored.has(e.feature)) doubles++;
          scored.add(e.feature);
        }
      });
      expect(state.isOver()).toBe(true);
      expect(state.stats[game.statIndex('tilesPlaced')]! + state.stats[game.statIndex('tilesDiscarded')]!).toBe(game.deck.length);
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

describe('clone', () => {
  it('is independent: a clone kept at every step never changes later', () => {
    const game = new Game({ players: 3 });
    const kept: { clone: State; snapshot: string }[] = [];
    const snap = (s: State) => JSON.stringify([Array.from(s.grid.filter((v) => v !== 0)), Array.from(s.parent), Array.from(s.meeple), Array.from(s.scores), Array.from(s.meeplesLeft), s.phase, s.currentPlayer, s.drawn, s.deckPos]);
    for (let deal = 0; deal < 5; deal++) {
      playChecked(game, 'clone', deal, (s) => {
        const c = s.clone();
        kept.push({ clone: c, snapshot: snap(c) });
      });
    }
    for (const { clone, snapshot } of kept) expect(snap(clone)).toBe(snapshot);
  });
  it('plays on identically to the original', () => {
    const game = new Game({ players: 2 });
    for (let deal = 0; deal < 20; deal++) {
      let clone: State | undefined;
      playChecked(game, 'clone2', deal, (s) => {
        if (s.placedCount === 30 && clone === undefined) clone = s.clone();
      });
      expect(clone?.isOver()).toBe(false);
      // Both continue with agents seeded alike from the same position: identical outcome.
      const a = playOn(clone!.clone(), 'after', deal);
      const b = playOn(clone!, 'after', deal);
      expect(Array.from(a.scores)).toEqual(Array.from(b.scores));
      expect(a.placedCount).toBe(b.placedCount);
    }
  });
});

describe('checkpoint and rollback', () => {
  it('restore the state exactly after trying several actions, at every step of many games', () => {
    const game = new Game({ players: 3 });
    const legal = new Int32Array(4096);
    const snap = (s: State) => JSON.stringify([
      Array.from(s.grid.filter((v) => v !== 0)), Array.from(s.next.subarray(0, s.placedCount * game.segmentsPerTile)),
      Array.from(s.meeple), Array.from(s.rootMeeples), Array.from(s.done), Array.from(s.openEnds.subarray(0, s.placedCount * game.segmentsPerTile)),
      Array.from(s.scores), Array.from(s.meeplesLeft), Array.from(s.stats), Array.from(s.frontier.subarray(0, s.frontierCount)),
      s.phase, s.currentPlayer, s.drawn, s.deckPos, s.placedCount, s.isOver(),
    ]);
    const roots = (s: State) => Array.from({ length: s.placedCount * game.segmentsPerTile }, (_, g) => s.find(g)).join();
    for (let deal = 0; deal < 30; deal++) {
      let step = 0;
      playChecked(game, 'cp', deal, (s) => {
        if (s.isOver()) return;
        const before = snap(s);
        const rootsBefore = roots(s);
        const level = s.checkpoint();
        // Try a few actions in a row (through the end of the game if it comes), then roll back.
        for (let k = 0; k < 1 + (step++ % 5) && !s.isOver(); k++) {
          const n = s.legalActions(legal);
          s.apply(legal[(step * 7 + k) % n]!);
        }
        s.rollback(level);
        expect(snap(s)).toBe(before);
        expect(roots(s)).toBe(rootsBefore);
      });
    }
  });
});

describe('restart', () => {
  it('plays the next game in the same memory exactly as a fresh state would', async () => {
    const { playGame } = await import('../../src/sim/play.ts');
    const { createAgent, parseAgentSpec } = await import('../../src/agents/index.ts');
    const { Dealer } = await import('../../src/sim/deal.ts');
    const { makeRng } = await import('../../src/sim/rng.ts');
    const game = new Game({ players: 4, expansions: ALL, rules: { labyrinth: 'advanced' } });
    const dealer = new Dealer(game);
    const agents = (deal: number) => [0, 1, 2, 3].map((seat) => createAgent(parseAgentSpec('random', 'test'), makeRng('restart', deal, seat)));
    let reused: State | undefined;
    for (let deal = 0; deal < 60; deal++) {
      const fresh = playGame(game, dealer.deal('restart', deal), agents(deal));
      reused = playGame(game, dealer.deal('restart', deal), agents(deal), reused);
      expect(Array.from(reused.scores)).toEqual(Array.from(fresh.scores));
      expect(Array.from(reused.stats)).toEqual(Array.from(fresh.stats));
    }
  });
});
