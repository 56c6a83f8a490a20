/**
 * The stopping rule of a run to a precision (`precision.ts`), as pure functions of the measures, so
 * that the coverage simulation (`scripts/precision-coverage.ts`, `test/tune/precision-coverage.test.ts`)
 * runs exactly the rule the runs use (docs/reasoning.md §8).
 *
 * Stopping when an interval looks narrow enough makes the interval too optimistic: the width of a
 * share's or a count's interval depends on the estimate, and the sd of skewed per-deal values
 * (margins, points) is small exactly when the large values that would raise the mean are missing.
 * Measured with the exact rule, the plain 95 % intervals covered 76–92 % (issue 23). So:
 *   1. the interval reported at the stop is the metric's interval at the nominal level `STOP_LEVEL`
 *      (wider than a 95 % one), chosen so that its coverage *under the rule* is at least 95 % in the
 *      simulation's cases (its figures are in docs/experiments.md);
 *   2. the rule judges a share's and a count's width at the end of the interval where the width is
 *      largest (a share's nearest ½, a count's upper end), so whether it stops hardly depends on
 *      where the estimate fell;
 *   3. a degenerate sample (every unit equal: no event yet, a perfect record) never stops the run,
 *      and neither does a count with fewer than `MIN_EVENT_DEALS` deals whose value is not 0: a rare
 *      metric's spread and mean are not judged on a handful of events (issue 36).
 * The first batch is `FIRST_BATCH_DEALS` deals, so the spread is not judged on a handful of deals.
 */
import { wilsonInterval } from '../stats/wilson.ts';
import { measureInterval } from './metric.ts';
import type { Interval, Measure } from './metric.ts';

/** The coverage the rule's intervals keep under the stop (at least, in the simulation's cases). */
export const PRECISION_LEVEL = 0.95;
/** The nominal level of the interval a run to a precision reports (see 1. above). */
export const STOP_LEVEL = 0.99;
export const FIRST_BATCH_DEALS = 600;
/** A count (a metric of whole values ≥ 0) stops a run only once this many deals had a value other than 0. */
export const MIN_EVENT_DEALS = 10;

/** The nominal level of each of a family of `parts` intervals reported together (Bonferroni). */
export const familyLevel = (parts = 1): number => 1 - (1 - STOP_LEVEL) / parts;

/** The interval a run to a precision reports for a measure (one of a family of `parts`). */
export const stopInterval = (m: Measure, parts = 1): Interval => measureInterval(m, familyLevel(parts));

/**
 * The half-width of the reported interval (`plain`, which sizes the next batch) and the one the rule
 * compares with the target (`judged`); both Infinity without an interval or for a degenerate sample.
 */
export function stopHalfWidths(m: Measure, parts = 1): { plain: number; judged: number } {
  const iv = stopInterval(m, parts);
  const fewEvents = m.count?.events !== undefined && m.count.events < MIN_EVENT_DEALS;
  if (iv.degenerate || fewEvents || m.n < 2 || !Number.isFinite(iv.hi - iv.lo))
    return { plain: Infinity, judged: Infinity };
  const plain = (iv.hi - iv.lo) / 2;
  if (m.wins) {
    // The widest Wilson interval over the shares the interval allows: at the one nearest ½.
    const p = Math.min(Math.max(0.5, iv.lo), iv.hi);
    const w = wilsonInterval({ games: m.wins.games, wins: p * m.wins.games }, { level: familyLevel(parts) });
    return { plain, judged: Math.max(plain, (w.hi! - w.lo!) / 2) };
  }
  if (m.count && m.mean > 0) {
    // The count's interval widens with the count: judged as if the rate were the upper end.
    const upper = stopInterval({ ...m, mean: iv.hi, sd: m.sd * Math.sqrt(iv.hi / m.mean) }, parts);
    return { plain, judged: Math.max(plain, (upper.hi - upper.lo) / 2) };
  }
  return { plain, judged: plain };
}

/** Deals of the next batch: what the widest (plain) interval asks for (with 10 % to spare), at least 1.5 × n, at most the cap. */
export function nextBatchDeals(
  deals: number,
  widths: Record<string, number>,
  targets: readonly { metric: string; halfWidth: number }[],
  maxDeals: number,
): number {
  const ratio = Math.max(...targets.map((t) => widths[t.metric]! / t.halfWidth));
  const wanted = Number.isFinite(ratio) ? Math.ceil(deals * ratio * ratio * 1.1) : 2 * deals;
  return Math.min(maxDeals, Math.max(wanted, Math.ceil(deals * 1.5)));
}
