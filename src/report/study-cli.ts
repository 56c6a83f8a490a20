/**
 * A study notebook's command line (`npx tsx notebooks/<name>.ts --help`): its flags, the skill levels
 * from `--agents` and `--deals` (also read by the scorecard's and the mechanics study's setups), and
 * bad input reported with exit code 2 before anything is played.
 */
import { parseAgentSpec } from '../agents/index.ts';
import { InputError, isInputError } from '../engine/index.ts';
import { parseFlags, workersFlag } from '../run/flags.ts';
import type { Backend } from '../run/pool.ts';
import { parseRedisUrl } from '../run/redis/url.ts';
import { hasAgent, runStudy } from './study.ts';
import type { LevelPlan, Study } from './study.ts';

const usage = (name: string) =>
  `usage: npx tsx notebooks/${name}.ts [RUN_DIR ...] [--agents SPEC,SPEC,...] [--deals N[,N,...]] [--players N] [--experiment FILE] [--workers K | --backend redis://host:port] [--out DIR] [--new-run]`;

function helpText(study: Study): string {
  return [
    usage(study.name),
    '',
    `${study.title(null)}: plays experiments/${study.name}.ts at each skill level (every seat one agent, same seed) and writes report.md and report.html into the first level's run folder.`,
    'With RUN_DIR arguments it analyses finished runs instead (one per level, kept games), playing nothing.',
    '',
    'options:',
    `  --agents SPEC,...    skill levels, e.g. random,greedy,strong or careful=strong:lookahead=8 (NAME=SPEC names a level; default ${study.levels.map((l) => l.agents).join(',')})`,
    `  --deals N[,N,...]    deals per level; one N sets the first level and keeps the others' ratio (default ${study.levels.map((l) => l.deals).join(',')})`,
    '  --players N          players per game, 2 to 6: every arm at N (arms of several counts: those with N)',
    '  --experiment FILE    other arms for the same study; must have the arms the study needs',
    '  --workers K          worker threads of the local pool (default: the cores)',
    '  --backend URL        play the shards on carclab workers through Redis (carclab worker --redis URL)',
    '  --out DIR            results root (default results)',
    '  --new-run            play the levels again with this code although runs of them by other code exist',
    '  --help               this text',
  ].join('\n');
}

/** Levels from --agents and --deals: deals per agent kind from the study's levels, or the last level's. */
function levelsFrom(study: Study, agents: string | undefined, deals: string | undefined): LevelPlan[] | undefined {
  if (agents === undefined && deals === undefined) return undefined;
  const named =
    agents === undefined
      ? study.levels.filter((l) => hasAgent(l.agents)).map((l) => ({ agents: l.agents, label: l.label }))
      : splitLevels(agents);
  const specs = named.map((l) => l.agents);
  for (const s of specs) parseAgentSpec(s, '--agents');
  const kind = (spec: string) => spec.split(':')[0]!;
  const like = specs.map(
    (s) =>
      study.levels.find((l) => l.agents === s) ??
      study.levels.find((l) => kind(l.agents) === kind(s)) ??
      study.levels[study.levels.length - 1]!,
  );
  const defaults = like.map((l) => l.deals);
  // The skill matches keep the study's ratio of their deals to the level's.
  const level = (k: number, n: number): LevelPlan => {
    const skill = like[k]!.skillDeals;
    return {
      ...named[k]!,
      deals: n,
      ...(skill ? { skillDeals: Math.max(1, Math.round((skill * n) / defaults[k]!)) } : {}),
    };
  };
  if (deals === undefined) return specs.map((_, k) => level(k, defaults[k]!));
  const counts = deals.split(',').map((x) => Number(x.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 1e9))
    throw new InputError(
      'usage',
      `--deals must be whole numbers from 1 to 1e9 separated by commas, got ${JSON.stringify(deals)}`,
    );
  if (counts.length === 1)
    return specs.map((_, k) =>
      level(k, k === 0 ? counts[0]! : Math.max(1, Math.round((counts[0]! * defaults[k]!) / defaults[0]!))),
    );
  if (counts.length !== specs.length)
    throw new InputError(
      'usage',
      `--deals gives ${counts.length} counts for ${specs.length} levels (${specs.join(', ')})`,
    );
  return specs.map((_, k) => level(k, counts[k]!));
}

/**
 * The deals of each level: `--deals` text (one count for every level, or one per level, each from
 * `min`), else the default of the level's agent kind in `defaults` (`strong`'s for any other kind).
 */
export function levelDeals(
  text: string | undefined,
  specs: readonly string[],
  defaults: Readonly<Record<string, number>>,
  min: number,
): number[] {
  if (text === undefined) return specs.map((s) => defaults[s.split(':')[0]!] ?? defaults.strong!);
  const counts = text.split(',').map((x) => (/^\s*\d+\s*$/.test(x) ? Number(x) : NaN));
  if (counts.some((n) => !Number.isInteger(n) || n < min || n > 1e7))
    throw new InputError(
      'usage',
      `--deals must be whole numbers from ${min} to 10000000 separated by commas, got ${JSON.stringify(text)}`,
    );
  if (counts.length === 1) return specs.map(() => counts[0]!);
  if (counts.length !== specs.length)
    throw new InputError(
      'usage',
      `--deals gives ${counts.length} counts for ${specs.length} levels (${specs.join(', ')}): give one for all or one per level`,
    );
  return counts;
}

/**
 * `--agents` levels: specs separated by commas, each optionally named `NAME=SPEC` (a name has no
 * ":"); a comma followed by one of the previous spec's own parameters (`key=value`) continues it.
 */
export function splitLevels(text: string): { agents: string; label?: string }[] {
  const levels: { agents: string; label?: string }[] = [];
  for (const piece of text.split(',').map((s) => s.trim())) {
    const last = levels[levels.length - 1];
    if (last?.agents.includes(':') && paramsOf(last.agents).includes(piece.split('=')[0]!)) {
      last.agents += `,${piece}`;
      continue;
    }
    // A spec alone has no "=" before its ":", so text before the first "=" without ":" is a name.
    const eq = piece.indexOf('=');
    levels.push(
      eq > 0 && !piece.slice(0, eq).includes(':')
        ? { label: piece.slice(0, eq), agents: piece.slice(eq + 1) }
        : { agents: piece },
    );
  }
  if (levels.some((l) => l.agents === ''))
    throw new InputError('usage', `--agents must be agent specs separated by commas, got ${JSON.stringify(text)}`);
  return levels;
}

/** The parameter names of a spec's agent (none when the agent is unknown: the spec is checked later). */
function paramsOf(spec: string): string[] {
  try {
    return Object.keys(parseAgentSpec(spec.split(':')[0]!, '--agents').params);
  } catch {
    return [];
  }
}

const STUDY_FLAGS = {
  agents: { type: 'string' },
  deals: { type: 'string' },
  experiment: { type: 'string' },
  players: { type: 'string' },
  workers: { type: 'string' },
  backend: { type: 'string' },
  out: { type: 'string' },
  'new-run': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** A notebook's command line; returns the exit code (2 for bad input, before anything is played). */
export async function studyMain(study: Study, argv = process.argv.slice(2)): Promise<number> {
  let backend: Backend | undefined;
  try {
    const { flags, positionals } = parseFlags(argv, STUDY_FLAGS);
    const values = flags as Partial<Record<keyof typeof STUDY_FLAGS, string>>;
    if (flags.help) {
      process.stdout.write(`${helpText(study)}\n`);
      return 0;
    }
    if (
      positionals.length &&
      (values.agents !== undefined ||
        values.deals !== undefined ||
        values.experiment !== undefined ||
        values.players !== undefined)
    ) {
      throw new InputError(
        'usage',
        'run directories are analysed as they are: --agents, --deals, --players and --experiment apply only when the notebook plays the runs',
      );
    }
    const players = values.players === undefined ? undefined : Number(values.players);
    if (players !== undefined && (!/^\d+$/.test(values.players!) || players < 2 || players > 6))
      throw new InputError(
        'usage',
        `--players must be a whole number from 2 to 6, got ${JSON.stringify(values.players)}`,
      );
    if (values.workers !== undefined && values.backend !== undefined)
      throw new InputError('usage', '--backend plays on Redis workers: it excludes --workers');
    const workers = values.workers === undefined ? undefined : workersFlag(values.workers, 1);
    const levels = levelsFrom(study, values.agents, values.deals);
    const target = values.backend === undefined ? undefined : parseRedisUrl(values.backend, '--backend');
    if (target && !positionals.length) backend = await (await import('../run/redis/backend.ts')).redisBackend(target);
    const outcome = await runStudy(study, {
      runs: positionals,
      levels,
      experiment: values.experiment,
      players,
      workers,
      backend,
      outRoot: values.out,
      newRun: flags['new-run'] === true,
    });
    process.stdout.write(
      `${outcome.highlights.headlines.map((h) => `- ${h.replace(/\*\*|`/g, '')}`).join('\n')}\nreport: ${outcome.files.html}\n        ${outcome.files.markdown}\n`,
    );
    return 0;
  } catch (error) {
    if (isInputError(error)) {
      process.stderr.write(`${study.name}: ${(error as Error).message}\n${usage(study.name)}\n`);
      return 2;
    }
    throw error;
  } finally {
    await backend?.close();
  }
}
