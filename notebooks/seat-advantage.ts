/**
 * Notebook: seat advantage — win share by seat for each arm (by default each expansion mix × 2–5
 * players), at every skill level; rotation `cycle`, so every lineup player sits in every seat equally
 * often and a seat effect is the seat's, not an agent's.
 *
 *   npx tsx notebooks/seat-advantage.ts                                  # plays experiments/seat-advantage.ts at each level
 *   npx tsx notebooks/seat-advantage.ts --agents random,greedy --deals 2000
 *   npx tsx notebooks/seat-advantage.ts RUN_DIR ...                       # analyses finished runs (one per level)
 *   npx tsx notebooks/seat-advantage.ts --help
 *
 * Is an arm fair to every seat? One joint chi-square test per arm, Holm over the arms of a level,
 * then seats named only in flagged arms (docs/reasoning.md §3). The first player's win share in the base
 * game, per player count, is followed across levels (paired on shared deals).
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart } from '../src/charts/index.ts';
import { addConclusions, verdictSentence } from '../src/report/level-text.ts';
import { acrossLevels, levelRows, levelSizes } from '../src/report/levels.ts';
import type { Conclusion } from '../src/report/levels.ts';
import { ciPct, count, winRate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import { skillLevels } from '../src/report/study.ts';
import { studyMain } from '../src/report/study-cli.ts';
import type { Study, StudyArms, StudyHighlights } from '../src/report/study.ts';
import { seatFairness } from '../src/stats/index.ts';

const mixOf = (expansions: readonly string[]) => (expansions.length === 0 ? 'base' : expansions.join('+'));

/**
 * The legend label of each arm: its expansion mix and explicit rules (`base, farmerPointsPerCity=4`),
 * or its name where two arms of one player count would still share a label (each arm its own colour).
 */
export function armLabels(
  arms: readonly {
    name: string;
    players: number;
    expansions: readonly string[];
    rules: Readonly<Record<string, string | number | boolean>>;
  }[],
): Map<string, string> {
  const label = (a: (typeof arms)[number]) =>
    [mixOf(a.expansions), ...Object.entries(a.rules).map(([k, v]) => `${k}=${v}`)].join(', ');
  const taken = (a: (typeof arms)[number]) =>
    arms.filter((b) => b.players === a.players && label(b) === label(a)).length > 1;
  return new Map(arms.map((a) => [a.name, taken(a) ? a.name : label(a)]));
}

const checkArms = (arms: StudyArms): string | null => (arms.length ? null : 'it has no arms');

export const study: Study = {
  name: 'seat-advantage',
  title: (players) =>
    players
      ? `Seat advantage by expansion mix (${players} players)`
      : 'Seat advantage by expansion mix and player count',
  levels: skillLevels({ random: 20_000, greedy: 1_000, strong: 300 }),
  suiteLevels: skillLevels({ random: 4000, greedy: 40, strong: 30 }),
  checkArms,
  analyse(report: Report, runs): StudyHighlights {
    const levels = runs.map(levelRows);
    const names = levels.map((l) => l.agents);
    const size = levelSizes(levels);
    const charts: { name: string; spec: ReturnType<typeof estimatesChart> }[] = [];
    const flagged: string[] = [];
    /** Per level, each arm's Holm-adjusted joint seat test (docs/reasoning.md §3: seats named only in a flagged arm). */
    const jointByLevel: Map<string, number>[] = [];

    for (const [k, l] of levels.entries()) {
      const arms = l.run.summary.arms;
      const sec = report.section(`Win share by seat, ${l.agents}`);
      const deals = l.run.summary.deals;
      sec.text(
        `${count(deals)} deals per arm: one game per deal and arm with the seats rotated by deal. Win shares with Wilson 95 % intervals; ties for first share the win; dashed lines: the fair share 1/players. Seat 0 moves first.`,
      );
      const labels = armLabels(arms);
      const rows = arms.flatMap((arm) =>
        arm.seats.map((s) => {
          const w = winRate(s.games, s.wins);
          return {
            arm: arm.name,
            mix: labels.get(arm.name)!,
            panel: `${arm.players} players`,
            seat: `seat ${s.seat}`,
            fair: 1 / arm.players,
            estimate: w.rate ?? 0,
            lower: w.lo ?? 0,
            upper: w.hi ?? 0,
          };
        }),
      );
      const name = `seat-win-share-${k}`;
      const spec = estimatesChart(rows, {
        title: `Win share by seat (${l.agents})`,
        subtitle: 'Wilson 95 % intervals; dashed line: 1 / players',
        runSize: `${count(deals)} deals per arm`,
        category: 'seat',
        color: 'mix',
        colorTitle: 'arm',
        facet: 'panel',
        facetTitle: null,
        columns: 2,
        panelValues: 'independent',
        valueTitle: 'win share',
        valueFormat: '.0%',
        reference: { field: 'fair' },
        categoryTitle: null,
        width: 300,
        height: 200,
      });
      sec.chart(name, spec);
      charts.push({ name, spec });
      const maxSeats = Math.max(...arms.map((a) => a.players));
      const fairness = seatFairness(arms.map((a) => ({ name: a.name, seats: a.seats })));
      sec.table(
        aq.from(
          arms.map((arm, i) => ({
            arm: arm.name,
            players: arm.players,
            ...Object.fromEntries(
              Array.from({ length: maxSeats }, (_, s) => [
                `seat ${s}`,
                arm.seats[s] ? ciPct(winRate(arm.seats[s]!.games, arm.seats[s]!.wins)) : '',
              ]),
            ),
            chiSquare: fairness[i]!.chiSquare,
            df: fairness[i]!.df,
            p: fairness[i]!.p,
            pHolm: fairness[i]!.pHolm,
          })),
        ),
        {
          caption: `Win share by seat, % [Wilson 95 % interval]; joint test per arm (chi-square against 1/players), Holm over the ${arms.length} arms of this level.`,
        },
      );
      jointByLevel.push(new Map(fairness.map((f) => [f.name, f.pHolm])));
      const off = fairness.filter((f) => f.pHolm <= 0.05);
      const text = off.length
        ? `Arms the joint test flags (Holm-adjusted p ≤ 0.05 over ${arms.length} arms): ${off.length}. ${off.map((f) => `${f.name}: ${f.seats.length ? f.seats.map((s) => `seat ${s.seat} ${(s.rate * 100).toFixed(1)} %`).join(', ') : 'no single seat named'}`).join('; ')}.`
        : `No arm's joint test is significant after Holm over the ${arms.length} arms.`;
      sec.text(text);
      flagged.push(
        `${l.agents}: ${off.length} of ${arms.length} arms on ${count(deals)} deals${off.length ? ` (${off.map((f) => f.name).join(', ')})` : ''}`,
      );
    }

    // Conclusions: the first player's win share in the base game of every player count.
    const baseArms = levels[0]!.armsWith(null);
    const conclusions = baseArms.map(
      (arm): Conclusion => ({
        label: `${arm.name}: seat 0 win share (fair 1/${arm.players})`,
        kind: 'share',
        reference: 1 / arm.players,
        percent: true,
        jointTest: jointByLevel.map((tests) => tests.get(arm.name) ?? null),
        values: acrossLevels(levels, [arm.name], (l, a) => l.games.perDeal(a, (row) => l.games.winShare(row, 0))),
      }),
    );
    const con = report.section('The first player across skill levels');
    con.text(
      "Seat 0 (the first player) in the base game: its win share at each level (Wilson 95 % interval; the reference is the fair share), and the differences between levels on their shared deals (paired t), with both levels' shares on those deals. Seat 0 is said to hold an advantage at a level only where its arm's joint seat test is significant there (docs/reasoning.md §3).",
    );
    const shown = addConclusions(con, conclusions, names, {
      name: 'seat-conclusions',
      title: "The first player's win share per skill level",
      runSize: size,
    });

    const headlines = [
      ...conclusions.map((c) => verdictSentence(c, names)),
      `Arms whose joint seat test is significant (chi-square per arm, Holm over the arms of a level), per level: ${flagged.join('; ')}. These counts are not compared between levels: a level with fewer deals has less power to flag an arm (docs/reasoning.md §2); whether a seat's share differs between levels is the difference between levels above.`,
    ];
    return {
      headlines,
      tables: [{ table: shown.table, caption: shown.caption }],
      charts: [shown.chart, ...charts.slice(0, 1)],
      question:
        'Does moving first win more than its fair share, in the base game and with each expansion mix, and does it hold as the players get stronger?',
      verdict: conclusions,
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await studyMain(study);
