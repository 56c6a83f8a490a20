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
 * showing their label; the legend adds each expansion's `playerNotes`. No expansion is named here.
 */
import { SEG_FIELD, SEG_MONASTERY } from '../../engine/index.ts';
import type { BoardPiece, Illustration, State } from '../../engine/index.ts';
import { registeredScoreSources } from '../../expansions/index.ts';
import { tileGeometry } from './geometry.ts';
import { CENTRE, rotatePt } from './points.ts';
import type { Pt } from './points.ts';
import { COLOURS, PLAYER_COLOUR_NAMES } from './palette.ts';
import {
  ILLUSTRATION_LETTERS,
  ILLUSTRATION_NAMES,
  drawTile,
  escapeXml,
  fmt,
  illustrationIcon,
  labyrinthIcon,
  laneIcon,
  meepleMark,
  monasteryIcon,
  pennantIcon,
  pieceMark,
  travellersIcon,
  villageIcon,
} from './tile-picture.ts';

export interface BoardOptions {
  /** Side of one tile in SVG units (default 80). */
  tileSize?: number;
  /** Column and row numbers around the board (default true). */
  coordinates?: boolean;
  /** The legend with players, scores and the key (default true). */
  legend?: boolean;
  /** First line of the legend (default "Board"). */
  title?: string;
  /** Extra lines under the title (e.g. the scenario's rule, the run and deal). */
  subtitle?: string[];
  /** Player labels (default P0, P1, …). */
  playerNames?: string[];
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
  const game = state.game;
  const T = options.tileSize ?? 80;
  const S = game.segmentsPerTile;
  const coordinates = options.coordinates ?? true;
  const margin = coordinates ? Math.round(T * 0.35) : Math.round(T * 0.12);

  // Board extent.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < state.placedCount; i++) {
    const cell = state.placedCell[i]!;
    const x = game.xOf(cell);
    const y = game.yOf(cell);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (state.placedCount === 0) {
    minX = maxX = minY = maxY = 0;
  }
  for (const { x, y } of options.include ?? []) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const cols = maxX - minX + 1;
  const rows = maxY - minY + 1;
  const board: Box = { x: 0, y: 0, width: margin * 2 + cols * T, height: margin * 2 + rows * T };
  const origin = (x: number, y: number): Pt => [margin + (x - minX) * T, margin + (y - minY) * T];

  const tiles: string[] = [];
  const marks: string[] = [];
  const highlights = new Set<number>(
    options.highlight === 'last' ? (state.lastPlaced >= 0 ? [state.lastPlaced] : []) : (options.highlight ?? []),
  );
  const tileAt = (i: number) => {
    const cell = state.placedCell[i]!;
    return { x: game.xOf(cell), y: game.yOf(cell), rot: state.placedRot[i]! };
  };

  for (let i = 0; i < state.placedCount; i++) {
    const type = state.typeOf(i);
    const { x, y, rot } = tileAt(i);
    const [ox, oy] = origin(x, y);
    // Tile art in the tile's own frame (0..T), moved into place and clipped to its square.
    const P = (p: Pt): Pt => {
      const [u, v] = rotatePt(p, rot);
      return [u * T, v * T];
    };
    tiles.push(drawTile(tileGeometry(type), P, T, { id: type.id, x, y, rot, placed: i, ox, oy }));
  }

  // Grid lines between tiles, then highlights.
  const grid: string[] = [];
  for (let i = 0; i < state.placedCount; i++) {
    const { x, y } = tileAt(i);
    const [ox, oy] = origin(x, y);
    grid.push(`<rect x="${fmt(ox)}" y="${fmt(oy)}" width="${T}" height="${T}"/>`);
  }
  for (const i of highlights) {
    if (i < 0 || i >= state.placedCount) continue;
    const { x, y } = tileAt(i);
    const [ox, oy] = origin(x, y);
    marks.push(
      `<rect class="highlight" x="${fmt(ox + 1.5)}" y="${fmt(oy + 1.5)}" width="${T - 3}" height="${T - 3}" fill="none" stroke="${COLOURS.highlight}" stroke-width="3" stroke-dasharray="7 4"/>`,
    );
  }

  // The expansions' pieces (a tollhouse at its crossroads' village), then meeples.
  for (const piece of boardPiecesOf(state)) {
    const { x, y } = tileAt(piece.placed);
    const [ox, oy] = origin(x, y);
    marks.push(pieceMark(ox + T / 2, oy + T / 2, T, piece, piece.kind));
  }
  let meeples = 0;
  const total = state.placedCount * S;
  for (let g = 0; g < total; g++) {
    const owner = state.meeple[g]! - 1;
    if (owner < 0) continue;
    const placed = (g / S) | 0;
    const s = g % S;
    const type = state.typeOf(placed);
    const seg = type.segments[s]!;
    const geo = tileGeometry(type);
    const { x, y, rot } = tileAt(placed);
    const [ox, oy] = origin(x, y);
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
    meeples++;
  }

  const boardSvg = [
    `<g id="tiles">${tiles.join('')}</g>`,
    `<g id="grid" fill="none" stroke="${COLOURS.tileBorder}" stroke-width="0.8" stroke-opacity="0.55">${grid.join('')}</g>`,
    `<g id="marks">${marks.join('')}</g>`,
    coordinates ? axisLabels(cols, rows, minX, minY, margin, T) : '',
  ].join('\n');

  // Legend to the right of the board.
  let legend: Box | null = null;
  let legendSvg = '';
  if (options.legend ?? true) {
    const drawn = drawLegend(state, options, board.width + 16, 12);
    legend = drawn.box;
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
  return { svg, width, height, board, legend, tiles: state.placedCount, meeples, layout };
}

/** How much bigger than a plain meeple a meeple of this majority weight is drawn (the big meeple, weight 2: 1.4×). */
function meepleScale(weight: number): number {
  return weight > 1 ? 1.4 : 1;
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

// ---- legend -----------------------------------------------------------------------------------

function drawLegend(state: State, options: BoardOptions, x0: number, y0: number): { svg: string; box: Box } {
  const game = state.game;
  const out: string[] = [];
  const W = 330;
  let y = y0 + 18;
  const line = (text: string, opts: { size?: number; bold?: boolean; colour?: string; x?: number } = {}) => {
    const size = opts.size ?? 12;
    const x = opts.x ?? x0;
    // Wrap at spaces to the legend's width (DejaVu Sans averages about 0.6 em per character).
    const perLine = Math.max(10, Math.floor((x0 + W - x) / (size * (opts.bold ? 0.66 : 0.6))));
    const rows: string[] = [];
    let row = '';
    for (const word of text.split(' ')) {
      if (row && `${row} ${word}`.length > perLine) {
        rows.push(row);
        row = word;
      } else row = row ? `${row} ${word}` : word;
    }
    rows.push(row);
    for (const r of rows) {
      out.push(
        `<text x="${fmt(x)}" y="${fmt(y)}" font-size="${size}"${opts.bold ? ' font-weight="bold"' : ''} fill="${opts.colour ?? COLOURS.text}">${escapeXml(r)}</text>`,
      );
      y += size + 5;
    }
  };
  line(options.title ?? 'Board', { size: 16, bold: true });
  for (const s of options.subtitle ?? []) line(s, { size: 11, colour: COLOURS.muted });
  const status = state.finalScored
    ? 'final scores'
    : state.isOver()
      ? 'scores before final scoring'
      : `scores so far (game in progress, turn ${state.turnNumber()})`;
  line(`${state.placedCount} tiles placed · ${status}`, { size: 11, colour: COLOURS.muted });
  y += 4;

  const names = options.playerNames ?? [];
  for (let p = 0; p < game.players; p++) {
    const name = names[p] ?? `P${p}`;
    out.push(meepleMark(x0 + 9, y - 5, 20, p, false));
    const score = state.score(p);
    const colour = PLAYER_COLOUR_NAMES[p % PLAYER_COLOUR_NAMES.length];
    line(`${name} (${colour}): ${score} point${score === 1 ? '' : 's'}`, { size: 13, bold: true, x: x0 + 24 });
    const b = state.breakdown(p);
    const parts = registeredScoreSources()
      .filter((src) => (b[src] ?? 0) !== 0)
      .map((src) => `${src} ${b[src]}`);
    // Each meeple kind's supply: the plain ones, then e.g. `1 big meeple`.
    const supply = game.meepleKinds.map((kind, k) => {
      const left = state.meeplesLeft[k * game.players + p]!;
      return `${left} ${k === 0 ? '' : `${kind.name} `}meeple${left === 1 ? '' : 's'}`;
    });
    const extras: string[] = [`${supply.join(', ')} in supply`];
    for (const h of game.hooks) if (h.playerNotes) extras.push(...h.playerNotes(state, p));
    line(parts.length ? parts.join(', ') : 'no points yet', { size: 11, x: x0 + 24 });
    line(extras.join(' · '), { size: 11, colour: COLOURS.muted, x: x0 + 24 });
    y += 3;
  }

  // Key: only what can appear on this board.
  y += 6;
  line('Key', { size: 13, bold: true });
  const keyRow = (icon: string, text: string) => {
    out.push(icon);
    out.push(`<text x="${fmt(x0 + 30)}" y="${fmt(y)}" font-size="11" fill="${COLOURS.text}">${escapeXml(text)}</text>`);
    y += 20;
  };
  const T = 80;
  const iy = () => y - 4;
  keyRow(meepleMark(x0 + 10, iy(), 18, 0, false), 'meeple on a road, city or monastery (player number)');
  keyRow(meepleMark(x0 + 10, iy(), 18, 0, true), 'farmer (lying) on a field');
  for (const kind of game.meepleKinds.slice(1)) {
    const scale = meepleScale(kind.weight);
    if (scale !== 1) y += 4;
    keyRow(
      meepleMark(x0 + 10, iy() - (scale - 1) * 6, 18 * scale, 0, false, undefined, kind.name),
      `${kind.name} meeple${scale === 1 ? '' : ', drawn bigger'}: counts ${kind.weight} in a majority`,
    );
  }
  const kinds = new Set<string>();
  for (let i = 0; i < state.placedCount; i++) {
    const t = state.typeOf(i);
    for (const seg of t.segments) {
      if (seg.props.labyrinth === 1) kinds.add('labyrinth');
      if (seg.props.travellers) kinds.add('travellers');
      if (seg.kind === SEG_MONASTERY) kinds.add('monastery');
      if (seg.pennants) kinds.add('pennant');
      if (seg.end === 'city') kinds.add('gate');
      if (seg.end === 'village') kinds.add('village');
      for (const il of seg.illustrations) kinds.add(il);
    }
    if (tileGeometry(t).lanes.length) kinds.add('lane');
    for (const il of t.looseIllustrations) kinds.add(`loose:${il}`);
  }
  if (kinds.has('pennant')) keyRow(pennantIcon(x0 + 10, iy(), T * 1.3), 'pennant');
  if (kinds.has('gate'))
    keyRow(
      `<circle cx="${x0 + 10}" cy="${fmt(iy())}" r="${fmt(T * 0.055)}" fill="${COLOURS.gate}"/>`,
      'city gate (a road ends here)',
    );
  if (kinds.has('lane'))
    keyRow(
      laneIcon(`M${fmt(x0 + 2)} ${fmt(iy())}L${fmt(x0 + 16)} ${fmt(iy())}`, [x0 + 17, iy()], T * 0.9),
      'lane to a city gate (no feature)',
    );
  if (kinds.has('village')) keyRow(villageIcon(x0 + 10, iy(), T * 0.9), 'village: roads end here (a crossroads)');
  if (kinds.has('monastery')) keyRow(monasteryIcon(x0 + 10, iy() + 2, T * 0.8), 'monastery');
  if (kinds.has('labyrinth')) keyRow(labyrinthIcon(x0 + 10, iy(), T * 0.75), 'labyrinth (one road through the tile)');
  if (kinds.has('travellers')) keyRow(travellersIcon(x0 + 10, iy(), T * 1.3), 'travellers (one group) on this road');
  for (const { kind, sampleLabel, description } of game.expansions.flatMap((e) => e.pieceKinds ?? [])) {
    keyRow(pieceMark(x0 + 10, iy() + 2, T * 0.9, { player: 0, label: sampleLabel }, `key-${kind}`), description);
  }
  const illus = (Object.keys(ILLUSTRATION_LETTERS) as Illustration[]).filter(
    (k) => kinds.has(k) || kinds.has(`loose:${k}`),
  );
  if (illus.length) {
    keyRow(illustrationIcon(x0 + 10, iy(), T * 1.1, illus[0]!, false), 'illustration next to its road (dotted tie):');
    const text = illus.map((k) => `${ILLUSTRATION_LETTERS[k]} ${ILLUSTRATION_NAMES[k]}`);
    for (let i = 0; i < text.length; i += 4) line(text.slice(i, i + 4).join(' · '), { size: 11, x: x0 + 30 });
    if (illus.some((k) => kinds.has(`loose:${k}`)))
      keyRow(
        illustrationIcon(x0 + 10, iy(), T * 1.1, illus.find((k) => kinds.has(`loose:${k}`))!, true),
        'dashed: attached to no road',
      );
  }
  // Tiles of a reconstructed tile file on the board: named by their expansion's title.
  const reconstructed = new Set(
    Array.from({ length: state.placedCount }, (_, i) => state.typeOf(i))
      .filter((t) => t.reconstructed)
      .map((t) => t.expansion),
  );
  for (const name of reconstructed) {
    const title = state.game.expansions.find((e) => e.name === name)?.title ?? name;
    line(`${title}: tiles are a documented reconstruction`, { size: 10, colour: COLOURS.muted });
  }
  const box: Box = { x: x0, y: y0, width: W, height: y - y0 };
  return { svg: `<g id="legend">${out.join('\n')}</g>`, box };
}
