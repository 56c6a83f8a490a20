/**
 * Where a generated block's figures come from (`scripts/doc-figures.ts`): the commit and date they were
 * made at, the machine's load, how long the command took, and the command itself, run as a user runs
 * it (`bin/carclab.js`, which builds the sources when they changed).
 */
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository whose documented commands are run. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The short commit of HEAD, with a note when `src/` has changes not committed (the figures are then of those). */
export function commitOf(root: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', 'HEAD');
  return git('status', '--porcelain', '--', 'src') ? `${commit} with uncommitted changes to src/` : commit;
}

/** "2026-12-05" (UTC). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** The one-minute load average, "13.2". */
export const loadNow = (): string => loadavg()[0]!.toFixed(1);

/** "9 min 3 s", "42 s". */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export interface CommandRun {
  stdout: string;
  ms: number;
  /** The load when the command started. */
  load: string;
  /** The commit it ran at (`commitOf`, read when it started). */
  commit: string;
}

/**
 * Runs `carclab ARGS` from `root` and returns what it printed. Its progress (stderr) goes to `log`
 * line by line; a failure is an Error with the command and the end of its stderr.
 */
export function runCarclab(root: string, args: readonly string[], log: (line: string) => void): Promise<CommandRun> {
  const load = loadNow();
  const commit = commitOf(root);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'carclab.js'), ...args], { cwd: root });
    const out: Buffer[] = [];
    let err = '';
    let pending = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => {
      err = (err + b.toString()).slice(-4000);
      // Progress bars redraw with \r: only the command's own finished lines are logged.
      const lines = (pending + b.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('carclab:')) log(line);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out).toString(), ms: Date.now() - started, load, commit });
      else reject(new Error(`carclab ${args.join(' ')} exited ${code}:\n${err.slice(-1500)}`));
    });
  });
}

/** The line above a block's tables: when, at which commit, with which command, how long and at what load. */
export function generatedLine(command: string, run: CommandRun, workers?: number): string {
  const how = `${workers ? `${workers} workers, ` : ''}${duration(run.ms)} at load ${run.load}`;
  return `*Generated* by \`npm run docs:figures\` on ${today()} at commit ${run.commit}, running ${command} (${how}).`;
}
