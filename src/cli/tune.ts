/**
 * `carclab tune <tuning>`: searches a rule parameter for a designer's target (`src/tune/`) on a
 * piscina pool (or in-process) into DIR/<tuning>/<run-id>/, with a progress bar of the games spent
 * on stderr. Prints the answer (or, with --json, one object with at least value, estimate, lo, hi and
 * games). Ctrl-C stops after the running shards; the same command resumes.
 */
import { InputError } from '../engine/index.ts';
import { loadTuning } from '../tune/load.ts';
import { answerText } from '../tune/report.ts';
import { runTuning } from '../tune/run.ts';
import { LOCAL_BACKEND_FLAGS, localBackendFrom } from './backend.ts';
import { progressBar } from '../run/progress-bar.ts';
import { withStopSignal } from './progress.ts';
import { printSearchOutcome, searchOutputFlags } from './search-command.ts';
import type { Command } from './args.ts';

export const tuneCommand: Command = {
  name: 'tune',
  usage: 'carclab tune <tuning> [--seed S] [--workers K] [--in-process] [--out DIR] [--json] [--new-run]',
  summary:
    'Finds the rule value that meets a target (a name in experiments/tunings/ or a path); re-running resumes it.',
  flags: {
    seed: { type: 'string', help: "seed (overrides the tuning's)" },
    ...LOCAL_BACKEND_FLAGS,
    ...searchOutputFlags('print the result as one JSON object (value, estimate, lo, hi, games, …)', 'the candidates'),
  },
  async run(positionals, flags) {
    const [spec, ...rest] = positionals;
    if (spec === undefined || rest.length) throw new InputError('usage', `usage: ${tuneCommand.usage}`);
    const openBackend = localBackendFrom(flags);
    if (flags.seed === '') throw new InputError('usage', '--seed must not be empty');
    const { tuning, file } = await loadTuning(spec, { seed: flags.seed as string | undefined });

    // Everything is checked; only now is anything started or written.
    const backend = openBackend();
    process.stderr.write('carclab: the bar counts the games of the search budget; the confirmation comes on top\n');
    const bar = progressBar('tune games');
    bar.start(tuning.budget.games, 0);
    try {
      const outcome = await withStopSignal((signal) =>
        runTuning({
          tuning,
          file,
          outRoot: flags.out as string,
          backend,
          newRun: flags['new-run'] === true,
          signal,
          onGames: (games) => bar.update(games),
        }),
      );
      bar.stop();
      return printSearchOutcome(
        outcome,
        flags.json === true,
        (result) => answerText(tuning, result),
        `results: ${outcome.dir}`,
      );
    } finally {
      bar.stop();
      await backend.close();
    }
  },
};
