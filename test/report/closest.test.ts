/**
 * "Closest variant" with a selection-valid test (issue 23, item 9): when every variant is equally far
 * from the base game, a separation is claimed in at most 5 % of seeded simulated studies (within the
 * simulation's error), although the closest is picked from the same data.
 */
import { describe, expect, it } from 'vitest';
import { closestVariant } from '../../src/report/closest.ts';
import type { DealValues } from '../../src/report/numbers.ts';
import { makeRng } from '../../src/sim/rng.ts';

const normal = (rng: () => number) => {
  let u = 0;
  while (u === 0) u = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
};

/** Per-deal changes of `variants` variants, all with mean `change`, sharing a per-deal component. */
function study(rng: () => number, variants: number, deals: number, change: number): Map<string, DealValues> {
  const common = Array.from({ length: deals }, () => normal(rng));
  const dealIds = [...Array(deals).keys()];
  return new Map(
    Array.from({ length: variants }, (_, v) => [
      `v${v}`,
      { deals: dealIds, values: common.map((c) => change + 0.5 * c + normal(rng)), games: deals },
    ]),
  );
}

describe('closest variant', () => {
  it('with all variants equally far, claims a separation in at most 5 % of studies', () => {
    const rng = makeRng('closest-test');
    const replicates = 2000;
    let claimed = 0;
    for (let r = 0; r < replicates; r++)
      if (closestVariant(study(rng, 4, 100, 1)).others.some((o) => o.separated)) claimed++;
    const rate = claimed / replicates;
    // 2 standard errors of a 5 % rate over 2,000 studies: 1 pp.
    expect(rate, `${claimed} of ${replicates}`).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / replicates));
  });

  it('still separates a variant that is clearly closer', () => {
    const rng = makeRng('closest-power');
    const changes = study(rng, 4, 200, 2);
    changes.set('v0', { ...changes.get('v0')!, values: changes.get('v0')!.values.map((x) => x - 1.8) });
    const result = closestVariant(changes);
    expect(result.closest).toBe('v0');
    expect(result.family).toBe(6);
    expect(result.others.every((o) => o.separated)).toBe(true);
  });
});
