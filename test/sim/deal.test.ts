/**
 * The deal's sort (`sortByKey` in `src/sim/deal.ts`): the same order as a sort by (key, index), so
 * deals stay the same; keys drawn from a few values so that ties are common.
 */
import { describe, expect, it } from 'vitest';
import { SORT_COUNTS, sortByKey } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';

describe('sortByKey', () => {
  it('orders indices by key, equal keys in index order, for every length up to 150 and keys up to 2^64', () => {
    const rng = makeRng('sort-by-key');
    for (let n = 0; n <= 150; n++) {
      for (const distinct of [1, 3, 50, 1e9]) {
        // Up to 2^64, the largest key a deal makes (2^64 - 1 rounded to a double).
        const keys = Float64Array.from({ length: n }, () => (Math.ceil(rng() * distinct) / distinct) * 2 ** 64);
        const want = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
        expect(
          Array.from(sortByKey(keys, n, new Int32Array(n), new Int32Array(SORT_COUNTS))),
          `n ${n}, ${distinct} distinct keys`,
        ).toEqual(want);
      }
    }
  });
});
