/**
 * The `carclab` command line. Each command is declared once, in its own module (name, usage, flags
 * with help); input errors print their message and exit 2, other failures exit 1. Only the module of
 * the command being run is loaded, so a run's main process does not carry vega or BullMQ.
 */
import { isInputError } from '../engine/index.ts';
import { helpText, parseCommandArgs } from './args.ts';
import type { Command } from './args.ts';
import { redactUrls } from '../run/redis/url.ts';

const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  replay: async () => (await import('./replay.ts')).replayCommand,
  bench: async () => (await import('./bench.ts')).benchCommand,
  run: async () => (await import('./run.ts')).runCommand,
  show: async () => (await import('./show.ts')).showCommand,
  worker: async () => (await import('./worker.ts')).workerCommand,
  plan: async () => (await import('./plan.ts')).planCommand,
  report: async () => (await import('./report.ts')).reportCommand,
  match: async () => (await import('./match.ts')).matchCommand,
  ladder: async () => (await import('./ladder.ts')).ladderCommand,
  tune: async () => (await import('./tune.ts')).tuneCommand,
  balance: async () => (await import('./balance.ts')).balanceCommand,
  serve: async () => (await import('./serve.ts')).serveCommand,
  study: async () => (await import('./study.ts')).studyCommand,
  export: async () => (await import('./export.ts')).exportCommand,
  tiles: async () => (await import('./tiles.ts')).tilesCommand,
};

async function usage(): Promise<string> {
  const commands = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  return [
    'usage: carclab <command> [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(10)}${c.summary}`),
    '',
    'carclab <command> --help shows the options of a command.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    process.stdout.write(`${await usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(`carclab: unknown command ${JSON.stringify(name)}\n\n${await usage()}\n`);
    return 2;
  }
  const command = await load();
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
    // No message ever shows a URL's password (e.g. a Redis URL given where an experiment was expected).
    if (isInputError(error)) {
      process.stderr.write(`carclab: ${redactUrls(error.message)}\n`);
      process.exitCode = 2;
    } else if (error instanceof Error && error.name === 'RunFailure') {
      process.stderr.write(`carclab: ${redactUrls(error.message)}\n`); // a full disk, not a bug: no stack
      process.exitCode = 1;
    } else {
      process.stderr.write(
        `carclab: internal error: ${redactUrls(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
      );
      process.exitCode = 1;
    }
  },
);
