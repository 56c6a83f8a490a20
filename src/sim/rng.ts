/**
 * Seeded random streams (docs/architecture.md §6): seedrandom's tychei, seeded from
 * strings built of the run seed, the deal and the seat, so any game of a run can be rebuilt alone.
 */
import seedrandom from 'seedrandom';
import type { Rng } from '../engine/index.ts';

export type { Rng } from '../engine/index.ts';
export { randomIndex } from '../engine/index.ts';

export function makeRng(...parts: (string | number)[]): Rng {
  return seedrandom.tychei(parts.join(':'));
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
