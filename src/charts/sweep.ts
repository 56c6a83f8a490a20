/**
 * A parameter sweep: the estimate as a line over the swept parameter, its interval as a shaded
 * band, one coloured series per group (e.g. player count or agent), points at the swept values.
 */
import type { TopLevelSpec } from 'vega-lite';
import { referenceLayers } from './reference.ts';
import { axisFormat, fieldList, project, titled, uniqueInOrder } from './fields.ts';
import type { Enc, Estimate, FieldOf, Layer } from './fields.ts';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, MAIN_COLOR, specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

export interface SweepOptions<R> extends ChartFrame {
  /** The swept parameter (numeric), e.g. `'tollTravellersPoints1'`. */
  readonly x: FieldOf<R>;
  /** One line and band per value, e.g. `'players'`. */
  readonly series?: FieldOf<R>;
  readonly xTitle?: string | null;
  readonly seriesTitle?: string | null;
  /** Axis title of the estimate, e.g. `'mean toll points (95 % t interval)'`. */
  readonly valueTitle: string;
  /** d3 format of the estimate; default `'.3~g'`. */
  readonly valueFormat?: string;
  /** `'linear'` (default) or `'log'` for the swept parameter. */
  readonly xScale?: 'linear' | 'log';
  /** Include zero on the value axis; default false. */
  readonly zero?: boolean;
  /** A dashed horizontal reference line, e.g. the value under the official rules. */
  readonly reference?: number;
  /** A short label at the end of the reference line, e.g. `'official rules'`. */
  readonly referenceLabel?: string;
}

/**
 * A line with an interval band over a swept parameter.
 * @example
 * sweepChart(
 *   [{ points: 1, estimate: 3.2, lower: 3.0, upper: 3.4 }, ...],
 *   { title: 'Toll income by travellers points', x: 'points', valueTitle: 'mean toll points', runSize: '5,000 games per value' },
 * )
 */
export function sweepChart<R extends Estimate>(rows: readonly R[], options: SweepOptions<R>): TopLevelSpec {
  // 1. Copy the used fields.
  const { series } = options;
  const xField = options.x;
  const values = project(rows, fieldList(xField, series, 'estimate', 'lower', 'upper'));
  const format = options.valueFormat ?? '.3~g';
  const byX = values.map((r) => r[xField]);
  if (byX.some((v) => typeof v !== 'number')) throw new Error(`sweep field ${xField} must be numeric`);

  // 2. Shared encodings.
  const x: Enc['x'] = {
    field: xField,
    type: 'quantitative',
    title: titled(options.xTitle, xField),
    scale:
      options.xScale === 'log' ? { type: 'log', nice: false, padding: 10 } : { zero: false, nice: false, padding: 10 },
  };
  const y: Enc['y'] = {
    field: 'estimate',
    type: 'quantitative',
    title: options.valueTitle,
    scale: { zero: options.zero ?? false },
    axis: { format: axisFormat(format), grid: true },
  };
  const colorEnc: Enc =
    series === undefined
      ? {}
      : {
          color: {
            field: series,
            type: 'nominal',
            sort: uniqueInOrder(values, series),
            title: titled(options.seriesTitle, series),
          },
        };
  const markColor = series === undefined ? { color: MAIN_COLOR } : {};
  const tooltip: Enc['tooltip'] = [
    ...fieldList(series).map((field) => ({ field, type: 'nominal' as const })),
    { field: xField, type: 'quantitative' },
    { field: 'estimate', type: 'quantitative', format },
    { field: 'lower', type: 'quantitative', format },
    { field: 'upper', type: 'quantitative', format },
  ];

  // 3. Layers: band, reference, line, points.
  const width = options.width ?? DEFAULT_WIDTH;
  const layer: Layer[] = [
    {
      mark: { type: 'area', opacity: 0.2, ...markColor },
      encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' }, ...colorEnc },
    },
    ...referenceLayers(options.reference, options.referenceLabel, false, width, []),
    { mark: { type: 'line', strokeWidth: 2, ...markColor }, encoding: { x, y, ...colorEnc } },
    {
      mark: { type: 'point', filled: true, size: 40, opacity: 1, ...markColor },
      encoding: { x, y, ...colorEnc, tooltip },
    },
  ];
  return {
    ...specFrame(options),
    data: { values },
    width,
    height: options.height ?? DEFAULT_HEIGHT,
    layer,
  };
}
