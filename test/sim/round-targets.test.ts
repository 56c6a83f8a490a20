/**
 * The round targets of `npm run train -- --target round` (src/sim/round-targets.ts): seeded, blind to
 * the undrawn tiles' order, the teacher's value after a round, and the points alone when the round
 * ends the game; with `--target-cards`, the King's and the Robber Baron's points at the game's end in
 * place of those at the round's end.
 */
import { describe, expect, it } from 'vitest';
import { GreedyAgent, prefilterWeights, VALUE_NETS } from '../../src/agents/index.ts';
import type { NetRecord } from '../../src/agents/index.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE, shuffleFrom } from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { RoundTargets } from '../../src/sim/round-targets.ts';
import { buildSetupGame, PositionRows, recordGame } from '../../src/sim/training.ts';
import { agentOf } from '../agents/strong-games.ts';

const game = buildSetupGame({ players: 3, expansions: ['tollkeepers', 'kingRobber'], rules: {} }, 'test');
const teacher = VALUE_NETS['3']!;
const legal = new Int32Array(MAX_ACTIONS_HINT);

/** Greedy self-play of deal `deal`: the turn-start positions, the last being the game's last turn. */
function turnStarts(deal: number): State[] {
  const state = game.newState(new Dealer(game).deal('round-targets', deal));
  const agents = Array.from({ length: 3 }, (_, seat) => agentOf('greedy', 'round-targets', deal, seat));
  const starts: State[] = [];
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE) starts.push(state.clone());
    state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  }
  return starts;
}

const targetsOf = (state: State, net: NetRecord, deals: number, seed: string, cards = 0) => {
  const out = new Float64Array(3);
  new RoundTargets(game, net, deals, makeRng(seed), cards).targets(state, out);
  return Array.from(out);
};

/** What the King and the Robber Baron paid player `p` (their columns of its score breakdown). */
const cardsPaid = (state: State, p: number) => {
  const parts = state.breakdown(p);
  return (parts.king ?? 0) + (parts.robber ?? 0);
};

describe('round targets', () => {
  const starts = turnStarts(0);
  const mid = starts[30]!;
  const last = starts[starts.length - 1]!;

  it('are the same for the same stream, and leave the position as it was', () => {
    const before = mid.clone();
    const a = targetsOf(mid, teacher, 3, 's');
    expect(targetsOf(mid, teacher, 3, 's')).toEqual(a);
    expect(a.every(Number.isFinite)).toBe(true);
    expect(Array.from(mid.deck)).toEqual(Array.from(before.deck));
    expect([0, 1, 2].map((p) => mid.score(p))).toEqual([0, 1, 2].map((p) => before.score(p)));
    expect(targetsOf(mid, teacher, 3, 'other')).not.toEqual(a);
  });

  it('do not read the order of the undrawn tiles', () => {
    const shuffled = mid.clone(mid.deck.slice()); // its own deck (a clone shares the deck unless given one)
    shuffleFrom(shuffled.deck, shuffled.deckPos, makeRng('another order'));
    expect(Array.from(shuffled.deck)).not.toEqual(Array.from(mid.deck));
    expect(targetsOf(shuffled, teacher, 3, 's')).toEqual(targetsOf(mid, teacher, 3, 's'));
  });

  it("mid-game add the teacher's expectation after the round: a teacher 50 points more hopeful adds 50", () => {
    const hopeful = { ...teacher, outputMean: teacher.outputMean + 50 };
    const plain = targetsOf(mid, teacher, 2, 's');
    const more = targetsOf(mid, hopeful, 2, 's');
    for (let p = 0; p < 3; p++) expect(more[p]! - plain[p]!).toBeCloseTo(50, 6);
  });

  it('on the last turn are the points scored to the end, whatever the teacher and the deals', () => {
    const end = last.clone();
    const reply = new GreedyAgent(makeRng('s'), true, prefilterWeights(3));
    while (!end.isOver()) end.apply(reply.choose(end, legal, end.legalActions(legal)));
    const points = [0, 1, 2].map((p) => end.score(p) - last.score(p));
    const hopeful = { ...teacher, outputMean: teacher.outputMean + 50 };
    expect(targetsOf(last, hopeful, 1, 's')).toEqual(points);
    expect(targetsOf(last, hopeful, 4, 's')).toEqual(targetsOf(last, teacher, 4, 's'));
  });

  it("with the cards, on the last turn are the points scored to the end less the cards' (official: 1 a completed city or road)", () => {
    const end = last.clone();
    const reply = new GreedyAgent(makeRng('s'), true, prefilterWeights(3));
    while (!end.isOver()) end.apply(reply.choose(end, legal, end.legalActions(legal)));
    const paid = [0, 1, 2].map((p) => cardsPaid(end, p));
    expect(paid.reduce((a, b) => a + b)).toBeGreaterThan(0);
    const plain = targetsOf(last, teacher, 1, 's');
    expect(targetsOf(last, teacher, 1, 's', 1)).toEqual(plain.map((t, p) => t - paid[p]!));
    const half = targetsOf(last, teacher, 1, 's', 0.5);
    for (let p = 0; p < 3; p++) expect(half[p]).toBeCloseTo(plain[p]! - paid[p]! / 2, 9);
  });

  it("with the cards, recorded rows change only by the cards' points at the game's end less those at the round's end", () => {
    /** Greedy seats that keep every turn-start position they see (no random moves, so they see all). */
    const starts: State[] = [];
    let played: State | undefined;
    const seats = () =>
      Array.from({ length: 3 }, (_, seat) => {
        const agent = agentOf('greedy', 'cards', seat);
        return {
          ...agent,
          choose(state: State, list: Int32Array, count: number) {
            played = state;
            if (state.phase === PHASE_PLACE) starts.push(state.clone(state.deck.slice()));
            return agent.choose(state, list, count);
          },
        };
      });
    const record = (cards: number) => {
      const rows = new PositionRows();
      const bootstrap = { targets: new RoundTargets(game, teacher, 2, makeRng('r'), cards), mix: 0 };
      starts.length = 0;
      recordGame(game, 'cards', 0, seats(), { explore: 0, exploreFollowUp: 0 }, rows, bootstrap);
      return Array.from(rows.targets.subarray(0, rows.rows));
    };
    const plain = record(0);
    const cards = record(1);
    const final = [0, 1, 2].map((p) => cardsPaid(played!, p));
    expect(final.reduce((a, b) => a + b)).toBeGreaterThan(0);
    // The same positions valued again with both streams as the recording drew them.
    expect(starts.length * 3).toBe(plain.length);
    const without = new RoundTargets(game, teacher, 2, makeRng('r'));
    const within = new RoundTargets(game, teacher, 2, makeRng('r'), 1);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    let changed = 0;
    starts.forEach((start, i) => {
      without.targets(start, a);
      within.targets(start, b);
      for (let p = 0; p < 3; p++) {
        const r = 3 * i + p;
        expect(cards[r]! - plain[r]!).toBeCloseTo(final[p]! - (a[p]! - b[p]!), 3);
        if (cards[r] !== plain[r]) changed++;
      }
    });
    expect(changed).toBeGreaterThan(0);
  });

  it('mixed into recorded games: mix 1 gives the final points, and the rows are reproducible', () => {
    const agents = () => Array.from({ length: 3 }, (_, seat) => agentOf('greedy', 'rows', seat));
    const record = (mix?: number) => {
      const rows = new PositionRows();
      const bootstrap =
        mix === undefined ? undefined : { targets: new RoundTargets(game, teacher, 2, makeRng('r')), mix };
      recordGame(game, 'rows', 0, agents(), { explore: 0.03, exploreFollowUp: 0.1 }, rows, bootstrap);
      return Array.from(rows.targets.subarray(0, rows.rows));
    };
    const final = record();
    expect(record(1)).toEqual(final);
    const round = record(0);
    expect(record(0)).toEqual(round);
    expect(round).not.toEqual(final);
    const half = record(0.5);
    for (let r = 0; r < final.length; r += 17) expect(half[r]).toBeCloseTo((final[r]! + round[r]!) / 2, 3);
  });
});
