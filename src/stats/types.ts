/**
 * Input shapes of the statistics: plain objects, so that the runner's aggregates (`DistData`,
 * `DiffData`, `SeatData` of `src/sim/aggregate.ts`) and the summary's records (`src/sim/summary.ts`)
 * can be passed as they are, and so can hand-written numbers in a notebook.
 */

/** Exact sums of a quantity: count, sum and sum of squares (`sumSq` as the runner names it, or `sumSquares`). */
export type SumsInput = { n: number; sum: number; sumSquares: number } | { n: number; sum: number; sumSq: number };

/** Sums, or an already described sample (mean and sd with n − 1 denominator). */
export type MomentsInput = SumsInput | { n: number; mean: number | null; sd: number | null };

/** Games played and games won; a tie for first among k players counts 1/k win for each of them. */
export interface WinsInput {
  games: number;
  wins: number;
}

/** Options shared by the interval functions. */
export interface LevelOptions {
  /** Two-sided confidence level, default 0.95. */
  level?: number;
}

export const DEFAULT_LEVEL = 0.95;

/** Asserts a confidence level in (0, 1) and returns it. */
export function checkLevel(level: number | undefined): number {
  const l = level ?? DEFAULT_LEVEL;
  if (!(l > 0 && l < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${l}`);
  return l;
}

/** Asserts the planner's inputs. */
export function checkPlanInputs(alpha: number, power: number, sides: number): void {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  if (sides !== 1 && sides !== 2) throw new RangeError(`sides must be 1 or 2, got ${sides}`);
  if (!(power > alpha / sides)) throw new RangeError(`power (${power}) must exceed alpha/sides (${alpha / sides})`);
}
