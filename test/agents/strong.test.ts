import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from '../../src/agents/index.ts';
import { LearnedEvaluator, weightVector } from '../../src/agents/evaluation/learned.ts';
import { STRONG_WEIGHTS } from '../../src/agents/evaluation/strong-weights.ts';
import { DEFAULT_WEIGHTS } from '../../src/agents/evaluation/weights.ts';
import { FIVE_PLAYERS, FOUR_PLAYERS, prefilterWeights } from '../../src/agents/strong.ts';
import { GreedyAgent, sharedOnePly } from '../../src/agents/greedy.ts';
import { dealSpread, halve, RoundLookAhead } from '../../src/agents/lookahead/round.ts';
import { parseAgentSpec } from '../../src/agents/index.ts';
import { FOLLOW_NOTHING, isInputError } from '../../src/engine/index.ts';
import type { AgentState, Game, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { hashString, makeRng } from '../../src/sim/rng.ts';
import { playChecked } from '../util.ts';
import { agentOf, legal, midGame, transcript } from './strong-games.ts';

/** `spec`'s placement at a position 12 placements into each of 6 deals of `players` players. */
function choicesAt(players: number, spec: string, stream: string): number[] {
  const game = newGame({ players });
  return [0, 1, 2, 3, 4, 5].map((deal) => {
    const state = midGame(game, deal, 12);
    return agentOf(spec, stream, deal).choose(state, legal, state.legalActions(legal));
  });
}

/** A spec's canonical text. */
const specText = (spec: string) => parseAgentSpec(spec, 'test').text;

/** The 4-player default's moves spelled out (a size given turns the per-count options off). */
const C = 'strong:four=2,6,2,followUps=3,prior=3,opponents=greedy,rolloutFollowUps=1';

/** Each `strong:` spec in `specs` is refused with an input error that names `param`. */
function expectRejected(specs: readonly string[], param: string): void {
  for (const spec of specs)
    expect(() => parseAgentSpec(`strong:${spec}`, 'test')).toThrow(
      expect.toSatisfy((error: unknown) => isInputError(error) && new RegExp(param).test(String(error))),
    );
}

const ALL = [...expansionRegistry.values()];

describe('strong', () => {
  it('plays only legal actions and finishes games with every expansion, 2 to 5 players', () => {
    // 5 players with a small look-ahead (a round of 5 turns on 1 deal): the default's costs minutes here.
    for (const [players, spec] of [
      [2, 'strong'],
      [5, 'strong:lookahead=1,samples=1'],
    ] as const) {
      const game = newGame({ players, expansions: ALL, rules: { labyrinth: 'advanced' } });
      expect(playChecked(game, 'strong-legal', players, undefined, undefined, spec).isOver()).toBe(true);
    }
  });

  it('its weights were fitted by npm run train and fit the features', () => {
    expect(Object.keys(STRONG_WEIGHTS.training.byPlayers)).toEqual(['2p', '3p', '4p', '5p']);
    expect(weightVector(STRONG_WEIGHTS.byPlayers['2']).length).toBe(FEATURE_NAMES.length);
    expect(() =>
      weightVector({ ...STRONG_WEIGHTS.byPlayers['2'], hand: undefined } as unknown as Record<string, number>),
    ).toThrow(/missing hand/);
  });

  it('is deterministic for a stream, leaves the state as it found it, and never reads the order of the undrawn tiles', () => {
    // 2 players: with the look-ahead, which deals the undrawn tiles; 3 players: without it.
    for (const [players, deal] of [
      [2, 0],
      [2, 1],
      [3, 2],
    ] as const) {
      const game = newGame({ players, expansions: ALL });
      const state = midGame(game, deal, 18);
      const seen = () =>
        JSON.stringify([
          Array.from(state.scores),
          Array.from(state.meeple.subarray(0, state.placedCount * game.segmentsPerTile)),
          state.expansionState(),
          state.deckPos,
          state.placedCount,
          state.drawn,
        ]);
      const before = seen();
      const chosen = agentOf('strong', 'same', deal).choose(state, legal, state.legalActions(legal));
      expect(seen()).toBe(before);
      expect(agentOf('strong', 'same', deal).choose(state, legal, state.legalActions(legal))).toBe(chosen);
      const undrawn = Array.from(state.deck.subarray(state.deckPos)).reverse();
      const permuted = state.deck.slice();
      permuted.set(undrawn, state.deckPos);
      expect(Array.from(permuted)).not.toEqual(Array.from(state.deck));
      state.deck = permuted;
      expect(agentOf('strong', 'same', deal).choose(state, legal, state.legalActions(legal))).toBe(chosen);
    }
  });

  it("looks ahead through a round: with 3 players the other two players' turns and its own next", () => {
    const game = newGame({ players: 3 });
    const round = [0, 1].map((deal) => transcript(game, 'strong', 'ahead', deal));
    expect([0, 1].map((deal) => transcript(game, 'strong:replies=3', 'ahead', deal))).toEqual(round);
    expect([0, 1].map((deal) => transcript(game, 'strong:replies=1', 'ahead', deal))).not.toEqual(round);
    expect([0, 1].map((deal) => transcript(game, 'strong:lookahead=0', 'ahead', deal))).not.toEqual(round);
  });

  it('tries each pair on manySamples deals with 4 players or more, on samples deals with fewer', () => {
    const choices = (players: number, spec: string) => choicesAt(players, spec, 'many');
    const atFour = choices(4, 'strong');
    expect(choices(4, 'strong:samples=2')).toEqual(atFour);
    expect(choices(4, 'strong:manySamples=2')).not.toEqual(atFour);
    const atThree = choices(3, 'strong');
    expect(choices(3, 'strong:manySamples=2')).toEqual(atThree);
    expect(choices(3, 'strong:samples=2')).not.toEqual(atThree);
  });

  // Each player count's look-ahead size: its default, what a spec that sizes the look-ahead sets it
  // to, that it plays as the spelled-out setting, and that another player count keeps its own size.
  it.each([
    { key: 'three', players: 3, count: 'samples', own: [4, 4, 1], other: 4 },
    { key: 'four', players: 4, count: 'manySamples', own: FOUR_PLAYERS, other: 5 },
    { key: 'five', players: 5, count: 'manySamples', own: FIVE_PLAYERS, other: 4 },
  ])(
    'with $players players sizes its look-ahead by $key= (lookahead, $count, halvings), which a spec sizing it sets',
    ({ key, players, count, own, other }) => {
      expect(specText('strong')).toContain(`${key}=${own.join(',')}`);
      expect(specText('strong:lookahead=0')).toContain(`${key}=0,${count === 'samples' ? 6 : 12},2`);
      expect(specText(`strong:${count}=4,halvings=3`)).toContain(`${key}=10,4,3`);
      expect(() => parseAgentSpec(`strong:${key}=4,4`, 'test')).toThrow(new RegExp(`${key}= takes 3 numbers`));
      const choices = (n: number, spec: string) => choicesAt(n, spec, key);
      const small = choices(players, `strong:${key}=1,2,1`);
      expect(choices(players, `strong:lookahead=1,${count}=2,halvings=1`)).toEqual(small);
      expect(choices(players, `strong:${key}=0,2,1`)).not.toEqual(small);
      const otherCount = other === 4 ? 'manySamples' : count;
      expect(choices(other, `strong:lookahead=1,${otherCount}=2,${key}=0,1,0`)).toEqual(
        choices(other, `strong:lookahead=1,${otherCount}=2`),
      );
    },
  );

  it('with 3, 4 and 5 players its default look-ahead comes with followUps=3, prior=3, opponents=greedy and rolloutFollowUps=1; elsewhere they are off', () => {
    const five = newGame({ players: 5 });
    const played = (game: Game, spec: string) => transcript(game, spec, 'options', 0, 40);
    const three = newGame({ players: 3 });
    const threeByDefault = played(three, 'strong');
    expect(played(three, 'strong:three=4,4,1,followUps=3,prior=3,opponents=greedy,rolloutFollowUps=1')).toBe(
      threeByDefault,
    );
    expect(played(three, 'strong:followUps=0,prior=0,opponents=charged')).not.toBe(threeByDefault);
    expect(played(three, 'strong:rolloutFollowUps=0')).not.toBe(threeByDefault);
    // another 3-player size leaves them off there
    expect(played(three, 'strong:three=1,2,1')).toBe(
      played(three, 'strong:three=1,2,1,followUps=0,prior=0,opponents=charged,rolloutFollowUps=0'),
    );
    const byDefault = played(five, 'strong');
    expect(played(five, 'strong:five=1,4,1,followUps=3,prior=3,opponents=greedy,rolloutFollowUps=1')).toBe(byDefault);
    expect(played(five, 'strong:followUps=0,prior=0,opponents=charged')).not.toBe(byDefault);
    expect(played(five, 'strong:rolloutFollowUps=0')).not.toBe(byDefault);
    // another 5-player size turns them off there, and only there
    expect(played(five, 'strong:five=1,3,1')).toBe(
      played(five, 'strong:five=1,3,1,followUps=0,prior=0,opponents=charged,rolloutFollowUps=0'),
    );
    expect(played(three, 'strong:five=1,3,1')).toBe(played(three, 'strong'));
    expect(specText('strong')).toContain('followUps=-1,prior=-1,opponents=auto');
    const four = newGame({ players: 4 });
    const fourByDefault = played(four, 'strong');
    expect(played(four, C)).toBe(fourByDefault);
    expect(played(four, 'strong:rolloutFollowUps=0')).not.toBe(fourByDefault);
    expect(played(four, 'strong:four=1,2,1')).toBe(
      played(four, 'strong:four=1,2,1,followUps=0,prior=0,opponents=charged'),
    );
    // each changes the moves where it applies
    expect(played(four, 'strong:four=1,2,1,followUps=1')).not.toBe(played(four, 'strong:four=1,2,1'));
    expect(played(four, 'strong:four=1,2,1,opponents=greedy')).not.toBe(played(four, 'strong:four=1,2,1'));
    expect(played(four, 'strong:four=1,2,1,prior=20')).not.toBe(played(four, 'strong:four=1,2,1'));
  });

  it("halves the look-ahead's pairs: the better half by sum, rounded up, in their order, the earlier of equals", () => {
    const sums = new Float64Array(8);
    sums.set([0, 0, 4, 2, 0, 1, 9, 4]);
    const halved = (pairs: number[]) => {
      const kept = Int32Array.from(pairs);
      return [...kept.subarray(0, halve(kept, pairs.length, sums))];
    };
    expect(halved([5, 2, 7, 1, 3])).toEqual([2, 7, 3]); // 4, 4 and 2 of 1, 4, 4, 0, 2
    expect(halved([6, 2, 7, 3])).toEqual([6, 2]); // 9 and the earlier 4
    expect(halved([7, 2])).toEqual([7]);
    expect(halved([3])).toEqual([3]);
    // and it plays: the same pairs on every deal (no halving) change its moves
    const game = newGame({ players: 2 });
    expect(transcript(game, 'strong:halvings=0', 'halve', 0)).not.toBe(transcript(game, 'strong', 'halve', 0));
  });

  it('reads the rules: farmers at 4 points per city, or cities at 3 per tile, change its moves on most deals', () => {
    const official = newGame({ players: 2 });
    for (const rules of [{ farmerPointsPerCity: 4 }, { cityPointsPerTile: 3 }]) {
      const house = newGame({ players: 2, rules });
      let differ = 0;
      for (let deal = 0; deal < 6; deal++)
        if (transcript(house, 'strong', 'house', deal) !== transcript(official, 'strong', 'house', deal)) differ++;
      expect(differ, JSON.stringify(rules)).toBeGreaterThanOrEqual(5);
    }
  });

  it('with 3 players (its value network) reads the rules too: farmers at 4 per city, tolls at 6 per illustration', () => {
    // One ply: the shortlist and the network decide (the look-ahead's greedy turns read the rules anyway).
    const cases: [Parameters<typeof newGame>[0], Parameters<typeof newGame>[0]][] = [
      [{ players: 3 }, { players: 3, rules: { farmerPointsPerCity: 4 } }],
      [
        { players: 3, expansions: [expansionRegistry.get('tollkeepers')!] },
        { players: 3, expansions: [expansionRegistry.get('tollkeepers')!], rules: { tollIllustrationPoints2: 6 } },
      ],
    ];
    for (const [official, house] of cases) {
      let differ = 0;
      for (let deal = 0; deal < 6; deal++)
        if (
          transcript(newGame(house), 'strong:lookahead=0', 'house3', deal) !==
          transcript(newGame(official), 'strong:lookahead=0', 'house3', deal)
        )
          differ++;
      expect(differ, JSON.stringify(house)).toBeGreaterThanOrEqual(4);
    }
  });

  it('with 3 and 4 players the default (its look-ahead on) reads the rules: farmers at 4 per city, tolls at 6 per illustration', () => {
    // The first 40 actions (20 turns) of self-play on 4 deals: the deals and tiles are the same under
    // both rules, so a difference is strong's own reading of them.
    const tollkeepers = [expansionRegistry.get('tollkeepers')!];
    for (const players of [3, 4])
      for (const [official, house] of [
        [{ players }, { players, rules: { farmerPointsPerCity: 4 } }],
        [
          { players, expansions: tollkeepers },
          { players, expansions: tollkeepers, rules: { tollIllustrationPoints2: 6 } },
        ],
      ] as const) {
        let differ = 0;
        for (let deal = 0; deal < 4; deal++)
          if (
            transcript(newGame(house), 'strong', 'house34', deal, 40) !==
            transcript(newGame(official), 'strong', 'house34', deal, 40)
          )
            differ++;
        expect(differ, JSON.stringify(house)).toBeGreaterThanOrEqual(3);
      }
  });

  it('value=soft: positions valued against a smooth maximum of the opponents; by default (value=auto) in 4-player games with no expansion', () => {
    expect(specText('strong')).toContain('value=auto,softScale=3');
    expectRejected(
      ['0', '-1', 'x', '1001'].map((bad) => `softScale=${bad}`),
      'softScale',
    );
    const four = newGame({ players: 4 });
    const fourThree = newGame({
      players: 4,
      expansions: ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!),
    });
    const three = newGame({ players: 3 });
    const played = (game: Game, spec: string, deal: number) => transcript(game, spec, 'soft', deal, 80);
    const both = (game: Game, spec: string) => [0, 1].map((deal) => played(game, spec, deal));
    const best = `${C},value=best`;
    const soft = `${C},value=soft`;
    // The 4-player default: soft in the base game, the best opponent with expansions; elsewhere the best.
    expect(both(four, 'strong')).toEqual(both(four, soft));
    expect(both(four, 'strong')).not.toEqual(both(four, best));
    expect(both(fourThree, 'strong')).toEqual(both(fourThree, best));
    expect(both(fourThree, soft)).not.toEqual(both(fourThree, best));
    expect(both(three, 'strong')).toEqual(both(three, 'strong:value=best'));
    expect(both(four, 'strong:four=1,2,1')).toEqual(both(four, 'strong:four=1,2,1,value=best'));
    expect(both(four, soft)).not.toEqual(both(four, `${soft},softScale=12`));
    // The one-ply values lie between the best opponent's margin and the opponents' mean's.
    const state = midGame(four, 0, 30);
    const count = state.legalActions(legal);
    const oneVal = (spec: string) =>
      agentOf(spec, 'soft').valueCandidates!(state, legal.slice(0, count), count).candidates.map((c) => c.values[1]!);
    const smooth = oneVal(soft);
    const margins = oneVal(best);
    const means = oneVal(`${C},value=mean`);
    expect(smooth.filter((v) => !Number.isNaN(v)).length).toBeGreaterThan(1);
    smooth.forEach((v, i) => {
      if (Number.isNaN(v)) return;
      expect(v).toBeGreaterThanOrEqual(margins[i]!);
      expect(v).toBeLessThanOrEqual(means[i]! + 1e-9);
    });
  });

  it("values a position by the best opponent, the opponents' mean or its own total alone (value=)", () => {
    // With 2 players the one opponent is both the best and the mean: the same moves. Its own total
    // alone ignores the opponents' and plays otherwise, at 2 players and at 3 (one ply: the network).
    const two = newGame({ players: 2 });
    const three = newGame({ players: 3 });
    const moves = (game: Game, spec: string) => [0, 1].map((deal) => transcript(game, spec, 'value', deal, 30));
    expect(moves(two, 'strong:lookahead=0,value=mean')).toEqual(moves(two, 'strong:lookahead=0'));
    expect(moves(two, 'strong:lookahead=0,value=own')).not.toEqual(moves(two, 'strong:lookahead=0'));
    expect(moves(three, 'strong:lookahead=0,value=own')).not.toEqual(moves(three, 'strong:lookahead=0'));
    expect(moves(three, 'strong:lookahead=0,value=mean')).not.toEqual(moves(three, 'strong:lookahead=0'));
  });

  it('with 2 players blends the network and the linear weights (blend=: first turn, last turn), not with 3', () => {
    // The learned stage's value of each pair: with 2 players a margin, linear in the two totals, so
    // a blend's value is the blend of the values with either alone, at the weight of the turn.
    const game = newGame({ players: 2 });
    const learned = (spec: string, state: State) => {
      const count = state.legalActions(legal);
      const valuation = agentOf(spec, 'blend').valueCandidates!(state, legal.slice(0, count), count);
      return valuation.candidates.filter((c) => !Number.isNaN(c.values[1]!)).map((c) => c.values[1]!);
    };
    for (const [deal, turns] of [
      [0, 12],
      [1, 40],
      [2, 60],
    ] as const) {
      const state = midGame(game, deal, turns);
      const linear = learned('strong:lookahead=0,blend=0,0', state);
      const network = learned('strong:lookahead=0,blend=100,100', state);
      const w = (state.placedCount + 1) / (state.deck.length + 1); // the position valued: after the placement
      const blended = (x: number) => network.map((v, k) => x * v + (1 - x) * linear[k]!);
      expect(linear.length).toBeGreaterThan(3);
      expect(linear).not.toEqual(network);
      expect(learned('strong:lookahead=0', state)).toEqual(blended(0.5).map((v) => expect.closeTo(v, 9)));
      expect(learned('strong:lookahead=0,blend=0,100', state)).toEqual(blended(w).map((v) => expect.closeTo(v, 9)));
    }
    expect(choicesAt(3, 'strong:lookahead=0,blend=0,0', 'blend')).toEqual(choicesAt(3, 'strong:lookahead=0', 'blend'));
    expect(() => parseAgentSpec('strong:blend=50', 'test')).toThrow(/blend= takes 2 numbers/);
  });

  it('with 4 players blends them by fourBlend= (the network alone by default), at no other count', () => {
    const four = newGame({ players: 4 });
    const moves = (spec: string) => [0, 1].map((deal) => transcript(four, spec, 'fourBlend', deal, 40));
    const network = moves('strong:lookahead=0');
    expect(specText('strong')).toContain('fourBlend=100,100');
    expect(moves('strong:lookahead=0,fourBlend=50,50')).not.toEqual(network);
    expect(moves('strong:lookahead=0,fourBlend=0,0')).not.toEqual(network);
    for (const players of [2, 3, 5])
      expect(choicesAt(players, 'strong:lookahead=0,fourBlend=0,0', 'fourBlend')).toEqual(
        choicesAt(players, 'strong:lookahead=0', 'fourBlend'),
      );
    expect(() => parseAgentSpec('strong:fourBlend=50', 'test')).toThrow(/fourBlend= takes 2 numbers/);
  });

  it("rolloutFollowUps=K: the look-ahead's greedy turns value the follow-ups of the best K placements by their value alone", () => {
    const game = newGame({ players: 3, expansions: ALL });
    const weights = prefilterWeights(3);
    const onePly = sharedOnePly(game, weights);
    for (const deal of [0, 1, 2, 3]) {
      // A position whose tile has rotations alike, so that the first pass runs with K = the distinct placements.
      let state = midGame(game, deal, 12);
      let count = state.legalActions(legal);
      const distinctOf = () =>
        Array.from(legal.subarray(0, count)).filter((a) => game.distinctRotation[state.drawn * 4 + (a & 3)] !== 0);
      for (let turns = 13; distinctOf().length === count; turns++) {
        state = midGame(game, deal, turns);
        count = state.legalActions(legal);
      }
      const moves = Array.from(legal.subarray(0, count));
      const distinct = distinctOf();
      // A turn and the next number of its stream: the placement, its follow-up, the number.
      const turn = (followUpsOf: number) => {
        const rng = makeRng('rollout-lite', deal);
        const agent = new GreedyAgent(rng, true, weights, undefined, followUpsOf);
        legal.set(moves);
        const placement = agent.choose(state, legal, count);
        const level = state.checkpoint();
        state.apply(placement);
        const followUp = agent.choose(state, legal, state.legalActions(legal));
        state.rollback(level);
        return [placement, followUp, rng()] as const;
      };
      // K as large as the distinct placements: every one valued with its follow-ups, as greedy does.
      expect(turn(distinct.length)).toEqual(turn(0));
      // K = 1: the best placement by its value with no follow-up (as made: `valuePairs`), with its best follow-up.
      const pairs = onePly.valuePairs(state, Int32Array.from(moves), count, true);
      const alone = pairs.filter((p) => p.followUp === FOLLOW_NOTHING);
      const top = Math.max(...alone.map((p) => p.value));
      const [placement, followUp] = turn(1);
      expect(alone.find((p) => p.value > top - 1e-9)!.placement).toBe(placement);
      const own = pairs.filter((p) => p.placement === placement);
      const best = Math.max(...own.map((p) => p.value));
      expect(own.find((p) => p.value > best - 1e-9)!.followUp).toBe(followUp);
    }
    expect(specText('strong:rolloutFollowUps=3')).toMatch(/rolloutFollowUps=3/);
    expect(specText('strong')).toMatch(/rolloutFollowUps=-1/);
    expectRejected(
      ['-2', '1.5', 'x', '1001'].map((bad) => `rolloutFollowUps=${bad}`),
      'rolloutFollowUps',
    );
  });

  it("ownFollowUps=K: the mover's own look-ahead turns alone value the follow-ups of K placements; -1 as rolloutFollowUps", () => {
    const four = newGame({ players: 4 });
    expect(specText('strong')).toContain('ownFollowUps=-1');
    const played = (spec: string, deal: number) => transcript(four, spec, 'ownFollowUps', deal, 80);
    for (const deal of [0, 1]) {
      expect(played(`${C},ownFollowUps=-1`, deal)).toBe(played(C, deal));
      expect(played(`${C},ownFollowUps=1`, deal)).toBe(played(C, deal));
      expect(played('strong', deal)).toBe(played(C, deal));
    }
    for (const K of [0, 3])
      expect([0, 1].map((deal) => played(`${C},ownFollowUps=${K}`, deal))).not.toEqual(
        [0, 1].map((deal) => played(C, deal)),
      );
    expectRejected(
      ['-2', '1.5', 'x', '1001'].map((bad) => `ownFollowUps=${bad}`),
      'ownFollowUps',
    );

    // In a round (the other three players' turns at K = 1, then the mover's own), the own turn at K = 0
    // is greedy's turn on the same position, with the same next numbers of the stream.
    const game = newGame({ players: 4, expansions: ALL });
    const own = prefilterWeights(4);
    const leaf = (ownFollowUps: number, replies: number, deal: number) => {
      const state = midGame(game, deal, 16);
      const mover = agentOf('greedy', 'own-turn', deal);
      const placement = mover.choose(state, legal, state.legalActions(legal));
      const level = state.checkpoint();
      state.apply(placement);
      const followUp = mover.choose(state, legal, state.legalActions(legal));
      state.rollback(level);
      const pairs = {
        placement: Int32Array.of(placement),
        followUp: Int32Array.of(followUp),
        value: Float64Array.of(0),
        priorValue: Float64Array.of(0),
        count: 1,
      };
      const stream = makeRng('own-turn', deal);
      let draws = 0;
      const round = new RoundLookAhead(() => {
        draws++;
        return stream();
      });
      round.prepare(game, own, DEFAULT_WEIGHTS, 1, undefined, ownFollowUps);
      let seen: { position: AgentState; draws: number; mover: boolean } | undefined;
      const size = { perOpponent: 1, deals: 1, halvings: 0, replies, prior: 0 };
      round.run(state, state.currentPlayer, pairs, size, (position) => {
        seen = { position: position.clone(), draws, mover: position.currentPlayer === state.currentPlayer };
        return 0;
      });
      return seen!;
    };
    const signature = (s: AgentState) =>
      JSON.stringify([
        s.placedCount,
        [0, 1, 2, 3].map((p) => s.score(p)),
        Array.from({ length: s.meeplesLeft.length }, (_, i) => s.meeplesLeft[i]),
        Array.from(legal.subarray(0, s.legalActions(legal))),
      ]);
    const deals = [0, 1, 2, 3, 4, 5];
    for (const deal of deals) {
      const before = leaf(0, 3, deal);
      expect(before.mover).toBe(true);
      const stream = makeRng('own-turn', deal);
      for (let i = 0; i < before.draws; i++) stream();
      const greedy = new GreedyAgent(stream, true, own);
      const position = before.position;
      position.apply(greedy.choose(position, legal, position.legalActions(legal)));
      position.apply(greedy.choose(position, legal, position.legalActions(legal)));
      expect(signature(position)).toBe(signature(leaf(0, 0, deal).position));
    }
    // The lighter own turn reaches another position on some of these deals.
    expect(deals.some((deal) => signature(leaf(1, 0, deal).position) !== signature(leaf(0, 0, deal).position))).toBe(
      true,
    );
  });

  it('winScale=A: the look-ahead values positions (and its prior the one-ply values) as a chance of winning, changing moves at 4 players; off unless given', () => {
    const four = newGame({ players: 4 });
    expect(specText('strong')).toContain('winScale=0');
    expectRejected(
      ['-1', 'x', '1001'].map((bad) => `winScale=${bad}`),
      'winScale',
    );
    const played = (spec: string, deal: number) => transcript(four, spec, 'winScale', deal, 80);
    for (const deal of [0, 1]) {
      expect(played(`${C},winScale=0`, deal)).toBe(played(C, deal));
      expect(played('strong', deal)).toBe(played(C, deal));
    }
    expect([0, 1].map((deal) => played(`${C},winScale=4`, deal))).not.toEqual([0, 1].map((deal) => played(C, deal)));
    // The one-ply values stay margins; the look-ahead's means are chances, in [-1, 1], and rank as they do.
    const state = midGame(four, 0, 30);
    const count = state.legalActions(legal);
    const stages = (spec: string) =>
      agentOf(spec, 'winScale').valueCandidates!(state, legal.slice(0, count), count).candidates;
    const margins = stages(C);
    const chances = stages(`${C},winScale=4`);
    expect(chances.map((c) => c.values[1])).toEqual(margins.map((c) => c.values[1]));
    const looked = chances.filter((c) => !Number.isNaN(c.values[2]!)).map((c) => c.values[2]!);
    expect(looked.length).toBeGreaterThan(1);
    for (const v of looked) expect(Math.abs(v)).toBeLessThanOrEqual(1);
    expect(looked.some((v) => Math.abs(v) < 1)).toBe(true);
  });

  it("dealsRamp=a,b: the look-ahead's deals in a line from a at the first turn to b at the last, changing moves at 4 players; off unless given", () => {
    const four = newGame({ players: 4 });
    expect(specText('strong')).toContain('dealsRamp=0,0');
    expect(() => parseAgentSpec('strong:dealsRamp=4', 'test')).toThrow(/dealsRamp= takes 2 numbers/);
    const played = (spec: string, deal: number) => transcript(four, spec, 'dealsRamp', deal, 80);
    for (const deal of [0, 1]) {
      expect(played(`${C},dealsRamp=0,0`, deal)).toBe(played(C, deal));
      expect(played(`${C},dealsRamp=6,6`, deal)).toBe(played(C, deal));
    }
    expect([0, 1].map((deal) => played(`${C},dealsRamp=2,9`, deal))).not.toEqual([0, 1].map((deal) => played(C, deal)));
    // The last share of the look-ahead ends at the ramp's deals for the tiles drawn.
    for (const turns of [4, 40]) {
      const state = midGame(four, 0, turns);
      const count = state.legalActions(legal);
      const progress = (state.deckPos - 1) / (state.deck.length - 1);
      const { stages } = agentOf(`${C},dealsRamp=1,12`, 'dealsRamp').valueCandidates!(
        state,
        legal.slice(0, count),
        count,
      );
      expect(stages[stages.length - 1]!.name).toBe(`look-ahead ${Math.round(1 + 11 * progress)}`);
    }
  });

  it("dealShares=a,b,c: the look-ahead's deals per share between the halvings, changing moves at 4 players; off unless given", () => {
    const four = newGame({ players: 4 });
    const shares = 'four=2,8,2,followUps=3,prior=3,opponents=greedy,rolloutFollowUps=1,dealShares=1,2,5';
    expect(specText('strong')).toContain('dealShares=0');
    const played = (spec: string, deal: number) => transcript(four, spec, 'dealShares', deal, 80);
    for (const deal of [0, 1]) {
      expect(played(`${C},dealShares=0`, deal)).toBe(played(C, deal));
      expect(played(`${C},dealShares=2,2,2`, deal)).toBe(played(C, deal));
    }
    expect([0, 1].map((deal) => played(`strong:${shares}`, deal))).not.toEqual([0, 1].map((deal) => played(C, deal)));
    // The shares end at 1, 3 and 8 deals, with 6, 3 and 2 pairs in.
    const state = midGame(four, 0, 12);
    const count = state.legalActions(legal);
    const { stages, candidates } = agentOf(`strong:${shares}`, 'dealShares').valueCandidates!(
      state,
      legal.slice(0, count),
      count,
    );
    expect(stages.slice(2).map((stage) => stage.name)).toEqual(['look-ahead 1', 'look-ahead 3', 'look-ahead 8']);
    const inAt = (s: number) => candidates.filter((c) => !Number.isNaN(c.values[2 + s]!)).length;
    expect([0, 1, 2].map(inAt)).toEqual([6, 3, 2]);
    expectRejected(
      [
        'dealShares=1,2,5',
        `${C.slice(6)},dealShares=1,2,2`,
        'four=2,8,2,dealShares=1,2',
        'four=2,8,2,dealShares=0,3,5',
        'four=2,8,2,dealShares=1,2,5,dealsRamp=3,8',
      ],
      'dealShares',
    );
  });

  it("spreadDeals=1: the look-ahead's decks rotations of shared shuffles, changing moves at 4 players; off unless given", () => {
    const four = newGame({ players: 4 });
    expect(specText('strong')).toContain('spreadDeals=0');
    const played = (spec: string, deal: number) => transcript(four, spec, 'spreadDeals', deal, 80);
    for (const deal of [0, 1]) expect(played(`${C},spreadDeals=0`, deal)).toBe(played(C, deal));
    const spread = [0, 1].map((deal) => played(`${C},spreadDeals=1`, deal));
    expect(spread).not.toEqual([0, 1].map((deal) => played(C, deal)));
    expect([0, 1].map((deal) => played(`${C},spreadDeals=1`, deal))).toEqual(spread);
    // Each deck: the drawn part as it is, the undrawn tiles in some order; with room, the first
    // `turns` undrawn tiles of the decks are apart (their union within the undrawn multiset).
    const counts = (tiles: Iterable<number>) => {
      const seen = new Map<number, number>();
      for (const t of tiles) seen.set(t, (seen.get(t) ?? 0) + 1);
      return seen;
    };
    const state = midGame(four, 0, 12);
    const from = state.deckPos;
    const turns = 4;
    const deals = 6;
    const undrawn = Array.from(state.deck.subarray(from)).sort((a, b) => a - b);
    const deal = (keep: number, seed: string) => {
      const deck = state.deck.slice(0, from + keep);
      const decks = Array.from({ length: deals + 1 }, () => new Int16Array(deck.length));
      decks[deals]!.set(deck);
      decks[deals]!.subarray(from).sort();
      dealSpread(decks, deals, from, turns, makeRng(seed));
      return decks.slice(0, deals);
    };
    for (const keep of [undrawn.length, deals * turns, 9, 3]) {
      const decks = deal(keep, `spread-${keep}`);
      const left = Array.from(state.deck.subarray(from, from + keep)).sort((a, b) => a - b);
      for (const deck of decks) {
        expect(Array.from(deck.subarray(0, from))).toEqual(Array.from(state.deck.subarray(0, from)));
        expect(Array.from(deck.subarray(from)).sort((a, b) => a - b)).toEqual(left);
      }
      expect(new Set(decks.map((deck) => deck.join(','))).size).toBeGreaterThan(1);
      if (keep < deals * turns) continue;
      const firsts = counts(decks.flatMap((deck) => Array.from(deck.subarray(from, from + turns))));
      const all = counts(left);
      for (const [tile, n] of firsts) expect(n).toBeLessThanOrEqual(all.get(tile)!);
      expect(deal(keep, `spread-${keep}`)).toEqual(decks);
    }
    expect(undrawn.length).toBeGreaterThan(deals * turns);
  });

  it('values a finished game by its final scores', () => {
    const game = newGame({ players: 2 });
    const state = playChecked(game, 'strong-end', 0, undefined, undefined, 'greedy');
    const evaluator = new LearnedEvaluator(game, weightVector(STRONG_WEIGHTS.byPlayers['2']));
    expect(Array.from(evaluator.totals(state))).toEqual([state.score(0), state.score(1)]);
  });

  it('beats greedy in most 2-player base games', () => {
    const game = newGame({ players: 2 });
    const dealer = new Dealer(game);
    let wins = 0;
    const deals = 10;
    const hashes = new Set<number>();
    for (let deal = 0; deal < deals; deal++) {
      for (const strongSeat of [0, 1]) {
        const agents = [0, 1].map((seat) => agentOf(seat === strongSeat ? 'strong' : 'greedy', 'svg', deal, seat));
        const state = game.newState(dealer.deal('svg', deal));
        const actions: number[] = [];
        while (!state.isOver()) {
          actions.push(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
          state.apply(actions[actions.length - 1]!);
        }
        hashes.add(hashString(actions.join()));
        wins +=
          state.score(strongSeat) > state.score(1 - strongSeat)
            ? 1
            : state.score(strongSeat) === state.score(1 - strongSeat)
              ? 0.5
              : 0;
      }
    }
    expect(hashes.size).toBe(2 * deals);
    expect(wins).toBeGreaterThanOrEqual(14); // of 20; its measured share is far higher (docs/agents.md)
  });
});
