/**
 * Notebook: what the King and the Robber Baron are worth under each scoring variant (docs/rules.md §4,
 * §5), at every skill level; the arms differ only in `kingRobberScoring` and play the same deals,
 * beside the base game without the expansion.
 *
 *   npx tsx notebooks/king-robber-value.ts                                  # plays experiments/king-robber-value.ts at each level
 *   npx tsx notebooks/king-robber-value.ts --agents random,greedy --deals 4000
 *   npx tsx notebooks/king-robber-value.ts RUN_DIR ...                       # analyses finished runs (one per level)
 *   npx tsx notebooks/king-robber-value.ts --help
 *
 * The arms come from the runs: the base game and every arm with the King and Robber Baron, one
 * player count. Questions: points per game from each card per variant; hand-overs; who holds the
 * cards at the end (shares: nobody, each seat); what a card's points do to its final holder's win
 * share, measured on the same games with and without those points (per-game rows: breakdown
 * king<s>/robber<s>, stat.kingFinalHolder); how each variant changes the score spread against the
 * base game, and which variant keeps it closest (a ranking backed by paired tests).
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart } from '../src/charts/index.ts';
import { addConclusions, verdictSentence } from '../src/report/level-text.ts';
import { acrossLevels, expansionLevels } from '../src/report/levels.ts';
import type { Conclusion, LevelRows } from '../src/report/levels.ts';
import { closestVariant } from '../src/report/closest.ts';
import { armNamed, ci, ciDiff, ciPct, count, dealCI, sums, toEstimate, winRate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import { expansionStudyArms, skillLevels } from '../src/report/study.ts';
import { studyMain } from '../src/report/study-cli.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const CARDS = [
  { key: 'king', label: 'King' },
  { key: 'robber', label: 'Robber Baron' },
] as const;
type Card = (typeof CARDS)[number];

const holder = (l: LevelRows, row: number, card: Card) => l.games.col(`stat.${card.key}FinalHolder`)[row]!;
const cardPoints = (l: LevelRows, card: Card) => (row: number, seat: number) => l.games.col(`${card.key}${seat}`)[row]!;
/** The final holder's win share (NaN when nobody holds the card). */
const holderWins = (l: LevelRows, row: number, card: Card) =>
  holder(l, row, card) >= 0 ? l.games.winShare(row, holder(l, row, card)) : NaN;
/** What the card's points do for its final holder in one game: win share minus win share without every seat's points from the card. */
const holderEffect = (l: LevelRows, row: number, card: Card) =>
  l.games.winShareEffect(row, holder(l, row, card), cardPoints(l, card));

/**
 * Which variant keeps `value` closest to the base game, per level: the variant with the smallest mean
 * change, separated from another only by a test that survives its selection (`closestVariant`: paired
 * t, Holm over every pair of variants).
 */
function closestText(
  l: LevelRows,
  base: string,
  variants: readonly string[],
  what: string,
  value: (row: number) => number,
): string {
  const b = l.arm(base);
  const { closest, change, others, family } = closestVariant(
    new Map(variants.map((v) => [v, l.games.pairedPerDeal(b, l.arm(v), value)])),
  );
  const p = (x: number | null) => (x === null ? '–' : x < 1e-4 ? '< 0.0001' : x.toPrecision(2));
  const against = others.map(
    (o) =>
      `${o.variant} (further by ${ciDiff(o.further)}, Holm p ${p(o.pHolm)} over the ${family} pairs of variants${o.separated ? '' : ': not separated'})`,
  );
  return `${l.agents}: ${what} closest to ${base}: **${closest}** (change ${ciDiff(change)}); against ${against.join(', ')}.`;
}

export const study: Study = {
  name: 'king-robber-value',
  title: (players) => `What the King and the Robber Baron are worth${players ? ` (${players} players)` : ''}`,
  levels: skillLevels({ random: 40_000, greedy: 2_000, strong: 1_000 }, { greedy: 200, strong: 200 }),
  suiteLevels: skillLevels({ random: 10_000, greedy: 150, strong: 100 }, { greedy: 20, strong: 40 }),
  checkArms: expansionStudyArms('kingRobber'),
  analyse(report: Report, runs): StudyHighlights {
    const { levels, names, players: P, base, variants: arms, size } = expansionLevels(runs, 'kingRobber');
    const variants = arms.map((a) => a.name);

    // 1. Worth.
    const rows = levels.flatMap((l) =>
      variants.flatMap((v) =>
        CARDS.map((c) => ({
          level: l.agents,
          variant: v,
          card: c.label,
          ...toEstimate(dealCI(armNamed(l.run.summary, v), `stat.${c.key}Value`)),
        })),
      ),
    );
    const worth = report.section('Points per game from each card, by scoring variant');
    worth.text(
      'Points the King and the Robber Baron pay their holders in a game (all variants on the same deals) and hand-overs per game; Student t 95 % intervals over deals.',
    );
    worth.chart(
      'kr-worth',
      estimatesChart(rows, {
        title: 'What the King and the Robber Baron pay',
        subtitle: 'points per game to the holder; t 95 % intervals over deals',
        runSize: size,
        category: 'variant',
        color: 'card',
        facet: 'level',
        columns: 2,
        panelValues: 'independent',
        categoryTitle: null,
        facetTitle: null,
        colorTitle: null,
        valueTitle: 'points per game',
        zero: true,
        width: 280,
        height: 220,
      }),
    );
    worth.table(
      aq.from(
        levels.flatMap((l) =>
          variants.map((v) => {
            const arm = armNamed(l.run.summary, v);
            return {
              level: l.agents,
              variant: v,
              ...Object.fromEntries(
                CARDS.flatMap((c) => [
                  [`${c.key} points`, ci(dealCI(arm, `stat.${c.key}Value`))],
                  [`${c.key} hand-overs`, ci(dealCI(arm, `stat.${c.key}Handovers`))],
                ]),
              ),
            };
          }),
        ),
      ),
      { caption: 'Mean [t 95 % interval over deals] per game.' },
    );

    // 2. Who holds the cards at the end, as shares (a seat index is not a number to average).
    const holders = report.section('Who holds the cards at the end');
    holders.text(
      `Share of games in which nobody or each seat holds the card at the end (seat 0 moves first), Wilson 95 % intervals.`,
    );
    holders.table(
      aq.from(
        levels.flatMap((l) =>
          variants.flatMap((v) =>
            CARDS.map((c) => {
              const held = l.games.rowsOf(l.arm(v)).map((row) => l.games.col(`stat.${c.key}FinalHolder`)[row]!);
              const share = (h: number) => ciPct(winRate(held.length, held.filter((x) => x === h).length));
              return {
                level: l.agents,
                variant: v,
                card: c.label,
                nobody: share(-1),
                ...Object.fromEntries(Array.from({ length: P }, (_, s) => [`seat ${s}`, share(s)])),
              };
            }),
          ),
        ),
      ),
      { caption: 'Final holder: share of games, % [Wilson 95 % interval].' },
    );

    // 3. What the card's points do for its holder: the same games with and without them.
    const effect = report.section("What a card's points do for its final holder");
    effect.text(
      [
        `The final holder's win share is not compared with 1/${P}: the holder is selected by what also wins games (large cities and long roads). The effect of the card is the holder's win share in the same games minus its win share when every seat's points from that card are taken away (a conclusion below). Wilson 95 % intervals; ties for first share the win.`,
        ...levels.flatMap((l) =>
          variants.map(
            (v) =>
              `- ${l.agents}, ${v}: ${CARDS.map((c) => {
                const a = l.arm(v);
                const withP = l.games.perDeal(a, (row) => holderWins(l, row, c));
                const effect = l.games.perDeal(a, (row) => holderEffect(l, row, c));
                const wins = sums(withP.values).sum;
                return `the ${c.label} holder wins ${ciPct(winRate(withP.games, wins))}, without its points ${ciPct(winRate(withP.games, wins - sums(effect.values).sum))} (${count(withP.games)} games)`;
              }).join('; ')}`,
          ),
        ),
      ].join('\n'),
    );

    // 4. Conclusions per level.
    const conclusions: Conclusion[] = [
      ...variants.flatMap((v) =>
        CARDS.map(
          (c): Conclusion => ({
            label: `${v}: effect of the ${c.label}'s points on its holder's win share`,
            kind: 'difference',
            reference: 0,
            percent: true,
            values: acrossLevels(levels, [v], (l, a) => l.games.perDeal(a, (row) => holderEffect(l, row, c))),
          }),
        ),
      ),
      ...variants.flatMap((v): Conclusion[] => [
        {
          label: `${v} − ${base}: margin, winner − runner-up (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, v], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => l.games.margin(row)),
          ),
        },
        {
          label: `${v} − ${base}: per-game sd of the ${P} scores (points)`,
          kind: 'difference',
          reference: 0,
          values: acrossLevels(levels, [base, v], (l, a, b) =>
            l.games.pairedPerDeal(a, b, (row) => l.games.scoreSd(row)),
          ),
        },
      ]),
    ];
    const con = report.section('Conclusions per skill level');
    con.text(
      'Card effects are paired within each game (with minus without the points) and averaged per deal; spread changes are paired per deal with the base game.',
    );
    const shown = addConclusions(con, conclusions, names, {
      name: 'kr-conclusions',
      title: 'King and Robber Baron: conclusions per skill level',
      runSize: size,
    });

    // 5. Closest to the base game, tested.
    const closest = report.section('Which variant keeps the spread closest to the base game');
    const ranking = levels.flatMap((l) => [
      closestText(l, base, variants, 'margin', (row) => l.games.margin(row)),
      closestText(l, base, variants, 'per-game score sd', (row) => l.games.scoreSd(row)),
    ]);
    closest.text(
      [
        'A ranking needs the differences between the variants, not only each against the base game: the closest variant is tested against each other one on the same deals (is the other further from the base game? paired t), with Holm over every pair of variants, since the closest was picked from the same data (docs/reasoning.md §11).',
        ...ranking.map((r) => `- ${r}`),
      ].join('\n'),
    );

    const official = variants.includes('official') ? 'official' : variants[0]!;
    const k = variants.indexOf(official);
    const headlines = [
      `Points per game under ${official} scoring (t 95 % intervals over deals): ${levels.map((l) => `${l.agents}: King ${ci(dealCI(armNamed(l.run.summary, official), 'stat.kingValue'))}, Robber Baron ${ci(dealCI(armNamed(l.run.summary, official), 'stat.robberValue'))}`).join('; ')}.`,
      verdictSentence(conclusions[2 * k]!, names),
      verdictSentence(conclusions[2 * k + 1]!, names),
      verdictSentence(conclusions[2 * variants.length + 2 * k]!, names),
      ...ranking.filter((r) => r.includes('margin closest')),
    ];
    return {
      headlines,
      tables: [{ table: shown.table, caption: shown.caption }],
      question: `What are the King and the Robber Baron worth to their holders under each scoring variant, and which variant keeps the game's spread closest to the base game (${P} players)?`,
      verdict: [conclusions[2 * k]!, conclusions[2 * k + 1]!, conclusions[2 * variants.length + 2 * k]!],
      charts: [shown.chart, { name: 'kr-worth', spec: report.charts.find((c) => c.name === 'kr-worth')!.spec }],
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await studyMain(study);
