/**
 * One tile as a standalone SVG picture, drawn as the board draws it (`tile-picture.ts`): the
 * explorer's tile to place, and the placed tile with the spots where a meeple may stand
 * (`segmentSpot`: where the board draws a figure on that segment).
 */
import type { TileType } from '../../engine/index.ts';
import { tileGeometry } from './geometry.ts';
import { COLOURS } from './palette.ts';
import { CENTRE, rotatePt } from './points.ts';
import type { Pt } from './points.ts';
import { drawTile, fmt } from './tile-picture.ts';

/** The tile `type` turned `rot` quarter turns clockwise, `size` units square, framed. */
export function tileSvg(type: TileType, rot: number, size: number): string {
  const P = (p: Pt): Pt => {
    const [u, v] = rotatePt(p, rot);
    return [u * size, v * size];
  };
  const tile = drawTile(tileGeometry(type), P, size, { id: type.id, x: 0, y: 0, rot, placed: -1, ox: 0, oy: 0 });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="DejaVu Sans, sans-serif">`,
    tile,
    `<rect width="${size}" height="${size}" fill="none" stroke="${COLOURS.tileBorder}" stroke-width="1.5"/>`,
    '</svg>',
  ].join('');
}

/**
 * Where a figure on segment `segment` of the tile stands in its picture of `size` units (turned `rot`
 * quarter turns), kept a little inside the square as the board keeps its meeples.
 */
export function segmentSpot(type: TileType, rot: number, segment: number, size: number): { x: number; y: number } {
  const [u, v] = rotatePt(tileGeometry(type).anchors[segment] ?? CENTRE, rot);
  const inside = (t: number) => Math.min(0.88, Math.max(0.12, t));
  return { x: Number(fmt(inside(u) * size)), y: Number(fmt(inside(v) * size)) };
}
