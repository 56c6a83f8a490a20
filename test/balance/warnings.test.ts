/**
 * The warning that no rule set left meets a target tells a miss the search's interval confirms from
 * one its interval still allows (the farms file of helpers.ts: score.field = 4 ± 0.5, score.city ≥ 7).
 */
import { describe, expect, it } from 'vitest';
import { warningsOf } from '../../src/balance/result.ts';
import type { CandidateRecord, SearchResult } from '../../src/balance/search.ts';
import { balance } from './helpers.ts';

/** A search whose one rule set left has these targets' estimates and intervals. */
function searchWith(targets: CandidateRecord['targets']): SearchResult {
  const point = [0, 0, 0];
  return {
    status: 'finished',
    notRejected: [point],
    candidates: [
      {
        point,
        round: 0,
        deals: 320,
        loss: { estimate: 1, lo: 0, hi: 2 },
        first: targets.map((t) => t.estimate),
        targets,
        status: 'finalist',
        verdict: 'not rejected',
      },
    ],
    games: 320,
    level: 0.99,
    effects: [
      { effects: [], misfits: [] },
      { effects: [], misfits: [] },
    ],
    dealsForPrecision: [0, 0],
    log: [],
  };
}

describe('the warning that no rule set left meets a target', () => {
  it('says "meets" only when the interval misses the wish too', () => {
    const warnings = warningsOf(
      balance(),
      searchWith([
        { estimate: 5, lo: 4.7, hi: 5.3 }, // misses 4 ± 0.5: its interval too
        { estimate: 6.5, lo: 5.9, hi: 7.1 }, // misses ≥ 7, but its interval reaches 7
      ]),
      [],
    );
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^none of the rule sets left meets "score\.field.*is at 5 \[4\.7, 5\.3\] \(search/);
    expect(warnings[1]).toMatch(
      /^none of the rule sets left is seen to meet "score\.city.*" ≥ 7 yet: .* is at 6\.5 \[5\.9, 7\.1\].*which reaches the wish; more deals may tell/,
    );
  });

  it('says nothing of a target the nearest rule set meets', () => {
    const warnings = warningsOf(
      balance(),
      searchWith([
        { estimate: 4.2, lo: 3.9, hi: 4.5 },
        { estimate: 7.5, lo: 6.9, hi: 8.1 },
      ]),
      [],
    );
    expect(warnings).toEqual([]);
  });
});
