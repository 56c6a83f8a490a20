/**
 * Run to a precision (`carclab run … --precision METRIC=HALFWIDTH[,…]`): the run plays deals in
 * batches, in one run directory, until every named metric's reported interval is at most HALFWIDTH
 * wide on each side in every arm, or the plan's deals (`--deals`) are reached.
 *
 * Batches: `FIRST_BATCH_DEALS` deals first (fewer when the plan has fewer), then as many as the
 * widest interval asks for (n · (half-width / wanted)² · 1.1, and at least 1.5 × n), never past the
 * plan's deals. Every decision depends only on deals [0, n), so the stop is the same for any number
 * of workers. The rule and the interval it reports are `stop-rule.ts`'s: an interval whose coverage
 * holds under the stop (docs/reasoning.md §8, measured by `scripts/precision-coverage.ts`), judged where
 * its width is largest, and never a stop on a degenerate sample (§10). The manifest records the rule,
 * every batch, the stop and the reported intervals.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { writeJsonAtomic } from '../run/files.ts';
import { armSetups } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { runExperiment } from '../run/runner.ts';
import type { RunOptions, RunOutcome } from '../run/runner.ts';
import type { Summary } from '../sim/summary.ts';
import { intervalMethod, measureOf, metricNamesOf } from './metric.ts';
import {
  familyLevel,
  FIRST_BATCH_DEALS,
  nextBatchDeals,
  PRECISION_LEVEL,
  STOP_LEVEL,
  stopHalfWidths,
  stopInterval,
} from './stop-rule.ts';

export { FIRST_BATCH_DEALS, nextBatchDeals } from './stop-rule.ts';

export interface PrecisionTarget {
  metric: string;
  halfWidth: number;
  /** The target is one of a family of this many intervals reported together (Bonferroni; `tune`'s seats). */
  family?: number;
}

/** One batch: the deals played so far and, per target metric, the widest judged half-width over the arms. */
export interface PrecisionBatch {
  deals: number;
  halfWidths: Record<string, number>;
}

/** The interval a run to a precision reports for one metric of one arm. */
export interface ReportedInterval {
  arm: string;
  metric: string;
  estimate: number;
  lo: number;
  hi: number;
  method: string;
}

export interface StopRecord {
  rule: string;
  /** The coverage the reported intervals keep under the stop (measured), and their nominal level. */
  level: number;
  nominalLevel: number;
  batches: PrecisionBatch[];
  /** `precision`: every interval is narrow enough; `deals`: the plan's deals are played first. */
  reason: 'precision' | 'deals';
  deals: number;
  /** Per arm and target metric, the interval at the stop (valid under the rule). */
  intervals: ReportedInterval[];
}

/** Parses `margin=0.2,seat0.wins=0.01`; every metric must be measured by every arm of the plan. */
export function parsePrecision(text: string, plan: Plan): PrecisionTarget[] {
  const usage = 'use METRIC=HALFWIDTH[,METRIC=HALFWIDTH…], e.g. margin=0.2,seat0.wins=0.01';
  const targets = text.split(',').map((part): PrecisionTarget => {
    const [metric, width, extra] = part.split('=').map((s) => s.trim());
    const halfWidth = Number(width);
    if (
      !metric ||
      width === undefined ||
      width === '' ||
      extra !== undefined ||
      !(halfWidth > 0) ||
      !Number.isFinite(halfWidth)
    ) {
      throw new InputError(
        'usage',
        `--precision: ${JSON.stringify(part)} is not METRIC=HALFWIDTH with a half-width > 0; ${usage}`,
      );
    }
    return { metric, halfWidth };
  });
  for (const setup of armSetups(plan)) {
    const known = metricNamesOf(setup.game, plan.rotation);
    for (const { metric } of targets) {
      if (!known.includes(metric)) {
        throw new InputError(
          'usage',
          `--precision: arm ${JSON.stringify(setup.arm.name)} does not measure ${JSON.stringify(metric)}; its metrics: ${known.join(', ')}`,
        );
      }
    }
  }
  const names = targets.map((t) => t.metric);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new InputError('usage', `--precision names ${twice} twice`);
  return targets;
}

export const precisionRule = (targets: readonly PrecisionTarget[]): string =>
  targets.map((t) => `${t.metric}=${t.halfWidth}`).join(',');

/** The plan of a run to this precision: its own run directory (see `Plan.stop`). */
export function precisionPlan(plan: Plan, targets: readonly PrecisionTarget[]): Plan {
  return { ...plan, stop: { precision: precisionRule(targets), firstDeals: Math.min(plan.deals, FIRST_BATCH_DEALS) } };
}

/**
 * Per target, the widest half-width over the summary's arms: `judged` as the rule compares it with
 * the target, `plain` (the reported interval's) to size the next batch; Infinity without an interval
 * or for a degenerate sample.
 */
export function halfWidths(
  summary: Summary,
  targets: readonly PrecisionTarget[],
): { judged: Record<string, number>; plain: Record<string, number> } {
  const per = targets.map(({ metric, family }) =>
    summary.arms.map((arm) => stopHalfWidths(measureOf(arm, metric), family)),
  );
  const widest = (key: 'judged' | 'plain') =>
    Object.fromEntries(targets.map(({ metric }, k) => [metric, Math.max(...per[k]!.map((w) => w[key]))]));
  return { judged: widest('judged'), plain: widest('plain') };
}

/** The reported intervals of every arm and target. */
export function reportedIntervals(summary: Summary, targets: readonly PrecisionTarget[]): ReportedInterval[] {
  return summary.arms.flatMap((arm) =>
    targets.map(({ metric, family }) => {
      const m = measureOf(arm, metric);
      const { lo, hi } = stopInterval(m, family);
      const nominal = familyLevel(family) * 100;
      return {
        arm: arm.name,
        metric,
        estimate: m.mean,
        lo,
        hi,
        method: `${intervalMethod(m)} at nominal ${Number(nominal.toPrecision(4))} % (covers ≥ ${PRECISION_LEVEL * 100} % under the stop)`,
      };
    }),
  );
}

/**
 * Plays `options.plan` (made by `precisionPlan`) batch by batch until the targets are met or its
 * deals are played; `onBatch` hears each batch. The outcome is that of the last batch, with the
 * games played and wall time of every batch, and the stop record also written into `manifest.json`.
 */
export async function runToPrecision(
  targets: readonly PrecisionTarget[],
  options: RunOptions,
  onBatch?: (batch: PrecisionBatch, next: number | null) => void,
): Promise<RunOutcome & { stop?: StopRecord }> {
  const plan = options.plan;
  if (!plan.stop) throw new Error('runToPrecision needs a plan made by precisionPlan');
  const batches: PrecisionBatch[] = [];
  let deals = plan.stop.firstDeals;
  let gamesPlayed = 0;
  let wallSeconds = 0;
  for (;;) {
    const batch = await runExperiment({ ...options, dealsLimit: deals });
    gamesPlayed += batch.gamesPlayed;
    wallSeconds += batch.wallSeconds;
    const outcome = { ...batch, gamesPlayed, wallSeconds };
    if (outcome.status !== 'complete') return outcome;
    const widths = halfWidths(outcome.summary!, targets);
    batches.push({ deals, halfWidths: widths.judged });
    const met = targets.every((t) => widths.judged[t.metric]! <= t.halfWidth);
    const next = met || deals >= plan.deals ? null : nextBatchDeals(deals, widths.plain, targets, plan.deals);
    onBatch?.(batches[batches.length - 1]!, next);
    if (next === null) {
      const stop: StopRecord = {
        rule: precisionRule(targets),
        level: PRECISION_LEVEL,
        nominalLevel: STOP_LEVEL,
        batches,
        reason: met ? 'precision' : 'deals',
        deals,
        intervals: reportedIntervals(outcome.summary!, targets),
      };
      const file = join(outcome.runDir, 'manifest.json');
      writeJsonAtomic(file, { ...(JSON.parse(readFileSync(file, 'utf8')) as object), stop });
      return { ...outcome, stop };
    }
    deals = next;
  }
}
