/**
 * Loading a tuning: `<tuning>` is a name in experiments/tunings/ (`seat-compensation-2p-greedy` →
 * experiments/tunings/seat-compensation-2p-greedy.json or .ts) or a path to a `.json` file or a module
 * whose default export is a definition (`defineTuning`). Every problem is an `InputError` naming the
 * file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { InputError } from '../engine/index.ts';
import { REPO_ROOT, readJsonFile } from '../run/files.ts';
import { importModule } from '../run/load.ts';
import { resolveTuning } from './definition.ts';
import type { Tuning } from './definition.ts';

export const TUNINGS_DIR = join(REPO_ROOT, 'experiments', 'tunings');
const EXTENSIONS = ['.json', '.ts', '.mts', '.js', '.mjs'];

function tuningFile(spec: string): string {
  if (spec.includes('/') || spec.includes('\\') || EXTENSIONS.includes(extname(spec))) {
    const file = resolve(spec);
    if (!existsSync(file)) throw new InputError('experiment', `tuning file ${spec} does not exist`);
    return file;
  }
  for (const ext of EXTENSIONS) {
    const file = join(TUNINGS_DIR, `${spec}${ext}`);
    if (existsSync(file)) return file;
  }
  const known = existsSync(TUNINGS_DIR)
    ? readdirSync(TUNINGS_DIR)
        .filter((f) => EXTENSIONS.includes(extname(f)))
        .map((f) => basename(f, extname(f)))
    : [];
  throw new InputError(
    'experiment',
    `unknown tuning ${JSON.stringify(spec)}: no such file in experiments/tunings/; known: ${known.sort().join(', ') || '(none)'}`,
  );
}

export async function loadTuning(
  spec: string,
  overrides: { seed?: string } = {},
): Promise<{ tuning: Tuning; file: string }> {
  const file = tuningFile(spec);
  let definition: unknown;
  if (extname(file) === '.json') definition = readJsonFile(file, 'experiment');
  else {
    try {
      definition = ((await importModule(file)) as { default?: unknown }).default;
    } catch (error) {
      throw new InputError('experiment', `${file}: cannot load (${(error as Error).message.split('\n')[0]})`);
    }
  }
  return { tuning: resolveTuning(definition, file, basename(file, extname(file)), overrides), file };
}
