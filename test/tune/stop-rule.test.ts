/**
 * The measures and the stopping rule of `--precision` and `tune`: degenerate samples never stop a run
 * and get exact bounds (issue 23, item 1), rotation `all` counts the deal as the unit for a seat's win
 * share (item 7), and a family's intervals are adjusted once (item 11).
 */
import { describe, expect, it } from 'vitest';
import type { ArmSummary } from '../../src/sim/summary.ts';
import { measureInterval, measureOf } from '../../src/tune/metric.ts';
import { familyLevel, MIN_EVENT_DEALS, stopHalfWidths, stopInterval } from '../../src/tune/stop-rule.ts';
import { race } from '../../src/tune/search.ts';

describe('degenerate samples', () => {
  it('no event in 200 deals: the one-sided exact bound, not 0 ± 0', () => {
    const none = { n: 200, mean: 0, sd: 0, count: { units: 200 }, range: [0, Infinity] as [number, number] };
    const iv = measureInterval(none, 0.95);
    expect(iv).toMatchObject({ lo: 0, degenerate: true });
    expect(iv.hi).toBeCloseTo(-Math.log(0.05) / 200, 12);
  });

  it('a perfect record: the one-sided Clopper–Pearson bound', () => {
    const perfect = { n: 60, mean: 1, sd: 0, wins: { games: 60, wins: 60 }, range: [0, 1] as [number, number] };
    expect(measureInterval(perfect, 0.95)).toMatchObject({ lo: 0.05 ** (1 / 60), hi: 1, degenerate: true });
  });

  it('equal margins on every deal: no interval at all', () => {
    expect(measureInterval({ n: 300, mean: 2, sd: 0 }, 0.95)).toEqual({
      lo: -Infinity,
      hi: Infinity,
      degenerate: true,
    });
  });

  it('never stops a run, however narrow its bound', () => {
    for (const m of [
      { n: 100_000, mean: 0, sd: 0, count: { units: 100_000 }, range: [0, Infinity] as [number, number] },
      { n: 100_000, mean: 1, sd: 0, wins: { games: 100_000, wins: 100_000 } },
      { n: 100_000, mean: 2, sd: 0 },
    ])
      expect(stopHalfWidths(m)).toEqual({ plain: Infinity, judged: Infinity });
    // One event is not degenerate any more, but a run does not stop on a handful of them (issue 36).
    const one = { n: 100_000, mean: 1e-5, sd: Math.sqrt(1e-5), count: { units: 100_000, events: 1 } };
    expect(stopHalfWidths(one)).toEqual({ plain: Infinity, judged: Infinity });
    const enough = { ...one, mean: MIN_EVENT_DEALS * 1e-5, count: { units: 100_000, events: MIN_EVENT_DEALS } };
    expect(stopHalfWidths({ ...enough, sd: Math.sqrt(enough.mean) }).judged).toBeLessThan(1e-3);
  });
});

/** An arm summary with one seat metric, enough for measureOf. */
function seatArm(deals: number, gamesPerDeal: number, winRate: number, sdPerDeal: number): ArmSummary {
  const games = deals * gamesPerDeal;
  return {
    name: 'a',
    players: 3,
    expansions: [],
    agents: [],
    rules: {},
    games,
    stats: {},
    seats: [{ seat: 0, games, wins: winRate * games, winRate }],
    perDeal: { 'seat0.wins': { deals, mean: winRate, sd: sdPerDeal, se: sdPerDeal / Math.sqrt(deals) } },
  } as unknown as ArmSummary;
}

describe("rotation all: the deal is the unit of a seat's win share", () => {
  it('games of a deal that win together count as fewer games', () => {
    // 3 rotations per deal; the per-deal shares spread more than independent games would (design effect 1.5).
    const p = 0.4;
    const independentSd = Math.sqrt((p * (1 - p)) / 3);
    const clustered = measureOf(seatArm(1000, 3, p, independentSd * Math.sqrt(1.5)), 'seat0.wins');
    expect(clustered.wins!.games).toBeCloseTo(2000, 6);
    const iv = measureInterval(clustered, 0.95);
    const naive = measureInterval(measureOf(seatArm(3000, 1, p, Math.sqrt(p * (1 - p))), 'seat0.wins'), 0.95);
    expect((iv.hi - iv.lo) / (naive.hi - naive.lo)).toBeCloseTo(Math.sqrt(1.5), 1);
  });

  it('a perfect record counts deals, not games, for its exact bound (issue 36)', () => {
    const m = measureOf(seatArm(200, 3, 1, 0), 'seat0.wins');
    expect(m.wins).toEqual({ games: 200, wins: 200 });
    expect(measureInterval(m, 0.95)).toMatchObject({ lo: 0.05 ** (1 / 200), hi: 1, degenerate: true });
  });

  it('independent games within deals keep every game', () => {
    const p = 0.4;
    expect(measureOf(seatArm(1000, 3, p, Math.sqrt((p * (1 - p)) / 3)), 'seat0.wins').wins!.games).toBeCloseTo(3000, 6);
  });
});

describe('families', () => {
  it('a family of k intervals is each at 1 − (1 − level)/k, once', () => {
    expect(familyLevel(1)).toBe(0.99);
    expect(familyLevel(4)).toBeCloseTo(0.9975, 12);
    const m = { n: 400, mean: 0.3, sd: Math.sqrt(0.21), wins: { games: 400, wins: 120 } };
    expect(stopInterval(m, 4)).toEqual(measureInterval(m, 0.9975));
  });

  it('racing adjusts for the parts once: a candidate is dropped at 1 − 0.05/(looks·candidates) shared by the parts', async () => {
    // Two candidates, two parts (seats), one look: each part's decision interval at 1 − 0.05/2/2 = 0.9875
    // (applying the parts twice would use 0.99375 and keep both).
    const sd = 0.5;
    const n = 400;
    const half = (level: number) => {
      const iv = measureInterval({ n, mean: 0.5, sd }, level);
      return (iv.hi - iv.lo) / 2;
    };
    const gap = half(0.9875) + half(0.99375); // candidate 1 sits this far from the target on both parts
    const result = await race(
      {
        kind: 'minimize',
        target: 0,
        around: [0.5, 0.5],
        precision: 1e-6,
        values: [[0, 1]],
        step: null,
        firstDeals: n,
        maxDeals: n,
        budgetGames: 1e9,
        gamesPerDeal: 1,
      },
      async (point, deals) => ({ deals, parts: [0, 1].map(() => ({ n, mean: 0.5 + point[0]! * gap, sd })) }),
    );
    expect(result.notRejected).toEqual([[0]]);
    expect(result.candidates.find((c) => c.point[0] === 1)!.verdict).toBe(`eliminated at ${n}`);
  });
});
