/**
 * Schematic geometry of one tile type, computed from its catalog data alone (never from images), in
 * printed orientation and unit coordinates (x east, y south, the tile is [0,1]²). The board renderer
 * rotates the result by the placed rotation.
 *
 * - Cities: a cap per single edge, a corner wedge for two adjacent edges, a band for two opposite
 *   edges, everything but a bay for three, the whole tile for four. Where two different fields meet
 *   on the tile border with nothing between them (e.g. KR4's Es|Se corner), a separator is drawn:
 *   a city tongue when both fields border a city of the tile, otherwise a hedge.
 * - Roads: a through road with two edges is a straight line or a curve; more edges meet at the
 *   centre; a one-edge road runs to the centre (village, monastery) or to the nearest city wall (gate).
 * - Fields are what is left. The tile is rasterised (`RASTER`² cells) and every field flood-filled
 *   from its half-edges; `problems` lists every place where the picture disagrees with the catalog
 *   (two fields drawn as one region, a field drawn in pieces, a half-edge covered by something
 *   else). The raster also gives the anchors: where a meeple, a pennant, an illustration or a group of
 *   travellers is drawn (a point deep inside its own region, away from the other marks).
 */
import { EDGE_CITY, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../../engine/index.ts';
import type { Illustration, TileType } from '../../engine/index.ts';

export type Pt = readonly [number, number];

export const CENTRE: Pt = [0.5, 0.5];
/** Half the drawn width of a road (unit coordinates), fill only; the outline adds `ROAD_EDGE`. */
export const ROAD_HALF = 0.045;
export const ROAD_EDGE = 0.018;
export const VILLAGE_RADIUS = 0.12;
export const MONASTERY_HALF = 0.15;
export const LABYRINTH_HALF = 0.17;
export const ISLAND_HALF = 0.09;
const RASTER = 48;
const STEPS4 = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
/** Centres of the raster cells, row-major. */
const CELLS: readonly Pt[] = Array.from({ length: RASTER * RASTER }, (_, i) => [((i % RASTER) + 0.5) / RASTER, (((i / RASTER) | 0) + 0.5) / RASTER] as const);

export interface CityShape {
  segment: number;
  polygons: Pt[][];
  /** True when this city passes over an earlier city of the tile (KR5's bridge); the earlier one is `under`. */
  over: boolean;
  under: boolean;
}
export interface RoadShape { segment: number; paths: Pt[][]; gates: Pt[]; labyrinth: boolean }
export interface Mark<K> { kind: K; at: Pt; segment: number }

export interface TileGeometry {
  cities: CityShape[];
  roads: RoadShape[];
  hedges: Pt[][];
  /** Fields with no half-edge (KR5): small green islands drawn on top. */
  islands: { segment: number; at: Pt }[];
  village: boolean;
  monastery: boolean;
  labyrinth: boolean;
  /** Where a meeple on each segment stands (index = segment index). */
  anchors: Pt[];
  pennants: Mark<'pennant'>[];
  illustrations: Mark<Illustration>[];
  travellers: Mark<'travellers'>[];
  /** Where the picture disagrees with the catalog (empty for every shipped tile). */
  problems: string[];
  /** The raster labels (segment index, -1 none, -2 barrier), row-major `RASTER`², for tests. */
  raster: { size: number; labels: Int16Array };
}

// ---- small geometry helpers ------------------------------------------------------------------------

/** Rotates a unit-square point `k` quarter turns clockwise (y grows south). */
export function rotatePt(p: Pt, k: number): Pt {
  let [x, y] = p;
  for (let i = 0; i < ((k % 4) + 4) % 4; i++) [x, y] = [1 - y, x];
  return [x, y];
}

function quad(a: Pt, c: Pt, b: Pt, n = 16): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function distToSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

export function distToPath(p: Pt, path: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 1; i < path.length; i++) best = Math.min(best, distToSegment(p, path[i - 1]!, path[i]!));
  return path.length === 1 ? dist(p, path[0]!) : best;
}

export function insidePolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The point at fraction `t` of a polyline's length. */
export function alongPath(path: readonly Pt[], t: number): Pt {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += dist(path[i - 1]!, path[i]!);
  let left = total * t;
  for (let i = 1; i < path.length; i++) {
    const d = dist(path[i - 1]!, path[i]!);
    if (left <= d && d > 0) return lerp(path[i - 1]!, path[i]!, left / d);
    left -= d;
  }
  return path[path.length - 1]!;
}

const rotateAll = (pts: readonly Pt[], k: number): Pt[] => pts.map((p) => rotatePt(p, k));

/** Middle point of a side (0 N, 1 E, 2 S, 3 W). */
const sideMid = (side: number): Pt => rotatePt([0.5, 0], side);
/** The corner clockwise after a side: N → NE, E → SE, S → SW, W → NW. */
const cornerAfter = (side: number): Pt => rotatePt([1, 0], side);

// ---- city shapes (canonical orientation, then rotated) --------------------------------------------

/** A cap on N. */
const CAP_N: Pt[] = [[0, 0], [1, 0], ...quad([1, 0], [0.5, 0.52], [0, 0]).slice(1, -1)];
/** A wedge on N+E with a slightly concave wall. */
const CORNER_NE: Pt[] = [[0, 0], [1, 0], [1, 1], ...quad([1, 1], [0.6, 0.4], [0, 0]).slice(1, -1)];
/** A band N–S, narrowing in the middle. */
const BAND_NS: Pt[] = [[0, 0], [1, 0], ...quad([1, 0], [0.44, 0.5], [1, 1]).slice(1, -1), [1, 1], [0, 1], ...quad([0, 1], [0.56, 0.5], [0, 0]).slice(1, -1)];
/** Everything but a bay on S. */
const BAY_S: Pt[] = [[0, 0], [1, 0], [1, 1], ...quad([1, 1], [0.5, 0.42], [0, 1]).slice(1, -1), [0, 1]];
const FULL: Pt[] = [[0, 0], [1, 0], [1, 1], [0, 1]];

function cityPolygon(sides: number[]): Pt[] {
  const has = (s: number) => sides.includes(((s % 4) + 4) % 4);
  switch (sides.length) {
    case 1: return rotateAll(CAP_N, sides[0]!);
    case 2: {
      const [a, b] = [...sides].sort((x, y) => x - y) as [number, number];
      if (b - a === 2) return rotateAll(BAND_NS, a);
      // Adjacent: the wedge N+E rotated so that N lands on the first side clockwise.
      const first = has(a + 1) ? a : b;
      return rotateAll(CORNER_NE, first);
    }
    case 3: {
      const missing = [0, 1, 2, 3].find((s) => !has(s))!;
      return rotateAll(BAY_S, missing - 2);
    }
    default: return FULL.slice();
  }
}

// ---- the geometry of one tile type ---------------------------------------------------------------

// Keyed by content, not by object: every `Game` compiles its own catalog objects.
const byObject = new WeakMap<TileType, TileGeometry>();
const byContent = new Map<string, TileGeometry>();

export function tileGeometry(type: TileType): TileGeometry {
  let g = byObject.get(type);
  if (g) return g;
  const key = JSON.stringify([type.edges, type.segments, type.looseIllustrations]);
  g = byContent.get(key);
  if (!g) {
    g = buildGeometry(type);
    byContent.set(key, g);
  }
  byObject.set(type, g);
  return g;
}

/** The perimeter slot of a port: where a field half-edge is sampled. */
function halfEdgePoint(port: number, depth: number): Pt {
  const side = (port / 3) | 0;
  const j = port % 3; // 0 = first half clockwise, 2 = second
  return rotatePt([j === 0 ? 0.22 : 0.78, depth], side);
}

function buildGeometry(type: TileType): TileGeometry {
  const segs = type.segments;
  const problems: string[] = [];
  const sidesOf = (ports: readonly number[]) => ports.filter((p) => p % 3 === 1).map((p) => (p / 3) | 0);

  // Cities.
  const cities: CityShape[] = [];
  segs.forEach((seg, s) => {
    if (seg.kind === SEG_CITY) cities.push({ segment: s, polygons: [cityPolygon(sidesOf(seg.ports))], over: false, under: false });
  });

  // Separators where two different fields meet on the border with nothing between them.
  const owner = new Array<number>(12).fill(-1);
  segs.forEach((seg, s) => seg.ports.forEach((p) => { owner[p] = s; }));
  for (let side = 0; side < 4; side++) {
    if (type.edges[side] === EDGE_CITY) {
      for (let j = 0; j < 3; j++) owner[side * 3 + j] = owner[side * 3 + 1]!;
    }
  }
  const hedges: Pt[][] = [];
  const slots = [...Array(12).keys()].filter((p) => owner[p]! >= 0);
  for (let i = 0; i < slots.length; i++) {
    const p = slots[i]!;
    const q = slots[(i + 1) % slots.length]!;
    const a = owner[p]!;
    const b = owner[q]!;
    if (a === b || segs[a]!.kind !== SEG_FIELD || segs[b]!.kind !== SEG_FIELD) continue;
    // Where they meet: a side middle (two halves of one field edge) or a corner.
    const sp = (p / 3) | 0;
    const sq = (q / 3) | 0;
    const at = sp === sq ? sideMid(sp) : cornerAfter(sp);
    const shared = segs[a]!.cities.find((c) => segs[b]!.cities.includes(c));
    const cityShape = shared === undefined ? undefined : cities[shared];
    if (cityShape) {
      cityShape.polygons.unshift(tongue(at, cityShape.polygons[0]!));
    } else {
      hedges.push([at, lerp(at, CENTRE, 0.82)]);
    }
  }
  const cityPolys = cities.flatMap((c) => c.polygons);
  // Cities that cross: a later city drawn over an earlier one (probed at the raster's cell centres).
  cities.forEach((upper, k) => {
    for (const lower of cities.slice(0, k)) {
      const crosses = CELLS.some((p) => upper.polygons.some((a) => insidePolygon(p, a)) && lower.polygons.some((b) => insidePolygon(p, b)));
      if (crosses) { upper.over = true; lower.under = true; }
    }
  });
  const inCity = (p: Pt) => cityPolys.some((poly) => insidePolygon(p, poly));

  // Roads.
  const village = segs.some((seg) => seg.kind === SEG_ROAD && seg.end === 'village');
  const monastery = segs.some((seg) => seg.kind === SEG_MONASTERY);
  const labyrinth = segs.some((seg) => seg.kind === SEG_ROAD && seg.labyrinth);
  const roads: RoadShape[] = [];
  segs.forEach((seg, s) => {
    if (seg.kind !== SEG_ROAD) return;
    const sides = sidesOf(seg.ports);
    const paths: Pt[][] = [];
    const gates: Pt[] = [];
    if (sides.length === 2 && !seg.labyrinth) {
      const [a, b] = sides as [number, number];
      paths.push((a + 2) % 4 === b ? [sideMid(a), sideMid(b)] : quad(sideMid(a), CENTRE, sideMid(b)));
    } else if (sides.length >= 2) {
      for (const side of sides) paths.push([sideMid(side), CENTRE]);
    } else if (seg.end === 'city') {
      const { path, gate } = gatePath(sideMid(sides[0]!), inCity, cityPolys);
      paths.push(path);
      gates.push(gate);
    } else {
      paths.push([sideMid(sides[0]!), CENTRE]);
    }
    roads.push({ segment: s, paths, gates, labyrinth: seg.labyrinth });
  });

  // Enclosed fields: islands where they are clear of every wall and road, apart from each other.
  const islands: { segment: number; at: Pt }[] = [];
  const enclosed = segs.map((seg, s) => ({ seg, s })).filter(({ seg }) => seg.kind === SEG_FIELD && seg.ports.length === 0);
  if (enclosed.length) {
    const isBorder = (a: Pt, b: Pt) => (a[0] <= 1e-9 && b[0] <= 1e-9) || (a[1] <= 1e-9 && b[1] <= 1e-9) || (a[0] >= 1 - 1e-9 && b[0] >= 1 - 1e-9) || (a[1] >= 1 - 1e-9 && b[1] >= 1 - 1e-9);
    const walls: Pt[][] = cityPolys.flatMap((poly) => poly.map((a, i) => [a, poly[(i + 1) % poly.length]!] as Pt[]).filter(([a, b]) => !isBorder(a!, b!)));
    const clearance = (p: Pt) => {
      let d = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]) - 0.05;
      for (const w of walls) d = Math.min(d, distToSegment(p, w[0]!, w[1]!));
      for (const r of roads) for (const path of r.paths) d = Math.min(d, distToPath(p, path) - ROAD_HALF);
      return d;
    };
    const scored = CELLS.filter((_, i) => i % 2 === 0).map((p) => ({ p, v: clearance(p) })).sort((a, b) => b.v - a.v);
    for (const { s } of enclosed) {
      // Off-centre (the centre is where crossing cities meet) and apart from each other.
      const spot = scored.find(({ p }) => dist(p, CENTRE) > 0.2 && islands.every((o) => dist(o.at, p) > 0.55))
        ?? scored.find(({ p }) => islands.every((o) => dist(o.at, p) > 0.2)) ?? { p: CENTRE };
      islands.push({ segment: s, at: spot.p });
    }
  }

  // ---- rasterise: which segment owns each cell ----
  const N = RASTER;
  const labels = new Int16Array(N * N).fill(-1);
  const cellPt = (i: number): Pt => CELLS[i]!;
  // Paint shape by shape in drawing order, each over the cells of its bounding box only.
  const paint = (pts: readonly Pt[], pad: number, label: number | (() => number), hit: (p: Pt) => boolean) => {
    let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
    for (const [x, y] of pts) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
    const c0 = Math.max(0, Math.floor((x0 - pad) * N)); const c1 = Math.min(N - 1, Math.floor((x1 + pad) * N));
    const r0 = Math.max(0, Math.floor((y0 - pad) * N)); const r1 = Math.min(N - 1, Math.floor((y1 + pad) * N));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = r * N + c;
        if (hit(CELLS[i]!)) labels[i] = typeof label === 'number' ? label : label();
      }
    }
  };
  const square = (at: Pt, half: number): Pt[] => [[at[0] - half, at[1] - half], [at[0] + half, at[1] + half]];
  const inSquare = (at: Pt, half: number) => (p: Pt) => Math.max(Math.abs(p[0] - at[0]), Math.abs(p[1] - at[1])) <= half;
  for (const c of cities) for (const poly of c.polygons) paint(poly, 0, c.segment, (p) => insidePolygon(p, poly));
  const roadReach = ROAD_HALF + ROAD_EDGE;
  for (const r of roads) for (const path of r.paths) paint(path, roadReach, r.segment, (p) => distToPath(p, path) <= roadReach);
  for (const h of hedges) paint(h, 0.02, -2, (p) => distToPath(p, h) <= 0.02);
  if (village) paint(square(CENTRE, VILLAGE_RADIUS), 0, -2, (p) => dist(p, CENTRE) <= VILLAGE_RADIUS);
  if (labyrinth) paint(square(CENTRE, LABYRINTH_HALF), 0, roads.find((r) => r.labyrinth)!.segment, inSquare(CENTRE, LABYRINTH_HALF));
  if (monastery) paint(square(CENTRE, MONASTERY_HALF), 0, segs.findIndex((seg) => seg.kind === SEG_MONASTERY), inSquare(CENTRE, MONASTERY_HALF));
  for (const island of islands) paint(square(island.at, ISLAND_HALF), 0, island.segment, inSquare(island.at, ISLAND_HALF));
  const cellOf = (p: Pt) => Math.min(N - 1, Math.floor(p[1] * N)) * N + Math.min(N - 1, Math.floor(p[0] * N));

  // Flood-fill every field from its half-edges.
  const fieldSegs = segs.map((seg, s) => ({ seg, s })).filter(({ seg }) => seg.kind === SEG_FIELD && seg.ports.length > 0);
  const queue: number[] = [];
  for (const { seg, s } of fieldSegs) {
    for (const port of seg.ports) {
      const seed = seedCell(port, labels, N, cellOf);
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
    for (const j of neighbours4(i, N)) {
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
    const pieces = components(labels, N, s);
    if (pieces > 1) problems.push(`${seg.name} is drawn in ${pieces} pieces`);
  }
  const stray = labels.reduce((n, l) => n + (l === -1 ? 1 : 0), 0);
  if (stray > N) problems.push(`${stray} raster cells belong to no segment`);

  // ---- anchors and marks ----
  const depth = distanceToOther(labels, N);
  const taken: Pt[] = [];
  const anchors: Pt[] = segs.map(() => CENTRE);
  const best = (segment: number, score: (p: Pt, d: number) => number): Pt | undefined => {
    let top = -Infinity;
    let at: Pt | undefined;
    for (let i = 0; i < N * N; i++) {
      if (labels[i] !== segment) continue;
      const p = cellPt(i);
      const v = score(p, depth[i]! / N);
      if (v > top + 1e-9) {
        top = v;
        at = p;
      }
    }
    return at;
  };
  const away = (p: Pt, margin: number) => {
    let m = Infinity;
    for (const q of taken) m = Math.min(m, Math.hypot(p[0] - q[0], p[1] - q[1]) - margin);
    return m;
  };
  const centred = (p: Pt) => 0.001 * dist(p, CENTRE);

  // Roads first (their points are fixed by the path), then the monastery, then the areas.
  for (const r of roads) {
    const seg = segs[r.segment]!;
    const path = r.paths[0]!;
    anchors[r.segment] = r.labyrinth || r.paths.length > 1 ? CENTRE : alongPath(path, seg.ports.length === 1 ? 0.45 : 0.3);
    taken.push(anchors[r.segment]!);
  }
  segs.forEach((seg, s) => {
    if (seg.kind === SEG_MONASTERY) {
      anchors[s] = [0.5, 0.53];
      taken.push(anchors[s]!);
    }
  });
  for (const island of islands) {
    anchors[island.segment] = island.at;
    taken.push(island.at);
  }
  segs.forEach((seg, s) => {
    if (seg.kind !== SEG_CITY && !(seg.kind === SEG_FIELD && seg.ports.length > 0)) return;
    // Deep enough for a figure (depth saturates at 0.12), then as central as possible.
    const at = best(s, (p, d) => Math.min(d, 0.12, away(p, 0.16)) - 0.15 * dist(p, CENTRE));
    if (at) anchors[s] = at;
    else problems.push(`${seg.name} has no visible area`);
    taken.push(anchors[s]!);
  });

  const travellers: Mark<'travellers'>[] = [];
  for (const r of roads) {
    const seg = segs[r.segment]!;
    for (let k = 0; k < seg.travellers; k++) {
      const path = r.paths[k % r.paths.length]!;
      const at = alongPath(path, seg.ports.length === 1 ? 0.18 + 0.12 * k : 0.72 - 0.12 * k);
      travellers.push({ kind: 'travellers', at, segment: r.segment });
      taken.push(at);
    }
  }

  const pennants: Mark<'pennant'>[] = [];
  for (const c of cities) {
    for (let k = 0; k < segs[c.segment]!.pennants; k++) {
      const at = best(c.segment, (p, d) => Math.min(d, away(p, 0.14)) - centred(p)) ?? anchors[c.segment]!;
      pennants.push({ kind: 'pennant', at, segment: c.segment });
      taken.push(at);
    }
  }

  const illustrations: Mark<Illustration>[] = [];
  const fieldIds = new Set(segs.flatMap((seg, s) => (seg.kind === SEG_FIELD ? [s] : [])));
  const place = (kind: Illustration, segment: number, near: ((p: Pt) => number) | undefined) => {
    let top = -Infinity;
    let at: Pt | undefined;
    for (let i = 0; i < N * N; i++) {
      const l = labels[i]!;
      // Next to a road: in a field. Attached to no road (water towers stand in cities too): in a field or a city.
      const allowed = fieldIds.has(l) || (!near && l >= 0 && segs[l]!.kind === SEG_CITY && (kind === 'watertower' || fieldIds.size === 0));
      if (!allowed) continue;
      const p = cellPt(i);
      const edge = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]);
      let v = Math.min(depth[i]! / N, away(p, 0.13), edge - 0.06);
      if (near) {
        const d = near(p);
        if (d < 0.09 || d > 0.24) v -= 1;
        v -= 0.2 * d;
      }
      if (v > top + 1e-9) {
        top = v;
        at = p;
      }
    }
    const spot = at ?? CENTRE;
    illustrations.push({ kind, at: spot, segment });
    taken.push(spot);
  };
  for (const r of roads) {
    for (const kind of segs[r.segment]!.illustrations) {
      place(kind, r.segment, (p) => {
        let d = Infinity;
        for (const path of r.paths) d = Math.min(d, distToPath(p, path));
        return d;
      });
    }
  }
  for (const kind of type.looseIllustrations) place(kind, -1, undefined);

  return { cities, roads, hedges, islands, village, monastery, labyrinth, anchors, pennants, illustrations, travellers, problems, raster: { size: N, labels } };
}

/**
 * A city spur from a border point (a corner or a side middle) back to a city: a triangle whose base
 * lies on the city's wall around the wall point nearest to `at`, so the city visibly reaches that
 * point and separates the two fields that meet there (KR4's Es|Se corner).
 */
function tongue(at: Pt, city: readonly Pt[]): Pt[] {
  const onBorder = (p: Pt) => p[0] <= 1e-9 || p[1] <= 1e-9 || p[0] >= 1 - 1e-9 || p[1] >= 1 - 1e-9;
  const wall = city.filter((p) => !onBorder(p));
  if (wall.length === 0) return [at, CENTRE, at];
  let nearest = 0;
  wall.forEach((p, i) => { if (dist(p, at) < dist(wall[nearest]!, at)) nearest = i; });
  // Walk along the wall both ways until about 0.13 away from the nearest point.
  const reach = (step: number): Pt => {
    let i = nearest;
    while (i + step >= 0 && i + step < wall.length && dist(wall[i + step]!, wall[nearest]!) < 0.13) i += step;
    return wall[i]!;
  };
  const a = reach(-1);
  const b = reach(1);
  // Push the base a little into the city so no sliver of field remains between base and wall.
  const into = (p: Pt): Pt => lerp(p, lerp(p, at, -1), 0.08);
  return [at, into(a), into(b)];
}

/** A one-edge road into a city: straight towards the centre until it meets a city, else curving to the nearest wall point. */
function gatePath(from: Pt, inCity: (p: Pt) => boolean, polys: readonly Pt[][]): { path: Pt[]; gate: Pt } {
  for (let t = 0.02; t <= 1; t += 0.01) {
    const p = lerp(from, CENTRE, t);
    if (inCity(p)) {
      const gate = lerp(from, CENTRE, t - 0.005);
      return { path: [from, gate], gate };
    }
  }
  let gate = CENTRE;
  let best = Infinity;
  for (const poly of polys) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      for (let k = 0; k <= 8; k++) {
        const p = lerp(a, b, k / 8);
        if (p[0] <= 1e-9 || p[1] <= 1e-9 || p[0] >= 1 - 1e-9 || p[1] >= 1 - 1e-9) continue;
        const d = dist(p, CENTRE);
        if (d < best) {
          best = d;
          gate = p;
        }
      }
    }
  }
  return { path: quad(from, lerp(from, CENTRE, 0.6), gate), gate };
}

/** The raster cell a field half-edge is seeded from: its sample point, or the nearest free cell along that half. */
function seedCell(port: number, labels: Int16Array, N: number, cellOf: (p: Pt) => number): number {
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

/** The cells next to cell i (up, down, left, right) inside an N × N raster. */
function neighbours4(i: number, N: number): number[] {
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

function components(labels: Int16Array, N: number, label: number): number {
  const seen = new Uint8Array(N * N);
  let count = 0;
  for (let start = 0; start < N * N; start++) {
    if (labels[start] !== label || seen[start]) continue;
    count++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      for (const j of neighbours4(i, N)) {
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
function distanceToOther(labels: Int16Array, N: number): Int32Array {
  const d = new Int32Array(N * N);
  const same = (i: number, x: number, y: number) => x >= 0 && y >= 0 && x < N && y < N && labels[y * N + x] === labels[i];
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const i = y * N + x;
      let edge = x === 0 || y === 0 || x === N - 1 || y === N - 1;
      for (let dy = -1; dy <= 1 && !edge; dy++) for (let dx = -1; dx <= 1 && !edge; dx++) if (!same(i, x + dx, y + dy)) edge = true;
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
