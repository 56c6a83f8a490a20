/**
 * The drawn shapes of one tile type, from its catalog data alone, in printed orientation:
 * - cities: a cap per single edge, a corner wedge for two adjacent edges, a band for two opposite
 *   edges, everything but a bay for three, the whole tile for four;
 * - separators where two different fields meet on the tile border with nothing between them (e.g.
 *   KR4's Es|Se corner): a city tongue when both fields border a city of the tile, otherwise a hedge;
 * - roads: a through road with two edges is a straight line or a curve; more edges meet at the
 *   centre; a one-edge road runs to the centre (village, monastery) or to the nearest city wall (gate);
 * - lanes (no feature): from a village to the wall of a city whose fields on either side differ and
 *   that no road enters (Inns & Cathedrals' I), so that the lane parts them;
 * - islands: fields with no half-edge (KR5), drawn as small squares clear of walls and roads.
 */
import { EDGE_CITY, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../../engine/index.ts';
import type { TileType } from '../../engine/index.ts';
import {
  CELLS,
  CENTRE,
  cornerAfter,
  dist,
  distToPath,
  distToSegment,
  insidePolygon,
  lerp,
  onTileBorder,
  quad,
  rotateAll,
  sideMid,
} from './points.ts';
import type { Pt } from './points.ts';

/** Half the drawn width of a road (unit coordinates), fill only; the outline adds `ROAD_EDGE`. */
export const ROAD_HALF = 0.045;
export const ROAD_EDGE = 0.018;
export const VILLAGE_RADIUS = 0.12;
export const MONASTERY_HALF = 0.15;
export const LABYRINTH_HALF = 0.17;
export const ISLAND_HALF = 0.09;
/** Half the drawn width of a lane (fill and outline): narrower than a road, wide enough to part two fields on the raster. */
export const LANE_HALF = 0.025;

export interface CityShape {
  segment: number;
  polygons: Pt[][];
  /** True when this city passes over an earlier city of the tile (KR5's bridge); the earlier one is `under`. */
  over: boolean;
  under: boolean;
}
export interface RoadShape {
  segment: number;
  paths: Pt[][];
  gates: Pt[];
  labyrinth: boolean;
}
export interface Island {
  segment: number;
  at: Pt;
}

/** Everything drawn on a tile but its marks. */
export interface TileShapes {
  cities: CityShape[];
  roads: RoadShape[];
  hedges: Pt[][];
  /** Lanes (no feature): each from the tile's centre (its village) to the gate at a city wall, its last point. */
  lanes: Pt[][];
  /** Fields with no half-edge (KR5): small green islands drawn on top. */
  islands: Island[];
  village: boolean;
  monastery: boolean;
  labyrinth: boolean;
}

type Segments = TileType['segments'];

/** The shapes of a tile: cities and separators first (gates end at their walls), then roads, then islands clear of both. */
export function tileShapes(type: TileType): TileShapes {
  const segs = type.segments;
  const { cities, hedges } = cityShapes(type);
  const cityPolys = cities.flatMap((c) => c.polygons);
  const roads = roadShapes(segs, cityPolys);
  const village = segs.some((seg) => seg.kind === SEG_ROAD && seg.end === 'village');
  return {
    cities,
    roads,
    hedges,
    lanes: village ? laneShapes(type, cities, roads) : [],
    islands: islandSpots(segs, cityPolys, roads),
    village,
    monastery: segs.some((seg) => seg.kind === SEG_MONASTERY),
    labyrinth: segs.some((seg) => seg.kind === SEG_ROAD && seg.props.labyrinth === 1),
  };
}

/** The sides (0 N … 3 W) of the edge-middle ports among `ports`. */
const sidesOf = (ports: readonly number[]) => ports.filter((p) => p % 3 === 1).map((p) => (p / 3) | 0);

// ---- cities (canonical orientation, then rotated) --------------------------------------------------

/** A cap on N. */
const CAP_N: Pt[] = [[0, 0], [1, 0], ...quad([1, 0], [0.5, 0.52], [0, 0]).slice(1, -1)];
/** A wedge on N+E with a slightly concave wall. */
const CORNER_NE: Pt[] = [[0, 0], [1, 0], [1, 1], ...quad([1, 1], [0.6, 0.4], [0, 0]).slice(1, -1)];
/** A band N–S, narrowing in the middle. */
const BAND_NS: Pt[] = [
  [0, 0],
  [1, 0],
  ...quad([1, 0], [0.44, 0.5], [1, 1]).slice(1, -1),
  [1, 1],
  [0, 1],
  ...quad([0, 1], [0.56, 0.5], [0, 0]).slice(1, -1),
];
/** Everything but a bay on S. */
const BAY_S: Pt[] = [[0, 0], [1, 0], [1, 1], ...quad([1, 1], [0.5, 0.42], [0, 1]).slice(1, -1), [0, 1]];
const FULL: Pt[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

function cityPolygon(sides: number[]): Pt[] {
  const has = (s: number) => sides.includes(((s % 4) + 4) % 4);
  switch (sides.length) {
    case 1:
      return rotateAll(CAP_N, sides[0]!);
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
    default:
      return FULL.slice();
  }
}

/**
 * The cities of a tile and the hedges between its fields:
 *   1. one polygon per city from the sides it touches;
 *   2. a separator wherever two different fields meet on the border: a tongue added to a city both
 *      border, else a hedge;
 *   3. cities that cross: a later city drawn over an earlier one (probed at the raster's cell centres).
 */
function cityShapes(type: TileType): { cities: CityShape[]; hedges: Pt[][] } {
  const segs = type.segments;
  // 1. City polygons.
  const cities: CityShape[] = [];
  segs.forEach((seg, s) => {
    if (seg.kind === SEG_CITY)
      cities.push({ segment: s, polygons: [cityPolygon(sidesOf(seg.ports))], over: false, under: false });
  });

  // 2. Separators where two different fields meet on the border with nothing between them.
  const { owner, slots } = borderOwners(type);
  const hedges: Pt[][] = [];
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

  // 3. Crossings.
  cities.forEach((upper, k) => {
    for (const lower of cities.slice(0, k)) {
      const crosses = CELLS.some(
        (p) => upper.polygons.some((a) => insidePolygon(p, a)) && lower.polygons.some((b) => insidePolygon(p, b)),
      );
      if (crosses) {
        upper.over = true;
        lower.under = true;
      }
    }
  });
  return { cities, hedges };
}

/**
 * The segment owning each of the 12 border slots (a city side's three slots are its city's; -1 for a
 * field side's middle), and the owned slots in clockwise order.
 */
function borderOwners(type: TileType): { owner: number[]; slots: number[] } {
  const owner = new Array<number>(12).fill(-1);
  type.segments.forEach((seg, s) => {
    seg.ports.forEach((p) => {
      owner[p] = s;
    });
  });
  for (let side = 0; side < 4; side++) {
    if (type.edges[side] === EDGE_CITY) {
      for (let j = 0; j < 3; j++) owner[side * 3 + j] = owner[side * 3 + 1]!;
    }
  }
  return { owner, slots: [...Array(12).keys()].filter((p) => owner[p]! >= 0) };
}

/**
 * A city spur from a border point (a corner or a side middle) back to a city: a triangle whose base
 * lies on the city's wall around the wall point nearest to `at`, so the city visibly reaches that
 * point and separates the two fields that meet there (KR4's Es|Se corner).
 */
function tongue(at: Pt, city: readonly Pt[]): Pt[] {
  const wall = city.filter((p) => !onTileBorder(p));
  if (wall.length === 0) return [at, CENTRE, at];
  let nearest = 0;
  wall.forEach((p, i) => {
    if (dist(p, at) < dist(wall[nearest]!, at)) nearest = i;
  });
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
  // The tip is a short stretch of the border either side of `at`, not a point: a long tongue (I&C's
  // G, from the far corner) would otherwise thin out to less than the width of a raster cell.
  const [t1, t2] = borderEitherSide(at, 0.03);
  return dist(t1, a) + dist(t2, b) <= dist(t1, b) + dist(t2, a)
    ? [t1, at, t2, into(b), into(a)]
    : [t2, at, t1, into(b), into(a)];
}

/** The two points of the tile border at distance `d` along it either side of the border point `at`. */
function borderEitherSide(at: Pt, d: number): [Pt, Pt] {
  const along = (p: Pt, dx: number, dy: number): Pt => [
    Math.min(1, Math.max(0, p[0] + dx)),
    Math.min(1, Math.max(0, p[1] + dy)),
  ];
  const onX = at[1] <= 1e-9 || at[1] >= 1 - 1e-9; // on the north or south side: moves along x
  const onY = at[0] <= 1e-9 || at[0] >= 1 - 1e-9;
  if (onX && onY) {
    // A corner: one point along each of its sides, towards the tile.
    return [along(at, at[0] < 0.5 ? d : -d, 0), along(at, 0, at[1] < 0.5 ? d : -d)];
  }
  return onX ? [along(at, -d, 0), along(at, d, 0)] : [along(at, 0, -d), along(at, 0, d)];
}

// ---- roads ---------------------------------------------------------------------------------------------

/** The roads of a tile; `cityPolys` are every city polygon (tongues included), where gates end. */
function roadShapes(segs: Segments, cityPolys: readonly Pt[][]): RoadShape[] {
  const inCity = (p: Pt) => cityPolys.some((poly) => insidePolygon(p, poly));
  const roads: RoadShape[] = [];
  segs.forEach((seg, s) => {
    if (seg.kind !== SEG_ROAD) return;
    const sides = sidesOf(seg.ports);
    const paths: Pt[][] = [];
    const gates: Pt[] = [];
    if (sides.length === 2 && seg.props.labyrinth !== 1) {
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
    roads.push({ segment: s, paths, gates, labyrinth: seg.props.labyrinth === 1 });
  });
  return roads;
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
  const gate = nearestWallPoint(polys, CENTRE);
  return { path: quad(from, lerp(from, CENTRE, 0.6), gate), gate };
}

/** The point of the walls of `polys` (their edges off the tile border, sampled) nearest to `to`. */
function nearestWallPoint(polys: readonly (readonly Pt[])[], to: Pt): Pt {
  let nearest = to;
  let best = Infinity;
  for (const poly of polys) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      for (let k = 0; k <= 8; k++) {
        const p = lerp(a, b, k / 8);
        if (onTileBorder(p)) continue;
        const d = dist(p, to);
        if (d < best) {
          best = d;
          nearest = p;
        }
      }
    }
  }
  return nearest;
}

/**
 * The lanes of a tile with a village: one to each city whose neighbours on the border, before and
 * after its sides, are two different fields, unless a road already ends at its wall (a gate).
 */
function laneShapes(type: TileType, cities: readonly CityShape[], roads: readonly RoadShape[]): Pt[][] {
  const segs = type.segments;
  const { owner, slots } = borderOwners(type);
  const gates = roads.flatMap((r) => r.gates);
  const lanes: Pt[][] = [];
  for (const city of cities) {
    const neighbours = new Set<number>();
    slots.forEach((p, i) => {
      if (owner[p] !== city.segment) return;
      for (const q of [slots[(i + slots.length - 1) % slots.length]!, slots[(i + 1) % slots.length]!]) {
        if (segs[owner[q]!]!.kind === SEG_FIELD) neighbours.add(owner[q]!);
      }
    });
    const entered = gates.some((g) => city.polygons.some((poly) => distToPath(g, [...poly, poly[0]!]) < 0.02));
    if (neighbours.size >= 2 && !entered) lanes.push([CENTRE, nearestWallPoint(city.polygons, CENTRE)]);
  }
  return lanes;
}

// ---- islands -------------------------------------------------------------------------------------------

/** Enclosed fields: islands where they are clear of every wall and road, apart from each other. */
function islandSpots(segs: Segments, cityPolys: readonly Pt[][], roads: readonly RoadShape[]): Island[] {
  const islands: Island[] = [];
  const enclosed = segs
    .map((seg, s) => ({ seg, s }))
    .filter(({ seg }) => seg.kind === SEG_FIELD && seg.ports.length === 0);
  if (!enclosed.length) return islands;
  const isBorder = (a: Pt, b: Pt) =>
    (a[0] <= 1e-9 && b[0] <= 1e-9) ||
    (a[1] <= 1e-9 && b[1] <= 1e-9) ||
    (a[0] >= 1 - 1e-9 && b[0] >= 1 - 1e-9) ||
    (a[1] >= 1 - 1e-9 && b[1] >= 1 - 1e-9);
  const walls: Pt[][] = cityPolys.flatMap((poly) =>
    poly.map((a, i) => [a, poly[(i + 1) % poly.length]!] as Pt[]).filter(([a, b]) => !isBorder(a!, b!)),
  );
  const clearance = (p: Pt) => {
    let d = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]) - 0.05;
    for (const w of walls) d = Math.min(d, distToSegment(p, w[0]!, w[1]!));
    for (const r of roads) for (const path of r.paths) d = Math.min(d, distToPath(p, path) - ROAD_HALF);
    return d;
  };
  const scored = CELLS.filter((_, i) => i % 2 === 0)
    .map((p) => ({ p, v: clearance(p) }))
    .sort((a, b) => b.v - a.v);
  for (const { s } of enclosed) {
    // Off-centre (the centre is where crossing cities meet) and apart from each other.
    const spot = scored.find(({ p }) => dist(p, CENTRE) > 0.2 && islands.every((o) => dist(o.at, p) > 0.55)) ??
      scored.find(({ p }) => islands.every((o) => dist(o.at, p) > 0.2)) ?? { p: CENTRE };
    islands.push({ segment: s, at: spot.p });
  }
  return islands;
}
