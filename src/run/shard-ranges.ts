/**
 * How a run's deals are cut into shards (`runner.ts`): the deals no finished shard covers, in shards
 * of about `TARGET_GAMES_PER_SHARD` games, their number a multiple of the threads, the last round cut
 * smaller so that threads that drifted apart end together.
 */
import { gamesPerDealOf } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';

/** Games per shard aimed at: ≥ 1,000 per task so pool overhead vanishes (docs/architecture.md §13). */
export const TARGET_GAMES_PER_SHARD = 4000;

export const defaultShardDeals = (plan: Plan): number =>
  Math.max(1, Math.ceil(TARGET_GAMES_PER_SHARD / gamesPerDealOf(plan)));

/**
 * Deals per new shard when the caller sets none: about `defaultShardDeals`, cut so that the number
 * of shards of the `missingDeals` is a multiple of the backend's `concurrency`, so threads that keep
 * in step end together (50,000 deals of 2 games on 2 threads: 26 shards of 1,924 deals instead of
 * 25 of 2,000, the last of which played alone).
 */
export function balancedShardDeals(plan: Plan, missingDeals: number, concurrency: number): number {
  const threads = Math.max(1, concurrency);
  const shards = Math.ceil(Math.ceil(missingDeals / defaultShardDeals(plan)) / threads) * threads;
  return Math.max(1, Math.ceil(missingDeals / Math.max(1, shards)));
}

/** Pieces each shard of the last round is cut into (`splitLastRound`). */
const LAST_ROUND_PIECES = 4;

/**
 * The last `concurrency` shards cut into `LAST_ROUND_PIECES` pieces each: threads that drifted apart
 * then wait at the end for a small piece, not for a whole shard of another thread.
 */
export function splitLastRound(ranges: readonly [number, number][], concurrency: number): [number, number][] {
  if (concurrency < 2) return [...ranges];
  const head = ranges.slice(0, Math.max(0, ranges.length - concurrency));
  const tail = ranges
    .slice(head.length)
    .flatMap(([start, end]) =>
      missingRanges([], end - start, Math.ceil((end - start) / LAST_ROUND_PIECES)).map(([a, b]): [number, number] => [
        start + a,
        start + b,
      ]),
    );
  return [...head, ...tail];
}

/** Deal ranges of [0, deals) not covered by `done` (sorted, disjoint), split into pieces of `size`. */
export function missingRanges(done: readonly [number, number][], deals: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  for (const [start, end] of [...done, [deals, deals] as [number, number]]) {
    for (let s = at; s < start; s += size) out.push([s, Math.min(start, s + size)]);
    at = Math.max(at, end);
  }
  return out;
}

/**
 * The deal ranges of a run's new shards: the deals of [0, dealsLimit) that no finished shard covers
 * (`done`), in shards of `shardDeals` when the caller sets it, else balanced over the backend's
 * `concurrency` with the last round split.
 */
export function shardsToPlay(
  plan: Plan,
  done: readonly [number, number][],
  dealsLimit: number,
  shardDeals: number | undefined,
  concurrency: number,
): [number, number][] {
  if (shardDeals !== undefined) return missingRanges(done, dealsLimit, shardDeals);
  const missingDeals = missingRanges(done, dealsLimit, dealsLimit).reduce((n, [start, end]) => n + end - start, 0);
  return splitLastRound(
    missingRanges(done, dealsLimit, balancedShardDeals(plan, missingDeals, concurrency)),
    concurrency,
  );
}
