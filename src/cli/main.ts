/**
 * The `carclab` command line. Each command is declared once (name, usage, flags with help); input
 * errors print their message and exit 2, other failures exit 1.
 */
import { isInputError } from '../engine/index.ts';
import { helpText, parseCommandArgs } from './args.ts';
import type { Command } from './args.ts';
import { benchCommand } from './bench.ts';
import { planCommand } from './plan.ts';
import { replayCommand } from './replay.ts';
import { reportCommand } from './report.ts';
import { runCommand } from './run.ts';
import { showCommand } from './show.ts';
import { workerCommand } from './worker.ts';

const COMMANDS: Command[] = [replayCommand, benchCommand, runCommand, showCommand, workerCommand, planCommand, reportCommand];

function usage(): string {
  return ['usage: carclab <command> [options]', '', 'commands:', ...COMMANDS.map((c) => `  ${c.name.padEnd(10)}${c.summary}`), '', 'carclab <command> --help shows the options of a command.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`carclab: unknown command ${JSON.stringify(name)}\n\n${usage()}\n`);
    return 2;
  }
  if (rest.includes('--help')) {
    process.stdout.write(`${helpText(command)}\n`);
    return 0;
  }
  const { positionals, flags } = parseCommandArgs(command, rest);
  return command.run(positionals, flags);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (isInputError(error)) {
      process.stderr.write(`carclab: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`carclab: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
