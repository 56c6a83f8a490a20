/**
 * The default study suite (`npm start`): the four studies (toll yields, labyrinth variants, King and
 * Robber Baron value, seat advantage) at reduced sizes on one worker pool, each writing its own
 * report into its random run's folder, then one suite report, results/suite/report.html (+ report.md),
 * with every study's headline numbers, key tables and charts and a link to its report.
 *
 *   npm start                                   # = tsx scripts/suite.ts
 *   npx tsx scripts/suite.ts --scale 0.5        # half the deals of every study (--scale 10: ten times more)
 *   npx tsx scripts/suite.ts --workers 4 --out /data/results
 */
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultWorkers, poolBackend } from '../src/sim/pool.ts';
import { Report, writeReport } from '../src/report/report.ts';
import { runStudy } from '../src/report/study.ts';
import type { Study, StudyOutcome } from '../src/report/study.ts';
import { study as tollYields } from '../notebooks/toll-yields.ts';
import { study as labyrinthVariants } from '../notebooks/labyrinth-variants.ts';
import { study as kingRobberValue } from '../notebooks/king-robber-value.ts';
import { study as seatAdvantage } from '../notebooks/seat-advantage.ts';

export const STUDIES: readonly Study[] = [tollYields, labyrinthVariants, kingRobberValue, seatAdvantage];

async function main(): Promise<number> {
  let values: { scale?: string; workers?: string; out?: string };
  try {
    values = parseArgs({ args: process.argv.slice(2), strict: true, options: { scale: { type: 'string' }, workers: { type: 'string' }, out: { type: 'string' } } }).values;
  } catch (error) {
    process.stderr.write(`suite: ${(error as Error).message}\nusage: npx tsx scripts/suite.ts [--scale X] [--workers K] [--out DIR]\n`);
    return 2;
  }
  const scale = Number(values.scale ?? 1);
  const workers = Number(values.workers ?? defaultWorkers());
  if (!(scale > 0) || !Number.isInteger(workers) || workers < 1) {
    process.stderr.write('suite: --scale must be a positive number and --workers a whole number ≥ 1\n');
    return 2;
  }
  const outRoot = values.out ?? 'results';
  const t0 = performance.now();
  const log = (line: string) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  const backend = poolBackend(workers);
  const outcomes: { study: Study; outcome: StudyOutcome }[] = [];
  try {
    for (const study of STUDIES) {
      const deals = Math.max(1, Math.round(study.suiteDeals.random * scale));
      const greedyDeals = Math.max(1, Math.round(study.suiteDeals.greedy * scale));
      outcomes.push({ study, outcome: await runStudy(study, { deals, greedyDeals, backend, outRoot, log }) });
    }
  } finally {
    await backend.close();
  }

  // The suite report.
  const dir = join(outRoot, 'suite');
  const games = outcomes.reduce((t, { outcome }) => t + outcome.runs.random.summary.games + outcome.runs.greedy.summary.games, 0);
  const report = new Report('carclab study suite', [
    `Four balancing studies at reduced sizes (the default \`npm start\` suite: ${games.toLocaleString('en')} games on ${workers} worker${workers === 1 ? '' : 's'}${scale !== 1 ? `, scale ${scale}` : ''}). Each study plays its arms with random agents and, on the first of the same deals, with greedy agents. For conclusions with narrow intervals run a notebook at full size (\`npx tsx notebooks/<study>.ts\`).`,
    'Intervals are 95 %: Wilson for win rates, Student t for means, paired t for differences between arms on the same deals.',
  ].join('\n\n'));
  for (const { study, outcome } of outcomes) {
    const link = relative(dir, outcome.files.html).split('\\').join('/');
    const rs = outcome.runs.random.summary;
    const gs = outcome.runs.greedy.summary;
    const section = report.section(study.title);
    section.text([
      `Random agents: ${rs.deals.toLocaleString('en')} deals (${rs.games.toLocaleString('en')} games); greedy agents: ${gs.deals.toLocaleString('en')} deals (${gs.games.toLocaleString('en')} games). Full report: [${study.name} report](${link}) (\`${relative(process.cwd(), outcome.files.html)}\`).`,
      outcome.runs.random.manifest.reconstructedTiles ? '**Uses the reconstructed Tollkeepers tiles** (marked in the manifest).' : '',
      outcome.highlights.headlines.map((h) => `- ${h}`).join('\n'),
    ].filter(Boolean).join('\n\n'));
    for (const t of outcome.highlights.tables) section.table(t.table, { caption: t.caption });
    for (const c of outcome.highlights.charts) section.chart(`${study.name}--${c.name}`, c.spec, { caption: c.caption });
  }
  const files = await writeReport(report, dir);
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write([
    ...outcomes.map(({ study, outcome }) => `${study.name}:\n${outcome.highlights.headlines.map((h) => `  - ${h.replace(/\*\*|`/g, '')}`).join('\n')}\n  report: ${outcome.files.html}`),
    `suite: ${games.toLocaleString('en')} games in ${seconds.toFixed(0)} s`,
    `suite report: ${files.html}`,
    `              ${files.markdown}`,
    '',
  ].join('\n'));
  return 0;
}

process.exitCode = await main();
