/**
 * The report of a ladder (`carclab ladder`): ratings with their bootstrap intervals (table and chart),
 * the cross-play matrix (heatmap and table with Wilson and t intervals), how the numbers are made,
 * and the run's facts. Also the ladder's Markdown tables for the terminal and README.
 */
import * as aq from 'arquero';
import { forestChart, formatCount, heatmapChart } from '../charts/index.ts';
import type { LadderResult } from '../match/ladder.ts';
import { Report } from './report.ts';

const pct = (x: number | null) => (x === null ? '–' : (x * 100).toFixed(1));
const signed = (x: number | null, digits: number) => {
  if (x === null) return '–';
  const text = Math.abs(x).toFixed(digits);
  return Number(text) === 0 ? text : `${x > 0 ? '+' : '−'}${text}`;
};

/** The label of a canonical spec. */
const labelOf = (ladder: LadderResult, spec: string): string => ladder.labels[ladder.specs.indexOf(spec)] ?? spec;

/** Pairs where one side won every game: their Elo gap is bounded by the prior only. */
function perfectRecords(ladder: LadderResult): string[] {
  return ladder.pairs.filter((p) => p.winsA === 0 || p.winsA === p.games).map((p) => {
    const [winner, loser] = (p.winsA === 0 ? [p.b, p.a] : [p.a, p.b]).map((s) => labelOf(ladder, s));
    const bound = p.winsA === 0 ? -(p.eloAHi ?? 0) : (p.eloALo ?? 0);
    return `\`${winner}\` won all ${formatCount(p.games)} games against \`${loser}\` (Elo gap ≥ ${bound.toFixed(0)} by the Wilson bound)`;
  });
}

/** The ratings and the matrix as Markdown tables (for the terminal and README). */
export function ladderMarkdown(ladder: LadderResult): string {
  const ranked = [...ladder.ratings].sort((x, y) => x.rank - y.rank);
  const ratings = [
    '| rank | agent | Elo | 95 % interval | games | win share |',
    '|---:|---|---:|---|---:|---:|',
    ...ranked.map((r) => `| ${r.rank} | \`${r.label}\` | ${signed(r.elo, 0)} | [${signed(r.eloLo, 0)}, ${signed(r.eloHi, 0)}] | ${formatCount(r.games)} | ${pct(r.winRate)} % |`),
  ];
  const pairs = [
    '| agent | against | games | win share [95 %] | margin per game [95 %] | ties |',
    '|---|---|---:|---|---|---:|',
    ...ladder.pairs.map((p) => `| \`${labelOf(ladder, p.a)}\` | \`${labelOf(ladder, p.b)}\` | ${formatCount(p.games)} | ${pct(p.winRateA)} % [${pct(p.winRateALo)}, ${pct(p.winRateAHi)}] | ${signed(p.marginA, 1)} [${signed(p.marginALo, 1)}, ${signed(p.marginAHi, 1)}] | ${p.ties} |`),
  ];
  const full = ladder.specs.flatMap((spec, i) => (spec === ladder.labels[i] ? [] : [`- \`${ladder.labels[i]}\` = \`${spec}\``]));
  return `${ratings.join('\n')}\n\n${pairs.join('\n')}\n${full.length ? `\nAgents with every parameter:\n\n${full.join('\n')}\n` : ''}`;
}

export function ladderMethod(ladder: LadderResult): string {
  const arrangements = ladder.players === 2
    ? 'each deal is played twice by every pair, seats swapped'
    : `each deal is played by every pair in lineups of k and ${ladder.players} − k copies (k = 1 … ${ladder.players - 1}), each in all ${ladder.players} seat rotations`;
  return [
    `- Design: every pair of agents plays the same ${formatCount(ladder.deals)} deals (tile orders); ${arrangements}. A tie for first shares the win.`,
    `- Ratings: Bradley–Terry by minorization–maximization on the Elo scale (400 points = 10:1 odds), from all games of all pairs, with ${ladder.smoothing} virtual win added to every ordered pair; anchored at \`${labelOf(ladder, ladder.anchor)}\` = 0${ladder.anchor.split(':')[0] === 'random' ? '' : ' (no random agent in the ladder: the first agent is the anchor)'}.`,
    `- Rating intervals: percentile bootstrap over deals (${formatCount(ladder.bootstrap.resamples)} replicates, the same deals drawn for every pair, stream \`${ladder.bootstrap.stream}\`).`,
    '- Win shares: Wilson 95 % intervals over games. Margins (mean points of the row agent minus its opponent per game): Student t 95 % intervals over deals, the games of a deal averaged first.',
  ].join('\n');
}

export function ladderReport(ladder: LadderResult, facts: { command: string; runDir: string; setup: string; wallSeconds: number }): Report {
  const report = new Report(`Ladder: ${ladder.labels.join(', ')}`, [
    `${facts.setup}; ${formatCount(ladder.deals)} deals, ${formatCount(ladder.games)} games. Command: \`${facts.command}\``,
  ].join('\n\n'));
  const size = `${formatCount(ladder.deals)} deals, ${formatCount(ladder.games)} games`;

  // 1. Ratings.
  const ranked = [...ladder.ratings].sort((x, y) => x.rank - y.rank);
  const ratings = report.section('Ratings');
  ratings.chart('ratings', forestChart(ranked.map((r) => ({ agent: r.label, estimate: r.elo, lower: r.eloLo, upper: r.eloHi })), {
    title: 'Bradley–Terry ratings (Elo scale)', subtitle: `anchor ${labelOf(ladder, ladder.anchor)} = 0; 95 % bootstrap intervals over deals`, runSize: size,
    label: 'agent', valueTitle: 'Elo', valueFormat: '+.0f', referenceLabel: labelOf(ladder, ladder.anchor),
  }));
  ratings.table(aq.from(ranked.map((r) => ({ rank: r.rank, agent: r.label, spec: r.spec, elo: r.elo, eloLo: r.eloLo, eloHi: r.eloHi, games: r.games, winShare: r.winRate }))), { digits: 3 });
  const perfect = perfectRecords(ladder);
  if (perfect.length) {
    ratings.text(`**Perfect records.** ${perfect.join('; ')}. With no game lost, the likelihood keeps growing with the gap: the rating difference shown is held finite only by the ${ladder.smoothing} virtual win, and its interval is open on that side. Read such a gap as "at least the Wilson bound".`);
  }

  // 2. The matrix.
  const matrix = report.section('Cross-play matrix');
  const cells = ladder.matrix.filter((c) => c.winRate !== null).map((c) => ({ agent: c.row, opponent: c.col, estimate: c.winRate!, lower: c.winRateLo!, upper: c.winRateHi! }));
  matrix.chart('win-share-matrix', heatmapChart(cells, {
    title: 'Win share of the row agent against the column agent', subtitle: 'ties shared; Wilson 95 % intervals in brackets', runSize: size,
    row: 'agent', column: 'opponent', order: ranked.map((r) => r.label), rowTitle: null, columnTitle: null, valueTitle: 'win share',
  }));
  matrix.table(aq.from(ladder.pairs.map((p) => ({
    agent: labelOf(ladder, p.a), against: labelOf(ladder, p.b), games: p.games, winShare: p.winRateA, winShareLo: p.winRateALo, winShareHi: p.winRateAHi,
    margin: p.marginA, marginLo: p.marginALo, marginHi: p.marginAHi, ties: p.ties,
  }))), { caption: 'Each pair as played: win share (Wilson 95 %) and mean margin per game (t 95 % over deals) of the first agent.', digits: 3 });

  // 3. Method and facts.
  report.section('Method').text(ladderMethod(ladder));
  report.section('Run').text([
    `- results \`${facts.runDir}\` (manifest.json, plan.json, games.arrow, ladder.json)`,
    `- seed and agents' streams as in the manifest; wall time ${facts.wallSeconds.toFixed(0)} s (all sessions)`,
  ].join('\n'));
  return report;
}
