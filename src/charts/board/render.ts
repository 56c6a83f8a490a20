/**
 * Board pictures (issue #5 item 3): every placed tile drawn from its catalog data, the meeples,
 * the expansions' pieces and a legend with the players' colours and scores, as one standalone SVG document.
 *
 * Layout: the board (one square of `tileSize` per cell, x east, y south, axis labels on top and on
 * the left) and the legend to its right. Each placed tile is one `<g class="tile">` and each meeple
 * one `<g class="meeple">`, so tests and tools can count them.
 *
 * What is drawn (see `geometry.ts` for the shapes): green fields, tan cities with a brown wall (two
 * caps on one tile are separate shapes), blue shields for pennants, light roads from their edges to
 * the centre, a village (houses) at a crossroads, a dark gate where a road enters a city, a
 * monastery building, the labyrinth as a maze square, illustrations as lettered discs in the field
 * next to their road (a dotted line ties each to its road; a dashed disc is attached to no road),
 * travellers as three dots on their road, meeples as player-coloured figures with the player number
 * (farmers lie down), expansions' pieces (`boardPieces` hooks: tollhouses) as player-coloured houses
 * showing their label; the legend adds each expansion's `playerNotes`. No expansion is named here.
 */
import { SEG_FIELD, SEG_MONASTERY, SCORE_SOURCES } from '../../engine/index.ts';
import type { BoardPiece, Illustration, State } from '../../engine/index.ts';
import { tileGeometry } from './geometry.ts';
import type { TileGeometry } from './geometry.ts';
import { CENTRE, alongPath, insidePolygon, rotatePt } from './points.ts';
import type { Pt } from './points.ts';
import { ISLAND_HALF, LABYRINTH_HALF, MONASTERY_HALF, ROAD_EDGE, ROAD_HALF, VILLAGE_RADIUS } from './shapes.ts';
import { COLOURS, PLAYER_COLOURS, PLAYER_COLOUR_NAMES, inkOn } from './palette.ts';

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
}

export interface Box { x: number; y: number; width: number; height: number }

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
}

export const ILLUSTRATION_LETTERS: Readonly<Record<Illustration, string>> = {
  garden: 'G', farmhouse: 'F', cowshed: 'C', pigsty: 'P', donkeystable: 'D', highwaymen: 'H', watertower: 'W',
};
const ILLUSTRATION_NAMES: Readonly<Record<Illustration, string>> = {
  garden: 'garden', farmhouse: 'farmhouse', cowshed: 'cowshed', pigsty: 'pigsty', donkeystable: 'donkey stable', highwaymen: 'highwaymen', watertower: 'water tower',
};

const FONT = "font-family=\"DejaVu Sans, sans-serif\"";
const fmt = (v: number): string => (Math.round(v * 10) / 10).toString();
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The expansions' pieces on the board (e.g. tollhouses), as their `boardPieces` hooks give them. */
export function boardPiecesOf(state: State): BoardPiece[] {
  return state.game.hooks.flatMap((h) => h.boardPieces?.(state) ?? []).filter((piece) => piece.placed < state.placedCount);
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
  let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
  for (let i = 0; i < state.placedCount; i++) {
    const cell = state.placedCell[i]!;
    const x = game.xOf(cell);
    const y = game.yOf(cell);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  if (state.placedCount === 0) { minX = maxX = minY = maxY = 0; }
  const cols = maxX - minX + 1;
  const rows = maxY - minY + 1;
  const board: Box = { x: 0, y: 0, width: margin * 2 + cols * T, height: margin * 2 + rows * T };
  const origin = (x: number, y: number): Pt => [margin + (x - minX) * T, margin + (y - minY) * T];

  const tiles: string[] = [];
  const marks: string[] = [];
  const highlights = new Set<number>(options.highlight === 'last' ? (state.lastPlaced >= 0 ? [state.lastPlaced] : []) : (options.highlight ?? []));
  const tileAt = (i: number) => {
    const cell = state.placedCell[i]!;
    return { x: game.xOf(cell), y: game.yOf(cell), rot: state.placedRot[i]! };
  };

  for (let i = 0; i < state.placedCount; i++) {
    const type = state.typeOf(i);
    const { x, y, rot } = tileAt(i);
    const [ox, oy] = origin(x, y);
    // Tile art in the tile's own frame (0..T), moved into place and clipped to its square.
    const P = (p: Pt): Pt => { const [u, v] = rotatePt(p, rot); return [u * T, v * T]; };
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
    marks.push(`<rect class="highlight" x="${fmt(ox + 1.5)}" y="${fmt(oy + 1.5)}" width="${T - 3}" height="${T - 3}" fill="none" stroke="${COLOURS.highlight}" stroke-width="3" stroke-dasharray="7 4"/>`);
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
    // Keep the figure on its tile.
    const hw = lying ? 0.15 : 0.12;
    const hh = lying ? 0.1 : 0.13;
    const cx = ox + Math.min(1 - hw, Math.max(hw, u)) * T;
    const cy = oy + Math.min(1 - hh, Math.max(hh, v)) * T;
    marks.push(meepleMark(cx, cy, T * 0.27, owner, lying, { segment: g, describe: state.describeSegment(g) }));
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
  return { svg, width, height, board, legend, tiles: state.placedCount, meeples };
}

// ---- one tile ----------------------------------------------------------------------------------

interface TileInfo { id: string; x: number; y: number; rot: number; placed: number; ox: number; oy: number }

function pathOf(points: readonly Pt[], P: (p: Pt) => Pt, closed: boolean): string {
  return points.map((p, i) => { const [x, y] = P(p); return `${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`; }).join('') + (closed ? 'Z' : '');
}

function drawTile(geo: TileGeometry, P: (p: Pt) => Pt, T: number, info: TileInfo): string {
  const parts: string[] = [];
  parts.push(`<rect width="${T}" height="${T}" fill="${COLOURS.field}"/>`);

  // Cities: fills, then the walls (no wall along the tile border, none where a tongue joins its city).
  // A city that passes over another (KR5) is a shade darker; the one below shows its walls dashed across it.
  const wallAttrs = `fill="none" stroke="${COLOURS.wall}" stroke-width="${fmt(T * 0.03)}" stroke-linejoin="round" stroke-linecap="round"`;
  for (const c of geo.cities) {
    const fills = c.polygons.map((poly) => `<path d="${pathOf(poly, P, true)}"/>`).join('');
    const walls = wallLines(c.polygons).map((line) => `<path d="${pathOf(line, P, false)}"/>`).join('');
    parts.push(`<g class="city"><g fill="${c.over ? COLOURS.cityOver : COLOURS.city}">${fills}</g><g ${wallAttrs}>${walls}</g></g>`);
  }
  for (const c of geo.cities.filter((city) => city.under)) {
    const walls = wallLines(c.polygons).map((line) => `<path d="${pathOf(line, P, false)}"/>`).join('');
    parts.push(`<g class="city-under" ${wallAttrs} stroke-dasharray="${fmt(T * 0.05)} ${fmt(T * 0.04)}" stroke-opacity="0.8">${walls}</g>`);
  }
  for (const h of geo.hedges) {
    parts.push(`<path class="hedge" d="${pathOf(h, P, false)}" stroke="${COLOURS.hedge}" stroke-width="${fmt(T * 0.035)}" stroke-dasharray="${fmt(T * 0.04)} ${fmt(T * 0.025)}" fill="none" stroke-linecap="butt"/>`);
  }
  for (const island of geo.islands) {
    const [cx, cy] = P(island.at);
    const r = ISLAND_HALF * T;
    parts.push(`<rect class="island" x="${fmt(cx - r)}" y="${fmt(cy - r)}" width="${fmt(2 * r)}" height="${fmt(2 * r)}" rx="${fmt(r * 0.35)}" fill="${COLOURS.fieldIsland}" stroke="${COLOURS.hedge}" stroke-width="1"/>`);
  }

  // Roads: outlines first, then the light fill.
  const roadPaths = geo.roads.flatMap((r) => r.paths.map((path) => pathOf(path, P, false)));
  if (roadPaths.length) {
    parts.push(`<g class="roads" fill="none" stroke-linecap="butt" stroke-linejoin="round">`
      + roadPaths.map((d) => `<path d="${d}" stroke="${COLOURS.roadEdge}" stroke-width="${fmt(2 * (ROAD_HALF + ROAD_EDGE) * T)}"/>`).join('')
      + roadPaths.map((d) => `<path d="${d}" stroke="${COLOURS.road}" stroke-width="${fmt(2 * ROAD_HALF * T)}"/>`).join('')
      + '</g>');
  }
  for (const r of geo.roads) {
    for (const gate of r.gates) {
      const [gx, gy] = P(gate);
      parts.push(`<circle class="gate" cx="${fmt(gx)}" cy="${fmt(gy)}" r="${fmt(T * 0.055)}" fill="${COLOURS.gate}"/>`);
    }
  }
  const [cx, cy] = P(CENTRE);
  if (geo.village) parts.push(villageIcon(cx, cy, T));
  if (geo.labyrinth) parts.push(labyrinthIcon(cx, cy, T));
  if (geo.monastery) parts.push(monasteryIcon(cx, cy, T));

  for (const m of geo.pennants) {
    const [px, py] = P(m.at);
    parts.push(pennantIcon(px, py, T));
  }
  for (const m of geo.travellers) {
    const [px, py] = P(m.at);
    parts.push(travellersIcon(px, py, T));
  }
  for (const m of geo.illustrations) {
    const [px, py] = P(m.at);
    const road = geo.roads.find((r) => r.segment === m.segment);
    let tie = '';
    if (road) {
      // A dotted tie from the disc to the nearest point of its road.
      let best: Pt = road.paths[0]![0]!;
      let bestD = Infinity;
      for (const path of road.paths) {
        for (let k = 0; k <= 40; k++) {
          const q = alongPath(path, k / 40);
          const d = Math.hypot(q[0] - m.at[0], q[1] - m.at[1]);
          if (d < bestD) { bestD = d; best = q; }
        }
      }
      const [qx, qy] = P(best);
      tie = `<line x1="${fmt(px)}" y1="${fmt(py)}" x2="${fmt(qx)}" y2="${fmt(qy)}" stroke="${COLOURS.illustrationInk}" stroke-width="1" stroke-dasharray="1.5 1.5"/>`;
    }
    parts.push(tie + illustrationIcon(px, py, T, m.kind, !road));
  }

  return `<g class="tile" data-tile="${escapeXml(info.id)}" data-x="${info.x}" data-y="${info.y}" data-rotation="${info.rot * 90}" data-placed="${info.placed}" transform="translate(${fmt(info.ox)} ${fmt(info.oy)})">${parts.join('')}</g>`;
}

/**
 * The wall of a city: the edges of its polygons that are neither on the tile border nor inside
 * another polygon of the same city, joined into polylines. (No clip paths: resvg 2.6 panics on a
 * clipped group that falls outside the canvas.)
 */
function wallLines(polygons: readonly (readonly Pt[])[]): Pt[][] {
  const onBorder = (a: Pt, b: Pt) => (a[0] <= 1e-6 && b[0] <= 1e-6) || (a[1] <= 1e-6 && b[1] <= 1e-6)
    || (a[0] >= 1 - 1e-6 && b[0] >= 1 - 1e-6) || (a[1] >= 1 - 1e-6 && b[1] >= 1 - 1e-6);
  const lines: Pt[][] = [];
  // Split long edges so that the part of an edge inside another polygon is hidden on its own.
  const fine = polygons.map((poly) => poly.flatMap((a, i) => {
    const b = poly[(i + 1) % poly.length]!;
    const pieces = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.02));
    return Array.from({ length: pieces }, (_, k): Pt => [a[0] + ((b[0] - a[0]) * k) / pieces, a[1] + ((b[1] - a[1]) * k) / pieces]);
  }));
  fine.forEach((poly, k) => {
    let line: Pt[] = [];
    const n = poly.length;
    // Start at a vertex that begins a dropped edge so that lines are not split at index 0.
    let start = 0;
    for (let i = 0; i < n; i++) if (onBorder(poly[i]!, poly[(i + 1) % n]!)) { start = (i + 1) % n; break; }
    for (let j = 0; j < n; j++) {
      const a = poly[(start + j) % n]!;
      const b = poly[(start + j + 1) % n]!;
      const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const hidden = onBorder(a, b) || polygons.some((other, m) => m !== k && insidePolygon(mid, other));
      if (hidden) {
        if (line.length > 1) lines.push(line);
        line = [];
        continue;
      }
      if (line.length === 0) line.push(a);
      line.push(b);
    }
    if (line.length > 1) lines.push(line);
  });
  return lines;
}

// ---- icons ------------------------------------------------------------------------------------

function villageIcon(cx: number, cy: number, T: number): string {
  const r = VILLAGE_RADIUS * T;
  const house = (x: number, y: number, s: number) => {
    const w = s;
    const h = s * 0.7;
    return `<path d="M${fmt(x - w / 2)} ${fmt(y)}h${fmt(w)}v${fmt(h)}h${fmt(-w)}Z" fill="${COLOURS.house}" stroke="${COLOURS.outline}" stroke-width="0.6"/>`
      + `<path d="M${fmt(x - w / 2 - 1)} ${fmt(y)}L${fmt(x)} ${fmt(y - s * 0.55)}L${fmt(x + w / 2 + 1)} ${fmt(y)}Z" fill="${COLOURS.roof}" stroke="${COLOURS.outline}" stroke-width="0.6"/>`;
  };
  const s = r * 0.62;
  return `<g class="village"><circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${COLOURS.villageGround}" stroke="${COLOURS.roadEdge}" stroke-width="1"/>`
    + house(cx - r * 0.4, cy - r * 0.12, s) + house(cx + r * 0.42, cy - r * 0.22, s) + house(cx + r * 0.02, cy + r * 0.3, s) + '</g>';
}

function monasteryIcon(cx: number, cy: number, T: number): string {
  const h = MONASTERY_HALF * T;
  const bodyTop = cy - h * 0.15;
  return `<g class="monastery">`
    + `<rect x="${fmt(cx - h)}" y="${fmt(bodyTop)}" width="${fmt(2 * h)}" height="${fmt(h * 1.1)}" fill="${COLOURS.monastery}" stroke="${COLOURS.outline}" stroke-width="1"/>`
    + `<path d="M${fmt(cx - h * 1.15)} ${fmt(bodyTop)}L${fmt(cx)} ${fmt(cy - h * 0.95)}L${fmt(cx + h * 1.15)} ${fmt(bodyTop)}Z" fill="${COLOURS.roof}" stroke="${COLOURS.outline}" stroke-width="1"/>`
    + `<path d="M${fmt(cx)} ${fmt(cy - h * 0.95)}v${fmt(-h * 0.45)}M${fmt(cx - h * 0.18)} ${fmt(cy - h * 1.22)}h${fmt(h * 0.36)}" stroke="${COLOURS.outline}" stroke-width="1.4"/>`
    + `<rect x="${fmt(cx - h * 0.22)}" y="${fmt(cy + h * 0.45)}" width="${fmt(h * 0.44)}" height="${fmt(h * 0.5)}" fill="${COLOURS.gate}"/>`
    + '</g>';
}

function labyrinthIcon(cx: number, cy: number, T: number): string {
  const h = LABYRINTH_HALF * T;
  const lines: string[] = [];
  // Nested squares, each with a gap: a maze at a glance.
  for (const [k, gapSide] of [[0.78, 0], [0.52, 2], [0.26, 1]] as const) {
    const a = h * k;
    const g = h * 0.22;
    const sides = [
      `M${fmt(cx - a)} ${fmt(cy - a)}H${fmt(cx + a)}`, `M${fmt(cx + a)} ${fmt(cy - a)}V${fmt(cy + a)}`,
      `M${fmt(cx + a)} ${fmt(cy + a)}H${fmt(cx - a)}`, `M${fmt(cx - a)} ${fmt(cy + a)}V${fmt(cy - a)}`,
    ];
    sides.forEach((d, side) => {
      if (side !== gapSide) { lines.push(d); return; }
      // Split the side around its middle.
      if (side === 0) lines.push(`M${fmt(cx - a)} ${fmt(cy - a)}H${fmt(cx - g)}M${fmt(cx + g)} ${fmt(cy - a)}H${fmt(cx + a)}`);
      if (side === 1) lines.push(`M${fmt(cx + a)} ${fmt(cy - a)}V${fmt(cy - g)}M${fmt(cx + a)} ${fmt(cy + g)}V${fmt(cy + a)}`);
      if (side === 2) lines.push(`M${fmt(cx + a)} ${fmt(cy + a)}H${fmt(cx + g)}M${fmt(cx - g)} ${fmt(cy + a)}H${fmt(cx - a)}`);
    });
  }
  return `<g class="labyrinth"><rect x="${fmt(cx - h)}" y="${fmt(cy - h)}" width="${fmt(2 * h)}" height="${fmt(2 * h)}" fill="${COLOURS.labyrinth}" stroke="${COLOURS.labyrinthLine}" stroke-width="1.5"/>`
    + `<path d="${lines.join('')}" fill="none" stroke="${COLOURS.labyrinthLine}" stroke-width="1.6"/></g>`;
}

function pennantIcon(x: number, y: number, T: number): string {
  const w = T * 0.055;
  const h = T * 0.07;
  return `<path class="pennant" d="M${fmt(x - w)} ${fmt(y - h)}H${fmt(x + w)}V${fmt(y)}Q${fmt(x + w)} ${fmt(y + h * 0.7)} ${fmt(x)} ${fmt(y + h)}Q${fmt(x - w)} ${fmt(y + h * 0.7)} ${fmt(x - w)} ${fmt(y)}Z" fill="${COLOURS.pennant}" stroke="#FFFFFF" stroke-width="1"/>`;
}

function travellersIcon(x: number, y: number, T: number): string {
  const r = T * 0.022;
  const d = T * 0.03;
  const dots = [[-d, d * 0.6], [d, d * 0.6], [0, -d * 0.8]].map(([dx, dy]) => `<circle cx="${fmt(x + dx!)}" cy="${fmt(y + dy!)}" r="${fmt(r)}"/>`).join('');
  return `<g class="travellers" fill="${COLOURS.travellers}" stroke="#FFFFFF" stroke-width="0.7">${dots}</g>`;
}

function illustrationIcon(x: number, y: number, T: number, kind: Illustration, loose: boolean): string {
  const r = T * 0.075;
  return `<g class="illustration" data-kind="${kind}"><circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" fill="${COLOURS.illustration}" stroke="${COLOURS.illustrationInk}" stroke-width="1"${loose ? ' stroke-dasharray="2 1.5"' : ''}/>`
    + `<text x="${fmt(x)}" y="${fmt(y + r * 0.42)}" font-size="${fmt(r * 1.2)}" font-weight="bold" text-anchor="middle" fill="${COLOURS.illustrationInk}">${ILLUSTRATION_LETTERS[kind]}</text></g>`;
}

/** A meeple figure of height `size` centred on (cx, cy); farmers lie down. */
export function meepleMark(cx: number, cy: number, size: number, player: number, lying: boolean, data?: { segment: number; describe: string }): string {
  const fill = PLAYER_COLOURS[player % PLAYER_COLOURS.length]!;
  const s = size / 2;
  const body = 'M-0.16 -0.2L-0.56 -0.06Q-0.66 0.12 -0.46 0.16L-0.24 0.12L-0.42 0.92L-0.1 0.92L0 0.62L0.1 0.92L0.42 0.92L0.24 0.12L0.46 0.16Q0.66 0.12 0.56 -0.06L0.16 -0.2Z';
  const attrs = data ? ` data-player="${player}" data-segment="${data.segment}" data-on="${escapeXml(data.describe)}"` : ` data-player="${player}"`;
  const rotate = lying ? ' rotate(-90)' : '';
  // Text stays upright: placed after the rotated figure, at the body's centre.
  const [tx, ty] = lying ? [cx + s * 0.22, cy] : [cx, cy + s * 0.22];
  return `<g class="meeple"${attrs}>`
    + `<g transform="translate(${fmt(cx)} ${fmt(cy)})${rotate} scale(${fmt(s)})" fill="${fill}" stroke="${COLOURS.outline}" stroke-width="${(1.2 / s).toFixed(3)}" stroke-linejoin="round">`
    + `<circle cx="0" cy="-0.52" r="0.3"/><path d="${body}"/></g>`
    + `<text x="${fmt(tx)}" y="${fmt(ty + s * 0.2)}" font-size="${fmt(s * 0.56)}" font-weight="bold" text-anchor="middle" fill="${inkOn(fill)}">${player}</text></g>`;
}

/** A piece of an expansion as a player-coloured house showing its label. */
function pieceMark(cx: number, cy: number, T: number, piece: Pick<BoardPiece, 'player' | 'label'>, cls: string): string {
  const fill = PLAYER_COLOURS[piece.player % PLAYER_COLOURS.length]!;
  const w = T * 0.17;
  const h = T * 0.15;
  const top = cy - h * 0.45;
  return `<g class="${cls}" data-player="${piece.player}" data-value="${escapeXml(piece.label)}">`
    + `<path d="M${fmt(cx - w)} ${fmt(top)}L${fmt(cx)} ${fmt(top - h * 0.8)}L${fmt(cx + w)} ${fmt(top)}V${fmt(top + h * 1.35)}H${fmt(cx - w)}Z" fill="${fill}" stroke="${COLOURS.outline}" stroke-width="1.5" stroke-linejoin="round"/>`
    + `<text x="${fmt(cx)}" y="${fmt(top + h * 1.1)}" font-size="${fmt(h * 1.25)}" font-weight="bold" text-anchor="middle" fill="${inkOn(fill)}">${escapeXml(piece.label)}</text></g>`;
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
  out.push(`<text x="${fmt(margin - size * 0.4)}" y="${fmt(margin - size * 0.6)}" text-anchor="end" font-style="italic">y\\x</text>`);
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
      if (row && (row + ' ' + word).length > perLine) { rows.push(row); row = word; } else row = row ? `${row} ${word}` : word;
    }
    rows.push(row);
    for (const r of rows) {
      out.push(`<text x="${fmt(x)}" y="${fmt(y)}" font-size="${size}"${opts.bold ? ' font-weight="bold"' : ''} fill="${opts.colour ?? COLOURS.text}">${escapeXml(r)}</text>`);
      y += size + 5;
    }
  };
  line(options.title ?? 'Board', { size: 16, bold: true });
  for (const s of options.subtitle ?? []) line(s, { size: 11, colour: COLOURS.muted });
  const status = state.finalScored ? 'final scores' : state.isOver() ? 'scores before final scoring' : `scores so far (game in progress, turn ${state.turnNumber()})`;
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
    const parts = SCORE_SOURCES.filter((src) => b[src] !== 0).map((src) => `${src} ${b[src]}`);
    const extras: string[] = [`${state.meeplesLeft[p]} meeple${state.meeplesLeft[p] === 1 ? '' : 's'} in supply`];
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
  const kinds = new Set<string>();
  for (let i = 0; i < state.placedCount; i++) {
    const t = state.typeOf(i);
    for (const seg of t.segments) {
      if (seg.labyrinth) kinds.add('labyrinth');
      if (seg.travellers) kinds.add('travellers');
      if (seg.kind === SEG_MONASTERY) kinds.add('monastery');
      if (seg.pennants) kinds.add('pennant');
      if (seg.end === 'city') kinds.add('gate');
      if (seg.end === 'village') kinds.add('village');
      for (const il of seg.illustrations) kinds.add(il);
    }
    for (const il of t.looseIllustrations) kinds.add(`loose:${il}`);
  }
  if (kinds.has('pennant')) keyRow(pennantIcon(x0 + 10, iy(), T * 1.3), 'pennant');
  if (kinds.has('gate')) keyRow(`<circle cx="${x0 + 10}" cy="${fmt(iy())}" r="${fmt(T * 0.055)}" fill="${COLOURS.gate}"/>`, 'city gate (a road ends here)');
  if (kinds.has('village')) keyRow(villageIcon(x0 + 10, iy(), T * 0.9), 'village: roads end here (a crossroads)');
  if (kinds.has('monastery')) keyRow(monasteryIcon(x0 + 10, iy() + 2, T * 0.8), 'monastery');
  if (kinds.has('labyrinth')) keyRow(labyrinthIcon(x0 + 10, iy(), T * 0.75), 'labyrinth (one road through the tile)');
  if (kinds.has('travellers')) keyRow(travellersIcon(x0 + 10, iy(), T * 1.3), 'travellers (one group) on this road');
  for (const { kind, sampleLabel, description } of game.expansions.flatMap((e) => e.pieceKinds ?? [])) {
    keyRow(pieceMark(x0 + 10, iy() + 2, T * 0.9, { player: 0, label: sampleLabel }, `key-${kind}`), description);
  }
  const illus = (Object.keys(ILLUSTRATION_LETTERS) as Illustration[]).filter((k) => kinds.has(k) || kinds.has(`loose:${k}`));
  if (illus.length) {
    keyRow(illustrationIcon(x0 + 10, iy(), T * 1.1, illus[0]!, false), 'illustration next to its road (dotted tie):');
    const text = illus.map((k) => `${ILLUSTRATION_LETTERS[k]} ${ILLUSTRATION_NAMES[k]}`);
    for (let i = 0; i < text.length; i += 4) line(text.slice(i, i + 4).join(' · '), { size: 11, x: x0 + 30 });
    if (illus.some((k) => kinds.has(`loose:${k}`))) keyRow(illustrationIcon(x0 + 10, iy(), T * 1.1, illus.find((k) => kinds.has(`loose:${k}`))!, true), 'dashed: attached to no road');
  }
  // Tiles of a reconstructed tile file on the board: named by their expansion's title.
  const reconstructed = new Set(Array.from({ length: state.placedCount }, (_, i) => state.typeOf(i)).filter((t) => t.reconstructed).map((t) => t.expansion));
  for (const name of reconstructed) {
    const title = state.game.expansions.find((e) => e.name === name)?.title ?? name;
    line(`${title}: tiles are a documented reconstruction`, { size: 10, colour: COLOURS.muted });
  }
  const box: Box = { x: x0, y: y0, width: W, height: y - y0 };
  return { svg: `<g id="legend">${out.join('\n')}</g>`, box };
}
