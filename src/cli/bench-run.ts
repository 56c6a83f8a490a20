/**
 * End-to-end run benchmark (`carclab bench --only run-2w-vs-main`): wall time of a whole
 * `carclab run default --deals N` process on 2 pool workers against the same run `--in-process`
 * (start-up, merging and writing included), each into a fresh temporary results root. The runs
 * alternate which goes first; the figure is the median of the per-pair ratios (the machine is shared
 * and noisy). On 2 cores a healthy pool gives about 1.8: a ratio near 1 means the worker threads play
 * slower than the main thread (issue 12: they loaded TypeScript the slow way). The JavaScript build
 * of the sources (`src/run/js-build.mjs`) is made before the first timed run, as any run after the
 * first of this code finds it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    const r = spawnSync(process.execPath, [CARCLAB, 'run', 'default', '--deals', String(deals), '--out', out, ...mode], { encoding: 'utf8' });
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
  const pool: number[] = [];
  const main: number[] = [];
  for (let r = 0; r < n; r++) {
    const order = r % 2 === 0 ? ['pool', 'main'] : ['main', 'pool'];
    for (const which of order) {
      if (which === 'pool') pool.push(timedRun(size, ['--workers', '2']));
      else main.push(timedRun(size, ['--in-process']));
    }
  }
  const ratios = pool.map((p, i) => Math.round((p / main[i]!) * 1000) / 1000);
  return { gamesPerSecond: Math.round(median(pool)), runs: n, ratio: median(ratios), inProcessGamesPerSecond: Math.round(median(main)), ratios };
}
