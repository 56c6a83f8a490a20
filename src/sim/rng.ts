/**
 * Seeded random streams (`DESIGN.md` "Seeds, deals and pairing"): Tyche-i, seeded from strings built
 * of the run seed, the deal and the seat, so any game of a run can be rebuilt alone.
 */
import type { Rng } from '../engine/index.ts';

export type { Rng } from '../engine/index.ts';
export { randomIndex } from '../engine/index.ts';

/**
 * Tyche-i (Neves and Araujo, "Fast and small nonlinear pseudorandom number generators for computer
 * simulation", 2011) as seedrandom's `tychei` writes it — its last step mixes in `c >>> 16` where the
 * paper rotates `d` — and seeded as it seeds from a string: each character folded into `b` before a
 * round, then 20 more rounds.
 */
class TycheI {
  private a = 0;
  private b = 0;
  private c = 2654435769 | 0;
  private d = 1367130551;

  constructor(seed: string) {
    for (let k = 0; k < seed.length; k++) {
      this.b ^= seed.charCodeAt(k);
      this.round();
    }
    for (let k = 0; k < 20; k++) this.round();
  }

  /** One round; returns the new `a`. */
  round(): number {
    let { a, b, c, d } = this;
    b = (b << 25) ^ (b >>> 7) ^ c;
    c = (c - d) | 0;
    d = (d << 24) ^ (d >>> 8) ^ a;
    a = (a - b) | 0;
    this.b = b = (b << 20) ^ (b >>> 12) ^ c;
    this.c = c = (c - d) | 0;
    this.d = (d << 16) ^ (c >>> 16) ^ a;
    return (this.a = (a - b) | 0);
  }
}

/**
 * The stream seedrandom's `tychei` gives for the seed `parts.join(':')`, number for number (a test
 * compares them): a game makes one stream per seat and one for its deal, and seedrandom's wrappers
 * (four closures a stream) cost more than the numbers drawn.
 */
export function makeRng(...parts: (string | number)[]): Rng {
  const generator = new TycheI(parts.join(':'));
  return () => (generator.round() >>> 0) / 0x100000000;
}

/** 32-bit string hash (FNV-1a), stable across runs and machines. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit finaliser (murmur3 fmix32): spreads a seed ^ key into an unbiased sort key. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}
