/** A notebook's command line: --help, and bad input named with exit 2 before any game is played (nothing written). */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const notebook = (name: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'notebooks', `${name}.ts`), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('notebook command line', () => {
  it('--help prints the usage and the levels, exit 0', () => {
    const r = notebook('labyrinth-variants', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('usage: npx tsx notebooks/labyrinth-variants.ts');
    expect(r.stdout).toContain('--agents SPEC');
  });

  it.each([
    [['--agents', 'random,nosuch'], /unknown agent "nosuch"/],
    [['--deals', '0'], /--deals must be whole numbers/],
    [['--agents', 'random,greedy', '--deals', '5,6,7'], /--deals gives 3 counts for 2 levels/],
    [['--bogus'], /unknown flag --bogus/],
    [['--workers', '2', '--backend', 'redis://localhost:1'], /excludes --workers/],
    [['--players', '7'], /--players must be a whole number from 2 to 6, got "7"/],
    [
      ['--players', '3', 'results/some-run'],
      /--agents, --deals, --players and --experiment apply only when the notebook plays/,
    ],
    [
      ['--experiment', 'default'],
      /not an experiment of the toll-yields study: it needs at least one arm with the tollkeepers expansion/,
    ],
  ])('%j exits 2 naming the problem, playing nothing', (args, message) => {
    const out = tempDir('carclab-nb-');
    const r = notebook('toll-yields', ...args, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('usage:');
    expect(readdirSync(out)).toEqual([]);
  });

  it('names a missing run directory before playing anything', () => {
    const dir = tempDir('carclab-nb-');
    const missing = join(dir, 'no-such-run');
    const r = notebook('king-robber-value', missing);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${missing}: not a finished run directory`);
    expect(existsSync(missing)).toBe(false);
  });

  it('--players N sets every arm to N players, or keeps the arms with N when they have several counts', async () => {
    const { loadExperiment } = await import('../../src/run/load.ts');
    const { withPlayers } = await import('../../src/report/study.ts');
    const lab = (await loadExperiment('labyrinth-variants')).plan;
    const four = withPlayers(lab, 4, 'labyrinth-variants');
    expect(four.arms.map((a) => [a.name, a.players, a.agents.length])).toEqual([
      ['base', 4, 4],
      ['basic', 4, 4],
      ['advanced', 4, 4],
    ]);
    const seats = (await loadExperiment('seat-advantage')).plan;
    expect(new Set(withPlayers(seats, 3, 'seat-advantage').arms.map((a) => a.players))).toEqual(new Set([3]));
    expect(() => withPlayers(seats, 6, 'seat-advantage')).toThrow(
      /--players 6: no arm has 6 players \(the arms have 2, 3, 4, 5\)/,
    );
  });
});
