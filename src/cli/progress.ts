/**
 * What every command that plays a run shows and handles while the runner works: a progress bar on
 * stderr (also off a terminal, a line every 2 s), a headline when the run starts (with a note when it
 * resumes or was already complete), and Ctrl-C: the first stops after the running shards (the run
 * resumes from them; after 10 s the running ones are abandoned), a second stops at once (finished
 * shards are kept).
 */
import type { Backend } from '../run/pool.ts';
import { progressBar } from '../run/progress-bar.ts';
import type { Progress } from '../run/runner.ts';

/** After Ctrl-C or SIGTERM, the running shards get this long to finish before the process stops anyway. */
export const STOP_GRACE_MS = 10_000;

export interface ProgressHooks {
  signal: AbortSignal;
  onStart(info: { runDir: string; progress: Progress }): void;
  onProgress(progress: Progress): void;
}

/** Where the games are played, for a headline: "2 workers", "the main thread" or the queue. */
export const backendText = (backend: Backend): string =>
  backend.name === 'piscina'
    ? `${backend.concurrency} worker${backend.concurrency === 1 ? '' : 's'}`
    : backend.name === 'in-process'
      ? 'the main thread'
      : backend.name;

/**
 * Runs `body` with Ctrl-C handlers installed and removes them afterwards: the first Ctrl-C (or
 * SIGTERM) aborts the signal, so the runner stops after the running shards; a second exits at once.
 */
export async function withStopSignal<T>(body: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) {
      process.stderr.write('\ncarclab: stopped; finished shards are kept, run the same command to resume\n');
      process.exit(130);
    }
    controller.abort();
    process.stderr.write('\ncarclab: stopping after the running shards (Ctrl-C again to stop now)\n');
    // Long shards (search agents) must not hold the process: after a grace period they are abandoned.
    setTimeout(() => {
      process.stderr.write(
        `\ncarclab: the running shards did not finish within ${STOP_GRACE_MS / 1000} s; stopped, finished shards are kept, run the same command to resume\n`,
      );
      process.exit(130);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await body(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Runs `body` with the bar and the signal handlers installed, and removes them afterwards. */
export async function withProgress<T>(
  headline: (runDir: string, progress: Progress) => string,
  body: (hooks: ProgressHooks) => Promise<T>,
): Promise<T> {
  return withStopSignal(async (signal) => {
    const bar = progressBar();
    try {
      return await body({
        signal,
        onStart: ({ runDir, progress }) => {
          const resumed = progress.gamesResumed;
          process.stderr.write(`carclab: ${headline(runDir, progress)}\n`);
          if (resumed === progress.gamesTotal)
            process.stderr.write('carclab: the run is already complete; rewriting its results\n');
          else if (resumed)
            process.stderr.write(`carclab: resuming: ${resumed.toLocaleString('en')} games already done\n`);
          bar.start(progress.gamesTotal, progress.gamesDone);
        },
        // Per game: the finished shards' games and those played so far inside the running ones.
        onProgress: (p) => bar.update(Math.min(p.gamesTotal, p.gamesDone + p.gamesRunning)),
      });
    } finally {
      bar.stop();
    }
  });
}
