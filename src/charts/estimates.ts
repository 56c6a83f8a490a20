/**
 * Point estimates with interval error bars per category, optionally grouped by colour (side by
 * side within a category) and faceted into small multiples. Examples: win rate by seat with Wilson
 * intervals per arm; mean score by arm with t intervals. The intervals come with the rows; this
 * module computes no statistics.
 */
import type { TopLevelSpec } from 'vega-lite';
import { axisFormat, fieldList, orient, project, titled, uniqueInOrder } from './fields.ts';
import type { Cell, Enc, Estimate, FieldOf, Layer } from './fields.ts';
import { referenceLayers } from './reference.ts';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, MAIN_COLOR, specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

export interface EstimatesOptions<R> extends ChartFrame {
  /** The category on the axis, e.g. `'seat'` or `'arm'`. */
  readonly category: FieldOf<R>;
  /** Groups within a category, side by side and coloured, with a legend, e.g. `'arm'`. */
  readonly color?: FieldOf<R>;
  /** Small multiples, one panel per value, e.g. `'players'`. */
  readonly facet?: FieldOf<R>;
  /**
   * Value axis of the panels: `'shared'` (default, panels comparable at a glance) or
   * `'independent'` (e.g. win rates of 2 and 4 players). Categories are always per panel.
   */
  readonly panelValues?: 'shared' | 'independent';
  /** Panels per row when faceted; default 3. */
  readonly columns?: number;
  /** Axis title of the estimate, e.g. `'win rate (95 % Wilson interval)'`. */
  readonly valueTitle: string;
  readonly categoryTitle?: string | null;
  readonly colorTitle?: string | null;
  /** Title over the panels; `null` for none. */
  readonly facetTitle?: string | null;
  /** d3 format of the estimate axis and tooltips, e.g. `'.0%'`; default `'.3~g'`. */
  readonly valueFormat?: string;
  /**
   * A dashed reference line on the value axis: a number, or a field holding each panel's value
   * (e.g. the fair win rate 1/players, different in each panel).
   */
  readonly reference?: number | { readonly field: FieldOf<R> };
  /** A short label drawn at the end of the reference line, e.g. `'fair share'`. */
  readonly referenceLabel?: string;
  /** Include zero on the value axis; default false (intervals are usually far from zero). */
  readonly zero?: boolean;
  /** Fixed value-axis domain, e.g. `[0, 1]` for rates. */
  readonly valueDomain?: readonly [number, number];
  /** `'vertical'` (default): categories along x, values up the y axis; `'horizontal'`: swapped. */
  readonly orient?: 'vertical' | 'horizontal';
}

/**
 * Point estimates with error bars. Categories, colours and panels appear in the order of first
 * appearance in `rows`.
 * @example
 * estimatesChart(
 *   [{ arm: 'base', seat: 'seat 1', estimate: 0.53, lower: 0.52, upper: 0.54 }, ...],
 *   { title: 'Win rate by seat', category: 'seat', color: 'arm', valueTitle: 'win rate', valueFormat: '.0%', reference: 0.5, runSize: 10000 },
 * )
 */
export function estimatesChart<R extends Estimate>(rows: readonly R[], options: EstimatesOptions<R>): TopLevelSpec {
  // 1. Copy the used fields; take orders from the input.
  const { category, color, facet } = options;
  const refField = typeof options.reference === 'object' ? options.reference.field : undefined;
  const values = project(rows, fieldList(category, color, facet, refField, 'estimate', 'lower', 'upper'));
  const horizontal = options.orient === 'horizontal';
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  // 2. and 3. The shared encodings, then the layers.
  const layer = estimateLayers(estimateEncodings(values, options), options, width);

  // 4. The frame: one view, or small multiples with the layers as the inner spec.
  const frame = { ...specFrame(options), data: { values } };
  if (facet === undefined) return { ...frame, width, height, layer };
  return {
    ...frame,
    columns: options.columns ?? 3,
    facet: {
      field: facet,
      type: 'nominal',
      sort: uniqueInOrder(values, facet),
      title: titled(options.facetTitle, facet),
    },
    spec: { width, height, layer },
    resolve: {
      scale: horizontal
        ? { y: 'independent', yOffset: 'independent', x: options.panelValues ?? 'shared' }
        : { x: 'independent', xOffset: 'independent', y: options.panelValues ?? 'shared' },
    },
  };
}

/** What the layers of an estimates chart share: the category axis, the colour groups, the value scale, the tooltip. */
interface EstimateEncodings {
  cat: Enc['x'];
  off: Enc['xOffset'];
  colorEnc: Enc;
  markColor: { color?: string };
  scale: { domain?: number[]; zero: boolean };
  tooltip: Enc['tooltip'];
  format: string;
}

function estimateEncodings<R extends Estimate>(
  values: readonly Record<string, Cell>[],
  options: EstimatesOptions<R>,
): EstimateEncodings {
  const { category, color, facet } = options;
  const format = options.valueFormat ?? '.3~g';
  const horizontal = options.orient === 'horizontal';
  const cat: Enc['x'] = {
    field: category,
    type: 'nominal',
    sort: uniqueInOrder(values, category),
    title: titled(options.categoryTitle, category),
    axis: horizontal ? {} : categoryAxis(values, category, facet, options.width ?? DEFAULT_WIDTH),
  };
  const off: Enc['xOffset'] =
    color === undefined ? undefined : { field: color, type: 'nominal', sort: uniqueInOrder(values, color) };
  const colorEnc: Enc =
    color === undefined
      ? {}
      : {
          color: {
            field: color,
            type: 'nominal',
            sort: uniqueInOrder(values, color),
            title: titled(options.colorTitle, color),
          },
        };
  const markColor = color === undefined ? { color: MAIN_COLOR } : {};
  const scale = options.valueDomain
    ? { domain: [...options.valueDomain], zero: false }
    : { zero: options.zero ?? false };
  const tooltip: Enc['tooltip'] = [
    ...fieldList(facet, category, color).map((field) => ({ field, type: 'nominal' as const })),
    { field: 'estimate', type: 'quantitative', format },
    { field: 'lower', type: 'quantitative', format },
    { field: 'upper', type: 'quantitative', format },
  ];
  return { cat, off, colorEnc, markColor, scale, tooltip, format };
}

/** About the width of a character of an axis label (11 px sans-serif), in pixels. */
const LABEL_CHAR_WIDTH = 7;

/**
 * The category axis of a vertical chart: labels level, or slanted when the longest would not fit its
 * category's share of a panel's width (e.g. "flat15-40" beside "incremental" in a 200 px panel).
 */
function categoryAxis(
  values: readonly Record<string, Cell>[],
  category: string,
  facet: string | undefined,
  width: number,
): { labelAngle: number; labelAlign?: 'right'; labelBaseline?: 'middle' } {
  const perPanel = new Map<Cell, Set<string>>();
  for (const row of values) {
    const panel = facet === undefined ? '' : row[facet]!;
    if (!perPanel.has(panel)) perPanel.set(panel, new Set());
    perPanel.get(panel)!.add(String(row[category]));
  }
  const fits = [...perPanel.values()].every(
    (labels) => Math.max(...[...labels].map((l) => l.length)) * LABEL_CHAR_WIDTH <= width / labels.size - 4,
  );
  return fits ? { labelAngle: 0 } : { labelAngle: -35, labelAlign: 'right', labelBaseline: 'middle' };
}

/** The layers: the optional reference line and label, the interval with caps, the point. */
function estimateLayers<R extends Estimate>(
  enc: EstimateEncodings,
  options: EstimatesOptions<R>,
  width: number,
): Layer[] {
  const { cat, off, colorEnc, markColor, scale, tooltip, format } = enc;
  const horizontal = options.orient === 'horizontal';
  return [
    ...referenceLayers(options.reference, options.referenceLabel, horizontal, width, fieldList(options.facet)),
    {
      mark: { type: 'errorbar', ticks: { size: 10 }, thickness: 1.5, opacity: 1, ...markColor },
      encoding: {
        ...orient(horizontal, {
          cat,
          off,
          val: {
            field: 'lower',
            type: 'quantitative',
            title: options.valueTitle,
            scale,
            axis: { format: axisFormat(format), grid: true },
          },
          val2: { field: 'upper' },
        }),
        ...colorEnc,
      },
    },
    {
      mark: { type: 'point', filled: true, size: 60, opacity: 1, ...markColor },
      encoding: {
        ...orient(horizontal, {
          cat,
          off,
          val: {
            field: 'estimate',
            type: 'quantitative',
            title: options.valueTitle,
            scale,
            axis: { format: axisFormat(format), grid: true },
          },
        }),
        ...colorEnc,
        tooltip,
      },
    },
  ];
}
