/**
 * Loading a balance file: `<file>` is a name in experiments/balance/ (`seat-compensation` →
 * experiments/balance/seat-compensation.json or .ts) or a path to a `.json` file or a module whose
 * default export is a definition (`defineBalance`). Designer tile files named by path are read
 * relative to the balance file. Every problem is an `InputError` naming the file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { InputError, suggestion } from '../engine/index.ts';
import { REPO_ROOT, readJsonFile } from '../run/files.ts';
import { importModule, tileFileReader } from '../run/load.ts';
import { resolveBalance } from './definition.ts';
import type { Balance } from './definition.ts';

export const BALANCE_DIR = join(REPO_ROOT, 'experiments', 'balance');
const EXTENSIONS = ['.json', '.ts', '.mts', '.js', '.mjs'];

function balanceFile(spec: string): string {
  if (spec.includes('/') || spec.includes('\\') || EXTENSIONS.includes(extname(spec))) {
    const file = resolve(spec);
    if (!existsSync(file)) throw new InputError('experiment', `balance file ${spec} does not exist`);
    return file;
  }
  for (const ext of EXTENSIONS) {
    const file = join(BALANCE_DIR, `${spec}${ext}`);
    if (existsSync(file)) return file;
  }
  const known = existsSync(BALANCE_DIR)
    ? readdirSync(BALANCE_DIR)
        .filter((f) => EXTENSIONS.includes(extname(f)))
        .map((f) => basename(f, extname(f)))
        .sort()
    : [];
  throw new InputError(
    'experiment',
    `unknown balance file ${JSON.stringify(spec)}: no such file in experiments/balance/${suggestion(spec, known)}`,
  );
}

export async function loadBalance(
  spec: string,
  overrides: { seed?: string } = {},
): Promise<{ balance: Balance; file: string }> {
  const file = balanceFile(spec);
  let definition: unknown;
  if (extname(file) === '.json') definition = readJsonFile(file, 'experiment');
  else {
    try {
      definition = ((await importModule(file)) as { default?: unknown }).default;
    } catch (error) {
      throw new InputError('experiment', `${file}: cannot load (${(error as Error).message.split('\n')[0]})`);
    }
  }
  const balance = resolveBalance(definition, {
    where: file,
    defaultName: basename(file, extname(file)),
    readTileFile: tileFileReader(file),
    seed: overrides.seed,
  });
  return { balance, file };
}
