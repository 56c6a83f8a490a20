/**
 * File helpers of a run directory: atomic writes (a temporary file in the same directory, flushed to
 * the disk, then a rename, so an interrupted run or a power cut never leaves a half-written file) and
 * provenance (package version, git commit). A write that fails (a full disk) removes its temporary
 * file and throws a `RunFailure` that names the file.
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../engine/index.ts';
import { repositoryRoot } from './js-build.mjs';

/** The repository root (this module may run from the JavaScript build inside the repository's `.cache`). */
export const REPO_ROOT = repositoryRoot(import.meta.url);

const TEMP_PREFIX = '.tmp-';

/** A failure of the run itself, not of carclab's code (a full disk): the CLI prints the message without a stack, exit 1. */
export class RunFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFailure';
  }
}

/** Why writing `path` failed, in words ("no space left on …" for a full disk). */
export function writeFailure(error: unknown, path: string): RunFailure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return new RunFailure(`no space left on the device of ${path}`);
  if (code === 'EDQUOT') return new RunFailure(`disk quota exceeded writing ${path}`);
  return new RunFailure(`cannot write ${path} (${code ?? (error as Error).message})`);
}

export function writeAtomic(path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  const temp = join(dir, `${TEMP_PREFIX}${process.pid}-${basename(path)}`);
  try {
    makeDirectory(dir);
    const fd = openSync(temp, 'w');
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw writeFailure(error, path);
  }
  syncDirectory(dir);
}

/**
 * Creates `dir` and its missing parents, one level at a time. Not `mkdirSync(…, { recursive: true })`:
 * under a pseudo file system such as /proc, where mkdir fails with ENOENT although the parent exists,
 * Node's recursive mkdir retries forever in a synchronous loop (100 % CPU, deaf to SIGTERM).
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Creates an output directory (`makeDirectory`); one that cannot be created is the user's `--out` to
 * fix, an input error that names the `what` directory (`shown`, default `dir`).
 */
export function makeOutputDirectory(dir: string, what: string, shown = dir): void {
  try {
    makeDirectory(dir);
  } catch (error) {
    throw new InputError(
      'usage',
      `cannot create the ${what} directory ${shown} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check --out`,
    );
  }
}

/** Flushes a directory entry (the rename) to the disk; not every platform allows it, which is harmless. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // e.g. Windows cannot open a directory
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export const writeJsonAtomic = (path: string, value: unknown): void =>
  writeAtomic(path, `${JSON.stringify(value, null, 2)}\n`);

/** Removes temporary files an interrupted process may have left in a directory. */
export function removeTempFiles(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith(TEMP_PREFIX)) rmSync(join(dir, name), { force: true });
}

export function packageInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** How long `gitInfo` keeps its answer: callers that start many runs a second (`balance`) start git once. */
const GIT_INFO_MS = 10_000;
let gitCache: { at: number; info: { commit: string; dirty: boolean } | null } | undefined;

/** The checked-out commit and whether the tree has uncommitted changes; null outside a git checkout. */
export function gitInfo(): { commit: string; dirty: boolean } | null {
  const now = Date.now();
  if (gitCache === undefined || now - gitCache.at > GIT_INFO_MS) gitCache = { at: now, info: readGitInfo() };
  return gitCache.info;
}

function readGitInfo(): { commit: string; dirty: boolean } | null {
  try {
    const run = (args: string[]) =>
      execFileSync('git', args, {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5000,
      }).trim();
    return { commit: run(['rev-parse', 'HEAD']), dirty: run(['status', '--porcelain', '--untracked-files=no']) !== '' };
  } catch {
    return null;
  }
}

/** Reads a JSON input file; a missing or broken file is an input error naming it (`label`, default the path). */
export function readJsonFile(path: string, code: 'scenario' | 'experiment' | 'catalog', label = path): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(
      code,
      `${label}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(code, `${label}: not valid JSON (${(error as Error).message})`);
  }
}
