/**
 * CSV and Markdown text of the statistics tables. CSV keeps `digits` significant digits (6 by
 * default) but never loses integer digits (87.4321 → 87.4321, 123456.78 → 123457). A report's
 * tables (Markdown, and HTML through `readableCell`) are rounded for reading: whole numbers stay as
 * they are, others get decimals by size — one from 10 up (19.36 → 19.4), two from 1 (4.382 → 4.38),
 * three below (0.004167 → 0.004), a single significant digit where three decimals would show zero
 * (0.0002199 → 0.0002) — and p-values two significant digits, "<0.001" below that.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';

export interface FormatOptions {
  /** Significant digits of non-integers; default 6 for CSV, decimals by size for reading (see above). */
  digits?: number;
  /** Columns holding p-values (for reading only); default ['p', 'pHolm']. */
  pColumns?: readonly string[];
}

/**
 * `x` rounded to `digits` significant digits, keeping every integer digit.
 * @example roundSignificant(87.4321, 4) // 87.43
 */
export function roundSignificant(x: number, digits: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x) || x === 0) return x;
  const decimals = Math.max(0, Math.min(100, digits - 1 - Math.floor(Math.log10(Math.abs(x)))));
  return Number(x.toFixed(decimals));
}

/**
 * `x` with decimals by its size, for a reader (see the file's comment); whole numbers unchanged.
 * @example roundForReading(19.36) // 19.4; roundForReading(0.0002199) // 0.0002
 */
export function roundForReading(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const size = Math.abs(x);
  const rounded = Number(x.toFixed(size >= 10 ? 1 : size >= 1 ? 2 : 3));
  return rounded === 0 ? roundSignificant(x, 1) : rounded;
}

/** One cell of a report's table as text: empty for null or NaN, numbers rounded for reading. */
export function readableCell(value: unknown, column: string, options: FormatOptions = {}): string {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return '';
  if (typeof value !== 'number') return String(value);
  if ((options.pColumns ?? ['p', 'pHolm']).includes(column))
    return value < 0.001 ? '<0.001' : String(Number(value.toPrecision(2)));
  return String(options.digits === undefined ? roundForReading(value) : roundSignificant(value, options.digits));
}

function formatNumber(digits: number): (value: unknown) => unknown {
  return (value) =>
    typeof value === 'number' ? (Number.isNaN(value) ? null : roundSignificant(value, digits)) : value;
}

/**
 * The table as CSV (header row, "," separated, empty cells for null).
 * @example tableToCSV(summaryTable(records)) // "arm,seat,games,…\nbase,0,20,7,0.35,0.181192,0.567146,…\n"
 */
export function tableToCSV(table: ColumnTable, options: FormatOptions = {}): string {
  const fmt = formatNumber(options.digits ?? 6);
  return aq.toCSV(table, { format: Object.fromEntries(table.columnNames().map((c) => [c, fmt])) });
}

/**
 * The table as GitHub-flavoured Markdown, numbers rounded for reading.
 * @example tableToMarkdown(comparisonTable(records)) // "|a|b|metric|deals|meanDiff|…\n|:-|:-|…"
 */
export function tableToMarkdown(table: ColumnTable, options: FormatOptions = {}): string {
  const format = Object.fromEntries(
    table.columnNames().map((c) => [c, (value: unknown) => readableCell(value, c, options)]),
  );
  return aq.toMarkdown(table, { format });
}
