/**
 * Paired differences of the game-quality measures between two arms (issue 22): the delta method per
 * deal, checked against the per-deal residuals computed directly, and the cross sums the shards count.
 */
import { describe, expect, it } from 'vitest';
import { mergeAggregates } from '../../src/sim/aggregate.ts';
import { addQualityCross, emptyQuality, emptyQualityCross, PAIRED_MEASURES } from '../../src/sim/quality.ts';
import type { QualityData } from '../../src/sim/quality.ts';
import { runShard } from '../../src/sim/shard.ts';
import { malformedShardResult } from '../../src/sim/validate.ts';
import { qualityDifference, studentTQuantile } from '../../src/stats/index.ts';
import { planOf } from '../sim/helpers.ts';

/** Per deal: (x, y) of one measure for arm a and arm b. */
type Deal = { xa: number; ya: number; xb: number; yb: number };

/** The two arms' quality sums and their cross sums, with `deals` as the lead changes' per-deal sums (every other measure empty). */
function sumsOf(deals: Deal[]): { a: QualityData; b: QualityData; cross: number[] } {
  const a = emptyQuality(0);
  const b = emptyQuality(0);
  const cross = emptyQualityCross();
  for (const d of deals) {
    for (const [q, x, y] of [
      [a, d.xa, d.ya],
      [b, d.xb, d.yb],
    ] as const) {
      const r = q.leadChanges;
      Object.assign(r, { n: r.n + 1, x: r.x + x, y: r.y + y, xx: r.xx + x * x, yy: r.yy + y * y, xy: r.xy + x * y });
    }
    const va = new Float64Array(2 * PAIRED_MEASURES.length);
    const vb = new Float64Array(2 * PAIRED_MEASURES.length);
    [va[0], va[1], vb[0], vb[1]] = [d.xa, d.ya, d.xb, d.yb];
    addQualityCross(cross, va, vb);
  }
  return { a, b, cross };
}

describe('paired differences of the quality measures', () => {
  it("is the delta method per deal: the t interval of the deals' residuals, computed directly", () => {
    // Deals of 1 to 3 games: lead changes (x) over games (y) in arm a and arm b.
    const deals: Deal[] = [
      { xa: 3, ya: 1, xb: 4, yb: 1 },
      { xa: 5, ya: 2, xb: 7, yb: 2 },
      { xa: 2, ya: 1, xb: 2, yb: 1 },
      { xa: 9, ya: 3, xb: 8, yb: 3 },
      { xa: 1, ya: 1, xb: 3, yb: 1 },
      { xa: 4, ya: 2, xb: 7, yb: 2 },
    ];
    const { a, b, cross } = sumsOf(deals);
    const n = deals.length;
    const sum = (f: (d: Deal) => number) => deals.reduce((t, d) => t + f(d), 0);
    const [Ra, Rb] = [sum((d) => d.xa) / sum((d) => d.ya), sum((d) => d.xb) / sum((d) => d.yb)];
    const [ya, yb] = [sum((d) => d.ya) / n, sum((d) => d.yb) / n];
    const u = deals.map((d) => (d.xb - Rb * d.yb) / yb - (d.xa - Ra * d.ya) / ya);
    const half = studentTQuantile(0.975, n - 1) * Math.sqrt(u.reduce((t, x) => t + x * x, 0) / (n * (n - 1)));
    const diff = qualityDifference(a, b, cross).leadChanges;
    expect(diff.estimate).toBeCloseTo(Rb - Ra, 12);
    expect(diff.lo).toBeCloseTo(Rb - Ra - half, 10);
    expect(diff.hi).toBeCloseTo(Rb - Ra + half, 10);
    expect(diff.deals).toBe(6);
  });

  it('is the paired t of the per-deal differences when every deal has one game, and no interval without spread', () => {
    // x − x': 1, 2, 0, 1, 1 → mean 1, sd √0.5, t(4) interval 1 ± 2.776445·√0.5/√5.
    const deals: Deal[] = [
      [2, 3],
      [1, 3],
      [4, 4],
      [0, 1],
      [3, 4],
    ].map(([xa, xb]) => ({ xa: xa!, ya: 1, xb: xb!, yb: 1 }));
    const { a, b, cross } = sumsOf(deals);
    const diff = qualityDifference(a, b, cross).leadChanges;
    expect(diff.estimate).toBeCloseTo(1, 12);
    expect(diff.hi! - 1).toBeCloseTo(2.776445 * Math.sqrt(0.5 / 5), 5);
    const same = sumsOf(deals.map((d) => ({ ...d, xb: d.xa + 1 })));
    expect(qualityDifference(same.a, same.b, same.cross).leadChanges).toMatchObject({
      estimate: 1,
      lo: null,
      hi: null,
    });
  });

  it('is counted by the shards of a study run: exact under any split, checked, and its close games the difference of the shares', () => {
    const plan = {
      ...planOf({
        seed: 'qd',
        deals: 10,
        rotation: 'cycle',
        quality: true,
        arms: [
          { name: 'f3', players: 2, agents: 'greedy' },
          { name: 'f4', players: 2, agents: 'greedy', rules: { farmerPointsPerCity: 4 } },
        ],
      }),
      effects: [{ a: 0, b: 1 }],
    };
    const whole = runShard({ plan, start: 0, end: 10, keepGames: false }).aggregate;
    const parts = [
      [0, 3],
      [3, 4],
      [4, 10],
    ].map(([s, e]) => runShard({ plan, start: s!, end: e!, keepGames: false }).aggregate);
    expect(parts.reduce(mergeAggregates)).toEqual(whole);
    const task = { plan, start: 0, end: 10, keepGames: false };
    expect(malformedShardResult(task, { aggregate: whole })).toBeNull();
    const cross = whole.effects![0]!.quality!;
    const [qa, qb] = whole.arms.map((x) => x.quality!);
    // Close games, one game a deal: Σ y_a·y_b is the deals, Σ x_a·x_b the deals close in both arms (at most either arm's count).
    const k = 4 * PAIRED_MEASURES.indexOf('close');
    expect(cross[k + 3]).toBe(10);
    expect(cross[k]).toBeLessThanOrEqual(Math.min(qa!.close.x, qb!.close.x));
    const d = qualityDifference(qa!, qb!, cross);
    expect(d.closeShare.estimate).toBeCloseTo(qb!.close.x / 10 - qa!.close.x / 10, 12);
    expect(d.behindBy.deals).toBe(10);
    const forged = structuredClone(whole);
    delete forged.effects![0]!.quality;
    expect(malformedShardResult(task, { aggregate: forged })).toMatch(/effects\[0\]\.quality/);
  });
});
