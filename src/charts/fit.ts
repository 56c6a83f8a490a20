/**
 * Charts that fit their container: a chart's spec and narrower versions of it, tried in turn by the
 * page until one is no wider than the element it is drawn in (`FIT_SCRIPT`, for reports and the
 * explorer). Nothing is left out: the narrower versions wrap small multiples into fewer columns, stack
 * side-by-side views, put the legend under the plot, wrap the title, and narrow the plots; a chart that
 * is still too wide is scaled down to the element's width as a whole.
 */
import type { TopLevelSpec } from 'vega-lite';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `spec` with `change` applied to it and to every view inside it (layers, concatenations, facets). */
function everyView(spec: Json, change: (view: Json) => Json): Json {
  const out = change({ ...spec });
  for (const key of ['layer', 'hconcat', 'vconcat', 'concat'] as const)
    if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((v) => (isObject(v) ? everyView(v, change) : v));
  if (isObject(out.spec)) out.spec = everyView(out.spec, change);
  return out;
}

/** Breaks `text` into lines of at most about `chars` characters, at spaces. */
export function wrapText(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const wrapLines = (value: unknown, chars: number): unknown =>
  typeof value === 'string'
    ? wrapText(value, chars)
    : Array.isArray(value)
      ? value.flatMap((v) => (typeof v === 'string' ? wrapText(v, chars) : [v]))
      : value;

/** The spec's title with its text and subtitle wrapped at `chars` characters. */
function wrappedTitle(spec: Json, chars: number): Json {
  const title = spec.title;
  if (title === undefined) return spec;
  if (!isObject(title)) return { ...spec, title: { text: wrapLines(title, chars) } };
  return {
    ...spec,
    title: {
      ...title,
      text: wrapLines(title.text, chars),
      ...(title.subtitle === undefined ? {} : { subtitle: wrapLines(title.subtitle, chars) }),
    },
  };
}

/** A layer's mark placed at a fixed x beyond the plot (a column of text to its right) moved `by` pixels. */
function shiftedMark(layer: unknown, from: number, by: number): unknown {
  if (!isObject(layer) || !isObject(layer.mark) || typeof layer.mark.x !== 'number' || layer.mark.x < from)
    return layer;
  return { ...layer, mark: { ...layer.mark, x: layer.mark.x - by } };
}

/**
 * Plot widths capped at `width` (a view's own and a facet's cells; marks at a fixed x right of a
 * narrowed plot move in with its edge), side-by-side views stacked.
 */
function narrowed(spec: Json, width: number): Json {
  return everyView(spec, (view) => {
    const out = { ...view };
    if (typeof out.width === 'number' && out.width > width) {
      const old = out.width;
      if (Array.isArray(out.layer)) out.layer = out.layer.map((l) => shiftedMark(l, old, old - width));
      out.width = width;
    }
    if (Array.isArray(out.hconcat)) {
      out.vconcat = out.hconcat;
      delete out.hconcat;
    }
    if (typeof out.columns === 'number') out.columns = 1;
    return out;
  });
}

/**
 * The legend under the plot, labels allowed `limit` pixels; a panel's header (over one column of
 * panels, nothing beside it) `headerLimit`, so that panels' names are not cut to look alike.
 */
function bottomLegend(spec: Json, limit: number, headerLimit: number): Json {
  const config = isObject(spec.config) ? spec.config : {};
  const legend = isObject(config.legend) ? config.legend : {};
  const axis = isObject(config.axis) ? config.axis : {};
  const header = isObject(config.header) ? config.header : {};
  return {
    ...spec,
    config: {
      ...config,
      legend: { ...legend, orient: 'bottom', direction: 'vertical', labelLimit: limit },
      axis: { ...axis, labelLimit: limit },
      header: { ...header, labelLimit: headerLimit },
    },
  };
}

/**
 * The spec, then narrower versions of it, widest first (no two alike): fewer columns of small
 * multiples, then one column with stacked views, the legend below and the title wrapped with plots
 * at most 300, 220 and then 150 pixels wide.
 */
export function fitVariants(spec: TopLevelSpec): TopLevelSpec[] {
  const base = spec as unknown as Json;
  const variants: Json[] = [base];
  const columns = typeof base.columns === 'number' ? base.columns : 0;
  for (let c = Math.ceil(columns / 2); c > 1; c = Math.ceil(c / 2)) variants.push({ ...base, columns: c });
  variants.push(wrappedTitle(bottomLegend(narrowed(base, 300), 240, 360), 52));
  variants.push(wrappedTitle(bottomLegend(narrowed(base, 220), 170, 280), 40));
  variants.push(wrappedTitle(bottomLegend(narrowed(base, 150), 110, 210), 34));
  const seen = new Set<string>();
  return variants
    .filter((v) => {
      const key = JSON.stringify(v);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((v) => v as unknown as TopLevelSpec);
}

/**
 * The page's part (plain JavaScript, for reports and the explorer): `carclabFit(element, specs, embed)`
 * keeps the element within its parent's width (vega-embed makes it an inline block as wide as its
 * drawing), draws `specs[0]` into it with `embed(element, spec)` (a promise of vega-embed's result), and
 * while the drawing is wider than the element draws the next spec; when the last is still too wide,
 * its SVG is scaled down to the element's width. Resolves with the index of the spec kept.
 */
export const FIT_SCRIPT = `function carclabFit(element, specs, embed) {
  var i = 0;
  element.style.maxWidth = '100%';
  function width() { var svg = element.querySelector('svg, canvas'); return svg ? svg.getBoundingClientRect().width : 0; }
  function next(result) {
    var room = element.clientWidth;
    if (room > 0 && width() > room + 1) {
      if (i + 1 < specs.length) { if (result && result.finalize) result.finalize(); i += 1; return embed(element, specs[i]).then(next); }
      var svg = element.querySelector('svg');
      if (svg) { svg.style.width = '100%'; svg.style.height = 'auto'; }
    }
    element.setAttribute('data-fit', String(i));
    return i;
  }
  return embed(element, specs[0]).then(next);
}`;
