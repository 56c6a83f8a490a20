/**
 * The report of a ladder (`carclab ladder`): ratings with their bootstrap intervals (table and chart),
 * the cross-play matrix (heatmap and table with Wilson and t intervals), how the numbers are made,
 * and the run's facts. Also the ladder's Markdown tables for the terminal and README.
 */
import * as aq from 'arquero';
import { forestChart, formatCount, heatmapChart } from '../charts/index.ts';
import type { LadderResult } from '../match/ladder.ts';
import { percent as pct, signed } from './numbers.ts';
import { Report } from './report.ts';

/** The label of a canonical spec. */
const labelOf = (ladder: LadderResult, spec: string): string => ladder.labels[ladder.specs.indexOf(spec)] ?? spec;

/** Pairs where one side won every game: the gap between them is bounded, not measured. */
function perfectRecords(ladder: LadderResult): string[] {
  return ladder.pairs
    .filter((p) => p.perfectRecord)
    .map((p) => {
      const [winner, loser] = (p.winsA === 0 ? [p.b, p.a] : [p.a, p.b]).map((s) => labelOf(ladder, s));
      const bound = p.winsA === 0 ? -(p.eloAHi ?? 0) : (p.eloALo ?? 0);
      return `\`${winner}\` won all ${formatCount(p.games)} games against \`${loser}\` (Elo gap ≥ ${bound.toFixed(0)}, one-sided Clopper–Pearson 95 % over its ${formatCount(p.deals)} deals)`;
    });
}

/** The ratings strongest first: in the order of the neighbours' chain (a bound has no estimate to sort by). */
const rankedRatings = (ladder: LadderResult): LadderResult['ratings'] => {
  const chain = [ladder.adjacent[0]?.upper, ...ladder.adjacent.map((d) => d.lower)];
  return [...ladder.ratings].sort((x, y) => chain.indexOf(x.label) - chain.indexOf(y.label));
};

/** "2=" when an agent shares the rank of the one above (their difference is not established). */
const rankText = (ladder: LadderResult, rank: number): string =>
  `${rank}${ladder.ratings.filter((r) => r.rank === rank).length > 1 ? '=' : ''}`;

/** A rating as text: the estimate and its interval, or the bound that is all the data give. */
const ratingText = (r: LadderResult['ratings'][number]): [string, string] =>
  r.bound === null
    ? [signed(r.elo, 0), `[${signed(r.eloLo, 0)}, ${signed(r.eloHi, 0)}]`]
    : [`${r.boundSide === 'lower' ? '≥' : '≤'} ${signed(r.bound, 0)}`, 'a bound: perfect record against the anchor'];

/** A difference between neighbours as text. */
const adjacentText = (d: LadderResult['adjacent'][number]): string =>
  d.bound !== null
    ? `≥ ${signed(d.bound, 0)} (every game across won by the upper agents: a bound)`
    : `${signed(d.diff, 0)} [${signed(d.lo, 0)}, ${signed(d.hi, 0)}]${d.separated ? '' : ' (not established: same rank)'}`;

/** The ratings, the differences between neighbours and the matrix as Markdown tables (for the terminal and README). */
export function ladderMarkdown(ladder: LadderResult): string {
  const ranked = rankedRatings(ladder);
  const ratings = [
    '| rank | agent | Elo | 95 % interval | games | win share |',
    '|---:|---|---:|---|---:|---:|',
    ...ranked.map((r) => {
      const [elo, interval] = ratingText(r);
      return `| ${rankText(ladder, r.rank)} | \`${r.label}\` | ${elo} | ${interval} | ${formatCount(r.games)} | ${pct(r.winRate)} % |`;
    }),
  ];
  const adjacent = [
    '| agent | next one down | Elo difference [95 %] |',
    '|---|---|---|',
    ...ladder.adjacent.map((d) => `| \`${d.upper}\` | \`${d.lower}\` | ${adjacentText(d)} |`),
  ];
  const pairs = [
    '| agent | against | games | win share [95 %] | margin per game [95 %] | ties |',
    '|---|---|---:|---|---|---:|',
    ...ladder.pairs.map(
      (p) =>
        `| \`${labelOf(ladder, p.a)}\` | \`${labelOf(ladder, p.b)}\` | ${formatCount(p.games)} | ${pct(p.winRateA)} % [${pct(p.winRateALo)}, ${pct(p.winRateAHi)}] | ${signed(p.marginA, 1)} [${signed(p.marginALo, 1)}, ${signed(p.marginAHi, 1)}] | ${p.ties} |`,
    ),
  ];
  const full = ladder.specs.flatMap((spec, i) =>
    spec === ladder.labels[i] ? [] : [`- \`${ladder.labels[i]}\` = \`${spec}\``],
  );
  return `${ratings.join('\n')}\n\n${adjacent.join('\n')}\n\n${pairs.join('\n')}\n${full.length ? `\nAgents with every parameter:\n\n${full.join('\n')}\n` : ''}`;
}

export function ladderMethod(ladder: LadderResult): string {
  const arrangements =
    ladder.players === 2
      ? 'each deal is played twice by every pair, seats swapped'
      : `each deal is played by every pair in lineups of k and ${ladder.players} − k copies (k = 1 … ${ladder.players - 1}), each in all ${ladder.players} seat rotations`;
  return [
    `- Design: every pair of agents plays the same ${formatCount(ladder.deals)} deals (tile orders); ${arrangements}. A tie for first shares the win.`,
    `- Ratings: Bradley–Terry by minorization–maximization on the Elo scale (400 points = 10:1 odds), from all games of all pairs, with ${ladder.smoothing} virtual win added to every ordered pair; anchored at \`${labelOf(ladder, ladder.anchor)}\` = 0${ladder.anchor.split(':')[0] === 'random' ? '' : ' (no random agent in the ladder: the first agent is the anchor)'}.`,
    `- Rating intervals: percentile bootstrap over deals (${formatCount(ladder.bootstrap.resamples)} replicates, the same deals drawn for every pair, stream \`${ladder.bootstrap.stream}\`). Where the agents above a place in the order won every game against those below, the gap is set by the virtual win alone: a rating across such a gap from the anchor, and a difference across it, are given as the bound the games support (one-sided Clopper–Pearson 95 % over the deals, the units: the games of a deal agree).`,
    '- Ranks are tested: each agent against the next one down, the difference of their ratings on the same bootstrap replicates; an agent shares its neighbour\'s rank ("2=") unless that interval lies above 0.',
    '- Win shares: Wilson 95 % intervals over games. Margins (mean points of the row agent minus its opponent per game): Student t 95 % intervals over deals, the games of a deal averaged first.',
  ].join('\n');
}

/** A ladder's report: ratings, the cross-play matrix, how the numbers are made, and the run's facts. */
export function ladderReport(
  ladder: LadderResult,
  facts: { command: string; runDir: string; setup: string; wallSeconds: number },
): Report {
  const report = new Report(
    `Ladder: ${ladder.labels.join(', ')}`,
    [
      `${facts.setup}; ${formatCount(ladder.deals)} deals, ${formatCount(ladder.games)} games. Command: \`${facts.command}\``,
    ].join('\n\n'),
  );
  const size = `${formatCount(ladder.deals)} deals, ${formatCount(ladder.games)} games`;
  const ranked = rankedRatings(ladder);
  addRatingsSection(report, ladder, ranked, size);
  addMatrixSection(report, ladder, ranked, size);
  report.section('Method').text(ladderMethod(ladder));
  report
    .section('Run')
    .text(
      [
        `- results \`${facts.runDir}\` (manifest.json, plan.json, games.arrow, ladder.json)`,
        `- seed and agents' streams as in the manifest; wall time ${facts.wallSeconds.toFixed(0)} s (all sessions)`,
      ].join('\n'),
    );
  return report;
}

/** The ratings, and the differences between neighbours (what ranks rest on), with the perfect records. */
function addRatingsSection(report: Report, ladder: LadderResult, ranked: LadderResult['ratings'], size: string): void {
  const ratings = report.section('Ratings');
  const measured = ladder.adjacent.filter((d) => d.bound === null);
  if (measured.length) {
    ratings.chart(
      'ratings',
      forestChart(
        measured.map((d) => ({ agent: `${d.upper} − ${d.lower}`, estimate: d.diff!, lower: d.lo!, upper: d.hi! })),
        {
          title: 'Each agent against the next one down (Elo difference)',
          subtitle: '95 % bootstrap intervals over deals; differences across a perfect record are bounds (table)',
          runSize: size,
          label: 'agent',
          valueTitle: 'Elo difference',
          valueFormat: '+.0f',
        },
      ),
    );
  }
  ratings.table(
    aq.from(
      ranked.map((r) => ({
        rank: rankText(ladder, r.rank),
        agent: r.label,
        spec: r.spec,
        elo: r.elo,
        eloLo: r.eloLo,
        eloHi: r.eloHi,
        bound: r.bound === null ? '' : ratingText(r)[0],
        games: r.games,
        winShare: r.winRate,
      })),
    ),
    {
      digits: 3,
      caption: `Bradley–Terry ratings, anchor ${labelOf(ladder, ladder.anchor)} = 0; a rank shared ("2=") where the difference from the agent above is not established; \`bound\` where a perfect record leaves only a bound.`,
    },
  );
  ratings.table(
    aq.from(ladder.adjacent.map((d) => ({ agent: d.upper, 'next one down': d.lower, difference: adjacentText(d) }))),
    {
      caption:
        'Each agent against the next one down: rating difference with its 95 % bootstrap interval (paired: the same replicates), or the bound a perfect record gives.',
    },
  );
  const perfect = perfectRecords(ladder);
  if (perfect.length) {
    ratings.text(
      `**Perfect records.** ${perfect.join('; ')}. With no game lost, the likelihood keeps growing with the gap: the Bradley–Terry gap is held finite only by the ${ladder.smoothing} virtual win, and so is its bootstrap interval. Such gaps are given as the bound above.`,
    );
  }
}

/** The cross-play matrix: a heatmap of win shares in the order of the ratings, and every pair as played. */
function addMatrixSection(report: Report, ladder: LadderResult, ranked: LadderResult['ratings'], size: string): void {
  const matrix = report.section('Cross-play matrix');
  const cells = ladder.matrix
    .filter((c) => c.winRate !== null)
    .map((c) => ({ agent: c.row, opponent: c.col, estimate: c.winRate!, lower: c.winRateLo!, upper: c.winRateHi! }));
  matrix.chart(
    'win-share-matrix',
    heatmapChart(cells, {
      title: 'Win share of the row agent against the column agent',
      subtitle: 'ties shared; Wilson 95 % intervals in brackets',
      runSize: size,
      row: 'agent',
      column: 'opponent',
      order: ranked.map((r) => r.label),
      rowTitle: null,
      columnTitle: null,
      valueTitle: 'win share',
    }),
  );
  matrix.table(
    aq.from(
      ladder.pairs.map((p) => ({
        agent: labelOf(ladder, p.a),
        against: labelOf(ladder, p.b),
        games: p.games,
        winShare: p.winRateA,
        winShareLo: p.winRateALo,
        winShareHi: p.winRateAHi,
        margin: p.marginA,
        marginLo: p.marginALo,
        marginHi: p.marginAHi,
        ties: p.ties,
      })),
    ),
    {
      caption:
        'Each pair as played: win share (Wilson 95 %) and mean margin per game (t 95 % over deals) of the first agent.',
      digits: 3,
    },
  );
}
