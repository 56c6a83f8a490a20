/**
 * Declared expansion state (`src/engine/expansion-state.ts`): the layout of the fields, each
 * expansion reaching only its own, and clone, checkpoint/rollback and restart of every declared
 * field with all expansions in play.
 */
import { describe, expect, it } from 'vitest';
import { defineExpansion } from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { ExpansionStateLayout } from '../../src/engine/expansion-state.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { dealOf, legalOf, playUniform, snapshot } from './conformance.ts';
import { compileHooks } from './hook-compile.ts';
import { randomIndex } from '../../src/engine/index.ts';

describe('the layout of declared fields', () => {
  const layout = new ExpansionStateLayout(
    [
      { flag: { type: 'u8', length: 1, initial: 1 }, seats: { type: 'i16', length: 'players', initial: -1 } },
      undefined,
      { total: { type: 'f64', length: 2, initial: 0.5 }, count: { type: 'i32', length: 3 } },
    ],
    { players: 3, maxTiles: 72 },
    ['a', 'none', 'b'],
  );

  it('gives every field its length and initial value, each view aligned to its element size', () => {
    const views = layout.views(layout.initial.slice().buffer) as Record<
      string,
      ArrayLike<number> & { byteOffset: number; BYTES_PER_ELEMENT: number }
    >[];
    expect(views.map((v) => Object.keys(v))).toEqual([['flag', 'seats'], [], ['total', 'count']]);
    for (const view of [views[0]!.flag, views[0]!.seats, views[2]!.total, views[2]!.count])
      expect(view.byteOffset % view.BYTES_PER_ELEMENT).toBe(0);
    expect(layout.read(layout.initial.buffer)).toEqual({
      a: { flag: [1], seats: [-1, -1, -1] },
      none: {},
      b: { total: [0.5, 0.5], count: [0, 0, 0] },
    });
  });

  it('sizes a field from the game when its length is a function of the size', () => {
    const sized = new ExpansionStateLayout(
      [
        {
          bits: { type: 'i32', length: (size) => Math.ceil(size.maxTiles / 32) },
          seats: { type: 'u8', length: 'players' },
        },
      ],
      { players: 5, maxTiles: 72 },
      ['e'],
    );
    expect(sized.read(sized.initial.buffer)).toEqual({ e: { bits: [0, 0, 0], seats: [0, 0, 0, 0, 0] } });
  });

  it('rejects an initial value its element type cannot hold, and an empty field', () => {
    expect(
      () =>
        new ExpansionStateLayout([{ x: { type: 'u8', length: 1, initial: -1 } }], { players: 2, maxTiles: 72 }, ['e']),
    ).toThrow(/expansion e: state field x's initial value -1 does not fit u8/);
    expect(
      () => new ExpansionStateLayout([{ x: { type: 'i8', length: 0 } }], { players: 2, maxTiles: 72 }, ['e']),
    ).toThrow(/expansion e: state field x needs a whole length/);
  });
});

describe('each expansion reaches only its own fields', () => {
  // Two expansions declaring a field of the same name: each end of turn adds its own step to its own.
  const counter = (name: string, step: number) =>
    defineExpansion({
      name,
      title: name,
      state: { counter: { type: 'i32', length: 1 } },
      setup: (ctx) => ({
        endOfTurn: (state) => {
          ctx.own(state).counter[0]! += step;
        },
      }),
    });

  it('keeps same-named fields of two expansions apart', () => {
    const game = newGame({ players: 2, expansions: [counter('one', 1), counter('three', 3)] });
    const state = game.newState();
    for (let turn = 0; turn < 10; turn++) state.apply(legalOf(state)[0]!);
    const { one, three } = state.expansionState();
    expect(one!.counter![0]).toBeGreaterThan(0);
    expect(three!.counter![0]).toBe(3 * one!.counter![0]!);
  });

  it('offers hooks no way to the buffer behind the views, nor to fields they did not declare', () => {
    // A type check of hook code (the bytes are there at run time: only the types keep hooks out).
    const { probes } = compileHooks({
      own: 'ctx.own(state).mine[0]! += 1;',
      bytes: 'void state.expansionBytes;',
      undeclared: 'ctx.own(state).holder[0] = 1;',
    });
    expect(probes.own).toEqual([]);
    expect(probes.bytes!.join('\n')).toMatch(/^TS2339: Property 'expansionBytes' does not exist on type 'BoardView'/);
    expect(probes.undeclared!.join('\n')).toMatch(/^TS2339: Property 'holder' does not exist on type/);
  });
});

describe('declared state with all expansions', () => {
  const game = newGame({ players: 4, expansions: [...expansionRegistry.values()] });
  const initial = game.newState().expansionState();
  /** Plays `plies` uniform plies of deal `deal` (all fields must have left their initial values by then). */
  const midGame = (deal: number, plies: number): State => {
    const state = game.newState(dealOf(game, 'declared', deal));
    const rng = makeRng('declared', deal);
    for (let ply = 0; ply < plies && !state.isOver(); ply++) {
      const legal = legalOf(state);
      state.apply(legal[randomIndex(rng, legal.length)]!);
    }
    return state;
  };

  it('starts every field at its declared initial value', () => {
    expect(initial).toEqual({
      tollkeepers: { tile: [-1, -1, -1, -1], value: [1, 1, 1, 1], flips: [0, 0, 0, 0], crossroads: [0, 0, 0, 0] }, // one bit per tile: 106 tiles
      labyrinth: {},
      kingRobber: { holder: [-1, -1], largest: [0, 0], completed: [0, 0] },
      innsCathedrals: {},
    });
  });

  it('leaves the original unchanged while its clone plays on, and the clone is changed', () => {
    for (let deal = 0; deal < 4; deal++) {
      const original = midGame(deal, 60);
      const before = snapshot(original);
      const fields = JSON.stringify(original.expansionState());
      const clone = original.clone();
      playUniform(clone, makeRng('clone-on', deal));
      expect(JSON.stringify(clone.expansionState())).not.toBe(fields);
      expect(JSON.stringify(original.expansionState())).toBe(fields);
      expect(snapshot(original)).toBe(before);
    }
  });

  it('restores every declared field on rollback after playing to the end', () => {
    let changed = 0;
    for (let deal = 0; deal < 4; deal++) {
      const state = midGame(deal, 20 + 10 * deal);
      const fields = state.expansionState();
      const level = state.checkpoint();
      playUniform(state, makeRng('rollback-on', deal));
      if (JSON.stringify(state.expansionState()) !== JSON.stringify(fields)) changed++;
      state.rollback(level);
      expect(state.expansionState()).toEqual(fields);
    }
    expect(changed).toBe(4);
  });

  it('gives a restarted state the initial values again', () => {
    const state = midGame(0, 200);
    expect(state.expansionState()).not.toEqual(initial);
    state.restart(dealOf(game, 'declared', 1));
    expect(state.expansionState()).toEqual(initial);
  });

  it('moves every field of the tollkeepers and the King and Robber Baron in some game', () => {
    const moved = new Set<string>();
    for (let deal = 0; deal < 4; deal++) {
      const state = midGame(deal, 1000);
      for (const [expansion, fields] of Object.entries(state.expansionState())) {
        for (const [name, values] of Object.entries(fields))
          if (JSON.stringify(values) !== JSON.stringify(initial[expansion]![name])) moved.add(`${expansion}.${name}`);
      }
    }
    // flips are cleared at the end of every turn; the other fields keep what they became.
    expect([...moved].sort()).toEqual([
      'kingRobber.completed',
      'kingRobber.holder',
      'kingRobber.largest',
      'tollkeepers.crossroads',
      'tollkeepers.tile',
      'tollkeepers.value',
    ]);
  });
});
