/**
 * `carclab balance <file>`: searches several rule parameters and tile counts for several targets at
 * once (`src/balance/`), on the local pool, in-process or on queue workers through Redis, into
 * DIR/<name>/<seed>-<hash>/, with a progress line of the games played on stderr. Prints the answer
 * (or, with --json, `result.json` plus `dir`). Ctrl-C stops after the running shards; the same
 * command resumes, and gives the same answer for any number of workers.
 */
import { InputError } from '../engine/index.ts';
import { loadBalance } from '../balance/load.ts';
import { answerText } from '../balance/report.ts';
import { runBalance } from '../balance/run.ts';
import { describeBalance } from '../balance/summary.ts';
import type { Command } from './args.ts';
import { BACKEND_FLAGS, backendFrom } from './backend.ts';
import { backendText, withStopSignal } from './progress.ts';
import { printSearchOutcome, searchOutputFlags } from './search-command.ts';

export const balanceCommand: Command = {
  name: 'balance',
  usage:
    'carclab balance <file> [--seed S] [--workers K] [--in-process] [--backend redis|redis://host:port] [--queue NAME] [--verify F] [--redis-wait S] [--out DIR] [--json] [--new-run]',
  summary:
    'Searches several rules and tile counts for several targets at once (a name in experiments/balance/ or a path); re-running resumes it.',
  flags: {
    seed: { type: 'string', help: "seed (overrides the file's)" },
    ...BACKEND_FLAGS,
    ...searchOutputFlags('print result.json (and dir) as one JSON object', 'the rule sets'),
  },
  async run(positionals, flags) {
    const [spec, ...rest] = positionals;
    if (spec === undefined || rest.length) throw new InputError('usage', `usage: ${balanceCommand.usage}`);
    if (flags.seed === '') throw new InputError('usage', '--seed must not be empty');
    const openBackend = backendFrom(flags);
    const { balance, file } = await loadBalance(spec, { seed: flags.seed as string | undefined });

    // Everything is checked; only now is anything started or written.
    const backend = await openBackend();
    if (!flags.json) process.stderr.write(`${describeBalance(balance).replace(/\*\*/g, '')}\n\n`);
    process.stderr.write(`carclab: playing on ${backendText(backend)}\n`);
    const tty = process.stderr.isTTY;
    let last = 0;
    const onGames = (games: number) => {
      const now = Date.now();
      if (now - last < (tty ? 250 : 30_000)) return;
      last = now;
      process.stderr.write(
        `${tty ? '\r' : ''}carclab: ${games.toLocaleString('en')} games played this session${tty ? '' : '\n'}`,
      );
    };
    try {
      const outcome = await withStopSignal((signal) =>
        runBalance({
          balance,
          file,
          outRoot: flags.out as string,
          backend,
          newRun: flags['new-run'] === true,
          signal,
          onGames,
          // A line of its own, not glued to the progress line a terminal rewrites in place.
          log: (line) => process.stderr.write(`${tty ? '\n' : ''}${line}\n`),
        }),
      );
      if (tty) process.stderr.write('\n');
      return printSearchOutcome(
        outcome,
        flags.json === true,
        (result) => answerText(balance, result),
        `report: ${outcome.dir}/report.md`,
      );
    } finally {
      await backend.close();
    }
  },
};
