/**
 * The board of a game played in the explorer as the page draws it (`renderBoard`, with where each
 * legal cell lies in the picture), and the legality checks of a turn.
 */
import { MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { State } from '../engine/index.ts';
import { renderBoard } from '../charts/board/index.ts';
import type { LegalCell, PlayState } from './api-types.ts';

const TILE_SIZE = 64;

/** Whether `placement` and then `followUp` are legal in `state` (which is left as it was). */
export function legalTurn(state: State, placement: number, followUp: number): boolean {
  if (!legalActions(state).includes(placement)) return false;
  const trial = state.clone();
  trial.apply(placement);
  return legalActions(trial).includes(followUp);
}

export function legalActions(state: State): number[] {
  const out = new Int32Array(MAX_ACTIONS_HINT);
  return Array.from(out.subarray(0, state.legalActions(out)));
}

/** The board picture (no legend: the page shows the scores) and where each legal placement's cell lies in it. */
export function boardOf(
  state: State,
  highlight: 'last' | number[],
): { board: PlayState['board']; cells: (placements: number[]) => LegalCell[] } {
  const game = state.game;
  const picture = renderBoard(state, { tileSize: TILE_SIZE, legend: false, highlight });
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  for (let i = 0; i < state.placedCount; i++) {
    minX = Math.min(minX, game.xOf(state.placedCell[i]!));
    maxX = Math.max(maxX, game.xOf(state.placedCell[i]!));
    minY = Math.min(minY, game.yOf(state.placedCell[i]!));
  }
  // The renderer's margin around the tiles, read back from the picture's size.
  const margin = (picture.board.width - (maxX - minX + 1) * TILE_SIZE) / 2;
  const cells = (placements: number[]): LegalCell[] => {
    const byCell = new Map<number, LegalCell>();
    for (const action of placements) {
      const cell = (action / 4) | 0;
      let entry = byCell.get(cell);
      if (!entry) {
        const x = game.xOf(cell);
        const y = game.yOf(cell);
        entry = { x, y, left: margin + (x - minX) * TILE_SIZE, top: margin + (y - minY) * TILE_SIZE, rotations: [] };
        byCell.set(cell, entry);
      }
      entry.rotations.push({ rotation: (action & 3) * 90, action });
    }
    return [...byCell.values()];
  };
  return { board: { svg: picture.svg, width: picture.width, height: picture.height, tileSize: TILE_SIZE }, cells };
}
