/**
 * How the games play (issue 22): the game-quality measures of each arm at each level — lead changes
 * (on the expected totals and on the raw scores), drama (the share of turns the eventual winner was
 * behind, and by how much), decisiveness (the share of the game after which the leader never
 * changed), close games (final margin ≤ 5) with the margins' distribution, and the score race — as
 * a report section, and the findings a verdict page states about them.
 *
 * `addQualitySection(report, arms, { runSize })` takes each arm's quality sums (`summary.arms[i].quality`
 * of a run with `quality: true`, or merged shard aggregates) with its level, and its margin
 * distribution when at hand.
 */
import * as aq from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart, histogramChart, raceChart } from '../charts/index.ts';
import type { QualityData } from '../sim/quality.ts';
import type { DistSummary, Summary } from '../sim/summary.ts';
import { qualityMeasures } from '../stats/index.ts';
import type { MeasureInterval, QualityDifferences, QualityMeasures } from '../stats/index.ts';
import { intervalText, percentText, ppText, signedIntervalText } from './numbers.ts';
import type { Report, Section } from './report.ts';
import { rebin } from './run-report.ts';
import type { Finding } from './verdict.ts';

/** One arm at one level: its quality sums and, for the margins' chart, its margin distribution and the run's bins. */
export interface QualityArm {
  level: string;
  arm: string;
  quality: QualityData;
  margin?: { dist: DistSummary; histogram: Summary['histogram'] };
}

/** The arms of a run summary that recorded the quality measures, at one level. */
export function qualityArms(summary: Summary, level: string): QualityArm[] {
  return summary.arms.flatMap((a) =>
    a.quality
      ? [{ level, arm: a.name, quality: a.quality, margin: { dist: a.margin, histogram: summary.histogram } }]
      : [],
  );
}

/** "2.31 [2.10, 2.52]" or, as a share, "41.2 % [38.0, 44.5]". */
export const measureText = (m: MeasureInterval, share = false, digits = 2): string =>
  share ? percentText(m) : intervalText(m, digits);

/** The turn halfway through the race (the middle of the arm's deck). */
const halfway = (q: QualityMeasures) => q.race[Math.floor(q.race.length / 2) - 1];

const MEASURES: {
  key: keyof Pick<
    QualityMeasures,
    'leadChanges' | 'scoreLeadChanges' | 'behindShare' | 'behindBy' | 'decidedShare' | 'closeShare'
  >;
  label: string;
  share: boolean;
}[] = [
  { key: 'leadChanges', label: 'lead changes per game (expected totals)', share: false },
  { key: 'scoreLeadChanges', label: 'lead changes per game (raw score)', share: false },
  { key: 'behindShare', label: 'drama: share of turns the winner was behind', share: true },
  { key: 'behindBy', label: 'drama: points behind, on those turns', share: false },
  { key: 'decidedShare', label: 'decisiveness: share of the game after the leader never changed', share: true },
  { key: 'closeShare', label: 'close games: final margin ≤ 5', share: true },
];

/** Two arms of a level compared per deal: arm b's measures minus arm a's (`qualityDifference`). */
export interface QualityPair {
  level: string;
  a: string;
  b: string;
  difference: QualityDifferences;
}

/** A paired difference as text: percentage points for shares, else signed with its unit's digits. */
const differenceText = (m: MeasureInterval, share: boolean): string => (share ? ppText(m) : signedIntervalText(m));

/** An arm with its measures computed. */
type MeasuredArm = QualityArm & { m: QualityMeasures };

/** A chart of the section, named for the findings that point at it. */
interface NamedChart {
  name: string;
  spec: TopLevelSpec;
}

/**
 * Adds the section "How the games play" and returns the findings for the verdict page (none without
 * arms); `pairs`, where two arms are compared on the same deals, adds their paired differences.
 */
export function addQualitySection(
  report: Report,
  arms: readonly QualityArm[],
  options: { runSize: string; chartPrefix?: string; pairs?: readonly QualityPair[] },
): Finding[] {
  if (!arms.length) return [];
  const p = options.chartPrefix ?? '';
  const pairs = options.pairs ?? [];
  const measured: MeasuredArm[] = arms.map((a) => ({ ...a, m: qualityMeasures(a.quality) }));
  const levels = [...new Set(arms.map((a) => a.level))];
  const section = report.section('How the games play: lead changes, drama, decisiveness, close games');
  addQualityTables(section, measured, pairs);
  const measures = measuresChart(measured, `${p}quality-measures`, options.runSize);
  section.chart(measures.name, measures.spec);
  const race = scoreRaceChart(measured, levels, `${p}score-race`, options.runSize);
  section.chart(race.name, race.spec);
  addMarginsChart(section, measured, levels, `${p}margins`, options.runSize);
  return qualityFindings(measured, levels, pairs, { race, measures });
}

/** What the measures are, and the tables of each arm's measures and of the paired differences. */
function addQualityTables(section: Section, measured: readonly MeasuredArm[], pairs: readonly QualityPair[]): void {
  section.text(
    [
      "Measured on every game (after the Ludii project's lead-change, drama and decisiveness metrics and Browne's criteria). A player's *expected total* after a turn is its score plus what the board promises it under the rules in force — the agents' rule-aware evaluation (docs/agents.md) with no charge for meeples; the last turn counts the final scores. The *lead* changes when the sole leader becomes another player (a tie for the lead changes nothing). The *eventual winner* is the player with the best final score; a game tied for first has none and is left out of drama, decisiveness and the race (counted in the table). *Drama*: the turns the eventual winner was behind the best other player, and by how many points on those turns. *Decisiveness*: the part of the game played after the last turn the eventual winner did not lead alone. *Close games*: final margin (winner − runner-up) of at most 5 points.",
      `Intervals are 95 %: ratio estimates over deals (the deal is the unit; delta method, Student t), Wilson for the share of close games. Each arm is measured on its own games${pairs.length ? '; the paired differences between the arms are per deal (below)' : ': the paired differences between arms of these measures are not computed here'}.`,
    ].join('\n\n'),
  );
  section.table(
    aq.from(
      measured.map((a) => ({
        level: a.level,
        arm: a.arm,
        games: a.m.games,
        'tied for first': a.m.tiedGames,
        ...Object.fromEntries(MEASURES.map((x) => [x.label, measureText(a.m[x.key], x.share)])),
      })),
    ),
    { caption: 'Game-quality measures per arm and level, 95 % intervals (shares in %).' },
  );

  if (pairs.length) {
    section.table(
      aq.from(
        pairs.map((x) => ({
          level: x.level,
          difference: `${x.b} − ${x.a}`,
          deals: x.difference.leadChanges.deals,
          ...Object.fromEntries(MEASURES.map((m) => [m.label, differenceText(x.difference[m.key], m.share)])),
        })),
      ),
      {
        caption:
          "Paired differences between the arms per measure, on the same deals: for each ratio the delta method over deals (per deal, each arm's residual from its own ratio, the difference of the two), Student t 95 % intervals; shares in percentage points, within [−100, +100] pp.",
      },
    );
  }
}

/** The measures of each arm at each level as intervals, one panel per measure. */
function measuresChart(measured: readonly MeasuredArm[], name: string, runSize: string): NamedChart {
  const measureRows = measured.flatMap((a) =>
    MEASURES.filter((x) => x.key !== 'behindBy' && x.key !== 'scoreLeadChanges').flatMap((x) => {
      const v = a.m[x.key];
      return v.estimate === null
        ? []
        : [
            {
              measure: x.label,
              level: a.level,
              arm: a.arm,
              estimate: v.estimate,
              lower: v.lo ?? v.estimate,
              upper: v.hi ?? v.estimate,
            },
          ];
    }),
  );
  return {
    name,
    spec: estimatesChart(measureRows, {
      title: 'How the games play',
      subtitle: '95 % intervals over deals',
      runSize,
      category: 'arm',
      color: 'level',
      facet: 'measure',
      columns: 2,
      panelValues: 'independent',
      orient: 'horizontal',
      categoryTitle: null,
      facetTitle: null,
      colorTitle: 'level',
      valueTitle: 'estimate',
      zero: true,
      width: 300,
      height: Math.max(60, 24 * new Set(measured.map((a) => a.arm)).size),
    }),
  };
}

/** The eventual winner's expected lead after each turn, per arm (a panel per level when there are several). */
function scoreRaceChart(
  measured: readonly MeasuredArm[],
  levels: readonly string[],
  name: string,
  runSize: string,
): NamedChart {
  const raceRows = measured.flatMap((a) =>
    a.m.race.flatMap((r) =>
      r.estimate === null
        ? []
        : [
            {
              level: a.level,
              arm: a.arm,
              turn: r.turn,
              estimate: r.estimate,
              lower: r.lo ?? r.estimate,
              upper: r.hi ?? r.estimate,
            },
          ],
    ),
  );
  return {
    name,
    spec: raceChart(raceRows, {
      title: 'The score race',
      subtitle:
        "the eventual winner's mean expected lead over the best other player after each turn; 95 % bands over deals",
      runSize,
      x: 'turn',
      series: 'arm',
      seriesTitle: null,
      ...(levels.length > 1 ? { facet: 'level' as const, columns: Math.min(3, levels.length) } : {}),
      valueTitle: 'lead (points)',
      width: levels.length > 2 ? 280 : 330,
      height: 200,
    }),
  };
}

/** The distribution of final margins per arm, when the arms carry theirs. */
function addMarginsChart(
  section: Section,
  measured: readonly MeasuredArm[],
  levels: readonly string[],
  name: string,
  runSize: string,
): void {
  const label = (a: { level: string; arm: string }) => (levels.length > 1 ? `${a.arm} (${a.level})` : a.arm);
  const marginRows = measured.flatMap((a) =>
    a.margin ? rebin(a.margin.dist, a.margin.histogram, 5).map((b) => ({ series: label(a), ...b })) : [],
  );
  if (marginRows.length) {
    section.chart(
      name,
      histogramChart(marginRows, {
        title: 'Final margins',
        subtitle: "winner − runner-up, bins of 5 points, share of each arm's games",
        runSize,
        series: 'series',
        seriesTitle: null,
        layout: 'facet',
        columns: 3,
        normalize: true,
        width: 200,
        height: 110,
        valueTitle: 'final margin (points)',
        countTitle: 'share of games',
      }),
    );
  }
}

/** The findings for the verdict page: the race, then lead changes and close games, each arm at each level. */
function qualityFindings(
  measured: readonly MeasuredArm[],
  levels: readonly string[],
  pairs: readonly QualityPair[],
  charts: { race: NamedChart; measures: NamedChart },
): Finding[] {
  const byLevel = (text: (a: MeasuredArm) => string) =>
    levels
      .map(
        (l) =>
          `${measured
            .filter((a) => a.level === l)
            .map(text)
            .join(', ')} at ${l}`,
      )
      .join('; ');
  return [
    {
      sentence: `**The score race**: halfway through the game the eventual winner leads the best other player by ${byLevel((a) => `${intervalText(halfway(a.m) ?? { estimate: null, lo: null, hi: null }, 1)} points in ${a.arm}`)} (expected totals: score + what the board promises).`,
      chart: charts.race,
    },
    {
      sentence: `**Lead changes per game**: ${byLevel((a) => `${measureText(a.m.leadChanges)} in ${a.arm}`)}. **Close games** (margin ≤ 5): ${byLevel((a) => `${measureText(a.m.closeShare, true)} in ${a.arm}`)}. **Drama** (turns the winner was behind): ${byLevel((a) => `${measureText(a.m.behindShare, true)} in ${a.arm}`)}.`,
      chart: charts.measures,
    },
    ...pairs.map((x) => ({
      sentence: `**How the games play, ${x.b} − ${x.a}** at ${x.level} (paired over ${x.difference.leadChanges.deals.toLocaleString('en')} deals, delta method): lead changes per game ${differenceText(x.difference.leadChanges, false)}, close games ${differenceText(x.difference.closeShare, true)}, drama (turns the winner was behind) ${differenceText(x.difference.behindShare, true)}, decisiveness ${differenceText(x.difference.decidedShare, true)}.`,
    })),
  ];
}
