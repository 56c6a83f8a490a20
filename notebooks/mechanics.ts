/**
 * Notebook: how much each mechanic matters — restricted play (Jaffe et al., AIIDE 2012). Per skill
 * level and arm (expansion mix), each mechanic's importance: the win share of the level's agent
 * against the same agent forbidden that mechanic (`forbid=`), on paired deals with the seats swapped.
 *
 *   npx tsx notebooks/mechanics.ts                                   # greedy and strong; base, each expansion alone, both Labyrinths
 *   npx tsx notebooks/mechanics.ts --agents greedy,strong --deals 40 --expansions base,labyrinth@labyrinth=advanced
 *   npx tsx notebooks/mechanics.ts --help
 *
 * The mechanics are what the rule modules declare (`Expansion.mechanics`); the figures and the
 * report are `src/report/mechanics/`. Writes report.md, report.html and mechanics.json into --out
 * (default results/mechanics), the matches' runs under --out/runs (a run played before is reused).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { intFlag, parseFlags } from '../src/cli/args.ts';
import { InputError, isInputError, MAX_PLAYERS, MIN_PLAYERS } from '../src/engine/index.ts';
import { writeJsonAtomic } from '../src/run/files.ts';
import { defaultWorkers, poolBackend } from '../src/run/pool.ts';
import { mechanicsReport, mechanicsResults } from '../src/report/mechanics/analysis.ts';
import { restrictionBinding } from '../src/report/mechanics/binding.ts';
import type { MechanicsResults } from '../src/report/mechanics/analysis.ts';
import { DEFAULT_ARMS, DEFAULT_DEALS, DEFAULT_LEVELS, mechanicsSetup } from '../src/report/mechanics/setup.ts';
import type { MechanicsSetup } from '../src/report/mechanics/setup.ts';
import { writeReport } from '../src/report/report.ts';
import { playSkillMatch } from '../src/report/skill-depth.ts';

const USAGE =
  'usage: npx tsx notebooks/mechanics.ts [--agents SPEC,...] [--deals N[,N...]] [--expansions ARM,...] [--mechanics NAME,...] [--players N] [--seed S] [--workers K] [--out DIR] [--json] [--new-run]';

const HELP = [
  USAGE,
  '',
  "How much each mechanic matters (restricted play): per skill level and arm, the level's agent against the same agent forbidden one mechanic, every deal twice with the seats swapped; writes report.md, report.html and mechanics.json into --out.",
  '',
  'options:',
  `  --agents SPEC,...      skill levels (NAME=SPEC names one; default ${DEFAULT_LEVELS})`,
  `  --deals N[,N,...]      deals per match: one count for every level or one per level (default ${Object.entries(
    DEFAULT_DEALS,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
  `  --expansions ARM,...   arms: base, or expansions joined by +, rules after @ (default ${DEFAULT_ARMS})`,
  "  --mechanics NAME,...   only these mechanics, in every arm whose game has them (default: those the arm's own expansions declare; the base game's for base)",
  '  --players N            players per game, 2 to 6 (default 2)',
  "  --seed S               seed of the deals and the agents' streams (default 1)",
  '  --workers K            worker threads of the local pool (default: the cores)',
  "  --out DIR              the report's folder (default results/mechanics); the runs go to DIR/runs",
  '  --json                 print mechanics.json instead of the headlines',
  '  --new-run              play the matches again with this code although runs of them by other code exist',
  '  --help                 this text',
].join('\n');

const FLAGS = {
  agents: { type: 'string' },
  deals: { type: 'string' },
  expansions: { type: 'string' },
  mechanics: { type: 'string' },
  players: { type: 'string' },
  seed: { type: 'string' },
  workers: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  'new-run': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export interface MechanicsArgs {
  setup: MechanicsSetup;
  workers: number;
  out: string;
  json: boolean;
  newRun: boolean;
}

/** The setup from the command line, or an input error naming the flag (before anything is written). */
export function setupFromArgs(argv: readonly string[]): MechanicsArgs | 'help' {
  const { flags, positionals } = parseFlags(argv, FLAGS);
  const v = flags as Partial<Record<keyof typeof FLAGS, string>>;
  if (flags.help) return 'help';
  if (positionals.length)
    throw new InputError('usage', `takes no arguments besides its flags, got ${JSON.stringify(positionals[0])}`);
  const players = intFlag(v.players, 'players', 2, MIN_PLAYERS, MAX_PLAYERS);
  const workers = intFlag(v.workers, 'workers', defaultWorkers(), 1, 256);
  if (v.out === '') throw new InputError('usage', '--out must not be empty');
  const setup = mechanicsSetup({
    agents: v.agents,
    deals: v.deals,
    expansions: v.expansions,
    mechanics: v.mechanics,
    players,
    seed: v.seed ?? '1',
  });
  return {
    setup,
    workers,
    out: v.out ?? join('results', 'mechanics'),
    json: flags.json === true,
    newRun: flags['new-run'] === true,
  };
}

/** Plays every match (each with its progress bar), then writes the report and mechanics.json. */
export async function runMechanics(
  setup: MechanicsSetup,
  workers: number,
  out: string,
  log: (line: string) => void,
  newRun = false,
): Promise<{ results: MechanicsResults; files: { markdown: string; html: string; json: string } }> {
  const t0 = performance.now();
  const backend = poolBackend(workers);
  const played: Awaited<ReturnType<typeof playSkillMatch>>[] = [];
  try {
    for (const [k, m] of setup.matches.entries()) {
      log(
        `mechanics: match ${k + 1} of ${setup.matches.length}: ${setup.levels[m.level]!.name}, ${setup.arms[m.arm]!.name}, forbid=${m.mechanic}`,
      );
      played.push(await playSkillMatch(m.design, backend, join(out, 'runs'), log, newRun));
    }
  } finally {
    await backend.close();
  }
  log(`mechanics: counting how often each restriction binds (every game of each match, played again on one core)`);
  const bindings = setup.matches.map((m) => restrictionBinding(m.design, m.mechanic));
  const broken = bindings.findIndex((b) => b.restrictedUses > 0);
  if (broken >= 0)
    throw new Error(
      `a restricted agent used ${setup.matches[broken]!.mechanic} ${bindings[broken]!.restrictedUses} times: forbid= is broken`,
    );
  const results = mechanicsResults(
    setup,
    played.map((p) => p.outcomes),
    bindings,
    played.map((p) => p.runDir),
  );
  const files = await writeReport(mechanicsReport(setup, results), out);
  const json = join(out, 'mechanics.json');
  writeJsonAtomic(json, {
    format: 'carclab-mechanics/1',
    players: setup.players,
    seed: setup.seed,
    levels: setup.levels,
    arms: setup.arms.map(({ name, expansions, rules, mechanics }) => ({ name, expansions, rules, mechanics })),
    ...results,
  });
  log(
    `mechanics: ${setup.matches.length} matches in ${((performance.now() - t0) / 1000).toFixed(0)} s; report ${files.html}`,
  );
  return { results, files: { markdown: files.markdown, html: files.html, json } };
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = setupFromArgs(argv);
    if (args === 'help') {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    const { results, files } = await runMechanics(
      args.setup,
      args.workers,
      args.out,
      (line) => process.stderr.write(`${line}\n`),
      args.newRun,
    );
    if (args.json) process.stdout.write(`${JSON.stringify(results)}\n`);
    else {
      const pct = (x: number | null) => (x === null ? '–' : (x * 100).toFixed(1));
      const lines = results.results.map(
        (r) =>
          `- ${r.level}, ${r.mechanic} (${r.arm}): win share ${pct(r.importance)} % [${pct(r.lo)}, ${pct(r.hi)}] against itself forbidden it, ${r.deals} deals; Holm p ${r.pHolm === null ? '–' : r.pHolm.toPrecision(2)}`,
      );
      process.stdout.write(`${lines.join('\n')}\nreport: ${files.html}\n        ${files.markdown}\n`);
    }
    return 0;
  } catch (error) {
    if (isInputError(error)) {
      process.stderr.write(`mechanics: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
