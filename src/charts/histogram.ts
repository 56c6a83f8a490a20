/**
 * Histograms from fixed-bin counts (the mergeable histograms of the simulation aggregates): one
 * panel per series (bars), or all series overlaid as step outlines. Counts can be normalised to
 * the share of each series' total, which is what makes arms of different sizes comparable.
 */
import type { TopLevelSpec } from 'vega-lite';
import { checkField, fieldList, project, titled, uniqueInOrder } from './fields.ts';
import type { Cell, Enc, FieldOf } from './fields.ts';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, MAIN_COLOR, specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

/** One bin: `[binStart, binEnd)` holds `count` observations. */
export interface Bin {
  readonly binStart: number;
  readonly binEnd: number;
  readonly count: number;
}

export interface HistogramOptions<R> extends ChartFrame {
  /** The series, e.g. `'arm'`; without it the rows are one histogram. */
  readonly series?: FieldOf<R>;
  readonly seriesTitle?: string | null;
  /** `'facet'` (default): one bar panel per series, shared axes; `'overlay'`: step outlines in one panel. */
  readonly layout?: 'facet' | 'overlay';
  /** Panels per row when faceted; default 1 (panels stacked, x axes aligned). */
  readonly columns?: number;
  /** Plot each series' share of its total instead of counts; default true when overlaid. */
  readonly normalize?: boolean;
  /** Title of the binned axis, e.g. `'final score'`. */
  readonly valueTitle: string;
  /** Title of the count axis; default "games" or "share of games". */
  readonly countTitle?: string;
}

/**
 * A histogram of pre-binned counts.
 * @example
 * histogramChart(
 *   [{ arm: 'base', binStart: 0, binEnd: 10, count: 12 }, ...],
 *   { title: 'Final score', series: 'arm', layout: 'overlay', valueTitle: 'final score', runSize: 10000 },
 * )
 */
export function histogramChart<R extends Bin>(rows: readonly R[], options: HistogramOptions<R>): TopLevelSpec {
  // 1. Copy the used fields and add each row's share of its series.
  const { series } = options;
  if (series !== undefined && RESERVED.includes(series))
    throw new Error(`histogram series field may not be named ${series}`);
  const values = withShares(project(rows, fieldList(series, 'binStart', 'binEnd', 'count')), series);
  const overlay = series !== undefined && options.layout === 'overlay';
  const normalize = options.normalize ?? overlay;
  const y = normalize ? 'share' : 'count';
  const yEnc: Enc['y'] = {
    field: y,
    type: 'quantitative',
    title: options.countTitle ?? (normalize ? 'share of games' : 'games'),
    axis: normalize ? { format: '.0%' } : {},
  };
  const xEnc: Enc['x'] = {
    field: 'binStart',
    type: 'quantitative',
    title: options.valueTitle,
    scale: { zero: false, nice: false },
  };
  const frame = specFrame(options);
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? (series !== undefined && !overlay ? Math.round(DEFAULT_HEIGHT / 2) : DEFAULT_HEIGHT);

  // 2. Overlay: one closed step outline per series.
  if (overlay) {
    return {
      ...frame,
      data: { values: outlines(values, series, y) },
      width,
      height,
      mark: { type: 'line', strokeWidth: 2, interpolate: 'linear' },
      encoding: {
        x: { ...xEnc, field: 'edge' },
        y: { ...yEnc, field: 'height' },
        color: {
          field: series,
          type: 'nominal',
          sort: uniqueInOrder(values, series),
          title: titled(options.seriesTitle, series),
        },
        order: { field: 'step', type: 'quantitative' },
      },
    };
  }

  // 3. Bars, faceted by series when there is one.
  const tooltip: Enc['tooltip'] = [
    ...fieldList(series).map((field) => ({ field, type: 'nominal' as const })),
    { field: 'binStart', type: 'quantitative', title: 'from' },
    { field: 'binEnd', type: 'quantitative', title: 'to (excl.)' },
    { field: 'count', type: 'quantitative', format: ',' },
    { field: 'share', type: 'quantitative', format: '.2%' },
  ];
  const bars = {
    width,
    height,
    mark: { type: 'bar', color: MAIN_COLOR, stroke: 'white', strokeWidth: 0.5 },
    encoding: { x: xEnc, x2: { field: 'binEnd' }, y: yEnc, y2: { datum: 0 }, tooltip },
  } as const;
  if (series === undefined) return { ...frame, data: { values }, ...bars };
  return {
    ...frame,
    data: { values },
    columns: options.columns ?? 1,
    facet: {
      field: series,
      type: 'nominal',
      sort: uniqueInOrder(values, series),
      title: titled(options.seriesTitle, series),
    },
    spec: bars,
  };
}

const RESERVED = ['edge', 'height', 'step', 'share'];

/** Adds `share` = count / (total count of the row's series). */
function withShares(values: Record<string, Cell>[], series: string | undefined): Record<string, Cell>[] {
  const totals = new Map<Cell, number>();
  const key = (r: Record<string, Cell>) => (series === undefined ? '' : r[series]!);
  for (const r of values) totals.set(key(r), (totals.get(key(r)) ?? 0) + (r.count as number));
  return values.map((r) => ({
    ...r,
    share: (totals.get(key(r)) ?? 0) > 0 ? (r.count as number) / totals.get(key(r))! : 0,
  }));
}

/**
 * The outline of each series' histogram as a path of points (edge, height, step): up from zero at
 * the first bin, across each bin, down to zero across gaps and after the last bin.
 */
function outlines(values: Record<string, Cell>[], series: string, y: string): Record<string, Cell>[] {
  checkField(series);
  const out: Record<string, Cell>[] = [];
  for (const s of uniqueInOrder(values, series)) {
    const bins = values.filter((r) => r[series] === s).sort((a, b) => (a.binStart as number) - (b.binStart as number));
    let step = 0;
    const push = (edge: Cell, height: Cell) => out.push({ [series]: s, edge, height, step: step++ });
    let end: Cell | undefined;
    for (const b of bins) {
      if (end !== undefined && end !== b.binStart) push(end, 0);
      if (end !== b.binStart) push(b.binStart!, 0);
      push(b.binStart!, b[y]!);
      push(b.binEnd!, b[y]!);
      end = b.binEnd;
    }
    if (end !== undefined) push(end, 0);
  }
  return out;
}
