/**
 * The feature API's answers about what can still come (`tilesLeft`, `fittingTiles`, `fitsPattern`,
 * `openEndCells`, `emptyCellsAround`), each against a slow count of its own over positions of random games.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_ACTIONS_HINT,
  neighbourOffset,
  rotatePort,
  SEG_CITY,
  SEG_ROAD,
  sideOfPort,
} from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';

const legal = new Int32Array(MAX_ACTIONS_HINT);

/** Positions at the start of every turn of a random game (clones). */
function positions(game: Game, deal: number): State[] {
  const state = game.newState(new Dealer(game).deal('open-ends', deal));
  const rng = makeRng('open-ends', deal);
  const out: State[] = [];
  while (!state.isOver()) {
    if (state.phase === 0) out.push(state.clone());
    const n = state.legalActions(legal);
    state.apply(legal[Math.floor(rng() * n)]!);
  }
  return out;
}

/** The tiles not placed yet, counted the slow way: every deck entry, less each placed tile's type. */
function slowTilesLeft(state: State, types: number): number[] {
  const left = new Array<number>(types).fill(0);
  for (const t of state.deck) left[t]!++;
  for (let k = 1; k < state.placedCount; k++) left[state.placedType[k]!]!--;
  return left;
}

/** How many of `left` fit empty cell `cell`: the tile types whose legal placements include the cell. */
function slowFitting(state: State, cell: number, left: number[]): number {
  const out = new Int32Array(4 * state.frontierCount + 4);
  let n = 0;
  for (const [type, count] of left.entries()) {
    if (count === 0) continue;
    const k = state.placementsOf(type, out);
    let fits = false;
    for (let i = 0; i < k; i++) if (out[i]! >> 2 === cell) fits = true;
    if (fits) n += count;
  }
  return n;
}

/** The empty cells the open ends of feature `root` face, found port by port from the catalog. */
function slowOpenCells(state: State, root: number): number[] {
  const game = state.game;
  const S = game.segmentsPerTile;
  const cells = new Set<number>();
  for (let g = root, first = true; first || g !== root; g = state.next[g]!, first = false) {
    const placed = (g / S) | 0;
    for (const port of state.typeOf(placed).segments[g % S]!.ports) {
      const c =
        state.placedCell[placed]! +
        neighbourOffset(sideOfPort(rotatePort(port, state.placedRot[placed]!)), game.gridSide);
      if (state.grid[c]! <= 0) cells.add(c);
    }
  }
  return [...cells].sort((a, b) => a - b);
}

describe('what can still come', () => {
  const games = [newGame({ players: 3 }), newGame({ players: 4, expansions: [...expansionRegistry.values()] })];
  it('tilesLeft, fittingTiles (by cellPattern and fitsPattern), openEndCells and emptyCellsAround agree with slow counts', () => {
    let cells = 0;
    let openFeatures = 0;
    for (const [index, game] of games.entries()) {
      const types = Math.max(...game.deck) + 1;
      const left = new Int32Array(types);
      const out = new Int32Array(256);
      for (const state of positions(game, index).filter((_, k) => k % 7 === 3)) {
        state.tilesLeft(left);
        const slow = slowTilesLeft(state, types);
        expect(Array.from(left)).toEqual(slow);
        // The tiles to come are as many as the tiles not yet placed.
        expect(slow.reduce((a, b) => a + b, 0)).toBe(state.deck.length + 1 - state.placedCount);
        // What fits a cell depends on it only through its edge pattern (agents count by pattern).
        const byPattern = new Map<number, number>();
        for (let i = 0; i < state.frontierCount; i++) {
          const cell = state.frontier[i]!;
          const fitting = slowFitting(state, cell, slow);
          expect(state.fittingTiles(cell, left), `cell ${cell}`).toBe(fitting);
          const pattern = state.cellPattern(cell);
          expect(byPattern.get(pattern) ?? fitting, `pattern ${pattern}`).toBe(fitting);
          // The count is the sum over the types that fit the pattern (agents move it by the types that changed).
          let byType = 0;
          for (let t = 0; t < types; t++) if (state.fitsPattern(t, pattern)) byType += slow[t]!;
          expect(byType, `pattern ${pattern}`).toBe(fitting);
          byPattern.set(pattern, fitting);
          cells++;
        }
        const seen = new Set<number>();
        for (let g = 0; g < state.placedCount * game.segmentsPerTile; g++) {
          const kind = state.segmentKind(g);
          if (kind !== SEG_ROAD && kind !== SEG_CITY) continue;
          const root = state.find(g);
          if (seen.has(root) || state.isCompleted(root)) continue;
          seen.add(root);
          const n = state.openEndCells(root, out);
          expect(Array.from(out.subarray(0, n)).sort((a, b) => a - b)).toEqual(slowOpenCells(state, root));
          if (state.openEndsOf(root) > 0) expect(n).toBeGreaterThan(0);
          openFeatures++;
        }
        for (let k = 0; k < state.placedCount; k++) {
          const n = state.emptyCellsAround(k, out);
          expect(n).toBe(8 - state.neighboursOf(k));
        }
      }
    }
    expect(cells).toBeGreaterThan(200);
    expect(openFeatures).toBeGreaterThan(100);
  });

  it('a cell off the frontier takes any tile to come', () => {
    const game = newGame({ players: 2 });
    const state = game.newState(new Dealer(game).deal('open-ends', 9));
    const left = new Int32Array(Math.max(...game.deck) + 1);
    state.tilesLeft(left);
    const far = state.placedCell[0]! + 2 * neighbourOffset(0, game.gridSide); // two cells north of the start tile
    expect(state.grid[far]).toBe(0);
    expect(state.fittingTiles(far, left)).toBe(game.deck.length);
  });
});
