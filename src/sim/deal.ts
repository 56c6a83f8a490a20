/**
 * Deals: the tile order of deal d of a run. Every copy of every tile has a stable key (`U.garden#2`);
 * its place in the order is its random sort key, derived from (run seed, deal, copy key). Adding an
 * expansion's tiles therefore leaves the base tiles in the same order relative to each other, and
 * arms that differ only in rules draw exactly the same tiles.
 */
import type { Game } from '../engine/index.ts';
import { hashString, makeRng, mix32 } from './rng.ts';

/**
 * The deal's sort distributes the keys by their top 6 bits first: about one deck entry per bucket.
 * A key of 2^64 (2^64 - 1 rounded to a double) gets a bucket of its own.
 */
const BUCKET_BITS = 6;
const BUCKET_SCALE = 2 ** -(64 - BUCKET_BITS);
/** The length of `sortByKey`'s `counts`. */
export const SORT_COUNTS = (1 << BUCKET_BITS) + 2;

/** Precomputed per-game key hashes (the deck's copy keys do not change between deals). */
export class Dealer {
  private readonly keyHashes: Uint32Array;
  private readonly sortKeys: Float64Array;
  private readonly sorted: Int32Array;
  private readonly counts = new Int32Array(SORT_COUNTS);
  private readonly order: Int16Array;

  constructor(private readonly game: Game) {
    this.keyHashes = Uint32Array.from(game.deckKeys, hashString);
    this.sortKeys = new Float64Array(game.deck.length);
    this.sorted = new Int32Array(game.deck.length);
    this.order = new Int16Array(game.deck.length);
  }

  /** Tile types in draw order for deal `deal` of a run seeded `seed`. The result is reused: copy it to keep it. */
  deal(seed: string, deal: number): Int16Array {
    const dealSeed = (makeRng(seed, 'deal', deal)() * 0x100000000) >>> 0;
    const n = this.keyHashes.length;
    for (let i = 0; i < n; i++) {
      // Key ties are broken by the copy key's hash, then by index, so the order is total and stable.
      this.sortKeys[i] = mix32(dealSeed ^ this.keyHashes[i]!) * 0x100000000 + this.keyHashes[i]!;
    }
    const sorted = sortByKey(this.sortKeys, n, this.sorted, this.counts);
    for (let i = 0; i < n; i++) this.order[i] = this.game.deck[sorted[i]!]!;
    return this.order;
  }
}

/**
 * Writes the indices 0 … n-1 into `out` sorted by `keys` (numbers from 0 to 2^64), stably: equal
 * keys keep index order, so the order is the same as a sort by (key, index); returns `out`. The keys
 * are hash values, spread evenly: distributing them by their top bits (a bucket is a monotone
 * function of the key, so equal keys share one, in index order) leaves runs of one or two that an
 * insertion pass then orders. `counts` has `SORT_COUNTS` entries. Faster than the merge sort written
 * out before it (2.5 µs of a deal's 6), which was faster than a comparator (a call per comparison).
 */
export function sortByKey(keys: Float64Array, n: number, out: Int32Array, counts: Int32Array): Int32Array {
  counts.fill(0);
  for (let i = 0; i < n; i++) counts[((keys[i]! * BUCKET_SCALE) | 0) + 1]! += 1;
  for (let b = 1; b < counts.length; b++) counts[b]! += counts[b - 1]!;
  for (let i = 0; i < n; i++) out[counts[(keys[i]! * BUCKET_SCALE) | 0]!++] = i;
  for (let i = 1; i < n; i++) {
    const v = out[i]!;
    const key = keys[v]!;
    let j = i - 1;
    for (; j >= 0 && keys[out[j]!]! > key; j--) out[j + 1] = out[j]!;
    out[j + 1] = v;
  }
  return out;
}
