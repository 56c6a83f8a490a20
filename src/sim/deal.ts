/**
 * Deals: the tile order of deal d of a run. Every copy of every tile has a stable key (`U.garden#2`);
 * its place in the order is its random sort key, derived from (run seed, deal, copy key). Adding an
 * expansion's tiles therefore leaves the base tiles in the same order relative to each other, and
 * arms that differ only in rules draw exactly the same tiles.
 */
import type { Game } from '../engine/index.ts';
import { hashString, makeRng, mix32 } from './rng.ts';

/** Precomputed per-game key hashes (the deck's copy keys do not change between deals). */
export class Dealer {
  private readonly keyHashes: Uint32Array;
  private readonly sortKeys: Float64Array;
  private readonly index: Int32Array;
  private readonly scratch: Int32Array;
  private readonly order: Int16Array;

  constructor(private readonly game: Game) {
    this.keyHashes = Uint32Array.from(game.deckKeys, hashString);
    this.sortKeys = new Float64Array(game.deck.length);
    this.index = new Int32Array(game.deck.length);
    this.scratch = new Int32Array(game.deck.length);
    this.order = new Int16Array(game.deck.length);
  }

  /** Tile types in draw order for deal `deal` of a run seeded `seed`. The result is reused: copy it to keep it. */
  deal(seed: string, deal: number): Int16Array {
    const dealSeed = (makeRng(seed, 'deal', deal)() * 0x100000000) >>> 0;
    const n = this.keyHashes.length;
    for (let i = 0; i < n; i++) {
      // Key ties are broken by the copy key's hash, then by index, so the order is total and stable.
      this.sortKeys[i] = mix32(dealSeed ^ this.keyHashes[i]!) * 0x100000000 + this.keyHashes[i]!;
      this.index[i] = i;
    }
    const sorted = sortByKey(this.index, this.scratch, this.sortKeys, n);
    for (let i = 0; i < n; i++) this.order[i] = this.game.deck[sorted[i]!]!;
    return this.order;
  }
}

/** Runs sorted by insertion before the merges. */
const RUN = 8;

/**
 * Sorts the indices 0 … n-1 (in `index`, in increasing order) by `keys`, stably: equal keys keep
 * index order, so the order is the same as a sort by (key, index). Returns the buffer that holds the
 * result (`index` or `scratch`). A merge sort written out, because a comparator costs a call per
 * comparison (it was a tenth of a random game's time).
 */
export function sortByKey(index: Int32Array, scratch: Int32Array, keys: Float64Array, n: number): Int32Array {
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const v = index[i]!;
      const key = keys[v]!;
      let j = i - 1;
      for (; j >= lo && keys[index[j]!]! > key; j--) index[j + 1] = index[j]!;
      index[j + 1] = v;
    }
  }
  let from = index;
  let to = scratch;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let o = lo;
      // The right run's entry goes first only when its key is smaller: ties keep index order.
      while (i < mid && j < hi) to[o++] = keys[from[j]!]! < keys[from[i]!]! ? from[j++]! : from[i++]!;
      while (i < mid) to[o++] = from[i++]!;
      while (j < hi) to[o++] = from[j++]!;
    }
    const t = from;
    from = to;
    to = t;
  }
  return from;
}
