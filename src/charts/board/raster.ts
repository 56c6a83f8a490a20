/**
 * The raster check of a tile's picture: its shapes are painted onto `RASTER`² cells (a label per cell:
 * segment index, -1 none, -2 barrier), then every field is flood-filled from its half-edges. Every
 * place where the picture disagrees with the catalog is reported (two fields drawn as one region, a
 * field drawn in pieces, a half-edge covered by something else). The labels and each cell's distance
 * to another label then tell the marks where to stand (`marks.ts`).
 */
import { SEG_FIELD, SEG_MONASTERY } from '../../engine/index.ts';
import type { TileType } from '../../engine/index.ts';
import { CELLS, CENTRE, RASTER, dist, distToPath, insidePolygon, rotatePt } from './points.ts';
import type { Pt } from './points.ts';
import {
  ISLAND_HALF,
  LABYRINTH_HALF,
  LANE_HALF,
  MONASTERY_HALF,
  ROAD_EDGE,
  ROAD_HALF,
  VILLAGE_RADIUS,
} from './shapes.ts';
import type { TileShapes } from './shapes.ts';

type Segments = TileType['segments'];

const N = RASTER;
const STEPS4 = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

const square = (at: Pt, half: number): Pt[] => [
  [at[0] - half, at[1] - half],
  [at[0] + half, at[1] + half],
];
const inSquare = (at: Pt, half: number) => (p: Pt) => Math.max(Math.abs(p[0] - at[0]), Math.abs(p[1] - at[1])) <= half;
const cellOf = (p: Pt) => Math.min(N - 1, Math.floor(p[1] * N)) * N + Math.min(N - 1, Math.floor(p[0] * N));

/** The labels of the painted shapes, in drawing order (a later shape covers an earlier one); fields are left at -1. */
export function paintShapes(segs: Segments, shapes: TileShapes): Int16Array {
  const labels = new Int16Array(N * N).fill(-1);
  // Paint shape by shape, each over the cells of its bounding box (grown by `pad`) only.
  const paint = (pts: readonly Pt[], pad: number, label: number, hit: (p: Pt) => boolean) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const [x, y] of pts) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const c0 = Math.max(0, Math.floor((x0 - pad) * N));
    const c1 = Math.min(N - 1, Math.floor((x1 + pad) * N));
    const r0 = Math.max(0, Math.floor((y0 - pad) * N));
    const r1 = Math.min(N - 1, Math.floor((y1 + pad) * N));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = r * N + c;
        if (hit(CELLS[i]!)) labels[i] = label;
      }
    }
  };
  // Lanes first: the city they lead to covers their end.
  for (const lane of shapes.lanes) paint(lane, LANE_HALF, -2, (p) => distToPath(p, lane) <= LANE_HALF);
  for (const c of shapes.cities)
    for (const poly of c.polygons) paint(poly, 0, c.segment, (p) => insidePolygon(p, poly));
  const roadReach = ROAD_HALF + ROAD_EDGE;
  for (const r of shapes.roads)
    for (const path of r.paths) paint(path, roadReach, r.segment, (p) => distToPath(p, path) <= roadReach);
  for (const h of shapes.hedges) paint(h, 0.02, -2, (p) => distToPath(p, h) <= 0.02);
  if (shapes.village) paint(square(CENTRE, VILLAGE_RADIUS), 0, -2, (p) => dist(p, CENTRE) <= VILLAGE_RADIUS);
  if (shapes.labyrinth)
    paint(
      square(CENTRE, LABYRINTH_HALF),
      0,
      shapes.roads.find((r) => r.labyrinth)!.segment,
      inSquare(CENTRE, LABYRINTH_HALF),
    );
  if (shapes.monastery)
    paint(
      square(CENTRE, MONASTERY_HALF),
      0,
      segs.findIndex((seg) => seg.kind === SEG_MONASTERY),
      inSquare(CENTRE, MONASTERY_HALF),
    );
  for (const island of shapes.islands)
    paint(square(island.at, ISLAND_HALF), 0, island.segment, inSquare(island.at, ISLAND_HALF));
  return labels;
}

/**
 * Flood-fills every field with half-edges from them into the free cells of `labels`, and appends to
 * `problems` every disagreement with the catalog.
 */
export function fillFields(segs: Segments, labels: Int16Array, problems: string[]): void {
  const fieldSegs = segs
    .map((seg, s) => ({ seg, s }))
    .filter(({ seg }) => seg.kind === SEG_FIELD && seg.ports.length > 0);
  const queue: number[] = [];
  for (const { seg, s } of fieldSegs) {
    for (const port of seg.ports) {
      const seed = seedCell(port, labels);
      if (seed < 0) {
        problems.push(`${seg.name}: half-edge ${port} is covered by another feature`);
        continue;
      }
      if (labels[seed] === -1) {
        labels[seed] = s;
        queue.push(seed);
      } else if (labels[seed] !== s) {
        problems.push(`${seg.name}: half-edge ${port} starts inside ${segs[labels[seed]!]?.name ?? 'a barrier'}`);
      }
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    for (const j of neighbours4(i)) {
      if (labels[j] === -1) {
        labels[j] = labels[i]!;
        queue.push(j);
      } else if (labels[j]! >= 0 && labels[j] !== labels[i] && segs[labels[j]!]!.kind === SEG_FIELD) {
        const names = [segs[labels[i]!]!.name, segs[labels[j]!]!.name].sort().join(' and ');
        const message = `fields ${names} are drawn as one region`;
        if (!problems.includes(message)) problems.push(message);
      }
    }
  }
  for (const { seg, s } of fieldSegs) {
    const pieces = components(labels, s);
    if (pieces > 1) problems.push(`${seg.name} is drawn in ${pieces} pieces`);
  }
  // A field with no half-edge (enclosed by the tile's cities, e.g. Inns & Cathedrals' H) is what no other field reached.
  const enclosed = segs.findIndex((seg) => seg.kind === SEG_FIELD && seg.ports.length === 0);
  if (enclosed >= 0) for (let i = 0; i < labels.length; i++) if (labels[i] === -1) labels[i] = enclosed;
  const stray = labels.reduce((n, l) => n + (l === -1 ? 1 : 0), 0);
  if (stray > N) problems.push(`${stray} raster cells belong to no segment`);
}

/** The perimeter slot of a port: where a field half-edge is sampled. */
function halfEdgePoint(port: number, depth: number): Pt {
  const side = (port / 3) | 0;
  const j = port % 3; // 0 = first half clockwise, 2 = second
  return rotatePt([j === 0 ? 0.22 : 0.78, depth], side);
}

/** The raster cell a field half-edge is seeded from: its sample point, or the nearest free cell along that half. */
function seedCell(port: number, labels: Int16Array): number {
  for (const depth of [0.5 / N, 1.5 / N, 2.5 / N]) {
    for (const shift of [0, 0.04, -0.04, 0.08, -0.08, 0.12, -0.12, 0.16]) {
      const side = (port / 3) | 0;
      const j = port % 3;
      const along = (j === 0 ? 0.22 : 0.78) + shift;
      if (along <= 0 || along >= 1) continue;
      const i = cellOf(rotatePt([along, depth], side));
      if (labels[i] === -1) return i;
    }
  }
  const i = cellOf(halfEdgePoint(port, 0.5 / N));
  return labels[i]! >= 0 ? i : -1;
}

/** The cells next to cell i (up, down, left, right) inside the raster. */
function neighbours4(i: number): number[] {
  const x = i % N;
  const y = (i / N) | 0;
  const out: number[] = [];
  for (const [dx, dy] of STEPS4) {
    const nx = x + dx;
    const ny = y + dy;
    if (nx >= 0 && ny >= 0 && nx < N && ny < N) out.push(ny * N + nx);
  }
  return out;
}

/** The number of 4-connected pieces of the cells labelled `label`. */
function components(labels: Int16Array, label: number): number {
  const seen = new Uint8Array(N * N);
  let count = 0;
  for (let start = 0; start < N * N; start++) {
    if (labels[start] !== label || seen[start]) continue;
    count++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      for (const j of neighbours4(i)) {
        if (labels[j] === label && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  return count;
}

/** Per cell: chessboard distance (in cells) to the nearest cell with another label or to the tile border (two chamfer passes). */
export function distanceToOther(labels: Int16Array): Int32Array {
  const d = new Int32Array(N * N);
  const same = (i: number, x: number, y: number) =>
    x >= 0 && y >= 0 && x < N && y < N && labels[y * N + x] === labels[i];
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const i = y * N + x;
      let edge = x === 0 || y === 0 || x === N - 1 || y === N - 1;
      for (let dy = -1; dy <= 1 && !edge; dy++)
        for (let dx = -1; dx <= 1 && !edge; dx++) if (!same(i, x + dx, y + dy)) edge = true;
      d[i] = edge ? 1 : 1 << 20;
    }
  }
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const i = y * N + x;
      if (x > 0) d[i] = Math.min(d[i]!, d[i - 1]! + 1);
      if (y > 0) {
        d[i] = Math.min(d[i]!, d[i - N]! + 1);
        if (x > 0) d[i] = Math.min(d[i]!, d[i - N - 1]! + 1);
        if (x < N - 1) d[i] = Math.min(d[i]!, d[i - N + 1]! + 1);
      }
    }
  }
  for (let y = N - 1; y >= 0; y--) {
    for (let x = N - 1; x >= 0; x--) {
      const i = y * N + x;
      if (x < N - 1) d[i] = Math.min(d[i]!, d[i + 1]! + 1);
      if (y < N - 1) {
        d[i] = Math.min(d[i]!, d[i + N]! + 1);
        if (x < N - 1) d[i] = Math.min(d[i]!, d[i + N + 1]! + 1);
        if (x > 0) d[i] = Math.min(d[i]!, d[i + N - 1]! + 1);
      }
    }
  }
  return d;
}
