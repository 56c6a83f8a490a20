/**
 * `ValueFeatures.read` keeps what it counted from one read to the next (the tiles fitting each edge
 * pattern while the tiles to come stay the same, the chances by count of fitting tiles, and over
 * the follow-ups of one placement what depends only on the tiles, `holdTiles`): a reader used as
 * `strong` uses it — over the pairs of a choice, a round of play after them, back again — must read
 * every position to the last bit as a fresh reader does, on every mix of expansions at every player
 * count 2–5.
 */
import { describe, expect, it } from 'vitest';
import { ValueFeatures } from '../../src/agents/index.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { agentOf } from './strong-games.ts';

const MIXES = [[], ['tollkeepers'], ['labyrinth'], ['kingRobber'], ['tollkeepers', 'labyrinth', 'kingRobber']];
MIXES.push([...MIXES[4]!, 'innsCathedrals']);

/** The bit patterns of a read (its values and share of tiles to place), to compare to the last bit. */
function bitsOf(features: ValueFeatures): string {
  const values = new Float64Array([...features.values, features.toPlace]);
  return new Uint32Array(values.buffer).join(' ');
}

/**
 * Plays a `greedy` game; every eighth turn reads, with one kept reader and a fresh one, each pair of
 * the first placements and their follow-ups (the kept reader holding each placement's tiles over its
 * follow-ups, as `strong` does), and the position after a round of play from there.
 * Returns how many positions it compared.
 */
function compareReads(game: Game, deal: number): number {
  const state = game.newState(new Dealer(game).deal('value-features', deal));
  const agents = Array.from({ length: game.players }, (_, seat) => agentOf('greedy', 'value-features', deal, seat));
  const kept = new ValueFeatures(game);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const followUps = new Int32Array(MAX_ACTIONS_HINT);
  let compared = 0;
  const compare = (s: State) => {
    kept.read(s);
    const fresh = new ValueFeatures(game);
    fresh.read(s);
    const [a, b] = [bitsOf(kept), bitsOf(fresh)];
    // One expect per difference only: comparing a few hundred positions through it is slow.
    if (a !== b) expect(a, `deal ${deal}, ${s.placedCount} tiles placed`).toBe(b);
    compared++;
  };
  const play = () => state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE && state.placedCount % 8 === 0) {
      const placements = legal.slice(0, Math.min(4, state.legalActions(legal)));
      const level = state.checkpoint();
      for (const placement of placements) {
        state.apply(placement);
        const inner = state.checkpoint();
        const n = state.legalFollowUps(followUps);
        kept.holdTiles(state);
        for (let j = 0; j < n; j++) {
          state.apply(followUps[j]!);
          compare(state);
          state.rollback(inner, true);
        }
        kept.releaseTiles();
        state.rollback(inner);
        state.rollback(level, true);
      }
      for (let turn = 0; turn < 2 * game.players && !state.isOver(); turn++) play();
      compare(state);
      state.rollback(level);
    }
    play();
  }
  return compared;
}

describe('ValueFeatures.read, kept from one read to the next', () => {
  for (const players of [2, 3, 4, 5])
    it(`reads as a fresh reader does, ${players} players, every mix of expansions`, () => {
      for (const [i, names] of MIXES.entries()) {
        const game = newGame({ players, expansions: names.map((name) => expansionRegistry.get(name)!) });
        expect(compareReads(game, players * 10 + i)).toBeGreaterThan(40);
      }
    });
});
