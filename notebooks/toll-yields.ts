/**
 * Notebook: what the Tollkeepers' tollhouses yield (RULES.md §2, §5), 3 players.
 *
 *   npx tsx notebooks/toll-yields.ts                        # runs experiments/toll-yields(-greedy).ts on the pool
 *   npx tsx notebooks/toll-yields.ts --deals 4000           # smaller (the greedy run keeps its 1:20 ratio)
 *   npx tsx notebooks/toll-yields.ts RANDOM_RUN GREEDY_RUN  # analyses finished runs (run with --keep-games)
 *
 * Writes report.md and report.html into the random run's folder. Questions: toll income per game and
 * per tollhouse by value (1 or 2) and source (illustrations, travellers); how often tollhouses flip;
 * final-scoring toll income; the share of all points that tolls make; how the Tollkeepers change the
 * score spread (paired with the base game on the same deals: margin and per-game score sd); C3 vs C2.
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart, forestChart } from '../src/charts/index.ts';
import { agentDifference, armNamed, ci, ciDiff, count, Games, meanOf, pairCI, statCI, toEstimate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import type { LoadedRun } from '../src/report/run.ts';
import { armSources } from '../src/report/run-report.ts';
import { studyMain } from '../src/report/study.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const PLAYERS = 3;
const INCOME = [
  { stat: 'tollIllustrationIncome1', label: 'illustrations at value 1' },
  { stat: 'tollTravellersIncome1', label: 'travellers at value 1' },
  { stat: 'tollIllustrationIncome2', label: 'illustrations at value 2' },
  { stat: 'tollTravellersIncome2', label: 'travellers at value 2' },
  { stat: 'tollFinalIncome', label: 'final scoring' },
] as const;
const EDITIONS = ['tolls-C3', 'tolls-C2'] as const;

interface Row { agent: string; arm: string; quantity: string; estimate: number; lower: number; upper: number }

function analyse(run: LoadedRun, agent: string) {
  const { summary, manifest } = run;
  const table = run.games();
  if (!table) throw new Error(`${run.dir}: no games.arrow; run the experiment with --keep-games`);
  const games = new Games(table);
  const index = (name: string) => manifest.arms.findIndex((a) => a.name === name);
  const total = (row: number) => INCOME.reduce((t, q) => t + games.col(`stat.${q.stat}`)[row]!, 0);
  const rows: Row[] = [];
  const income: Record<string, { total: ReturnType<typeof meanOf>; share: number }> = {};
  for (const arm of EDITIONS) {
    const a = armNamed(summary, arm);
    for (const q of INCOME) {
      const m = statCI(a, q.stat);
      rows.push({ agent, arm, quantity: q.label, estimate: m.mean!, lower: m.lo!, upper: m.hi! });
    }
    const t = meanOf(games.values(index(arm), total));
    rows.push({ agent, arm, quantity: 'all toll income', estimate: t.mean!, lower: t.lo!, upper: t.hi! });
    const src = armSources(a);
    income[arm] = { total: t, share: src.toll! / Object.values(src).reduce((x, y) => x + y, 0) };
  }
  const c3 = armNamed(summary, 'tolls-C3');
  const base = index('base');
  const sdOf = (r: number) => games.scoreSd(r, PLAYERS);
  return {
    summary, rows, income,
    flips: statCI(c3, 'tollFlips'),
    placements: statCI(c3, 'tollhousePlacements'),
    relocations: statCI(c3, 'tollhouseRelocations'),
    spread: {
      sdBase: meanOf(games.values(base, sdOf)),
      margin: { C3: pairCI(summary, 'base', 'tolls-C3', 'margin'), C2: pairCI(summary, 'base', 'tolls-C2', 'margin') },
      sd: { C3: games.paired(base, index('tolls-C3'), sdOf), C2: games.paired(base, index('tolls-C2'), sdOf) },
      score: { C3: pairCI(summary, 'base', 'tolls-C3', 'score'), C2: pairCI(summary, 'base', 'tolls-C2', 'score') },
    },
    c3c2: {
      income: games.paired(index('tolls-C2'), index('tolls-C3'), total),
      flips: pairCI(summary, 'tolls-C2', 'tolls-C3', 'stat.tollFlips'),
      score: pairCI(summary, 'tolls-C2', 'tolls-C3', 'score'),
      margin: pairCI(summary, 'tolls-C2', 'tolls-C3', 'margin'),
    },
  };
}

type Analysis = ReturnType<typeof analyse>;

export const study: Study = {
  name: 'toll-yields',
  title: 'Toll yields: what the Tollkeepers pay (3 players)',
  keepGames: true,
  suiteDeals: { random: 12_000, greedy: 600 },
  analyse(report: Report, runs): StudyHighlights {
    const r = analyse(runs.random, 'random');
    const g = analyse(runs.greedy, 'greedy');
    const size = (a: Analysis) => `${count(a.summary.deals)} deals`;
    const both = [r, g] as const;

    // 1. Income by value and source.
    const income = report.section('Toll income per game by value and source');
    income.text([
      'Points paid by all tollhouses in a game (3 players, so 3 tollhouses: divide by 3 for one tollhouse), by the value the tollhouse showed when it paid and by what paid: illustrations (farmhouse, shed, garden, highwaymen) or groups of travellers; plus the final scoring of incomplete roads. Means with Student t 95 % intervals.',
      ...both.map((a) => `- **${a === r ? 'random' : 'greedy'} agents** (${size(a)}): all tolls ${ci(a.income['tolls-C3']!.total)} points per game with C3 (${ci({ mean: a.income['tolls-C3']!.total.mean! / PLAYERS, lo: a.income['tolls-C3']!.total.lo! / PLAYERS, hi: a.income['tolls-C3']!.total.hi! / PLAYERS })} per tollhouse), ${ci(a.income['tolls-C2']!.total)} with C2; tollhouses placed per game ${ci(a.placements)}, relocations ${ci(a.relocations)}.`),
    ].join('\n\n'));
    const rows = [...r.rows, ...g.rows];
    income.chart('toll-income', estimatesChart(rows, {
      title: 'Toll income per game by value and source', subtitle: 'all tollhouses of a 3-player game; t 95 % intervals',
      runSize: `random ${size(r)}, greedy ${size(g)} per arm`,
      category: 'quantity', color: 'arm', facet: 'agent', columns: 2, panelValues: 'independent', orient: 'horizontal', categoryTitle: null, colorTitle: 'edition',
      valueTitle: 'points per game', zero: true, width: 300, height: 200, facetTitle: null,
    }));
    income.table(aq.from(rows.map((x) => ({ agent: x.agent, arm: x.arm, quantity: x.quantity, mean: x.estimate, lo: x.lower, hi: x.upper }))));

    // 2. Flips and share.
    const flips = report.section('Flips and the share of points from tolls');
    flips.text(both.map((a) => `- **${a === r ? 'random' : 'greedy'}**: ${ci(a.flips)} toll flips per game (C3, all tollhouses); tolls are ${(a.income['tolls-C3']!.share * 100).toFixed(1)} % of all points with C3 and ${(a.income['tolls-C2']!.share * 100).toFixed(1)} % with C2 (mean points by source per player; ${size(a)}).`).join('\n'));

    // 3. Spread vs base.
    const spread = report.section('How the Tollkeepers change the score spread');
    spread.text('Paired with the base game on the same deals (tolls − base, per deal): the margin (winner − runner-up) from the run summary, and the standard deviation of the three players\' final scores in each game from the per-game rows. Paired t 95 % intervals.');
    const spreadRows = both.flatMap((a) => EDITIONS.flatMap((e) => {
      const ed = e === 'tolls-C3' ? 'C3' : 'C2';
      const agent = a === r ? 'random' : 'greedy';
      return [
        { comparison: `${agent}: ${e} − base, margin`, metric: 'margin', ...toEstimate(a.spread.margin[ed]) },
        { comparison: `${agent}: ${e} − base, per-game score sd`, metric: 'score sd', ...toEstimate(a.spread.sd[ed]) },
        { comparison: `${agent}: ${e} − base, mean score`, metric: 'mean score', ...toEstimate(a.spread.score[ed]) },
      ];
    }));
    spread.chart('toll-spread', forestChart(spreadRows, {
      title: 'Tollkeepers vs base game on the same deals', subtitle: 'paired per-deal differences; t 95 % intervals', runSize: `random ${size(r)}, greedy ${size(g)}`,
      label: 'comparison', valueTitle: 'difference (points)', valueFormat: '+.2f', referenceLabel: 'no difference',
    }));
    spread.table(aq.from(spreadRows.map((x) => ({ comparison: x.comparison, diff: x.estimate, lo: x.lower, hi: x.upper }))));

    // 4. C3 vs C2.
    const ed = report.section('C3 vs C2 tile distribution');
    ed.text(['C3 and C2 differ in one tile (a four-road crossroads in C3, three roads in C2). Paired per deal, C3 − C2:',
      ...both.map((a) => `- **${a === r ? 'random' : 'greedy'}** (${size(a)}): toll income ${ciDiff(a.c3c2.income)} points per game, flips ${ciDiff(a.c3c2.flips, 3)}, mean score ${ciDiff(a.c3c2.score)}, margin ${ciDiff(a.c3c2.margin)}.`)].join('\n'));

    // 5. Where the agents disagree.
    const agree = report.section('Random vs greedy agents');
    const diffs = [
      ...(['C3', 'C2'] as const).flatMap((e) => [
        agentDifference(`margin change with ${e}`, r.spread.margin[e], g.spread.margin[e], { random: ciDiff(r.spread.margin[e]), greedy: ciDiff(g.spread.margin[e]) }),
        agentDifference(`per-game score sd change with ${e}`, r.spread.sd[e], g.spread.sd[e], { random: ciDiff(r.spread.sd[e]), greedy: ciDiff(g.spread.sd[e]) }),
      ]),
      agentDifference('C3 − C2 toll income', r.c3c2.income, g.c3c2.income, { random: ciDiff(r.c3c2.income), greedy: ciDiff(g.c3c2.income) }),
      agentDifference('C3 − C2 margin', r.c3c2.margin, g.c3c2.margin, { random: ciDiff(r.c3c2.margin), greedy: ciDiff(g.c3c2.margin) }),
    ].filter((d): d is string => d !== null);
    const ratio = g.income['tolls-C3']!.total.mean! / r.income['tolls-C3']!.total.mean!;
    const agentText = `Greedy agents collect ${ratio.toFixed(2)}× the toll income of random agents with C3 (${ci(g.income['tolls-C3']!.total)} vs ${ci(r.income['tolls-C3']!.total)} points per game). `
      + (diffs.length ? `Conclusions that differ by agent: ${diffs.join('; ')}. The greedy run has ${count(r.summary.deals / g.summary.deals)}× fewer deals, so "significant only with random agents" can be a matter of power.` : 'Every paired conclusion above has the same direction and significance for both agents.');
    agree.text(agentText);

    const headlines = [
      `Tolls (C3, 3 players) pay ${ci(r.income['tolls-C3']!.total)} points per game in all with random agents (${size(r)}) and ${ci(g.income['tolls-C3']!.total)} with greedy agents (${size(g)}); that is ${(r.income['tolls-C3']!.share * 100).toFixed(1)} % / ${(g.income['tolls-C3']!.share * 100).toFixed(1)} % of all points.`,
      `Travellers at value 1 bring ${ci(stat(r, 'travellers at value 1'))} and at value 2 ${ci(stat(r, 'travellers at value 2'))} points per game (random); final scoring ${ci(stat(r, 'final scoring'))}; flips per game ${ci(r.flips)} (random), ${ci(g.flips)} (greedy).`,
      `Score spread, tolls C3 − base on the same deals: margin ${ciDiff(r.spread.margin.C3)} (random), ${ciDiff(g.spread.margin.C3)} (greedy); per-game score sd ${ciDiff(r.spread.sd.C3)} (random), ${ciDiff(g.spread.sd.C3)} (greedy).`,
      `C3 − C2 toll income per game: ${ciDiff(r.c3c2.income)} (random), ${ciDiff(g.c3c2.income)} (greedy).`,
      diffs.length ? `Random vs greedy: ${diffs.join('; ')}.` : 'Random and greedy agents agree on the direction and significance of every paired comparison.',
    ];
    return {
      headlines,
      tables: [{ table: aq.from(rows.filter((x) => x.arm === 'tolls-C3').map((x) => ({ agent: x.agent, quantity: x.quantity, mean: x.estimate, lo: x.lower, hi: x.upper }))), caption: 'Toll income per game (C3, all tollhouses), t 95 % intervals.' }],
      charts: [{ name: 'toll-income', spec: report.charts.find((c) => c.name === 'toll-income')!.spec }, { name: 'toll-spread', spec: report.charts.find((c) => c.name === 'toll-spread')!.spec }],
    };
  },
};

const stat = (a: Analysis, quantity: string) => {
  const row = a.rows.find((x) => x.arm === 'tolls-C3' && x.quantity === quantity)!;
  return { mean: row.estimate, lo: row.lower, hi: row.upper };
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await studyMain(study);
