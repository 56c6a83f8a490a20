/**
 * Score sources (`GameSetup.scoreSources`): the base game's, then each expansion's declared ones, then
 * seat compensation; an expansion books points only under a source it declared.
 */
import { describe, expect, it } from 'vitest';
import { defineExpansion } from '../../src/engine/index.ts';
import type { Expansion, Game } from '../../src/engine/index.ts';
import { newGame } from '../../src/expansions/index.ts';

/** An expansion that pays `points` under `source` to the player whose turn ends. */
const paying = (name: string, declared: readonly string[], source: string, points: number): Expansion =>
  defineExpansion({
    name,
    title: name,
    scoreSources: declared,
    setup(ctx) {
      return {
        endOfTurn(state) {
          state.addScore(state.currentPlayer, ctx.source(source), points);
        },
      };
    },
  });

describe('score sources', () => {
  it("are the base game's, the expansions' in the game's order, then compensation", () => {
    expect(newGame({ players: 2 }).scoreSources).toEqual(['road', 'city', 'monastery', 'field', 'compensation']);
    const game = newGame({
      players: 2,
      expansions: [paying('b', ['beta'], 'beta', 1), paying('a', ['alpha', 'gamma'], 'alpha', 1)],
    });
    expect(game.scoreSources).toEqual(['road', 'city', 'monastery', 'field', 'beta', 'alpha', 'gamma', 'compensation']);
  });

  it("book an expansion's points under its own source, and seat compensation last", () => {
    const game = newGame({
      players: 2,
      expansions: [paying('a', ['alpha'], 'alpha', 2)],
      rules: { seatCompensation: '0,3' },
    });
    const state = game.newState();
    state.apply(firstLegal(state)); // placement
    state.apply(firstLegal(state)); // follow-up: the first turn ends, player 0 gets 2 under alpha
    expect(state.breakdown(0)).toMatchObject({ alpha: 2, compensation: 0 });
    expect(state.breakdown(1)).toMatchObject({ alpha: 0, compensation: 3 });
  });

  it('refuse a source declared twice and a source the expansion did not declare', () => {
    expect(() => newGame({ players: 2, expansions: [paying('a', ['city'], 'city', 1)] })).toThrow(
      /score source city is declared twice/,
    );
    const game = newGame({ players: 2, expansions: [paying('a', ['alpha'], 'beta', 1)] });
    const state = game.newState();
    expect(() => {
      state.apply(firstLegal(state));
      state.apply(firstLegal(state));
    }).toThrow(/expansion a did not declare score source beta/);
  });

  it('take whole points only: the scores are integers, and a fraction would be cut off unseen', () => {
    const state = newGame({ players: 2, expansions: [paying('a', ['alpha'], 'alpha', 20.5)] }).newState();
    expect(() => {
      state.apply(firstLegal(state));
      state.apply(firstLegal(state));
    }).toThrow(/addScore: 20.5 is not a whole number of points/);
  });
});

function firstLegal(state: ReturnType<Game['newState']>): number {
  const out = new Int32Array(4096);
  expect(state.legalActions(out)).toBeGreaterThan(0);
  return out[0]!;
}
