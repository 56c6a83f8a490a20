/**
 * Forest plot of paired differences: one row per comparison with its difference and interval, a
 * rule at zero (no difference), and the numbers printed to the right of the plot. The rows come
 * from the statistics layer (paired per-deal differences between arms); nothing is computed here.
 */
import type { TopLevelSpec } from 'vega-lite';
import { referenceLayers } from './reference.ts';
import { axisFormat, fieldList, project, titled, uniqueInOrder } from './fields.ts';
import type { Enc, Estimate, FieldOf, Layer } from './fields.ts';
import { DEFAULT_WIDTH, MAIN_COLOR, specFrame } from './theme.ts';
import type { ChartFrame } from './theme.ts';

export interface ForestOptions<R> extends ChartFrame {
  /** The comparison on each row, e.g. `'comparison'` with values like "tollkeepers − base". */
  readonly label: FieldOf<R>;
  /** Optional colour groups (e.g. the metric), with a legend. */
  readonly color?: FieldOf<R>;
  readonly colorTitle?: string | null;
  /** Axis title of the difference, e.g. `'difference in mean score (95 % paired t interval)'`. */
  readonly valueTitle: string;
  /** Axis title of the comparisons; default none (the labels say it). */
  readonly labelTitle?: string | null;
  /** d3 format of the difference, e.g. `'+.2f'`; default `'+.3~g'`. */
  readonly valueFormat?: string;
  /** Print "estimate [lower, upper]" right of the plot; default true. */
  readonly showValues?: boolean;
  /** Where the "no difference" rule is drawn; default 0. */
  readonly reference?: number;
  /** A short label at the top of the rule, e.g. `'no difference'`. */
  readonly referenceLabel?: string;
}

/** Height of one comparison row when `height` is not given. */
const ROW_STEP = 28;

/**
 * A forest plot, rows in input order from top to bottom.
 * @example
 * forestChart(
 *   [{ comparison: 'tollkeepers − base', estimate: 2.1, lower: 1.6, upper: 2.6 }, ...],
 *   { title: 'Paired differences in mean score', label: 'comparison', valueTitle: 'points', runSize: '10,000 deals' },
 * )
 */
export function forestChart<R extends Estimate>(rows: readonly R[], options: ForestOptions<R>): TopLevelSpec {
  // 1. Copy the used fields and prepare the printed numbers.
  const { label, color } = options;
  const values = project(rows, fieldList(label, color, 'estimate', 'lower', 'upper'));
  const format = options.valueFormat ?? '+.3~g';
  const f = (field: string) => `format(datum.${field}, ${JSON.stringify(format)})`;
  const width = options.width ?? DEFAULT_WIDTH;
  const reference = options.reference ?? 0;

  // 2. Shared encodings.
  const y: Enc['y'] = {
    field: label,
    type: 'nominal',
    sort: uniqueInOrder(values, label),
    title: titled(options.labelTitle, null),
  };
  const x: Enc['x'] = {
    field: 'lower',
    type: 'quantitative',
    title: options.valueTitle,
    axis: { format: axisFormat(format), grid: true, tickCount: Math.max(3, Math.round(width / 80)) },
  };
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
  const tooltip: Enc['tooltip'] = [
    ...fieldList(label, color).map((field) => ({ field, type: 'nominal' as const })),
    { field: 'estimate', type: 'quantitative', format },
    { field: 'lower', type: 'quantitative', format },
    { field: 'upper', type: 'quantitative', format },
  ];

  // 3. Layers: the reference rule, intervals, points and the printed numbers.
  const layer: Layer[] = [
    ...referenceLayers(reference, options.referenceLabel, true, width, []),
    {
      mark: { type: 'errorbar', ticks: { size: 8 }, thickness: 1.5, opacity: 1, ...markColor },
      encoding: { y, x, x2: { field: 'upper' }, ...colorEnc },
    },
    {
      mark: { type: 'point', shape: 'square', filled: true, size: 60, opacity: 1, ...markColor },
      encoding: { y, x: { ...x, field: 'estimate' }, ...colorEnc, tooltip },
    },
    ...(options.showValues === false
      ? []
      : [
          {
            transform: [
              { calculate: `${f('estimate')} + ' [' + ${f('lower')} + ', ' + ${f('upper')} + ']'`, as: 'interval' },
            ],
            mark: { type: 'text', align: 'left', baseline: 'middle', x: width + 10, fontSize: 11, color: '#333333' },
            encoding: { y, text: { field: 'interval', type: 'nominal' } },
          } satisfies Layer,
        ]),
  ];
  return {
    ...specFrame(options),
    data: { values },
    width,
    height: options.height ?? { step: ROW_STEP },
    layer,
  };
}
