/**
 * Code identity: a hash of the code that decides a shard's results, computed at start-up from the
 * source files. It starts at `src/sim/shard.ts` and follows every relative import (engine, expansions with
 * their tile files, agents, the simulation core), and adds the version of every package those files
 * import. Two processes with the same hash play the same games; a run directory, a shard file and a
 * queue job carry it so results of different code are never mixed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './files.ts';

export interface CodeIdentity {
  /** sha256 over the files' paths and contents and the imported packages' versions, hex. */
  hash: string;
  /** Repository-relative paths of the hashed files, sorted. */
  files: string[];
}

const ENTRY = join(REPO_ROOT, 'src', 'sim', 'shard.ts');
const IMPORT = /(?:from\s+|import\s*\(\s*)'([^']+)'/g;

let cached: CodeIdentity | undefined;

/** The identity of the code in this checkout (computed once per process). */
export function codeIdentity(): CodeIdentity {
  cached ??= hashSources(ENTRY);
  return cached;
}

/** Short form for run ids and messages. */
export const shortCode = (hash: string): string => hash.slice(0, 10);

/** Hashes `entry` and everything it imports, transitively. Exported for tests (a patched copy of the sources). */
export function hashSources(entry: string, root = REPO_ROOT): CodeIdentity {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (!/\.[mc]?ts$/.test(file)) continue;
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (spec!.startsWith('.')) pending.push(resolve(dirname(file), spec!));
      else if (!spec!.startsWith('node:')) packages.add(packageVersion(spec!, root));
    }
  }
  const hash = createHash('sha256');
  const files = [...seen].map((f) => relative(root, f).split('\\').join('/')).sort();
  for (const name of files) hash.update(`${name}\0${readFileSync(join(root, name))}\0`);
  for (const pkg of [...packages].sort()) hash.update(`${pkg}\0`);
  return { hash: hash.digest('hex'), files };
}

/** `name@version` of an imported package, as installed. */
function packageVersion(spec: string, root: string): string {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const manifest = join(root, 'node_modules', name, 'package.json');
  const version = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version
    : undefined;
  return `${name}@${version ?? '?'}`;
}
