/**
 * Plausibility of a shard's aggregate (issue 24, cases 5 and 6): honest shards of every built-in
 * experiment pass; a forged number no game can give (a score sum of 1e300) or counts that do not add
 * up (win shares summing to 112 %, a histogram holding more values than games) are each named.
 */
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/run/load.ts';
import { runShard } from '../../src/sim/shard.ts';
import type { ShardResult, ShardTask } from '../../src/sim/shard.ts';
import { malformedShardResult } from '../../src/sim/validate.ts';
import { planOf } from './helpers.ts';

const plan = planOf({
  name: 'plausible',
  seed: 'p-1',
  deals: 20,
  arms: [
    { name: 'two', players: 2 },
    { name: 'three', players: 3 },
  ],
});
const task: ShardTask = { plan, start: 0, end: 20, keepGames: false };
const honest = runShard(task);
const forged = (edit: (r: ShardResult['aggregate']) => void): ShardResult => {
  const aggregate = structuredClone(honest.aggregate);
  edit(aggregate);
  return { aggregate };
};

describe('shard plausibility', () => {
  it('honest shards of the built-in experiments pass, an empty one too', async () => {
    expect(malformedShardResult(task, honest)).toBeNull();
    for (const name of ['default', 'labyrinth-variants', 'toll-yields']) {
      const { plan: p } = await loadExperiment(name, { deals: 4 });
      for (const [start, end] of [
        [0, 4],
        [2, 2],
      ] as const)
        expect(
          malformedShardResult(
            { plan: p, start, end, keepGames: false },
            runShard({ plan: p, start, end, keepGames: false }),
          ),
        ).toBeNull();
    }
  });

  it('a score sum of 1e300 is named', () => {
    expect(
      malformedShardResult(
        task,
        forged((a) => (a.arms[0]!.seats[0]!.score.sum = 1e300)),
      ),
    ).toBe('aggregate.arms[0].seats[0].score.sum is 1e+300, expected a whole number within ±20000000');
  });

  it('win shares summing to 112 % are named, as are ranks and a histogram that do not add up', () => {
    const seats = honest.aggregate.arms[1]!.seats;
    const extra = Math.round(0.12 * 20 * 60);
    expect(
      malformedShardResult(
        task,
        forged((a) => (a.arms[1]!.seats[0]!.winUnits = seats[0]!.winUnits + extra)),
      ),
    ).toBe('aggregate.arms[1].seats: the win shares sum to 112.0 % of the games, expected 100 %');
    expect(
      malformedShardResult(
        task,
        forged((a) => a.arms[0]!.seats[1]!.ranks[0]!++),
      ),
    ).toBe('aggregate.arms[0].seats[1].ranks sum to 21, expected its 20 games');
    expect(
      malformedShardResult(
        task,
        forged((a) => a.arms[0]!.margin.counts[0]!++),
      ),
    ).toBe('aggregate.arms[0].margin: its histogram holds 21 values, expected 20');
    expect(
      malformedShardResult(
        task,
        forged((a) => (a.arms[0]!.winnerScore.min = a.arms[0]!.winnerScore.max! + 1)),
      ),
    ).toMatch(/^aggregate\.arms\[0\]\.winnerScore: min \d+, max \d+ and sum \d+ of 20 values disagree$/);
    expect(
      malformedShardResult(
        task,
        forged((a) => (a.arms[0]!.players[0]!.score.sum += 1)),
      ),
    ).toMatch(/^aggregate\.arms\[0\]: the seats' scores sum to \d+, the lineup players' to \d+$/);
  });
});
