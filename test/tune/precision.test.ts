/** `carclab run --precision`: batches until the intervals are narrow enough, and what it records. */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import {
  FIRST_BATCH_DEALS,
  nextBatchDeals,
  parsePrecision,
  precisionPlan,
  runToPrecision,
} from '../../src/tune/precision.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const experiment = (deals: number) => ({
  name: 'prec',
  seed: 'prec-1',
  deals,
  rotation: 'cycle',
  arms: [
    { name: 'base', players: 2, agents: 'random' },
    { name: 'no-farmers', players: 2, agents: 'random', rules: { farmers: 'off' } },
  ],
});

describe('--precision', () => {
  it('parses METRIC=HALFWIDTH lists and names what is wrong', () => {
    const plan = planOf(experiment(100));
    expect(parsePrecision('margin=0.2, seat0.wins=0.01', plan)).toEqual([
      { metric: 'margin', halfWidth: 0.2 },
      { metric: 'seat0.wins', halfWidth: 0.01 },
    ]);
    for (const [text, message] of [
      ['margin', /"margin" is not METRIC=HALFWIDTH/],
      ['margin=-1', /half-width > 0/],
      ['margin=0.2=3', /not METRIC=HALFWIDTH/],
      ['stat.tollIncome=0.1', /arm "base" does not measure "stat\.tollIncome"/],
      ['margin=1,margin=2', /names margin twice/],
    ] as const) {
      expect(() => parsePrecision(text, plan), text).toThrow(InputError);
      expect(() => parsePrecision(text, plan), text).toThrow(message);
    }
  });

  it('asks for the deals the widest interval needs, at least 1.5 × and at most the cap', () => {
    const targets = [{ metric: 'margin', halfWidth: 0.5 }];
    expect(nextBatchDeals(200, { margin: 1 }, targets, 10_000)).toBe(Math.ceil(200 * 4 * 1.1));
    expect(nextBatchDeals(200, { margin: 0.51 }, targets, 10_000)).toBe(300);
    expect(nextBatchDeals(200, { margin: 5 }, targets, 1000)).toBe(1000);
  });

  it('stops once every interval is narrow enough, with the summary of a plain run of that many deals', async () => {
    const out = tempDir('carclab-prec-');
    const base = planOf(experiment(5000));
    const targets = parsePrecision('margin=0.8,seat0.wins=0.05', base);
    const batches: number[] = [];
    const outcome = await runToPrecision(
      targets,
      { plan: precisionPlan(base, targets), outRoot: out, backend: inProcessBackend(), keepGames: false },
      (b) => batches.push(b.deals),
    );
    const stop = outcome.stop!;
    expect(stop.reason).toBe('precision');
    expect(batches[0]).toBe(FIRST_BATCH_DEALS);
    expect(batches.length).toBeGreaterThan(1);
    expect(stop.deals).toBe(batches[batches.length - 1]);
    expect(
      stop.batches.slice(0, -1).every((b) => b.halfWidths.margin! > 0.8 || b.halfWidths['seat0.wins']! > 0.05),
    ).toBe(true);
    expect(stop.batches.at(-1)!.halfWidths.margin).toBeLessThanOrEqual(0.8);
    expect(outcome.summary!.deals).toBe(stop.deals);
    const manifest = JSON.parse(readFileSync(join(outcome.runDir, 'manifest.json'), 'utf8'));
    expect(manifest.stop).toEqual(stop);
    expect(manifest.dealsLimit).toBe(stop.deals);

    // The same deals as a plain run of stop.deals deals: the same numbers.
    const plain = await runExperiment({
      plan: planOf(experiment(stop.deals)),
      outRoot: out,
      backend: inProcessBackend(),
      keepGames: false,
    });
    expect(outcome.summary!.arms).toEqual(plain.summary!.arms);
    expect(outcome.summary!.pairs).toEqual(plain.summary!.pairs);
  });

  it("stops at the plan's deals when the precision is out of reach, and says so", async () => {
    const base = planOf(experiment(FIRST_BATCH_DEALS + 100));
    const targets = parsePrecision('seat0.wins=0.001', base);
    const outcome = await runToPrecision(targets, {
      plan: precisionPlan(base, targets),
      outRoot: tempDir('carclab-prec-'),
      backend: inProcessBackend(),
      keepGames: false,
    });
    expect(outcome.stop).toMatchObject({ reason: 'deals', deals: FIRST_BATCH_DEALS + 100 });
    expect(outcome.stop!.batches.map((b) => b.deals)).toEqual([FIRST_BATCH_DEALS, FIRST_BATCH_DEALS + 100]);
    // Every arm's interval at the stop, with its method, is recorded.
    expect(outcome.stop!.intervals.map((iv) => iv.arm)).toEqual(['base', 'no-farmers']);
    expect(outcome.stop!.intervals[0]!.method).toMatch(/^Wilson at nominal 99 % \(covers ≥ 95 % under the stop\)$/);
  });

  it('runs from the command line and refuses --keep-games with it', () => {
    const dir = tempDir('carclab-prec-cli-');
    const file = join(dir, 'prec.json');
    writeFileSync(file, JSON.stringify(experiment(2000)));
    const carclab = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [
          join(import.meta.dirname, '..', '..', 'bin', 'carclab.js'),
          'run',
          file,
          '--in-process',
          '--out',
          join(dir, 'out'),
          ...args,
        ],
        { encoding: 'utf8' },
      );
    const r = carclab('--precision', 'margin=1.5');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`precision after ${FIRST_BATCH_DEALS} deals: margin ±[\\d.]+ \\(wanted ±1\\.5\\)`),
    );
    expect(r.stderr).toMatch(
      // A margin is a whole count ≥ 0 per deal: the exact Poisson interval of its total (issue 36).
      /carclab: base margin [\d.]+ \[[\d.]+, [\d.]+\] \(exact Poisson \(Garwood\) on the total, widened by its dispersion at nominal 99 %/,
    );
    const bad = carclab('--precision', 'margin=1.5', '--keep-games');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--precision and --keep-games exclude each other/);
  });
});
