/**
 * Studies: a notebook (`notebooks/<name>.ts`) analyses the runs of two experiments, one with random
 * agents (`experiments/<name>.ts`, many deals) and one with greedy agents
 * (`experiments/<name>-greedy.ts`, same seed so the first deals are the same, fewer deals), and
 * writes report.md/report.html into the random run's folder. `runStudy` runs (or loads) both runs on
 * the worker pool and writes the report; `studyMain` is a notebook's command line:
 *
 *   npx tsx notebooks/<name>.ts [RANDOM_RUN_DIR [GREEDY_RUN_DIR]] [--deals N] [--greedy-deals M] [--workers K] [--out DIR]
 */
import { parseArgs } from 'node:util';
import { relative } from 'node:path';
import type { ColumnTable } from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import { isInputError } from '../engine/index.ts';
import { loadExperiment } from '../sim/load.ts';
import { defaultWorkers, poolBackend } from '../sim/pool.ts';
import type { Backend } from '../sim/pool.ts';
import { defaultShardDeals, runExperiment } from '../sim/runner.ts';
import { Report, writeReport } from './report.ts';
import type { ReportFiles } from './report.ts';
import { addRunSections } from './run-report.ts';
import { loadRun } from './run.ts';
import type { LoadedRun } from './run.ts';

/** What a study shows in the suite report besides its own report. */
export interface StudyHighlights {
  /** Headline sentences (Markdown), numbers with intervals and run sizes. */
  headlines: string[];
  tables: { table: ColumnTable; caption: string }[];
  charts: { name: string; spec: TopLevelSpec; caption?: string }[];
}

export interface StudyRuns {
  random: LoadedRun;
  greedy: LoadedRun;
}

export interface Study {
  /** Experiment names: `<name>` (random agents) and `<name>-greedy`. */
  name: string;
  title: string;
  /** Whether the runs keep per-game rows (games.arrow). */
  keepGames: boolean;
  /** Deals of the suite's reduced runs (`npm start`). */
  suiteDeals: { random: number; greedy: number };
  /** Adds the study's sections to `report` and returns its highlights. */
  analyse(report: Report, runs: StudyRuns): StudyHighlights | Promise<StudyHighlights>;
}

export interface StudyOptions {
  /** Existing finished runs instead of running the experiments. */
  randomRun?: string;
  greedyRun?: string;
  /** Deals of the random run (default: the experiment's); the greedy run keeps the experiment's ratio unless `greedyDeals`. */
  deals?: number;
  greedyDeals?: number;
  workers?: number;
  outRoot?: string;
  /** Shared pool (the suite runs several studies on one). */
  backend?: Backend;
  log?: (line: string) => void;
}

export interface StudyOutcome {
  runs: StudyRuns;
  files: ReportFiles;
  highlights: StudyHighlights;
}

async function runOne(name: string, deals: number | undefined, keepGames: boolean, backend: Backend, outRoot: string, log: (l: string) => void): Promise<string> {
  const { plan, file } = await loadExperiment(name, { deals });
  const t0 = performance.now();
  let last = 0;
  // Small runs (greedy) still get a few shards per worker, so every core plays (results do not depend on shard size).
  const shardDeals = Math.max(1, Math.min(defaultShardDeals(plan), Math.ceil(plan.deals / (4 * backend.concurrency))));
  const outcome = await runExperiment({
    plan, experimentFile: file, outRoot, backend, keepGames, shardDeals,
    onStart: ({ runDir, progress }) => log(`${name}: ${plan.deals.toLocaleString('en')} deals, ${progress.gamesTotal.toLocaleString('en')} games into ${runDir}`),
    onProgress: (p) => {
      const now = performance.now();
      if (now - last > 10_000) {
        last = now;
        log(`${name}: ${p.gamesDone.toLocaleString('en')}/${p.gamesTotal.toLocaleString('en')} games`);
      }
    },
  });
  if (outcome.status !== 'complete') throw new Error(`${name}: run interrupted`);
  log(`${name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return outcome.runDir;
}

/** Runs (or loads) a study's two runs and writes its report into the random run's folder. */
export async function runStudy(study: Study, options: StudyOptions = {}): Promise<StudyOutcome> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const outRoot = options.outRoot ?? 'results';
  let backend = options.backend;
  const own = !backend && (!options.randomRun || !options.greedyRun);
  if (own) backend = poolBackend(options.workers ?? defaultWorkers());
  try {
    let greedyDeals = options.greedyDeals;
    if (greedyDeals === undefined && options.deals !== undefined) {
      const [{ plan: r }, { plan: g }] = await Promise.all([loadExperiment(study.name), loadExperiment(`${study.name}-greedy`)]);
      greedyDeals = Math.max(1, Math.round((options.deals * g.deals) / r.deals));
    }
    const randomDir = options.randomRun ?? await runOne(study.name, options.deals, study.keepGames, backend!, outRoot, log);
    const greedyDir = options.greedyRun ?? await runOne(`${study.name}-greedy`, greedyDeals, study.keepGames, backend!, outRoot, log);
    const runs: StudyRuns = { random: loadRun(randomDir), greedy: loadRun(greedyDir) };
    const report = new Report(study.title, studyIntro(runs));
    const highlights = await study.analyse(report, runs);
    report.section('Headlines').text(highlights.headlines.map((h) => `- ${h}`).join('\n'));
    // The headlines go first, then the study's sections, then the generic appendix of both runs.
    report.sections.unshift(report.sections.pop()!);
    addRunSections(report, runs.random, { chartPrefix: 'random-', titlePrefix: 'Appendix A (random agents): ' });
    addRunSections(report, runs.greedy, { chartPrefix: 'greedy-', titlePrefix: 'Appendix B (greedy agents): ' });
    const files = await writeReport(report, randomDir);
    log(`${study.name}: report ${files.html}`);
    return { runs, files, highlights };
  } finally {
    if (own) await backend!.close();
  }
}

function studyIntro(runs: StudyRuns): string {
  const r = runs.random.summary;
  const g = runs.greedy.summary;
  const link = relative(runs.random.dir, runs.greedy.dir);
  return [
    `Two runs on the same seed (so the greedy run's deals are the first deals of the random run): random agents, ${r.deals.toLocaleString('en')} deals (${r.games.toLocaleString('en')} games, run \`${runs.random.manifest.runId}\`), and greedy agents, ${g.deals.toLocaleString('en')} deals (${g.games.toLocaleString('en')} games, run \`${runs.greedy.manifest.runId}\`, folder \`${link}\`).`,
    'Intervals are 95 %: Wilson for win rates, Student t for means, paired t for differences between arms on the same deals.',
    runs.random.manifest.reconstructedTiles || runs.greedy.manifest.reconstructedTiles
      ? '**The Tollkeepers land tiles used here are a documented reconstruction** (marked in every manifest), not the published tiles.'
      : '',
  ].filter(Boolean).join('\n\n');
}

/** A notebook's command line; returns the exit code (2 for bad input). */
export async function studyMain(study: Study, argv = process.argv.slice(2)): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { deals: { type: 'string' }, 'greedy-deals': { type: 'string' }, workers: { type: 'string' }, out: { type: 'string' } },
    });
    const int = (v: string | undefined, name: string) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw Object.assign(new Error(`--${name} must be a whole number ≥ 1, got ${JSON.stringify(v)}`), { usage: true });
      return n;
    };
    if (positionals.length > 2) throw Object.assign(new Error('at most two run directories (random, then greedy)'), { usage: true });
    const outcome = await runStudy(study, {
      randomRun: positionals[0], greedyRun: positionals[1],
      deals: int(values.deals, 'deals'), greedyDeals: int(values['greedy-deals'], 'greedy-deals'), workers: int(values.workers, 'workers'),
      outRoot: values.out,
    });
    process.stdout.write(`${outcome.highlights.headlines.map((h) => `- ${h.replace(/\*\*|`/g, '')}`).join('\n')}\nreport: ${outcome.files.html}\n        ${outcome.files.markdown}\n`);
    return 0;
  } catch (error) {
    const e = error as Error & { usage?: boolean; code?: string };
    if (isInputError(error) || e.usage || e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      process.stderr.write(`${study.name}: ${e.message}\nusage: npx tsx notebooks/${study.name}.ts [RANDOM_RUN_DIR [GREEDY_RUN_DIR]] [--deals N] [--greedy-deals M] [--workers K] [--out DIR]\n`);
      return 2;
    }
    throw error;
  }
}
