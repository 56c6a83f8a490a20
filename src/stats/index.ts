/**
 * Statistics with honest uncertainty (docs/architecture.md §2, layer `src/stats/`): intervals for win rates
 * (Wilson) and means (Student t) from the runner's exact aggregates, a bootstrap grouped by deal
 * and a cluster-robust mean for per-game rows, joint seat-fairness tests, paired comparisons between arms with d_z and p-values, Holm's correction,
 * a sample-size planner, and arquero tables exported to CSV and Markdown. Pure functions; the only
 * randomness is the RNG passed to the bootstrap.
 */
export { bootstrapByDeal } from './bootstrap.ts';
export { clusteredMean, shareDesignEffect } from './cluster.ts';
export type { ClusteredMean } from './cluster.ts';
export type { BootstrapInterval, BootstrapOptions } from './bootstrap.ts';
export { comparisonTable, COMPARISON_COLUMNS } from './comparison-table.ts';
export type { ComparisonOptions, PairRecord } from './comparison-table.ts';
export { readableCell, roundForReading, roundSignificant, tableToCSV, tableToMarkdown } from './format-table.ts';
export type { FormatOptions } from './format-table.ts';
export { recordsFromSummary } from './from-summary.ts';
export type { SummaryLike } from './from-summary.ts';
export { holmAdjust } from './holm.ts';
export { meanInterval } from './mean-interval.ts';
export type { MeanInterval } from './mean-interval.ts';
export { moments } from './moments.ts';
export type { Moments } from './moments.ts';
export { noncentralTCdf } from './noncentral-t.ts';
export { normalCdf, normalPdf, normalQuantile } from './normal.ts';
export { pairedComparison } from './paired.ts';
export type { PairedComparison } from './paired.ts';
export { dealsForMeanDiff } from './sample-size-mean.ts';
export type { MeanSampleSize, MeanSampleSizeInput } from './sample-size-mean.ts';
export { gamesForWinRateDiff } from './sample-size-rate.ts';
export type { RateSampleSize, RateSampleSizeInput } from './sample-size-rate.ts';
export { QUALITY_DIFFERENCES, qualityDifference, qualityMeasures, ratioInterval } from './quality.ts';
export type { MeasureInterval, QualityDifferences, QualityMeasures, RacePoint } from './quality.ts';
export { chiSquareSf, seatFairness } from './seat-fairness.ts';
export type { SeatFairnessArm, SeatFairnessResult } from './seat-fairness.ts';
export { studentTCdf, studentTPdf, studentTQuantile } from './student-t.ts';
export { summaryTable, SUMMARY_COLUMNS } from './summary-table.ts';
export type { SeatRecord } from './summary-table.ts';
export { DEFAULT_LEVEL } from './types.ts';
export type { LevelOptions, MomentsInput, SumsInput, WinsInput } from './types.ts';
export { welchComparison } from './welch.ts';
export { independentChangeRate } from './independent-change.ts';
export type { IndependentChange } from './independent-change.ts';
export { wilsonInterval } from './wilson.ts';
export type { RateInterval } from './wilson.ts';
