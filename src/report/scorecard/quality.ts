/**
 * The slot of the game-quality measures in the scorecard (issue 22 item 2: lead changes on the
 * expected and the raw lead, drama, decisiveness, close games per arm and level). They are not
 * measured in this build: `qualityOf` returns null, and the scorecard's JSON and report say so. The
 * measures plug in here, from the run of the level (its summary's per-arm aggregates).
 */
import type { LoadedRun } from '../run.ts';

/** An arm's game-quality measures (the names and shapes are the quality measures' own). */
export type QualityMeasures = Record<string, unknown>;

/** The game-quality measures of `arm` in a level's run, or null where this build does not measure them. */
export function qualityOf(_run: LoadedRun, _arm: string): QualityMeasures | null {
  return null;
}
