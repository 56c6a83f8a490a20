/**
 * CSV and Markdown text of the statistics tables, with numbers rounded for reading: whole numbers
 * stay as they are, others keep `digits` significant digits but never lose integer digits
 * (87.4321 → 87.43, 0.512345 → 0.5123, 123456.7 → 123457 at 4 digits). In Markdown, p-value
 * columns show values below 0.0001 as "<0.0001". CSV keeps 6 digits by default, Markdown 4.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';

export interface FormatOptions {
  /** Significant digits of non-integers; default 6 for CSV, 4 for Markdown. */
  digits?: number;
  /** Columns holding p-values (Markdown only); default ['p', 'pHolm']. */
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
 * The table as GitHub-flavoured Markdown.
 * @example tableToMarkdown(comparisonTable(records)) // "|a|b|metric|deals|meanDiff|…\n|:-|:-|…"
 */
export function tableToMarkdown(table: ColumnTable, options: FormatOptions = {}): string {
  const fmt = formatNumber(options.digits ?? 4);
  const pColumns = new Set(options.pColumns ?? ['p', 'pHolm']);
  const format = Object.fromEntries(
    table.columnNames().map((c) => [
      c,
      (value: unknown) => {
        if (value === null || value === undefined) return '';
        if (pColumns.has(c) && typeof value === 'number' && value < 1e-4) return '<0.0001';
        return String(fmt(value) ?? '');
      },
    ]),
  );
  return aq.toMarkdown(table, { format });
}
