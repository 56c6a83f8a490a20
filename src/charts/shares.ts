/**
 * Stacked horizontal bars of where the points come from: one bar per arm, one segment per score
 * source (road, city, monastery, field, toll, labyrinth, king, robber), as a share of the total
 * (default) or in points. Segments are labelled when wide enough.
 */
import type { TopLevelSpec } from 'vega-lite';
import { fieldList, project, titled, uniqueInOrder } from './fields.ts';
import type { Enc, FieldOf, Layer } from './fields.ts';
import { DEFAULT_WIDTH, PALETTE, specFrame, textColorOn } from './theme.ts';
import type { ChartFrame } from './theme.ts';

/** Points (e.g. mean points per game) of one source in one bar. */
export interface SharePart {
  readonly points: number;
}

export interface SharesOptions<R> extends ChartFrame {
  /** One bar per value, e.g. `'arm'`. */
  readonly bar: FieldOf<R>;
  /** One segment per value, e.g. `'source'`; order and colours follow the input order. */
  readonly part: FieldOf<R>;
  readonly barTitle?: string | null;
  readonly partTitle?: string | null;
  /** Shares of each bar's total (default true) or the points themselves. */
  readonly normalize?: boolean;
  /** Axis title; default "share of points" or "points". */
  readonly valueTitle?: string;
  /** Print each segment's share (or points) inside it; default true. */
  readonly labels?: boolean;
  /** Only segments at least this share of their bar get a label; default 0.06. */
  readonly labelMin?: number;
}

const ROW_STEP = 34;

/**
 * Stacked bars of score share by source.
 * @example
 * sharesChart(
 *   [{ arm: 'base', source: 'city', points: 31.2 }, { arm: 'base', source: 'road', points: 12.4 }, ...],
 *   { title: 'Where the points come from', bar: 'arm', part: 'source', runSize: 10000 },
 * )
 */
export function sharesChart<R extends SharePart>(rows: readonly R[], options: SharesOptions<R>): TopLevelSpec {
  // 1. Copy the used fields; number the parts so the stack follows the input order.
  const { bar, part } = options;
  const values = project(rows, fieldList(bar, part, 'points'));
  const parts = uniqueInOrder(values, part);
  const rank = new Map<string | number, number>(parts.map((p, i) => [p, i]));
  const normalize = options.normalize ?? true;
  const format = normalize ? '.0%' : ',.1f';
  const withRank = values.map((r) => ({ ...r, part_rank: rank.get(r[part]!)! }));

  const y: Enc['y'] = {
    field: bar,
    type: 'nominal',
    sort: uniqueInOrder(values, bar),
    title: titled(options.barTitle, null),
  };
  const x: Enc['x'] = {
    field: 'start',
    type: 'quantitative',
    title: options.valueTitle ?? (normalize ? 'share of points' : 'points'),
    axis: { format, grid: true },
    ...(normalize ? { scale: { domain: [0, 1] } } : {}),
  };
  const labelMin = options.labelMin ?? 0.06;
  if (!Number.isFinite(labelMin)) throw new Error(`labelMin must be a finite number, not ${labelMin}`);
  return {
    ...specFrame(options),
    data: { values: withRank },
    transform: stackTransform(bar, normalize),
    width: options.width ?? DEFAULT_WIDTH,
    height: options.height ?? { step: ROW_STEP },
    layer: [
      {
        mark: { type: 'bar', stroke: 'white', strokeWidth: 1 },
        encoding: {
          y,
          x,
          x2: { field: 'end' },
          color: {
            field: part,
            type: 'nominal',
            sort: parts,
            title: titled(options.partTitle, part),
            legend: { orient: 'bottom', direction: 'horizontal', columns: 4 },
          },
          tooltip: [
            { field: bar, type: 'nominal' },
            { field: part, type: 'nominal' },
            { field: 'points', type: 'quantitative', format: ',.2f' },
            { field: 'share', type: 'quantitative', format: '.1%' },
          ],
        },
      },
      ...(options.labels === false ? [] : [labelLayer(y, labelMin, normalize)]),
    ],
  };
}

/** Stacks explicitly, so the labels can sit in the middle of their segments. */
function stackTransform(bar: string, normalize: boolean) {
  return [
    { joinaggregate: [{ op: 'sum' as const, field: 'points', as: 'bar_total' }], groupby: [bar] },
    { calculate: 'datum.bar_total > 0 ? datum.points / datum.bar_total : 0', as: 'share' },
    {
      stack: normalize ? 'share' : 'points',
      groupby: [bar],
      sort: [{ field: 'part_rank' }],
      as: ['start', 'end'] as [string, string],
    },
    { calculate: '(datum.start + datum.end) / 2', as: 'middle' },
  ];
}

/** Each segment's share (or points) printed in its middle, in a colour readable on the segment's. */
function labelLayer(y: Enc['y'], labelMin: number, normalize: boolean): Layer {
  return {
    // Every segment gets a text mark (an empty one when narrow), so the layer is never empty.
    transform: [
      {
        calculate: `datum.share >= ${labelMin} ? format(datum.${normalize ? 'share' : 'points'}, ${JSON.stringify(normalize ? '.0%' : ',.0f')}) : ''`,
        as: 'label',
      },
    ],
    mark: { type: 'text', fontSize: 10, baseline: 'middle' },
    encoding: {
      y,
      color: {
        value: 'white',
        condition: {
          test: `${JSON.stringify(PALETTE.map(textColorOn))}[datum.part_rank % ${PALETTE.length}] != 'white'`,
          value: '#222222',
        },
      },
      x: { field: 'middle', type: 'quantitative' },
      text: { field: 'label', type: 'nominal' },
    },
  };
}
