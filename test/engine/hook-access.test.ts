/**
 * Hooks read the game through a read-only view (`BoardView`, `src/engine/expansion.ts`) and change it
 * only through the view's methods and their own state fields, so that no hook writes a journaled
 * array behind `record` and breaks a rollback. The types enforce it: hook code that writes any array
 * or scalar of the position, or calls a method that changes the game outside the hook contract,
 * does not compile — checked here on probe hooks and on the real expansions' sources. And at run
 * time the view handed to hooks (`src/engine/hook-view.ts`) has no array and refuses a write made
 * through a cast.
 */
import { describe, expect, it } from 'vitest';
import { defineExpansion } from '../../src/engine/index.ts';
import type { BoardView } from '../../src/engine/index.ts';
import { ARRAY_FIELDS, SCALAR_FIELDS } from '../../src/engine/position.ts';
import { newGame } from '../../src/expansions/index.ts';
import { legalOf } from './conformance.ts';
import { compileHooks } from './hook-compile.ts';

const ARRAYS = Object.keys(ARRAY_FIELDS);
const SCALARS = Object.keys(SCALAR_FIELDS);
const MUTATORS = [
  'apply(0)',
  'record(0, 0, 0)',
  'setCurrentPlayer(0)',
  'checkpoint()',
  'rollback(0)',
  'finalScoring()',
  'restart(new Int16Array(0))',
];

const ALLOWED = `
      const player = state.currentPlayer;
      state.addScore(player, ctx.source('probe'), 1);
      state.addStat(ctx.stat('counted'), 1);
      state.setStat(ctx.stat('counted'), state.score(player) + 1);
      const g = state.segmentAt(state.lastPlaced, 0);
      ctx.own(state).mine[0] = state.find(g) + state.occupantOf(g) + (state.isCompleted(g) ? 1 : 0);`;

const compiled = compileHooks(
  {
    allowed: ALLOWED,
    ...Object.fromEntries(ARRAYS.map((name) => [`array ${name}`, `state.${name}[0] = 1;`])),
    ...Object.fromEntries(ARRAYS.map((name) => [`array ${name} +=`, `state.${name}[0]! += 1;`])),
    ...Object.fromEntries(SCALARS.map((name) => [`scalar ${name}`, `state.${name} = 1;`])),
    ...Object.fromEntries(MUTATORS.map((call) => [`method ${call}`, `state.${call};`])),
    'a typed array of its own over the same buffer':
      'new Int32Array((state as unknown as { parent: Int32Array }).parent.buffer)[0] = 1;',
  },
  { withExpansions: true },
);

describe('hooks get a read-only view of the game', () => {
  it('the real expansions compile against it', () => {
    expect(compiled.expansions).toEqual([]);
  });

  it('a hook changes the game through addScore, addStat, setStat and its own state, and reads through the feature API', () => {
    expect(compiled.probes.allowed).toEqual([]);
  });

  it.each(ARRAYS)("a hook cannot write the position's array %s", (name) => {
    // Either read-only (TS2542), or not in the view at all (TS2339, or TS2551 with a suggestion).
    for (const probe of [`array ${name}`, `array ${name} +=`])
      expect(compiled.probes[probe]!.join('\n'), probe).toMatch(/^TS(2542|2339|2551): /);
  });

  it.each(SCALARS)("a hook cannot write the position's scalar %s", (name) => {
    expect(compiled.probes[`scalar ${name}`]!.join('\n')).toMatch(/^TS(2540|2339|2551): /);
  });

  it.each(MUTATORS)('a hook cannot call state.%s', (call) => {
    expect(compiled.probes[`method ${call}`]!.join('\n')).toMatch(
      /^TS(2339|2551): Property '\w+' does not exist on type 'BoardView'/,
    );
  });

  it('only a cast compiles (which review catches: the casts of src/expansions are none); at run time it fails, below', () => {
    expect(compiled.probes['a typed array of its own over the same buffer']).toEqual([]);
  });
});

describe('the view handed to hooks at run time refuses writes', () => {
  /** A game whose one module's end of turn does `write` to the view it is handed. */
  const playWith = (write: (view: BoardView) => void) => {
    const probe = defineExpansion({ name: 'probe', title: 'probe', setup: () => ({ endOfTurn: write }) });
    const state = newGame({ players: 2, expansions: [probe] }).newState();
    return () => {
      state.apply(legalOf(state)[0]!); // the placement
      state.apply(legalOf(state)[0]!); // the follow-up, then the end of the turn
    };
  };
  const anyOf = (view: BoardView) => view as unknown as Record<string, unknown>;

  it.each(Object.keys(ARRAY_FIELDS))('a hook writing array %s through a cast throws', (name) => {
    expect(playWith((view) => ((anyOf(view)[name] as Int32Array)[0] = 1))).toThrow(TypeError);
  });

  it.each(['currentPlayer', 'placedCount', 'lastPlaced', 'completedCount', 'sink'])(
    'a hook assigning scalar %s through a cast throws',
    (name) => {
      expect(playWith((view) => (anyOf(view)[name] = 1))).toThrow(TypeError);
    },
  );

  it('a hook adding a property or replacing a method through a cast throws', () => {
    expect(playWith((view) => (anyOf(view).extra = 1))).toThrow(TypeError);
    expect(playWith((view) => (anyOf(view).addScore = () => undefined))).toThrow(TypeError);
  });

  it('a hook reading through its methods plays on', () => {
    expect(playWith((view) => void view.find(view.segmentAt(view.lastPlaced, 0)))).not.toThrow();
  });
});
