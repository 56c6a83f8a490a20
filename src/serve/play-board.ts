/**
 * The board of a game played in the explorer as the page draws it (`renderBoard`, with where each
 * legal cell lies in the picture), the follow-ups in words, the house rules in force, and the
 * legality checks of a turn.
 */
import {
  ACTION_BLOCK,
  FOLLOW_NOTHING,
  followUpKind,
  followUpSegment,
  MAX_ACTIONS_HINT,
  valueText,
} from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
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

/**
 * The board picture (no legend: the page shows the scores), its extent taking in the cells of
 * `placements` (so the axis labels stand clear of them), and where each legal placement's cell lies.
 */
export function boardOf(
  state: State,
  highlight: 'last' | number[],
  placements: readonly number[] = [],
): { board: PlayState['board']; cells: LegalCell[] } {
  const game = state.game;
  const byCell = new Map<number, { x: number; y: number; rotations: LegalCell['rotations'] }>();
  for (const action of placements) {
    const cell = (action / 4) | 0;
    let entry = byCell.get(cell);
    if (!entry) byCell.set(cell, (entry = { x: game.xOf(cell), y: game.yOf(cell), rotations: [] }));
    entry.rotations.push({ rotation: (action & 3) * 90, action });
  }
  const picture = renderBoard(state, { tileSize: TILE_SIZE, legend: false, highlight, include: [...byCell.values()] });
  const { minX, minY, margin } = picture.layout;
  const cells = [...byCell.values()].map((c) => ({
    ...c,
    left: margin + (c.x - minX) * TILE_SIZE,
    top: margin + (c.y - minY) * TILE_SIZE,
  }));
  return { board: { svg: picture.svg, width: picture.width, height: picture.height, tileSize: TILE_SIZE }, cells };
}

/** Readable names of the meeple's role on each kind of feature. */
const ROLES: Readonly<Record<string, string>> = {
  road: 'a thief',
  city: 'a knight',
  monastery: 'a monk',
  field: 'a farmer',
};

/** A follow-up of the tile just placed, in words ("meeple on the field (a farmer)"), and the segment a meeple goes on (−1: none). */
export function followUpLabel(placed: State, action: number): { label: string; segment: number } {
  if (action === FOLLOW_NOTHING || action >= ACTION_BLOCK) return { label: placed.actionToString(action), segment: -1 };
  const game = placed.game;
  const segment = followUpSegment(action);
  const feature = placed.describeSegment(placed.lastPlaced * game.segmentsPerTile + segment).split(':')[0]!;
  const kind = followUpKind(action);
  const who = kind === 0 ? 'meeple' : `${game.meepleKinds[kind]!.name} meeple`;
  const role = ROLES[feature];
  return { label: `${who} on the ${feature}${role ? ` (${role})` : ''}`, segment };
}

export /** The house rules of a game (those set otherwise than the official rules), each with its official value and meaning. */
function rulesInForce(game: Game): PlayState['rules'] {
  return Object.entries(game.explicitRules).map(([name, value]) => {
    const def = game.paramDefs.find((d) => d.name === name);
    return {
      name,
      value: valueText(value),
      official: def ? valueText(def.default) : '?',
      about: def?.description ?? '',
    };
  });
}
