/**
 * The score race: a quantity by turn (the eventual winner's mean expected lead), one coloured line
 * with its interval band per series (arm), optionally one panel per value of a field (skill level).
 * The value axis always shows 0 (the line where the eventual winner is level with the best other
 * player), so a lead of one point never looks like a large one.
 */
import type { TopLevelSpec } from 'vega-lite';
import { axisFormat, fieldList, project, titled, uniqueInOrder } from './fields.ts';
import type { Enc, Estimate, FieldOf, Layer } from './fields.ts';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, MAIN_COLOR, specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

export interface RaceOptions<R> extends ChartFrame {
  /** The turn (numeric) along x. */
  readonly x: FieldOf<R>;
  /** One line and band per value, e.g. `'arm'`. */
  readonly series?: FieldOf<R>;
  /** Small multiples, one panel per value, e.g. `'level'`. */
  readonly facet?: FieldOf<R>;
  readonly columns?: number;
  readonly xTitle?: string | null;
  readonly seriesTitle?: string | null;
  readonly valueTitle: string;
  /** d3 format of the value; default `'.1~f'`. */
  readonly valueFormat?: string;
}

/**
 * Lines with interval bands by turn.
 * @example
 * raceChart([{ arm: 'base', turn: 1, estimate: 0.4, lower: 0.2, upper: 0.6 }, ...],
 *   { title: 'Score race', x: 'turn', series: 'arm', valueTitle: 'lead (points)', runSize: '200 deals' })
 */
export function raceChart<R extends Estimate>(rows: readonly R[], options: RaceOptions<R>): TopLevelSpec {
  const { series, facet } = options;
  const values = project(rows, fieldList(options.x, series, facet, 'estimate', 'lower', 'upper'));
  const format = options.valueFormat ?? '.1~f';
  const x: Enc['x'] = {
    field: options.x,
    type: 'quantitative',
    title: titled(options.xTitle, options.x),
    scale: { zero: false, nice: false },
    axis: { format: 'd', tickMinStep: 1 },
  };
  const y: Enc['y'] = {
    field: 'estimate',
    type: 'quantitative',
    title: options.valueTitle,
    scale: { zero: true },
    axis: { format: axisFormat(format), grid: true, tickMinStep: 0.1 },
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
    ...fieldList(facet, series).map((field) => ({ field, type: 'nominal' as const })),
    { field: options.x, type: 'quantitative' },
    { field: 'estimate', type: 'quantitative', format },
    { field: 'lower', type: 'quantitative', format },
    { field: 'upper', type: 'quantitative', format },
  ];
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  const layer: Layer[] = [
    {
      mark: { type: 'area', opacity: 0.18, ...markColor },
      encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' }, ...colorEnc },
    },
    { mark: { type: 'rule', strokeDash: [4, 3], color: '#666' }, encoding: { y: { datum: 0 } } },
    { mark: { type: 'line', strokeWidth: 2, ...markColor }, encoding: { x, y, ...colorEnc, tooltip } },
  ];
  const frame = { ...specFrame(options), data: { values } };
  if (facet === undefined) return { ...frame, width, height, layer };
  return {
    ...frame,
    columns: options.columns ?? 2,
    facet: { field: facet, type: 'nominal', sort: uniqueInOrder(values, facet), title: null },
    spec: { width, height, layer },
    resolve: { scale: { y: 'independent' } },
  };
}
