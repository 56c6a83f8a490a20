/**
 * The game-quality measures in the scorecard (issue 22 item 2: lead changes on the expected and the
 * raw lead, drama, decisiveness, close games and the score race, per arm and level), read from the
 * run of the level: `carclab study` plays every level with the quality measures recorded
 * (`src/sim/quality.ts`).
 */
import { qualityMeasures } from '../../stats/quality.ts';
import type { QualityMeasures } from '../../stats/quality.ts';
import type { LoadedRun } from '../run.ts';

export type { QualityMeasures };

/** The game-quality measures of `arm` in a level's run, or null when the run did not record them. */
export function qualityOf(run: LoadedRun, arm: string): QualityMeasures | null {
  const quality = run.summary.arms.find((a) => a.name === arm)?.quality;
  return quality ? qualityMeasures(quality) : null;
}
