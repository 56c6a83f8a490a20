/**
 * Notebook: what the King and the Robber Baron are worth under each scoring variant (RULES.md §4,
 * §5), 3 players; the arms differ only in `kingRobberScoring` and play the same deals, plus the
 * base game without the expansion.
 *
 *   npx tsx notebooks/king-robber-value.ts                        # runs experiments/king-robber-value(-greedy).ts
 *   npx tsx notebooks/king-robber-value.ts --deals 4000           # smaller (the greedy run keeps its 1:20 ratio)
 *   npx tsx notebooks/king-robber-value.ts RANDOM_RUN GREEDY_RUN  # analyses finished runs (run with --keep-games)
 *
 * Questions: points per game from each card per variant; hand-overs; how often the final holder
 * wins (per-game rows: stat.kingFinalHolder / stat.robberFinalHolder and rank<s>); which variant
 * keeps the score spread (margin, per-game score sd) closest to the base game on the same deals.
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart, forestChart } from '../src/charts/index.ts';
import { agentDifference, armNamed, ci, ciDiff, ciPct, count, Games, pairCI, statCI, toEstimate, winRate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import type { LoadedRun } from '../src/report/run.ts';
import { studyMain } from '../src/report/study.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const PLAYERS = 3;
const VARIANTS = ['official', 'flat10', 'flat15-40', 'incremental'] as const;
const CARDS = ['king', 'robber'] as const;
type Variant = (typeof VARIANTS)[number];

function analyse(run: LoadedRun) {
  const { summary, manifest } = run;
  const table = run.games();
  if (!table) throw new Error(`${run.dir}: no games.arrow; run the experiment with --keep-games`);
  const games = new Games(table);
  const index = (name: string) => manifest.arms.findIndex((a) => a.name === name);
  const sdOf = (r: number) => games.scoreSd(r, PLAYERS);
  const per = Object.fromEntries(VARIANTS.map((v) => {
    const arm = armNamed(summary, v);
    const holderWins = Object.fromEntries(CARDS.map((card) => {
      let n = 0;
      let wins = 0;
      for (const row of games.rowsOf(index(v))) {
        const h = games.col(`stat.${card}FinalHolder`)[row]!;
        if (!(h >= 0)) continue;
        n++;
        wins += games.winShare(row, h, PLAYERS);
      }
      return [card, winRate(n, wins)];
    }));
    return [v, {
      value: Object.fromEntries(CARDS.map((c) => [c, statCI(arm, `${c}Value`)])),
      handovers: Object.fromEntries(CARDS.map((c) => [c, statCI(arm, `${c}Handovers`)])),
      holderWins,
      margin: pairCI(summary, 'base', v, 'margin'),
      sd: games.paired(index('base'), index(v), sdOf),
      score: pairCI(summary, 'base', v, 'score'),
    }];
  })) as Record<Variant, {
    value: Record<string, ReturnType<typeof statCI>>; handovers: Record<string, ReturnType<typeof statCI>>;
    holderWins: Record<string, ReturnType<typeof winRate>>; margin: ReturnType<typeof pairCI>; sd: ReturnType<typeof pairCI>; score: ReturnType<typeof pairCI>;
  }>;
  // Closest to base: smallest |mean margin difference| (then |sd difference|).
  const closest = [...VARIANTS].sort((a, b) => Math.abs(per[a].margin.meanDiff!) - Math.abs(per[b].margin.meanDiff!));
  const closestSd = [...VARIANTS].sort((a, b) => Math.abs(per[a].sd.meanDiff!) - Math.abs(per[b].sd.meanDiff!));
  return { summary, per, closest, closestSd };
}

type Analysis = ReturnType<typeof analyse>;

export const study: Study = {
  name: 'king-robber-value',
  title: 'What the King and the Robber Baron are worth (3 players)',
  keepGames: true,
  suiteDeals: { random: 10_000, greedy: 400 },
  analyse(report: Report, runs): StudyHighlights {
    const r = analyse(runs.random);
    const g = analyse(runs.greedy);
    const both = [['random', r], ['greedy', g]] as const;
    const size = (a: Analysis) => `${count(a.summary.deals)} deals`;

    // 1. Worth.
    const worth = report.section('Points per game from each card, by scoring variant');
    worth.text('Points the King and the Robber Baron pay their holders in a game (all variants on the same deals), with t 95 % intervals; and hand-overs per game.');
    const rows = both.flatMap(([agent, a]) => VARIANTS.flatMap((v) => CARDS.map((c) => ({ agent, variant: v, card: c === 'king' ? 'King' : 'Robber Baron', ...toEstimate(a.per[v].value[c]!) }))));
    worth.chart('kr-worth', estimatesChart(rows, {
      title: 'What the King and the Robber Baron pay', subtitle: 'points per game to the holder; t 95 % intervals', runSize: `random ${size(r)}, greedy ${size(g)} per arm`,
      category: 'variant', color: 'card', facet: 'agent', columns: 2, panelValues: 'independent', categoryTitle: null, facetTitle: null, colorTitle: null, valueTitle: 'points per game', zero: true, width: 280, height: 220,
    }));
    worth.table(aq.from(both.flatMap(([agent, a]) => VARIANTS.map((v) => ({
      agent, variant: v,
      king: a.per[v].value.king!.mean, kingLo: a.per[v].value.king!.lo, kingHi: a.per[v].value.king!.hi,
      robber: a.per[v].value.robber!.mean, robberLo: a.per[v].value.robber!.lo, robberHi: a.per[v].value.robber!.hi,
      kingHandovers: a.per[v].handovers.king!.mean, robberHandovers: a.per[v].handovers.robber!.mean,
    })))));

    // 2. Final holder wins.
    const hold = report.section('How often the final holder wins');
    hold.text('Win rate of the seat holding the card at the end (games where nobody holds it are left out), Wilson 95 % intervals; ties for first share the win. A fair share is 1/3.');
    const holdRows = both.flatMap(([agent, a]) => VARIANTS.flatMap((v) => CARDS.map((c) => ({ panel: `${agent}: ${c === 'king' ? 'King' : 'Robber Baron'}`, variant: v, ...toEstimate(a.per[v].holderWins[c]!) }))));
    hold.chart('kr-holder-wins', estimatesChart(holdRows, {
      title: 'Win rate of the final holder', subtitle: 'Wilson 95 % intervals; dashed line: 1/3', runSize: `random ${size(r)}, greedy ${size(g)}`,
      category: 'variant', facet: 'panel', columns: 2, categoryTitle: null, facetTitle: null, valueTitle: 'win rate', valueFormat: '.0%', reference: 1 / 3, width: 280, height: 160,
    }));
    hold.table(aq.from(holdRows.map((x) => ({ who: x.panel, variant: x.variant, winRate: x.estimate, lo: x.lower, hi: x.upper }))));

    // 3. Spread.
    const spread = report.section('Which variant keeps the score spread closest to the base game');
    spread.text(['Paired with the base game (no King and Robber Baron) on the same deals: margin (winner − runner-up) and the per-game standard deviation of the three scores; paired t 95 % intervals.',
      ...both.map(([agent, a]) => `- ${agent}: closest margin to base: **${a.closest[0]}** (${ciDiff(a.per[a.closest[0]!].margin)}), then ${a.closest.slice(1).map((v) => `${v} (${ciDiff(a.per[v].margin)})`).join(', ')}; closest score sd: **${a.closestSd[0]}** (${ciDiff(a.per[a.closestSd[0]!].sd)}).`)].join('\n'));
    const spreadRows = both.flatMap(([agent, a]) => VARIANTS.flatMap((v) => [
      { comparison: `${agent}: ${v} − base, margin`, metric: 'margin', ...toEstimate(a.per[v].margin) },
      { comparison: `${agent}: ${v} − base, score sd`, metric: 'score sd', ...toEstimate(a.per[v].sd) },
    ]));
    spread.chart('kr-spread', forestChart(spreadRows, {
      title: 'Score spread vs the base game', subtitle: 'same deals; paired t 95 % intervals', runSize: `random ${size(r)}, greedy ${size(g)}`,
      label: 'comparison', valueTitle: 'difference (points)', valueFormat: '+.2f', referenceLabel: 'no difference',
    }));
    spread.table(aq.from(spreadRows.map((x) => ({ comparison: x.comparison, diff: x.estimate, lo: x.lower, hi: x.upper }))));

    // 4. Agents.
    const diffs = [
      r.closest[0] !== g.closest[0] ? `the variant closest to the base margin: random ${r.closest[0]}, greedy ${g.closest[0]}` : null,
      ...VARIANTS.flatMap((v) => [
        agentDifference(`${v} − base margin`, r.per[v].margin, g.per[v].margin, { random: ciDiff(r.per[v].margin), greedy: ciDiff(g.per[v].margin) }),
        ...CARDS.map((c) => agentDifference(`${c} holder's win rate vs 1/3 (${v})`, r.per[v].holderWins[c]!, g.per[v].holderWins[c]!, { random: ciPct(r.per[v].holderWins[c]!), greedy: ciPct(g.per[v].holderWins[c]!) }, 1 / 3)),
      ]),
    ].filter((d): d is string => d !== null);
    report.section('Random vs greedy agents').text((diffs.length ? `Conclusions that differ by agent: ${diffs.join('; ')}. The greedy run has ${count(r.summary.deals / g.summary.deals)}× fewer deals, so "significant only with random agents" can be a matter of power.` : 'Every conclusion above has the same direction and significance for both agents.')
      + ` Greedy agents take the cards more often: King hand-overs per game (official) ${ci(g.per.official.handovers.king!)} vs ${ci(r.per.official.handovers.king!)} with random agents.`);

    const headlines = [
      `Official scoring: the King pays ${ci(r.per.official.value.king!)} and the Robber Baron ${ci(r.per.official.value.robber!)} points per game (random, ${size(r)}); ${ci(g.per.official.value.king!)} and ${ci(g.per.official.value.robber!)} (greedy, ${size(g)}).`,
      `King points per game by variant (random): ${VARIANTS.map((v) => `${v} ${ci(r.per[v].value.king!)}`).join(', ')}.`,
      `Hand-overs per game (official): King ${ci(r.per.official.handovers.king!)}, Robber Baron ${ci(r.per.official.handovers.robber!)} (random); ${ci(g.per.official.handovers.king!)}, ${ci(g.per.official.handovers.robber!)} (greedy).`,
      `The final King holder wins ${ciPct(r.per.official.holderWins.king!)} (official, random) and ${ciPct(g.per.official.holderWins.king!)} (greedy) of games; with flat15-40 ${ciPct(r.per['flat15-40'].holderWins.king!)} / ${ciPct(g.per['flat15-40'].holderWins.king!)}; fair 33.3 %.`,
      `Closest to the base game's margin: ${r.closest[0]} (${ciDiff(r.per[r.closest[0]!].margin)}, random) and ${g.closest[0]} (${ciDiff(g.per[g.closest[0]!].margin)}, greedy).`,
      diffs.length ? `Random vs greedy: ${diffs.join('; ')}.` : 'Random and greedy agents agree on the direction and significance of every conclusion.',
    ];
    return {
      headlines,
      tables: [{ table: aq.from(spreadRows.filter((x) => x.metric === 'margin').map((x) => ({ comparison: x.comparison, diff: x.estimate, lo: x.lower, hi: x.upper }))), caption: 'Margin (winner − runner-up) vs the base game, paired t 95 % intervals.' }],
      charts: ['kr-worth', 'kr-holder-wins', 'kr-spread'].map((name) => ({ name, spec: report.charts.find((c) => c.name === name)!.spec })),
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await studyMain(study);
