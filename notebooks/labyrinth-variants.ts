/**
 * Notebook: the basic vs the advanced Labyrinth (RULES.md §3, §5), 3 players, on the same deals.
 *
 *   npx tsx notebooks/labyrinth-variants.ts                        # runs experiments/labyrinth-variants(-greedy).ts
 *   npx tsx notebooks/labyrinth-variants.ts --deals 4000           # smaller (the greedy run keeps its 1:20 ratio)
 *   npx tsx notebooks/labyrinth-variants.ts RANDOM_RUN GREEDY_RUN  # analyses finished runs (run with --keep-games)
 *
 * Writes report.md and report.html into the random run's folder. Questions: labyrinth network points
 * (tiles and bonus) per player, the advanced bonus, meeples committed to completed networks, how
 * often the network is completed, the win rate of the player who gains most from the labyrinth in a
 * game (per-game rows: stat.labyrinthNetworkPoints<s> and rank<s>), and the effect on final scores
 * (paired per deal: advanced − basic, each − base).
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart, forestChart } from '../src/charts/index.ts';
import { agentDifference, armNamed, ci, ciDiff, ciPct, count, Games, pairCI, pooledSeats, statCI, toEstimate, winRate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import type { LoadedRun } from '../src/report/run.ts';
import { studyMain } from '../src/report/study.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const PLAYERS = 3;
const VARIANTS = ['basic', 'advanced'] as const;

function analyse(run: LoadedRun) {
  const { summary, manifest } = run;
  const table = run.games();
  if (!table) throw new Error(`${run.dir}: no games.arrow; run the experiment with --keep-games`);
  const games = new Games(table);
  const index = (name: string) => manifest.arms.findIndex((a) => a.name === name);
  const per = Object.fromEntries(VARIANTS.map((v) => {
    const arm = armNamed(summary, v);
    // The player who gains most: the unique seat with the most labyrinth network points (> 0).
    let n = 0;
    let wins = 0;
    for (const row of games.rowsOf(index(v))) {
      let best = -1;
      let max = 0;
      let tied = false;
      for (let s = 0; s < PLAYERS; s++) {
        const pts = games.col(`stat.labyrinthNetworkPoints${s}`)[row]!;
        if (pts > max) [max, best, tied] = [pts, s, false];
        else if (pts === max && pts > 0) tied = true;
      }
      if (best < 0 || tied) continue;
      n++;
      wins += games.winShare(row, best, PLAYERS);
    }
    return [v, {
      networkPoints: pooledSeats(arm, (s) => s.stats.labyrinthNetworkPoints!),
      bonus: statCI(arm, 'labyrinthBonusPoints'),
      meeples: statCI(arm, 'labyrinthMeeplesOnCompleted'),
      completed: statCI(arm, 'labyrinthNetworksCompleted'),
      branch: statCI(arm, 'labyrinthBranchPlacements'),
      topGainer: winRate(n, wins),
      topGames: n,
    }];
  })) as Record<(typeof VARIANTS)[number], {
    networkPoints: ReturnType<typeof pooledSeats>; bonus: ReturnType<typeof statCI>; meeples: ReturnType<typeof statCI>;
    completed: ReturnType<typeof statCI>; branch: ReturnType<typeof statCI>; topGainer: ReturnType<typeof winRate>; topGames: number;
  }>;
  const paired = {
    score: pairCI(summary, 'basic', 'advanced', 'score'),
    winner: pairCI(summary, 'basic', 'advanced', 'winnerScore'),
    margin: pairCI(summary, 'basic', 'advanced', 'margin'),
    basicVsBase: pairCI(summary, 'base', 'basic', 'score'),
    advancedVsBase: pairCI(summary, 'base', 'advanced', 'score'),
    marginBasicVsBase: pairCI(summary, 'base', 'basic', 'margin'),
    marginAdvancedVsBase: pairCI(summary, 'base', 'advanced', 'margin'),
  };
  return { summary, per, paired };
}

type Analysis = ReturnType<typeof analyse>;

export const study: Study = {
  name: 'labyrinth-variants',
  title: 'The Labyrinth: basic vs advanced (3 players)',
  keepGames: true,
  suiteDeals: { random: 12_000, greedy: 600 },
  analyse(report: Report, runs): StudyHighlights {
    const r = analyse(runs.random);
    const g = analyse(runs.greedy);
    const both = [['random', r], ['greedy', g]] as const;
    const size = (a: Analysis) => `${count(a.summary.deals)} deals`;

    // 1. What the labyrinth pays.
    const pays = report.section('What the labyrinth network pays');
    pays.text('Per player and game: points from completed labyrinth networks (tiles plus, in the advanced variant, 2 per meeple on the network, to the majority). Per game: advanced bonus points, meeples on completed networks, networks completed (one labyrinth tile per game, so this is the completion rate), branch placements (advanced). Means with t 95 % intervals.');
    const quantities = ['network points per player', 'bonus points per game', 'meeples on completed network', 'completion rate', 'branch placements'] as const;
    const pick = (p: Analysis['per']['basic'], q: (typeof quantities)[number]) =>
      q === 'network points per player' ? p.networkPoints : q === 'bonus points per game' ? p.bonus : q === 'meeples on completed network' ? p.meeples : q === 'completion rate' ? p.completed : p.branch;
    const rows = both.flatMap(([agent, a]) => VARIANTS.flatMap((v) => quantities.map((q) => ({ agent, variant: v, quantity: q, ...toEstimate(pick(a.per[v], q)) }))));
    pays.chart('labyrinth-pays', estimatesChart(rows, {
      title: 'What the labyrinth pays', subtitle: 't 95 % intervals', runSize: `random ${size(r)}, greedy ${size(g)} per arm`,
      category: 'quantity', color: 'variant', facet: 'agent', columns: 2, panelValues: 'independent', orient: 'horizontal', categoryTitle: null, facetTitle: null,
      valueTitle: 'mean', zero: true, width: 300, height: 180,
    }));
    pays.table(aq.from(rows.map((x) => ({ agent: x.agent, variant: x.variant, quantity: x.quantity, mean: x.estimate, lo: x.lower, hi: x.upper }))));

    // 2. The player who gains most.
    const top = report.section('Win rate of the player who gains most from the labyrinth');
    top.text(['In each game, the seat with the most labyrinth network points (games where nobody scored the network, or two seats tied for most, are left out); its win rate with a Wilson 95 % interval (ties for first share the win). A fair share is 1/3.',
      ...both.flatMap(([agent, a]) => VARIANTS.map((v) => `- ${agent}, ${v}: ${ciPct(a.per[v].topGainer)} of ${count(a.per[v].topGames)} games`))].join('\n'));
    const topRows = both.flatMap(([agent, a]) => VARIANTS.map((v) => ({ variant: v, agent, ...toEstimate(a.per[v].topGainer) })));
    top.chart('labyrinth-top-gainer', estimatesChart(topRows, {
      title: 'Win rate of the top labyrinth scorer', subtitle: 'Wilson 95 % intervals; dashed line: 1/3', runSize: `random ${size(r)}, greedy ${size(g)}`,
      category: 'variant', color: 'agent', valueTitle: 'win rate', valueFormat: '.0%', reference: 1 / 3, referenceLabel: 'fair', categoryTitle: null,
    }));

    // 3. Effect on final scores.
    const eff = report.section('Effect on the final scores (paired)');
    eff.text('Per-deal differences on the same deals, paired t 95 % intervals. `score` is the mean score per player, `margin` the winner minus the runner-up.');
    const effRows = both.flatMap(([agent, a]) => [
      { comparison: `${agent}: advanced − basic, mean score`, ...toEstimate(a.paired.score) },
      { comparison: `${agent}: advanced − basic, winner's score`, ...toEstimate(a.paired.winner) },
      { comparison: `${agent}: advanced − basic, margin`, ...toEstimate(a.paired.margin) },
      { comparison: `${agent}: basic − base, mean score`, ...toEstimate(a.paired.basicVsBase) },
      { comparison: `${agent}: advanced − base, mean score`, ...toEstimate(a.paired.advancedVsBase) },
      { comparison: `${agent}: advanced − base, margin`, ...toEstimate(a.paired.marginAdvancedVsBase) },
    ]);
    eff.chart('labyrinth-paired', forestChart(effRows, {
      title: 'Labyrinth variants: paired differences', subtitle: 'same deals; paired t 95 % intervals', runSize: `random ${size(r)}, greedy ${size(g)}`,
      label: 'comparison', valueTitle: 'difference (points)', valueFormat: '+.2f', referenceLabel: 'no difference',
    }));
    eff.table(aq.from(effRows.map((x) => ({ comparison: x.comparison, diff: x.estimate, lo: x.lower, hi: x.upper }))));

    // 4. Agents.
    const diffs = [
      agentDifference('advanced − basic mean score', r.paired.score, g.paired.score, { random: ciDiff(r.paired.score), greedy: ciDiff(g.paired.score) }),
      agentDifference('advanced − basic margin', r.paired.margin, g.paired.margin, { random: ciDiff(r.paired.margin), greedy: ciDiff(g.paired.margin) }),
      ...VARIANTS.map((v) => agentDifference(`top labyrinth scorer's win rate vs 1/3 (${v})`, r.per[v].topGainer, g.per[v].topGainer, { random: ciPct(r.per[v].topGainer), greedy: ciPct(g.per[v].topGainer) }, 1 / 3)),
    ].filter((d): d is string => d !== null);
    report.section('Random vs greedy agents').text(
      `Completion rate: random ${ci(r.per.advanced.completed, 3)}, greedy ${ci(g.per.advanced.completed, 3)} networks per game (advanced). `
      + (diffs.length ? `Conclusions that differ by agent: ${diffs.join('; ')}. The greedy run has ${count(r.summary.deals / g.summary.deals)}× fewer deals, so "significant only with random agents" can be a matter of power.` : 'Every conclusion above has the same direction and significance for both agents.'));

    const headlines = [
      `Labyrinth network points per player: basic ${ci(r.per.basic.networkPoints)}, advanced ${ci(r.per.advanced.networkPoints)} (random, ${size(r)}); basic ${ci(g.per.basic.networkPoints)}, advanced ${ci(g.per.advanced.networkPoints)} (greedy, ${size(g)}).`,
      `Advanced bonus points per game ${ci(r.per.advanced.bonus)} (random), ${ci(g.per.advanced.bonus)} (greedy); meeples on the completed network ${ci(r.per.advanced.meeples)} / ${ci(g.per.advanced.meeples)}; completion rate ${ci(r.per.advanced.completed, 3)} / ${ci(g.per.advanced.completed, 3)}.`,
      `The top labyrinth scorer wins ${ciPct(r.per.advanced.topGainer)} of games with advanced, ${ciPct(r.per.basic.topGainer)} with basic (random); ${ciPct(g.per.advanced.topGainer)} / ${ciPct(g.per.basic.topGainer)} (greedy); fair 33.3 %.`,
      `Advanced − basic on the same deals: mean score ${ciDiff(r.paired.score)}, margin ${ciDiff(r.paired.margin)} (random); mean score ${ciDiff(g.paired.score)}, margin ${ciDiff(g.paired.margin)} (greedy).`,
      diffs.length ? `Random vs greedy: ${diffs.join('; ')}.` : 'Random and greedy agents agree on the direction and significance of every comparison.',
    ];
    return {
      headlines,
      tables: [{ table: aq.from(effRows.map((x) => ({ comparison: x.comparison, diff: x.estimate, lo: x.lower, hi: x.upper }))), caption: 'Paired differences (points), t 95 % intervals.' }],
      charts: ['labyrinth-pays', 'labyrinth-top-gainer', 'labyrinth-paired'].map((name) => ({ name, spec: report.charts.find((c) => c.name === name)!.spec })),
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await studyMain(study);
