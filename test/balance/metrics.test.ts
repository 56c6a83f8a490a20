/**
 * The balance metrics per deal, counted by hand from two made-up games: win shares with a tie for
 * first, the winner's points from two sources over the winner's score, close games, margins, the
 * quality ratios; and how metric names are read (a difference, seatWinGap, the errors).
 */
import { describe, expect, it } from 'vitest';
import { atomSums, parseMetric } from '../../src/balance/metrics.ts';
import type { Atom } from '../../src/balance/metrics.ts';
import { InputError } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { readKeptGames } from '../../src/run/kept-games.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import type { Columns } from '../../src/sim/columns.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

// Deal 0: a tie for first at 10 (seat 0: 3 King points; seat 1: 2 Robber points); deal 1: seat 0 wins 20 to 12 (5 Robber points).
const columns: Columns = {
  deal: Int32Array.from([0, 1]),
  score0: Float64Array.from([10, 20]),
  score1: Float64Array.from([10, 12]),
  king0: Float64Array.from([3, 0]),
  king1: Float64Array.from([0, 4]),
  robber0: Float64Array.from([0, 5]),
  robber1: Float64Array.from([2, 0]),
  'q.leadChanges': Float64Array.from([3, 1]),
  'q.turns': Float64Array.from([0, 70]),
  'q.decidedTurns': Float64Array.from([0, 14]),
};

const sums = (atom: Atom) => {
  const [s] = atomSums([atom], columns, 0, 2, 2);
  return { x: [...s!.x], y: [...s!.y] };
};

describe('balance metrics per deal', () => {
  it('count a tie for first as a shared win', () => {
    expect(sums({ kind: 'seatWins', seat: 0 })).toEqual({ x: [0.5, 1], y: [1, 1] });
    expect(sums({ kind: 'seatWins', seat: 1 })).toEqual({ x: [0.5, 0], y: [1, 1] });
  });

  it("give the winner's points from the sources over the winner's score (tied winners averaged)", () => {
    // Deal 0: (3 + 0 and 0 + 2) / 2 winners = 2.5 of 10; deal 1: seat 0's 0 + 5 of 20.
    expect(sums({ kind: 'winnerShare', sources: ['king', 'robber'] })).toEqual({ x: [2.5, 5], y: [10, 20] });
  });

  it('count margins, close games (margin ≤ 5), the winner, the mean score, a source per seat', () => {
    expect(sums({ kind: 'margin' })).toEqual({ x: [0, 8], y: [1, 1] });
    expect(sums({ kind: 'close' })).toEqual({ x: [1, 0], y: [1, 1] });
    expect(sums({ kind: 'winnerScore' })).toEqual({ x: [10, 20], y: [1, 1] });
    expect(sums({ kind: 'score' })).toEqual({ x: [20, 32], y: [2, 2] });
    expect(sums({ kind: 'source', source: 'king' })).toEqual({ x: [3, 4], y: [2, 2] });
  });

  it('take the quality ratios from the kept quality columns', () => {
    expect(sums({ kind: 'quality', measure: 'leadChanges' })).toEqual({ x: [3, 1], y: [1, 1] });
    // Decided share: turns after the winner's last turn not alone in the lead, over the turns of games with one winner.
    expect(sums({ kind: 'quality', measure: 'decidedShare' })).toEqual({ x: [0, 14], y: [0, 70] });
  });
});

describe('balance metric names', () => {
  const game = newGame({ players: 3, expansions: [expansionRegistry.get('kingRobber')!] });

  it('read a difference of two metrics, seatWinGap and an expansion share', () => {
    const diff = parseMetric('score.king - score.robber', game, 'cycle', 'here', false);
    expect(diff.parts[0]!.terms.map((t) => [t.coef, t.atom])).toEqual([
      [1, { kind: 'source', source: 'king' }],
      [-1, { kind: 'source', source: 'robber' }],
    ]);
    const gap = parseMetric('seatWinGap', game, 'cycle', 'here', false);
    expect(gap.parts.map((p) => p.around)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(gap.range[1]).toBeCloseTo(2 / 3, 12);
    expect(parseMetric('winnerShare.kingRobber', game, 'cycle', 'here', false).parts[0]!.terms[0]!.atom).toEqual({
      kind: 'winnerShare',
      sources: ['king', 'robber'],
    });
    expect(parseMetric('leadChanges', game, 'cycle', 'here', false).needs.quality).toBe(true);
  });

  it('refuse unknown names, three-way differences and beats at one level', () => {
    const refused = (text: string, isMatch = false) => {
      try {
        parseMetric(text, game, 'cycle', 'here', isMatch);
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
      return null;
    };
    expect(refused('winnerShare.toll')).toMatch(/winnerShare.toll: not a score source or a played expansion/);
    expect(refused('score - margin - winnerScore')).toMatch(/one name or a difference/);
    expect(refused('beats')).toMatch(/"beats" compares two levels/);
    expect(refused('margin', true)).toMatch(/"versus" goes with the metric "beats" only/);
  });
});

describe('kept quality columns', () => {
  it('add up to the run’s own quality sums', async () => {
    const plan = planOf({
      name: 'q',
      seed: 'q-1',
      deals: 12,
      quality: true,
      columns: ['score', 'quality'],
      arms: [{ name: 'a', players: 3, agents: 'greedy' }],
    });
    const run = await runExperiment({
      plan,
      outRoot: tempDir(),
      backend: inProcessBackend(),
      keepGames: true,
      dealsLimit: 8,
    });
    const kept = await readKeptGames(plan, run.runDir, false);
    const total = (name: string) => kept.reduce((s, k) => s + [...k.columns[name]!].reduce((a, b) => a + b, 0), 0);
    const q = run.summary!.arms[0]!.quality!;
    expect(total('q.leadChanges')).toBe(q.leadChanges.x);
    expect(total('q.scoreLeadChanges')).toBe(q.scoreLeadChanges.x);
    expect(total('q.behindTurns')).toBe(q.behind.x);
    expect(total('q.turns')).toBe(q.behind.y);
    expect(total('q.decidedTurns')).toBe(q.decided.x);
    expect(total('q.behindPoints') * 4).toBe(q.deficit.x);
    expect(total('q.won')).toBe(q.race[0]!.y);
  });
});
