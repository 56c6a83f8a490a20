/**
 * Run to a precision (`carclab run … --precision METRIC=HALFWIDTH[,…]`): the run plays deals in
 * batches, in one run directory, until every named metric's 95 % interval is at most HALFWIDTH wide
 * on each side in every arm, or the plan's deals (`--deals`) are reached.
 *
 * Batches: 200 deals first (fewer when the plan has fewer), then as many as the widest interval
 * asks for (n · (half-width / wanted)² · 1.1, and at least 1.5 × n), never past the plan's deals.
 * Every decision depends only on deals [0, n), so the stop is the same for any number of workers.
 *
 * Optional stopping (`STUDIES.md` §8): the rule looks only at the interval's width, never at the
 * estimate. For a mean, the width depends on the sample standard deviation alone, and this
 * fixed-width sequential interval keeps its coverage as the wanted width shrinks (Chow & Robbins
 * 1965, Ann. Math. Statist. 36:457–462); a win share's width depends a little on the share itself,
 * which the same asymptotics cover. The first batch of 200 deals keeps the standard deviation from
 * being judged on a handful of games. The manifest records the rule, every batch and the stop.
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
import { measureInterval, measureOf, metricNamesOf } from './metric.ts';

export interface PrecisionTarget {
  metric: string;
  halfWidth: number;
}

export const PRECISION_LEVEL = 0.95;
export const FIRST_BATCH_DEALS = 200;

/** One batch: the deals played so far and, per target metric, the widest half-width over the arms. */
export interface PrecisionBatch {
  deals: number;
  halfWidths: Record<string, number>;
}

export interface StopRecord {
  rule: string;
  level: number;
  batches: PrecisionBatch[];
  /** `precision`: every interval is narrow enough; `deals`: the plan's deals are played first. */
  reason: 'precision' | 'deals';
  deals: number;
}

/** Parses `margin=0.2,seat0.wins=0.01`; every metric must be measured by every arm of the plan. */
export function parsePrecision(text: string, plan: Plan): PrecisionTarget[] {
  const usage = 'use METRIC=HALFWIDTH[,METRIC=HALFWIDTH…], e.g. margin=0.2,seat0.wins=0.01';
  const targets = text.split(',').map((part): PrecisionTarget => {
    const [metric, width, extra] = part.split('=').map((s) => s.trim());
    const halfWidth = Number(width);
    if (!metric || width === undefined || width === '' || extra !== undefined || !(halfWidth > 0) || !Number.isFinite(halfWidth)) {
      throw new InputError('usage', `--precision: ${JSON.stringify(part)} is not METRIC=HALFWIDTH with a half-width > 0; ${usage}`);
    }
    return { metric, halfWidth };
  });
  for (const setup of armSetups(plan)) {
    const known = metricNamesOf(setup.game, plan.rotation);
    for (const { metric } of targets) {
      if (!known.includes(metric)) {
        throw new InputError('usage', `--precision: arm ${JSON.stringify(setup.arm.name)} does not measure ${JSON.stringify(metric)}; its metrics: ${known.join(', ')}`);
      }
    }
  }
  const names = targets.map((t) => t.metric);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new InputError('usage', `--precision names ${twice} twice`);
  return targets;
}

export const precisionRule = (targets: readonly PrecisionTarget[]): string => targets.map((t) => `${t.metric}=${t.halfWidth}`).join(',');

/** The plan of a run to this precision: its own run directory (see `Plan.stop`). */
export function precisionPlan(plan: Plan, targets: readonly PrecisionTarget[]): Plan {
  return { ...plan, stop: { precision: precisionRule(targets), firstDeals: Math.min(plan.deals, FIRST_BATCH_DEALS) } };
}

/** Per target, the widest 95 % half-width over the summary's arms (Infinity without an interval). */
export function halfWidths(summary: Summary, targets: readonly PrecisionTarget[]): Record<string, number> {
  return Object.fromEntries(targets.map(({ metric }) => {
    const widths = summary.arms.map((arm) => {
      const m = measureOf(arm, metric);
      const { lo, hi } = measureInterval(m, PRECISION_LEVEL);
      return m.n >= 2 && Number.isFinite(hi - lo) ? (hi - lo) / 2 : Infinity;
    });
    return [metric, Math.max(...widths)];
  }));
}

/** Deals of the next batch: what the widest interval asks for, at least 1.5 × n, at most the plan's deals. */
export function nextBatchDeals(deals: number, widths: Record<string, number>, targets: readonly PrecisionTarget[], maxDeals: number): number {
  const ratio = Math.max(...targets.map((t) => widths[t.metric]! / t.halfWidth));
  const wanted = Number.isFinite(ratio) ? Math.ceil(deals * ratio * ratio * 1.1) : 2 * deals;
  return Math.min(maxDeals, Math.max(wanted, Math.ceil(deals * 1.5)));
}

/**
 * Plays `options.plan` (made by `precisionPlan`) batch by batch until the targets are met or its
 * deals are played; `onBatch` hears each batch. The outcome is that of the last batch, with the
 * games played and wall time of every batch, and the stop record also written into `manifest.json`.
 */
export async function runToPrecision(
  targets: readonly PrecisionTarget[], options: RunOptions, onBatch?: (batch: PrecisionBatch, next: number | null) => void,
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
    batches.push({ deals, halfWidths: widths });
    const met = targets.every((t) => widths[t.metric]! <= t.halfWidth);
    const next = met || deals >= plan.deals ? null : nextBatchDeals(deals, widths, targets, plan.deals);
    onBatch?.(batches[batches.length - 1]!, next);
    if (next === null) {
      const stop: StopRecord = { rule: precisionRule(targets), level: PRECISION_LEVEL, batches, reason: met ? 'precision' : 'deals', deals };
      const file = join(outcome.runDir, 'manifest.json');
      writeJsonAtomic(file, { ...(JSON.parse(readFileSync(file, 'utf8')) as object), stop });
      return { ...outcome, stop };
    }
    deals = next;
  }
}
