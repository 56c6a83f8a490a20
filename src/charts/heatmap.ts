/**
 * A cross-play matrix as a heatmap: one cell per (row, column) pair coloured by the row's win share
 * against the column on a diverging scale centred at ½ (blue: the row wins more, orange: it loses
 * more), with the share and its interval printed in the cell. Cells without a value (the diagonal)
 * are left blank. The rows and intervals come from the statistics layer; nothing is computed here.
 */
import type { TopLevelSpec } from 'vega-lite';
import { fieldList, project, titled, uniqueInOrder } from './fields.ts';
import type { Enc, Estimate, FieldOf, Layer } from './fields.ts';
import { specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

export interface HeatmapOptions<R> extends ChartFrame {
  /** The player of each row, e.g. `'agent'`. */
  readonly row: FieldOf<R>;
  /** Its opponent, e.g. `'opponent'`. */
  readonly column: FieldOf<R>;
  /** Categories in this order on both axes; default the order of first appearance. */
  readonly order?: readonly string[];
  readonly rowTitle?: string | null;
  readonly columnTitle?: string | null;
  /** Legend title of the colour, e.g. `'win share of the row'`. */
  readonly valueTitle: string;
  /** Pixels per cell side; default 92. */
  readonly cell?: number;
}

const DEFAULT_CELL = 92;

/**
 * A win-share heatmap with the value and its interval in each cell.
 * @example
 * heatmapChart(
 *   [{ agent: 'greedy', opponent: 'random', estimate: 0.99, lower: 0.98, upper: 1 }, ...],
 *   { title: 'Win share of the row against the column', row: 'agent', column: 'opponent', valueTitle: 'win share' },
 * )
 */
export function heatmapChart<R extends Estimate>(rows: readonly R[], options: HeatmapOptions<R>): TopLevelSpec {
  // 1. Copy the used fields; one order for both axes so the diagonal runs corner to corner.
  const { row, column } = options;
  const values = project(rows, fieldList(row, column, 'estimate', 'lower', 'upper'));
  const order = options.order
    ? [...options.order]
    : [...new Set([...uniqueInOrder(values, row), ...uniqueInOrder(values, column)].map(String))];
  const cell = options.cell ?? DEFAULT_CELL;
  const y: Enc['y'] = {
    field: row,
    type: 'nominal',
    sort: order,
    scale: { domain: order },
    title: titled(options.rowTitle, row),
    axis: { labelLimit: 220 },
  };
  const x: Enc['x'] = {
    field: column,
    type: 'nominal',
    sort: order,
    scale: { domain: order },
    title: titled(options.columnTitle, column),
    axis: { orient: 'top', labelAngle: -30, labelAlign: 'left', labelLimit: 220 },
  };

  // 2. Layers: the coloured cells, then the share (bold) and its interval under it.
  const dark = 'datum.estimate < 0.2 || datum.estimate > 0.8';
  const text = (field: 'share_text' | 'interval_text', dy: number, size: number, bold: boolean): Layer => ({
    mark: { type: 'text', dy, fontSize: size, fontWeight: bold ? 'bold' : 'normal', baseline: 'middle' },
    encoding: {
      x,
      y,
      text: { field, type: 'nominal' },
      color: { value: '#222222', condition: { test: dark, value: 'white' } },
    },
  });
  return {
    ...specFrame(options),
    data: { values },
    transform: [
      { calculate: "format(datum.estimate, '.0%')", as: 'share_text' },
      {
        calculate: "'[' + format(datum.lower * 100, '.0f') + ', ' + format(datum.upper * 100, '.0f') + ']'",
        as: 'interval_text',
      },
    ],
    width: cell * order.length,
    height: cell * order.length,
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 2 },
        encoding: {
          x,
          y,
          color: {
            field: 'estimate',
            type: 'quantitative',
            title: options.valueTitle,
            scale: { scheme: 'blueorange', domain: [0, 1], domainMid: 0.5, reverse: true },
            legend: { format: '.0%', direction: 'vertical', gradientLength: Math.max(120, cell * order.length - 40) },
          },
          tooltip: [
            { field: row, type: 'nominal' },
            { field: column, type: 'nominal' },
            { field: 'estimate', type: 'quantitative', format: '.1%' },
            { field: 'lower', type: 'quantitative', format: '.1%' },
            { field: 'upper', type: 'quantitative', format: '.1%' },
          ],
        },
      },
      text('share_text', -8, 14, true),
      text('interval_text', 10, 10, false),
    ],
  };
}
