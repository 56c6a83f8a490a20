/**
 * mcts through the runner: with an iteration budget a run is byte-identical whatever the worker
 * count; with a time budget the manifest says it is not reproducible. And its bench keys' shape.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchMctsIterations, benchMove } from '../../src/cli/bench-mcts.ts';
import { inProcessBackend, poolBackend } from '../../src/run/pool.ts';
import type { Backend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

async function run(agents: string[], backend: Backend, deals = 2) {
  const plan = planOf({
    name: 'mcts-runs',
    seed: 'mcts-7',
    deals,
    rotation: 'all',
    columns: ['score', 'rank', 'breakdown'],
    arms: [
      { name: 'mcts-2p', players: 2, agents },
      { name: 'mcts-3p', players: 3, expansions: ['tollkeepers'], agents: `${agents[0]},width=0` },
    ],
  });
  try {
    const outcome = await runExperiment({ plan, outRoot: tempDir(), backend, keepGames: true, shardDeals: 1 });
    expect(outcome.status).toBe('complete');
    const read = (file: string) => readFileSync(join(outcome.runDir, file));
    return {
      summary: read('summary.json').toString(),
      games: read('games.arrow'),
      manifest: JSON.parse(read('manifest.json').toString()),
    };
  } finally {
    await backend.close();
  }
}

describe('mcts in runs', () => {
  it('gives byte-identical results on 1 and 2 workers with an iteration budget', async () => {
    const agents = ['mcts:iterations=6,depth=3', 'random'];
    const one = await run(agents, poolBackend(1));
    const two = await run(agents, poolBackend(2));
    expect(two.summary).toBe(one.summary);
    expect(Buffer.compare(two.games, one.games)).toBe(0);
    expect(one.manifest.reproducible).toBe(true);
    expect(one.manifest.arms[0].agents[0]).toMatch(/^mcts:iterations=6,ms=0,c=/);
  });
  it('marks a run with a time budget as not reproducible', async () => {
    const timed = await run(['mcts:ms=1,depth=2', 'random'], inProcessBackend(), 1);
    expect(timed.manifest.reproducible).toBe(false);
  });
});

describe('mcts bench keys', () => {
  it('report iterations per second and milliseconds per move in their JSON shape', async () => {
    const iterations = await benchMctsIterations(1, 0.125);
    expect(Object.keys(iterations)).toEqual(['iterationsPerSecond', 'runs']);
    expect(iterations.iterationsPerSecond).toBeGreaterThan(0);
    const move = await benchMove('mcts', 1, 0.125);
    expect(Object.keys(move)).toEqual(['msPerMove', 'runs']);
    expect(move.msPerMove).toBeGreaterThan(0);
  });
});
