/**
 * Code identity: a hash of the code that decides a shard's results, computed at start-up from the
 * source files. It starts at `src/sim/shard.ts` and follows every relative import (engine, expansions with
 * their tile files, agents, the simulation core), and adds every file of each installed package those
 * files import (and of the packages those depend on), so a dependency patched in place in
 * `node_modules` is other code too, not only another version. Two processes with the same hash play
 * the same games; a run directory, a shard file and a queue job carry it so results of different
 * code are never mixed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './files.ts';

export interface CodeIdentity {
  /** sha256 over the files' paths and contents and every file of the imported packages, hex. */
  hash: string;
  /** Repository-relative paths of the hashed source files, sorted. */
  files: string[];
  /** The installed packages hashed file by file, as `name@version`, sorted. */
  packages: string[];
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
      else if (!spec!.startsWith('node:')) packages.add(packageName(spec!));
    }
  }
  const hash = createHash('sha256');
  const files = [...seen].map((f) => relative(root, f).split('\\').join('/')).sort();
  for (const name of files) hash.update(`${name}\0${readFileSync(join(root, name))}\0`);
  const installed = installedPackages([...packages].sort(), join(root, 'node_modules'));
  for (const pkg of installed) {
    hash.update(`${pkg.id}\0`);
    for (const file of pkg.files) hash.update(`${file}\0${readFileSync(join(pkg.dir, file))}\0`);
  }
  return { hash: hash.digest('hex'), files, packages: installed.map((p) => p.id) };
}

/** The package an import names: `a` of `a/b`, `@s/a` of `@s/a/b`. */
function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

interface InstalledPackage {
  /** `name@version` (`name@?` when it is not installed). */
  id: string;
  dir: string;
  /** Its files relative to `dir`, sorted. */
  files: string[];
}

/** The packages `names` and the packages they depend on, as installed under `modules`, by name. */
function installedPackages(names: string[], modules: string): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const pending = [...names];
  while (pending.length) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    const dir = join(modules, name);
    const manifestFile = join(dir, 'package.json');
    if (!existsSync(manifestFile)) {
      found.set(name, { id: `${name}@?`, dir, files: [] });
      continue;
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      version?: string;
      dependencies?: Record<string, string>;
    };
    found.set(name, { id: `${name}@${manifest.version ?? '?'}`, dir, files: filesUnder(dir) });
    pending.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return [...found.keys()].sort().map((name) => found.get(name)!);
}

/** Every regular file below `dir` (symbolic links not followed), relative, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(dir, path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}
