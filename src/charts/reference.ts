/**
 * Reference lines: a dashed rule across the plot at a fixed value or at a per-panel value taken
 * from a field (e.g. the fair win rate 1/players), with an optional short label at its end.
 */
import { orient } from './fields.ts';
import type { Enc, Layer } from './fields.ts';
import { REFERENCE_COLOR } from './theme.ts';

/** A fixed value, or a field holding each panel's value. */
export type Reference = number | { readonly field: string };

/**
 * The layers drawing `reference` (none when undefined): one rule per panel (`groupby` = the facet
 * fields), plus the label when given. `horizontal`: the value axis is x.
 */
export function referenceLayers(
  reference: Reference | undefined,
  label: string | undefined,
  horizontal: boolean,
  width: number,
  groupby: string[],
): Layer[] {
  if (reference === undefined) return [];
  const fixed = typeof reference === 'number';
  const one = [
    {
      aggregate: fixed
        ? [{ op: 'count' as const, as: 'rows' }]
        : [{ op: 'max' as const, field: reference.field, as: 'reference_value' }],
      groupby,
    },
  ];
  const at: Enc['y'] = fixed
    ? { datum: reference, type: 'quantitative' }
    : { field: 'reference_value', type: 'quantitative' };
  const rule: Layer = {
    transform: one,
    mark: { type: 'rule', color: REFERENCE_COLOR, strokeDash: [4, 4] },
    encoding: orient(horizontal, { val: at }),
  };
  if (label === undefined) return [rule];
  const text = { type: 'text' as const, text: label, color: REFERENCE_COLOR, fontSize: 10 };
  return [
    rule,
    {
      transform: one,
      mark: horizontal
        ? { ...text, align: 'left', baseline: 'top', dx: 3, y: 2 }
        : { ...text, align: 'right', baseline: 'bottom', dy: -2, x: width - 2 },
      encoding: orient(horizontal, { val: at }),
    },
  ];
}
