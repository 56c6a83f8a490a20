/** `carclab show … --svg/--png` and `carclab replay … --svg/--png` draw the final board. */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'carclab.js');
const carclab = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' });
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

describe('board pictures from the command line', () => {
  it('show draws one game of a run as SVG and PNG, besides its log', async () => {
    const plan = planOf({
      name: 'pics',
      seed: 'pics',
      deals: 3,
      arms: [{ name: 'all', players: 3, expansions: ['tollkeepers', 'labyrinth', 'kingRobber'] }],
    });
    const { runDir } = await runExperiment({
      plan,
      outRoot: tempDir('carclab-pics-'),
      backend: inProcessBackend(),
      keepGames: false,
    });
    const out = tempDir('carclab-pics-out-');
    const r = carclab(
      'show',
      runDir,
      '--arm',
      'all',
      '--deal',
      '2',
      '--svg',
      join(out, 'b.svg'),
      '--png',
      join(out, 'b.png'),
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^pics, arm all, deal 2/);
    expect(r.stderr).toContain(`board: ${join(out, 'b.svg')}`);
    expect(readFileSync(join(out, 'b.svg'), 'utf8')).toMatch(/<svg[\s\S]*arm all, deal 2[\s\S]*<\/svg>/);
    expect([...readFileSync(join(out, 'b.png')).subarray(0, 4)]).toEqual(PNG_MAGIC);
  });

  it('replay draws a scenario, and writes nothing for an illegal one', () => {
    const dir = join(ROOT, 'test', 'scenarios', 'expansions');
    const scenario = join(
      dir,
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()[0]!,
    );
    const out = tempDir('carclab-replay-pic-');
    const r = carclab('replay', scenario, '--json', '--png', join(out, 'r.png'));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).scores).toBeInstanceOf(Array);
    expect([...readFileSync(join(out, 'r.png')).subarray(0, 4)]).toEqual(PNG_MAGIC);

    const bad = join(out, 'bad.json');
    writeFileSync(bad, JSON.stringify({ players: 2, turns: [{ tile: 'E', at: [5, 5], rotation: 0 }] }));
    const b = carclab('replay', bad, '--svg', join(out, 'bad.svg'));
    expect(b.status).toBe(2);
    expect(readdirSync(out)).not.toContain('bad.svg');
    expect(carclab('replay', scenario, '--svg', '').status).toBe(2);
  });
});
