/**
 * The generic report of any run, from its summary and manifest only (`carclab report`), also the
 * appendix of every study report: run facts (seed, deals, games, rules explicit and defaulted,
 * designer tiles, reconstructed tiles), win rate and mean score per arm and seat with intervals, a
 * joint seat-fairness test per arm, score distributions, score shares by source, and paired
 * comparisons between arms (`run-comparisons.ts`): scores, seat win shares, how often the winner
 * changed, and a loud warning when two arms played the same moves on every deal (docs/reasoning.md §1).
 */
import * as aq from 'arquero';
import { estimatesChart, formatCount, histogramChart, sharesChart } from '../charts/index.ts';
import { meanInterval, recordsFromSummary, seatFairness, shareDesignEffect, summaryTable } from '../stats/index.ts';
import type { ArmSummary, DistSummary, Summary } from '../sim/summary.ts';
import type { Report, Section } from './report.ts';
import type { LoadedRun, Manifest } from './run.ts';
import { addMeepleSection } from './meeples.ts';
import { addPairedComparisons } from './run-comparisons.ts';

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

/** Where a run's sections stand in the report: their heading level, the prefixes of their titles and charts, and the run's size for chart subtitles. */
export interface RunSectionContext {
  level: 2 | 3;
  title: string;
  chart: string;
  size: string;
}

/** Adds the generic sections of a run to a report. */
export function addRunSections(
  report: Report,
  run: Pick<LoadedRun, 'summary' | 'manifest'>,
  options: RunSectionsOptions = {},
): void {
  const { summary, manifest } = run;
  const at: RunSectionContext = {
    level: options.level ?? 2,
    title: options.titlePrefix ?? '',
    chart: options.chartPrefix ?? '',
    size: runSizeText(summary),
  };
  addRunFactsSection(report, manifest, summary, at);
  const records = recordsFromSummary(summary);
  addSeatSection(report, summary.arms, records, at);
  addScoreDistributions(report, summary, at);
  addScoreSources(report, summary.arms, at);
  addMeepleSection(report, summary.arms, {
    level: at.level,
    title: `${at.title}Meeples placed per feature kind`,
    chart: `${at.chart}meeples`,
    size: at.size,
  });
  if (summary.pairs.length) addPairedComparisons(report, summary, records.pairs, at);
}

/** Run facts: the manifest's facts, a table of the arms, and the rule parameters left at their defaults. */
function addRunFactsSection(report: Report, manifest: Manifest, summary: Summary, at: RunSectionContext): void {
  const facts = report.section(`${at.title}Run facts`, at.level).text(runFacts(manifest, summary));
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
}

/** Win rates and mean scores per arm and seat, by lineup player when an arm mixes agents, and seat fairness. */
function addSeatSection(
  report: Report,
  arms: readonly ArmSummary[],
  records: ReturnType<typeof recordsFromSummary>,
  at: RunSectionContext,
): void {
  const seats = summaryTable(records.seats);
  const wins = report.section(`${at.title}Win rate and mean score by seat`, at.level);
  wins.text(
    'Win rates with Wilson 95 % intervals (a tie for first shares the win), mean final scores with Student t 95 % intervals. Seat 0 moves first. Under rotation `all` a seat plays every rotation of a deal: its games are clustered by deal, so its interval uses the effective number of games (the design effect of the per-deal shares) and its mean score is taken over deals; the joint test is corrected the same way.',
  );
  wins.chart(`${at.chart}win-rate-by-seat`, winRateBySeatChart(seats, arms, at.size));
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
  wins.chart(`${at.chart}mean-score-by-arm`, meanScoreChart(arms, at.size));
}

/** Each seat's win rate with its interval against 1 / players, one panel an arm when there are many. */
function winRateBySeatChart(seats: aq.ColumnTable, arms: readonly ArmSummary[], size: string) {
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
  return estimatesChart(
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
  );
}

/** Each arm's mean final score per player with its interval over deals. */
function meanScoreChart(arms: readonly ArmSummary[], size: string) {
  // The seats of a game share its deal: per-player means are taken per deal first (the deal is the unit).
  const pooled = arms.map((a) => ({
    arm: a.name,
    ...meanInterval({ n: a.perDeal.score!.deals, mean: a.perDeal.score!.mean, sd: a.perDeal.score!.sd }),
  }));
  return estimatesChart(
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
  );
}

/** Final score distributions per arm, and the spread, the winner's score and margin. */
function addScoreDistributions(report: Report, summary: Summary, at: RunSectionContext): void {
  const arms = summary.arms;
  const dist = report.section(`${at.title}Score distributions`, at.level);
  const width = 5;
  const bins = arms.flatMap((a) => rebin(armScores(a), summary.histogram, width).map((b) => ({ arm: a.name, ...b })));
  dist.text(
    `Final scores of all seats, bins of ${width} points. Per arm: the standard deviation of all player scores, and the winner's score and margin (winner − runner-up), means with Student t 95 % intervals over deals.`,
  );
  dist.chart(
    `${at.chart}score-histogram`,
    histogramChart(bins, {
      title: 'Final score distribution',
      subtitle: `bins of ${width} points, share of each arm's player scores`,
      runSize: at.size,
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
}

/** Where the points come from: mean points per player and game by source. */
function addScoreSources(report: Report, arms: readonly ArmSummary[], at: RunSectionContext): void {
  const shares = report.section(`${at.title}Where the points come from`, at.level);
  const used = SOURCES.filter((src) => arms.some((a) => armSources(a)[src]! > 0));
  shares.chart(
    `${at.chart}score-shares`,
    sharesChart(
      arms.flatMap((a) => used.map((source) => ({ arm: a.name, source, points: armSources(a)[source]! }))),
      {
        title: 'Share of points by source',
        subtitle: 'mean points per player and game',
        runSize: at.size,
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
