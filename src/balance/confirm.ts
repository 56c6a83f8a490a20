/**
 * The confirmation of a rule set on fresh deals (seed `<seed>/confirm`): each of its contexts is
 * played in batches by the rule of `carclab run --precision` (`src/tune/stop-rule.ts`: a first batch
 * of up to `FIRST_BATCH_DEALS` deals, then as many as the widest interval asks for) until every
 * target measured there is known to ±its precision, or the context has played `confirmDeals`
 * deals. Each part of each target gets the stop rule's interval at the Bonferroni level over every
 * part of every target of the rule set (nominal 99 % for one), whose coverage holds under the stop;
 * a target of several parts (`seatWinGap`) gets the largest distance those intervals allow.
 */
import { FIRST_BATCH_DEALS, familyLevel, nextBatchDeals, PRECISION_LEVEL, stopHalfWidths } from '../tune/stop-rule.ts';
import { gamesPerDealOf } from '../sim/plan.ts';
import type { BalanceContext } from './contexts.ts';
import type { Balance } from './definition.ts';
import type { PartData } from './estimate.ts';
import { partInterval, partMeasure, partValue } from './estimate.ts';
import type { ContextRuns } from './evaluate.ts';
import { shortfall } from './targets.ts';

export interface ConfirmedTarget {
  estimate: number;
  lo: number;
  hi: number;
  /** `yes`: the whole interval meets the wish; `no`: none of it does; `undecided`: both. */
  met: 'yes' | 'no' | 'undecided' | 'n/a';
}

export interface Confirmation {
  point: number[];
  targets: ConfirmedTarget[];
  /**
   * Per context: deals played, why it stopped, and the targets whose sample had the same value on
   * every deal (such a sample never stops a run: it is not precise, however many deals).
   */
  contexts: { key: string; deals: number; reason: 'precision' | 'deals'; games: number; sameValue: string[] }[];
}

/** The interval of a target from its parts' stop intervals (each one of a family of `family`). */
function confirmedInterval(
  parts: readonly PartData[],
  gap: boolean,
  n: number,
  family: number,
): { estimate: number; lo: number; hi: number } {
  // The stop rule's interval of each part (`stopInterval`), with the bound of terms that never moved.
  const level = familyLevel(family);
  if (!gap) {
    const iv = partInterval(parts[0]!, n, level);
    return { estimate: partValue(parts[0]!, n), lo: iv.lo, hi: iv.hi };
  }
  let [estimate, lo, hi] = [0, 0, 0];
  for (const p of parts) {
    const iv = partInterval(p, n, level);
    const a = p.around;
    estimate = Math.max(estimate, Math.abs(partValue(p, n) - a));
    lo = Math.max(lo, iv.lo > a ? iv.lo - a : iv.hi < a ? a - iv.hi : 0);
    hi = Math.max(hi, Math.abs(iv.lo - a), Math.abs(iv.hi - a));
  }
  return { estimate, lo, hi };
}

/** Whether an interval of the metric meets the target's wish. */
function verdict(t: Balance['targets'][number], lo: number, hi: number): ConfirmedTarget['met'] {
  if (t.kind === 'minimize' || t.kind === 'maximize') return 'n/a';
  const [a, b] = [shortfall(t, lo), shortfall(t, hi)];
  const inside = t.kind === 'equals' ? lo >= t.value - t.tolerance && hi <= t.value + t.tolerance : a === 0 && b === 0;
  if (inside) return 'yes';
  const outside = t.kind === 'equals' ? hi < t.value - t.tolerance || lo > t.value + t.tolerance : a > 0 && b > 0;
  return outside ? 'no' : 'undecided';
}

/** Plays one context of `point` in batches until its targets are known to their precision or the cap. */
async function confirmContext(
  balance: Balance,
  runs: ContextRuns,
  point: readonly number[],
  context: BalanceContext,
  family: number,
): Promise<Confirmation['contexts'][number]> {
  const cap = balance.budget.confirmDeals;
  const targets = balance.targets.map((t, i) => ({ t, i })).filter(({ t }) => t.context === context.key);
  const [run] = runs.runsOf([point], [context]);
  for (let n = Math.min(cap, FIRST_BATCH_DEALS); ; ) {
    await runs.grow([run!], n);
    const data = runs.candidate(point, n);
    const widths = targets.map(({ t, i }) => {
      const halves = data.targets[i]!.map((part) => stopHalfWidths(partMeasure(part, n), family));
      return {
        metric: String(i),
        judged: Math.max(...halves.map((h) => h.judged)),
        plain: Math.max(...halves.map((h) => h.plain)),
        halfWidth: t.precision,
      };
    });
    const met = widths.every((w) => w.judged <= w.halfWidth);
    if (met || n >= cap) {
      const sameValue = targets.filter((_, k) => widths[k]!.judged === Infinity).map(({ t }) => t.label);
      const reason = met ? 'precision' : 'deals';
      return { key: context.key, deals: n, reason, games: n * gamesPerDealOf(run!.plan), sameValue };
    }
    n = nextBatchDeals(n, Object.fromEntries(widths.map((w) => [w.metric, w.plain])), widths, cap);
  }
}

/** Confirms `point` on the runs of the confirmation seed (`runs`, shared by every confirmed rule set). */
export async function confirm(balance: Balance, runs: ContextRuns, point: readonly number[]): Promise<Confirmation> {
  const family = balance.targets.reduce((n, t) => n + t.metric.parts.length, 0);
  // Every context finishes (or stops) before this returns: a stopped confirmation leaves no run holding its lock.
  const settled = await Promise.allSettled(
    balance.contexts.map((c) => confirmContext(balance, runs, point, c, family)),
  );
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  const contexts = settled.map((r) => (r as PromiseFulfilledResult<Confirmation['contexts'][number]>).value);
  const deals = (key: string) => contexts.find((c) => c.key === key)!.deals;
  const targets = balance.targets.map((t, i) => {
    const n = deals(t.context);
    const iv = confirmedInterval(runs.candidate(point, n).targets[i]!, t.metric.combine === 'gap', n, family);
    return { ...iv, met: verdict(t, iv.lo, iv.hi) };
  });
  return { point: [...point], targets, contexts };
}

/** The coverage the confirmation's intervals keep under its stop, and the nominal level of each. */
export const confirmationLevels = (balance: Balance): { level: number; nominal: number } => ({
  level: PRECISION_LEVEL,
  nominal: familyLevel(balance.targets.reduce((n, t) => n + t.metric.parts.length, 0)),
});
