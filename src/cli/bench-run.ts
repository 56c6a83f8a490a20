/**
 * Whole-process benchmarks, timed in child `carclab` processes.
 *
 * End-to-end run (`carclab bench --only run-2w-vs-main`): wall time of a whole
 * `carclab run default --deals N` process on 2 pool workers against the same run `--in-process`
 * (start-up, merging and writing included), each into a fresh temporary results root. The runs
 * alternate which goes first; the figure is the median of the per-pair ratios (the machine is shared
 * and noisy). On 2 cores a healthy pool gives about 1.8: a ratio near 1 means the worker threads play
 * slower than the main thread (issue 12: they loaded TypeScript the slow way). The JavaScript build
 * of the sources (`src/run/js-build.mjs`) is made before the first timed run, as any run after the
 * first of this code finds it.
 *
 * A ratio of two bench cases (`random-per-greedy`): each case timed by `carclab bench` processes of
 * its own, alternating, the median of the per-pair ratios.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternatingRounds } from '../run/bench-pool.ts';
import { REPO_ROOT } from '../run/files.ts';
import { jsBuild } from '../run/js-build.mjs';

export interface RunVsMainFigure {
  /** Median games/s of the 2-worker runs. */
  gamesPerSecond: number;
  runs: number;
  /** Median of the per-pair ratios, 2 workers ÷ in-process. */
  ratio: number;
  inProcessGamesPerSecond: number;
  ratios: number[];
}

const CARCLAB = join(REPO_ROOT, 'bin', 'carclab.js');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;

/** Games/s of one `carclab run default` process, timed from spawn to exit. */
function timedRun(deals: number, mode: string[]): number {
  const out = mkdtempSync(join(tmpdir(), 'carclab-bench-'));
  try {
    const start = performance.now();
    const r = spawnSync(
      process.execPath,
      [CARCLAB, 'run', 'default', '--deals', String(deals), '--out', out, ...mode],
      { encoding: 'utf8' },
    );
    const seconds = (performance.now() - start) / 1000;
    if (r.status !== 0) throw new Error(`carclab run ${mode.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
    // The default experiment plays every deal under 2 arms.
    return (2 * deals) / seconds;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * `deals` is the run of issue 12's own measurement (`carclab run default --deals 100000`, 200,000
 * games): long enough that the figure is the pool's throughput, not only the start-up both modes pay.
 */
export async function benchRunVsMain(runs: number, scale = 1, deals = 100_000): Promise<RunVsMainFigure> {
  const n = Math.max(1, Math.min(runs, 3));
  const size = Math.max(100, Math.round(deals * scale));
  jsBuild();
  const {
    first: pool,
    second: main,
    ratios,
  } = await alternatingRounds(
    n,
    () => timedRun(size, ['--workers', '2']),
    () => timedRun(size, ['--in-process']),
  );
  return {
    gamesPerSecond: Math.round(median(pool)),
    runs: n,
    ratio: median(ratios),
    inProcessGamesPerSecond: Math.round(median(main)),
    ratios,
  };
}

export interface ProcessRatioFigure {
  /** Median games/s of the first case's processes. */
  gamesPerSecond: number;
  /** Median games/s of the second case's processes. */
  otherGamesPerSecond: number;
  runs: number;
  /** Median of the per-pair ratios, first ÷ second. */
  ratio: number;
  ratios: number[];
}

/** The figure one `carclab bench --only KEY --runs 5 --json` process prints for its case. */
function benchProcess(key: string, scale: number, cpu: boolean): number {
  const flags = ['bench', '--only', key, '--runs', '5', '--scale', String(scale), '--json', ...(cpu ? ['--cpu'] : [])];
  const r = spawnSync(process.execPath, [CARCLAB, ...flags], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`carclab ${flags.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as Record<string, { gamesPerSecond: number }>)[key]!.gamesPerSecond;
}

/**
 * How many times faster bench case `a` plays than case `b`, each in processes of its own as
 * `carclab bench --only` times them (one process playing both would let each case's type feedback
 * slow the other's compiled code). The processes alternate which goes first; the figure is the
 * median of the per-pair ratios, since this host's speed swings between processes and minutes.
 */
export async function benchProcessRatio(
  a: string,
  b: string,
  runs: number,
  scale = 1,
  cpu = false,
): Promise<ProcessRatioFigure> {
  const n = Math.max(1, Math.min(runs, 7));
  jsBuild();
  const { first, second, ratios } = await alternatingRounds(
    n,
    () => benchProcess(a, scale, cpu),
    () => benchProcess(b, scale, cpu),
  );
  return { gamesPerSecond: median(first), otherGamesPerSecond: median(second), runs: n, ratio: median(ratios), ratios };
}
