/**
 * What the two searches (`tune`, `balance`) share: their options and outcome, the directory of one
 * definition (created with it, or checked to hold it), and the writer of their `manifest.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { gitInfo, makeOutputDirectory, packageInfo, writeJsonAtomic } from './files.ts';
import type { Backend } from './pool.ts';

/** What a search is given besides its definition. */
export interface SearchOptions {
  /** The definition's file, for the manifest. */
  file: string | null;
  outRoot: string;
  backend: Backend;
  signal?: AbortSignal;
  /** Play again although runs of the same games by other code exist (as `carclab run --new-run`). */
  newRun?: boolean;
  /** Games played so far in this session, as they finish. */
  onGames?(games: number): void;
}

/** How a search ended: complete with its result, or interrupted (the same command resumes it). */
export interface SearchOutcome<R> {
  status: 'complete' | 'interrupted';
  dir: string;
  result?: R;
  gamesPlayed: number;
  wallSeconds: number;
}

/**
 * The directory of one search definition (a tuning, a balance): created with the definition written to
 * `fileName`, or, on a resumed run, checked to hold the same definition (another one is refused).
 */
export function openDefinitionDir(dir: string, fileName: string, definition: unknown, what: string): string {
  makeOutputDirectory(dir, what);
  const file = join(dir, fileName);
  if (!existsSync(file)) writeJsonAtomic(file, definition);
  else if (readFileSync(file, 'utf8') !== `${JSON.stringify(definition, null, 2)}\n`)
    throw new InputError(
      'usage',
      `${file} differs from the ${what} file given (edited or damaged); move ${dir} aside or choose another --out`,
    );
  return dir;
}

/** A search definition (a tuning, a balance) as its manifest names it. */
interface SearchDefinition {
  name: string;
  description: string;
  seed: string;
}

/**
 * The writer of a search's `manifest.json` (`tune`, `balance`): its format, the status, the definition
 * under its key (`{ tuning }`: name, description, file) with its seed and `method`, where and since when
 * it plays, the provenance, and `extra`, what is known at that point.
 */
export function searchManifestWriter(
  dir: string,
  format: string,
  named: Record<string, SearchDefinition>,
  method: unknown,
  run: Pick<SearchOptions, 'file' | 'backend'>,
  started: string,
): (status: string, extra?: object) => void {
  const [[key, definition]] = Object.entries(named) as [[string, SearchDefinition]];
  // The code that runs is the one found at the start: a commit made while it runs is not it.
  const git = gitInfo();
  return (status, extra = {}) =>
    writeJsonAtomic(join(dir, 'manifest.json'), {
      format,
      status,
      [key]: { name: definition.name, description: definition.description, file: run.file },
      seed: definition.seed,
      method,
      backend: run.backend.name,
      workers: run.backend.concurrency,
      started,
      package: packageInfo(),
      git,
      node: process.version,
      ...extra,
    });
}
