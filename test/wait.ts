/**
 * Waiting in tests that start processes (workers, servers, runs), so that they hold on a loaded
 * machine (issue 39 item 6): a wait ends on the event it waits for — a line in a process's output, a
 * line in a log, a process's exit — never after a fixed sleep, and has no deadline of its own: the
 * test's timeout (`PROCESS_TEST_TIMEOUT`, generous) bounds it, so a slow machine makes a test slower,
 * not red. A process that exits before its line came fails the wait at once, with its output.
 */
import type { ChildProcess } from 'node:child_process';

/** The timeout of a test or hook that starts processes: minutes, since a machine at load 15 on 2 cores runs it many times slower. */
export const PROCESS_TEST_TIMEOUT = 900_000;

/**
 * The bound on something that must happen "at once" (a command refused before any wait of its own, a
 * process stopped in seconds): far above what node takes to start on a loaded machine (seconds to a few
 * tens of seconds at load 15–30), far below what the fault it guards against takes (minutes, or for ever).
 */
export const AT_ONCE_MS = 90_000;

/**
 * How long a browser page may take to show what a test waits for (Playwright's own default is 30 s,
 * vitest's `expect.poll` gives up after 1 s): a safety net, as each wait ends when the page shows it.
 */
export const PAGE_WAIT = { timeout: 120_000 };

/** A child process with its output (stdout and stderr) collected. */
export interface Watched {
  child: ChildProcess;
  log(): string;
}

/** Collects a child's stdout and stderr. */
export function watch(child: ChildProcess): Watched {
  let text = '';
  child.stdout?.on('data', (d) => (text += d));
  child.stderr?.on('data', (d) => (text += d));
  return { child, log: () => text };
}

/**
 * Resolves once the process's output matches `pattern` (checked now and on every new piece of output);
 * rejects when the process exits first, naming `what` and showing its output.
 */
export function outputMatches(p: Watched, pattern: RegExp | ((log: string) => boolean), what: string): Promise<void> {
  const ok = () => (typeof pattern === 'function' ? pattern(p.log()) : pattern.test(p.log()));
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ok()) return;
      done();
      resolve();
    };
    const exited = (code: number | null, signal: string | null) => {
      if (ok()) return check();
      done();
      reject(
        new Error(
          `waiting for ${what}: the process exited (${signal ?? `code ${code}`}) first; its output:\n${p.log()}`,
        ),
      );
    };
    const done = () => {
      p.child.stdout?.off('data', onData);
      p.child.stderr?.off('data', onData);
      p.child.off('exit', exited);
    };
    // After the collector's own listener: the text is complete when this one runs.
    const onData = () => setImmediate(check);
    p.child.stdout?.on('data', onData);
    p.child.stderr?.on('data', onData);
    p.child.once('exit', exited);
    if (p.child.exitCode !== null || p.child.signalCode !== null) exited(p.child.exitCode, p.child.signalCode);
    else check();
  });
}

/** A log that a callback fills line by line (a coordinator's `log` option), which a test can wait on. */
export class LineLog {
  readonly lines: string[] = [];
  private waiting: { ok: (line: string) => boolean; resolve: () => void }[] = [];

  /** The callback to hand over: `log: lines.push`. */
  readonly push = (line: string): void => {
    this.lines.push(line);
    this.waiting = this.waiting.filter((w) => {
      if (!w.ok(line)) return true;
      w.resolve();
      return false;
    });
  };

  /** Resolves when a line matching `pattern` has been logged (or already was). */
  until(pattern: RegExp): Promise<void> {
    if (this.lines.some((l) => pattern.test(l))) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ ok: (l) => pattern.test(l), resolve }));
  }

  text(): string {
    return this.lines.join('\n');
  }
}

/**
 * Polls a condition that sends no event (a queue's job counts) until it holds; the test's timeout
 * bounds the wait.
 */
export async function until(ok: () => boolean | Promise<boolean>, every = 50): Promise<void> {
  while (!(await ok())) await new Promise((r) => setTimeout(r, every));
}
