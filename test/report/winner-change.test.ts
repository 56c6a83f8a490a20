/** "Winner changed" is never shown without its two no-effect references (docs/reasoning.md §9). */
import { describe, expect, it } from 'vitest';
import { Report, reportMarkdown } from '../../src/report/report.ts';
import { NO_WINNER_CHANGE_TEXT } from '../../src/report/run-comparisons.ts';
import { addRunSections } from '../../src/report/run-report.ts';
import { loadRun } from '../../src/report/run.ts';
import { winnerChange, winnerChangeRows } from '../../src/report/winner-change.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import type { Plan } from '../../src/sim/plan.ts';
import type { EffectSummary } from '../../src/sim/summary.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

async function reportOf(plan: Plan): Promise<string> {
  const outcome = await runExperiment({
    plan,
    outRoot: tempDir('carclab-winner-'),
    backend: inProcessBackend(),
    keepGames: false,
  });
  expect(outcome.status).toBe('complete');
  const report = new Report('winner changed');
  addRunSections(report, loadRun(outcome.runDir));
  return reportMarkdown(report);
}

const plan = planOf({
  name: 'winner',
  seed: 'winner-test',
  deals: 8,
  arms: [
    { name: 'f3', players: 2 },
    { name: 'f4', players: 2, rules: { farmerPointsPerCity: 4 } },
  ],
});

describe('winner changed in the generic report', () => {
  it('is not shown for a run that did not measure its references', async () => {
    const md = await reportOf(plan);
    expect(md).not.toMatch(/Share of games whose winner changed|winner changed \(total\)/);
    expect(md).toContain(NO_WINNER_CHANGE_TEXT.slice(0, 60));
  });

  it('is shown beside the rescored games, the independent-games rate and the noise floor when the run measured them', async () => {
    const md = await reportOf({ ...plan, effects: [{ a: 0, b: 1 }] });
    expect(md).toMatch(
      /\|winner changed \(total\)\|rescored: same games, b's rules\|not replayable\|independent games\|noise floor \(a twice\)\|/,
    );
    expect(md).toMatch(/\|f3\|f4\|8\|/);
  });
});

describe('winnerChange', () => {
  const effect: EffectSummary = {
    a: 'x',
    b: 'y',
    games: 10,
    replayed: 8,
    flipped: 2,
    marginChangeSum: -8,
    marginChangeSumSq: 16,
    noiseChanged: 5,
    totalChanged: 4,
    winnersA: [0, 6, 4, 0],
    winnersB: [0, 4, 6, 0],
    // Pairs (a's set, b's set): (1, 1) 3, (1, 2) 3, (2, 1) 1, (2, 2) 3; 4 changed.
    winnersJoint: [0, 0, 0, 0, 0, 3, 3, 0, 0, 1, 3, 0, 0, 0, 0, 0],
  };
  it('gives each share over its own games and counts the unreplayable ones', () => {
    const w = winnerChange(effect);
    expect(w.total.share).toBe(0.4);
    expect(w.rescored!.share).toBe(0.25);
    expect(w.noiseFloor.share).toBe(0.5);
    // a's game of one deal against b's of another: 1 − (6·4 + 4·6 − (3 + 3)) / (10·9).
    expect(w.independent.share).toBeCloseTo(1 - 42 / 90, 12);
    expect(w.independent.lo).toBeLessThan(w.independent.share!);
    expect(w).toMatchObject({ replayed: 8, notReplayable: 2 });
    // Every replayed game lost 1 point of lead: a mean of −1 with no spread.
    expect(w.marginChange).toMatchObject({ mean: -1 });
  });
  it('has no rescored share when no game could be replayed, and says so', () => {
    const w = winnerChange({ ...effect, replayed: 0, flipped: 0, marginChangeSum: 0, marginChangeSumSq: 0 });
    expect(w.rescored).toBeNull();
    expect(w.marginChange).toBeNull();
    expect(
      winnerChangeRows({
        effects: [{ ...effect, replayed: 0, flipped: 0, marginChangeSum: 0, marginChangeSumSq: 0 }],
      } as never)[0],
    ).toMatchObject({ 'not replayable': 10, "rescored: same games, b's rules": '–' });
  });
});
