/**
 * Reading inside the results folder only. Every path the explorer reads comes from a request and
 * goes through `insideRoot`: it is a relative path of plain names (no `..`, `.`, empty part,
 * backslash or NUL), and its real path (symbolic links followed) must lie inside the root's real
 * path; anything else is refused before a file is opened. A file the explorer opens inside a run
 * folder (manifest.json, plan.json, game.json, shards, kept games) goes through `realInside` too,
 * so a symbolic link inside the folder cannot lead a read outside it.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { HttpError } from './http.ts';

/** A folder whose files may be served; `real` is its real path. */
export interface Root {
  readonly dir: string;
  readonly real: string;
}

export function openRoot(dir: string): Root {
  return { dir, real: realpathSync(dir) };
}

/**
 * The real path of `relative` (`/`-separated, already percent-decoded) under the root, or a 4xx:
 * 400 for a malformed path, 404 when nothing is there, 403 when it leads outside the root.
 */
export function insideRoot(root: Root, relative: string): string {
  const parts = relative.split('/').filter((part, i, all) => !(part === '' && (i === 0 || i === all.length - 1)));
  for (const part of parts) {
    if (part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0')) {
      throw new HttpError(400, `bad path ${JSON.stringify(relative)}: use plain names separated by "/"`);
    }
  }
  let real: string;
  try {
    real = realpathSync(join(root.real, ...parts));
  } catch {
    throw new HttpError(404, `no such file: ${relative}`);
  }
  if (real !== root.real && !real.startsWith(root.real + sep))
    throw new HttpError(403, `${relative} leads outside the results folder`);
  return real;
}

/** The real path of `path` (absolute, below the root) when it lies inside the root; 403 when it leads outside, 404 when absent. */
export function realInside(root: Root, path: string): string {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new HttpError(404, `no such file: ${shown(root, path)}`);
  }
  if (real !== root.real && !real.startsWith(root.real + sep))
    throw new HttpError(
      403,
      `${shown(root, path)} leads outside the results folder (a symbolic link?); it is not read`,
    );
  return real;
}

/** Whether `path` exists and leads nowhere outside the root. */
export function existsInside(root: Root, path: string): boolean {
  try {
    realInside(root, path);
    return true;
  } catch {
    return false;
  }
}

/** `path` relative to the root, for messages (never a machine path). */
const shown = (root: Root, path: string): string => relative(root.real, path).split(sep).join('/');

/** The text of a file below the root, after `realInside`. */
export const readTextInside = (root: Root, path: string): string => readFileSync(realInside(root, path), 'utf8');

/**
 * Refuses a run folder whose files a reader is about to open (a checked reader that opens them by
 * path, e.g. `verify.ts`) when any of them, or any file of its shards/ folder, leads outside the root.
 */
export function checkRunFilesInside(root: Root, dir: string, names: readonly string[]): void {
  for (const name of names) if (existsSync(join(dir, name))) realInside(root, join(dir, name));
  const shards = join(dir, 'shards');
  if (!existsSync(shards)) return;
  realInside(root, shards);
  for (const name of readdirSync(shards)) realInside(root, join(shards, name));
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.arrow': 'application/vnd.apache.arrow.file',
};

/** A regular file under the root, with its content type. */
export function readRootFile(root: Root, relative: string): { body: Buffer; type: string } {
  const real = insideRoot(root, relative);
  if (!statSync(real).isFile()) throw new HttpError(404, `${relative} is not a file`);
  return { body: readFileSync(real), type: TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream' };
}
