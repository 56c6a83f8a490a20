/**
 * `carclab tune` on real games: a target whose answer is known by construction is recovered, the
 * answer is the same on 1 and 2 workers, an interrupted tuning resumes, and the command line
 * refuses bad input without writing anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessBackend, poolBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { candidatePlan, resolveTuning } from '../../src/tune/definition.ts';
import type { Tuning } from '../../src/tune/definition.ts';
import { measureOf } from '../../src/tune/metric.ts';
import { answerText } from '../../src/tune/report.ts';
import { runTuning } from '../../src/tune/run.ts';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const definition = (equals: number) => ({
  name: 'farm',
  seed: 'recover-1',
  players: 2,
  agents: 'random',
  parameter: { name: 'farmerPointsPerCity', min: 0, max: 10 },
  target: { metric: 'score.field', equals },
  precision: 0.4,
  budget: { games: 20_000, firstDeals: 50, maxDeals: 1200 },
});

/** Field points per player and game measured by a plain run at farmerPointsPerCity = 4, on the tuning's deals. */
async function fieldPointsAt4(out: string): Promise<number> {
  const tuning = resolveTuning(definition(0), 'test', 'farm');
  const plan = candidatePlan(tuning, [4], tuning.budget.maxDeals);
  const run = await runExperiment({ plan, outRoot: out, backend: inProcessBackend(), keepGames: false });
  return measureOf(run.summary!.arms[0]!, 'score.field').mean;
}

describe('carclab tune on real games', () => {
  it('recovers a known answer: the farmerPointsPerCity whose field points equal those measured at 4', async () => {
    const out = tempDir('carclab-tune-');
    const target = await fieldPointsAt4(out);
    const tuning: Tuning = resolveTuning(definition(target), 'test', 'farm');
    const outcome = await runTuning({ tuning, file: null, outRoot: out, backend: inProcessBackend() });
    expect(outcome.status).toBe('complete');
    const result = outcome.result!;
    expect(result.status).toBe('found');
    expect(result.value).toBe(4);
    expect(result.lo).toBeLessThan(result.estimate);
    expect(result.hi).toBeGreaterThan(result.estimate);
    expect(result.confirmation.reason).toBe('precision');
    expect((result.hi - result.lo) / 2).toBeLessThanOrEqual(tuning.precision);
    expect(result.notRejected).toContain(4);
    // The target is the value at 4 on the search's deals, so fresh deals may put it outside their interval: said when so.
    expect(result.warnings.some((w) => /excludes the target/.test(w))).toBe(result.lo > target || result.hi < target);
    expect(result.games).toBe(result.searchGames + result.confirmation.games);
    // Far fewer games than measuring all 11 values to the search's last look.
    expect(result.searchGames).toBeLessThan(11 * tuning.budget.maxDeals);
    for (const name of [
      'tuning.json',
      'manifest.json',
      'result.json',
      'candidates.csv',
      'report.md',
      'report.html',
      'charts/sweep.png',
    ]) {
      expect(existsSync(join(outcome.dir, name)), name).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(outcome.dir, 'manifest.json'), 'utf8')).status).toBe('complete');
    expect(readFileSync(join(outcome.dir, 'report.md'), 'utf8')).toMatch(/chosen farmerPointsPerCity = 4/);

    // Run again: every decision is replayed from the finished shards, nothing is played.
    const again = await runTuning({ tuning, file: null, outRoot: out, backend: inProcessBackend() });
    expect(again.gamesPlayed).toBe(0);
    expect(again.result).toEqual(result);
  });

  it('gives the same answer, byte for byte, on 1 and 2 workers', async () => {
    const tuning = resolveTuning(
      { ...definition(5), budget: { games: 5_000, firstDeals: 40, maxDeals: 160 } },
      'test',
      'farm',
    );
    const results: string[] = [];
    for (const workers of [1, 2]) {
      const backend = poolBackend(workers);
      try {
        const outcome = await runTuning({ tuning, file: null, outRoot: tempDir('carclab-tune-'), backend });
        results.push(readFileSync(join(outcome.dir, 'result.json'), 'utf8'));
      } finally {
        await backend.close();
      }
    }
    expect(results[1]).toBe(results[0]);
  });

  it('resumes an interrupted tuning and ends with the same answer', async () => {
    const tuning = resolveTuning(
      { ...definition(5), budget: { games: 5_000, firstDeals: 40, maxDeals: 160 } },
      'test',
      'farm',
    );
    const whole = await runTuning({
      tuning,
      file: null,
      outRoot: tempDir('carclab-tune-'),
      backend: inProcessBackend(),
    });
    const out = tempDir('carclab-tune-');
    const controller = new AbortController();
    const stopped = await runTuning({
      tuning,
      file: null,
      outRoot: out,
      backend: inProcessBackend(),
      signal: controller.signal,
      onGames: (games) => games >= 100 && controller.abort(),
    });
    expect(stopped.status).toBe('interrupted');
    expect(JSON.parse(readFileSync(join(stopped.dir, 'manifest.json'), 'utf8')).status).toBe('interrupted');
    expect(existsSync(join(stopped.dir, 'result.json'))).toBe(false);
    const resumed = await runTuning({ tuning, file: null, outRoot: out, backend: inProcessBackend() });
    expect(resumed.gamesPlayed).toBeLessThan(whole.gamesPlayed);
    expect(readFileSync(join(resumed.dir, 'result.json'), 'utf8')).toBe(
      readFileSync(join(whole.dir, 'result.json'), 'utf8'),
    );
  });

  it('says when no value in the range reaches the target', async () => {
    const tuning = resolveTuning(
      { ...definition(100), budget: { games: 5_000, firstDeals: 40, maxDeals: 160 } },
      'test',
      'farm',
    );
    const { result } = await runTuning({
      tuning,
      file: null,
      outRoot: tempDir('carclab-tune-'),
      backend: inProcessBackend(),
    });
    expect(result!.status).toBe('unreachable');
    expect(result!.value).toBe(10);
    expect(result!.log.join('\n')).toMatch(/no value in \[0, 10\] reaches the target 100/);
    expect(result!.notRejected).toEqual([]);
    // The confirmation's interval excludes the target and the cap comes before the precision: both said.
    expect(result!.warnings.join('\n')).toMatch(/excludes the target 100/);
  });

  it('warns when the confirmation misses the precision, in the answer and its text', async () => {
    const tuning = resolveTuning(
      { ...definition(5), precision: 1e-9, budget: { games: 5_000, firstDeals: 40, maxDeals: 160 } },
      'test',
      'farm',
    );
    const { result } = await runTuning({
      tuning,
      file: null,
      outRoot: tempDir('carclab-tune-'),
      backend: inProcessBackend(),
    });
    expect(result!.confirmation.reason).toBe('deals');
    expect(result!.warnings.join('\n')).toMatch(
      /precision not reached: the confirmation's half-width is ±[\d.]+ after all 160 deals it may play, ±1e-9 was asked/,
    );
    expect(answerText(tuning, result!)).toMatch(/precision ±1e-9, not reached: ±[\d.]+\)/);
    expect(answerText(tuning, result!)).toMatch(/WARNING: precision not reached/);
  });
});

describe('carclab tune (command line)', () => {
  const carclab = (...args: string[]) => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), 'tune', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const file = (content: unknown) => {
    const path = join(tempDir('carclab-tune-cli-'), 'tuning.json');
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  it('prints one JSON object with value, estimate, lo, hi and games', () => {
    const out = tempDir('carclab-tune-cli-');
    const r = carclab(
      file({ ...definition(5), budget: { games: 5_000, firstDeals: 40, maxDeals: 160 } }),
      '--in-process',
      '--out',
      out,
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    for (const key of ['value', 'estimate', 'lo', 'hi', 'games']) expect(typeof result[key], key).toBe('number');
    expect(result.status).toBe('found');
  });

  it('accepts --new-run, as its own error message asks', () => {
    const r = carclab(
      file({ ...definition(5), budget: { games: 2_000, firstDeals: 20, maxDeals: 40 } }),
      '--in-process',
      '--out',
      tempDir('carclab-tune-cli-'),
      '--json',
      '--new-run',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).status).toMatch(/found|budget/);
  });

  // Every kind of bad definition is checked in definition.test.ts; here: the exit code and no files.
  it('exits 2 on bad input and writes nothing', () => {
    const out = join(tempDir('carclab-tune-cli-'), 'results');
    const bad: [unknown, RegExp][] = [
      [
        { ...definition(5), parameter: { name: 'farmerPointsPerCty', min: 0, max: 10 } },
        /unknown rule "farmerPointsPerCty"; did you mean "farmerPointsPerCity"\?/,
      ],
    ];
    for (const [content, message] of bad) {
      const r = carclab(file(content), '--in-process', '--out', out);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(carclab('no-such-tuning', '--out', out).stderr).toMatch(/unknown tuning "no-such-tuning"/);
    expect(existsSync(out)).toBe(false);
  });
});
