/**
 * Which variant stays closest to the base game (docs/reasoning.md §6, §11): a ranking backed by tests that
 * stay valid although the closest is picked from the same data.
 *
 * Each variant's distance from the base game on a deal is s_v·x_v, with x_v the variant's change
 * against the base game on that deal and s_v the sign of its mean change (so a variant that lowers a
 * quantity is as far as one that raises it by as much). The variant with the smallest mean distance
 * is picked; it is "separated" from another variant w when the paired t test of w's distance minus
 * its own, on their shared deals, rejects after Holm over **every pair of variants**, not only the
 * pairs with the picked one. Picking the smallest and then testing it against the others alone
 * tests a selected pair: with all variants equally far, such tests flag a separation more often than
 * their level (issue 23: 7–8 % at 5 %). Every pair's test in one Holm family keeps the chance of any
 * false separation at 5 % whichever variant is picked (the tests reported are a subset of a family
 * whose error rate is controlled).
 */
import { holmAdjust, pairedComparison } from '../stats/index.ts';
import type { PairedComparison } from '../stats/index.ts';
import { differenceOnSharedDeals, sums } from './numbers.ts';
import type { DealValues } from './numbers.ts';

export interface ClosestVariant {
  closest: string;
  /** The picked variant's own change against the base game. */
  change: PairedComparison;
  /** Each other variant: how much further it is (paired t), its p after Holm over all pairs of variants, and whether that separates them. */
  others: { variant: string; further: PairedComparison; pHolm: number | null; separated: boolean }[];
  /** Pairs in the Holm family. */
  family: number;
}

/**
 * The closest of the variants whose per-deal changes against the base game are given.
 * @example closestVariant(new Map([['a', changesA], ['b', changesB]])) // { closest: 'a', others: [{ variant: 'b', … }] }
 */
export function closestVariant(changes: ReadonlyMap<string, DealValues>): ClosestVariant {
  const variants = [...changes.keys()];
  const mean = (v: string) => sums(changes.get(v)!.values).sum / Math.max(1, changes.get(v)!.values.length);
  const distance = (v: string): DealValues => ({
    ...changes.get(v)!,
    values: changes.get(v)!.values.map((x) => Math.sign(mean(v)) * x),
  });
  const order = [...variants].sort((x, y) => Math.abs(mean(x)) - Math.abs(mean(y)));
  const closest = order[0]!;
  // 1. Every pair (u, w), u before w in the order: is w further than u?
  const pairs = order.flatMap((u, i) =>
    order
      .slice(i + 1)
      .map((w) => ({ u, w, t: pairedComparison(sums(differenceOnSharedDeals(distance(u), distance(w)).values)) })),
  );
  const adjusted = holmAdjust(pairs.map((p) => p.t.p));
  // 2. The picked variant's pairs.
  const others = pairs.flatMap((p, k) =>
    p.u !== closest
      ? []
      : [
          {
            variant: p.w,
            further: p.t,
            pHolm: adjusted[k] ?? null,
            separated:
              adjusted[k] !== null && adjusted[k] !== undefined && adjusted[k]! <= 0.05 && (p.t.meanDiff ?? 0) > 0,
          },
        ],
  );
  return { closest, change: pairedComparison(sums(changes.get(closest)!.values)), others, family: pairs.length };
}
