/**
 * Board geometry shared by the catalog and the board: sides, edge types, ports and rotations.
 *
 * A tile has 12 ports, three per side in clockwise order starting at the north-west corner:
 *   N: Nw(0) N(1) Ne(2) | E: En(3) E(4) Es(5) | S: Se(6) S(7) Sw(8) | W: Ws(9) W(10) Wn(11)
 * The middle port of a side carries a road or a city; the two outer ports are the field halves
 * of docs/tiles.md §2. Rotating a tile by `r` quarter turns clockwise moves port `p` to `(p + 3r) % 12`.
 */

export const SIDES = ['N', 'E', 'S', 'W'] as const;
export type Side = (typeof SIDES)[number];

/** Unit steps of the four sides; y grows to the south. */
export const SIDE_DX = [0, 1, 0, -1] as const;
export const SIDE_DY = [-1, 0, 1, 0] as const;

export const EDGE_FIELD = 1;
export const EDGE_ROAD = 2;
export const EDGE_CITY = 3;
export const EDGE_LETTERS: Readonly<Record<string, number>> = { F: EDGE_FIELD, R: EDGE_ROAD, C: EDGE_CITY };

export const PORTS = 12;
export const HALF_EDGE_NAMES = ['Nw', 'Ne', 'En', 'Es', 'Se', 'Sw', 'Ws', 'Wn'] as const;
export type HalfEdge = (typeof HALF_EDGE_NAMES)[number];

/** Port of a half-edge name, e.g. `Es` → 5. */
export const HALF_EDGE_PORT: Readonly<Record<HalfEdge, number>> = {
  Nw: 0,
  Ne: 2,
  En: 3,
  Es: 5,
  Se: 6,
  Sw: 8,
  Ws: 9,
  Wn: 11,
};

export const sideOfPort = (port: number): number => (port / 3) | 0;
export const centrePort = (side: number): number => side * 3 + 1;
export const rotatePort = (port: number, quarterTurns: number): number => (port + 3 * quarterTurns) % PORTS;
/** The port of the neighbouring tile that touches `port` across the shared side. */
export const facingPort = (port: number): number => ((sideOfPort(port) + 2) % 4) * 3 + (2 - (port % 3));

export function halfEdgeName(port: number): HalfEdge | undefined {
  return HALF_EDGE_NAMES.find((name) => HALF_EDGE_PORT[name] === port);
}

export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];
export const isRotation = (value: unknown): value is Rotation => ROTATIONS.includes(value as Rotation);

/** Cell offset of the neighbour on `side` (N E S W) in a grid `gridSide` cells wide. */
export function neighbourOffset(side: number, gridSide: number): number {
  return side === 0 ? -gridSide : side === 1 ? 1 : side === 2 ? gridSide : -1;
}
