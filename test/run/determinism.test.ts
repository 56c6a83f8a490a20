/**
 * Results are bit-identical for any number of workers, any shard size and either backend
 * (docs/architecture.md §6): the same experiment gives byte-identical summary.json
 * (and games.arrow) with 1 worker, 2 workers and in-process, with different shard sizes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessBackend, poolBackend } from '../../src/run/pool.ts';
import type { Backend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const plan = planOf({
  name: 'determinism',
  seed: 'det-7',
  deals: 120,
  columns: ['score', 'rank', 'breakdown', 'stats'],
  arms: [
    { name: 'base-2p', players: 2 },
    { name: 'base-3p', players: 3 },
    { name: 'no-farmers', players: 2, rules: { farmers: 'off' } },
  ],
});

async function run(backend: Backend, shardDeals: number) {
  try {
    const outcome = await runExperiment({ plan, outRoot: tempDir(), backend, keepGames: true, shardDeals });
    expect(outcome.status).toBe('complete');
    return {
      summary: readFileSync(join(outcome.runDir, 'summary.json'), 'utf8'),
      games: readFileSync(join(outcome.runDir, 'games.arrow')),
      pairs: readFileSync(join(outcome.runDir, 'pairs.csv'), 'utf8'),
    };
  } finally {
    await backend.close();
  }
}

describe('a run', () => {
  it('gives byte-identical results in-process, on 1 worker and on 2 workers, with any shard size', async () => {
    const reference = await run(inProcessBackend(), 120);
    const variants = [
      await run(inProcessBackend(), 7),
      await run(poolBackend(1), 33),
      await run(poolBackend(2), 10),
      await run(poolBackend(2), 1),
    ];
    for (const v of variants) {
      expect(v.summary).toBe(reference.summary);
      expect(v.pairs).toBe(reference.pairs);
      expect(Buffer.compare(v.games, reference.games)).toBe(0);
    }
    const summary = JSON.parse(reference.summary);
    expect(summary.games).toBe(120 * 3);
    expect(summary.arms.map((a: { games: number }) => a.games)).toEqual([120, 120, 120]);
  });
});
