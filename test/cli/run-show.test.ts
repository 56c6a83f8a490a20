/** `carclab run` and `carclab show` as a user runs them: real processes, files, exit codes and signals. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/run/load.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'carclab.js');
function carclab(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = tempDir('carclab-run-');
// Like a project of its own: .ts files there are ES modules.
writeFileSync(join(dir, 'package.json'), '{"type": "module"}');
/** Writes an experiment module into the scratch directory. */
function experimentFile(name: string, body: string): string {
  const path = join(dir, `${name}.ts`);
  writeFileSync(
    path,
    `import { defineExperiment } from ${JSON.stringify(join(ROOT, 'src', 'sim', 'experiment.ts'))};\nexport default defineExperiment(${body});\n`,
  );
  return path;
}

describe('carclab run', () => {
  const small = experimentFile(
    'small',
    `{ seed: 'cli', deals: 60, arms: [{ name: 'a', players: 2 }, { name: 'b', players: 3, rules: { farmers: 'off' } }] }`,
  );

  it('runs an experiment file on a worker pool, prints a summary and where the results are, and show replays any game', () => {
    const out = join(dir, 'out1');
    const r = carclab('run', small, '--out', out, '--workers', '2', '--keep-games');
    expect(r.stderr).toMatch(/games \[.*\] 100% \| 120\/120/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^small: 120 games/);
    expect(r.stdout).toMatch(/b − a: score/);
    const runDir = r.stdout.match(/^results: (.+)$/m)![1]!;
    expect(readdirSync(runDir).sort()).toEqual([
      'games.arrow',
      'games.arrow.sha256',
      'lineup.csv',
      'manifest.json',
      'pairs.csv',
      'plan.json',
      'seats.csv',
      'shards',
      'stats.csv',
      'summary.json',
    ]);

    const games = aq.fromArrow(readFileSync(join(runDir, 'games.arrow'))).objects() as {
      arm: number;
      deal: number;
      rotation: number;
      score0: number;
      score1: number;
      score2: number;
    }[];
    const row = games.find((g) => g.arm === 1 && g.deal === 17)!;
    const shown = carclab('show', runDir, '--arm', 'b', '--deal', '17', '--json');
    expect(shown.code).toBe(0);
    const game = JSON.parse(shown.stdout);
    expect(game.rotation).toBe(row.rotation);
    expect(game.scores).toEqual([row.score0, row.score1, row.score2]);
    expect(game.events.at(-1)).toEqual({ type: 'gameOver', scores: game.scores });

    const text = carclab('show', runDir, '--arm', '0', '--deal', '5');
    expect(text.stdout).toMatch(/^small, arm a, deal 5, rotation 1: P0 = lineup player 1 \(random\)/);
    expect(text.stdout).toMatch(/turn 1: P0 places/);
  });

  it.each([
    [['run', 'no-such-experiment'], /unknown experiment "no-such-experiment"/],
    [['run', small, '--workers', '0'], /--workers must be a whole number from 1/],
    [['run', small, '--frobnicate'], /unknown flag --frobnicate/],
    [['show', dir, '--arm', 'a', '--deal', '0'], /not a run directory/],
  ])('exits 2 on bad input %j', (args, message) => {
    const r = carclab(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('exits 2 on a wrong experiment, naming the file and the arm, and writes nothing', () => {
    const bad = experimentFile(
      'bad',
      `{ seed: 1, deals: 10, arms: [{ name: 'ok', players: 2 }, { name: 'typo', players: 2, rules: { farmer: 'off' } }] }`,
    );
    const out = join(dir, 'out-bad');
    const r = carclab('run', bad, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}: arms[1] "typo": unknown rule "farmer"`);
    expect(existsSync(out)).toBe(false);
  });

  it('stops cleanly on Ctrl-C and the same command resumes to the results of an uninterrupted run', async () => {
    const big = experimentFile('big', `{ seed: 'sigint', deals: 6000, arms: [{ name: 'a', players: 2 }] }`);
    const out = join(dir, 'out-sigint');
    const args = [BIN, 'run', big, '--out', out, '--in-process', '--shard-deals', '40'];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const shardsDir = () => {
      const runs = existsSync(join(out, 'big')) ? readdirSync(join(out, 'big')) : [];
      return runs.length ? join(out, 'big', runs[0]!, 'shards') : undefined;
    };
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      const poll = setInterval(() => {
        const shards = shardsDir();
        if (shards && existsSync(shards) && readdirSync(shards).some((f) => f.endsWith('.json'))) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 20);
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(/run the same command to resume/);
    const runDir = join(shardsDir()!, '..');
    const manifest = JSON.parse(readFileSync(join(runDir, 'manifest.json'), 'utf8'));
    expect(manifest.status).toBe('interrupted');
    expect(manifest.games.done).toBeLessThan(6000);
    expect(existsSync(join(runDir, 'summary.json'))).toBe(false);

    const resumed = carclab('run', big, '--out', out, '--in-process');
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/resuming: [\d,]+ games already done/);
    const { plan } = await loadExperiment(big);
    const whole = await runExperiment({
      plan,
      outRoot: join(dir, 'out-whole'),
      backend: inProcessBackend(),
      keepGames: false,
    });
    expect(readFileSync(join(runDir, 'summary.json'), 'utf8')).toBe(
      readFileSync(join(whole.runDir, 'summary.json'), 'utf8'),
    );
  });
});
