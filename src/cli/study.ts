/**
 * `carclab study`: a house rule (or expansions) against the official rules at every skill level, with
 * no file to write: paired runs with the rule's direct effect and the references of "winner changed",
 * the skill depth per arm, and the scorecard (report.md, report.html, scorecard.json in --out).
 * Everything is checked before anything is played or written (exit 2).
 */
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { parseExpansionsFlag } from '../match/design.ts';
import { parseRules } from '../expansions/index.ts';
import { writeJsonAtomic } from '../run/files.ts';
import { defaultWorkers, poolBackend } from '../run/pool.ts';
import { writeScorecardReport, levelFindings } from '../report/scorecard/report.ts';
import { playStudy } from '../report/scorecard/scorecard.ts';
import { STUDY_STRONG } from '../report/study.ts';
import { DEFAULT_DEALS, studySetup, studySlug } from '../report/scorecard/setup.ts';
import { intFlag, workersFlag } from './args.ts';
import type { Command } from './args.ts';

export const studyCommand: Command = {
  name: 'study',
  usage:
    'carclab study [--rules k=v,…] [--expansions a,b] [--players N] [--agents random,greedy,strong] [--deals N[,N…]] [--seed S] [--workers K] [--out DIR] [--json] [--new-run]',
  summary:
    'A house rule against the official rules at every skill level: its direct effect, "winner changed" with both references, skill depth; writes the scorecard.',
  flags: {
    rules: {
      type: 'string',
      help: 'the house rule(s), name=value comma-separated; both arms play --expansions, the baseline with the official rules',
    },
    expansions: {
      type: 'string',
      help: 'expansions of both arms; without --rules, the expansions are compared with the base game',
    },
    players: { type: 'string', help: 'players per game, 2 to 6', default: '2' },
    agents: {
      type: 'string',
      help: 'skill levels, agent specs comma-separated (NAME=SPEC names one); each level also plays the one before it',
      default: `random,greedy,strong=${STUDY_STRONG}`,
    },
    deals: {
      type: 'string',
      help: `deals per level: one count for every level or one per level (default ${Object.entries(DEFAULT_DEALS)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
    },
    seed: { type: 'string', help: "seed of the deals and the agents' streams", default: '1' },
    workers: { type: 'string', help: "worker threads of the pool (default: the machine's cores)" },
    out: {
      type: 'string',
      help: "the scorecard's folder; the runs go to DIR/runs (default results/study/<rules>.<players>p)",
    },
    json: { type: 'boolean', help: 'print the scorecard as one JSON object (as scorecard.json)' },
    'new-run': {
      type: 'boolean',
      help: 'play the levels again with this code although runs of them by other code exist (they are kept)',
    },
  },
  async run(positionals, flags) {
    if (positionals.length)
      throw new InputError(
        'usage',
        `carclab study: takes no positional arguments, got ${JSON.stringify(positionals[0])}\nusage: ${studyCommand.usage}`,
      );
    // 1. Everything checked before anything is written.
    const setup = studySetup({
      rules: parseRules(flags.rules as string | undefined, '--rules'),
      expansions: parseExpansionsFlag(flags.expansions as string | undefined),
      players: intFlag(flags.players, 'players', 2, 2, 6),
      agents: flags.agents as string,
      deals: flags.deals as string | undefined,
      seed: flags.seed as string,
    });
    const workers = workersFlag(flags.workers, defaultWorkers());
    if (flags.out === '') throw new InputError('usage', '--out must not be empty');
    const out = (flags.out as string | undefined) ?? join('results', 'study', studySlug(setup));

    // 2. The runs, then the scorecard.
    const log = (line: string) => process.stderr.write(`carclab: ${line}\n`);
    log(
      `study: ${setup.comparison}; levels ${setup.levels.map((l) => `${l.name} (${l.deals.toLocaleString('en')} deals)`).join(', ')}`,
    );
    const backend = poolBackend(workers);
    try {
      const { scorecard, runs } = await playStudy(setup, backend, out, log, flags['new-run'] === true);
      const files = await writeScorecardReport(scorecard, runs, out);
      const json = join(out, 'scorecard.json');
      writeJsonAtomic(json, scorecard);
      if (flags.json)
        process.stdout.write(
          `${JSON.stringify({ ...scorecard, files: { json, markdown: files.markdown, html: files.html } })}\n`,
        );
      else {
        const findings = scorecard.levels
          .flatMap((c) => levelFindings(c, scorecard))
          .map((l) => `- ${l.replace(/\*\*|`/g, '')}`);
        process.stdout.write(
          `${scorecard.question}\n${findings.join('\n')}\nreport: ${files.html}\n        ${files.markdown}\n        ${json}\n`,
        );
      }
      return 0;
    } finally {
      await backend.close();
    }
  },
};
