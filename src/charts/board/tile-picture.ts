/**
 * The picture of one placed tile and the marks on it, as SVG fragments for `render.ts`: the tile's
 * shapes (`geometry.ts`) drawn in its placed rotation (fields, cities with their walls, roads with
 * gates, lanes, village, monastery, labyrinth, islands, pennants, travellers, illustrations), a meeple and an
 * expansion's piece (e.g. a tollhouse).
 */
import type { BoardPiece, Illustration } from '../../engine/index.ts';
import type { TileGeometry } from './geometry.ts';
import { CENTRE, alongPath, wallLines } from './points.ts';
import type { Pt } from './points.ts';
import { COLOURS, PLAYER_COLOURS, inkOn } from './palette.ts';
import {
  ISLAND_HALF,
  LABYRINTH_HALF,
  LANE_HALF,
  MONASTERY_HALF,
  ROAD_EDGE,
  ROAD_HALF,
  VILLAGE_RADIUS,
} from './shapes.ts';
import type { RoadShape } from './shapes.ts';

export const ILLUSTRATION_LETTERS: Readonly<Record<Illustration, string>> = {
  garden: 'G',
  farmhouse: 'F',
  cowshed: 'C',
  pigsty: 'P',
  donkeystable: 'D',
  highwaymen: 'H',
  watertower: 'W',
};

export const ILLUSTRATION_NAMES: Readonly<Record<Illustration, string>> = {
  garden: 'garden',
  farmhouse: 'farmhouse',
  cowshed: 'cowshed',
  pigsty: 'pigsty',
  donkeystable: 'donkey stable',
  highwaymen: 'highwaymen',
  watertower: 'water tower',
};

/** An SVG number: one decimal at most. */
export const fmt = (v: number): string => (Math.round(v * 10) / 10).toString();
export const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface TileInfo {
  id: string;
  x: number;
  y: number;
  rot: number;
  placed: number;
  ox: number;
  oy: number;
}

function pathOf(points: readonly Pt[], P: (p: Pt) => Pt, closed: boolean): string {
  return (
    points
      .map((p, i) => {
        const [x, y] = P(p);
        return `${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`;
      })
      .join('') + (closed ? 'Z' : '')
  );
}

export function drawTile(geo: TileGeometry, P: (p: Pt) => Pt, T: number, info: TileInfo): string {
  const parts = [
    `<rect width="${T}" height="${T}" fill="${COLOURS.field}"/>`,
    ...cityParts(geo, P, T),
    ...fieldParts(geo, P, T),
    ...roadParts(geo, P, T),
    ...markParts(geo, P, T),
  ];
  return `<g class="tile" data-tile="${escapeXml(info.id)}" data-x="${info.x}" data-y="${info.y}" data-rotation="${info.rot * 90}" data-placed="${info.placed}" transform="translate(${fmt(info.ox)} ${fmt(info.oy)})">${parts.join('')}</g>`;
}

/**
 * Cities: fills, then the walls (no wall along the tile border, none where a tongue joins its city).
 * A city that passes over another (KR5) is a shade darker; the one below shows its walls dashed across it.
 */
function cityParts(geo: TileGeometry, P: (p: Pt) => Pt, T: number): string[] {
  const parts: string[] = [];
  const wallAttrs = `fill="none" stroke="${COLOURS.wall}" stroke-width="${fmt(T * 0.03)}" stroke-linejoin="round" stroke-linecap="round"`;
  for (const c of geo.cities) {
    const fills = c.polygons.map((poly) => `<path d="${pathOf(poly, P, true)}"/>`).join('');
    const walls = wallLines(c.polygons)
      .map((line) => `<path d="${pathOf(line, P, false)}"/>`)
      .join('');
    parts.push(
      `<g class="city"><g fill="${c.over ? COLOURS.cityOver : COLOURS.city}">${fills}</g><g ${wallAttrs}>${walls}</g></g>`,
    );
  }
  for (const c of geo.cities.filter((city) => city.under)) {
    const walls = wallLines(c.polygons)
      .map((line) => `<path d="${pathOf(line, P, false)}"/>`)
      .join('');
    parts.push(
      `<g class="city-under" ${wallAttrs} stroke-dasharray="${fmt(T * 0.05)} ${fmt(T * 0.04)}" stroke-opacity="0.8">${walls}</g>`,
    );
  }
  return parts;
}

/** The hedges between fields and the islands of field inside a city. */
function fieldParts(geo: TileGeometry, P: (p: Pt) => Pt, T: number): string[] {
  const parts = geo.hedges.map(
    (h) =>
      `<path class="hedge" d="${pathOf(h, P, false)}" stroke="${COLOURS.hedge}" stroke-width="${fmt(T * 0.035)}" stroke-dasharray="${fmt(T * 0.04)} ${fmt(T * 0.025)}" fill="none" stroke-linecap="butt"/>`,
  );
  for (const island of geo.islands) {
    const [cx, cy] = P(island.at);
    const r = ISLAND_HALF * T;
    parts.push(
      `<rect class="island" x="${fmt(cx - r)}" y="${fmt(cy - r)}" width="${fmt(2 * r)}" height="${fmt(2 * r)}" rx="${fmt(r * 0.35)}" fill="${COLOURS.fieldIsland}" stroke="${COLOURS.hedge}" stroke-width="1"/>`,
    );
  }
  return parts;
}

/** Lanes (no feature: a narrow path from the village to a small gate at the city wall), then roads (outlines first, then the light fill) and their city gates. */
function roadParts(geo: TileGeometry, P: (p: Pt) => Pt, T: number): string[] {
  const parts = geo.lanes.map((lane) => laneIcon(pathOf(lane, P, false), P(lane[lane.length - 1]!), T));
  const roadPaths = geo.roads.flatMap((r) => r.paths.map((path) => pathOf(path, P, false)));
  if (roadPaths.length) {
    parts.push(
      `<g class="roads" fill="none" stroke-linecap="butt" stroke-linejoin="round">` +
        roadPaths
          .map(
            (d) =>
              `<path d="${d}" stroke="${COLOURS.roadEdge}" stroke-width="${fmt(2 * (ROAD_HALF + ROAD_EDGE) * T)}"/>`,
          )
          .join('') +
        roadPaths
          .map((d) => `<path d="${d}" stroke="${COLOURS.road}" stroke-width="${fmt(2 * ROAD_HALF * T)}"/>`)
          .join('') +
        '</g>',
    );
  }
  for (const r of geo.roads) {
    for (const gate of r.gates) {
      const [gx, gy] = P(gate);
      parts.push(`<circle class="gate" cx="${fmt(gx)}" cy="${fmt(gy)}" r="${fmt(T * 0.055)}" fill="${COLOURS.gate}"/>`);
    }
  }
  return parts;
}

/** The marks: village, labyrinth or monastery at the centre, pennants, travellers and illustrations (tied to their road by a dotted line). */
function markParts(geo: TileGeometry, P: (p: Pt) => Pt, T: number): string[] {
  const parts: string[] = [];
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
      const [qx, qy] = P(nearestOnRoad(road, m.at));
      tie = `<line x1="${fmt(px)}" y1="${fmt(py)}" x2="${fmt(qx)}" y2="${fmt(qy)}" stroke="${COLOURS.illustrationInk}" stroke-width="1" stroke-dasharray="1.5 1.5"/>`;
    }
    parts.push(tie + illustrationIcon(px, py, T, m.kind, !road));
  }
  return parts;
}

/** The point of a road nearest to `at`, among 41 points along each of its paths (where an illustration's tie ends). */
function nearestOnRoad(road: RoadShape, at: Pt): Pt {
  let best: Pt = road.paths[0]![0]!;
  let bestD = Infinity;
  for (const path of road.paths) {
    for (let k = 0; k <= 40; k++) {
      const q = alongPath(path, k / 40);
      const d = Math.hypot(q[0] - at[0], q[1] - at[1]);
      if (d < bestD) {
        bestD = d;
        best = q;
      }
    }
  }
  return best;
}

/** A lane: its outline, its light fill and a small gate at `gate` (also the legend's sample). */
export function laneIcon(d: string, gate: Pt, T: number): string {
  return (
    `<g class="lane" fill="none" stroke-linecap="butt"><path d="${d}" stroke="${COLOURS.roadEdge}" stroke-width="${fmt(2 * LANE_HALF * T)}"/>` +
    `<path d="${d}" stroke="${COLOURS.road}" stroke-width="${fmt(LANE_HALF * T)}"/>` +
    `<circle cx="${fmt(gate[0])}" cy="${fmt(gate[1])}" r="${fmt(T * 0.035)}" fill="${COLOURS.gate}"/></g>`
  );
}

// ---- icons ------------------------------------------------------------------------------------

export function villageIcon(cx: number, cy: number, T: number): string {
  const r = VILLAGE_RADIUS * T;
  const house = (x: number, y: number, s: number) => {
    const w = s;
    const h = s * 0.7;
    return (
      `<path d="M${fmt(x - w / 2)} ${fmt(y)}h${fmt(w)}v${fmt(h)}h${fmt(-w)}Z" fill="${COLOURS.house}" stroke="${COLOURS.outline}" stroke-width="0.6"/>` +
      `<path d="M${fmt(x - w / 2 - 1)} ${fmt(y)}L${fmt(x)} ${fmt(y - s * 0.55)}L${fmt(x + w / 2 + 1)} ${fmt(y)}Z" fill="${COLOURS.roof}" stroke="${COLOURS.outline}" stroke-width="0.6"/>`
    );
  };
  const s = r * 0.62;
  return (
    `<g class="village"><circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${COLOURS.villageGround}" stroke="${COLOURS.roadEdge}" stroke-width="1"/>` +
    house(cx - r * 0.4, cy - r * 0.12, s) +
    house(cx + r * 0.42, cy - r * 0.22, s) +
    house(cx + r * 0.02, cy + r * 0.3, s) +
    '</g>'
  );
}

export function monasteryIcon(cx: number, cy: number, T: number): string {
  const h = MONASTERY_HALF * T;
  const bodyTop = cy - h * 0.15;
  return (
    `<g class="monastery">` +
    `<rect x="${fmt(cx - h)}" y="${fmt(bodyTop)}" width="${fmt(2 * h)}" height="${fmt(h * 1.1)}" fill="${COLOURS.monastery}" stroke="${COLOURS.outline}" stroke-width="1"/>` +
    `<path d="M${fmt(cx - h * 1.15)} ${fmt(bodyTop)}L${fmt(cx)} ${fmt(cy - h * 0.95)}L${fmt(cx + h * 1.15)} ${fmt(bodyTop)}Z" fill="${COLOURS.roof}" stroke="${COLOURS.outline}" stroke-width="1"/>` +
    `<path d="M${fmt(cx)} ${fmt(cy - h * 0.95)}v${fmt(-h * 0.45)}M${fmt(cx - h * 0.18)} ${fmt(cy - h * 1.22)}h${fmt(h * 0.36)}" stroke="${COLOURS.outline}" stroke-width="1.4"/>` +
    `<rect x="${fmt(cx - h * 0.22)}" y="${fmt(cy + h * 0.45)}" width="${fmt(h * 0.44)}" height="${fmt(h * 0.5)}" fill="${COLOURS.gate}"/>` +
    '</g>'
  );
}

export function labyrinthIcon(cx: number, cy: number, T: number): string {
  const h = LABYRINTH_HALF * T;
  const lines: string[] = [];
  // Nested squares, each with a gap: a maze at a glance.
  for (const [k, gapSide] of [
    [0.78, 0],
    [0.52, 2],
    [0.26, 1],
  ] as const) {
    const a = h * k;
    const g = h * 0.22;
    const sides = [
      `M${fmt(cx - a)} ${fmt(cy - a)}H${fmt(cx + a)}`,
      `M${fmt(cx + a)} ${fmt(cy - a)}V${fmt(cy + a)}`,
      `M${fmt(cx + a)} ${fmt(cy + a)}H${fmt(cx - a)}`,
      `M${fmt(cx - a)} ${fmt(cy + a)}V${fmt(cy - a)}`,
    ];
    sides.forEach((d, side) => {
      if (side !== gapSide) {
        lines.push(d);
        return;
      }
      // Split the side around its middle.
      if (side === 0)
        lines.push(`M${fmt(cx - a)} ${fmt(cy - a)}H${fmt(cx - g)}M${fmt(cx + g)} ${fmt(cy - a)}H${fmt(cx + a)}`);
      if (side === 1)
        lines.push(`M${fmt(cx + a)} ${fmt(cy - a)}V${fmt(cy - g)}M${fmt(cx + a)} ${fmt(cy + g)}V${fmt(cy + a)}`);
      if (side === 2)
        lines.push(`M${fmt(cx + a)} ${fmt(cy + a)}H${fmt(cx + g)}M${fmt(cx - g)} ${fmt(cy + a)}H${fmt(cx - a)}`);
    });
  }
  return (
    `<g class="labyrinth"><rect x="${fmt(cx - h)}" y="${fmt(cy - h)}" width="${fmt(2 * h)}" height="${fmt(2 * h)}" fill="${COLOURS.labyrinth}" stroke="${COLOURS.labyrinthLine}" stroke-width="1.5"/>` +
    `<path d="${lines.join('')}" fill="none" stroke="${COLOURS.labyrinthLine}" stroke-width="1.6"/></g>`
  );
}

export function pennantIcon(x: number, y: number, T: number): string {
  const w = T * 0.055;
  const h = T * 0.07;
  return `<path class="pennant" d="M${fmt(x - w)} ${fmt(y - h)}H${fmt(x + w)}V${fmt(y)}Q${fmt(x + w)} ${fmt(y + h * 0.7)} ${fmt(x)} ${fmt(y + h)}Q${fmt(x - w)} ${fmt(y + h * 0.7)} ${fmt(x - w)} ${fmt(y)}Z" fill="${COLOURS.pennant}" stroke="#FFFFFF" stroke-width="1"/>`;
}

export function travellersIcon(x: number, y: number, T: number): string {
  const r = T * 0.022;
  const d = T * 0.03;
  const dots = [
    [-d, d * 0.6],
    [d, d * 0.6],
    [0, -d * 0.8],
  ]
    .map(([dx, dy]) => `<circle cx="${fmt(x + dx!)}" cy="${fmt(y + dy!)}" r="${fmt(r)}"/>`)
    .join('');
  return `<g class="travellers" fill="${COLOURS.travellers}" stroke="#FFFFFF" stroke-width="0.7">${dots}</g>`;
}

export function illustrationIcon(x: number, y: number, T: number, kind: Illustration, loose: boolean): string {
  const r = T * 0.075;
  return (
    `<g class="illustration" data-kind="${kind}"><circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" fill="${COLOURS.illustration}" stroke="${COLOURS.illustrationInk}" stroke-width="1"${loose ? ' stroke-dasharray="2 1.5"' : ''}/>` +
    `<text x="${fmt(x)}" y="${fmt(y + r * 0.42)}" font-size="${fmt(r * 1.2)}" font-weight="bold" text-anchor="middle" fill="${COLOURS.illustrationInk}">${ILLUSTRATION_LETTERS[kind]}</text></g>`
  );
}

/** How much bigger than a plain meeple a meeple of this majority weight is drawn (the big meeple, weight 2: 1.4×). */
export function meepleScale(weight: number): number {
  return weight > 1 ? 1.4 : 1;
}

/**
 * A meeple figure centred at (cx, cy), `size` tall, in its player's colour with the player number;
 * `kind` names a meeple kind other than the plain one (`data-kind`), drawn as given (the caller
 * passes the bigger size of a big meeple) with a thicker outline.
 */
export function meepleMark(
  cx: number,
  cy: number,
  size: number,
  player: number,
  lying: boolean,
  data?: { segment: number; describe: string },
  kind?: string,
): string {
  const fill = PLAYER_COLOURS[player % PLAYER_COLOURS.length]!;
  const s = size / 2;
  const body =
    'M-0.16 -0.2L-0.56 -0.06Q-0.66 0.12 -0.46 0.16L-0.24 0.12L-0.42 0.92L-0.1 0.92L0 0.62L0.1 0.92L0.42 0.92L0.24 0.12L0.46 0.16Q0.66 0.12 0.56 -0.06L0.16 -0.2Z';
  const kindAttr = kind === undefined ? '' : ` data-kind="${escapeXml(kind)}"`;
  const attrs =
    (data
      ? ` data-player="${player}" data-segment="${data.segment}" data-on="${escapeXml(data.describe)}"`
      : ` data-player="${player}"`) + kindAttr;
  const rotate = lying ? ' rotate(-90)' : '';
  // Text stays upright: placed after the rotated figure, at the body's centre.
  const [tx, ty] = lying ? [cx + s * 0.22, cy] : [cx, cy + s * 0.22];
  return (
    `<g class="meeple"${attrs}>` +
    `<g transform="translate(${fmt(cx)} ${fmt(cy)})${rotate} scale(${fmt(s)})" fill="${fill}" stroke="${COLOURS.outline}" stroke-width="${((kind === undefined ? 1.2 : 2) / s).toFixed(3)}" stroke-linejoin="round">` +
    `<circle cx="0" cy="-0.52" r="0.3"/><path d="${body}"/></g>` +
    `<text x="${fmt(tx)}" y="${fmt(ty + s * 0.2)}" font-size="${fmt(s * 0.56)}" font-weight="bold" text-anchor="middle" fill="${inkOn(fill)}">${player}</text></g>`
  );
}

/** A piece of an expansion as a player-coloured house showing its label. */
export function pieceMark(
  cx: number,
  cy: number,
  T: number,
  piece: Pick<BoardPiece, 'player' | 'label'>,
  cls: string,
): string {
  const fill = PLAYER_COLOURS[piece.player % PLAYER_COLOURS.length]!;
  const w = T * 0.17;
  const h = T * 0.15;
  const top = cy - h * 0.45;
  return (
    `<g class="${cls}" data-player="${piece.player}" data-value="${escapeXml(piece.label)}">` +
    `<path d="M${fmt(cx - w)} ${fmt(top)}L${fmt(cx)} ${fmt(top - h * 0.8)}L${fmt(cx + w)} ${fmt(top)}V${fmt(top + h * 1.35)}H${fmt(cx - w)}Z" fill="${fill}" stroke="${COLOURS.outline}" stroke-width="1.5" stroke-linejoin="round"/>` +
    `<text x="${fmt(cx)}" y="${fmt(top + h * 1.1)}" font-size="${fmt(h * 1.25)}" font-weight="bold" text-anchor="middle" fill="${inkOn(fill)}">${escapeXml(piece.label)}</text></g>`
  );
}
