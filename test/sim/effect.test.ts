/** A rule's direct effect (games rescored move for move) and the references of "winner changed" (`src/sim/effect.ts`). */
import { describe, expect, it } from 'vitest';
import { MAX_ACTIONS_HINT } from '../../src/engine/index.ts';
import type { Game } from '../../src/engine/index.ts';
import { newGame } from '../../src/expansions/index.ts';
import type { State } from '../../src/engine/index.ts';
import { mergeAggregates } from '../../src/sim/aggregate.ts';
import { leadOf, replayGame, winnerMask } from '../../src/sim/effect.ts';
import { playGame } from '../../src/sim/play.ts';
import { armSetups, seatAgents } from '../../src/sim/plan.ts';
import type { Plan } from '../../src/sim/plan.ts';
import { runShard } from '../../src/sim/shard.ts';
import { malformedShardResult } from '../../src/sim/validate.ts';
import { buildSummary } from '../../src/sim/summary.ts';
import { runLayout } from '../../src/sim/metrics.ts';
import { independentChangeRate } from '../../src/stats/index.ts';
import { planOf } from './helpers.ts';

/**
 * Three turns on the start tile D (city north, road west–east), players alternating:
 *   1. P0: E (cap south) at (0,-1) closes D's city (2 tiles, no meeple: nobody scores); a farmer on
 *      E's field, which borders that one completed city.
 *   2. P1: X (crossroads) at (1,0), a meeple on its west road (X–D–open).
 *   3. P0: X at (-1,0) closes the road X–D–X: 3 tiles × 1 = 3 points to P1.
 * Final scoring: P0's farmer scores farmerPointsPerCity × 1 city. With 2 points per city P0 has 2, P1
 * 3: P1 wins by 1. Rescored at 4 per city, P0 has 4, P1 3: P0 wins; P1's lead goes from +1 to −1.
 */
function handGame(farmerPointsPerCity: number, farmers = 'on'): { game: Game; order: Int16Array } {
  const game = newGame({ players: 2, rules: { farmerPointsPerCity, farmers } });
  return { game, order: Int16Array.from(['E', 'X', 'X'].map((id) => game.catalog.indexOf(id))) };
}

function handActions(): number[] {
  const { game, order } = handGame(2);
  const state = game.newState(order);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const actions: number[] = [];
  const play = (action: number) => {
    actions.push(action);
    state.apply(action);
  };
  const followUp = (text: string) => {
    const n = state.legalActions(legal);
    const found = Array.from(legal.subarray(0, n)).find((a) => state.actionToString(a) === text);
    if (found === undefined) throw new Error(`no follow-up ${text}`);
    play(found);
  };
  play(game.cellOf(0, -1) * 4 + 2);
  followUp('meeple on field:Nw+Ne+En+Es+Ws+Wn');
  play(game.cellOf(1, 0) * 4);
  followUp('meeple on road:W');
  play(game.cellOf(-1, 0) * 4);
  followUp('nothing');
  return actions;
}

const scores = (s: State) => [s.score(0), s.score(1)];

describe('rescoring a game under other rules', () => {
  it('flips the winner of the hand-counted game at 4 points per city instead of 2', () => {
    const actions = handActions();
    const { game: two, order } = handGame(2);
    const { game: four } = handGame(4);
    const a = replayGame(two, order, actions)!;
    expect(scores(a)).toEqual([2, 3]);
    expect(winnerMask(a)).toBe(0b10);
    const b = replayGame(four, order, actions)!;
    expect(scores(b)).toEqual([4, 3]);
    expect(winnerMask(b)).toBe(0b01);
    // P1's lead over the best other seat: +1 under 2 per city, −1 under 4: a change of −2.
    expect(leadOf(b, 1) - leadOf(a, 1)).toBe(-2);
  });

  it('counts a game as not replayable when a move is illegal under the other rules (a farmer with farmers off)', () => {
    const { game: off, order } = handGame(2, 'off');
    expect(replayGame(off, order, handActions())).toBeNull();
  });

  it('is not replayable when the moves run out before the game ends, or go on after it', () => {
    const actions = handActions();
    const { game, order } = handGame(2);
    expect(replayGame(game, order, actions.slice(0, -1))).toBeNull();
    expect(replayGame(game, order, [...actions, 0])).toBeNull();
  });
});

describe('the no-effect references', () => {
  it('independent games change winner 1 − Σ pₐ(S)·p_b(S) of the time, ties a set of their own', () => {
    // Seats 0 and 1 win 60 % and 40 % in a, 50 % each in b: 1 − (0.6·0.5 + 0.4·0.5) = 0.5.
    expect(independentChangeRate([0, 60, 40, 0], [0, 50, 50, 0]).rate).toBeCloseTo(0.5, 12);
    // A tie (mask 3) in 10 % of a's games and 20 % of b's: 1 − (0.5·0.4 + 0.4·0.4 + 0.1·0.2) = 0.62.
    expect(independentChangeRate([0, 50, 40, 10], [0, 40, 40, 20]).rate).toBeCloseTo(0.62, 12);
    // 3 players, uniform in both arms: 1 − 3·(1/3)² = 2/3 (the 66.6 % of the issue).
    expect(independentChangeRate([0, 1, 1, 0, 1, 0, 0, 0], [0, 1, 1, 0, 1, 0, 0, 0]).rate).toBeCloseTo(2 / 3, 12);
    // One seat always wins in both: no change is possible.
    const certain = independentChangeRate([0, 100, 0, 0], [0, 100, 0, 0]);
    expect(certain.rate).toBe(0);
  });

  const plan = (agents: string): Plan => ({
    ...planOf({
      seed: 'effect',
      deals: 12,
      rotation: 'cycle',
      arms: [
        { name: 'f3', players: 2, agents },
        { name: 'f4', players: 2, agents, rules: { farmerPointsPerCity: 4 } },
      ],
    }),
    effects: [{ a: 0, b: 1 }],
  });

  it('counts, per game of the baseline, the rescored flips, the noise floor and the total exactly as the games give them', () => {
    const p = plan('greedy');
    const { aggregate } = runShard({ plan: p, start: 0, end: 12, keepGames: false });
    const e = aggregate.effects![0]!;
    const [A, B] = armSetups(p);
    let flipped = 0;
    let noise = 0;
    let total = 0;
    let marginSum = 0;
    const winnersA = [0, 0, 0, 0];
    for (let d = 0; d < 12; d++) {
      const order = A!.dealer.deal(p.seed, d).slice();
      const r = d % 2;
      const trace = { hash: 0, actions: [] as number[] };
      const a = playGame(A!.game, order, seatAgents(A!, p.seed, d, r), undefined, trace);
      const b = playGame(B!.game, order, seatAgents(B!, p.seed, d, r));
      const again = playGame(A!.game, order, seatAgents(A!, p.seed, d, r, 'noise'));
      const rescored = replayGame(B!.game, order, trace.actions)!;
      const winner = winnerMask(a);
      winnersA[winner]!++;
      if (winnerMask(rescored) !== winner) flipped++;
      if (winnerMask(again) !== winner) noise++;
      if (winnerMask(b) !== winner) total++;
      const seat = winner & 1 ? 0 : 1;
      marginSum += leadOf(rescored, seat) - leadOf(a, seat);
    }
    expect(e).toMatchObject({
      games: 12,
      replayed: 12,
      flipped,
      noiseChanged: noise,
      totalChanged: total,
      marginChangeSum: marginSum,
      winnersA,
    });
    // The total is the pair's own "winner changed".
    expect(e.totalChanged).toBe(aggregate.pairs[0]!.winnerChanged.sum);
    // The noise games really are other games: greedy's tie-breaks follow its stream.
    expect(noise).toBeGreaterThan(0);
  });

  it('random play ignores the rule: the total effect is the rescoring, game for game', () => {
    const { aggregate } = runShard({ plan: plan('random'), start: 0, end: 12, keepGames: false });
    const e = aggregate.effects![0]!;
    expect(aggregate.pairs[0]!.sameMoves).toBe(12);
    expect(e.replayed).toBe(12);
    expect(e.totalChanged).toBe(e.flipped);
  });

  it('merges shards exactly (any split gives the same counts) and a shard result is checked', () => {
    const p = plan('greedy');
    const whole = runShard({ plan: p, start: 0, end: 12, keepGames: false }).aggregate;
    const parts = [
      [0, 5],
      [5, 6],
      [6, 12],
    ].map(([s, e]) => runShard({ plan: p, start: s!, end: e!, keepGames: false }).aggregate);
    expect(parts.reduce(mergeAggregates)).toEqual(whole);
    const task = { plan: p, start: 0, end: 12, keepGames: false };
    expect(malformedShardResult(task, { aggregate: whole })).toBeNull();
    const forged = structuredClone(whole);
    forged.effects![0]!.flipped = forged.effects![0]!.replayed + 1;
    expect(malformedShardResult(task, { aggregate: forged })).toMatch(/effects\[0\]\.flipped/);
    const games = armSetups(p).map((s) => s.game);
    expect(buildSummary(p, games, runLayout(p, games), whole).effects![0]).toMatchObject({
      a: 'f3',
      b: 'f4',
      games: 12,
    });
  });

  it('leaves a plan without effects as it was: no effect counts, no stream changed', () => {
    const { effects: _none, ...p } = plan('greedy');
    const { aggregate } = runShard({ plan: p, start: 0, end: 4, keepGames: false });
    expect(aggregate).not.toHaveProperty('effects');
  });
});
