/**
 * Flag parsing for the `carclab` commands: every flag is declared once with its help text, and a
 * wrong flag or value is an input error (exit 2) naming it.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { InputError } from '../engine/index.ts';

export interface FlagSpec {
  type: 'boolean' | 'string';
  help: string;
  default?: string | boolean;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  flags: Record<string, FlagSpec>;
  run(positionals: string[], flags: Record<string, string | boolean | undefined>): Promise<number>;
}

export function parseCommandArgs(
  command: Command,
  argv: string[],
): { positionals: string[]; flags: Record<string, string | boolean | undefined> } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(Object.entries(command.flags).map(([name, spec]) => [name, { type: spec.type }])),
    });
    const flags: Record<string, string | boolean | undefined> = {};
    for (const [name, spec] of Object.entries(command.flags))
      flags[name] = (values as Record<string, string | boolean | undefined>)[name] ?? spec.default;
    return { positionals, flags };
  } catch (error) {
    throw new InputError('usage', `carclab ${command.name}: ${(error as Error).message}\nusage: ${command.usage}`);
  }
}

/**
 * Decimal notation only: `Number()` would also read `0x10`, `0b11`, `0o7`, `Infinity` and blanks, none
 * of which a user means as a count or a fraction on the command line.
 */
const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A whole number flag within bounds (decimal digits), or an input error naming the flag. */
export function intFlag(
  value: string | boolean | undefined,
  name: string,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && WHOLE.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new InputError(
      'usage',
      `--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

/** Most worker threads per core: more only cost memory and time (each thread holds its own games). */
export const MAX_WORKERS_PER_CORE = 4;

/** `--workers`: a whole number from 1 to 256, capped (with a warning) at `MAX_WORKERS_PER_CORE` per core. */
export function workersFlag(
  value: string | boolean | undefined,
  fallback: number,
  cores = availableParallelism(),
): number {
  const workers = intFlag(value, 'workers', fallback, 1, 256);
  const cap = MAX_WORKERS_PER_CORE * cores;
  if (workers <= cap) return workers;
  process.stderr.write(
    `carclab: --workers ${workers} is more than ${MAX_WORKERS_PER_CORE} per core on this machine's ${cores} core${cores === 1 ? '' : 's'}; using ${cap}\n`,
  );
  return cap;
}

/** A number flag (decimal notation) that passes `ok`, or an input error naming the flag and what it must be. */
export function numberFlag(
  value: string | boolean | undefined,
  name: string,
  ok: (x: number) => boolean,
  what: string,
  usage?: string,
): number | undefined {
  if (value === undefined) return undefined;
  const x = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(x) || !ok(x))
    throw new InputError(
      'usage',
      `--${name} must be ${what}, got ${JSON.stringify(value)}${usage ? `\nusage: ${usage}` : ''}`,
    );
  return x;
}

export function helpText(command: Command): string {
  const lines = [`usage: ${command.usage}`, '', command.summary];
  const flags = Object.entries(command.flags);
  if (flags.length) {
    lines.push('', 'options:');
    for (const [name, spec] of flags)
      lines.push(
        `  --${name}${spec.type === 'string' ? ' VALUE' : ''}`.padEnd(22) +
          spec.help +
          (spec.default !== undefined ? ` (default ${spec.default})` : ''),
      );
  }
  return lines.join('\n');
}
