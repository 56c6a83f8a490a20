/**
 * Loading a tuning: `<tuning>` is a name in experiments/tunings/ (`seat-compensation-2p-greedy` →
 * experiments/tunings/seat-compensation-2p-greedy.json or .ts) or a path to a `.json` file or a module
 * whose default export is a definition (`defineTuning`). Every problem is an `InputError` naming the
 * file.
 */
import { basename, extname, join } from 'node:path';
import { REPO_ROOT } from '../run/files.ts';
import { definitionFile, readDefinition } from '../run/load.ts';
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
  const definition = await readDefinition(file);
  return { tuning: resolveTuning(definition, file, basename(file, extname(file)), overrides), file };
}
