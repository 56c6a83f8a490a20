/**
 * The seeded streams (`src/sim/rng.ts`): number for number the streams of seedrandom's `tychei`, which
 * every recorded run and golden file was played with.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/sim/rng.ts';

describe('makeRng', () => {
  it("gives seedrandom's tychei stream for the joined seed", () => {
    const seeds: (string | number)[][] = [[''], ['bench', 0, 1], ['carclab-default-1', 'deal', 19_999], ['ünïcødé ✓', -3.5], [Array.from({ length: 300 }, (_, i) => String.fromCharCode(i * 7)).join('')]];
    for (const parts of seeds) {
      const ours = makeRng(...parts);
      const theirs = seedrandom.tychei(parts.join(':'));
      const n = 5_000;
      expect(Array.from({ length: n }, ours)).toEqual(Array.from({ length: n }, () => theirs()));
    }
  });
});
