/**
 * `carclab study`: a house rule (or expansions) against the official rules at every skill level, with
 * no file to write: paired runs with the rule's direct effect and the references of "winner changed",
 * the skill depth per arm, and the scorecard (report.md, report.html, scorecard.json in --out).
 * Everything is checked before anything is played or written (exit 2).
 */
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import type { ParamValue, TileSource } from '../engine/index.ts';
import { parseRules } from '../expansions/index.ts';
import { parseExpansionsFlag } from '../match/design.ts';
import { readJsonFile, writeAtomic, writeJsonAtomic } from '../run/files.ts';
import { defaultWorkers, poolBackend } from '../run/pool.ts';
import { bottomLine } from '../report/scorecard/bottom-line.ts';
import { scorecardCsv } from '../report/scorecard/csv.ts';
import { levelFindings, writeScorecardReport } from '../report/scorecard/report.ts';
import { playStudy } from '../report/scorecard/scorecard.ts';
import { nameWithStrength } from '../report/level-strength.ts';
import { levelsText } from '../report/scorecard/report.ts';
import { STUDY_STRONG } from '../report/study.ts';
import { DEFAULT_DEALS, studySetup, studySlug } from '../report/scorecard/setup.ts';
import { intFlag, workersFlag } from './args.ts';
import type { Command } from './args.ts';

export const studyCommand: Command = {
  name: 'study',
  usage:
    'carclab study [--rules k=v,… | --arms NAME=k=v,…,NAME=k=v,…] [--tiles FILE,…] [--tile-counts ID=N,…] [--expansions a,b] [--players N] [--agents random,greedy,strong] [--deals N[,N…]] [--seed S] [--workers K] [--out DIR] [--json] [--new-run]',
  summary:
    'A house rule against the official rules at every skill level: its direct effect, "winner changed" with both references, skill depth; writes the scorecard.',
  flags: {
    rules: {
      type: 'string',
      help: 'the house rule(s), name=value comma-separated; both arms play --expansions, the baseline with the official rules',
    },
    arms: {
      type: 'string',
      help: 'the two arms by name, the baseline first: NAME=k=v,k=v,NAME=k=v (NAME= or a first bare NAME: the official rules), e.g. basic,advanced=labyrinth=advanced',
    },
    tiles: {
      type: 'string',
      help: 'designer tile files (carclab-tiles/1) the variant adds, comma-separated; alone: the game with them against the game without',
    },
    'tile-counts': {
      type: 'string',
      help: "copies per tile id in the variant, replacing the catalog's: ID=N,… (0 removes a tile)",
    },
    expansions: {
      type: 'string',
      help: 'expansions of both arms; alone (no --rules, --arms, --tiles), the expansions are compared with the base game',
    },
    players: { type: 'string', help: 'players per game, 2 to 6', default: '2' },
    agents: {
      type: 'string',
      help: 'skill levels, agent specs comma-separated (NAME=SPEC names one); each level also plays the one before it',
      default: `random,greedy,${STUDY_STRONG}`,
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
      ...(flags.arms !== undefined ? { arms: parseArmsFlag(flags.arms as string) } : {}),
      ...(flags.tiles !== undefined ? { tiles: readTilesFlag(flags.tiles as string) } : {}),
      ...(flags['tile-counts'] !== undefined ? { tileCounts: parseTileCounts(flags['tile-counts'] as string) } : {}),
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
      `study: ${setup.comparison}; levels ${setup.levels.map((l) => `${nameWithStrength(l.name, l.spec, setup.players)} (${l.deals.toLocaleString('en')} deals)`).join('; ')}`,
    );
    const backend = poolBackend(workers);
    try {
      const { scorecard, runs } = await playStudy(setup, backend, out, log, flags['new-run'] === true);
      const files = await writeScorecardReport(scorecard, runs, out);
      const json = join(out, 'scorecard.json');
      writeJsonAtomic(json, scorecard);
      const csvFile = join(out, 'scorecard.csv');
      writeAtomic(csvFile, scorecardCsv(scorecard));
      if (flags.json)
        process.stdout.write(
          `${JSON.stringify({ ...scorecard, files: { json, csv: csvFile, markdown: files.markdown, html: files.html } })}\n`,
        );
      else {
        const plain = (l: string) => l.replace(/\*\*|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
        const findings = scorecard.levels.flatMap((c) => levelFindings(c, scorecard)).map((l) => `- ${plain(l)}`);
        const bottom = bottomLine(scorecard);
        const more = bottom.more
          ? ` (${bottom.more} smaller measurable change${bottom.more === 1 ? '' : 's'} in the report)`
          : '';
        const line = bottom.sentences.map((x) => x.text);
        process.stdout.write(
          `${scorecard.question}\n\nBottom line: ${line.join(' ')}${more}\n\n${findings.join('\n')}\n\n${levelsText(scorecard)}\nreport: ${files.html}\n        ${files.markdown}\n        ${json}\n        ${csvFile}\n`,
        );
      }
      return 0;
    } finally {
      await backend.close();
    }
  },
};

const ARM_NAME = /^[A-Za-z0-9_.+-]{1,64}$/;

/**
 * `--arms NAME=k=v,k=v,NAME=k=v`: a piece `NAME=k=v` or `NAME=` starts an arm (the first piece may be
 * a bare `NAME`: the official rules); any other piece continues the arm before it (`k=v`, or a list
 * value's next item as in `--rules`).
 */
export function parseArmsFlag(text: string): { name: string; rules: Record<string, ParamValue> }[] {
  const arms: { name: string; rules: string[] }[] = [];
  for (const [k, piece] of text.split(',').entries()) {
    const eq = piece.indexOf('=');
    const starts = piece.slice(eq + 1).includes('=') || (eq > 0 && eq === piece.length - 1) || (k === 0 && eq < 0);
    if (starts) {
      const name = (eq < 0 ? piece : piece.slice(0, eq)).trim();
      if (!ARM_NAME.test(name))
        throw new InputError(
          'usage',
          `--arms: ${JSON.stringify(name)} is not an arm name (1-64 letters, digits or _ . + -); give NAME=k=v,… per arm, e.g. --arms basic,advanced=labyrinth=advanced`,
        );
      arms.push({ name, rules: eq < 0 ? [] : [piece.slice(eq + 1)].filter((r) => r.trim() !== '') });
    } else if (arms.length) arms[arms.length - 1]!.rules.push(piece);
    else
      throw new InputError(
        'usage',
        `--arms: ${JSON.stringify(piece)} does not start an arm; give NAME=k=v,… per arm (NAME= for the official rules), e.g. --arms basic,advanced=labyrinth=advanced`,
      );
  }
  return arms.map((a) => ({ name: a.name, rules: parseRules(a.rules.join(','), `--arms: arm ${a.name}`) }));
}

/** `--tiles a.json,b.json`: each file read and parsed here (checked when the games are built). */
function readTilesFlag(text: string): TileSource[] {
  const paths = text.split(',').map((p) => p.trim());
  if (paths.some((p) => p === ''))
    throw new InputError('usage', `--tiles must be file paths separated by commas, got ${JSON.stringify(text)}`);
  return paths.map((path) => ({ data: readJsonFile(path, 'catalog', `--tiles ${path}`), where: path }));
}

/** `--tile-counts D=5,Z1=0`: copies per tile id (whole numbers; the game checks the ids). */
export function parseTileCounts(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const piece of text.split(',')) {
    const m = /^\s*([A-Za-z0-9.]+)\s*=\s*(\d{1,4})\s*$/.exec(piece);
    if (!m)
      throw new InputError(
        'usage',
        `--tile-counts: ${JSON.stringify(piece)} is not ID=N (a tile id and a whole number of copies, e.g. D=5)`,
      );
    if (Object.hasOwn(counts, m[1]!)) throw new InputError('usage', `--tile-counts: tile ${m[1]} is given twice`);
    counts[m[1]!] = Number(m[2]);
  }
  return counts;
}
