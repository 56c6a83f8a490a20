/**
 * Helpers shared by the chart builders: typed field names of plain data rows, copying rows into
 * fresh objects (a spec never holds the caller's objects, which vega would tag when rendering),
 * category orders taken from the input order, and a tooltip format.
 */

import type { Encoding } from 'vega-lite/types_unstable/encoding.js';
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { UnitSpec } from 'vega-lite/types_unstable/spec/index.js';

/** Vega-Lite's encoding and unit-layer types (pinned vega-lite 6.4.3; exported as "unstable"). */
export type Enc = Encoding<Field>;
export type Layer = UnitSpec<Field>;

/** A row with a point estimate and its interval. */
export interface Estimate {
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
}

/** The keys of `R` whose values are strings or numbers. */
export type FieldOf<R> = Extract<{ [K in keyof R]-?: R[K] extends string | number ? K : never }[keyof R], string>;

/** A data value the builders copy into specs. */
export type Cell = string | number;

const SIMPLE_FIELD = /^[A-Za-z_][A-Za-z0-9_ ]*$/;

/**
 * Asserts that a field name has no characters vega-lite treats as path syntax ('.', '[', '\\');
 * a programmer error otherwise.
 */
export function checkField(name: string): string {
  if (!SIMPLE_FIELD.test(name))
    throw new Error(`chart field name ${JSON.stringify(name)} must be letters, digits, '_' or spaces`);
  return name;
}

/** Copies the named fields of each row into a fresh object; fails on a missing or non-finite value. */
export function project<R>(rows: readonly R[], fields: readonly string[]): Record<string, Cell>[] {
  for (const f of fields) checkField(f);
  return rows.map((row, i) => {
    const out: Record<string, Cell> = {};
    for (const f of fields) {
      const v = (row as Record<string, unknown>)[f];
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[f] = v;
      else
        throw new Error(
          `chart row ${i}: field ${JSON.stringify(f)} is ${String(v)}, expected a string or a finite number`,
        );
    }
    return out;
  });
}

/**
 * The distinct values of a field in order of first appearance (used as explicit sort/domain).
 * A field's values must be all strings or all numbers.
 */
export function uniqueInOrder(rows: readonly Record<string, Cell>[], field: string): string[] | number[] {
  const seen = [...new Set(rows.map((r) => r[field]!))];
  if (seen.every((v) => typeof v === 'number')) return seen as number[];
  if (seen.every((v) => typeof v === 'string')) return seen as string[];
  throw new Error(`chart field ${JSON.stringify(field)} mixes strings and numbers`);
}

/**
 * Places a category/value encoding along x/y (vertical) or y/x (horizontal): `cat` on the
 * category axis, `val`/`val2` on the value axis, `off` as the offset within a category.
 */
export function orient(
  horizontal: boolean,
  p: { cat?: Enc['x']; val?: Enc['y']; val2?: Enc['y2']; off?: Enc['xOffset'] },
): Enc {
  const e: Enc = horizontal
    ? { y: p.cat, x: p.val, x2: p.val2, yOffset: p.off }
    : { x: p.cat, y: p.val, y2: p.val2, xOffset: p.off };
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Enc;
}

/** A title option: `undefined` → the field name, `null` → no title, else the given text. */
export function titled(given: string | null | undefined, field: string | null): string | null {
  return given === undefined ? field : given;
}

/** Field names used by a builder, without duplicates and without `undefined`. */
export function fieldList(...names: (string | undefined)[]): string[] {
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}

/**
 * The d3 format of a value axis: the given one without its precision (`.3~g` → `~r`, `.0%` → `%`),
 * so the axis takes as many digits as its tick step needs and never repeats a label (16.8 16.8 16.9
 * with three significant digits on ticks 0.02 apart); `g` becomes `r`, which keeps 120 as "120"
 * (with the precision the step gives, `g` would write "1.2e+2"). Tooltips keep the given format.
 */
export const axisFormat = (format: string): string => format.replace(/\.\d+/, '').replace(/g$/, 'r');
