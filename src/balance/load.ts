/**
 * Loading a balance file: `<file>` is a name in experiments/balance/ (`seat-compensation` →
 * experiments/balance/seat-compensation.json or .ts) or a path to a `.json` file or a module whose
 * default export is a definition (`defineBalance`). Designer tile files named by path are read
 * relative to the balance file. Every problem is an `InputError` naming the file.
 */
import { basename, extname, join } from 'node:path';
import { REPO_ROOT } from '../run/files.ts';
import { definitionFile, readDefinition, tileFileReader } from '../run/load.ts';
import { resolveBalance } from './definition.ts';
import type { Balance } from './definition.ts';

export const BALANCE_DIR = join(REPO_ROOT, 'experiments', 'balance');

const balanceFile = (spec: string): string =>
  definitionFile(spec, { noun: 'balance file', dir: BALANCE_DIR, folder: 'experiments/balance/' });

export async function loadBalance(
  spec: string,
  overrides: { seed?: string } = {},
): Promise<{ balance: Balance; file: string }> {
  const file = balanceFile(spec);
  const definition = await readDefinition(file);
  const balance = resolveBalance(definition, {
    where: file,
    defaultName: basename(file, extname(file)),
    readTileFile: tileFileReader(file),
    seed: overrides.seed,
  });
  return { balance, file };
}
