/**
 * The deal's sort (`sortByKey` in `src/sim/deal.ts`): the same order as a sort by (key, index), so
 * deals stay the same; keys drawn from a few values so that ties are common.
 */
import { describe, expect, it } from 'vitest';
import { sortByKey } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';

describe('sortByKey', () => {
  it('orders indices by key, equal keys in index order, for every length up to 150', () => {
    const rng = makeRng('sort-by-key');
    for (let n = 0; n <= 150; n++) {
      for (const distinct of [1, 3, 50, 1e9]) {
        const keys = Float64Array.from({ length: n }, () => Math.floor(rng() * distinct) * 2 ** 33);
        const index = Int32Array.from({ length: n }, (_, i) => i);
        const want = Array.from(index).sort((a, b) => keys[a]! - keys[b]! || a - b);
        expect(Array.from(sortByKey(index, new Int32Array(n), keys, n)), `n ${n}, ${distinct} distinct keys`).toEqual(want);
      }
    }
  });
});
