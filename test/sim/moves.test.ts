/**
 * What a shard records beside the paired differences: per game a hash of the moves, per pair the
 * deals on which both arms played the same moves and per deal how many games changed winner, and per
 * arm the moments of its per-deal metric means (the deal as the unit).
 */
import { describe, expect, it } from 'vitest';
import { runShard } from '../../src/sim/shard.ts';
import { buildSummary } from '../../src/sim/summary.ts';
import { runLayout } from '../../src/sim/metrics.ts';
import { armSetups } from '../../src/sim/plan.ts';
import { planOf } from './helpers.ts';

const DEALS = 40;

describe('move hashes and winner changes', () => {
  const plan = planOf({
    seed: 'moves',
    deals: DEALS,
    rotation: 'all',
    columns: ['score', 'rank'],
    arms: [
      { name: 'off', players: 3, rules: { farmers: 'off' } },
      { name: 'off-9-per-city', players: 3, rules: { farmers: 'off', farmerPointsPerCity: 9 } },
      { name: 'on', players: 3 },
    ],
  });
  const { aggregate, columns } = runShard({ plan, start: 0, end: DEALS, keepGames: true });
  const c = columns!;
  const rowsOf = (arm: number) => Array.from(c.arm!).flatMap((a, i) => (a === arm ? [i] : []));

  it('counts a deal as same-moves only when every game of it has the same move hash', () => {
    const [same, differ] = [
      aggregate.pairs.find((p) => p.a === 0 && p.b === 1)!,
      aggregate.pairs.find((p) => p.a === 0 && p.b === 2)!,
    ];
    expect(same.sameMoves).toBe(DEALS);
    // Random agents facing field placements (farmers on) choose among other moves.
    const off = rowsOf(0);
    const on = rowsOf(2);
    let expected = 0;
    for (let d = 0; d < DEALS; d++) {
      const k = [0, 1, 2].map((r) => 3 * d + r);
      if (k.every((i) => c.moves![off[i]!] === c.moves![on[i]!])) expected++;
    }
    expect(differ.sameMoves).toBe(expected);
    expect(differ.sameMoves).toBeLessThan(DEALS);
  });

  it('counts per deal the games (same rotation) whose winning seats differ', () => {
    const pair = aggregate.pairs.find((p) => p.a === 0 && p.b === 2)!;
    const winners = (row: number) => [0, 1, 2].filter((s) => (c[`rank${s}`] as Float64Array)[row] === 1).join(',');
    const off = rowsOf(0);
    const on = rowsOf(2);
    let changed = 0;
    let sumSq = 0;
    for (let d = 0; d < DEALS; d++) {
      let k = 0;
      for (let r = 0; r < 3; r++) if (winners(off[3 * d + r]!) !== winners(on[3 * d + r]!)) k++;
      changed += k;
      sumSq += k * k;
    }
    expect(pair.winnerChanged.n).toBe(DEALS);
    expect(pair.winnerChanged.sum).toBe(changed);
    expect(pair.winnerChanged.sumSq).toBe(sumSq);
    expect(changed).toBeGreaterThan(0);
    expect(aggregate.pairs.find((p) => p.a === 0 && p.b === 1)!.winnerChanged.sum).toBe(0);
  });

  it("keeps the moments of each arm's per-deal mean score per player", () => {
    const summary = buildSummary(
      plan,
      armSetups(plan).map((s) => s.game),
      runLayout(
        plan,
        armSetups(plan).map((s) => s.game),
      ),
      aggregate,
    );
    const rows = rowsOf(2);
    const means = Array.from({ length: DEALS }, (_, d) => {
      let t = 0;
      for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) t += (c[`score${s}`] as Float64Array)[rows[3 * d + r]!]!;
      return t / 9;
    });
    const mean = means.reduce((a, b) => a + b, 0) / DEALS;
    const sd = Math.sqrt(means.reduce((a, b) => a + (b - mean) ** 2, 0) / (DEALS - 1));
    const perDeal = summary.arms[2]!.perDeal.score!;
    expect(perDeal.deals).toBe(DEALS);
    expect(perDeal.mean).toBeCloseTo(mean, 10);
    expect(perDeal.sd).toBeCloseTo(sd, 10);
    expect(summary.pairs[0]!.winnerChanged).toMatchObject({ deals: DEALS, games: 3 * DEALS, changed: 0, share: 0 });
  });
});
