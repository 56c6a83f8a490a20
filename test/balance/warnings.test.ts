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
      [0],
    );
    // The third: its one rule set left was not confirmed (the test below).
    expect(warnings).toHaveLength(3);
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
      [0],
    );
    expect(warnings.filter((w) => w.includes('score.'))).toEqual([]);
  });
});

describe('the warnings of a confirmation', () => {
  it('name the rule set once, for its missed targets and for every context capped', () => {
    const b = balance();
    const point = [0, 0, 0];
    const confirmed = {
      point,
      values: [],
      label: '',
      targets: [
        { estimate: 5, lo: 4.7, hi: 5.3, met: 'no' as const },
        { estimate: 6, lo: 5.5, hi: 6.5, met: 'no' as const },
      ],
      contexts: [
        { key: '2p.random', deals: 60, reason: 'deals' as const, games: 60, sameValue: [] },
        { key: '3p.random', deals: 60, reason: 'deals' as const, games: 60, sameValue: ['score.field'] },
      ],
    };
    const warnings = warningsOf(
      b,
      searchWith([
        { estimate: 4.2, lo: 3.9, hi: 4.5 },
        { estimate: 7.5, lo: 6.9, hi: 8.1 },
      ]),
      [confirmed],
      [0],
    );
    expect(warnings).toHaveLength(2);
    const name = 'farmerPointsPerCity=0 cityPointsPerTile=1 farmers=on';
    expect(warnings[0]).toBe(
      `on fresh deals ${name} misses "score.field at random, 2 players" = 4 ± 0.5: 5 [4.7, 5.3]; "score.city at random, 2 players" ≥ 7: 6 [5.5, 6.5]`,
    );
    expect(warnings[1]).toBe(
      `the confirmation of ${name} reached its cap before every target's precision in 2 contexts 2p.random at 60 deals; 3p.random at 60 deals: "score.field" had the same value on every deal, which never stops a run; its interval is the exact bound of such a sample (raise budget.confirmDeals)`,
    );
    for (const w of warnings) expect(w.split(name)).toHaveLength(2);
  });
});

describe('the warning of rule sets left unconfirmed', () => {
  it('counts the groups not rejected, not the rule sets, against those confirmed', () => {
    const targets = [
      { estimate: 4.2, lo: 3.9, hi: 4.5 },
      { estimate: 7.5, lo: 6.9, hi: 8.1 },
    ];
    // Four rule sets left in three groups (the second and third played the same games); none confirmed.
    const warnings = warningsOf(balance(), searchWith(targets), [], [0, 1, 1, 2]);
    expect(warnings).toEqual([
      '3 groups of rule sets are not rejected as the best: 0 confirmed on fresh deals (those of least search loss), 3 not (raise budget.confirm to 3 to confirm them all)',
    ]);
    expect(warningsOf(balance(), searchWith(targets), [], [0, 0])).toHaveLength(1);
  });
});
