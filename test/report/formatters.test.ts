/**
 * The reports' number formatters, one module for all (`src/report/numbers.ts`): a minus sign, never a
 * hyphen; "–" for a missing or non-finite value; no sign on a value that rounds to zero.
 */
import { describe, expect, it } from 'vitest';
import { ladderMarkdown } from '../../src/report/ladder-report.ts';
import {
  ci,
  ciDiff,
  ciPct,
  fixed,
  intervalText,
  percent,
  percentText,
  ppText,
  signed,
  signedIntervalText,
} from '../../src/report/numbers.ts';
import { measureText } from '../../src/report/quality-report.ts';
import type { LadderResult } from '../../src/match/ladder.ts';

describe('the report number formatters', () => {
  it('write a minus sign, never a hyphen, and "–" for what is missing', () => {
    expect(fixed(-0.5)).toBe('−0.50');
    expect(fixed(12.345, 1)).toBe('12.3');
    expect(fixed(null)).toBe('–');
    expect(fixed(Infinity)).toBe('–');
    expect(ci({ mean: -0.01, lo: -0.03, hi: 0.02 })).toBe('−0.01 [−0.03, 0.02]');
    expect(percent(0.1234)).toBe('12.3');
  });

  it('sign a difference, except a value that rounds to zero (no "−0.00", no "+0.0 pp")', () => {
    expect(signed(1.234)).toBe('+1.23');
    expect(signed(-0.5, 1)).toBe('−0.5');
    expect(signed(-0.001)).toBe('0.00');
    expect(signed(0.004)).toBe('0.00');
    expect(signed(0, 0)).toBe('0');
    expect(ciDiff({ meanDiff: -0.001, lo: -0.5, hi: 0.5 })).toBe('0.00 [−0.50, +0.50]');
    expect(ppText({ estimate: 0, lo: -0.02, hi: 0.02 })).toBe('0.0 pp [−2.0, +2.0]');
  });

  it('serve every report the same text: intervals, shares, percentage points, the quality measures and the ladder', () => {
    const e = { estimate: 0.815, lo: 0.79, hi: 0.838 };
    expect(percentText(e)).toBe('81.5 % [79.0, 83.8]');
    expect(ciPct({ rate: 0.815, lo: 0.79, hi: 0.838 })).toBe('81.5 % [79.0, 83.8]');
    expect(intervalText({ estimate: 2.314, lo: -0.1, hi: 4.5 })).toBe('2.31 [−0.10, 4.50]');
    expect(signedIntervalText({ estimate: 1.23, lo: 0.5, hi: 1.96 })).toBe('+1.23 [+0.50, +1.96]');
    expect(measureText({ ...e, deals: 10 }, true)).toBe('81.5 % [79.0, 83.8]');
    expect(measureText({ estimate: -1.5, lo: -2.25, hi: -0.75, deals: 10 })).toBe('−1.50 [−2.25, −0.75]');
    const pair = {
      a: 'greedy',
      b: 'random',
      games: 40,
      winRateA: 0.5,
      winRateALo: 0.35,
      winRateAHi: 0.65,
      marginA: -0.04,
      marginALo: -3.2,
      marginAHi: 3.1,
      ties: 0,
    };
    const ladder = {
      labels: ['greedy', 'random'],
      specs: ['greedy', 'random'],
      ratings: [],
      adjacent: [],
      pairs: [pair],
    } as unknown as LadderResult;
    expect(ladderMarkdown(ladder)).toContain(
      '| `greedy` | `random` | 40 | 50.0 % [35.0, 65.0] | 0.0 [−3.2, +3.1] | 0 |',
    );
  });
});
