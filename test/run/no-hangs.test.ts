/**
 * No hangs (issue 13, problem 6), the local cases: an experiment module whose top-level await never
 * settles, a planner question without an answer in reach, and --workers far above the cores each end
 * at once with a message instead of running silently or forever.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { workersFlag } from '../../src/cli/args.ts';
import { tempDir } from '../sim/helpers.ts';
import { AT_ONCE_MS, outputMatches, PROCESS_TEST_TIMEOUT, watch } from '../wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const carclab = (...args: string[]) => {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 4 * AT_ONCE_MS,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - t0 };
};

describe('no hangs', () => {
  it('an experiment whose top-level await never settles is reported (exit 2), not a silent exit 0', () => {
    const dir = tempDir();
    const file = join(dir, 'hang.mts');
    writeFileSync(file, 'await new Promise(() => {});\nexport default {};\n');
    const r = carclab('run', file, '--out', join(dir, 'out'), '--in-process');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${file}: the module did not finish loading (it waits for something that never happens)`,
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('carclab plan --diff 1e-7 --sd 15 answers at once that the question is out of reach', () => {
    const r = carclab('plan', '--diff', '1e-7', '--sd', '15');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /detecting this would take about 1\.8e\+17 deals, more than the 1e\+9 the planner searches/,
    );
    // At once, not after searching.
    expect(r.ms).toBeLessThan(AT_ONCE_MS);
  });

  it(
    'SIGTERM ends a run whose running shard is long (search agents) within seconds, exit 130',
    async () => {
      const dir = tempDir();
      writeFileSync(
        join(dir, 'slow.json'),
        JSON.stringify({ seed: 's', deals: 400, arms: [{ name: 'a', players: 2, agents: 'mcts' }] }),
      );
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'bin', 'carclab.js'),
          'run',
          join(dir, 'slow.json'),
          '--out',
          join(dir, 'out'),
          '--workers',
          '1',
          '--shard-deals',
          '400',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const run = watch(child);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      // The run is under way once its progress line shows (however long node takes to start on a busy machine).
      await outputMatches(run, (log) => log.includes('games ['), 'the progress line');
      const t0 = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(130);
      // The running shard gets 10 s, then the run stops: seconds, not the minutes the shard would take.
      expect(Date.now() - t0).toBeLessThan(AT_ONCE_MS);
      expect(run.log()).toContain('the running shards did not finish within 10 s; stopped, finished shards are kept');
    },
    PROCESS_TEST_TIMEOUT,
  );

  it('--workers 256 on 2 cores is capped at 8 with a warning', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(workersFlag('256', 2, 2)).toBe(8);
      expect(stderr).toHaveBeenCalledWith(
        "carclab: --workers 256 is more than 4 per core on this machine's 2 cores; using 8\n",
      );
      expect(workersFlag('8', 2, 2)).toBe(8);
      expect(stderr).toHaveBeenCalledTimes(1);
    } finally {
      stderr.mockRestore();
    }
  });
});
