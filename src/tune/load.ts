/**
 * Loading a tuning: `<tuning>` is a name in experiments/tunings/ (`seat-compensation-2p-greedy` →
 * experiments/tunings/seat-compensation-2p-greedy.json or .ts) or a path to a `.json` file or a module
 * whose default export is a definition (`defineTuning`). Every problem is an `InputError` naming the
 * file.
 */
import { basename, extname, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { REPO_ROOT, readJsonFile } from '../run/files.ts';
import { definitionFile, importModule } from '../run/load.ts';
import { resolveTuning } from './definition.ts';
import type { Tuning } from './definition.ts';

export const TUNINGS_DIR = join(REPO_ROOT, 'experiments', 'tunings');

const tuningFile = (spec: string): string =>
  definitionFile(spec, { noun: 'tuning', dir: TUNINGS_DIR, folder: 'experiments/tunings/' });

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
