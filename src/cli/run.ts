/**
 * `carclab run <experiment>`: plays an experiment on a piscina pool (or in-process) into
 * results/<experiment>/<run-id>/ with a progress bar on stderr (also when not on a terminal), then
 * prints a short summary and where the results are. Ctrl-C stops after the running shards and leaves
 * a run that the same command resumes; a second Ctrl-C stops at once (finished shards are kept).
 */
import { InputError } from '../engine/index.ts';
import { loadExperiment } from '../run/load.ts';
import { gamesPerDealOf, runExperiment } from '../run/runner.ts';
import { parsePrecision, precisionPlan, runToPrecision } from '../tune/precision.ts';
import type { PrecisionBatch } from '../tune/precision.ts';
import type { Summary } from '../sim/summary.ts';
// Not the stats index: it loads arquero (half a second of start-up), which a run's main thread never uses.
import { fixed, signed } from '../report/numbers.ts';
import { meanInterval } from '../stats/mean-interval.ts';
import { pairedComparison } from '../stats/paired.ts';
import { intFlag } from './args.ts';
import type { Command } from './args.ts';
import { BACKEND_FLAGS, backendFrom } from './backend.ts';
import { backendText, withProgress } from './progress.ts';

/** Pairs printed at the end: all of them for a few arms, else each arm against the first. */
const PRINTED_PAIRS_MAX_ARMS = 4;

/**
 * A few lines per arm and per pair: mean score (Student t 95 % interval) and win rate per seat (per
 * lineup player when the agents differ); the main paired differences (paired t 95 % intervals).
 */
export function summaryText(summary: Summary): string {
  const lines = [
    `${summary.experiment}: ${summary.games.toLocaleString('en')} games (${summary.deals.toLocaleString('en')} deals, seed ${summary.seed}, rotation ${summary.rotation})`,
    '  mean final score per seat [Student t 95 % interval] (win share):',
  ];
  for (const arm of summary.arms) {
    const mixed = new Set(arm.agents).size > 1;
    const who = mixed
      ? arm.lineup.map((p) => ({ label: `${p.agent} (player ${p.player})`, s: p }))
      : arm.seats.map((s) => ({ label: `seat ${s.seat}`, s }));
    const parts = who.map(({ label, s }) => {
      const m = meanInterval(s.score);
      return `${label} ${fixed(m.mean)} [${fixed(m.lo)}, ${fixed(m.hi)}] (wins ${fixed((s.winRate ?? 0) * 100, 1)}%)`;
    });
    const agents = mixed ? '' : `; ${arm.agents[0]}`;
    lines.push(
      `  ${arm.name} [${arm.players}p${arm.expansions.length ? ` ${arm.expansions.join('+')}` : ''}${agents}]: ${parts.join(', ')}; winner ${fixed(arm.winnerScore.mean)}, margin ${fixed(arm.margin.mean)}`,
    );
  }
  const pairs =
    summary.arms.length <= PRINTED_PAIRS_MAX_ARMS
      ? summary.pairs
      : summary.pairs.filter((p) => p.a === summary.arms[0]!.name);
  if (pairs.length)
    lines.push(
      `  paired per-deal differences (b − a, mean [paired t 95 % interval]${pairs.length < summary.pairs.length ? '; every pair in pairs.csv' : ''}):`,
    );
  for (const pair of pairs) {
    const parts = ['score', 'winnerScore', 'margin', 'seat0.wins'].flatMap((name) => {
      const d = pair.metrics[name];
      const digits = name.endsWith('wins') ? 3 : 2;
      if (!d) return [];
      const c = pairedComparison({ n: d.deals, mean: d.meanDiff, sd: d.sd });
      return [`${name} ${signed(c.meanDiff, digits)} [${signed(c.lo, digits)}, ${signed(c.hi, digits)}]`];
    });
    const same =
      pair.sameMoves === pair.metrics.score?.deals
        ? ' — identical moves on every deal: this compares scoring only'
        : '';
    lines.push(`    ${pair.b} − ${pair.a}: ${parts.join('; ')}${same}`);
  }
  return lines.join('\n');
}

export const runCommand: Command = {
  name: 'run',
  usage:
    'carclab run <experiment> [--deals N] [--workers K] [--seed S] [--out DIR] [--keep-games] [--in-process] [--shard-deals N] [--backend redis|redis://host:port] [--queue NAME] [--verify F] [--redis-wait S] [--precision METRIC=HALFWIDTH[,…]] [--quality] [--new-run]',
  summary:
    'Runs an experiment (a name in experiments/ or a path) into DIR/<experiment>/<run-id>/; re-running the same command resumes it.',
  flags: {
    deals: { type: 'string', help: 'number of deals (overrides the experiment)' },
    ...BACKEND_FLAGS,
    seed: { type: 'string', help: 'run seed (overrides the experiment)' },
    out: { type: 'string', help: 'results root', default: 'results' },
    'keep-games': { type: 'boolean', help: 'also write one row per game to games.arrow' },
    'shard-deals': { type: 'string', help: 'deals per shard (default: about 4,000 games per shard)' },
    precision: {
      type: 'string',
      help: "play in batches until each METRIC's interval (valid under this stopping rule) is within ±HALFWIDTH in every arm (e.g. margin=0.2,seat0.wins=0.01), or --deals is reached",
    },
    'new-run': {
      type: 'boolean',
      help: 'play the plan again although a run of it by other code (an older engine) exists',
    },
    quality: {
      type: 'boolean',
      help: 'record the game-quality measures (lead changes, drama, decisiveness, close games, the score race; an evaluation per turn: random games play about 3.5 times slower)',
    },
  },
  async run(positionals, flags) {
    const [spec, ...rest] = positionals;
    if (spec === undefined || rest.length) throw new InputError('usage', `usage: ${runCommand.usage}`);
    const deals = flags.deals === undefined ? undefined : intFlag(flags.deals, 'deals', 1, 1, 1e9);
    const shardDeals =
      flags['shard-deals'] === undefined ? undefined : intFlag(flags['shard-deals'], 'shard-deals', 1, 1, 1e9);
    const openBackend = backendFrom(flags);
    if (flags.seed === '') throw new InputError('usage', '--seed must not be empty');
    const loaded = await loadExperiment(spec, {
      deals,
      seed: flags.seed as string | undefined,
      ...(flags.quality ? { quality: true } : {}),
    });
    const targets = typeof flags.precision === 'string' ? parsePrecision(flags.precision, loaded.plan) : undefined;
    if (targets && flags['keep-games'])
      throw new InputError('usage', '--precision and --keep-games exclude each other: kept games need the whole run');
    const { file } = loaded;
    const plan = targets ? precisionPlan(loaded.plan, targets) : loaded.plan;

    // Everything is checked; only now is anything started or written.
    const backend = await openBackend();
    try {
      const arms = plan.arms.length;
      const onBatch = (batch: PrecisionBatch, next: number | null) => {
        const widths = targets!
          .map((t) => `${t.metric} ±${batch.halfWidths[t.metric]!.toPrecision(3)} (wanted ±${t.halfWidth})`)
          .join(', ');
        process.stderr.write(
          `\ncarclab: precision after ${batch.deals.toLocaleString('en')} deals: ${widths}; ${next === null ? 'stop' : `next batch up to ${next.toLocaleString('en')} deals`}\n`,
        );
      };
      const dealsText = (progress: { gamesTotal: number }) =>
        targets
          ? `deals up to ${(progress.gamesTotal / gamesPerDealOf(plan)).toLocaleString('en')} (at most ${plan.deals.toLocaleString('en')})`
          : `${plan.deals.toLocaleString('en')} deals`;
      const outcome: Awaited<ReturnType<typeof runToPrecision>> = await withProgress(
        (runDir, progress) =>
          `${plan.experiment}: ${dealsText(progress)} × ${arms} arm${arms === 1 ? '' : 's'} = ${progress.gamesTotal.toLocaleString('en')} games (${gamesPerDealOf(plan)} per deal) on ${backendText(backend)} into ${runDir}`,
        (hooks) => {
          const options = {
            plan,
            experimentFile: file,
            outRoot: flags.out as string,
            backend,
            keepGames: flags['keep-games'] === true,
            shardDeals,
            newRun: flags['new-run'] === true,
            ...hooks,
          };
          return targets ? runToPrecision(targets, options, onBatch) : runExperiment(options);
        },
      );
      const stop = outcome.stop;
      if (stop?.reason === 'deals')
        process.stderr.write(
          `carclab: precision not reached: all ${stop.deals.toLocaleString('en')} deals (--deals) played first\n`,
        );
      for (const iv of stop?.intervals ?? [])
        process.stderr.write(
          `carclab: ${iv.arm} ${iv.metric} ${iv.estimate.toPrecision(4)} [${iv.lo.toPrecision(4)}, ${iv.hi.toPrecision(4)}] (${iv.method})\n`,
        );
      if (outcome.status === 'interrupted') {
        process.stderr.write(
          `carclab: interrupted after ${outcome.gamesPlayed.toLocaleString('en')} games this session; run the same command to resume ${outcome.runDir}\n`,
        );
        return 130;
      }
      const rate = outcome.gamesPlayed / outcome.wallSeconds;
      process.stdout.write(`${summaryText(outcome.summary!)}\n`);
      process.stdout.write(
        outcome.gamesPlayed
          ? `played ${outcome.gamesPlayed.toLocaleString('en')} games in ${outcome.wallSeconds.toFixed(1)} s (${Math.round(rate).toLocaleString('en')} games/s)\n`
          : 'nothing left to play: the run was already complete\n',
      );
      process.stdout.write(`results: ${outcome.runDir}\n`);
      return 0;
    } finally {
      await backend.close();
    }
  },
};
