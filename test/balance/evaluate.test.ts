/**
 * The runner's lines for the user reach the balance log: a context run's shard file spoiled on disk
 * is moved aside and played again, and the line saying so names the seed, context and rule set.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContextRuns } from '../../src/balance/evaluate.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { tempDir } from '../sim/helpers.ts';
import { balance } from './helpers.ts';

/** Every file under `dir`. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

describe('the context runs of a balance search', () => {
  it("forward the runner's lines to the log, naming the rule set", async () => {
    const b = balance();
    const outRoot = tempDir('carclab-balance-log-');
    const point = [3, 1, 0];
    const played = new ContextRuns(b, 'log-1', 20, { outRoot, backend: inProcessBackend(), log: () => {} });
    await played.grow(played.runsOf([point]), 20);
    const shards = filesUnder(join(outRoot, 'games')).filter((f) => /shard/.test(f) && f.endsWith('.json'));
    expect(shards.length).toBeGreaterThan(0);
    writeFileSync(shards[0]!, '{ not a shard');

    const lines: string[] = [];
    const again = new ContextRuns(b, 'log-1', 20, { outRoot, backend: inProcessBackend(), log: (l) => lines.push(l) });
    await again.grow(again.runsOf([point]), 20);
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(/^carclab: balance log-1, 2p.random: farmerPointsPerCity=3 .*is bad.*played again/);
  });
});
