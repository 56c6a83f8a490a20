/**
 * Pairing (docs/architecture.md §6): all arms play the same deals with the same agent
 * streams, so arms that differ only in a rule that cannot matter play identical games, and arms that
 * differ in their tiles still see the base tiles in the same relative order.
 */
import { describe, expect, it } from 'vitest';
import type { Columns } from '../../src/sim/columns.ts';
import { armSetups } from '../../src/sim/plan.ts';
import { runShard } from '../../src/sim/shard.ts';
import { designerTiles, planOf } from './helpers.ts';

/** Rows of one arm without the arm column, as comparable arrays. */
function armRows(columns: Columns, arm: number): Record<string, number[]> {
  const mask = Array.from(columns.arm!, (a) => a === arm);
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([name]) => name !== 'arm')
      .map(([name, c]) => [name, Array.from(c).filter((_, i) => mask[i])]),
  );
}

describe('arms that differ only in a rule that cannot matter', () => {
  // With farmers off nobody ever scores a field, so the farmer points per city never come up;
  // and 7 meeples given explicitly is the default.
  const plan = planOf({
    seed: 'pairing',
    deals: 150,
    columns: ['score', 'rank', 'breakdown', 'stats'],
    arms: [
      { name: 'off', players: 3, rules: { farmers: 'off' } },
      { name: 'off-9-per-city', players: 3, rules: { farmers: 'off', farmerPointsPerCity: 9 } },
      { name: 'off-7-meeples', players: 3, rules: { farmers: 'off', meeples: 7 } },
    ],
  });
  const { aggregate, columns } = runShard({ plan, start: 0, end: 150, keepGames: true });

  it('produce identical per-deal results', () => {
    const reference = armRows(columns!, 0);
    expect(reference.score0).toHaveLength(150);
    expect(armRows(columns!, 1)).toEqual(reference);
    expect(armRows(columns!, 2)).toEqual(reference);
  });

  it('have paired differences of exactly zero in every deal', () => {
    for (const pair of aggregate.pairs) {
      for (const m of pair.metrics) expect([m.n, m.zero, m.positive, m.negative, m.sumSq]).toEqual([150, 150, 0, 0, 0]);
    }
  });
});

describe('arms that differ in their tiles', () => {
  const plan = planOf({
    seed: 'tiles',
    deals: 40,
    arms: [
      { name: 'base', players: 2 },
      { name: 'designer', players: 2, tiles: designerTiles(4) },
      { name: 'more-D', players: 2, tileCounts: { D: 7 } },
      { name: 'base-again', players: 4 },
    ],
  });
  const [base, designer, moreD, again] = armSetups(plan);
  const ids = (setup: typeof base, deal: number) =>
    Array.from(setup!.dealer.deal(plan.seed, deal), (t) => setup!.game.catalog.types[t]!.id);
  it('keep the base tiles in the same relative order when a designer tile file is added', () => {
    for (let deal = 0; deal < 40; deal++) {
      const withDesigner = ids(designer, deal);
      expect(withDesigner.filter((id) => id === 'Z1')).toHaveLength(4);
      expect(withDesigner.filter((id) => id !== 'Z1')).toEqual(ids(base, deal));
    }
  });

  it('keep the existing copies in the same relative order when copies are added', () => {
    for (let deal = 0; deal < 40; deal++) {
      const more = ids(moreD, deal);
      expect(more.filter((id) => id === 'D')).toHaveLength(6);
      // Without the D copies (old and new) the order is the base order.
      const baseOrder = ids(base, deal);
      expect(more.filter((id) => id !== 'D')).toEqual(baseOrder.filter((id) => id !== 'D'));
    }
  });

  it('deal the same tile order to arms with the same deck, whatever their player count', () => {
    for (let deal = 0; deal < 40; deal++) expect(ids(again, deal)).toEqual(ids(base, deal));
  });

  it('still play every deal in every arm', () => {
    const { aggregate } = runShard({ plan, start: 0, end: 40, keepGames: false });
    expect(aggregate.arms.map((a) => a.games)).toEqual([40, 40, 40, 40]);
    expect(aggregate.arms[1]!.stats[0]!.sum).toBeGreaterThan(aggregate.arms[0]!.stats[0]!.sum);
  });
});
