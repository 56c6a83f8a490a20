/** Deal-clustered means and joint seat-fairness tests, against hand arithmetic. */
import { describe, expect, it } from 'vitest';
import {
  chiSquareSf,
  clusteredMean,
  meanInterval,
  recordsFromSummary,
  seatFairness,
  shareDesignEffect,
  summaryTable,
  wilsonInterval,
} from '../../src/stats/index.ts';

describe('clusteredMean', () => {
  // 30 deals, 4 seats each; a seat's value is its deal's level (shared tiles) plus a small own part:
  // strongly correlated within the deal, as the seats of one game are.
  const cluster: number[] = [];
  const value: number[] = [];
  for (let d = 0; d < 30; d++)
    for (let s = 0; s < 4; s++) {
      cluster.push(d);
      value.push(((d * 7) % 11) + (s % 2) * 0.5);
    }

  it('is wider than the interval that takes the 120 rows as independent', () => {
    const clustered = clusteredMean({ cluster, value });
    const naive = meanInterval({
      n: value.length,
      sum: value.reduce((a, b) => a + b, 0),
      sumSquares: value.reduce((a, b) => a + b * b, 0),
    });
    expect(clustered.mean).toBeCloseTo(naive.mean!, 12);
    expect(clustered.clusters).toBe(30);
    expect(clustered.df).toBe(29);
    // Nearly all variation is between deals: the clustered se is close to √4 = 2 times the naive one.
    expect(clustered.se! / naive.se!).toBeGreaterThan(1.8);
    expect(clustered.hi! - clustered.lo!).toBeGreaterThan(1.8 * (naive.hi! - naive.lo!));
  });

  it('equals the t interval of the deal means when every deal has as many rows', () => {
    const means = Array.from({ length: 30 }, (_, d) => value.slice(4 * d, 4 * d + 4).reduce((a, b) => a + b, 0) / 4);
    const byDeal = meanInterval({
      n: 30,
      sum: means.reduce((a, b) => a + b, 0),
      sumSquares: means.reduce((a, b) => a + b * b, 0),
    });
    const clustered = clusteredMean({ cluster, value });
    expect(clustered.se).toBeCloseTo(byDeal.se!, 12);
    expect(clustered.lo).toBeCloseTo(byDeal.lo!, 12);
  });

  it('is the ordinary t interval with one row per cluster, and skips NaN', () => {
    // 1, 2, 3, 6: mean 3, sd √(14/3), se √(14/12)
    const c = clusteredMean({ cluster: [0, 1, 2, 3, 4], value: [1, 2, 3, 6, NaN] });
    expect(c.n).toBe(4);
    expect(c.mean).toBe(3);
    expect(c.se).toBeCloseTo(Math.sqrt(14 / 12), 12);
  });
});

describe('seatFairness', () => {
  it('tests each arm jointly (chi-square), Holm over the arms, then names seats Holm-adjusted within an arm', () => {
    expect(chiSquareSf(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSf(5.991465, 2)).toBeCloseTo(0.05, 6);
    const [two, three, fair] = seatFairness([
      // 60/40 of 100: X² = 2 · 10²/50 = 4, p = 0.0455 (df 1)
      {
        name: 'two',
        seats: [
          { games: 100, wins: 60 },
          { games: 100, wins: 40 },
        ],
      },
      // 50/30/20 of 100: X² = (16.67² + 3.33² + 13.33²)/33.33 = 14, p = e^−7 = 0.000912 (df 2)
      {
        name: 'three',
        seats: [
          { games: 100, wins: 50 },
          { games: 100, wins: 30 },
          { games: 100, wins: 20 },
        ],
      },
      {
        name: 'fair',
        seats: [
          { games: 90, wins: 30 },
          { games: 90, wins: 30 },
          { games: 90, wins: 30 },
        ],
      },
    ]);
    expect(two!.chiSquare).toBeCloseTo(4, 12);
    expect(two!.p).toBeCloseTo(0.0455003, 6);
    expect(three!.chiSquare).toBeCloseTo(14, 12);
    expect(three!.p).toBeCloseTo(Math.exp(-7), 9);
    expect(fair!.p).toBe(1);
    // Holm over three arms: 3 · e^−7, then max(that, 2 · 0.0455) = 0.0910, then 1.
    expect(three!.pHolm).toBeCloseTo(3 * Math.exp(-7), 9);
    expect(two!.pHolm).toBeCloseTo(2 * 0.0455003, 6);
    // The 2-player arm is not flagged after Holm, so no seat is named; in the 3-player arm
    // z = (0.5 − 1/3)/√(2/9/100) = 3.536 (p 0.000407), z = −0.707 (p 0.480), z = −2.828 (p 0.00468):
    // Holm 0.00122, 0.480, 0.00936: seats 0 and 2.
    expect(two!.seats).toEqual([]);
    expect(three!.seats.map((s) => s.seat)).toEqual([0, 2]);
    expect(three!.seats[0]!.pHolm).toBeCloseTo(3 * 0.000407, 5);
    expect(fair!.seats).toEqual([]);
  });

  it('names the stronger seat of a flagged 2-player arm once', () => {
    const [arm] = seatFairness([
      {
        name: 'two',
        seats: [
          { games: 100, wins: 38 },
          { games: 100, wins: 62 },
        ],
      },
    ]);
    expect(arm!.seats).toHaveLength(1);
    expect(arm!.seats[0]).toMatchObject({ seat: 1, rate: 0.62 });
  });
});

describe("rotation all: a seat's games of one deal are one unit (issue 23, item 7)", () => {
  it('the design effect of a share is the per-deal variance over what independent games give', () => {
    expect(shareDesignEffect({ share: 0.4, sdPerDeal: Math.sqrt((1.5 * 0.24) / 3), gamesPerDeal: 3 })).toBeCloseTo(
      1.5,
      12,
    );
    expect(shareDesignEffect({ share: 0.4, sdPerDeal: 0.1, gamesPerDeal: 1 })).toBe(1);
  });

  it('widens the seat win-share interval, takes the score over deals and corrects the joint test', () => {
    const p = 0.4;
    const summary = {
      arms: [
        {
          name: 'all',
          seats: [0, 1].map((seat) => ({
            seat,
            games: 3000,
            wins: (seat ? 1 - p : p) * 3000,
            score: { n: 3000, sum: 3000 * 80, sumSq: 3000 * 6500, min: 20, max: 160 },
          })),
          perDeal: {
            'seat0.wins': { deals: 1000, mean: p, sd: Math.sqrt((1.5 * p * (1 - p)) / 3) },
            'seat1.wins': { deals: 1000, mean: 1 - p, sd: Math.sqrt((1.5 * p * (1 - p)) / 3) },
            'seat0.score': { deals: 1000, mean: 80, sd: 12 },
            'seat1.score': { deals: 1000, mean: 80, sd: 12 },
          },
        },
      ],
      pairs: [],
    };
    const { seats } = recordsFromSummary(summary);
    expect(seats[0]!.designEffect).toBeCloseTo(1.5, 12);
    expect(seats[0]!.score).toMatchObject({ n: 1000, mean: 80, sd: 12 });
    const row = summaryTable(seats).objects()[0] as { winLo: number; winHi: number };
    const naive = wilsonInterval({ games: 3000, wins: 1200 });
    expect((row.winHi - row.winLo) / (naive.hi! - naive.lo!)).toBeCloseTo(Math.sqrt(1.5), 2);
    const [plain] = seatFairness([{ name: 'all', seats: summary.arms[0]!.seats }]);
    const [clustered] = seatFairness([{ name: 'all', seats: summary.arms[0]!.seats, designEffect: 1.5 }]);
    expect(clustered!.chiSquare).toBeCloseTo(plain!.chiSquare / 1.5, 9);
  });
});
