/**
 * `State.copyFrom`: a state overwritten with another position is what a clone of it would be, every
 * array and scalar, whatever the state held before; and it plays on as the clone does.
 */
import { describe, expect, it } from 'vitest';
import { randomIndex } from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { ARRAY_NAMES, SCALAR_NAMES } from '../../src/engine/position-schema.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { CASES, dealOf, gameOf, legalOf, snapshot } from './conformance.ts';

/** Every array and scalar of the position schema, and the deck drawn from. */
function fieldsOf(state: State): string {
  const raw = state as unknown as Record<string, ArrayLike<number> | number | boolean>;
  const arrays = ARRAY_NAMES.map((name) => Array.from(raw[name] as ArrayLike<number>).join(','));
  const scalars = SCALAR_NAMES.map((name) => String(raw[name]));
  return JSON.stringify([arrays, scalars, state.deferFinal, Array.from(state.deck)]);
}

/** Plays uniformly random actions from `rng`, at most `actions` of them. */
function playSome(state: State, rng: () => number, actions: number): void {
  for (let i = 0; i < actions && !state.isOver(); i++) {
    const legal = legalOf(state);
    state.apply(legal[randomIndex(rng, legal.length)]!);
  }
}

describe('State.copyFrom', () => {
  // Every expansion mix (the other readings too) with 4 players; all the expansions with 2, 3 and 5.
  const cases = CASES.filter((c) => c.players === 4 || (c.mix === 'all, other readings' && c.players <= 5));

  it.each(cases.map((c) => [c.key, c] as const))('makes %s what a clone is, and plays on as it does', (_, c) => {
    const game = gameOf(c);
    const state = game.newState(dealOf(game, 'copy-from', 0));
    const rng = makeRng('copy-from', c.key);
    // The state copied into: first another game's position, later the last copy played on.
    const target = game.newState(dealOf(game, 'copy-from', 1));
    playSome(target, rng, 37);
    let copies = 0;
    while (!state.isOver()) {
      const deck = dealOf(game, 'copy-from-deck', copies);
      deck.set(state.deck.subarray(0, state.deckPos));
      target.copyFrom(state, deck);
      const clone = state.clone(deck);
      expect(fieldsOf(target)).toBe(fieldsOf(clone));
      // Both play on alike (a checkpoint taken back included), the original untouched.
      const before = snapshot(state);
      const level = target.checkpoint();
      const seed = `on-${copies}`;
      playSome(target, makeRng(seed, c.key), 9);
      playSome(clone, makeRng(seed, c.key), 9);
      expect(snapshot(target)).toBe(snapshot(clone));
      target.rollback(level);
      playSome(target, makeRng('after', copies), 5);
      expect(snapshot(state)).toBe(before);
      playSome(state, rng, 41);
      copies++;
    }
    expect(copies).toBeGreaterThan(3);
  });

  it('refuses a state with an open checkpoint and a state of another game', () => {
    const game = gameOf(CASES[0]!);
    const other = gameOf(CASES[1]!);
    const state = game.newState(dealOf(game, 'copy-from', 2));
    const target = state.clone();
    target.checkpoint();
    expect(() => target.copyFrom(state)).toThrow(/open checkpoint/);
    expect(() => other.newState(dealOf(other, 'copy-from', 2)).copyFrom(state)).toThrow(/another game/);
  });
});
