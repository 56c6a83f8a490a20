/**
 * The game-quality measures (issue 22): counted by hand on built trajectories, their intervals by
 * hand on built sums, and their aggregates exact and the same however a run's deals are split.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { inProcessBackend, poolBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { mergeAggregates } from '../../src/sim/aggregate.ts';
import { emptyQuality, gameQuality, QUARTERS } from '../../src/sim/quality.ts';
import { runShard } from '../../src/sim/shard.ts';
import { malformedShardResult } from '../../src/sim/validate.ts';
import { qualityMeasures, studentTQuantile } from '../../src/stats/index.ts';
import { planOf, tempDir } from './helpers.ts';

/** Rows of per-player values, turn after turn, flattened as `gameQuality` reads them. */
const rows = (...turns: number[][]) => turns.flat();

describe('the measures of one game', () => {
  // Two players, six turns; the last row is the final score in both trajectories.
  //   turn       1   2   3   4   5   6
  //   expected  2/0 2/4 5/4 9/9 10/12 20/17   leader 0, 1, 0, tie, 1, 0
  //   score     0/0 0/4 4/4 4/4 10/10 20/17   leader tie, 1, tie, tie, tie, 0
  const expected = rows([2, 0], [2, 4], [5, 4], [9, 9], [10, 12], [20, 17]);
  const scores = rows([0, 0], [0, 4], [4, 4], [4, 4], [10, 10], [20, 17]);
  const g = gameQuality(expected, scores, 6, 2);

  it('counts a lead change each time the sole leader becomes another player, a tie for the lead changing nothing', () => {
    expect(g.leadChanges).toBe(4); // 0→1 (turn 2), 1→0 (3), 0→1 (5, across the tie of turn 4), 1→0 (6)
    expect(g.scoreLeadChanges).toBe(1); // 1 leads at turn 2, 0 at turn 6
  });

  it('follows the eventual winner: its lead, the turns it was behind and by how much, the turns after it led for good', () => {
    expect(g.winner).toBe(0);
    expect(g.lead).toEqual([2, -2, 1, 0, -2, 3]);
    expect(g.behindTurns).toBe(2); // turns 2 and 5
    expect(g.deficit).toBe(4); // 2 + 2
    expect(g.decidedTurns).toBe(1); // it last failed to lead alone at turn 5 (behind), so only turn 6 is decided
    expect(g.margin).toBe(3);
  });

  it('gives a game tied for first no eventual winner, and counts leads among three players', () => {
    // p0 1 3 3 / p1 2 2 5 / p2 0 3 5: 1 leads, then ties (0 and 2, then 1 and 2): no change; final tie 5-5.
    const tied = gameQuality(rows([1, 2, 0], [3, 2, 3], [3, 5, 5]), rows([0, 0, 0], [0, 0, 0], [3, 5, 5]), 3, 3);
    expect(tied).toMatchObject({
      winner: -1,
      leadChanges: 0,
      scoreLeadChanges: 0,
      behindTurns: 0,
      lead: [],
      margin: 0,
    });
  });

  it('counts every turn as decided when the winner led alone from the first turn', () => {
    const g3 = gameQuality(rows([1, 0, 0], [4, 2, 3], [9, 2, 8]), rows([0, 0, 0], [4, 0, 0], [9, 2, 8]), 3, 3);
    expect(g3).toMatchObject({
      winner: 0,
      leadChanges: 0,
      behindTurns: 0,
      decidedTurns: 3,
      lead: [1, 1, 1],
      margin: 1,
    });
  });
});

describe('the measures of an arm', () => {
  it("is a ratio of per-deal sums with the ratio estimator's t interval", () => {
    const q = emptyQuality(1);
    // Three deals of one game: 1, 2 and 3 lead changes. R = 2; residuals 1 + 0 + 1; se = √(2 / (3·2)).
    q.leadChanges = { n: 3, x: 6, y: 3, xx: 14, yy: 3, xy: 6 };
    q.close = { n: 3, x: 1, y: 3, xx: 1, yy: 3, xy: 1 };
    q.race = [{ n: 3, x: 3 * QUARTERS * 2, y: 3, xx: 3 * (QUARTERS * 2) ** 2, yy: 3, xy: 3 * QUARTERS * 2 }];
    const m = qualityMeasures(q);
    const half = studentTQuantile(0.975, 2) * Math.sqrt(2 / 6);
    expect(m.leadChanges.estimate).toBe(2);
    expect(2 - half).toBeLessThan(0);
    expect(m.leadChanges.lo).toBe(0); // 2 − 2.48, kept within what a count can be
    expect(m.leadChanges.hi).toBeCloseTo(2 + half, 12);
    // One game per deal: close games are a share of games (Wilson, 1 of 3).
    expect(m.closeShare.estimate).toBeCloseTo(1 / 3, 12);
    expect(m.closeShare.lo).toBeCloseTo(0.0615, 3);
    // Every deal's winner led by 2 points: no spread, no t interval of width 0.
    expect(m.race[0]).toMatchObject({ turn: 1, estimate: 2, lo: null, hi: null });
    expect(m.games).toBe(3);
    expect(m.tiedGames).toBe(0);
  });
});

describe('recorded in a run', () => {
  const plan = planOf({
    name: 'quality',
    seed: 'q-1',
    deals: 12,
    quality: true,
    arms: [
      { name: 'greedy-2p', players: 2, agents: 'greedy' },
      { name: 'random-3p', players: 3, expansions: ['tollkeepers'] },
    ],
  });

  it('is exact and mergeable: any split of the deals gives the same aggregate', () => {
    const whole = runShard({ plan, start: 0, end: 12, keepGames: false }).aggregate;
    const parts = [
      [0, 5],
      [5, 6],
      [6, 12],
    ].map(([start, end]) => runShard({ plan, start: start!, end: end!, keepGames: false }).aggregate);
    expect(mergeAggregates(parts[2]!, mergeAggregates(parts[0]!, parts[1]!))).toEqual(whole);
    expect(malformedShardResult({ plan, start: 0, end: 12, keepGames: false }, { aggregate: whole })).toBeNull();
  });

  it('ends every race at the final margin, counts every game, and is what the plan asked for only', () => {
    const { aggregate } = runShard({ plan, start: 0, end: 12, keepGames: false });
    for (const arm of aggregate.arms) {
      const q = arm.quality!;
      expect(q.leadChanges.y).toBe(12);
      // A tie for first has margin 0 and no race, so the last turn's leads sum to the margins.
      expect(q.race[q.race.length - 1]!.x).toBe(arm.margin.sum * QUARTERS);
      expect(q.behind.x).toBeLessThanOrEqual(q.behind.y);
    }
    const plain = planOf({ name: 'plain', seed: 'q-1', deals: 2, arms: [{ name: 'a', players: 2 }] });
    expect(plain.quality).toBeUndefined();
    expect(runShard({ plan: plain, start: 0, end: 2, keepGames: false }).aggregate.arms[0]!.quality).toBeUndefined();
  });

  it('refuses a shard whose quality sums no game gives', () => {
    const { aggregate } = runShard({ plan, start: 0, end: 3, keepGames: false });
    aggregate.arms[0]!.quality!.behind.x = aggregate.arms[0]!.quality!.behind.y + 1;
    expect(malformedShardResult({ plan, start: 0, end: 3, keepGames: false }, { aggregate })).toMatch(
      /aggregate\.arms\[0\]\.quality/,
    );
  });

  it('takes "quality" as true or false only', () => {
    expect(() => planOf({ name: 'bad', seed: 1, deals: 1, quality: 'yes', arms: [{ name: 'a', players: 2 }] })).toThrow(
      InputError,
    );
    expect(() => planOf({ name: 'bad', seed: 1, deals: 1, quality: 'yes', arms: [{ name: 'a', players: 2 }] })).toThrow(
      /"quality" must be true or false/,
    );
  });
});

describe('a run with quality measures', () => {
  it('gives a byte-identical summary in-process and on 1 or 2 workers, with any shard size', async () => {
    const plan = planOf({
      name: 'quality-workers',
      seed: 'q-2',
      deals: 24,
      quality: true,
      arms: [
        { name: 'base', players: 2 },
        { name: 'labyrinth', players: 2, expansions: ['labyrinth'], rules: { labyrinth: 'advanced' } },
      ],
    });
    const summaries: string[] = [];
    for (const [backend, shardDeals] of [
      [inProcessBackend(), 24],
      [poolBackend(1), 5],
      [poolBackend(2), 3],
    ] as const) {
      try {
        const outcome = await runExperiment({ plan, outRoot: tempDir(), backend, keepGames: false, shardDeals });
        summaries.push(readFileSync(join(outcome.runDir, 'summary.json'), 'utf8'));
      } finally {
        await backend.close();
      }
    }
    expect(summaries[1]).toBe(summaries[0]);
    expect(summaries[2]).toBe(summaries[0]);
    expect(JSON.parse(summaries[0]!).arms[1].quality.leadChanges.y).toBe(24);
  });
});
