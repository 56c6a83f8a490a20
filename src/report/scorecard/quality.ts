/**
 * The game-quality measures in the scorecard (issue 22 item 2: lead changes on the expected and the
 * raw lead, drama, decisiveness, close games and the score race, per arm and level), read from the
 * run of the level: `carclab study` plays every level with the quality measures recorded
 * (`src/sim/quality.ts`).
 */
import { qualityDifference, qualityMeasures } from '../../stats/quality.ts';
import type { QualityDifferences, QualityMeasures } from '../../stats/quality.ts';
import type { LoadedRun } from '../run.ts';

export type { QualityDifferences, QualityMeasures };

/** The game-quality measures of `arm` in a level's run, or null when the run did not record them. */
export function qualityOf(run: LoadedRun, arm: string): QualityMeasures | null {
  const quality = run.summary.arms.find((a) => a.name === arm)?.quality;
  return quality ? qualityMeasures(quality) : null;
}

/**
 * Arm `b`'s measures minus arm `a`'s, paired per deal (`qualityDifference`), from the run's effect
 * a → b; null when the run did not count the cross sums (no quality, or an older run).
 */
export function qualityDifferenceOf(run: LoadedRun, a: string, b: string): QualityDifferences | null {
  const arm = (name: string) => run.summary.arms.find((x) => x.name === name)?.quality;
  const cross = run.summary.effects?.find((e) => e.a === a && e.b === b)?.quality;
  const [qa, qb] = [arm(a), arm(b)];
  return qa && qb && cross ? qualityDifference(qa, qb, cross) : null;
}
