/**
 * Schematic geometry of one tile type, computed from its catalog data alone (never from images), in
 * printed orientation and unit coordinates (x east, y south, the tile is [0,1]²). The board renderer
 * rotates the result by the placed rotation. Built in three steps:
 *   1. the shapes (`shapes.ts`): cities with their separators, roads, lanes, islands;
 *   2. the raster check (`raster.ts`): the shapes painted onto `RASTER`² cells and every field
 *      flood-filled from its half-edges; `problems` lists every place where the picture disagrees
 *      with the catalog (two fields drawn as one region, a field drawn in pieces, a half-edge covered
 *      by something else);
 *   3. the marks (`marks.ts`): where a meeple, a pennant, an illustration or a group of travellers is
 *      drawn (a point deep inside its own region, away from the other marks).
 */
import type { TileType } from '../../engine/index.ts';
import { placeMarks } from './marks.ts';
import type { TileMarks } from './marks.ts';
import { RASTER } from './points.ts';
import { fillFields, paintShapes } from './raster.ts';
import { tileShapes } from './shapes.ts';
import type { TileShapes } from './shapes.ts';

export interface TileGeometry extends TileShapes, TileMarks {
  /** Where the picture disagrees with the catalog (empty for every shipped tile). */
  problems: string[];
  /** The raster labels (segment index, -1 none, -2 barrier), row-major `RASTER`², for tests. */
  raster: { size: number; labels: Int16Array };
}

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

function buildGeometry(type: TileType): TileGeometry {
  // 1. Shapes.
  const shapes = tileShapes(type);
  // 2. Raster check.
  const problems: string[] = [];
  const labels = paintShapes(type.segments, shapes);
  fillFields(type.segments, labels, problems);
  // 3. Marks.
  const marks = placeMarks(type, shapes, labels, problems);
  const { cities, roads, hedges, lanes, islands, village, monastery, labyrinth } = shapes;
  const { anchors, pennants, illustrations, travellers } = marks;
  return {
    cities,
    roads,
    hedges,
    lanes,
    islands,
    village,
    monastery,
    labyrinth,
    anchors,
    pennants,
    illustrations,
    travellers,
    problems,
    raster: { size: RASTER, labels },
  };
}
