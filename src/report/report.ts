/**
 * A report: a title, an introduction and sections of Markdown text, tables (arquero tables, shown
 * with the statistics layer's rounding) and charts (Vega-Lite specs). `writeReport` writes
 * `report.md` (charts as PNG images under `charts/`, written with `writeChart`) and a
 * self-contained offline `report.html` (vega and vega-embed inlined once, one embed per chart,
 * tables as HTML, no network), each file atomically (docs/architecture.md §8).
 */
import { join } from 'node:path';
import type { ColumnTable } from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import { embedSnippet, escapeHtml, pageHead, vegaScriptTags, writeChart } from '../charts/index.ts';
import { writeAtomic } from '../run/files.ts';
import { readableCell, tableToMarkdown } from '../stats/index.ts';
import { inlineHtml, markdownToHtml } from './markdown.ts';

export interface TableOptions {
  /** A line above the table (inline Markdown). */
  caption?: string;
  /** Significant digits of non-integers; default: decimals by size (`roundForReading`). */
  digits?: number;
  /** Columns holding p-values (two significant digits, "<0.001" below that); default ['p', 'pHolm']. */
  pColumns?: readonly string[];
}

export interface ChartOptions {
  /** A line under the chart (inline Markdown). */
  caption?: string;
}

export interface TextOptions {
  /** An element id (HTML), so that other text can link to it (`[finding 1](#finding-1)`). */
  id?: string;
  /** Set apart as a box (HTML) or a quote (Markdown): the verdict's bottom line. */
  callout?: boolean;
}

export type Block =
  | { kind: 'text'; markdown: string; options?: TextOptions }
  | { kind: 'table'; table: ColumnTable; options: TableOptions }
  | { kind: 'chart'; name: string; spec: TopLevelSpec; options: ChartOptions };

const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export class Section {
  readonly blocks: Block[] = [];
  /** The verdict page (`Report.verdict`): shown first, before the appendix of everything else. */
  front = false;
  constructor(
    readonly title: string,
    readonly level: 2 | 3,
    readonly id: string,
    private readonly report: Report,
  ) {}

  /** A paragraph or list in Markdown (paragraphs, `- ` lists, bold, italic, code, relative links). */
  text(markdown: string, options?: TextOptions): this {
    if (options?.id !== undefined && !CHART_NAME.test(options.id))
      throw new Error(`text id ${JSON.stringify(options.id)} must be letters, digits, '_', '.' or '-'`);
    this.blocks.push({ kind: 'text', markdown, ...(options ? { options } : {}) });
    return this;
  }

  table(table: ColumnTable, options: TableOptions = {}): this {
    this.blocks.push({ kind: 'table', table, options });
    return this;
  }

  /** A chart; `name` (unique in the report) names its files under charts/ and its element. */
  chart(name: string, spec: TopLevelSpec, options: ChartOptions = {}): this {
    if (!CHART_NAME.test(name))
      throw new Error(`chart name ${JSON.stringify(name)} must be letters, digits, '_', '.' or '-'`);
    this.report.claimChart(name);
    this.blocks.push({ kind: 'chart', name, spec, options });
    return this;
  }
}

export class Report {
  readonly sections: Section[] = [];
  private readonly chartNames = new Set<string>();
  private readonly ids = new Set<string>();

  /** `intro` is Markdown shown under the title. */
  constructor(
    readonly title: string,
    readonly intro = '',
  ) {}

  section(title: string, level: 2 | 3 = 2): Section {
    const base =
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'section';
    let id = `s-${base}`;
    for (let k = 2; this.ids.has(id); k++) id = `s-${base}-${k}`;
    this.ids.add(id);
    const section = new Section(title, level, id, this);
    this.sections.push(section);
    return section;
  }

  /**
   * The verdict page: a section shown first, under the title, before the introduction, the contents
   * and every other section (which follow as the appendix). One per report.
   */
  verdict(title = 'Verdict'): Section {
    if (this.sections.some((s) => s.front)) throw new Error('a report has one verdict page');
    const section = this.section(title);
    section.front = true;
    this.sections.splice(this.sections.indexOf(section), 1);
    this.sections.unshift(section);
    return section;
  }

  /** @internal Chart names are unique within a report. */
  claimChart(name: string): void {
    if (this.chartNames.has(name)) throw new Error(`chart name ${JSON.stringify(name)} is used twice in the report`);
    this.chartNames.add(name);
  }

  get charts(): { name: string; spec: TopLevelSpec; section: Section }[] {
    return this.sections.flatMap((section) =>
      section.blocks.flatMap((b) => (b.kind === 'chart' ? [{ name: b.name, spec: b.spec, section }] : [])),
    );
  }
}

// ---- Markdown ------------------------------------------------------------------------------------

/** The report as Markdown; charts are images at `charts/<name>.png`. */
export function reportMarkdown(report: Report): string {
  const out = [`# ${report.title}`];
  const front = report.sections.filter((s) => s.front);
  const rest = report.sections.filter((s) => !s.front);
  if (front.length) out.push(markdownOf(front), `## ${APPENDIX_TITLE}`);
  if (report.intro) out.push(report.intro.trim());
  out.push(markdownOf(rest));
  return `${out.filter((x) => x !== '').join('\n\n')}\n`;
}

/** The heading between the verdict page and the rest of a report. */
export const APPENDIX_TITLE = 'Appendix: how it was measured, statistics and tables';

function markdownOf(sections: readonly Section[]): string {
  const out: string[] = [];
  for (const section of sections) {
    out.push(`${'#'.repeat(section.level)} ${section.title}`);
    for (const block of section.blocks) {
      if (block.kind === 'text')
        out.push(
          block.options?.callout
            ? block.markdown
                .trim()
                .split('\n')
                .map((l) => `> ${l}`.trimEnd())
                .join('\n')
            : block.markdown.trim(),
        );
      else if (block.kind === 'table') {
        const md = tableToMarkdown(block.table, {
          digits: block.options.digits,
          pColumns: block.options.pColumns,
        }).trim();
        out.push(block.options.caption ? `${block.options.caption}\n\n${md}` : md);
      } else {
        const alt = chartTitle(block.spec) ?? block.name;
        out.push(
          `![${alt.replace(/[[\]]/g, '')}](charts/${block.name}.png)${block.options.caption ? `\n\n*${block.options.caption}*` : ''}`,
        );
      }
    }
  }
  return out.join('\n\n');
}

const chartTitle = (spec: TopLevelSpec): string | undefined => {
  const t = (spec as { title?: unknown }).title;
  if (typeof t === 'string') return t;
  if (t && typeof t === 'object' && typeof (t as { text?: unknown }).text === 'string')
    return (t as { text: string }).text;
  return undefined;
};

// ---- HTML ----------------------------------------------------------------------------------------

/**
 * Cell text with a line-break opportunity (`<wbr>`) after each `/`, `,`, `=`, `:`, `@` and `+` of a long run
 * without spaces (a path, an agent spec), so that it wraps at its separators, and an interval
 * (`[−30.8, −4.5]`) kept on one line; words are never cut (the page style's `overflow-wrap:
 * break-word`, which unlike `anywhere` leaves the table's column widths to whole words).
 */
function breakable(html: string): string {
  return html
    .replace(/\[[^\]\s<>]+ [^\]\s<>]+\]/g, (interval) => interval.replace(' ', '\u00a0'))
    .replace(/[^\s<>]{16,}/g, (run) => run.replace(/([/,=:@+])/g, '$1<wbr>'));
}

/** An arquero table as an HTML table, numbers rounded as in Markdown, every cell escaped. */
export function tableHtml(table: ColumnTable, options: TableOptions = {}): string {
  const columns = table.columnNames();
  const rows = table.objects() as Record<string, unknown>[];
  const numeric = columns.map((c) => rows.some((r) => typeof r[c] === 'number'));
  const th = columns.map((c, i) => `<th${numeric[i] ? ' class="num"' : ''}>${escapeHtml(c)}</th>`).join('');
  const body = rows.map(
    (r) =>
      `<tr>${columns.map((c, i) => `<td${numeric[i] ? ' class="num"' : ''}>${breakable(escapeHtml(readableCell(r[c], c, options)))}</td>`).join('')}</tr>`,
  );
  const html = `<div class="table"><table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody></table></div>`;
  // The caption outside the table's scroll box: a table wider than a phone scrolls sideways, its caption
  // wraps to the page (inside the table it was as wide as the table, its line ends out of view).
  return options.caption
    ? `<figure class="table-figure"><figcaption>${inlineHtml(options.caption)}</figcaption>\n${html}</figure>`
    : html;
}

const PAGE_STYLE = `body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #222; margin: 2em auto; max-width: 76em; padding: 0 1em; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; } h3 { font-size: 1.1em; margin-top: 1.5em; }
nav ul { columns: 2; font-size: 0.92em; } nav li.l3 { margin-left: 1.5em; }
figure { margin: 1.2em 0; } .chart { max-width: 100%; overflow-x: auto; } figcaption { color: #555; font-size: 0.9em; margin-top: 0.4em; }
.table { overflow-x: auto; margin: 0.8em 0; }
.table-figure { margin: 0.8em 0; } .table-figure figcaption { margin: 0 0 0.3em; } .table-figure .table { margin: 0; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { padding: 0.2em 0.45em; border-bottom: 1px solid #e4e4e4; text-align: left; vertical-align: top; }
td.num { white-space: nowrap; } td { max-width: 30em; overflow-wrap: break-word; }
h2.appendix { margin-top: 3em; border-top: 3px double #bbb; border-bottom: none; padding-top: 0.8em; color: #555; }
#s-verdict p.question { font-size: 1.15em; } .callout { background: #f4f8fb; border-left: 4px solid #0072b2; padding: 0.1em 1em; margin: 1em 0; font-size: 1.08em; } #s-verdict figure { margin: 0.4em 0 1.6em; }
th { border-bottom: 2px solid #bbb; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code { background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }`;

/** The report as one self-contained HTML page (no network: scripts inlined, specs precompiled). */
export function reportHtml(report: Report): string {
  const body: string[] = [];
  const front: string[] = [];
  const embeds: string[] = [];
  for (const section of report.sections) {
    const out = section.front ? front : body;
    out.push(`<section id="${section.id}">`, `<h${section.level}>${escapeHtml(section.title)}</h${section.level}>`);
    for (const block of section.blocks) {
      if (block.kind === 'text') {
        const html = markdownToHtml(block.markdown);
        const { id, callout } = block.options ?? {};
        out.push(
          id || callout ? `<div${id ? ` id="${id}"` : ''}${callout ? ' class="callout"' : ''}>${html}</div>` : html,
        );
      } else if (block.kind === 'table') out.push(tableHtml(block.table, block.options));
      else {
        const id = `chart-${block.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
        out.push(
          `<figure><div id="${id}" class="chart"></div>${block.options.caption ? `<figcaption>${inlineHtml(block.options.caption)}</figcaption>` : ''}</figure>`,
        );
        embeds.push(embedSnippet(block.spec, id));
      }
    }
    out.push('</section>');
  }
  const toc = report.sections
    .filter((s) => !s.front)
    .map((s) => `<li class="l${s.level}"><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`)
    .join('\n');
  return `${[
    '<!DOCTYPE html>',
    '<html lang="en">',
    pageHead(report.title, PAGE_STYLE),
    '<body>',
    `<h1>${escapeHtml(report.title)}</h1>`,
    ...front,
    front.length ? `<h2 class="appendix">${escapeHtml(APPENDIX_TITLE)}</h2>` : '',
    report.intro ? markdownToHtml(report.intro) : '',
    `<nav><ul>\n${toc}\n</ul></nav>`,
    embeds.length ? '<noscript>The charts need JavaScript; report.md shows them as PNG images.</noscript>' : '',
    ...body,
    embeds.length ? vegaScriptTags() : '',
    ...embeds,
    '</body>',
    '</html>',
  ]
    .filter((l) => l !== '')
    .join('\n')}\n`;
}

export interface ReportFiles {
  markdown: string;
  html: string;
  charts: string[];
}

/** Renders the charts into `dir/charts/`, then writes `dir/report.md` and `dir/report.html` (all atomically). */
export async function writeReport(report: Report, dir: string): Promise<ReportFiles> {
  const charts: string[] = [];
  for (const { name, spec } of report.charts) charts.push((await writeChart(join(dir, 'charts'), name, spec)).png);
  const markdown = join(dir, 'report.md');
  const html = join(dir, 'report.html');
  writeAtomic(markdown, reportMarkdown(report));
  writeAtomic(html, reportHtml(report));
  return { markdown, html, charts };
}
