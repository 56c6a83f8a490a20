/**
 * The default study suite (`npm start`): the four studies (toll yields, labyrinth variants, King and
 * Robber Baron value, seat advantage) at three skill levels (random, greedy, strong) at reduced sizes
 * on one worker pool, each writing its own report into its first level's run folder, then one suite
 * report, results/suite/report.html (+ report.md): a verdict page with every study's stated
 * conclusions (a sentence and a chart each), then every study's headlines, its per-level table and
 * charts and a link to its report. A level whose agent this build lacks is left out and said so.
 *
 *   npm start                                   # = tsx scripts/suite.ts
 *   npx tsx scripts/suite.ts --scale 0.5        # half the deals of every level (--scale 10: ten times more)
 *   npx tsx scripts/suite.ts --workers 4 --out /data/results
 *   npx tsx scripts/suite.ts --new-run          # play again although runs by other code exist
 */
import { join, relative } from 'node:path';
import { numberFlag, parseFlags, workersFlag } from '../src/cli/args.ts';
import { InputError, isInputError } from '../src/engine/index.ts';
import { defaultWorkers, poolBackend } from '../src/run/pool.ts';
import { armPlayerCounts, nameWithStrength } from '../src/report/level-strength.ts';
import { levelSizes } from '../src/report/levels.ts';
import { Report, writeReport } from '../src/report/report.ts';
import { baseMeanScores, hasAgent, INTERVALS_TEXT, runStudy } from '../src/report/study.ts';
import { studyBottomLine } from '../src/report/study-bottom-line.ts';
import type { Study, StudyOutcome } from '../src/report/study.ts';
import { addVerdictPage, conclusionFinding } from '../src/report/verdict.ts';
import { study as tollYields } from '../notebooks/toll-yields.ts';
import { study as labyrinthVariants } from '../notebooks/labyrinth-variants.ts';
import { study as kingRobberValue } from '../notebooks/king-robber-value.ts';
import { study as seatAdvantage } from '../notebooks/seat-advantage.ts';

export const STUDIES: readonly Study[] = [tollYields, labyrinthVariants, kingRobberValue, seatAdvantage];

const SUITE_FLAGS = {
  scale: { type: 'string' },
  workers: { type: 'string' },
  out: { type: 'string' },
  'new-run': { type: 'boolean' },
} as const;

async function main(): Promise<number> {
  const usage = 'usage: npx tsx scripts/suite.ts [--scale X] [--workers K] [--out DIR] [--new-run]';
  let values: Record<string, string | boolean | undefined>;
  let scale: number;
  let workers: number;
  try {
    const parsed = parseFlags(process.argv.slice(2), SUITE_FLAGS);
    if (parsed.positionals.length)
      throw new InputError(
        'usage',
        `takes no arguments besides its flags, got ${JSON.stringify(parsed.positionals[0])}`,
      );
    values = parsed.flags;
    scale = numberFlag(values.scale, 'scale', (x) => x > 0 && x <= 1000, 'a number above 0 and at most 1000') ?? 1;
    workers = workersFlag(values.workers, defaultWorkers());
    if (values.out === '') throw new InputError('usage', '--out must not be empty');
  } catch (error) {
    if (!isInputError(error)) throw error;
    process.stderr.write(`suite: ${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  const outRoot = (values.out as string | undefined) ?? 'results';
  const t0 = performance.now();
  const log = (line: string) =>
    process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  const backend = poolBackend(workers);
  const outcomes: { study: Study; outcome: StudyOutcome }[] = [];
  try {
    for (const study of STUDIES) {
      const scaled = (n: number) => Math.max(1, Math.round(n * scale));
      const levels = study.suiteLevels
        .filter((l) => hasAgent(l.agents))
        .map((l) => ({ ...l, deals: scaled(l.deals), ...(l.skillDeals ? { skillDeals: scaled(l.skillDeals) } : {}) }));
      outcomes.push({
        study,
        outcome: await runStudy(study, { levels, backend, outRoot, log, newRun: values['new-run'] === true }),
      });
    }
  } finally {
    await backend.close();
  }

  // The suite report.
  const dir = join(outRoot, 'suite');
  const levelGames = outcomes.reduce(
    (t, { outcome }) => t + outcome.levels.reduce((g, l) => g + l.run.summary.games, 0),
    0,
  );
  const skillGames = outcomes.reduce(
    (t, { outcome }) => t + outcome.skill.reduce((g, s) => g + s.arms.reduce((h, a) => h + a.share.games, 0), 0),
    0,
  );
  const games = levelGames + skillGames;
  const gamesText = `${games.toLocaleString('en')} games (${skillGames.toLocaleString('en')} of them in skill matches)`;
  const seconds = (performance.now() - t0) / 1000;
  const missing = [
    ...new Set(STUDIES.flatMap((s) => s.suiteLevels.filter((l) => !hasAgent(l.agents)).map((l) => l.agents))),
  ];
  const report = new Report(
    'carclab study suite',
    [
      `Four balancing studies at reduced sizes (the default \`npm start\` suite: ${gamesText} in ${Math.round(seconds)} s on ${workers} worker${workers === 1 ? '' : 's'}${scale !== 1 ? `, scale ${scale}` : ''}). Each study plays its arms at every skill level on the same seed, so a smaller level's deals are the first deals of a larger one; every conclusion is reported per level, and whether it holds across levels is answered by the difference between levels. The strong level runs the fewest deals here (100 per arm, 30 in seat advantage): its intervals are the widest; so do the skill matches of the three studies that compare rules (greedy against random on 20 deals, strong against greedy on 40, per arm). For narrower intervals run a notebook at full size (\`npx tsx notebooks/<study>.ts\`).`,
      missing.length
        ? `**Left out: the ${missing.join(', ')} level${missing.length === 1 ? '' : 's'}** — this build has no such agent.`
        : '',
      INTERVALS_TEXT,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  for (const { study, outcome } of outcomes) {
    const link = relative(dir, outcome.files.html).split('\\').join('/');
    const section = report.section(study.title(null));
    section.text(
      [
        `${outcome.levels.map((l) => `${nameWithStrength(l.agents, l.spec, armPlayerCounts(l.run.manifest.arms))}: ${l.run.summary.deals.toLocaleString('en')} deals (${l.run.summary.games.toLocaleString('en')} games)`).join('; ')}. Full report: [${study.name} report](${link}) (\`${relative(process.cwd(), outcome.files.html)}\`).`,
        outcome.levels.some((l) => l.run.manifest.reconstructedTiles)
          ? '**Uses the reconstructed Tollkeepers tiles** (marked in the manifest).'
          : '',
        outcome.highlights.headlines.map((h) => `- ${h}`).join('\n'),
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
    for (const t of outcome.highlights.tables) section.table(t.table, { caption: t.caption });
    for (const c of outcome.highlights.charts)
      section.chart(`${study.name}--${c.name}`, c.spec, { caption: c.caption });
  }
  // The verdict page first: each study's stated conclusions, a sentence and a chart each.
  // The bottom line over every study's stated conclusions, numbered as the findings below.
  let finding = 0;
  const stated = outcomes.flatMap(({ study, outcome }) => {
    const mine = (outcome.highlights.verdict ?? []).map((conclusion) => ({
      conclusion,
      levels: outcome.levels.map((l) => l.agents),
      finding: ++finding,
      meanScore: baseMeanScores(outcome.levels),
      players: outcome.levels[0]!.run.manifest.arms[0]!.players,
      prefix: `*${study.title(null)}*: `,
    }));
    finding += outcome.skillFindings.length;
    return mine;
  });
  addVerdictPage(report, {
    question: 'What do the four default studies find, and at which skill levels does each finding hold?',
    bottomLine: studyBottomLine(stated),
    glossary: ['interval', 'measurable', 'paired', 'pp', 'jointTest', 'holm', 'skill', 'level'],
    findings: outcomes.flatMap(({ study, outcome }) =>
      [
        ...(outcome.highlights.verdict ?? []).map((c, k) =>
          conclusionFinding(
            c,
            outcome.levels.map((l) => l.agents),
            `${study.name}-${k + 1}`,
            levelSizes(outcome.levels),
          ),
        ),
        ...outcome.skillFindings.map((f) =>
          f.chart ? { ...f, chart: { ...f.chart, name: `${study.name}-${f.chart.name}` } } : f,
        ),
      ].map((finding) => ({ ...finding, sentence: `*${study.title(null)}*: ${finding.sentence}` })),
    ),
    notes: ["Each study's question, headlines, tables and charts follow, with a link to its full report."],
  });
  const files = await writeReport(report, dir);
  process.stdout.write(
    [
      ...outcomes.map(
        ({ study, outcome }) =>
          `${study.name}:\n${outcome.highlights.headlines.map((h) => `  - ${h.replace(/\*\*|`/g, '')}`).join('\n')}\n  report: ${outcome.files.html}`,
      ),
      `suite: ${gamesText} in ${seconds.toFixed(0)} s`,
      `suite report: ${files.html}`,
      `              ${files.markdown}`,
      '',
    ].join('\n'),
  );
  return 0;
}

process.exitCode = await main();
