/** The summary and comparison tables, their CSV and Markdown, and records from a run summary. */
import { describe, expect, it } from 'vitest';
import {
  COMPARISON_COLUMNS,
  comparisonTable,
  recordsFromSummary,
  readableCell,
  roundForReading,
  roundSignificant,
  SUMMARY_COLUMNS,
  summaryTable,
  tableToCSV,
  tableToMarkdown,
} from '../../src/stats/index.ts';
import type { SummaryLike } from '../../src/stats/index.ts';
import type { Summary } from '../../src/sim/summary.ts';

const seats = [
  { arm: 'base', seat: 0, games: 20, wins: 7, score: { n: 20, sum: 1700, sumSq: 148000, min: 40, max: 130 } },
  { arm: 'base', seat: 1, games: 20, wins: 13, score: { n: 20, sum: 1800, sumSquares: 166000 } },
];

describe('summary table', () => {
  it('has one row per arm and seat with the Wilson and t interval columns', () => {
    const dt = summaryTable(seats);
    expect(dt.columnNames()).toEqual([...SUMMARY_COLUMNS]);
    expect(dt.numRows()).toBe(2);
    const row = dt.object(0) as Record<string, number>;
    expect(row.winRate).toBe(0.35);
    expect(row.winLo).toBeCloseTo(0.1811918, 6);
    expect(row.winHi).toBeCloseTo(0.5671458, 6);
    // scores: mean 85, variance (148000 − 1700²/20)/19 = 3500/19, se = √(3500/19/20) = 3.034884;
    // t(0.975, 19) = 2.093024 → 85 ∓ 6.352083
    expect(row.scoreMean).toBe(85);
    expect(row.scoreLo).toBeCloseTo(85 - 2.093024 * 3.034884, 5);
    expect(row.scoreMin).toBe(40);
    expect(dt.object(1)).toMatchObject({ scoreMin: null, scoreMax: null });
  });
  it('exports CSV with 6 significant digits and Markdown with decimals by size', () => {
    const csv = tableToCSV(summaryTable(seats));
    expect(csv.split('\n')[0]).toBe(SUMMARY_COLUMNS.join(','));
    expect(csv.split('\n')[1]).toMatch(/^base,0,20,7,0\.35,0\.181192,0\.567146,85,13\.5724,78\.6479,91\.3521,40,130$/);
    const md = tableToMarkdown(summaryTable(seats));
    expect(md.split('\n')[0]).toBe(`|${SUMMARY_COLUMNS.join('|')}|`);
    expect(md).toContain('|base|0|20|7|0.35|0.181|0.567|85|13.6|78.6|91.4|40|130|');
    expect(md).toContain('|base|1|20|13|0.65|0.433|0.819|90|14.5|83.2|96.8|||');
  });
});

describe('comparison table', () => {
  const pairs = [
    { a: 'base', b: 'toll', metric: 'score', diff: { n: 10, sum: 20, sumSquares: 76 } },
    { a: 'base', b: 'lab', metric: 'score', diff: { n: 1000, sum: 2000, sumSq: 1_000_000 } },
    { a: 'base', b: 'lab', metric: 'margin', diff: { n: 1000, sum: 120, sumSq: 36_000 }, scale: 6 },
  ];
  it('has the paired difference, its interval, d_z, p and the Holm p within each metric', () => {
    const dt = comparisonTable(pairs);
    expect(dt.columnNames()).toEqual([...COMPARISON_COLUMNS]);
    const [toll, lab, margin] = dt.objects() as Record<string, number>[];
    expect(toll).toMatchObject({ deals: 10, meanDiff: 2, sdDiff: 2, dz: 1, df: 9 });
    expect(toll!.p).toBeCloseTo(0.011508, 6);
    // the score family has two p-values: 0.011508 · 2 = 0.023016, then max(0.023016, 0.045446 · 1)
    expect(toll!.pHolm).toBeCloseTo(0.023016, 6);
    expect(lab!.pHolm).toBeCloseTo(lab!.p, 15);
    // margin is a family of one: unadjusted; its sums are in 1/6 units (mean 120/1000/6 = 0.02)
    expect(margin!.meanDiff).toBeCloseTo(0.02, 15);
    expect(margin!.pHolm).toBe(margin!.p);
  });
  it('with family "all" adjusts over every row', () => {
    const dt = comparisonTable(pairs, { family: 'all' });
    expect((dt.object(0) as Record<string, number>).pHolm).toBeCloseTo(0.011508 * 3, 5);
  });
  it('shows tiny p-values as <0.001 in Markdown', () => {
    const md = tableToMarkdown(
      comparisonTable([{ a: 'x', b: 'y', metric: 'score', diff: { n: 100, sum: 500, sumSquares: 2600 } }]),
    );
    expect(md).toMatch(/\|<0\.001\|<0\.001\|\n$/);
  });
});

describe('rounding', () => {
  it('gives a reader decimals by size, never a zero for a value that is not', () => {
    // The figures of a 4-player Labyrinth appendix that printed 4 significant digits.
    expect(roundForReading(19.36)).toBe(19.4);
    expect(roundForReading(-4.382)).toBe(-4.38);
    expect(roundForReading(0.004167)).toBe(0.004);
    expect(roundForReading(-0.01039)).toBe(-0.01);
    expect(roundForReading(0.0002215)).toBe(0.0002);
    expect(roundForReading(600)).toBe(600);
    expect(readableCell(0.0002199, 'pHolm')).toBe('<0.001');
    expect(readableCell(0.005664, 'p')).toBe('0.0057');
    expect(readableCell(0.5742, 'p')).toBe('0.57');
    expect(readableCell(1, 'pHolm')).toBe('1');
    expect(readableCell(0.0002199, 'chiSquare')).toBe('0.0002');
    expect(readableCell(123.456, 'elo', { digits: 3 })).toBe('123');
    expect(readableCell(Number.NaN, 'score')).toBe('');
    expect(readableCell('seat 0 60.7 %', 'seats')).toBe('seat 0 60.7 %');
  });
  it('keeps significant digits without losing integer digits', () => {
    expect(roundSignificant(87.4321, 4)).toBe(87.43);
    expect(roundSignificant(0.512345, 4)).toBe(0.5123);
    expect(roundSignificant(123456.7, 4)).toBe(123457);
    expect(roundSignificant(0.00012345, 3)).toBe(0.000123);
    expect(roundSignificant(-2.71838, 3)).toBe(-2.72);
    expect(roundSignificant(42, 2)).toBe(42);
  });
});

describe('records from a run summary', () => {
  it('accepts the runner’s Summary type as it is', () => {
    const fits = (s: Summary): SummaryLike => s;
    expect(fits).toBeTypeOf('function');
  });
  it('turns seats, lineup and pairs into table records', () => {
    const score = { n: 20, sum: 1700, sumSq: 148000, min: 40, max: 130 };
    const summary: SummaryLike = {
      arms: [
        {
          name: 'base',
          seats: [{ seat: 0, games: 20, wins: 7, score }],
          lineup: [{ player: 0, agent: 'greedy', games: 20, wins: 7, score }],
        },
      ],
      pairs: [{ a: 'base', b: 'toll', metrics: { score: { deals: 10, meanDiff: 2, sd: 2 } } }],
    };
    const records = recordsFromSummary(summary);
    expect(records.seats).toEqual([{ arm: 'base', seat: 0, games: 20, wins: 7, score }]);
    expect(records.lineup[0]!.seat).toBe('p0:greedy');
    const row = comparisonTable(records.pairs).object(0) as Record<string, number>;
    expect(row.p).toBeCloseTo(0.011508, 6);
  });
});
