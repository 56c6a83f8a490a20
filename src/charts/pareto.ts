/**
 * Two targets against each other: one point per rule set (both metrics measured on the same deals),
 * the Pareto front (no other rule set is better on both) joined by a line, marked rule sets (e.g.
 * those confirmed) drawn as larger rings, so a point at the same place shows through, and each
 * target's wish as a dashed line. This module computes no
 * statistics: the rows say which points are on the front.
 */
import type { TopLevelSpec } from 'vega-lite';
import { axisFormat, project } from './fields.ts';
import type { Enc, Layer } from './fields.ts';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, PALETTE, REFERENCE_COLOR, specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

export interface ParetoRow {
  readonly x: number;
  readonly y: number;
  /** On the Pareto front (joined by the line). */
  readonly front: boolean;
  /** Drawn larger in its own colour, e.g. a rule set confirmed on fresh deals. */
  readonly marked: boolean;
  /** Shown in the tooltip, e.g. the rule set. */
  readonly label: string;
}

export interface ParetoOptions extends ChartFrame {
  readonly xTitle: string;
  readonly yTitle: string;
  /** d3 formats of the axes; default `'.3~g'`. */
  readonly xFormat?: string;
  readonly yFormat?: string;
  /** Dashed lines at the targets' values (omitted when undefined). */
  readonly xTarget?: number;
  readonly yTarget?: number;
  /** Bands the wishes allow, shaded (e.g. an `equals` target's value ± its tolerance). */
  readonly xBand?: readonly [number, number];
  readonly yBand?: readonly [number, number];
  /** Legend names of the three kinds of point. */
  readonly legend?: { readonly other: string; readonly front: string; readonly marked: string };
}

const GROUPS = ['other', 'front', 'marked'] as const;

/** The position axis of one of the two measures. */
const measureAxis = (field: 'x' | 'y', title: string, format: string | undefined) => ({
  field,
  type: 'quantitative' as const,
  title,
  scale: { zero: false, nice: false, padding: 12 },
  axis: { format: axisFormat(format ?? '.3~g'), grid: true },
});

/** A dashed line at a measure's target, when it has one. */
const targetRule = (at: number | undefined, axis: 'x' | 'y'): Layer[] =>
  at === undefined
    ? []
    : [
        {
          mark: { type: 'rule', color: REFERENCE_COLOR, strokeDash: [4, 4] },
          encoding: { [axis]: { datum: at, type: 'quantitative' } },
        },
      ];

/** A light band across the chart where a measure meets its wish, when it has one. */
const wishBand = (band: readonly [number, number] | undefined, axis: 'x' | 'y'): Layer[] =>
  band === undefined
    ? []
    : [
        {
          // One row of its own: over the chart's data it would draw one faint band per point, opaque together.
          data: { values: [{}] },
          mark: { type: 'rect', color: REFERENCE_COLOR, opacity: 0.08 },
          encoding: {
            [axis]: { datum: band[0], type: 'quantitative' },
            [`${axis}2`]: { datum: band[1] },
          },
        },
      ];

/**
 * @example
 * paretoChart(
 *   [{ x: 0.12, y: 0.31, front: true, marked: false, label: 'farmerPointsPerCity=2 tile:Z1=1' }, ...],
 *   { title: 'Close games against strong over greedy', xTitle: 'close games', yTitle: 'strong beats greedy', runSize: '50 deals per rule set' },
 * )
 */
export function paretoChart(rows: readonly ParetoRow[], options: ParetoOptions): TopLevelSpec {
  // The points sorted by x, so the front's line runs left to right.
  rows = [...rows].sort((a, b) => a.x - b.x);
  const names = options.legend ?? { other: 'measured', front: 'Pareto front', marked: 'confirmed' };
  const values = project(
    rows.map((r) => ({
      ...r,
      group: names[r.marked ? 'marked' : r.front ? 'front' : 'other'],
      onFront: r.front ? 1 : 0,
      layer: r.marked ? 2 : r.front ? 1 : 0,
    })),
    ['x', 'y', 'group', 'onFront', 'layer', 'label'],
  );
  const x: Enc['x'] = measureAxis('x', options.xTitle, options.xFormat);
  const y: Enc['y'] = measureAxis('y', options.yTitle, options.yFormat);
  const color = {
    field: 'group',
    type: 'nominal',
    title: null,
    scale: { domain: GROUPS.map((g) => names[g]), range: ['#bbbbbb', PALETTE[0], PALETTE[3]] },
    // The legend draws the marked kind as a ring too.
    legend: {
      symbolStrokeWidth: 2.5,
      encode: {
        symbols: {
          update: {
            fillOpacity: [{ test: `datum.value === ${JSON.stringify(names.marked)}`, value: 0 }, { value: 1 }],
          },
        },
      },
    },
    // vega-lite passes a legend's `encode` on to vega, but does not type it.
  } as Enc['color'];
  const layer: Layer[] = [
    ...wishBand(options.xBand, 'x'),
    ...wishBand(options.yBand, 'y'),
    ...targetRule(options.xTarget, 'x'),
    ...targetRule(options.yTarget, 'y'),
    {
      transform: [{ filter: 'datum.onFront === 1' }],
      mark: { type: 'line', color: PALETTE[0], strokeWidth: 1.5, opacity: 0.7 },
      encoding: { x, y },
    },
    {
      mark: { type: 'point', filled: true, opacity: 0.9, strokeWidth: 2.5 },
      encoding: {
        x,
        y,
        color,
        // Marked points are rings, so a point at the same place (a front rule set that played the
        // same games as the confirmed one) shows through them.
        stroke: color,
        fillOpacity: { condition: { test: 'datum.layer === 2', value: 0 }, value: 1 },
        // Marked points drawn last, over the others at the same place.
        order: { field: 'layer', type: 'quantitative' },
        // Nominal like the colour, so vega-lite draws one legend of both (an ordinal size, or a size
        // without a legend, would take the colour's legend with it).
        size: {
          field: 'group',
          type: 'nominal',
          sort: GROUPS.map((g) => names[g]),
          scale: { domain: GROUPS.map((g) => names[g]), range: [30, 60, 140] },
        },
        tooltip: [
          { field: 'label', type: 'nominal', title: 'rule set' },
          { field: 'x', type: 'quantitative', format: options.xFormat ?? '.3~g', title: options.xTitle },
          { field: 'y', type: 'quantitative', format: options.yFormat ?? '.3~g', title: options.yTitle },
        ],
      },
    },
  ];
  return {
    ...specFrame(options),
    data: { values },
    width: options.width ?? DEFAULT_WIDTH,
    height: options.height ?? DEFAULT_HEIGHT,
    layer,
  };
}
