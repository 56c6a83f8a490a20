/**
 * The base game is expansion zero (docs/architecture.md §4): the engine takes every point value
 * from the base game's rule module, and names none itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Evaluator } from '../../src/agents/evaluation/evaluation.ts';
import type { State } from '../../src/engine/index.ts';
import {
  Game,
  MAX_ACTIONS_HINT,
  PHASE_FOLLOW,
  SEG_FIELD,
  defineExpansion,
  meepleSegmentOf,
} from '../../src/engine/index.ts';
import { BASE_PARAMS, baseGame, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { playChecked } from '../util.ts';

/** The base game with every feature paying twice its points, and saying so in its rates. */
const doubled = defineExpansion({
  ...baseGame,
  setup(ctx) {
    const base = baseGame.setup(ctx);
    return {
      ...base,
      featureRates: base.featureRates!.map((r) => ({
        tile: 2 * r.tile,
        pennant: 2 * r.pennant,
        city: 2 * r.city,
        finalTile: 2 * r.finalTile,
        finalPennant: 2 * r.finalPennant,
        finalCity: 2 * r.finalCity,
      })),
      price(f) {
        base.price!(f);
        f.points *= 2;
      },
    };
  },
});

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

describe('the base game as a rule module', () => {
  it('prices every feature: a module paying double doubles roads, cities, monasteries and fields, in the same game', () => {
    for (let deal = 0; deal < 3; deal++) {
      const official = playChecked(newGame({ players: 3 }), 'base-module', deal);
      const twice = playChecked(new Game({ players: 3 }, doubled), 'base-module', deal);
      for (let p = 0; p < 3; p++) {
        const a = official.breakdown(p);
        const b = twice.breakdown(p);
        for (const source of ['road', 'city', 'monastery', 'field'])
          expect(b[source], `player ${p} ${source}, deal ${deal}`).toBe(2 * a[source]!);
      }
      expect(official.totals().some((t) => t > 0)).toBe(true);
    }
  });

  it("is what the agents estimate by: with the doubled module every player's evaluation of a position doubles", () => {
    const free = { meepleCost: 0, farmerCost: 0, emptyHand: 0 };
    for (let deal = 0; deal < 3; deal++) {
      const game = newGame({ players: 2 });
      const gameTwice = new Game({ players: 2 }, doubled);
      // The same 40 actions in both games (scores double), then each position evaluated.
      const mid = [game, gameTwice].map((g) => {
        const state = g.newState(new Dealer(g).deal('base-module-mid', deal));
        const legal = new Int32Array(MAX_ACTIONS_HINT);
        for (let k = 0; k < 40; k++) state.apply(legal[(k * 7) % state.legalActions(legal)]!);
        return Array.from(new Evaluator(g, free).totals(state));
      });
      expect(mid[0]!.some((t) => t > 0)).toBe(true);
      expect(mid[1]).toEqual(mid[0]!.map((t) => 2 * t));
    }
  });

  it('scores the fields itself: each field event pays its winners, and they add up to the field points', () => {
    for (let deal = 0; deal < 3; deal++) {
      const paid = [0, 0, 0];
      let fields = 0;
      const state = playChecked(newGame({ players: 3 }), 'base-fields', deal, undefined, (event) => {
        if (event.type !== 'fieldScored') return;
        fields++;
        for (const p of event.winners) paid[p]! += event.points;
      });
      expect(fields, `deal ${deal}`).toBeGreaterThan(0);
      expect(paid).toEqual([0, 1, 2].map((p) => state.breakdown(p).field));
    }
  });

  it('with farmers off offers no meeple on a field and scores no field', () => {
    const legal = new Int32Array(MAX_ACTIONS_HINT);
    let offered = 0;
    const noFieldMeeple = (state: State) => {
      if (state.phase !== PHASE_FOLLOW) return;
      const n = state.legalActions(legal);
      for (let i = 0; i < n; i++) {
        const g = meepleSegmentOf(state, legal[i]!);
        if (g < 0) continue;
        offered++;
        expect(state.segmentKind(g)).not.toBe(SEG_FIELD);
      }
    };
    for (let deal = 0; deal < 3; deal++) {
      let events = 0;
      const game = newGame({ players: 3, rules: { farmers: 'off' } });
      const state = playChecked(game, 'base-fields', deal, noFieldMeeple, (event) => {
        if (event.type === 'fieldScored') events++;
      });
      expect(events).toBe(0);
      expect([0, 1, 2].map((p) => state.breakdown(p).field)).toEqual([0, 0, 0]);
    }
    expect(offered).toBeGreaterThan(0);
  });

  it('src/engine names no point value of the base game', () => {
    const rates = Object.values(BASE_PARAMS)
      .map((d) => d.name)
      .filter((name) => name.includes('Points'));
    expect(rates.length).toBe(8);
    for (const file of filesUnder(join('src', 'engine'))) {
      const text = readFileSync(file, 'utf8');
      for (const rate of rates) expect(text.includes(rate), `${file} names ${rate}`).toBe(false);
    }
  });
});
