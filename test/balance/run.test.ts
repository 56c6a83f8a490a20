/**
 * `carclab balance` on real games (random agents, small budgets): the answer follows the rules
 * (field points need farmers; city points need points per city tile), it is the same on one
 * thread and on two workers, and a search stopped midway — by Ctrl-C, or killed on one thread and
 * resumed on two workers — resumes to the same answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BalanceResult } from '../../src/balance/result.ts';
import { runBalance } from '../../src/balance/run.ts';
import { inProcessBackend, poolBackend } from '../../src/run/pool.ts';
import { tempDir } from '../sim/helpers.ts';
import { PROCESS_TEST_TIMEOUT, until } from '../wait.ts';
import { answer, balance, FILE } from './helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('carclab balance on real games', () => {
  let reference: BalanceResult;

  it('finds rule sets that follow the rules, the same on one thread and on two workers', async () => {
    const outOne = tempDir('carclab-balance-');
    const one = await runBalance({ balance: balance(), file: null, outRoot: outOne, backend: inProcessBackend() });
    const pool = poolBackend(2);
    const two = await runBalance({
      balance: balance(),
      file: null,
      outRoot: tempDir('carclab-balance-'),
      backend: pool,
    }).finally(() => pool.close());
    expect(one.status).toBe('complete');
    reference = one.result!;
    expect(answer(two.result!)).toBe(answer(reference));
    // The same search again, on its finished runs (kept games in games.arrow): nothing is played.
    const again = await runBalance({
      balance: balance(),
      file: null,
      outRoot: outOne,
      backend: inProcessBackend(),
    });
    expect(again.dir).toBe(one.dir);
    expect(again.gamesPlayed).toBe(0);
    expect(answer(again.result!)).toBe(answer(reference));
    // Without farmers no field points (4 wished); 1 point per city tile gives about 5 city points (7 wished).
    const [leader] = reference.notRejected;
    expect(leader!.values[2]).toBe('on');
    expect(leader!.values[1]).toBeGreaterThanOrEqual(2);
    expect(reference.confirmed[0]!.label).toBe(leader!.label);
    const best = reference.confirmed[0]!;
    expect(best.targets).toHaveLength(2);
    expect(best.targets[0]!.lo).toBeLessThan(best.targets[0]!.estimate);
    expect(best.targets[0]!.hi).toBeGreaterThan(best.targets[0]!.estimate);
    expect(reference.games.grid).toBeGreaterThan(reference.games.search);
    expect(reference.effects).toHaveLength(2);
    for (const name of ['balance.json', 'manifest.json', 'result.json', 'candidates.csv', 'report.md', 'report.html'])
      expect(existsSync(join(one.dir, name))).toBe(true);
    expect(readFileSync(join(one.dir, 'report.md'), 'utf8')).toMatch(
      /## Pareto front of the targets[\s\S]*charts\/pareto-0-1\.png[\s\S]*charts\/effects-0\.png/,
    );
  }, 600_000);

  it('resumes a search stopped midway to the same answer', async () => {
    const out = tempDir('carclab-balance-');
    const stop = new AbortController();
    const first = await runBalance({
      balance: balance(),
      file: null,
      outRoot: out,
      backend: inProcessBackend(),
      signal: stop.signal,
      onGames: (games) => games > 500 && stop.abort(),
    });
    expect(first.status).toBe('interrupted');
    const second = await runBalance({ balance: balance(), file: null, outRoot: out, backend: inProcessBackend() });
    expect(second.status).toBe('complete');
    expect(second.gamesPlayed).toBeLessThan(second.result!.games.search + second.result!.games.confirmation);
    expect(answer(second.result!)).toBe(answer(reference));
  }, 600_000);

  it(
    'resumes after the process is killed, on another worker count',
    async () => {
      const dir = tempDir('carclab-balance-kill-');
      const file = join(dir, 'farms.json');
      writeFileSync(file, JSON.stringify(FILE));
      const out = join(dir, 'out');
      const args = [join(ROOT, 'bin', 'carclab.js'), 'balance', file, '--out', out, '--in-process', '--json'];
      const child = spawn('node', args, { stdio: 'ignore' });
      const exited = new Promise((r) => child.once('exit', r));
      // Kill it once some context runs have finished shards on disk.
      const shards = () => {
        const games = join(out, 'farms');
        if (!existsSync(games)) return 0;
        return readdirSync(games, { recursive: true }).filter(
          (f) => String(f).endsWith('.json') && String(f).includes('shards'),
        ).length;
      };
      // Files on disk send no event: polled, for as long as the test's timeout allows.
      await until(() => shards() >= 5 || child.exitCode !== null, 200);
      expect(child.exitCode, 'the search ended before it could be killed').toBeNull();
      child.kill('SIGKILL');
      await exited;
      // Resumed on two workers: the answer is the in-process one.
      const rerun = spawnSync('node', [...args.slice(0, -2), '--workers', '2', '--json'], {
        encoding: 'utf8',
        timeout: PROCESS_TEST_TIMEOUT,
      });
      expect(rerun.status).toBe(0);
      const { dir: _, ...result } = JSON.parse(rerun.stdout) as BalanceResult & { dir: string };
      expect(answer(result as BalanceResult)).toBe(answer(reference));
    },
    PROCESS_TEST_TIMEOUT,
  );
});
