/**
 * Skill depth (`src/report/skill-depth.ts`): the difference of a level's win share between two arms is
 * paired per deal (t over deals, within [−1, 1], the exact bound when every deal gave the same
 * difference), checked on hand-built deal outcomes; and a study that compares rules reports it per arm.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { study as tollYields } from '../../notebooks/toll-yields.ts';
import type { DealOutcomes } from '../../src/match/outcomes.ts';
import { WIN_UNITS } from '../../src/sim/aggregate.ts';
import { differenceVerdict, skillDepthLevel, skillDifference } from '../../src/report/skill-depth.ts';
import { runStudy } from '../../src/report/study.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { tempDir } from '../sim/helpers.ts';

/** Outcomes of one pair over deals 0…n−1, two games a deal, with the level's share of each deal's wins. */
function outcomes(shares: number[]): DealOutcomes {
  const n = shares.length;
  return {
    start: 0,
    end: n,
    pairs: 1,
    games: Float64Array.from(shares, () => 2),
    winUnitsA: Float64Array.from(shares, (s) => s * 2 * WIN_UNITS),
    marginA: new Float64Array(n),
    ties: new Float64Array(n),
  };
}

describe('skill depth', () => {
  it("pairs the arms per deal: t over the deals' differences", () => {
    // Differences −0.5, 0, −0.5, 0: mean −0.25, sd 0.288675, se 0.144338, t(3, 0.975) 3.182446 → half-width 0.459346.
    const d = skillDifference(outcomes([1, 0.5, 0.5, 1]), outcomes([0.5, 0.5, 0, 1]));
    expect(d.deals).toBe(4);
    expect(d.estimate).toBeCloseTo(-0.25, 12);
    expect(d.lo).toBeCloseTo(-0.709346, 5);
    expect(d.hi).toBeCloseTo(0.209346, 5);
  });

  it('keeps the interval within [−1, 1] and gives every-deal-alike samples the exact bound, not ± 0', () => {
    const wide = skillDifference(outcomes([0, 1, 0]), outcomes([1, 0, 1]));
    expect(wide.lo).toBeGreaterThanOrEqual(-1);
    expect(wide.hi).toBeLessThanOrEqual(1);
    const alike = skillDifference(outcomes([1, 1, 1, 1, 1, 1]), outcomes([1, 1, 1, 1, 1, 1]));
    expect(alike.estimate).toBe(0);
    expect(alike.lo!).toBeLessThan(0);
    expect(alike.hi!).toBeGreaterThan(0);
    expect(alike.p).toBeNull();
  });

  it('compares every arm with the first and adjusts the differences with Holm', () => {
    const match = (shares: number[]) => ({ outcomes: outcomes(shares), runDir: 'run' });
    const s = skillDepthLevel({ level: 'strong', against: 'greedy' }, 2, [
      { arm: 'base', match: match([0.5, 0.5, 0.5, 0.5, 1, 0.5]) },
      { arm: 'x', match: match([1, 1, 1, 1, 1, 1]) },
      { arm: 'y', match: match([0.5, 0.5, 0.5, 0.5, 0.5, 1]) },
    ]);
    expect(s.arms.map((a) => [a.arm, a.share.games])).toEqual([
      ['base', 12],
      ['x', 12],
      ['y', 12],
    ]);
    expect(s.differences.map((d) => d.arm)).toEqual(['x', 'y']);
    const [x, y] = s.differences;
    expect(x!.difference.estimate).toBeCloseTo(5 / 12, 12);
    expect(y!.difference.estimate).toBeCloseTo(0, 12);
    // Holm over two: the smaller p doubled, the larger at least that.
    expect(x!.holm).toBeCloseTo(Math.min(1, 2 * x!.difference.p!), 12);
    expect(y!.holm!).toBeGreaterThanOrEqual(x!.holm!);
  });

  it('says a difference is established only where its interval excludes 0 and, among several arms, Holm agrees', () => {
    expect(differenceVerdict({ estimate: -0.065, lo: -0.124, hi: -0.006 }, 0.065)).toBe(
      'not established once Holm adjusts for the arms compared',
    );
    expect(differenceVerdict({ estimate: -0.065, lo: -0.124, hi: -0.006 }, 0.03)).toBe(
      'the rule rewards this skill gap less',
    );
    expect(differenceVerdict({ estimate: 0.1, lo: 0.02, hi: 0.18 })).toBe('the rule rewards this skill gap more');
    expect(differenceVerdict({ estimate: 0.1, lo: -0.02, hi: 0.18 }, 0.01)).toBe('no difference established');
    expect(differenceVerdict({ estimate: 0.1, lo: null, hi: null })).toBe('too few deals to tell');
  });

  it("is a section of a study that compares rules: each arm's share under its rules and the differences from the base game", async () => {
    const outcome = await runStudy(tollYields, {
      levels: [
        { agents: 'random', deals: 4 },
        { agents: 'greedy', deals: 3, skillDeals: 2 },
      ],
      backend: inProcessBackend(),
      outRoot: tempDir('carclab-skill-'),
      log: () => {},
    });
    expect(outcome.skill).toHaveLength(1);
    const [s] = outcome.skill;
    expect(s).toMatchObject({ level: 'greedy', against: 'random', baseline: 'base' });
    expect(s!.arms.map((a) => [a.arm, a.share.deals, a.share.games])).toEqual([
      ['base', 2, 12],
      ['tolls-C3', 2, 12],
      ['tolls-C2', 2, 12],
    ]);
    // Every deal has the same number of games: the paired mean difference is the difference of the shares.
    for (const d of s!.differences) {
      const arm = s!.arms.find((a) => a.arm === d.arm)!;
      expect(d.difference.estimate).toBeCloseTo(arm.share.estimate! - s!.arms[0]!.share.estimate!, 12);
    }
    const md = readFileSync(outcome.files.markdown, 'utf8');
    const verdict = md.slice(0, md.indexOf('\n## ', md.indexOf('## Verdict') + 1));
    expect(verdict).toMatch(
      /\*\*Skill depth\*\*: \*\*greedy\*\* against \*\*random\*\*: win share [\d.]+ % \[[\d.]+, [\d.]+\] under base, .* under tolls-C3, .* under tolls-C2; tolls-C3 − base /,
    );
    expect(md).toContain('## Skill depth');
    expect(md).toContain('paired per deal');
    expect(outcome.highlights.headlines.some((h) => h.startsWith('Skill depth: **greedy** against **random**'))).toBe(
      true,
    );
  });
});
