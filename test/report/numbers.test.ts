/** Per-game rows turned into per-deal values: pairing under every rotation scheme, effects measured on the same games, levels on shared deals. */
import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { verdictSentence } from '../../src/report/level-text.ts';
import { levelDifference, levelEstimate, verdictOf } from '../../src/report/levels.ts';
import type { Conclusion } from '../../src/report/levels.ts';
import { countCI, Games, winShareOf } from '../../src/report/numbers.ts';
import type { ArmSummary } from '../../src/sim/summary.ts';

describe('Games.paired', () => {
  // Rotation `all`, 3 players: every deal has 3 games per arm. Arm 1's value is arm 0's + (deal + 1)
  // in every rotation, plus a rotation-dependent part that averages out within the deal.
  const arm: number[] = [];
  const deal: number[] = [];
  const value: number[] = [];
  for (let d = 0; d < 4; d++)
    for (const a of [0, 1])
      for (let r = 0; r < 3; r++) {
        arm.push(a);
        deal.push(d);
        value.push(10 * r + (a === 1 ? d + 1 + (r - 1) : 0));
      }
  const games = new Games(aq.table({ arm, deal, value }));
  const v = (row: number) => games.col('value')[row]!;

  it('under rotation all pairs one difference per deal (deal means), not one per game', () => {
    const c = games.paired(0, 1, v);
    expect(c.n).toBe(4);
    // per-deal differences 1, 2, 3, 4: mean 2.5, sd √(5/3)
    expect(c.meanDiff).toBeCloseTo(2.5, 12);
    expect(c.sdDiff).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(games.pairedPerDeal(0, 1, v).deals).toEqual([0, 1, 2, 3]);
  });
});

describe('win share effects on the same games', () => {
  // Three players; the King's points per seat and its final holder (−1: nobody). Counted by hand:
  //   game 0: scores 30 25 20, King 0 0 8, holder 2: loses with or without → effect 0
  //   game 1: scores 20 24 22, King 0 6 0, holder 1: wins; without its 6 points 20 18 22 it loses → effect 1
  //   game 2: scores 18 18 10, King 5 0 0, holder 0: ties for first (½); without: 13 18 10 → 0 → effect ½
  //   game 3: nobody holds the King → left out
  const table = aq.table({
    arm: [0, 0, 0, 0],
    deal: [0, 1, 2, 3],
    players: [3, 3, 3, 3],
    score0: [30, 20, 18, 22],
    score1: [25, 24, 18, 21],
    score2: [20, 22, 10, 20],
    king0: [0, 0, 5, 0],
    king1: [0, 6, 0, 0],
    king2: [8, 0, 0, 0],
    holder: [2, 1, 0, -1],
  });
  const games = new Games(table);
  const holder = (row: number) => games.col('holder')[row]!;
  const king = (row: number, seat: number) => games.col(`king${seat}`)[row]!;

  it("measures the card as the holder's win share minus its win share without the card's points", () => {
    expect(winShareOf([18, 18, 10], 0)).toBe(0.5);
    const effect = games.perDeal(0, (row) => games.winShareEffect(row, holder(row), king));
    expect(effect.deals).toEqual([0, 1, 2]);
    expect(effect.values).toEqual([0, 1, 0.5]);
    const holderWins = games.perDeal(0, (row) => (holder(row) >= 0 ? games.winShare(row, holder(row)) : NaN));
    // The holder wins 1.5 of 3 games (50 %), against 1/3 "fair" — but without the points it wins 0 of 3:
    // the card's own effect is +50 pp, the selected holder's baseline 0 %.
    expect(holderWins.values.reduce((a, b) => a + b, 0) / 3).toBe(0.5);
    expect(levelEstimate('difference', effect).estimate).toBe(0.5);
  });
});

describe('conclusions across levels', () => {
  // Level 0: deals 0..5; level 1: the first 3 deals (same seed). Per deal the level-1 value is the
  // level-0 value + 1.5, 2, 2.5: the difference between levels is paired on the 3 shared deals.
  const c: Conclusion = {
    label: 'x − base (points)',
    kind: 'difference',
    reference: 0,
    values: [
      { deals: [0, 1, 2, 3, 4, 5], values: [1, 2, 3, 1, 2, 3], games: 6 },
      { deals: [0, 1, 2], values: [2.5, 4, 5.5], games: 3 },
    ],
  };
  it('estimates the difference between levels on shared deals and marks what holds at every level', () => {
    const d = levelDifference(c, 0, 1)!;
    expect(d.n).toBe(3);
    expect(d.meanDiff).toBe(2);
    expect(d.sdDiff).toBe(0.5);
    const sentence = verdictSentence(c, ['random', 'greedy']);
    expect(sentence).toContain('**holds at every level** (above 0 at each)');
    expect(sentence).toContain('greedy − random +2.00 [');
    expect(sentence).not.toMatch(/significant only/);
  });
  it('compares levels unpaired (Welch) when they share too few deals', () => {
    // A rare event: level 0 has values on deals 0–11, level 1 on deals 100–104 only.
    const rare: Conclusion = {
      ...c,
      values: [
        { deals: [...Array(12).keys()], values: [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], games: 12 },
        { deals: [100, 101, 102, 103, 104], values: [4, 5, 6, 5, 5], games: 5 },
      ],
    };
    const d = levelDifference(rare, 0, 1)!;
    expect(d.paired).toBe(false);
    expect(d.meanDiff).toBe(3);
    expect(verdictSentence(rare, ['random', 'greedy'])).toContain(
      '(unpaired, Welch: too few shared deals: random +2.00, greedy +5.00)',
    );
  });
  it('gives win shares with one game per deal a Wilson interval', () => {
    const e = levelEstimate('share', { deals: [0, 1, 2, 3], values: [1, 0, 0, 0.5], games: 4 });
    expect(e.method).toBe('Wilson');
    expect(e.estimate).toBe(0.375);
    expect(levelEstimate('share', { deals: [0, 1], values: [0.5, 0.25], games: 6 }).method).toBe('t over deals');
  });
  it("shows a difference between levels with both levels' values on the deals it uses (docs/reasoning.md §12)", () => {
    // Level 0 (many deals) wins 48.8 % over all its deals but 58.3 % on the 12 it shares with level 1.
    const share: Conclusion = {
      label: 'seat 0 win share',
      kind: 'share',
      reference: 0.5,
      percent: true,
      values: [
        {
          deals: [...Array(40).keys()],
          values: [...Array(40).keys()].map((d) => (d < 12 ? Number(d % 12 < 7) : Number(d % 4 === 0))),
          games: 40,
        },
        { deals: [...Array(12).keys()], values: [...Array(12).keys()].map((d) => Number(d % 12 < 6)), games: 12 },
      ],
    };
    const d = levelDifference(share, 0, 1)!;
    expect(d.onDeals[0]).toBeCloseTo(7 / 12, 12);
    expect(d.onDeals[1]).toBeCloseTo(0.5, 12);
    expect(verdictSentence(share, ['random', 'greedy'])).toContain('greedy − random −8.3 pp');
    expect(verdictSentence(share, ['random', 'greedy'])).toMatch(
      /\(on the 12 shared deals: random 58\.3 %, greedy 50\.0 %\)/,
    );
  });

  it('keeps a difference of shares within ±100 pp, and says a tiny sample is tiny (docs/reasoning.md §10)', () => {
    // 2 deals: +50 pp with a t interval far past ±100 pp.
    const tiny: Conclusion = {
      label: 'effect',
      kind: 'difference',
      reference: 0,
      percent: true,
      values: [{ deals: [0, 1], values: [1, 0], games: 2 }],
    };
    const e = levelEstimate('difference', tiny.values[0]!, true);
    expect(e.lo).toBe(-1);
    expect(e.hi).toBe(1);
    expect(verdictSentence(tiny, ['greedy'])).toContain('+50.0 pp [−100.0, +100.0] (2 deals: too few to say much)');
    // 6 equal differences of 0: an exact bound, not [+0.0, +0.0].
    const alike: Conclusion = {
      ...tiny,
      values: [{ deals: [...Array(6).keys()], values: Array(6).fill(0), games: 6 }],
    };
    expect(verdictSentence(alike, ['greedy'])).not.toContain('[+0.0, +0.0]');
    const many: Conclusion = {
      ...tiny,
      values: [{ deals: [...Array(200).keys()], values: Array(200).fill(0), games: 200 }],
    };
    const bound = levelEstimate('difference', many.values[0]!, true);
    expect(bound.degenerate).toBe(true);
    expect(bound.lo).toBeLessThan(0);
    expect(bound.hi).toBeGreaterThan(0);
    expect(verdictSentence(many, ['greedy'])).toContain('(all 200 deals alike: exact bound)');
  });

  it("a seat holds at every level only where its arm's joint test is significant (docs/reasoning.md §3)", () => {
    const seat: Conclusion = {
      label: '5p.base: seat 0 win share (fair 1/5)',
      kind: 'share',
      reference: 0.2,
      percent: true,
      jointTest: [0.001, 0.399],
      values: [
        { deals: [...Array(400).keys()], values: [...Array(400).keys()].map((d) => Number(d % 10 < 3)), games: 400 },
        { deals: [...Array(200).keys()], values: [...Array(200).keys()].map((d) => Number(d % 10 < 3)), games: 200 },
      ],
    };
    expect(verdictOf(seat).estimates.every((e) => e!.lo! > 0.2)).toBe(true);
    expect(verdictOf(seat).holds).toBe(0);
    expect(verdictSentence(seat, ['random', 'greedy'])).toMatch(
      /not established at every level \(the arm's joint seat test is not significant at greedy: Holm p 0\.399/,
    );
    expect(verdictOf({ ...seat, jointTest: [0.001, 0.01] }).holds).toBe(1);
  });
});

describe('counts of rare events', () => {
  it('a statistic with no event in 400 games gets the one-sided exact bound, not 0 [0, 0]', () => {
    const arm = {
      name: 'a',
      games: 400,
      stats: { networks: { n: 400, sum: 0, sumSq: 0, mean: 0, sd: 0, min: 0, max: 0 } },
      perDeal: { 'stat.networks': { deals: 400, mean: 0, sd: 0, se: 0 } },
    } as unknown as ArmSummary;
    const c = countCI(arm, 'networks');
    expect(c).toMatchObject({ mean: 0, lo: 0, method: 'exact Poisson, one-sided (no event)' });
    expect(c.hi).toBeCloseTo(-Math.log(0.05) / 400, 12);
  });
});
