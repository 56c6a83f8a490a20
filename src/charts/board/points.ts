/**
 * Points of the unit tile square (x east, y south, the tile is [0,1]²) for the tile geometry: quarter
 * turns, curves, distances, polygon tests, a city's wall lines, and the centres of the raster cells
 * the geometry is checked on (`RASTER`² cells, row-major).
 */

export type Pt = readonly [number, number];

export const CENTRE: Pt = [0.5, 0.5];

/** Cells per side of the raster a tile is checked and anchored on. */
export const RASTER = 48;
/** Centres of the raster cells, row-major. */
export const CELLS: readonly Pt[] = Array.from(
  { length: RASTER * RASTER },
  (_, i) => [((i % RASTER) + 0.5) / RASTER, (((i / RASTER) | 0) + 0.5) / RASTER] as const,
);

/** Rotates a unit-square point `k` quarter turns clockwise (y grows south). */
export function rotatePt(p: Pt, k: number): Pt {
  let [x, y] = p;
  for (let i = 0; i < ((k % 4) + 4) % 4; i++) [x, y] = [1 - y, x];
  return [x, y];
}

export const rotateAll = (pts: readonly Pt[], k: number): Pt[] => pts.map((p) => rotatePt(p, k));

/** A quadratic Bézier curve from `a` to `b` with control point `c`, as `n + 1` points. */
export function quad(a: Pt, c: Pt, b: Pt, n = 16): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

export const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
export const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** True on the tile's outline. */
export const onTileBorder = (p: Pt): boolean => p[0] <= 1e-9 || p[1] <= 1e-9 || p[0] >= 1 - 1e-9 || p[1] >= 1 - 1e-9;

/** Middle point of a side (0 N, 1 E, 2 S, 3 W). */
export const sideMid = (side: number): Pt => rotatePt([0.5, 0], side);
/** The corner clockwise after a side: N → NE, E → SE, S → SW, W → NW. */
export const cornerAfter = (side: number): Pt => rotatePt([1, 0], side);

export function distToSegment(p: Pt, a: Pt, b: Pt): number {
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
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
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

/**
 * The wall of a city: the edges of its polygons that are neither on the tile border nor inside
 * another polygon of the same city, joined into polylines. (No clip paths: resvg 2.6 panics on a
 * clipped group that falls outside the canvas.)
 */
export function wallLines(polygons: readonly (readonly Pt[])[]): Pt[][] {
  const onBorder = (a: Pt, b: Pt) =>
    (a[0] <= 1e-6 && b[0] <= 1e-6) ||
    (a[1] <= 1e-6 && b[1] <= 1e-6) ||
    (a[0] >= 1 - 1e-6 && b[0] >= 1 - 1e-6) ||
    (a[1] >= 1 - 1e-6 && b[1] >= 1 - 1e-6);
  const lines: Pt[][] = [];
  // Split long edges so that the part of an edge inside another polygon is hidden on its own.
  const fine = polygons.map((poly) =>
    poly.flatMap((a, i) => {
      const b = poly[(i + 1) % poly.length]!;
      const pieces = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.02));
      return Array.from(
        { length: pieces },
        (_, k): Pt => [a[0] + ((b[0] - a[0]) * k) / pieces, a[1] + ((b[1] - a[1]) * k) / pieces],
      );
    }),
  );
  fine.forEach((poly, k) => {
    let line: Pt[] = [];
    const n = poly.length;
    // Start at a vertex that begins a dropped edge so that lines are not split at index 0.
    let start = 0;
    for (let i = 0; i < n; i++)
      if (onBorder(poly[i]!, poly[(i + 1) % n]!)) {
        start = (i + 1) % n;
        break;
      }
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
