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
  private readonly order: Int16Array;

  constructor(private readonly game: Game) {
    this.keyHashes = Uint32Array.from(game.deckKeys, hashString);
    this.sortKeys = new Float64Array(game.deck.length);
    this.index = new Int32Array(game.deck.length);
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
    const keys = this.sortKeys;
    this.index.sort((a, b) => keys[a]! - keys[b]! || a - b);
    for (let i = 0; i < n; i++) this.order[i] = this.game.deck[this.index[i]!]!;
    return this.order;
  }
}
