import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { Evaluator } from '../../src/agents/evaluation/evaluation.ts';
import { ACTION_BLOCK, FOLLOW_NOTHING, PHASE_FOLLOW } from '../../src/engine/index.ts';
import type { Game } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { playGame } from '../../src/sim/play.ts';
import { hashString, makeRng } from '../../src/sim/rng.ts';
import { playChecked } from '../util.ts';

const ALL = [...expansionRegistry.values()];

const agentOf = (text: string, ...seed: (string | number)[]) =>
  createAgent(parseAgentSpec(text, 'test'), makeRng(...seed));

describe('greedy agent', () => {
  it('plays only legal actions and finishes games with all expansions', () => {
    const game = newGame({ players: 4, expansions: ALL, rules: { labyrinth: 'advanced' } });
    for (let deal = 0; deal < 3; deal++) {
      const state = playChecked(game, 'greedy-legal', deal, undefined, undefined, 'greedy');
      expect(state.isOver()).toBe(true);
    }
  });
  it('is deterministic for a seed', () => {
    const game = newGame({ players: 2 });
    const a = playChecked(game, 'greedy-det', 1, undefined, undefined, 'greedy');
    const b = playChecked(game, 'greedy-det', 1, undefined, undefined, 'greedy');
    expect(Array.from(a.scores)).toEqual(Array.from(b.scores));
  });
  it('leaves the state as it found it while it searches', () => {
    const game = newGame({ players: 3, expansions: ALL });
    const state = game.newState(new Dealer(game).deal('greedy-pure', 0));
    const legal = new Int32Array(4096);
    const agent = agentOf('greedy', 'greedy-pure', 0);
    for (let step = 0; step < 40 && !state.isOver(); step++) {
      const n = state.legalActions(legal);
      const before = JSON.stringify([
        Array.from(state.scores),
        Array.from(state.meeple),
        state.expansionState(),
        state.deckPos,
        state.placedCount,
      ]);
      const action = agent.choose(state, legal, n);
      expect(
        JSON.stringify([
          Array.from(state.scores),
          Array.from(state.meeple),
          state.expansionState(),
          state.deckPos,
          state.placedCount,
        ]),
      ).toBe(before);
      state.apply(action);
    }
  });
  it('beats the random agent in almost every 2-player base game', () => {
    const game = newGame({ players: 2 });
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

/** The actions of one game of `spec` in every seat. */
function transcript(game: Game, spec: string, seed: string, deal: number): number[] {
  const state = game.newState(new Dealer(game).deal(seed, deal));
  const agents = Array.from({ length: game.players }, (_, seat) => agentOf(spec, seed, deal, seat));
  const legal = new Int32Array(4096);
  const actions: number[] = [];
  while (!state.isOver()) {
    const n = state.legalActions(legal);
    actions.push(agents[state.currentPlayer]!.choose(state, legal, n));
    state.apply(actions[actions.length - 1]!);
  }
  return actions;
}

describe('greedy valuations', () => {
  it('eval=features plays exactly the games the original greedy played', () => {
    // Hashes of the action sequences of the original greedy (recorded before the rule-aware
    // evaluation existed), seed "golden", deals 0-3.
    const base = newGame({ players: 2 });
    // The three expansions the hashes were recorded with (Inns & Cathedrals came later).
    const all = newGame({
      players: 3,
      expansions: ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!),
      rules: { labyrinth: 'advanced' },
    });
    expect(
      [0, 1, 2, 3].map((d) => hashString(transcript(base, 'greedy:eval=features', 'golden', d).join(','))),
    ).toEqual([2230761451, 1483525028, 1846901294, 3236138822]);
    expect([0, 1, 2, 3].map((d) => hashString(transcript(all, 'greedy:eval=features', 'golden', d).join(',')))).toEqual(
      [261747748, 2375688030, 1217289031, 1860638184],
    );
  });
  it("a field rule changes the moves of both valuations (each values fields by the rule module's answer)", () => {
    const official = newGame({ players: 2 });
    const richFields = newGame({ players: 2, rules: { farmerPointsPerCity: 6 } });
    for (const spec of ['greedy', 'greedy:eval=features']) {
      let differ = 0;
      for (let deal = 0; deal < 3; deal++)
        if (transcript(richFields, spec, 'farm', deal).join() !== transcript(official, spec, 'farm', deal).join())
          differ++;
      expect(differ, spec).toBe(3);
    }
  });
  it("meepleCost changes the rule-aware greedy's moves; its default is the plain greedy", () => {
    const game = newGame({ players: 2 });
    let differ = 0;
    for (let deal = 0; deal < 3; deal++) {
      const plain = transcript(game, 'greedy', 'thrift', deal).join();
      expect(transcript(game, 'greedy:meepleCost=1', 'thrift', deal).join()).toBe(plain);
      if (transcript(game, 'greedy:meepleCost=3', 'thrift', deal).join() !== plain) differ++;
    }
    expect(differ).toBe(3);
  });
  it('the rule-aware greedy moves its tollhouse only when that is worth more than doing nothing', () => {
    const game = newGame({ players: 2, expansions: [expansionRegistry.get('tollkeepers')!] });
    const legal = new Int32Array(4096);
    let moves = 0;
    for (let deal = 0; deal < 2; deal++) {
      const state = game.newState(new Dealer(game).deal('toll', deal));
      const agents = [0, 1].map((seat) => agentOf('greedy', 'toll', deal, seat));
      const evaluator = new Evaluator(game);
      while (!state.isOver()) {
        const me = state.currentPlayer;
        let action = agents[me]!.choose(state, legal, state.legalActions(legal));
        state.apply(action);
        if (state.phase !== PHASE_FOLLOW) continue;
        action = agents[me]!.choose(state, legal, state.legalActions(legal));
        if (action >= ACTION_BLOCK) {
          moves++;
          const followUpValue = (followUp: number) => {
            const clone = state.clone();
            clone.deferFinal = true;
            clone.apply(followUp);
            return evaluator.margin(clone, me);
          };
          expect(followUpValue(action)).toBeGreaterThan(followUpValue(FOLLOW_NOTHING));
        }
        state.apply(action);
      }
    }
    expect(moves).toBeGreaterThan(0);
  });
});
