/**
 * The generic report of any run, from its summary and manifest only (`carclab report`), also the
 * appendix of every study report: run facts (seed, deals, games, rules explicit and defaulted,
 * designer tiles, reconstructed tiles), win rate and mean score per arm and seat with intervals, a
 * joint seat-fairness test per arm, score distributions, score shares by source, and paired
 * comparisons between arms with Holm-adjusted p: scores, seat win shares, how often the winner
 * changed, and a loud warning when two arms played the same moves on every deal (docs/reasoning.md §1).
 */
import * as aq from 'arquero';
import { estimatesChart, forestChart, formatCount, histogramChart, sharesChart } from '../charts/index.ts';
import {
  comparisonTable,
  meanInterval,
  recordsFromSummary,
  seatFairness,
  shareDesignEffect,
  summaryTable,
} from '../stats/index.ts';
import type { ArmSummary, DistSummary, Summary } from '../sim/summary.ts';
import type { Report, Section } from './report.ts';
import type { LoadedRun, Manifest } from './run.ts';
import { addMeepleSection } from './meeples.ts';
import { WINNER_CHANGE_TEXT, winnerChangeRows } from './winner-change.ts';

export const SOURCES = [
  'road',
  'city',
  'monastery',
  'field',
  'toll',
  'labyrinth',
  'king',
  'robber',
  'compensation',
] as const;

/** Fixed bins of a summary histogram merged into bins of `width` between the observed min and max. */
export function rebin(
  d: DistSummary,
  spec: { lo: number; width: number },
  width: number,
): { binStart: number; binEnd: number; count: number }[] {
  if (d.min === null || d.max === null) return [];
  width = Math.max(width, spec.width);
  const first = Math.floor(d.min / width) * width;
  const bins = new Map<number, number>();
  for (let start = first; start <= d.max; start += width) bins.set(start, 0);
  d.histogram.counts.forEach((count, i) => {
    if (!count) return;
    const value = spec.lo + (d.histogram.start + i) * spec.width;
    const start = Math.floor(value / width) * width;
    bins.set(start, (bins.get(start) ?? 0) + count);
  });
  return [...bins].map(([binStart, count]) => ({ binStart, binEnd: binStart + width, count }));
}

/** The scores of every seat of an arm pooled into one distribution. */
export function armScores(arm: ArmSummary): DistSummary {
  const seats = arm.seats.map((s) => s.score);
  const length = Math.max(...seats.map((s) => s.histogram.start + s.histogram.counts.length));
  const counts = new Array<number>(length).fill(0);
  for (const s of seats)
    s.histogram.counts.forEach((c, i) => {
      counts[s.histogram.start + i]! += c;
    });
  const n = seats.reduce((t, s) => t + s.n, 0);
  const sum = seats.reduce((t, s) => t + s.sum, 0);
  const sumSq = seats.reduce((t, s) => t + s.sumSq, 0);
  const mins = seats.flatMap((s) => (s.min === null ? [] : [s.min]));
  const maxs = seats.flatMap((s) => (s.max === null ? [] : [s.max]));
  const m = meanInterval({ n, sum, sumSq });
  return {
    n,
    sum,
    sumSq,
    mean: m.mean,
    sd: m.sd,
    se: m.se,
    min: mins.length ? Math.min(...mins) : null,
    max: maxs.length ? Math.max(...maxs) : null,
    histogram: {
      start: 0,
      counts,
      under: seats.reduce((t, s) => t + s.histogram.under, 0),
      over: seats.reduce((t, s) => t + s.histogram.over, 0),
    },
  };
}

/** Mean points per player and game by source of an arm (seats weighted by games). */
export function armSources(arm: ArmSummary): Record<string, number> {
  const games = arm.seats.reduce((t, s) => t + s.games, 0);
  return Object.fromEntries(
    SOURCES.map((src) => [src, games ? arm.seats.reduce((t, s) => t + (s.sources[src] ?? 0) * s.games, 0) / games : 0]),
  );
}

const ruleText = (rules: Record<string, string | number>) =>
  Object.entries(rules)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** "N deals, G games" for chart subtitles. */
export const runSizeText = (summary: Summary): string =>
  `${formatCount(summary.deals)} deals, ${formatCount(summary.games)} games, rotation ${summary.rotation}`;

/** Markdown lines with the facts of a run from its manifest. */
export function runFacts(manifest: Manifest, summary: Summary): string {
  const reconstructed = manifest.arms.filter((a) => a.reconstructedTiles).map((a) => a.name);
  const lines = [
    `- experiment \`${manifest.experiment.name}\`${manifest.experiment.description ? `: ${manifest.experiment.description}` : ''}`,
    `- run \`${manifest.runId}\`, seed \`${manifest.seed}\`, ${formatCount(manifest.deals)} deals per arm, rotation \`${manifest.rotation}\`, ${formatCount(manifest.games.done)} games in ${manifest.arms.length} arms`,
    `- carclab ${manifest.package.version}, commit ${manifest.git ? `\`${manifest.git.commit.slice(0, 12)}\`${manifest.git.dirty ? ' (uncommitted changes)' : ''}` : 'unknown'}, Node ${manifest.node}, wall time ${manifest.wallSeconds.toFixed(1)} s`,
    reconstructed.length
      ? `- **Reconstructed tiles: yes.** The Tollkeepers land tiles are a documented reconstruction, not the published tiles; arms using them: ${reconstructed.map((n) => `\`${n}\``).join(', ')}. Numbers about tolls depend on that reconstruction.`
      : '- Reconstructed tiles: no (every arm uses published tiles only).',
    `- Summary: ${formatCount(summary.games)} games; every arm plays the same deals, so differences between arms are paired by deal.`,
  ];
  return lines.join('\n');
}

export interface RunSectionsOptions {
  /** Prefix of chart names (several runs in one report). */
  chartPrefix?: string;
  /** Heading level of the sections; default 2. */
  level?: 2 | 3;
  /** Prefix of section titles. */
  titlePrefix?: string;
}

/** Adds the generic sections of a run to a report. */
export function addRunSections(
  report: Report,
  run: Pick<LoadedRun, 'summary' | 'manifest'>,
  options: RunSectionsOptions = {},
): void {
  const { summary, manifest } = run;
  const level = options.level ?? 2;
  const p = options.chartPrefix ?? '';
  const t = options.titlePrefix ?? '';
  const size = runSizeText(summary);
  const arms = summary.arms;

  // 1. Run facts.
  const facts = report.section(`${t}Run facts`, level).text(runFacts(manifest, summary));
  facts.table(
    aq.table({
      // The explicit rules (the house rule itself) right after the arm, before the long agent specs.
      arm: manifest.arms.map((a) => a.name),
      'explicit rules': manifest.arms.map((a) => ruleText(a.rules.explicit) || '(none)'),
      players: manifest.arms.map((a) => a.players),
      expansions: manifest.arms.map((a) => a.expansions.join('+') || 'base'),
      'designer tiles': manifest.arms.map((a) => (a.tiles?.length ? a.tiles.join(', ') : '–')),
      agents: manifest.arms.map((a) => (new Set(a.agents).size === 1 ? a.agents[0]! : a.agents.join(','))),
      deck: manifest.arms.map((a) => a.deckSize),
      reconstructed: manifest.arms.map((a) => (a.reconstructedTiles ? 'yes' : 'no')),
    }),
    { caption: 'Arms; every other rule parameter keeps its official default (below).' },
  );
  const defaulted = [...new Set(manifest.arms.map((a) => ruleText(a.rules.defaulted)))];
  facts.text(
    defaulted.length === 1
      ? `Defaulted rule parameters (all arms): \`${defaulted[0] || '(none)'}\`.`
      : manifest.arms
          .map((a) => `- defaulted in \`${a.name}\`: \`${ruleText(a.rules.defaulted) || '(none)'}\``)
          .join('\n'),
  );

  // 2. Win rates and mean scores per arm and seat.
  const records = recordsFromSummary(summary);
  const seats = summaryTable(records.seats);
  const wins = report.section(`${t}Win rate and mean score by seat`, level);
  wins.text(
    'Win rates with Wilson 95 % intervals (a tie for first shares the win), mean final scores with Student t 95 % intervals. Seat 0 moves first. Under rotation `all` a seat plays every rotation of a deal: its games are clustered by deal, so its interval uses the effective number of games (the design effect of the per-deal shares) and its mean score is taken over deals; the joint test is corrected the same way.',
  );
  const seatRows = seats.objects() as {
    arm: string;
    seat: number;
    winRate: number;
    winLo: number;
    winHi: number;
    scoreMean: number;
    scoreLo: number;
    scoreHi: number;
  }[];
  const players = new Map(arms.map((a) => [a.name, a.players]));
  const many = arms.length > 6;
  wins.chart(
    `${p}win-rate-by-seat`,
    estimatesChart(
      seatRows.map((r) => ({
        arm: r.arm,
        seat: `seat ${r.seat}`,
        fair: 1 / players.get(r.arm)!,
        estimate: r.winRate,
        lower: r.winLo,
        upper: r.winHi,
      })),
      {
        title: 'Win rate by seat',
        subtitle: 'Wilson 95 % intervals; dashed line: 1 / players',
        runSize: size,
        category: 'seat',
        ...(many ? { facet: 'arm' as const, columns: 4, width: 170, height: 150 } : { color: 'arm' as const }),
        valueTitle: 'win rate',
        valueFormat: '.0%',
        reference: { field: 'fair' },
        categoryTitle: null,
      },
    ),
  );
  wins.table(
    seats.select(
      'arm',
      'seat',
      'games',
      'wins',
      'winRate',
      'winLo',
      'winHi',
      'scoreMean',
      'scoreLo',
      'scoreHi',
      'scoreSd',
    ),
  );
  if (arms.some((a) => new Set(a.agents).size > 1)) {
    wins.table(
      summaryTable(records.lineup).select(
        'arm',
        'seat',
        'games',
        'winRate',
        'winLo',
        'winHi',
        'scoreMean',
        'scoreLo',
        'scoreHi',
      ),
      { caption: 'By lineup player (agent), over all seats.' },
    );
  }
  addSeatFairness(wins, arms);
  // The seats of a game share its deal: per-player means are taken per deal first (the deal is the unit).
  const pooled = arms.map((a) => ({
    arm: a.name,
    ...meanInterval({ n: a.perDeal.score!.deals, mean: a.perDeal.score!.mean, sd: a.perDeal.score!.sd }),
  }));
  wins.chart(
    `${p}mean-score-by-arm`,
    estimatesChart(
      pooled.map((r) => ({ arm: r.arm, estimate: r.mean ?? 0, lower: r.lo ?? 0, upper: r.hi ?? 0 })),
      {
        title: 'Mean final score per player',
        subtitle: 'all seats pooled per deal; Student t 95 % intervals over deals',
        runSize: size,
        // From zero: a cut axis makes a one-point difference look large.
        category: 'arm',
        orient: 'horizontal',
        categoryTitle: null,
        valueTitle: 'mean final score (points)',
        zero: true,
      },
    ),
  );

  // 3. Score distributions.
  const dist = report.section(`${t}Score distributions`, level);
  const width = 5;
  const bins = arms.flatMap((a) => rebin(armScores(a), summary.histogram, width).map((b) => ({ arm: a.name, ...b })));
  dist.text(
    `Final scores of all seats, bins of ${width} points. Per arm: the standard deviation of all player scores, and the winner's score and margin (winner − runner-up), means with Student t 95 % intervals over deals.`,
  );
  dist.chart(
    `${p}score-histogram`,
    histogramChart(bins, {
      title: 'Final score distribution',
      subtitle: `bins of ${width} points, share of each arm's player scores`,
      runSize: size,
      series: 'arm',
      seriesTitle: null,
      layout: arms.length <= 5 ? 'overlay' : 'facet',
      columns: 4,
      normalize: true,
      ...(arms.length > 5 ? { width: 170, height: 110 } : {}),
      valueTitle: 'final score (points)',
      countTitle: 'share of player scores',
    }),
  );
  const mi = (a: ArmSummary, metric: 'winnerScore' | 'margin') =>
    meanInterval({ n: a.perDeal[metric]!.deals, mean: a.perDeal[metric]!.mean, sd: a.perDeal[metric]!.sd });
  dist.table(
    aq.table({
      arm: arms.map((a) => a.name),
      games: arms.map((a) => a.games),
      scoreSd: arms.map((a) => armScores(a).sd),
      winner: arms.map((a) => mi(a, 'winnerScore').mean),
      winnerLo: arms.map((a) => mi(a, 'winnerScore').lo),
      winnerHi: arms.map((a) => mi(a, 'winnerScore').hi),
      margin: arms.map((a) => mi(a, 'margin').mean),
      marginLo: arms.map((a) => mi(a, 'margin').lo),
      marginHi: arms.map((a) => mi(a, 'margin').hi),
    }),
  );

  // 4. Score shares by source.
  const shares = report.section(`${t}Where the points come from`, level);
  const used = SOURCES.filter((src) => arms.some((a) => armSources(a)[src]! > 0));
  shares.chart(
    `${p}score-shares`,
    sharesChart(
      arms.flatMap((a) => used.map((source) => ({ arm: a.name, source, points: armSources(a)[source]! }))),
      {
        title: 'Share of points by source',
        subtitle: 'mean points per player and game',
        runSize: size,
        bar: 'arm',
        part: 'source',
        barTitle: null,
      },
    ),
  );
  shares.table(
    aq.table({
      arm: arms.map((a) => a.name),
      ...Object.fromEntries(used.map((src) => [src, arms.map((a) => armSources(a)[src]!)])),
    }),
    { caption: 'Mean points per player and game by source.' },
  );

  addMeepleSection(report, arms, { level, title: `${t}Meeples placed per feature kind`, chart: `${p}meeples`, size });

  // 5. Paired comparisons.
  if (summary.pairs.length) {
    const metrics = ['score', 'winnerScore', 'margin'];
    const pairRecords = records.pairs.filter((r) => metrics.includes(r.metric));
    const table = comparisonTable(pairRecords);
    const pairs = report.section(`${t}Paired comparisons between arms`, level);
    pairs.text(
      'Per-deal differences b − a on the same deals (common random numbers): mean with paired t 95 % interval, d_z = mean / sd of the differences, two-sided p and Holm-adjusted p within each metric. `score` is the mean score per player, `margin` the winner minus the runner-up.' +
        (summary.arms.length > 8 ? ' With more than 8 arms only pairs with the first arm are compared.' : ''),
    );
    const rows = table.objects() as {
      a: string;
      b: string;
      metric: string;
      meanDiff: number;
      lo: number;
      hi: number;
    }[];
    pairs.chart(
      `${p}paired-differences`,
      forestChart(
        rows
          .filter((r) => r.metric !== 'winnerScore' && r.lo !== null)
          .map((r) => ({
            comparison: `${r.b} − ${r.a}, ${r.metric === 'score' ? 'mean score' : 'margin'}`,
            estimate: r.meanDiff,
            lower: r.lo,
            upper: r.hi,
          })),
        {
          title: 'Paired differences between arms',
          subtitle: 'same deals; paired t 95 % intervals',
          runSize: `${formatCount(summary.deals)} deals per comparison`,
          label: 'comparison',
          valueTitle: 'difference (points)',
          valueFormat: '+.2f',
          referenceLabel: 'no difference',
        },
      ),
    );
    pairs.table(table.select('a', 'b', 'metric', 'deals', 'meanDiff', 'lo', 'hi', 'sdDiff', 'dz', 'p', 'pHolm'));
    addPlayChecks(pairs, summary);
    addSeatWinDifferences(pairs, records.pairs);
  }
}

/** Joint seat fairness per arm (chi-square, Holm over the arms), then the seats named in flagged arms. */
function addSeatFairness(section: Section, arms: readonly ArmSummary[]): void {
  // Several games of a seat per deal (rotation all): the deal is the unit, through the design effect.
  const designEffect = (a: ArmSummary) => {
    const effects = a.seats.map((s) => {
      const d = a.perDeal[`seat${s.seat}.wins`];
      return d && d.deals > 0
        ? shareDesignEffect({ share: s.wins / s.games, sdPerDeal: d.sd, gamesPerDeal: s.games / d.deals })
        : 1;
    });
    return effects.reduce((t, x) => t + x, 0) / Math.max(1, effects.length);
  };
  const results = seatFairness(arms.map((a) => ({ name: a.name, seats: a.seats, designEffect: designEffect(a) })));
  section.text(
    `Is each arm fair to every seat? One joint test per arm (Pearson chi-square of the seats' win counts against 1/players, df = players − 1; in a 2-player arm the two seats are one question), Holm-adjusted over the ${arms.length} arm${arms.length === 1 ? '' : 's'} of this run; seats are named only in an arm the joint test flags (z-test against 1/players, Holm within the arm).`,
  );
  section.table(
    aq.table({
      arm: results.map((r) => r.name),
      players: results.map((r) => r.players),
      games: results.map((r) => r.games),
      chiSquare: results.map((r) => r.chiSquare),
      df: results.map((r) => r.df),
      p: results.map((r) => r.p),
      pHolm: results.map((r) => r.pHolm),
      'seats away from 1/players': results.map((r) =>
        r.seats.length ? r.seats.map((s) => `seat ${s.seat} ${(s.rate * 100).toFixed(1)} %`).join(', ') : '–',
      ),
    }),
    { caption: 'Joint seat-fairness test per arm (Holm over the arms).' },
  );
}

/** The warning for pairs of arms that played the same moves on every deal, or null (docs/reasoning.md §1). */
export function identicalPlayWarning(summary: Summary, label = ''): string | null {
  const identical = summary.pairs.filter((p) => p.sameMoves === p.metrics.score?.deals && p.sameMoves > 0);
  if (!identical.length) return null;
  return `**Warning — identical play${label}: ${identical.map((p) => `\`${p.a}\` and \`${p.b}\``).join('; ')} played the same moves on every deal; this compares scoring only.** The agents' moves did not respond to what differs between these arms, so their differences are a rescoring of the same games, not a change in play (docs/reasoning.md §1).`;
}

/** Per pair of arms: the deals on which both arms played the same moves in every game. */
export function sameMovesRows(summary: Summary): { a: string; b: string; deals: number; sameMoves: number }[] {
  return summary.pairs.map((p) => ({ a: p.a, b: p.b, deals: summary.deals, sameMoves: p.sameMoves }));
}

/**
 * Pairs that played the same moves on every deal (a loud warning), and how often the winner changed,
 * shown only with its references (docs/reasoning.md §9): a run measures those when its plan asks for
 * effects (`carclab study`); other runs show no "winner changed" figure.
 */
function addPlayChecks(section: Section, summary: Summary): void {
  const warning = identicalPlayWarning(summary);
  if (warning) section.text(warning);
  if (summary.pairs.length) {
    section.text('`sameMoves`: the deals on which both arms played the same moves in every game.');
    section.table(aq.from(sameMovesRows(summary)), { caption: 'Deals with identical moves per pair of arms.' });
  }
  const rows = winnerChangeRows(summary);
  if (rows.length) {
    section.text(WINNER_CHANGE_TEXT);
    section.table(aq.from(rows), { caption: 'Winner changed, rescored, and the two no-effect references.' });
  } else if (summary.pairs.length) {
    section.text(NO_WINNER_CHANGE_TEXT);
  }
}

/** Why a run without effect counts shows no "winner changed" figure. */
export const NO_WINNER_CHANGE_TEXT =
  "How often the winner changed between arms is not shown: alone it measures how far play diverged, not the rule, and this run did not measure its no-effect references (the noise floor of an arm played twice, and the rescoring of the same games). `carclab study` measures the rule's direct effect with both references.";

/** Paired per-deal differences of each seat's win share (b − a), paired t with Holm over the seats and pairs. */
function addSeatWinDifferences(section: Section, pairs: ReturnType<typeof recordsFromSummary>['pairs']): void {
  const seatWins = pairs.filter((r) => /^seat\d+\.wins$/.test(r.metric));
  if (!seatWins.length) return;
  const table = comparisonTable(seatWins, { family: 'all' });
  section.text(
    'Win share of each seat, paired per deal (b − a, a share from 0 to 1): paired t 95 % intervals, Holm over every seat and pair in the table.',
  );
  section.table(table.select('a', 'b', 'metric', 'deals', 'meanDiff', 'lo', 'hi', 'p', 'pHolm'), {
    caption: 'Paired seat win-share differences.',
  });
}
