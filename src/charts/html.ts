/**
 * Offline HTML: the vega and vega-embed UMD builds inlined as `<script>` elements (no CDN, no
 * network), and specs precompiled to Vega in Node so the page needs no vega-lite (`mode: 'vega'`).
 * Building blocks for reports — {@link vegaScriptTags} once per page, then {@link embedSnippet}
 * after each chart's element — and {@link toOfflineHTML}, a whole page of charts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TopLevelSpec } from 'vega-lite';
import { compileChart } from './compile.ts';
import { FIT_SCRIPT, fitVariants } from './fit.ts';
import type { ChartMessage } from './compile.ts';

/**
 * The directory of an installed package. vega and vega-embed do not export `./package.json`, so
 * resolve the package's entry and walk up to the package.json whose name matches.
 */
function packageDir(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === name) return dir;
    } catch {
      // no package.json here: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package.json of ${name}`);
    dir = parent;
  }
}

/** The UMD build of a package (the file its package.json names in `unpkg`) and its version. */
function umdBuild(name: string): { version: string; source: string } {
  const dir = packageDir(name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    unpkg?: string;
    jsdelivr?: string;
  };
  const file = pkg.unpkg ?? pkg.jsdelivr;
  if (file === undefined) throw new Error(`${name} names no UMD build (unpkg/jsdelivr) in its package.json`);
  return { version: pkg.version, source: readFileSync(join(dir, file), 'utf8') };
}

/** Makes text safe inside a `<script>` element: `</script` would end it early. */
export function escapeScript(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The `<script>` elements with the vega and vega-embed UMD builds (about 580 KB) and the fitting of
 * charts to their element (`fit.ts`), to put once in a page before any {@link embedSnippet}. They
 * define the globals `vega`, `vegaEmbed` and `carclabFit`.
 */
export function vegaScriptTags(): string {
  return [
    ...['vega', 'vega-embed'].map((name) => {
      const { version, source } = umdBuild(name);
      return `<script>/* ${name} ${version} (inlined) */\n${escapeScript(source)}\n</script>`;
    }),
    `<script>\n${FIT_SCRIPT}\n</script>`,
  ].join('\n');
}

/** JSON that can sit inside a `<script>` element: `<` and the JS line separators are escaped. */
function scriptJSON(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ELEMENT_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

export interface EmbedOptions {
  /** Receives vega-lite's compile warnings; default `console.warn`. */
  readonly onMessage?: (message: ChartMessage) => void;
}

/**
 * A `<script>` element that renders `spec` into the element with id `elementId` (which must come
 * before it in the page, after {@link vegaScriptTags}), fitted to the element's width: the spec and
 * its narrower versions (`fit.ts`) are compiled to Vega here, and the page draws the first that fits
 * (their data written once). The page gets a menu with the SVG/PNG export actions only.
 */
export function embedSnippet(spec: TopLevelSpec, elementId: string, options: EmbedOptions = {}): string {
  if (!ELEMENT_ID.test(elementId))
    throw new Error(`element id ${JSON.stringify(elementId)} must be a letter then letters, digits, '_' or '-'`);
  const compiled = fitVariants(spec).map((variant, i) => {
    const { vega, messages } = compileChart(variant);
    // The narrower versions repeat the chart: their messages would only repeat its own.
    if (i === 0)
      for (const m of messages)
        (options.onMessage ?? ((x: ChartMessage) => console.warn(`chart ${x.level}: ${x.text}`)))(m);
    const { $schema: _schema, ...runtime } = vega; // the schema URL is documentation only; keep outside URLs out of the page
    return runtime;
  });
  const { shared, specs } = sharedData(compiled);
  const embedOptions = {
    mode: 'vega',
    renderer: 'svg',
    actions: { export: true, source: false, compiled: false, editor: false },
  };
  return [
    '<script>',
    `(function () { var data = ${scriptJSON(shared)}, options = ${scriptJSON(embedOptions)};`,
    `  var specs = ${scriptJSON(specs)}.map(function (spec) { (spec.data || []).forEach(function (d) { if (d.shared) { d.values = data[d.name]; delete d.shared; } }); return spec; });`,
    `  var element = document.getElementById(${scriptJSON(elementId)});`,
    '  carclabFit(element, specs, function (el, spec) { return vegaEmbed(el, spec, options); })',
    "    .catch(function (e) { element.textContent = 'Chart failed to render: ' + e; });",
    '})();',
    '</script>',
  ].join('\n');
}

/** The data sets the compiled versions of a chart share, written once: each version's copy is marked `shared`. */
function sharedData(specs: Record<string, unknown>[]): { shared: Record<string, unknown>; specs: unknown[] } {
  const dataOf = (spec: Record<string, unknown>) =>
    (Array.isArray(spec.data) ? spec.data : []) as { name: string; values?: unknown }[];
  const shared: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  for (const d of dataOf(specs[0]!))
    if (d.values !== undefined) {
      shared[d.name] = d.values;
      texts[d.name] = JSON.stringify(d.values);
    }
  return {
    shared,
    specs: specs.map((spec) => ({
      ...spec,
      data: dataOf(spec).map((d) => {
        if (d.values === undefined || texts[d.name] !== JSON.stringify(d.values)) return d;
        const { values: _values, ...rest } = d;
        return { ...rest, shared: true };
      }),
    })),
  };
}

/** One chart of an offline page. */
export interface HtmlChart {
  readonly spec: TopLevelSpec;
  /** A heading above the chart. */
  readonly title?: string;
  /** A caption below the chart. */
  readonly caption?: string;
}

export interface OfflinePageOptions extends EmbedOptions {
  /** The page title and top heading. */
  readonly title: string;
  /** A paragraph under the heading. */
  readonly intro?: string;
}

const PAGE_STYLE = `body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #222; margin: 2em auto; max-width: 70em; padding: 0 1em; }
figure { margin: 2em 0; } figcaption { color: #555; font-size: 0.9em; margin-top: 0.5em; }
h2 { font-size: 1.15em; margin-bottom: 0.4em; }`;

/**
 * One self-contained HTML page with the charts, which renders with no network: vega and
 * vega-embed are inlined, the specs precompiled.
 */
export function toOfflineHTML(charts: readonly HtmlChart[], options: OfflinePageOptions): string {
  const figures = charts.map((c, i) =>
    [
      '<figure>',
      c.title === undefined ? '' : `<h2>${escapeHtml(c.title)}</h2>`,
      `<div id="chart-${i + 1}"></div>`,
      c.caption === undefined ? '' : `<figcaption>${escapeHtml(c.caption)}</figcaption>`,
      '</figure>',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
  return `${[
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>\n${PAGE_STYLE}\n</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(options.title)}</h1>`,
    options.intro === undefined ? '' : `<p>${escapeHtml(options.intro)}</p>`,
    '<noscript>The charts need JavaScript.</noscript>',
    ...figures,
    vegaScriptTags(),
    ...charts.map((c, i) => embedSnippet(c.spec, `chart-${i + 1}`, options)),
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n')}\n`;
}
