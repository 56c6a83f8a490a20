/**
 * Notebook: what the Tollkeepers' tollhouses yield (docs/rules.md §2, §6), at every skill level.
 *
 *   npx tsx notebooks/toll-yields.ts                                  # plays experiments/toll-yields.ts at each level
 *   npx tsx notebooks/toll-yields.ts --agents random,greedy --deals 4000
 *   npx tsx notebooks/toll-yields.ts RUN_DIR ...                       # analyses finished runs (one per level)
 *   npx tsx notebooks/toll-yields.ts --help
 *
 * The arms come from the runs: the base game (no expansion) and every arm with the Tollkeepers
 * (edition from `tollkeepersEdition`), all with one player count. Questions: toll income per game by
 * value (1 or 2) and source (illustrations, travellers) and at final scoring; flips; the share of
 * points from tolls; how the Tollkeepers change the score spread and the mean score (paired with the
 * base game on the same deals); the editions against each other. Every conclusion per level.
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart } from '../src/charts/index.ts';
import { addConclusions, verdictSentence } from '../src/report/level-text.ts';
import { acrossLevels, expansionLevels, levelEstimate } from '../src/report/levels.ts';
import type { Conclusion, LevelRows } from '../src/report/levels.ts';
import { armNamed, ci, dealCI, toEstimate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import { armSources } from '../src/report/run-report.ts';
import { expansionStudyArms, skillLevels } from '../src/report/study.ts';
import { studyMain } from '../src/report/study-cli.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const INCOME = [
  { stat: 'tollIllustrationIncome1', label: 'illustrations at value 1' },
  { stat: 'tollTravellersIncome1', label: 'travellers at value 1' },
  { stat: 'tollIllustrationIncome2', label: 'illustrations at value 2' },
  { stat: 'tollTravellersIncome2', label: 'travellers at value 2' },
  { stat: 'tollFinalIncome', label: 'final scoring' },
] as const;

/** Toll income of one game (all tollhouses). */
const income = (l: LevelRows, row: number) => INCOME.reduce((t, q) => t + l.games.col(`stat.${q.stat}`)[row]!, 0);
const meanScore = (l: LevelRows, row: number) => l.games.scores(row).reduce((t, v) => t + v, 0) / l.players;

export const study: Study = {
  name: 'toll-yields',
  title: (players) => `Toll yields: what the Tollkeepers pay${players ? ` (${players} players)` : ''}`,
  levels: skillLevels({ random: 40_000, greedy: 2_000, strong: 1_000 }, { greedy: 200, strong: 200 }),
  suiteLevels: skillLevels({ random: 12_000, greedy: 200, strong: 100 }, { greedy: 20, strong: 40 }),
  checkArms: expansionStudyArms('tollkeepers'),
  analyse(report: Report, runs): StudyHighlights {
    const { levels, names, players: P, base, variants, size } = expansionLevels(runs, 'tollkeepers');
    const tolls = variants.map((a) => ({
      name: a.name,
      edition: String(a.rules.explicit.tollkeepersEdition ?? a.rules.defaulted.tollkeepersEdition ?? 'C3'),
    }));

    // 1. Income by value and source, per level.
    const rows = levels.flatMap((l) =>
      tolls.flatMap((t) => {
        const arm = armNamed(l.run.summary, t.name);
        const all = levelEstimate(
          'mean',
          l.games.perDeal(l.arm(t.name), (row) => income(l, row)),
        );
        return [
          ...INCOME.map((q) => ({
            level: l.agents,
            arm: t.name,
            quantity: q.label,
            ...toEstimate(dealCI(arm, `stat.${q.stat}`)),
          })),
          {
            level: l.agents,
            arm: t.name,
            quantity: 'all toll income',
            estimate: all.estimate ?? 0,
            lower: all.lo ?? 0,
            upper: all.hi ?? 0,
          },
        ];
      }),
    );
    const sec = report.section('Toll income per game by value and source');
    sec.text(
      `Points paid by all ${P} tollhouses in a game (divide by ${P} for one tollhouse), by the value the tollhouse showed when it paid and by what paid: illustrations (farmhouse, shed, garden, highwaymen) or groups of travellers; plus the final scoring of incomplete roads. Means with Student t 95 % intervals over deals, per skill level.`,
    );
    sec.chart(
      'toll-income',
      estimatesChart(rows, {
        title: 'Toll income per game by value and source',
        subtitle: `all tollhouses of a ${P}-player game; t 95 % intervals over deals`,
        runSize: size,
        category: 'quantity',
        color: 'arm',
        facet: 'level',
        columns: 2,
        panelValues: 'independent',
        orient: 'horizontal',
        categoryTitle: null,
        colorTitle: null,
        valueTitle: 'points per game',
        zero: true,
        width: 300,
        height: 200,
        facetTitle: null,
      }),
    );
    sec.table(
      aq.from(
        rows.map((x) => ({
          level: x.level,
          arm: x.arm,
          quantity: x.quantity,
          mean: x.estimate,
          lo: x.lower,
          hi: x.upper,
        })),
      ),
    );

    // 2. Flips and the share of points.
    const flips = report.section('Flips, placements and the share of points from tolls');
    flips.text(
      levels
        .flatMap((l) =>
          tolls.map((t) => {
            const arm = armNamed(l.run.summary, t.name);
            const src = armSources(arm);
            const share = src.toll! / Object.values(src).reduce((x, y) => x + y, 0);
            return `- **${l.agents}**, ${t.name}: ${ci(dealCI(arm, 'stat.tollFlips'))} flips, ${ci(dealCI(arm, 'stat.tollhousePlacements'))} tollhouses placed and ${ci(dealCI(arm, 'stat.tollhouseRelocations'))} relocated per game (t 95 % intervals over deals); tolls are ${(share * 100).toFixed(1)} % of all points (a ratio of means, no interval).`;
          }),
        )
        .join('\n'),
    );

    // 3. Conclusions per level.
    const conclusions: Conclusion[] = [];
    for (const t of tolls) {
      conclusions.push({
        label: `${t.name}: toll income per game (points)`,
        kind: 'mean',
        reference: 0,
        perGame: true,
        values: acrossLevels(levels, [t.name], (l, a) => l.games.perDeal(a, (row) => income(l, row))),
      });
    }
    for (const t of tolls) {
      conclusions.push(
        {
          label: `${t.name} − ${base}: margin, winner − runner-up (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, t.name], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => l.games.margin(row)),
          ),
        },
        {
          label: `${t.name} − ${base}: per-game sd of the ${P} scores (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, t.name], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => l.games.scoreSd(row)),
          ),
        },
        {
          label: `${t.name} − ${base}: mean score per player (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, t.name], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => meanScore(l, row)),
          ),
        },
      );
    }
    for (let i = 1; i < tolls.length; i++) {
      const [a, b] = [tolls[i]!.name, tolls[0]!.name];
      conclusions.push(
        {
          label: `${b} − ${a}: toll income per game (points)`,
          kind: 'difference',
          reference: 0,
          perGame: true,
          values: acrossLevels(levels, [a, b], (l, x, y) => l.games.pairedPerDeal(x, y, (row) => income(l, row))),
        },
        {
          label: `${b} − ${a}: margin (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [a, b], (l, x, y) => l.games.pairedPerDeal(x, y, (row) => l.games.margin(row))),
        },
      );
    }
    const con = report.section('Conclusions per skill level');
    con.text(
      `Paired with \`${base}\` on the same deals (one difference per deal). ${tolls.length > 1 ? `The editions: ${tolls.map((t) => `\`${t.name}\` (${t.edition})`).join(', ')}; C3 and C2 differ in one tile (a four-road crossroads in C3, three roads in C2).` : ''}`,
    );

    const shown = addConclusions(con, conclusions, names, {
      name: 'toll-conclusions',
      title: 'Tollkeepers: conclusions per skill level',
      runSize: size,
    });

    // The first Tollkeepers arm: income, margin, sd and mean score against the base game; then the first edition comparison.
    const T = tolls.length;
    const stated = [0, T, T + 1, T + 2, ...(T > 1 ? [4 * T] : [])].map((k) => conclusions[k]!);
    const headlines = stated.map((c) => verdictSentence(c, names));
    return {
      headlines,
      question: `What do the Tollkeepers' tolls yield with ${P} players, and what do they do to scores and margins against the base game?`,
      verdict: stated,
      tables: [{ table: shown.table, caption: shown.caption }],
      charts: [shown.chart, { name: 'toll-income', spec: report.charts.find((c) => c.name === 'toll-income')!.spec }],
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await studyMain(study);
