/**
 * Notebook: the basic vs the advanced Labyrinth (docs/rules.md §3, §6) on the same deals, at every skill
 * level.
 *
 *   npx tsx notebooks/labyrinth-variants.ts                                  # plays experiments/labyrinth-variants.ts at each level
 *   npx tsx notebooks/labyrinth-variants.ts --agents random,greedy --deals 4000
 *   npx tsx notebooks/labyrinth-variants.ts RUN_DIR ...                       # analyses finished runs (one per level)
 *   npx tsx notebooks/labyrinth-variants.ts --help
 *
 * The arms come from the runs: the base game and every arm with the Labyrinth (variant from the
 * `labyrinth` rule), one player count. Questions: labyrinth network points per player (tiles and
 * bonus), the advanced bonus, meeples on completed networks, how often the network is completed;
 * what the labyrinth points do to the win share of the player who gains most from them, measured on
 * the same games with and without those points (per-game rows: stat.labyrinthNetworkPoints<s>); and
 * the effect on final scores (paired per deal). Every conclusion per level.
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart } from '../src/charts/index.ts';
import { addConclusions, verdictSentence } from '../src/report/level-text.ts';
import { acrossLevels, expansionLevels } from '../src/report/levels.ts';
import type { Conclusion, LevelRows } from '../src/report/levels.ts';
import { armNamed, ci, ciPct, count, countCI, dealCI, sums, toEstimate, winRate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import { expansionStudyArms, skillLevels } from '../src/report/study.ts';
import { studyMain } from '../src/report/study-cli.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const QUANTITIES = [
  { metric: 'stat.labyrinthNetworkPoints', label: 'network points per player' },
  { metric: 'stat.labyrinthBonusPoints', label: 'bonus points per game' },
  { metric: 'stat.labyrinthMeeplesOnCompleted', label: 'meeples on the completed network' },
  { metric: 'stat.labyrinthNetworksCompleted', label: 'networks completed per game' },
  { metric: 'stat.labyrinthBranchPlacements', label: 'branch placements per game' },
] as const;

/** The unique seat with the most labyrinth network points (> 0) in a game, or −1. */
function topScorer(l: LevelRows, row: number): number {
  let best = -1;
  let max = 0;
  let tied = false;
  for (let s = 0; s < l.players; s++) {
    const pts = l.games.col(`stat.labyrinthNetworkPoints${s}`)[row]!;
    if (pts > max) [max, best, tied] = [pts, s, false];
    else if (pts === max && pts > 0) tied = true;
  }
  return tied ? -1 : best;
}

const networkPoints = (l: LevelRows) => (row: number, seat: number) =>
  l.games.col(`stat.labyrinthNetworkPoints${seat}`)[row]!;
/** The top labyrinth scorer's win share (NaN without a top scorer). */
const topWins = (l: LevelRows, row: number) =>
  topScorer(l, row) >= 0 ? l.games.winShare(row, topScorer(l, row)) : NaN;
/** What the labyrinth points do for the top scorer in one game: win share minus win share without every seat's network points. */
const topEffect = (l: LevelRows, row: number) => l.games.winShareEffect(row, topScorer(l, row), networkPoints(l));

const meanScore = (l: LevelRows, row: number) => l.games.scores(row).reduce((t, v) => t + v, 0) / l.players;

export const study: Study = {
  name: 'labyrinth-variants',
  title: (players) => `The Labyrinth: basic vs advanced${players ? ` (${players} players)` : ''}`,
  levels: skillLevels({ random: 40_000, greedy: 2_000, strong: 1_000 }, { greedy: 200, strong: 200 }),
  suiteLevels: skillLevels({ random: 12_000, greedy: 200, strong: 100 }, { greedy: 20, strong: 40 }),
  checkArms: expansionStudyArms('labyrinth'),
  analyse(report: Report, runs): StudyHighlights {
    const { levels, names, players: P, base, variants: arms, size } = expansionLevels(runs, 'labyrinth');
    const variants = arms.map((a) => a.name);

    // 1. What the labyrinth pays.
    const rows = levels.flatMap((l) =>
      variants.flatMap((v) => {
        const arm = armNamed(l.run.summary, v);
        return QUANTITIES.map((q) => ({
          level: l.agents,
          variant: v,
          quantity: q.label,
          ...toEstimate(dealCI(arm, q.metric)),
        }));
      }),
    );
    const pays = report.section('What the labyrinth network pays');
    pays.text(
      'Per player and game: points from completed labyrinth networks (tiles plus, in the advanced variant, the meeple bonus to the majority). Per game: advanced bonus points, meeples on completed networks, networks completed (one labyrinth tile per game, so this is the completion rate), branch placements (advanced). Means with Student t 95 % intervals over deals.',
    );
    pays.chart(
      'labyrinth-pays',
      estimatesChart(rows, {
        title: 'What the labyrinth pays',
        subtitle: 't 95 % intervals over deals',
        runSize: size,
        category: 'quantity',
        color: 'variant',
        facet: 'level',
        columns: 2,
        panelValues: 'independent',
        orient: 'horizontal',
        categoryTitle: null,
        facetTitle: null,
        valueTitle: 'mean',
        zero: true,
        width: 300,
        height: 180,
      }),
    );
    pays.table(
      aq.from(
        rows.map((x) => ({
          level: x.level,
          variant: x.variant,
          quantity: x.quantity,
          mean: x.estimate,
          lo: x.lower,
          hi: x.upper,
        })),
      ),
    );

    // 2. The player who gains most: the same games with and without the labyrinth points.
    const top = report.section('What the labyrinth points do for the player who gains most from them');
    const topRows = levels.flatMap((l) =>
      variants.map((v) => {
        const a = l.arm(v);
        const withP = l.games.perDeal(a, (row) => topWins(l, row));
        const effect = l.games.perDeal(a, (row) => topEffect(l, row));
        const wins = sums(withP.values).sum;
        return {
          level: l.agents,
          variant: v,
          games: withP.games,
          with: winRate(withP.games, wins),
          without: winRate(withP.games, wins - sums(effect.values).sum),
        };
      }),
    );
    top.text(
      [
        `In each game, the seat with the most labyrinth network points (games where nobody scored the network, or two seats tied for most, are left out). Its win share is not compared with 1/${P}: that seat is selected by something that also wins games. The effect of the labyrinth points is its win share in the same games minus its win share when every seat's network points are taken away (below, as a conclusion). Wilson 95 % intervals; ties for first share the win.`,
        ...topRows.map(
          (x) =>
            `- ${x.level}, ${x.variant}: ${count(x.games)} games with a top labyrinth scorer; wins ${ciPct(x.with)} of them, ${ciPct(x.without)} without the labyrinth points.`,
        ),
        'Uniform-random players rarely complete the labyrinth network, so their verdicts here rest on few games (counted above).',
      ].join('\n'),
    );

    // 3. Conclusions per level.
    const conclusions: Conclusion[] = [
      ...variants.map(
        (v): Conclusion => ({
          label: `${v}: labyrinth network points per player`,
          kind: 'mean',
          reference: 0,
          values: acrossLevels(levels, [v], (l, a) =>
            l.games.perDeal(
              a,
              (row) => Array.from({ length: P }, (_, s) => networkPoints(l)(row, s)).reduce((t, x) => t + x, 0) / P,
            ),
          ),
        }),
      ),
      ...variants.map(
        (v): Conclusion => ({
          label: `${v}: effect of the labyrinth points on the top labyrinth scorer's win share`,
          kind: 'difference',
          reference: 0,
          percent: true,
          values: acrossLevels(levels, [v], (l, a) => l.games.perDeal(a, (row) => topEffect(l, row))),
        }),
      ),
      ...variants.flatMap((v): Conclusion[] => [
        {
          label: `${v} − ${base}: mean score per player (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, v], (l, a, b) => l.games.pairedPerDeal(a, b, (row) => meanScore(l, row))),
        },
        {
          label: `${v} − ${base}: margin, winner − runner-up (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, v], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => l.games.margin(row)),
          ),
        },
      ]),
      ...variants.slice(1).flatMap((v): Conclusion[] => [
        {
          label: `${v} − ${variants[0]}: mean score per player (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [variants[0]!, v], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => meanScore(l, row)),
          ),
        },
        {
          label: `${v} − ${variants[0]}: margin (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [variants[0]!, v], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => l.games.margin(row)),
          ),
        },
      ]),
    ];
    const con = report.section('Conclusions per skill level');
    con.text(
      `Differences between arms are paired per deal on the same deals; the effect on the top scorer is paired within each game (with minus without the points), averaged per deal.`,
    );
    const shown = addConclusions(con, conclusions, names, {
      name: 'labyrinth-conclusions',
      title: 'The Labyrinth: conclusions per skill level',
      runSize: size,
    });

    const V = variants.length;
    const completed = levels
      .map(
        (l) =>
          `${l.agents} ${variants.map((v) => `${v} ${ci(countCI(armNamed(l.run.summary, v), 'labyrinthNetworksCompleted'), 4)}`).join(', ')}`,
      )
      .join('; ');
    const stated = [...conclusions.slice(0, V), conclusions[2 * V - 1]!, ...conclusions.slice(4 * V)];
    const headlines = [
      ...stated.slice(0, V).map((c) => verdictSentence(c, names)),
      `Networks completed per game (the completion rate; exact Poisson 95 % intervals of the count, one-sided where none was completed): ${completed}.`,
      ...stated.slice(V).map((c) => verdictSentence(c, names)),
    ];
    const question = `What do the basic and the advanced Labyrinth pay and change with ${P} players, against the base game and against each other?`;
    return {
      headlines,
      question,
      verdict: stated,
      tables: [{ table: shown.table, caption: shown.caption }],
      charts: [
        shown.chart,
        { name: 'labyrinth-pays', spec: report.charts.find((c) => c.name === 'labyrinth-pays')!.spec },
      ],
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await studyMain(study);
