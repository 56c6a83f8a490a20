/**
 * Board pictures (issue #5 item 3): every placed tile drawn from its catalog data, the meeples,
 * the expansions' pieces and a legend with the players' colours and scores, as one standalone SVG document.
 *
 * Layout: the board (one square of `tileSize` per cell, x east, y south, axis labels on top and on
 * the left) and the legend to its right. Each placed tile is one `<g class="tile">` and each meeple
 * one `<g class="meeple">`, so tests and tools can count them.
 *
 * What is drawn (see `geometry.ts` for the shapes, `tile-picture.ts` for one tile's picture): green fields, tan cities with a brown wall (two
 * caps on one tile are separate shapes), blue shields for pennants, light roads from their edges to
 * the centre, a village (houses) at a crossroads, a dark gate where a road enters a city, a narrow
 * lane from a village to a city gate (no feature: Inns & Cathedrals' I), a
 * monastery building, the labyrinth as a maze square, illustrations as lettered discs in the field
 * next to their road (a dotted line ties each to its road; a dashed disc is attached to no road),
 * travellers as three dots on their road, meeples as player-coloured figures with the player number
 * (farmers lie down; a meeple of a kind that counts more than 1 in a majority, the big meeple, is
 * drawn 1.4 times the size with a thicker outline), expansions' pieces (`boardPieces` hooks: tollhouses) as player-coloured houses
 * showing their label; the legend (`legend.ts`) adds each expansion's `playerNotes`. No expansion is named here.
 */
import { SEG_FIELD } from '../../engine/index.ts';
import type { BoardPiece, State } from '../../engine/index.ts';
import { tileGeometry } from './geometry.ts';
import { drawLegend } from './legend.ts';
import type { LegendOptions } from './legend.ts';
import { CENTRE, rotatePt } from './points.ts';
import type { Pt } from './points.ts';
import { COLOURS } from './palette.ts';
import { drawTile, fmt, meepleMark, meepleScale, pieceMark } from './tile-picture.ts';

export interface BoardOptions extends LegendOptions {
  /** Side of one tile in SVG units (default 80). */
  tileSize?: number;
  /** Column and row numbers around the board (default true). */
  coordinates?: boolean;
  /** The legend with players, scores and the key (default true). */
  legend?: boolean;
  /** Outline tiles in red: `'last'` for the tile placed last, or placed indices. */
  highlight?: 'last' | readonly number[];
  /** Empty cells the board's extent (and its axis labels) must take in too, e.g. where a tile may go. */
  include?: readonly { x: number; y: number }[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BoardPicture {
  svg: string;
  width: number;
  height: number;
  /** Where the board and the legend are in the SVG (null without a legend). */
  board: Box;
  legend: Box | null;
  /** Tiles and meeples drawn. */
  tiles: number;
  meeples: number;
  /** Where cell (x, y) lies: its square's top left is (margin + (x − minX)·tileSize, margin + (y − minY)·tileSize). */
  layout: { minX: number; minY: number; margin: number; tileSize: number };
}

const FONT = 'font-family="DejaVu Sans, sans-serif"';

/** The expansions' pieces on the board (e.g. tollhouses), as their `boardPieces` hooks give them. */
export function boardPiecesOf(state: State): BoardPiece[] {
  return state.game.hooks
    .flatMap((h) => h.boardPieces?.(state) ?? [])
    .filter((piece) => piece.placed < state.placedCount);
}

/** Renders the board of a state as an SVG document. */
export function renderBoardSVG(state: State, options: BoardOptions = {}): string {
  return renderBoard(state, options).svg;
}

/** Renders the board of a state: the SVG and where its parts are. */
export function renderBoard(state: State, options: BoardOptions = {}): BoardPicture {
  const T = options.tileSize ?? 80;
  const coordinates = options.coordinates ?? true;
  const margin = coordinates ? Math.round(T * 0.35) : Math.round(T * 0.12);
  const { minX, maxX, minY, maxY } = boardExtent(state, options.include ?? []);
  const cols = maxX - minX + 1;
  const rows = maxY - minY + 1;
  const board: Box = { x: 0, y: 0, width: margin * 2 + cols * T, height: margin * 2 + rows * T };
  const origin = (x: number, y: number): Pt => [margin + (x - minX) * T, margin + (y - minY) * T];
  const frame: BoardFrame = { state, T, tileAt: (i) => tileAt(state, i), origin };

  const marks = highlightMarks(frame, options.highlight);
  // The expansions' pieces (a tollhouse at its crossroads' village), then meeples.
  for (const piece of boardPiecesOf(state)) {
    const { x, y } = frame.tileAt(piece.placed);
    const [ox, oy] = frame.origin(x, y);
    marks.push(pieceMark(ox + T / 2, oy + T / 2, T, piece, piece.kind));
  }
  const meeples = meepleMarks(frame);
  marks.push(...meeples);

  const boardSvg = [
    `<g id="tiles">${tilePictures(frame).join('')}</g>`,
    `<g id="grid" fill="none" stroke="${COLOURS.tileBorder}" stroke-width="0.8" stroke-opacity="0.55">${gridLines(frame).join('')}</g>`,
    `<g id="marks">${marks.join('')}</g>`,
    coordinates ? axisLabels(cols, rows, minX, minY, margin, T) : '',
  ].join('\n');

  // Legend to the right of the board.
  let legend: Box | null = null;
  let legendSvg = '';
  if (options.legend ?? true) {
    const drawn = drawLegend(state, options, board.width + 16, 12);
    legend = { x: board.width + 16, y: 12, width: drawn.width, height: drawn.height };
    legendSvg = drawn.svg;
  }
  const width = Math.ceil(legend ? Math.max(board.width, legend.x + legend.width + 12) : board.width);
  const height = Math.ceil(legend ? Math.max(board.height, legend.y + legend.height + 12) : board.height);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT}>`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    boardSvg,
    legendSvg,
    '</svg>',
  ].join('\n');
  const layout = { minX, minY, margin, tileSize: T };
  return { svg, width, height, board, legend, tiles: state.placedCount, meeples: meeples.length, layout };
}

/** Where the board's tiles are drawn: each placed tile's cell and rotation, and a cell's top-left corner. */
interface BoardFrame {
  state: State;
  /** Side of one tile. */
  T: number;
  tileAt(i: number): { x: number; y: number; rot: number };
  origin(x: number, y: number): Pt;
}

function tileAt(state: State, i: number): { x: number; y: number; rot: number } {
  const cell = state.placedCell[i]!;
  return { x: state.game.xOf(cell), y: state.game.yOf(cell), rot: state.placedRot[i]! };
}

/**
 * The cells the placed tiles cover (one cell at 0, 0 for an empty board), widened to take in the
 * `include` cells, from corner to corner.
 */
function boardExtent(
  state: State,
  include: readonly { x: number; y: number }[],
): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < state.placedCount; i++) {
    const { x, y } = tileAt(state, i);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (state.placedCount === 0) {
    minX = maxX = minY = maxY = 0;
  }
  for (const { x, y } of include) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return { minX, maxX, minY, maxY };
}

/** Each placed tile's art in the tile's own frame (0..T), moved into place and clipped to its square. */
function tilePictures(frame: BoardFrame): string[] {
  const { state, T } = frame;
  const tiles: string[] = [];
  for (let i = 0; i < state.placedCount; i++) {
    const type = state.typeOf(i);
    const { x, y, rot } = frame.tileAt(i);
    const [ox, oy] = frame.origin(x, y);
    const P = (p: Pt): Pt => {
      const [u, v] = rotatePt(p, rot);
      return [u * T, v * T];
    };
    tiles.push(drawTile(tileGeometry(type), P, T, { id: type.id, x, y, rot, placed: i, ox, oy }));
  }
  return tiles;
}

/** The grid lines between tiles: one square per placed tile. */
function gridLines(frame: BoardFrame): string[] {
  const grid: string[] = [];
  for (let i = 0; i < frame.state.placedCount; i++) {
    const { x, y } = frame.tileAt(i);
    const [ox, oy] = frame.origin(x, y);
    grid.push(`<rect x="${fmt(ox)}" y="${fmt(oy)}" width="${frame.T}" height="${frame.T}"/>`);
  }
  return grid;
}

/** A red dashed outline on each highlighted tile (`'last'`: the tile placed last). */
function highlightMarks(frame: BoardFrame, highlight: BoardOptions['highlight']): string[] {
  const { state, T } = frame;
  const marks: string[] = [];
  const highlights = new Set<number>(
    highlight === 'last' ? (state.lastPlaced >= 0 ? [state.lastPlaced] : []) : (highlight ?? []),
  );
  for (const i of highlights) {
    if (i < 0 || i >= state.placedCount) continue;
    const { x, y } = frame.tileAt(i);
    const [ox, oy] = frame.origin(x, y);
    marks.push(
      `<rect class="highlight" x="${fmt(ox + 1.5)}" y="${fmt(oy + 1.5)}" width="${T - 3}" height="${T - 3}" fill="none" stroke="${COLOURS.highlight}" stroke-width="3" stroke-dasharray="7 4"/>`,
    );
  }
  return marks;
}

/** A figure per meeple at its segment's anchor, kept on its tile: farmers lie down, heavier kinds are bigger. */
function meepleMarks(frame: BoardFrame): string[] {
  const { state, T } = frame;
  const game = state.game;
  const S = game.segmentsPerTile;
  const marks: string[] = [];
  const total = state.placedCount * S;
  for (let g = 0; g < total; g++) {
    const owner = state.meeple[g]! - 1;
    if (owner < 0) continue;
    const placed = (g / S) | 0;
    const s = g % S;
    const type = state.typeOf(placed);
    const seg = type.segments[s]!;
    const geo = tileGeometry(type);
    const { x, y, rot } = frame.tileAt(placed);
    const [ox, oy] = frame.origin(x, y);
    const [u, v] = rotatePt(geo.anchors[s] ?? CENTRE, rot);
    const lying = seg.kind === SEG_FIELD;
    const kind = game.meepleKinds[state.meepleKind[g]!]!;
    const scale = meepleScale(kind.weight);
    // Keep the figure on its tile.
    const hw = (lying ? 0.15 : 0.12) * scale;
    const hh = (lying ? 0.1 : 0.13) * scale;
    const cx = ox + Math.min(1 - hw, Math.max(hw, u)) * T;
    const cy = oy + Math.min(1 - hh, Math.max(hh, v)) * T;
    const kindName = state.meepleKind[g] === 0 ? undefined : kind.name;
    marks.push(
      meepleMark(cx, cy, T * 0.27 * scale, owner, lying, { segment: g, describe: state.describeSegment(g) }, kindName),
    );
  }
  return marks;
}

function axisLabels(cols: number, rows: number, minX: number, minY: number, margin: number, T: number): string {
  const out: string[] = [];
  const size = Math.max(8, Math.round(T * 0.14));
  for (let c = 0; c < cols; c++) {
    const x = margin + c * T + T / 2;
    out.push(`<text x="${fmt(x)}" y="${fmt(margin - size * 0.6)}" text-anchor="middle">${minX + c}</text>`);
  }
  for (let r = 0; r < rows; r++) {
    const y = margin + r * T + T / 2 + size * 0.35;
    out.push(`<text x="${fmt(margin - size * 0.4)}" y="${fmt(y)}" text-anchor="end">${minY + r}</text>`);
  }
  out.push(
    `<text x="${fmt(margin - size * 0.4)}" y="${fmt(margin - size * 0.6)}" text-anchor="end" font-style="italic">y\\x</text>`,
  );
  return `<g id="axes" font-size="${size}" fill="${COLOURS.axis}">${out.join('')}</g>`;
}
