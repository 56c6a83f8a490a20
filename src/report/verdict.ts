/**
 * The verdict page (issue 22): what a report opens with, before its appendix of statistics and
 * tables. The question, then one plain sentence per finding — the estimate with its 95 % interval at
 * each level and the levels where it holds — each with one small chart of its own.
 *
 * `addVerdictPage(report, { question, findings })` writes it; `conclusionFinding` turns a study's
 * conclusion (`levels.ts`) into a finding; `addQualitySection` (`quality-report.ts`) returns the
 * game-quality findings.
 */
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart } from '../charts/index.ts';
import { estimateText } from './level-text.ts';
import { verdictOf } from './levels.ts';
import type { Conclusion, LevelEstimate } from './levels.ts';
import { glossaryText } from './glossary.ts';
import type { GlossaryWord } from './glossary.ts';
import type { Report, Section } from './report.ts';

export interface Finding {
  /** One plain sentence (inline Markdown): what changes, by how much with its interval, at which levels. */
  sentence: string;
  /** Written as `charts/verdict-<k>-<name>.*` for the k-th finding. */
  chart?: { name: string; spec: TopLevelSpec; caption?: string };
}

export interface Verdict {
  /** The question the report answers, in a designer's words. */
  question: string;
  /**
   * What a designer would say at the table: one to three plain sentences, largest effect first, each
   * naming the finding below that backs it (inline Markdown).
   */
  bottomLine?: readonly string[];
  /** Shown right under the bottom line (identical play: a rescoring only). */
  warnings?: readonly string[];
  findings: readonly Finding[];
  /** Lines under the findings (inline Markdown): warnings, what the intervals are. */
  notes?: readonly string[];
  /** The statistics words the page uses, explained at its end. */
  glossary?: readonly GlossaryWord[];
}

/** The element id of the k-th finding (from 1), for links from the bottom line. */
export const findingId = (k: number): string => `finding-${k}`;

/** "[finding 2](#finding-2)": a link from the bottom line to the finding that backs it. */
export const findingLink = (k: number): string => `[finding ${k}](#${findingId(k)})`;

/** Writes the verdict page as the report's first section and returns it. */
export function addVerdictPage(report: Report, verdict: Verdict): Section {
  const page = report.verdict();
  page.text(`**Question.** ${verdict.question}`);
  if (verdict.bottomLine?.length) page.text(`**Bottom line.** ${verdict.bottomLine.join(' ')}`, { callout: true });
  if (verdict.warnings?.length) page.text(verdict.warnings.join('\n\n'));
  verdict.findings.forEach((finding, k) => {
    page.text(`**${k + 1}.** ${finding.sentence}`, { id: findingId(k + 1) });
    // Its own file name: a finding may show a chart the appendix shows too.
    if (finding.chart)
      page.chart(`verdict-${k + 1}-${finding.chart.name}`, finding.chart.spec, { caption: finding.chart.caption });
  });
  if (!verdict.findings.length) page.text('No finding: the report has no conclusion to state.');
  if (verdict.notes?.length) page.text(verdict.notes.join('\n\n'));
  if (verdict.glossary?.length) page.text(glossaryText(verdict.glossary));
  return page;
}

/** −1, 0, +1: the interval lies wholly below, around or above the reference. */
const sideOf = (e: LevelEstimate | null, reference: number): number =>
  !e || e.lo === null || e.hi === null ? 0 : e.lo > reference ? 1 : e.hi < reference ? -1 : 0;

const listed = (names: readonly string[]): string =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * A study's conclusion as a finding: "label: +4.2 [+3.1, +5.3] at greedy, +6.0 [+4.4, +7.6] at
 * strong; above 0 at every level." with a chart of its estimate per level (levels down the side,
 * so long level names never overlap).
 */
export function conclusionFinding(
  c: Conclusion,
  levels: readonly string[],
  chartName: string,
  runSize: string,
): Finding {
  const v = verdictOf(c);
  const percent = !!c.percent;
  const reference =
    c.kind === 'share'
      ? `the fair share ${(c.reference * 100).toFixed(1)} %`
      : c.reference === 0
        ? '0'
        : String(c.reference);
  const shown = levels.flatMap((name, k) => (v.estimates[k] ? [{ name, e: v.estimates[k]! }] : []));
  const per = shown.map(({ name, e }) => `${estimateText(c, e)} at ${name}`).join(', ');
  const flagged = (k: number) =>
    !c.jointTest || (c.jointTest[k] !== null && c.jointTest[k] !== undefined && c.jointTest[k]! <= 0.05);
  const sides = levels.map((_, k) => (flagged(k) ? sideOf(v.estimates[k] ?? null, c.reference) : 0));
  const bounded = (k: number) => v.estimates[k]?.lo !== null && v.estimates[k]?.hi !== null;
  const at = (side: number) => levels.filter((_, k) => v.estimates[k] && bounded(k) && sides[k] === side);
  const unbounded = levels.filter((_, k) => v.estimates[k] && !bounded(k));
  const parts = [
    at(1).length
      ? `above ${reference} at ${at(1).length === shown.length && shown.length > 1 ? 'every level' : listed(at(1))}`
      : '',
    at(-1).length
      ? `below ${reference} at ${at(-1).length === shown.length && shown.length > 1 ? 'every level' : listed(at(-1))}`
      : '',
    at(0).length
      ? `not established at ${listed(at(0))} (${c.jointTest ? "the interval includes the reference or the arm's joint seat test does not flag it" : `the interval includes ${reference}`})`
      : '',
    unbounded.length ? `no interval at ${listed(unbounded)} (too few deals, or every deal alike with no bound)` : '',
  ].filter(Boolean);
  const rows = shown
    .map(({ name, e }) => ({
      level: name,
      reference: c.reference,
      estimate: e.estimate!,
      lower: e.lo ?? e.estimate!,
      upper: e.hi ?? e.estimate!,
    }))
    .filter((r) => r.estimate !== null);
  const spec = estimatesChart(rows, {
    title: c.label,
    subtitle: `95 % intervals; dashed: ${reference}`,
    runSize,
    category: 'level',
    orient: 'horizontal',
    categoryTitle: null,
    valueTitle: percent ? 'share' : c.kind === 'difference' ? 'difference' : 'estimate',
    ...(percent ? { valueFormat: '.1%' } : {}),
    reference: c.reference,
    zero: c.kind !== 'share',
    width: 420,
    height: Math.max(60, 34 * rows.length),
  });
  return {
    sentence: `**${c.label}**: ${per || 'no estimate'}; ${parts.join('; ') || 'no level to judge'}.`,
    chart: rows.length ? { name: chartName, spec } : undefined,
  };
}
