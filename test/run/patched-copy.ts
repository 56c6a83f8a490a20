/**
 * A temporary copy of this checkout with one source file patched (e.g. a scoring constant), sharing
 * the installed packages: "another version of the code" for tests of code identity and of workers
 * that play other code. The patch must apply, so a moved constant fails the test loudly.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** The completed-road points per tile, 1 in the rules, become 2 in the copy. */
export const ROAD_POINTS_PATCH = {
  file: 'src/expansions/base/index.ts',
  from: "intParam('roadPointsPerTile', 1,",
  to: "intParam('roadPointsPerTile', 2,",
};

/**
 * `ownPackages`: installed packages copied into the copy's own node_modules (the others are linked
 * there), so a test may patch them in place.
 */
export function patchedCopy(patches: { file: string; from: string; to: string }[], ownPackages: string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'carclab-patched-'));
  for (const part of ['src', 'bin', 'package.json']) cpSync(join(ROOT, part), join(root, part), { recursive: true });
  if (!ownPackages.length) symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  else {
    mkdirSync(join(root, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      const from = join(ROOT, 'node_modules', name);
      if (ownPackages.includes(name)) cpSync(from, join(root, 'node_modules', name), { recursive: true });
      else symlinkSync(from, join(root, 'node_modules', name));
    }
  }
  for (const { file, from, to } of patches) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!text.includes(from)) throw new Error(`patchedCopy: ${file} no longer contains ${from}`);
    writeFileSync(join(root, file), text.replace(from, to));
  }
  return root;
}
