/**
 * The one command-line parser of every carclab command, notebook and script, and the checks of its
 * number flags: the same words everywhere for an unknown flag, a missing value, a bad number. (In
 * the `run` layer, the lowest that may print, so that the notebooks' runner in `report` uses it too.)
 */
import { availableParallelism } from 'node:os';
import { InputError, nearestWord } from '../engine/index.ts';

/** The flags a command takes: each a value flag (`--name V` or `--name=V`) or a switch (`--name`). */
export type FlagTypes = Readonly<Record<string, { readonly type: 'boolean' | 'string' }>>;

export interface ParsedFlags {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
}

/**
 * The one argument parser of every carclab command, notebook and script: `--name V`, `--name=V`,
 * `--name` for a switch, and `--` before positionals that start with a dash. A value flag takes the
 * next argument whatever it looks like (`--seed -5`, `--diff -0.3`: the flag's own check then names
 * a bad one), unless it starts with `--` and a letter (`--deals --workers 2`: the value was
 * forgotten; `--seed=--x` gives such a value). Every mistake is an input error in the same words
 * for every command (`who`, when given, names the command first).
 */
export function parseFlags(argv: readonly string[], types: FlagTypes, who?: string): ParsedFlags {
  const flags: Record<string, string | boolean | undefined> = {};
  const positionals: string[] = [];
  const fail = (message: string): never => {
    throw new InputError('usage', who ? `${who}: ${message}` : message);
  };
  const known = Object.keys(types);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-[\d.]/.test(arg)) {
      positionals.push(arg); // a plain argument, or a negative number
      continue;
    }
    const eq = arg.indexOf('=');
    const written = eq < 0 ? arg : arg.slice(0, eq);
    const name = written.replace(/^--?/, '');
    const type = written.startsWith('--') && Object.hasOwn(types, name) ? types[name]!.type : undefined;
    if (type === undefined) {
      const near = nearestWord(name, known);
      fail(
        `unknown flag ${written}${near ? `; did you mean --${near}?` : ''} (${known.length ? `its flags: ${known.map((k) => `--${k}`).join(' ')}` : 'it takes no flags'})`,
      );
    } else if (type === 'boolean') {
      if (eq >= 0) fail(`--${name} is a switch and takes no value, got ${JSON.stringify(arg)}`);
      flags[name] = true;
    } else if (eq >= 0) {
      flags[name] = arg.slice(eq + 1);
    } else {
      const value = argv[++i];
      if (value === undefined) fail(`--${name} needs a value`);
      if (/^--[A-Za-z]/.test(value!))
        fail(`--${name} needs a value, got the flag ${value} (write --${name}=${value} if that is the value)`);
      flags[name] = value;
    }
  }
  return { positionals, flags };
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
