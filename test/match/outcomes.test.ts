/** Per-deal outcomes and a pair's result from hand-made game rows, counted by hand. */
import { describe, expect, it } from 'vitest';
import { parseAgentSpec } from '../../src/agents/index.ts';
import { designMatch } from '../../src/match/design.ts';
import { anchorIndex } from '../../src/match/ladder.ts';
import { dealOutcomes, dealScore } from '../../src/match/outcomes.ts';
import { pairResult } from '../../src/match/stats.ts';
import type { Columns } from '../../src/sim/columns.ts';

/** Plans carry canonical specs: every parameter, defaults filled in. */
const GREEDY = parseAgentSpec('greedy', 'test').text;
const design = (players: number, specs = ['greedy', 'random']) =>
  designMatch({ kind: 'match', specs, players, deals: 2, seed: 't', expansions: [], rules: {} });

/** Rows (arm, deal, rotation, scores by seat) as the runner's columns. */
function columns(rows: [number, number, number, number[]][]): Columns {
  const seats = rows[0]![3].length;
  const out: Columns = {
    arm: Uint8Array.from(rows.map((r) => r[0])),
    deal: Int32Array.from(rows.map((r) => r[1])),
    rotation: Uint8Array.from(rows.map((r) => r[2])),
    players: Uint8Array.from(rows.map(() => seats)),
  };
  for (let s = 0; s < seats; s++) out[`score${s}`] = Float64Array.from(rows.map((r) => r[3][s]!));
  return out;
}

describe('the seat arrangements of a match', () => {
  it('2 players: one arm [A, B] played in both rotations', () => {
    const d = design(2);
    expect(d.arms).toEqual([{ pair: 0, sideA: [true, false] }]);
    expect(d.plan.rotation).toBe('all');
    expect(d.plan.arms[0]!.agents).toEqual([GREEDY, 'random']);
  });
  it('3 players: lineups A B B and A A B, each in all rotations', () => {
    const d = design(3);
    expect(d.plan.arms.map((a) => a.agents)).toEqual([
      [GREEDY, 'random', 'random'],
      [GREEDY, GREEDY, 'random'],
    ]);
    expect(d.plan.arms.map((a) => a.name)).toEqual(['1v2.1-2', '1v2.2-1']);
    expect(d.arms.map((a) => a.sideA)).toEqual([
      [true, false, false],
      [true, true, false],
    ]);
  });
  it('--lineups 1 with 4 players: only A alone against three B, in all four rotations (fair share 1 in 4)', () => {
    const d = designMatch({
      kind: 'match',
      specs: ['greedy', 'random'],
      players: 4,
      deals: 2,
      seed: 't',
      expansions: [],
      rules: {},
      lineups: [1],
    });
    expect(d.lineups).toEqual([1]);
    expect(d.plan.arms.map((a) => a.name)).toEqual(['1v2.1-3']);
    expect(d.arms.map((a) => a.sideA)).toEqual([[true, false, false, false]]);
    // The deal's four games, A in seat r of rotation r: wins twice, once shares a two-way tie.
    const o = dealOutcomes(
      d,
      columns([
        [0, 0, 0, [9, 1, 1, 1]],
        [0, 0, 1, [1, 9, 1, 1]],
        [0, 0, 2, [5, 1, 5, 1]],
        [0, 0, 3, [1, 1, 9, 1]],
      ]),
      0,
      1,
    );
    expect(o.games[0]).toBe(4);
    expect(dealScore(o, 0, 0)).toBeCloseTo((1 + 1 + 0.5 + 0) / 4, 12);
    expect(() =>
      designMatch({
        kind: 'match',
        specs: ['greedy', 'random'],
        players: 4,
        deals: 2,
        seed: 't',
        expansions: [],
        rules: {},
        lineups: [0, 4],
      }),
    ).toThrow(/--lineups: 0, 4 copies/);
  });
  it('the anchor is random when it plays, else the first agent', () => {
    expect(anchorIndex(['greedy', 'random'])).toBe(1);
    expect(anchorIndex(['greedy', 'mcts'])).toBe(0);
  });
});

describe('deal outcomes', () => {
  it('3 players: shares of the win, margins and ties over the 6 games of a deal', () => {
    // arm 0 is A B B, arm 1 is A A B; in rotation r lineup player i sits in seat (i + r) mod 3.
    const cols = columns([
      [0, 0, 0, [10, 5, 10]], // A in seat 0 ties seat 2 for first: ½ win; margin 10 − 7.5 = +2.5; a tie
      [0, 0, 1, [3, 8, 1]], //   A in seat 1 wins; margin 8 − 2 = +6
      [0, 0, 2, [7, 7, 2]], //   A in seat 2 loses; margin 2 − 7 = −5
      [1, 0, 0, [4, 9, 9]], //   A in seats 0, 1: seat 1 ties seat 2: ½; margin 6.5 − 9 = −2.5; a tie
      [1, 0, 1, [6, 1, 2]], //   A in seats 1, 2 lose; margin 1.5 − 6 = −4.5
      [1, 0, 2, [5, 5, 5]], //   A in seats 2, 0: three-way tie, A holds 2 of 3; margin 0; a tie
    ]);
    const o = dealOutcomes(design(3), cols, 0, 1);
    expect(o.games[0]).toBe(6);
    expect(o.winUnitsA[0]! / 60).toBeCloseTo(0.5 + 1 + 0 + 0.5 + 0 + 2 / 3, 12);
    expect(o.marginA[0]).toBeCloseTo(2.5 + 6 - 5 - 2.5 - 4.5 + 0, 12);
    expect(o.ties[0]).toBe(3);
    expect(dealScore(o, 0, 0)).toBeCloseTo(8 / 3 / 6, 12);
  });
  it('refuses results that lack some games of a deal', () => {
    expect(() => dealOutcomes(design(2), columns([[0, 0, 0, [1, 2]]]), 0, 1)).toThrow(/deal 0: 1 games of pair 0/);
  });
  it('2 players: win share, t interval over deal means and the pentanomial', () => {
    const cols = columns([
      [0, 0, 0, [50, 40]], // A (seat 0) wins by 10
      [0, 0, 1, [30, 30]], // seats swapped: a tie, ½ each, margin 0        → deal 0: 1½ points, mean margin 5
      [0, 1, 0, [20, 60]], // A loses by 40
      [0, 1, 1, [10, 70]], // A (seat 1) wins by 60                          → deal 1: 1 point, mean margin 10
    ]);
    const r = pairResult(dealOutcomes(design(2), cols, 0, 2), 0, { a: 'greedy', b: 'random' }, 2);
    expect(r).toMatchObject({
      deals: 2,
      games: 4,
      winsA: 2.5,
      winRateA: 0.625,
      ties: 1,
      marginA: 7.5,
      pentanomial: [0, 0, 1, 1, 0],
    });
    // deal means 5 and 10: sd = √12.5, se = 2.5, t(0.975, 1) = 12.7062 → 7.5 ± 31.7655
    expect(r.marginALo).toBeCloseTo(7.5 - 12.7062 * 2.5, 3);
    expect(r.marginAHi).toBeCloseTo(7.5 + 12.7062 * 2.5, 3);
    // Wilson, n = 4, p = 0.625, z = 1.96, z²/n = 0.9604: centre (0.625 + 0.4802) / 1.9604 = 0.5638,
    // half 1.96 / 1.9604 · √(0.625 · 0.375 / 4 + 0.9604 / 16) = 0.9998 · 0.3444 = 0.3443 → [0.2194, 0.9081]
    expect(r.winRateALo).toBeCloseTo(0.2194, 3);
    expect(r.winRateAHi).toBeCloseTo(0.9081, 3);
    // deal scores ¾ and ½: 0.625 ± 12.7062 · 0.125 = ±1.588, clipped to [0, 1]
    expect([r.winRateADealLo, r.winRateADealHi]).toEqual([0, 1]);
    expect(r.eloA).toBeCloseTo(-400 * Math.log10(1 / 0.625 - 1), 9); // +88.7
  });
  it('a perfect record on alike deals: one-sided exact bounds, an Elo bound, never "[100.0, 100.0]" or a finite Elo above the estimate', () => {
    // A wins both games of each of 3 deals.
    const cols = columns(
      [0, 1, 2].flatMap((d): [number, number, number, number[]][] => [
        [0, d, 0, [50, 40]],
        [0, d, 1, [40, 50]],
      ]),
    );
    const r = pairResult(dealOutcomes(design(2), cols, 0, 3), 0, { a: 'greedy', b: 'random' }, 2);
    expect(r).toMatchObject({
      winRateA: 1,
      winRateAHi: 1,
      perfectRecord: true,
      dealsAlike: true,
      eloA: null,
      eloAHi: null,
    });
    // Clopper–Pearson over the 3 deals won whole (issue 36): the games of a deal agree, so 6 games won
    // of 6 would claim more than they show, 0.05^(1/6).
    expect(r.winRateALo).toBeCloseTo(0.05 ** (1 / 3), 12);
    expect(r.eloALo).toBeCloseTo(-400 * Math.log10(1 / 0.05 ** (1 / 3) - 1), 9);
    // Deal scores all 1: the deal-clustered interval is the exact bound [0.05^(1/3), 1], not [1, 1].
    expect(r.winRateADealLo).toBeCloseTo(0.05 ** (1 / 3), 12);
    expect(r.winRateADealHi).toBe(1);
  });
});
