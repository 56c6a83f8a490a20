/**
 * The verdict page (issue 22) and what a new user tripped on in the reports: every report opens with
 * the question and one sentence and one chart per finding; level names down the side of the
 * conclusions' panels; mean scores from zero; axis labels that do not repeat; seat charts that tell
 * arms of one expansion mix apart; the house rule in view.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart, toSVG } from '../../src/charts/index.ts';
import { levelChart } from '../../src/report/level-text.ts';
import type { Conclusion } from '../../src/report/levels.ts';
import { APPENDIX_TITLE, Report, reportHtml, reportMarkdown, writeReport } from '../../src/report/report.ts';
import { addRunSections } from '../../src/report/run-report.ts';
import { addRunVerdict } from '../../src/report/run-verdict.ts';
import { loadRun } from '../../src/report/run.ts';
import { addVerdictPage, conclusionFinding } from '../../src/report/verdict.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { armLabels } from '../../notebooks/seat-advantage.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

/** Per-deal values of a conclusion at one level. */
const values = (xs: number[]) => ({ deals: xs.map((_, k) => k), values: xs, games: xs.length });

const conclusion: Conclusion = {
  label: 'farmers-4 − official: mean score per player (points)',
  kind: 'difference',
  reference: 0,
  values: [values([1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2]), values([-1, 2, -3, 2, 1, -2, 3, -2, 1, 2, -3, 1])],
};

/** The y field of the first layer of a (faceted or plain) estimates chart. */
const axisFields = (spec: TopLevelSpec) => {
  const inner = ((spec as { spec?: { layer: unknown[] } }).spec ?? spec) as {
    layer: { encoding: { x?: { field?: string; scale?: { zero?: boolean } }; y?: { field?: string } } }[];
  };
  return inner.layer[inner.layer.length - 1]!.encoding;
};

describe('the verdict page', () => {
  it('comes first: the question, a sentence and a chart per finding, then the appendix with the introduction and contents', () => {
    const report = new Report('Farmers at 4', 'How it was measured.');
    report.section('Details').text('The tables.');
    addVerdictPage(report, {
      question: 'What changes when farmers score 4?',
      findings: [conclusionFinding(conclusion, ['greedy', 'strong'], 'farmers', '12 deals')],
    });
    const md = reportMarkdown(report);
    const order = [
      '# Farmers at 4',
      '## Verdict',
      '**Question.** What changes when farmers score 4?',
      '**1.** **farmers-4 − official',
      'charts/verdict-1-farmers.png',
      `## ${APPENDIX_TITLE}`,
      'How it was measured.',
      '## Details',
    ];
    const at = order.map((s) => md.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const html = reportHtml(report);
    expect(html.indexOf('id="s-verdict"')).toBeLessThan(html.indexOf('<nav>'));
    expect(html).not.toContain('href="#s-verdict"');
  });

  it('states each finding with its interval at each level and the levels it holds at', () => {
    const f = conclusionFinding(conclusion, ['greedy', 'strong'], 'farmers', '12 deals');
    // greedy: mean 24/12 = 2, sd √(6/11), paired t (11 df, 2.201) half-width 0.47; strong: mean 1/12, its interval around 0.
    expect(f.sentence).toBe(
      '**farmers-4 − official: mean score per player (points)**: +2.00 [+1.53, +2.47] at greedy, +0.08 [−1.28, +1.45] at strong; above 0 at greedy; not established at strong (the interval includes 0).',
    );
    expect(axisFields(f.chart!.spec).y?.field).toBe('level');
  });
});

describe('charts a new user tripped on', () => {
  it('puts the level names of the conclusions per skill level down the side, where they cannot overlap', () => {
    const spec = levelChart([conclusion], ['mcts:iterations=200', 'careful', 'strong'], 'c', '12 deals');
    expect(axisFields(spec).y?.field).toBe('level');
  });

  it('labels a value axis with as many digits as its ticks need (no 16.8 16.8 16.9)', async () => {
    const svg = await toSVG(
      estimatesChart(
        [
          { arm: 'a', estimate: 16.8, lower: 16.76, upper: 16.84 },
          { arm: 'b', estimate: 16.9, lower: 16.86, upper: 16.93 },
        ],
        { title: 't', category: 'arm', valueTitle: 'v' },
      ),
    );
    const ticks = [...svg.matchAll(/<text[^>]*>(\d+(?:\.\d+)?)<\/text>/g)].map((m) => m[1]);
    expect(ticks.length).toBeGreaterThan(3);
    expect(new Set(ticks).size).toBe(ticks.length);
    // Hundreds stay plain numbers.
    const wide = await toSVG(
      estimatesChart(
        [
          { arm: 'a', estimate: 9, lower: 8, upper: 10 },
          { arm: 'b', estimate: 84, lower: 44, upper: 123 },
        ],
        { title: 't', category: 'arm', valueTitle: 'v', zero: true },
      ),
    );
    expect([...wide.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['0', '20', '100', '120']),
    );
  });

  it('colours the seat chart by arm when two arms share an expansion mix', () => {
    const labels = armLabels([
      { name: 'official', players: 3, expansions: [], rules: {} },
      { name: 'farmers-4', players: 3, expansions: [], rules: { farmerPointsPerCity: 4 } },
      { name: 'a', players: 2, expansions: ['labyrinth'], rules: {} },
      { name: 'b', players: 2, expansions: ['labyrinth'], rules: {} },
      { name: 'c', players: 3, expansions: ['labyrinth'], rules: {} },
    ]);
    expect([...labels.values()]).toEqual(['base', 'base, farmerPointsPerCity=4', 'a', 'b', 'labyrinth']);
  });
});

describe('carclab report of a run with quality measures', () => {
  it('opens with each arm against the first, seat fairness and how the games play; mean scores from zero; the house rule beside the arm', async () => {
    const plan = planOf({
      name: 'farmers',
      seed: 'verdict-test',
      deals: 12,
      quality: true,
      arms: [
        { name: 'official', players: 2, agents: 'greedy' },
        { name: 'farmers-4', players: 2, agents: 'greedy', rules: { farmerPointsPerCity: 4 } },
      ],
    });
    const outcome = await runExperiment({
      plan,
      outRoot: tempDir('carclab-verdict-'),
      backend: inProcessBackend(),
      keepGames: false,
    });
    const run = loadRun(outcome.runDir);
    const report = new Report('Run report');
    addRunVerdict(report, run);
    addRunSections(report, run);
    const files = await writeReport(report, outcome.runDir);
    const md = readFileSync(files.markdown, 'utf8');
    const verdict = md.slice(0, md.indexOf(APPENDIX_TITLE));
    expect(verdict).toMatch(
      /\*\*1\.\*\* \*\*farmers-4\*\* \(base game, `farmerPointsPerCity=4`\) against \*\*official\*\* \(base game\), both played by greedy, on the same 12 deals: mean score per player [+−]\d/,
    );
    expect(verdict).toMatch(/> \*\*Bottom line\.\*\* /);
    expect(verdict).toMatch(/\*\*2\.\*\* \*\*Seat fairness\*\*/);
    expect(verdict).toMatch(/\*\*3\.\*\* \*\*The score race\*\*: halfway through the game the eventual winner leads/);
    expect(verdict).toMatch(/\*\*4\.\*\* \*\*Lead changes per game\*\*: \d+\.\d\d \[/);
    expect(md.indexOf('## How the games play')).toBeGreaterThan(md.indexOf(APPENDIX_TITLE));
    const meanScores = JSON.parse(readFileSync(join(outcome.runDir, 'charts', 'mean-score-by-arm.vl.json'), 'utf8'));
    expect(axisFields(meanScores).x?.scale?.zero).toBe(true);
    expect(md).toContain('|arm|explicit rules|players|');
  });
});

describe("carclab report of a designer's tile file at two levels", () => {
  it('compares each arm with the baseline of its own level, never across levels, and names the tiles', async () => {
    const village = join('test', 'scenarios', 'designer', 'tiles', 'village.json');
    const plan = planOf({
      name: 'village',
      seed: 'verdict-levels',
      deals: 10,
      arms: [
        { name: 'base-random', players: 2, agents: 'random' },
        { name: 'base-greedy', players: 2, agents: 'greedy' },
        { name: 'M1-random', players: 2, agents: 'random', tiles: village },
        { name: 'M1-greedy', players: 2, agents: 'greedy', tiles: village },
      ],
    });
    const outcome = await runExperiment({
      plan,
      outRoot: tempDir('carclab-verdict-'),
      backend: inProcessBackend(),
      keepGames: false,
    });
    const report = new Report('Run report');
    addRunVerdict(report, loadRun(outcome.runDir));
    const verdict = reportMarkdown(report).split(APPENDIX_TITLE)[0]!;
    expect(verdict).toMatch(
      /\*\*M1-random\*\* \(base game \+ tiles village\.json\) against \*\*base-random\*\* \(base game\), both played by random/,
    );
    expect(verdict).toMatch(
      /\*\*M1-greedy\*\* \(base game \+ tiles village\.json\) against \*\*base-greedy\*\* \(base game\), both played by greedy/,
    );
    expect(verdict).not.toMatch(
      /against \*\*base-random\*\* \([^)]*\), both played by greedy|M1-greedy\*\* \([^)]*\) against \*\*base-random/,
    );
    expect(verdict).not.toMatch(/base-greedy\*\* \([^)]*\) against \*\*base-random/);
  });
});
