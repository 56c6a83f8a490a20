/**
 * Where the marks of a tile stand, from its painted and filled raster (`raster.ts`): a meeple anchor
 * per segment, then travellers, pennants and illustrations, each a point deep inside its own region
 * and away from the marks placed before it (the order above).
 */
import { SEG_CITY, SEG_FIELD, SEG_MONASTERY } from '../../engine/index.ts';
import type { Illustration, TileType } from '../../engine/index.ts';
import { CELLS, CENTRE, RASTER, alongPath, dist, distToPath } from './points.ts';
import type { Pt } from './points.ts';
import { distanceToOther } from './raster.ts';
import type { CityShape, RoadShape, TileShapes } from './shapes.ts';

export interface Mark<K> {
  kind: K;
  at: Pt;
  segment: number;
}

export interface TileMarks {
  /** Where a meeple on each segment stands (index = segment index). */
  anchors: Pt[];
  pennants: Mark<'pennant'>[];
  illustrations: Mark<Illustration>[];
  travellers: Mark<'travellers'>[];
}

type Segments = TileType['segments'];

const N = RASTER;

/** The raster's labels and depths, and the marks placed so far. */
class Spots {
  readonly depth: Int32Array;
  private readonly taken: Pt[] = [];

  constructor(readonly labels: Int16Array) {
    this.depth = distanceToOther(labels);
  }

  take(p: Pt): void {
    this.taken.push(p);
  }

  /** The distance from `p` to the nearest mark placed so far, less `margin`. */
  away(p: Pt, margin: number): number {
    let m = Infinity;
    for (const q of this.taken) m = Math.min(m, Math.hypot(p[0] - q[0], p[1] - q[1]) - margin);
    return m;
  }

  /** The cell centre of `segment` with the highest `score(point, depth)` (the first of equals), if it has a cell. */
  best(segment: number, score: (p: Pt, d: number) => number): Pt | undefined {
    let top = -Infinity;
    let at: Pt | undefined;
    for (let i = 0; i < N * N; i++) {
      if (this.labels[i] !== segment) continue;
      const p = CELLS[i]!;
      const v = score(p, this.depth[i]! / N);
      if (v > top + 1e-9) {
        top = v;
        at = p;
      }
    }
    return at;
  }
}

/** Every mark of a tile; anchors of segments with no visible area are reported in `problems`. */
export function placeMarks(type: TileType, shapes: TileShapes, labels: Int16Array, problems: string[]): TileMarks {
  const segs = type.segments;
  const spots = new Spots(labels);
  const anchors = segmentAnchors(segs, shapes, spots, problems);
  const travellers = travellerMarks(segs, shapes.roads, spots);
  const pennants = pennantMarks(segs, shapes.cities, anchors, spots);
  const illustrations = illustrationMarks(type, shapes.roads, spots);
  return { anchors, pennants, illustrations, travellers };
}

/** Roads first (their points are fixed by the path), then the monastery, the islands, then the areas. */
function segmentAnchors(segs: Segments, shapes: TileShapes, spots: Spots, problems: string[]): Pt[] {
  const anchors: Pt[] = segs.map(() => CENTRE);
  for (const r of shapes.roads) {
    const seg = segs[r.segment]!;
    const path = r.paths[0]!;
    anchors[r.segment] =
      r.labyrinth || r.paths.length > 1 ? CENTRE : alongPath(path, seg.ports.length === 1 ? 0.45 : 0.3);
    spots.take(anchors[r.segment]!);
  }
  segs.forEach((seg, s) => {
    if (seg.kind === SEG_MONASTERY) {
      anchors[s] = [0.5, 0.53];
      spots.take(anchors[s]!);
    }
  });
  for (const island of shapes.islands) {
    anchors[island.segment] = island.at;
    spots.take(island.at);
  }
  segs.forEach((seg, s) => {
    if (seg.kind !== SEG_CITY && !(seg.kind === SEG_FIELD && seg.ports.length > 0)) return;
    // Deep enough for a figure (depth saturates at 0.12), then as central as possible.
    const at = spots.best(s, (p, d) => Math.min(d, 0.12, spots.away(p, 0.16)) - 0.15 * dist(p, CENTRE));
    if (at) anchors[s] = at;
    else problems.push(`${seg.name} has no visible area`);
    spots.take(anchors[s]!);
  });
  return anchors;
}

/** Travellers along their road: from the edge inwards on a dead end, else back from the far part. */
function travellerMarks(segs: Segments, roads: readonly RoadShape[], spots: Spots): Mark<'travellers'>[] {
  const travellers: Mark<'travellers'>[] = [];
  for (const r of roads) {
    const seg = segs[r.segment]!;
    for (let k = 0; k < (seg.props.travellers ?? 0); k++) {
      const path = r.paths[k % r.paths.length]!;
      const at = alongPath(path, seg.ports.length === 1 ? 0.18 + 0.12 * k : 0.72 - 0.12 * k);
      travellers.push({ kind: 'travellers', at, segment: r.segment });
      spots.take(at);
    }
  }
  return travellers;
}

/** Pennants deep in their city, away from the other marks. */
function pennantMarks(
  segs: Segments,
  cities: readonly CityShape[],
  anchors: readonly Pt[],
  spots: Spots,
): Mark<'pennant'>[] {
  const centred = (p: Pt) => 0.001 * dist(p, CENTRE);
  const pennants: Mark<'pennant'>[] = [];
  for (const c of cities) {
    for (let k = 0; k < segs[c.segment]!.pennants; k++) {
      const at = spots.best(c.segment, (p, d) => Math.min(d, spots.away(p, 0.14)) - centred(p)) ?? anchors[c.segment]!;
      pennants.push({ kind: 'pennant', at, segment: c.segment });
      spots.take(at);
    }
  }
  return pennants;
}

/** Illustrations of roads beside their road in a field, then the tile's loose illustrations. */
function illustrationMarks(type: TileType, roads: readonly RoadShape[], spots: Spots): Mark<Illustration>[] {
  const segs = type.segments;
  const illustrations: Mark<Illustration>[] = [];
  const fieldIds = new Set(segs.flatMap((seg, s) => (seg.kind === SEG_FIELD ? [s] : [])));
  const place = (kind: Illustration, segment: number, near: ((p: Pt) => number) | undefined) => {
    let top = -Infinity;
    let at: Pt | undefined;
    for (let i = 0; i < N * N; i++) {
      const l = spots.labels[i]!;
      // Next to a road: in a field. Attached to no road (water towers stand in cities too): in a field or a city.
      const allowed =
        fieldIds.has(l) ||
        (!near && l >= 0 && segs[l]!.kind === SEG_CITY && (kind === 'watertower' || fieldIds.size === 0));
      if (!allowed) continue;
      const p = CELLS[i]!;
      const edge = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]);
      let v = Math.min(spots.depth[i]! / N, spots.away(p, 0.13), edge - 0.06);
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
    spots.take(spot);
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
  return illustrations;
}
