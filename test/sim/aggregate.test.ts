/** Shard aggregates merge exactly: associative, order-independent, and equal to one big shard. */
import { describe, expect, it } from 'vitest';
import { mergeAggregates, unionRanges } from '../../src/sim/aggregate.ts';
import type { Aggregate } from '../../src/sim/aggregate.ts';
import { emptyAggregate, runShard } from '../../src/sim/shard.ts';
import { planOf } from './helpers.ts';

const plan = planOf({
  seed: 'agg',
  deals: 90,
  rotation: 'all',
  columns: ['score', 'rank', 'breakdown', 'stats'],
  arms: [
    { name: 'two', players: 2 },
    { name: 'three', players: 3 },
    { name: 'two-nofarm', players: 2, rules: { farmers: 'off' } },
  ],
});
const shard = (start: number, end: number): Aggregate => runShard({ plan, start, end, keepGames: false }).aggregate;
const json = (a: Aggregate) => JSON.stringify(a);

describe('shard aggregates', () => {
  const whole = shard(0, 90);
  const parts = [shard(0, 13), shard(13, 50), shard(50, 51), shard(51, 90)];

  it('merged in any order and grouping equal the aggregate of one shard over all deals', () => {
    const [a, b, c, d] = parts as [Aggregate, Aggregate, Aggregate, Aggregate];
    expect(json(mergeAggregates(mergeAggregates(a, b), mergeAggregates(c, d)))).toBe(json(whole));
    expect(json(mergeAggregates(d, mergeAggregates(b, mergeAggregates(c, a))))).toBe(json(whole));
    expect(json(mergeAggregates(mergeAggregates(mergeAggregates(c, d), a), b))).toBe(json(whole));
  });

  it('have the empty aggregate as identity', () => {
    expect(json(mergeAggregates(emptyAggregate(plan), whole))).toBe(json(whole));
    expect(json(mergeAggregates(whole, emptyAggregate(plan)))).toBe(json(whole));
  });

  it('count every rotation of every deal, share tied wins, and rank every game', () => {
    expect(whole.games).toBe(90 * (2 + 3 + 2));
    const three = whole.arms[1]!;
    expect(three.games).toBe(270);
    expect(three.seats.reduce((n, s) => n + s.winUnits, 0)).toBe(270 * 60);
    expect(three.players.reduce((n, s) => n + s.winUnits, 0)).toBe(270 * 60);
    for (const seat of three.seats) expect(seat.games).toBe(270);
    expect(three.seats.reduce((n, s) => n + s.score.sum, 0)).toBe(three.players.reduce((n, s) => n + s.score.sum, 0));
    expect(three.seats[0]!.ranks.reduce((x, y) => x + y, 0)).toBe(270);
  });

  it('refuse to count a deal twice', () => {
    expect(() => mergeAggregates(parts[0]!, shard(10, 20))).toThrow(/overlap/);
    expect(
      unionRanges(
        [[0, 5]],
        [
          [5, 9],
          [12, 14],
        ],
      ),
    ).toEqual([
      [0, 9],
      [12, 14],
    ]);
  });

  it('keep histograms consistent with the counts', () => {
    const score = whole.arms[0]!.seats[0]!.score;
    expect(score.counts.reduce((x, y) => x + y, 0) + score.under + score.over).toBe(score.n);
  });
});
