/**
 * The `carclab` commands' declarations: every flag is declared once with its help text and parsed
 * by the one parser of every command, notebook and script (`src/run/flags.ts`); a wrong flag or
 * value is an input error (exit 2) naming it.
 */
import { InputError } from '../engine/index.ts';
import { parseFlags } from '../run/flags.ts';

export { intFlag, MAX_WORKERS_PER_CORE, numberFlag, parseFlags, workersFlag } from '../run/flags.ts';
export type { FlagTypes, ParsedFlags } from '../run/flags.ts';

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
    const { positionals, flags } = parseFlags(argv, command.flags, `carclab ${command.name}`);
    for (const [name, spec] of Object.entries(command.flags)) flags[name] ??= spec.default;
    return { positionals, flags };
  } catch (error) {
    if (error instanceof InputError) throw new InputError('usage', `${error.message}\nusage: ${command.usage}`);
    throw error;
  }
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
