/** `strong` plays the same games on 1 and 2 pool workers and in-process (byte-identical results). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessBackend, poolBackend } from '../../src/run/pool.ts';
import type { Backend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';
import { PROCESS_TEST_TIMEOUT } from '../wait.ts';

const plan = planOf({
  name: 'strong-workers',
  seed: 'strong-w',
  deals: 4,
  rotation: 'all',
  arms: [
    { name: 'base', players: 2, agents: ['strong', 'greedy'] },
    {
      name: 'all',
      players: 3,
      expansions: ['tollkeepers', 'labyrinth', 'kingRobber'],
      agents: ['strong', 'greedy', 'greedy'],
    },
    // the value networks of 4 and 5 players, one ply (cheap)
    { name: 'four', players: 4, agents: ['strong:lookahead=0', 'greedy', 'greedy', 'greedy'] },
    { name: 'five', players: 5, agents: ['strong:lookahead=0', 'greedy', 'greedy', 'greedy', 'greedy'] },
  ],
});

async function run(backend: Backend, shardDeals: number) {
  try {
    const outcome = await runExperiment({ plan, outRoot: tempDir(), backend, keepGames: true, shardDeals });
    expect(outcome.status).toBe('complete');
    return {
      summary: readFileSync(join(outcome.runDir, 'summary.json'), 'utf8'),
      games: readFileSync(join(outcome.runDir, 'games.arrow')),
    };
  } finally {
    await backend.close();
  }
}

describe('strong in runs', () => {
  it(
    'gives byte-identical games on 1 worker, 2 workers and in-process',
    async () => {
      const one = await run(poolBackend(1), 4);
      for (const other of [await run(poolBackend(2), 1), await run(inProcessBackend(), 4)]) {
        expect(other.summary).toBe(one.summary);
        expect(Buffer.compare(other.games, one.games)).toBe(0);
      }
      expect(JSON.parse(one.summary).games).toBe(4 * 2 + 4 * 3 + 4 * 4 + 4 * 5);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
