/**
 * Draws `docs/half-edges.svg`, the picture of docs/tiles.md §2: the names of a tile's twelve edge
 * parts (N E S W for the middles, the half-edges Nw Ne En Es Se Sw Ws Wn for the field halves,
 * clockwise from the north-west corner, as `src/engine/geometry.ts` numbers them), and the example
 * tile Z1 of the example tile file (docs/tiles.md §1) drawn by the board renderer with its segments named.
 *
 *   npx tsx scripts/half-edges.ts [--png FILE]     # --png also writes a PNG, to look at
 *
 * `test/charts/half-edges.test.ts` checks that the committed picture is what this draws.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInputError } from '../src/engine/index.ts';
import { parseFlags } from '../src/run/flags.ts';
import { boardSvgToPNG, tileGeometry } from '../src/charts/board/index.ts';
import { drawTile, escapeXml, fmt } from '../src/charts/board/tile-picture.ts';
import { HALF_EDGE_PORT, SIDES, centrePort, compileTileFile, tileFieldsOf } from '../src/engine/index.ts';
import type { HalfEdge } from '../src/engine/index.ts';
import { baseGame, expansionRegistry } from '../src/expansions/index.ts';

const ROOT = join(import.meta.dirname, '..');
const EXAMPLE = 'test/scenarios/designer/tiles/village.json';
export const HALF_EDGES_SVG = join(ROOT, 'docs', 'half-edges.svg');

const T = 240; // side of a drawn tile
const GAP = 150; // between the two tiles
const LEFT = 70;
const TOP = 80;

/** Where port p's part of the border lies: its midpoint and the outward normal, in unit tile coordinates. */
function portPlace(port: number): { at: [number, number]; out: [number, number] } {
  const side = (port / 3) | 0;
  const k = port % 3; // 0, 1, 2 along the side, clockwise
  const t = (k + 0.5) / 3;
  switch (side) {
    case 0:
      return { at: [t, 0], out: [0, -1] };
    case 1:
      return { at: [1, t], out: [1, 0] };
    case 2:
      return { at: [1 - t, 1], out: [0, 1] };
    default:
      return { at: [0, 1 - t], out: [-1, 0] };
  }
}

const NAMES: [port: number, name: string][] = [
  ...SIDES.map((side, s): [number, string] => [centrePort(s), side]),
  ...Object.entries(HALF_EDGE_PORT).map(([name, port]): [number, string] => [port, name as HalfEdge]),
];

/** The twelve names around a tile drawn at (ox, oy), with tick marks between the parts of each side; port numbers inside when asked. */
function nameRing(ox: number, oy: number, withPorts: boolean): string {
  const out: string[] = [];
  for (let side = 0; side < 4; side++) {
    for (const cut of [1 / 3, 2 / 3]) {
      const [x, y] = side === 0 ? [cut, 0] : side === 1 ? [1, cut] : side === 2 ? [cut, 1] : [0, cut];
      const [nx, ny] = side % 2 === 0 ? [0, 1] : [1, 0];
      out.push(
        `<line x1="${fmt(ox + (x - nx * 0.05) * T)}" y1="${fmt(oy + (y - ny * 0.05) * T)}" x2="${fmt(ox + (x + nx * 0.05) * T)}" y2="${fmt(oy + (y + ny * 0.05) * T)}" stroke="#333" stroke-width="2"/>`,
      );
    }
  }
  for (const [port, name] of NAMES) {
    const { at, out: n } = portPlace(port);
    const x = ox + at[0] * T + n[0] * 24;
    const y = oy + at[1] * T + n[1] * 20 + 6;
    const middle = port % 3 === 1;
    out.push(
      `<text x="${fmt(x)}" y="${fmt(y)}" text-anchor="middle" font-size="${middle ? 20 : 17}" font-weight="${middle ? 'bold' : 'normal'}" fill="${middle ? '#222' : '#1f5e8c'}">${name}</text>`,
    );
    if (withPorts) {
      const px = ox + at[0] * T - n[0] * 18;
      const py = oy + at[1] * T - n[1] * 16 + 5;
      out.push(`<text x="${fmt(px)}" y="${fmt(py)}" text-anchor="middle" font-size="13" fill="#777">${port}</text>`);
    }
  }
  return out.join('');
}

/** An arc most of the way round the tile's centre, clockwise (y grows south, so clockwise is increasing angle), with its arrowhead. */
function clockwiseArrow(ox: number, oy: number): string {
  const r = 0.3;
  const from = (-125 * Math.PI) / 180;
  const to = from + (290 * Math.PI) / 180;
  const at = (a: number): [number, number] => [ox + (0.5 + r * Math.cos(a)) * T, oy + (0.5 + r * Math.sin(a)) * T];
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  const [tx, ty] = [-Math.sin(to), Math.cos(to)]; // the direction of travel at the end
  const [nx, ny] = [-ty, tx];
  const head = [
    [x1 + tx * 14, y1 + ty * 14],
    [x1 + nx * 7, y1 + ny * 7],
    [x1 - nx * 7, y1 - ny * 7],
  ]
    .map(([x, y]) => `${fmt(x!)},${fmt(y!)}`)
    .join(' ');
  return `<path d="M${fmt(x0)} ${fmt(y0)} A ${fmt(r * T)} ${fmt(r * T)} 0 1 1 ${fmt(x1)} ${fmt(y1)}" fill="none" stroke="#1f5e8c" stroke-width="2"/><polygon points="${head}" fill="#1f5e8c"/>`;
}

/** The picture as an SVG document (deterministic: the same text on every run). */
export function halfEdgesPicture(): string {
  // 1. The plain tile: names, port numbers and the clockwise order.
  const plain = [
    `<rect x="${LEFT}" y="${TOP}" width="${T}" height="${T}" fill="#F2F2EE" stroke="#333" stroke-width="1.5"/>`,
    nameRing(LEFT, TOP, true),
    clockwiseArrow(LEFT, TOP),
    `<text x="${LEFT + T / 2}" y="${TOP + T / 2 - 4}" text-anchor="middle" font-size="13" fill="#333">clockwise from</text>`,
    `<text x="${LEFT + T / 2}" y="${TOP + T / 2 + 13}" text-anchor="middle" font-size="13" fill="#333">the NW corner</text>`,
  ];

  // 2. The example tile Z1, in printed orientation, with its segments named at their anchors.
  const file = JSON.parse(readFileSync(join(ROOT, EXAMPLE), 'utf8'));
  // The example carries the Tollkeepers' travellers: every registered module's tile fields are known, as in a game.
  const z1 = compileTileFile(file, EXAMPLE, tileFieldsOf([baseGame, ...expansionRegistry.values()])).find(
    (t) => t.id === 'Z1',
  )!;
  const geo = tileGeometry(z1);
  if (geo.problems.length) throw new Error(`Z1: ${geo.problems.join('; ')}`);
  const ox = LEFT + T + GAP;
  const tile = drawTile(geo, ([u, v]) => [u * T, v * T], T, { id: z1.id, x: 0, y: 0, rot: 0, placed: 0, ox, oy: TOP });
  const labels = z1.segments.map((seg, s) => {
    const [u, v] = geo.anchors[s]!;
    const x = ox + u * T;
    const y = TOP + v * T;
    return `<g><rect x="${fmt(x - 15)}" y="${fmt(y - 12)}" width="30" height="20" rx="4" fill="#FFFFFF" fill-opacity="0.85" stroke="#333"/><text x="${fmt(x)}" y="${fmt(y + 4)}" text-anchor="middle" font-size="14" font-weight="bold">${seg.name}</text></g>`;
  });
  const example = [
    tile,
    `<rect x="${ox}" y="${TOP}" width="${T}" height="${T}" fill="none" stroke="#333" stroke-width="1.5"/>`,
    nameRing(ox, TOP, false),
    ...labels,
  ];

  const width = ox + T + LEFT;
  const height = TOP + T + 120;
  const caption = (x: number, lines: string[]) =>
    lines
      .map(
        (line, i) =>
          `<text x="${fmt(x)}" y="${TOP + T + 60 + i * 20}" text-anchor="middle" font-size="14">${escapeXml(line)}</text>`,
      )
      .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#FFFFFF"/>`,
    `<text x="${LEFT}" y="30" font-size="17" font-weight="bold">The edge parts of a tile, printed orientation (north up)</text>`,
    ...plain,
    ...example,
    caption(LEFT + T / 2, ["a road or city uses a side's middle (N E S W);", 'a field uses half-edges (Nw … Wn)']),
    caption(ox + T / 2, [
      'Z1: "edges": "CRFR"; c1 "N" (pennant), r1 "W+E",',
      'f1 "Wn En" (borders c1), f2 "Es Se Sw Ws"',
    ]),
    '</svg>',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let values: Record<string, string | boolean | undefined> = {};
  try {
    values = parseFlags(process.argv.slice(2), { png: { type: 'string' } }).flags;
  } catch (error) {
    if (!isInputError(error)) throw error;
    process.stderr.write(`half-edges: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const svg = halfEdgesPicture();
  writeFileSync(HALF_EDGES_SVG, `${svg}\n`);
  console.log(`wrote ${HALF_EDGES_SVG}`);
  if (values.png) {
    writeFileSync(String(values.png), boardSvgToPNG(svg, 1.5));
    console.log(`wrote ${values.png}`);
  }
}
