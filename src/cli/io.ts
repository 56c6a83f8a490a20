/** File input for commands: every failure is an input error that names the file. */
import { readFileSync } from 'node:fs';
import { InputError } from '../engine/index.ts';

export function readJsonFile(path: string, code: 'scenario' | 'experiment' | 'catalog'): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(code, `${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(code, `${path}: not valid JSON (${(error as Error).message})`);
  }
}
