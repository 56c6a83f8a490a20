/**
 * `carclab tune <tuning>`: searches a rule parameter for a designer's target (`src/tune/`) on a
 * piscina pool (or in-process) into DIR/<tuning>/<run-id>/, with a progress bar of the games spent
 * on stderr. Prints the answer (or, with --json, one object with at least value, estimate, lo, hi and
 * games). Ctrl-C stops after the running shards; the same command resumes.
 */
import { InputError } from '../engine/index.ts';
import { defaultWorkers, inProcessBackend, poolBackend } from '../run/pool.ts';
import { loadTuning } from '../tune/load.ts';
import { answerText } from '../tune/report.ts';
import { runTuning } from '../tune/run.ts';
import { workersFlag } from './args.ts';
import { progressBar } from '../run/progress-bar.ts';
import { withStopSignal } from './progress.ts';
import type { Command } from './args.ts';

export const tuneCommand: Command = {
  name: 'tune',
  usage: 'carclab tune <tuning> [--seed S] [--workers K] [--in-process] [--out DIR] [--json] [--new-run]',
  summary:
    'Finds the rule value that meets a target (a name in experiments/tunings/ or a path); re-running resumes it.',
  flags: {
    seed: { type: 'string', help: "seed (overrides the tuning's)" },
    workers: { type: 'string', help: "worker threads of the pool (default: the machine's cores)" },
    'in-process': { type: 'boolean', help: 'play in the main thread instead of a worker pool' },
    out: { type: 'string', help: 'results root', default: 'results' },
    json: { type: 'boolean', help: 'print the result as one JSON object (value, estimate, lo, hi, games, …)' },
    'new-run': {
      type: 'boolean',
      help: 'play the candidates again although runs of them by other code (an older engine) exist',
    },
  },
  async run(positionals, flags) {
    const [spec, ...rest] = positionals;
    if (spec === undefined || rest.length) throw new InputError('usage', `usage: ${tuneCommand.usage}`);
    const workers = workersFlag(flags.workers, defaultWorkers());
    if (flags['in-process'] && flags.workers !== undefined)
      throw new InputError('usage', '--workers and --in-process exclude each other');
    if (flags.seed === '') throw new InputError('usage', '--seed must not be empty');
    const { tuning, file } = await loadTuning(spec, { seed: flags.seed as string | undefined });

    // Everything is checked; only now is anything started or written.
    const backend = flags['in-process'] ? inProcessBackend() : poolBackend(workers);
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
      if (outcome.status === 'interrupted') {
        process.stderr.write(`carclab: interrupted; run the same command to resume ${outcome.dir}\n`);
        return 130;
      }
      const result = outcome.result!;
      if (flags.json) process.stdout.write(`${JSON.stringify({ ...result, dir: outcome.dir })}\n`);
      else
        process.stdout.write(
          `${answerText(tuning, result)}\nplayed ${outcome.gamesPlayed.toLocaleString('en')} games this session in ${outcome.wallSeconds.toFixed(1)} s\nresults: ${outcome.dir}\n`,
        );
      return 0;
    } finally {
      bar.stop();
      await backend.close();
    }
  },
};
