/**
 * The per-slot bound `greedy` skips placements by (`slot-bound.ts`, `OnePly.cannotReach`): at every
 * turn of games of the mixes whose modules bound what they add (the base game, the Tollkeepers, the
 * Labyrinth in both variants, King and Robber Baron, the three together) and 2–5 players, no
 * placement is worth more than its slot's bound, with the default charges and `strong`'s; and the
 * bound is finite (it can skip) for a good share of the placements. That `greedy` with the skipping
 * plays the same games is held by the golden files (`npm run golden`).
 */
import { describe, expect, it } from 'vitest';
import type { Weights } from '../../src/agents/evaluation/evaluation.ts';
import { OnePly } from '../../src/agents/speed-path/one-ply.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { gameWith, playChecked } from '../util.ts';

const CHARGED: Weights = { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 };

const CASES = [
  { names: [], players: 2, rules: {} },
  { names: ['tollkeepers'], players: 3, rules: {} },
  { names: ['labyrinth'], players: 4, rules: { labyrinth: 'advanced' } },
  { names: ['labyrinth'], players: 3, rules: {} },
  { names: ['kingRobber'], players: 5, rules: {} },
  { names: ['tollkeepers', 'labyrinth', 'kingRobber'], players: 4, rules: { labyrinth: 'advanced' } },
  { names: ['tollkeepers', 'labyrinth', 'kingRobber'], players: 3, rules: {} },
  { names: ['tollkeepers', 'labyrinth', 'kingRobber'], players: 2, rules: { meeples: 2 } },
];

describe('the per-slot bound of greedy placements', () => {
  for (const [k, c] of CASES.entries()) {
    for (const weights of [undefined, CHARGED]) {
      const title = `${c.names.join(' + ') || 'base game'}, ${c.players} players ${JSON.stringify(c.rules)}${weights ? ', charged' : ''}`;
      it(`no placement is worth more than its bound: ${title}`, () => {
        const game = gameWith({
          players: c.players,
          expansions: c.names.map((name) => expansionRegistry.get(name)!),
          rules: c.rules,
        });
        const onePly = new OnePly(game, weights);
        const legal = new Int32Array(MAX_ACTIONS_HINT);
        let placements = 0;
        let bounded = 0;
        const check = (state: State) => {
          if (state.phase !== PHASE_PLACE) return;
          state.deferFinal = true;
          const open = state.checkpoint();
          onePly.remember(state);
          const n = state.legalPlacements(legal);
          for (let i = 0; i < n; i++) {
            const value = onePly.valuePlacement(state, legal[i]!, state.currentPlayer, open);
            placements++;
            // The bound is below `value` exactly when the placement would be skipped at a best just above it.
            expect(onePly.cannotReach(state, legal[i]!, value + 1e-9), `turn ${state.placedCount}`).toBe(false);
            if (onePly.cannotReach(state, legal[i]!, 1e9)) bounded++;
          }
          onePly.forget();
          state.rollback(open);
          state.deferFinal = false;
        };
        playChecked(game, 'slot-bound', k, check, undefined, k % 2 ? 'greedy' : 'random');
        expect(bounded).toBeGreaterThan(placements / 10);
      });
    }
  }
});
