import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { Game } from '../../src/engine/index.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { playGame } from '../../src/sim/play.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { playChecked } from '../util.ts';

const ALL = [...expansionRegistry.values()];

const agentOf = (text: string, ...seed: (string | number)[]) => createAgent(parseAgentSpec(text, 'test'), makeRng(...seed));

describe('greedy agent', () => {
  it('plays only legal actions and finishes games with all expansions', () => {
    const game = new Game({ players: 4, expansions: ALL, rules: { labyrinth: 'advanced' } });
    for (let deal = 0; deal < 3; deal++) {
      const state = playChecked(game, 'greedy-legal', deal, undefined, undefined, 'greedy');
      expect(state.isOver()).toBe(true);
    }
  });
  it('is deterministic for a seed', () => {
    const game = new Game({ players: 2 });
    const a = playChecked(game, 'greedy-det', 1, undefined, undefined, 'greedy');
    const b = playChecked(game, 'greedy-det', 1, undefined, undefined, 'greedy');
    expect(Array.from(a.scores)).toEqual(Array.from(b.scores));
  });
  it('leaves the state as it found it while it searches', () => {
    const game = new Game({ players: 3, expansions: ALL });
    const state = game.newState(new Dealer(game).deal('greedy-pure', 0));
    const legal = new Int32Array(4096);
    const agent = agentOf('greedy', 'greedy-pure', 0);
    for (let step = 0; step < 40 && !state.isOver(); step++) {
      const n = state.legalActions(legal);
      const before = JSON.stringify([Array.from(state.scores), Array.from(state.meeple), Array.from(state.ext), state.deckPos, state.placedCount]);
      const action = agent.choose(state, legal, n);
      expect(JSON.stringify([Array.from(state.scores), Array.from(state.meeple), Array.from(state.ext), state.deckPos, state.placedCount])).toBe(before);
      state.apply(action);
    }
  });
  it('beats the random agent in almost every 2-player base game', () => {
    const game = new Game({ players: 2 });
    const dealer = new Dealer(game);
    let wins = 0;
    const games = 20;
    for (let deal = 0; deal < games; deal++) {
      const greedySeat = deal % 2;
      const agents = [0, 1].map((seat) => agentOf(seat === greedySeat ? 'greedy' : 'random', 'gvr', deal, seat));
      const state = playGame(game, dealer.deal('gvr', deal), agents);
      if (state.score(greedySeat) > state.score(1 - greedySeat)) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(18);
  });
});
