/**
 * `carclab plan`: the command run in-process (fast), and once as a real process for the exit code
 * of bad input.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.ts';
import { planCommand } from '../../src/cli/plan.ts';

async function plan(...argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const { positionals, flags } = parseCommandArgs(planCommand, argv);
  const code = await planCommand.run(positionals, flags);
  return { code, stdout };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('carclab plan', () => {
  it('--diff 1 --sd 1 prints 7.85 → 8 deals by the normal formula and 10 with t', async () => {
    const r = await plan('--diff', '1', '--sd', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/= 7\.85 → 8 deals/);
    expect(r.stdout).toMatch(/refined with t .* = 9\.89 with 9 df → 10 deals/);
    expect(r.stdout).toMatch(/exact \(noncentral t\) +n = 10 deals, power 0\.8031/);
  });
  it('--p1 0.5 --p2 0.55 --json prints 1565 games per arm; --one-sample 783 games', async () => {
    expect(JSON.parse((await plan('--p1', '0.5', '--p2', '0.55', '--json')).stdout)).toMatchObject({
      p1: 0.5,
      p2: 0.55,
      games: 1565,
      oneSample: false,
    });
    expect((await plan('--p1', '0.5', '--p2', '0.55', '--one-sample')).stdout).toMatch(/→ 783 games \(/);
  });
  it('missing, mixed or out-of-range flags are usage errors that say why', async () => {
    await expect(plan('--diff', '1')).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringMatching(/--diff and --sd go together/),
    });
    await expect(plan('--p1', '0.5', '--diff', '1', '--sd', '1')).rejects.toThrow(
      /either --diff and --sd, or --p1 and --p2/,
    );
    await expect(plan('--diff', '1', '--sd', '1', '--alpha', '1.5')).rejects.toThrow(
      /--alpha must be a number between 0 and 1, got "1\.5"/,
    );
    await expect(plan('--p1', '0.5', '--p2', 'half')).rejects.toThrow(
      /--p2 must be a win rate between 0 and 1, got "half"/,
    );
    await expect(plan('--diff', '1', '--sd', '1', '--sides', '3')).rejects.toThrow(/--sides must be 1 or 2/);
  });
  it('bad input from the command line is exit 2 with the reason on stderr and nothing on stdout', () => {
    const r = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '..', '..', 'bin', 'carclab.js'), 'plan', '--sd', '0', '--diff', '1'],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--sd must be a positive number, got "0"/);
  });
});
