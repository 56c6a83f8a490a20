/**
 * Conclusions per skill level said in words, as a table and as a chart (docs/reasoning.md §2, §10,
 * §12): each level's estimate with its interval and sample note, whether the conclusion holds at every
 * level, and the differences between levels with both levels' values on the deals they share. The
 * estimates and verdicts themselves are `levels.ts`'s.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart } from '../charts/index.ts';
import { FEW_DEALS, jointFlagged, sideOf, verdictOf } from './levels.ts';
import type { Conclusion, LevelDifference, LevelEstimate } from './levels.ts';
import { count, fixed, signed } from './numbers.ts';
import type { Section } from './report.ts';

/** A value of a conclusion: points with 2 decimals, or a share as a percentage with 1; signed for a difference. */
const fmt = (x: number | null, percent: boolean, sign = false): string => {
  const v = percent && x !== null ? x * 100 : x;
  return sign ? signed(v, percent ? 1 : 2) : fixed(v, percent ? 1 : 2);
};
const intervalText = (est: number | null, lo: number | null, hi: number | null, percent: boolean, sign: boolean) =>
  `${fmt(est, percent, sign)}${percent ? (sign ? ' pp' : ' %') : ''} [${fmt(lo, percent, sign)}, ${fmt(hi, percent, sign)}]`;

/** " (6 deals: too few to say much)" below `FEW_DEALS`, " (all 200 deals alike: exact bound)" for a degenerate sample. */
const sampleNote = (n: number, degenerate?: boolean): string =>
  n < FEW_DEALS
    ? ` (${n} deal${n === 1 ? '' : 's'}: too few to say much)`
    : degenerate
      ? ` (all ${count(n)} deals alike: exact bound)`
      : '';

/** "0.08 [0.06, 0.10]" or "+4.2 pp [+1.0, +7.4]": a level's estimate as text. */
export const estimateText = (c: Conclusion, e: LevelEstimate | null): string =>
  e
    ? `${intervalText(e.estimate, e.lo, e.hi, !!c.percent, c.kind === 'difference')}${sampleNote(e.deals, e.degenerate)}`
    : '–';
/** A level's value on the deals a difference uses, as text. */
const onDealsText = (c: Conclusion, x: number | null): string =>
  `${fmt(x, !!c.percent, c.kind === 'difference')}${c.percent ? (c.kind === 'difference' ? ' pp' : ' %') : ''}`;
/** A difference between levels as text (points, or percentage points for shares), with both levels' values on its deals. */
export const differenceText = (c: Conclusion, d: LevelDifference | null, names?: readonly [string, string]): string =>
  d
    ? `${intervalText(d.meanDiff, d.lo, d.hi, !!c.percent, true)}${sampleNote(d.n, d.degenerate)}${names ? ` (${d.paired ? `on the ${count(d.n)} shared deals` : 'unpaired, Welch: too few shared deals'}: ${names[0]} ${onDealsText(c, d.onDeals[0])}, ${names[1]} ${onDealsText(c, d.onDeals[1])})` : ''}`
    : '–';

/** One sentence per conclusion: the estimate at every level, whether it holds at every level, and the differences between levels. */
export function verdictSentence(c: Conclusion, levels: readonly string[]): string {
  const v = verdictOf(c);
  const per = v.estimates.map((e, k) => `${levels[k]} ${estimateText(c, e)}`).join(', ');
  const ref =
    c.kind === 'share' ? `the fair share ${fmt(c.reference, true)} %` : c.reference === 0 ? '0' : String(c.reference);
  if (levels.length === 1) return `${c.label}: ${per}.`;
  const sides = v.estimates.map((e) => (e ? sideOf(e, c.reference) : 0));
  const at = (side: number) => levels.filter((_, k) => sides[k] === side).join(', ');
  const untested = levels.filter((_, k) => !jointFlagged(c, k));
  const joint = (k: number) =>
    c.jointTest?.[k] === null || c.jointTest?.[k] === undefined
      ? 'no test'
      : `Holm p ${c.jointTest[k]!.toPrecision(3)}`;
  const holds =
    v.holds !== 0
      ? `**holds at every level** (${v.holds > 0 ? 'above' : 'below'} ${ref} at each${c.jointTest ? ", and the arm's joint seat test flags it at each" : ''})`
      : sides.includes(0)
        ? `not established at every level (the interval includes ${ref} at ${at(0)})`
        : untested.length && sides.every((s, k) => s === sides[0] || !jointFlagged(c, k))
          ? `not established at every level (the arm's joint seat test is not significant at ${untested.map((l) => `${l}: ${joint(levels.indexOf(l))}`).join(', ')}, so no seat is named there)`
          : `opposite directions (above ${ref} at ${at(1)}, below at ${at(-1)})`;
  const diffs = v.differences
    .map(
      ({ level, diff }) => `${levels[level]} − ${levels[0]} ${differenceText(c, diff, [levels[0]!, levels[level]!])}`,
    )
    .join('; ');
  return `${c.label}: ${per}; ${holds}. Between levels: ${diffs}.`;
}

/** The conclusions as a wide table: one row per conclusion, one column per level, the verdict and the differences. */
export function levelTable(conclusions: readonly Conclusion[], levels: readonly string[]): ColumnTable {
  const verdicts = conclusions.map(verdictOf);
  return aq.table({
    conclusion: conclusions.map((c) => c.label),
    ...Object.fromEntries(
      levels.map((l, k) => [l, conclusions.map((c, i) => estimateText(c, verdicts[i]!.estimates[k] ?? null))]),
    ),
    'every level': verdicts.map((v) =>
      levels.length < 2 ? '–' : v.holds > 0 ? 'yes, above' : v.holds < 0 ? 'yes, below' : 'no',
    ),
    ...Object.fromEntries(
      levels.slice(1).map((l, k) => [
        `${l} − ${levels[0]}`,
        conclusions.map((c, i) => {
          const d = verdicts[i]!.differences[k]?.diff ?? null;
          return differenceText(c, d, [levels[0]!, l]);
        }),
      ]),
    ),
  });
}

/** Per-level estimates of some conclusions as a chart: one panel per conclusion, one bar per level. */
export function levelChart(
  conclusions: readonly Conclusion[],
  levels: readonly string[],
  title: string,
  runSize: string,
): TopLevelSpec {
  const rows = conclusions.flatMap((c) =>
    verdictOf(c).estimates.flatMap((e, k) =>
      e && e.estimate !== null
        ? [
            {
              conclusion: c.label,
              level: levels[k]!,
              reference: c.reference,
              estimate: e.estimate,
              lower: e.lo ?? e.estimate,
              upper: e.hi ?? e.estimate,
            },
          ]
        : [],
    ),
  );
  const percent = conclusions.every((c) => c.percent);
  return estimatesChart(rows, {
    title,
    subtitle:
      'per skill level; 95 % intervals (Wilson for win shares, t over deals for means, paired t for differences); dashed: the reference',
    runSize,
    // Levels down the side of each panel: long level names (`mcts:iterations=200`, `careful`) never overlap.
    category: 'level',
    facet: 'conclusion',
    columns: 2,
    panelValues: 'independent',
    categoryTitle: null,
    facetTitle: null,
    orient: 'horizontal',
    valueTitle: percent ? 'share' : 'estimate',
    ...(percent ? { valueFormat: '.1%' } : {}),
    reference: { field: 'reference' },
    width: 300,
    height: Math.max(60, 30 * levels.length),
  });
}

export const LEVEL_TABLE_CAPTION =
  "Per skill level (95 % intervals, kept within what the quantity can be; each row is its own question, so no adjustment across rows); \"every level\": each level's interval on the same side of the reference (an intersection–union test; for a seat, also its arm's joint seat test at each level); the last columns: differences between levels on their shared deals (paired t; Welch where fewer than 10 deals are shared), with both levels' values on those deals.";

/** Adds the conclusions to a section (a sentence each, the wide table, the chart) and returns the table and chart for the suite. */
export function addConclusions(
  section: Section,
  conclusions: readonly Conclusion[],
  levels: readonly string[],
  chart: { name: string; title: string; runSize: string },
): { table: ColumnTable; caption: string; chart: { name: string; spec: TopLevelSpec } } {
  const table = levelTable(conclusions, levels);
  const spec = levelChart(conclusions, levels, chart.title, chart.runSize);
  section.text(conclusions.map((c) => `- ${verdictSentence(c, levels)}`).join('\n'));
  section.table(table, { caption: LEVEL_TABLE_CAPTION });
  section.chart(chart.name, spec);
  return { table, caption: LEVEL_TABLE_CAPTION, chart: { name: chart.name, spec } };
}
