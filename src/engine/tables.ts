/**
 * The floor of precomputed tables: what a catalog's tiles look like in each of their four
 * orientations (o = type * 4 + rotation), the grid a game is played on, and the working memory of
 * one `apply` call. Built once per game; read by every floor above (position, board, scoring, turn).
 */
import { edgeCode } from './catalog/index.ts';
import type { Catalog, TileType } from './catalog/index.ts';
import { SEG_CITY, SEG_MONASTERY, SEG_ROAD } from './catalog/types.ts';
import { MAX_PLAYERS } from './constants.ts';
import { PORTS, rotatePort, sideOfPort } from './geometry.ts';

/**
 * The feature being measured or scored, filled in by the engine, priced by the base game's rule
 * module and adjusted by the expansions' `scoreFeature` hooks. Reused.
 */
export interface FeatureScore {
  root: number;
  kind: number;
  completed: boolean;
  tiles: number;
  pennants: number;
  /** For a field: the completed cities it borders (0 for the other kinds). */
  cities: number;
  /** Points each majority player scores under `source`. */
  points: number;
  /** The score source of `points` (set by the rule module that prices the feature). */
  source: number;
  /** Extra points each majority player scores under `bonusSource` (whoever sets a bonus sets its source). */
  bonus: number;
  bonusSource: number;
  meeples: number;
  perPlayer: Int32Array;
}

/** A blank `FeatureScore` with room for `players` per-player counts (each user keeps one and reuses it). */
export function blankFeatureScore(players: number, completed = false): FeatureScore {
  return {
    root: 0,
    kind: 0,
    completed,
    tiles: 0,
    pennants: 0,
    cities: 0,
    points: 0,
    source: 0,
    bonus: 0,
    bonusSource: 0,
    meeples: 0,
    perPlayer: new Int32Array(players),
  };
}

/** Working memory of one `apply` call; a game is used by one thread at a time. */
export interface Scratch {
  stamp: number;
  tileStamp: Int32Array;
  rootStamp: Int32Array;
  /** Feature roots (one per segment at most). */
  roots: Int32Array;
  feature: FeatureScore;
}

export class Tables {
  readonly players: number;
  readonly catalog: Catalog;

  // Geometry: a square grid big enough for any layout of `maxTiles` tiles, origin in the middle.
  readonly maxTiles: number;
  readonly gridSide: number;
  readonly originCell: number;
  /** Segment slots per placed tile. */
  readonly segmentsPerTile: number;

  // Indexed by orientation o = type * 4 + rotation.
  readonly edgeCode: Uint8Array;
  /**
   * The rotations of a type that fit an empty cell, as a 4-bit mask (bit r: rotation r), by the edge
   * pattern the cell requires: [type * 256 + pattern], pattern = 2 bits per side (N lowest), 0 where
   * the side has no neighbour, else the neighbour's facing edge (`EDGE_FIELD` …).
   */
  readonly fits: Uint8Array;
  /**
   * The same fits as a list, for writing placements without a branch per rotation: [type * 256 +
   * pattern] = (count << 8) | the fitting rotations in increasing order, 2 bits each (lowest first).
   */
  readonly fitList: Uint16Array;
  readonly sideEdge: Uint8Array; // [o * 4 + side]
  readonly portSegment: Int8Array; // [o * 12 + boardPort] -> segment index or -1
  /** The sides (bit per side, N lowest) through which segment s of orientation o leaves the tile: [o * S + s]. */
  readonly segmentSides: Uint8Array;
  readonly segmentKind: Int8Array; // [type * S + s], -1 past the tile's segments
  readonly segmentPorts: Uint8Array; // road/city edge ports per segment (open ends when placed)
  readonly segmentCount: Uint8Array; // [type]
  /** The road and city segments of each type (the ones that can be completed): `closable[closableStart[type] … closableStart[type + 1])`. */
  readonly closableStart: Uint16Array;
  readonly closable: Int8Array;
  readonly monasterySegment: Int8Array; // [type] or -1
  /** 1 when rotation r of a type looks different from every smaller rotation (search agents skip the rest). [o] */
  readonly distinctRotation: Uint8Array;
  readonly segmentPennants: Uint8Array; // [type * S + s]
  /**
   * For field segments, the tile's city segments they border: `fieldCities[fieldCityStart[i] …
   * fieldCityStart[i + 1])` for i = type * S + s.
   */
  readonly fieldCityStart: Uint16Array;
  readonly fieldCities: Int8Array;
  readonly scratch: Scratch;

  constructor(catalog: Catalog, players: number, maxTiles: number) {
    this.players = players;
    this.catalog = catalog;
    this.maxTiles = maxTiles;
    this.gridSide = 2 * maxTiles + 3;
    this.originCell = (maxTiles + 1) * this.gridSide + (maxTiles + 1);
    const S = catalog.maxSegments;
    this.segmentsPerTile = S;
    const T = catalog.types.length;
    this.edgeCode = new Uint8Array(T * 4);
    this.fits = new Uint8Array(T * 256);
    this.fitList = new Uint16Array(T * 256);
    this.sideEdge = new Uint8Array(T * 16);
    this.portSegment = new Int8Array(T * 4 * PORTS).fill(-1);
    this.segmentSides = new Uint8Array(T * 4 * S);
    this.segmentKind = new Int8Array(T * S).fill(-1);
    this.segmentPorts = new Uint8Array(T * S);
    this.segmentCount = new Uint8Array(T);
    this.monasterySegment = new Int8Array(T).fill(-1);
    this.segmentPennants = new Uint8Array(T * S);
    this.distinctRotation = new Uint8Array(T * 4);
    const cityLists = Array.from(
      { length: T * S },
      (_, i) => catalog.types[(i / S) | 0]!.segments[i % S]?.cities ?? [],
    );
    this.fieldCityStart = new Uint16Array(T * S + 1);
    cityLists.forEach((list, i) => {
      this.fieldCityStart[i + 1] = this.fieldCityStart[i]! + list.length;
    });
    this.fieldCities = Int8Array.from(cityLists.flat());
    const closableLists = catalog.types.map((type) =>
      type.segments.flatMap((seg, s) => (seg.kind === SEG_ROAD || seg.kind === SEG_CITY ? [s] : [])),
    );
    this.closableStart = new Uint16Array(T + 1);
    closableLists.forEach((list, t) => {
      this.closableStart[t + 1] = this.closableStart[t]! + list.length;
    });
    this.closable = Int8Array.from(closableLists.flat());
    this.scratch = {
      stamp: 0,
      tileStamp: new Int32Array(maxTiles),
      rootStamp: new Int32Array(maxTiles * S),
      roots: new Int32Array(maxTiles * S),
      feature: blankFeatureScore(MAX_PLAYERS),
    };
    catalog.types.forEach((type, t) => {
      this.compileType(type, t);
    });
  }

  /**
   * Fills in type t's rows. Kept in small methods: a game builds these tables once per thread, and
   * one big method was hot enough for V8 to optimize it (100–190 ms of compiler time each, in a
   * pool's first seconds) after it had already run to its end.
   */
  private compileType(type: TileType, t: number): void {
    this.compileSegments(type, t);
    for (let r = 0; r < 4; r++) this.compileRotation(type, t, r);
    this.compileFits(t);
    for (let r = 0; r < 4; r++) this.distinctRotation[t * 4 + r] = this.looksNew(type, t, r) ? 1 : 0;
  }

  /** Whether rotation r of type t looks different from every smaller rotation (only rotations with the same edges can look the same). */
  private looksNew(type: TileType, t: number, r: number): boolean {
    for (let q = 0; q < r; q++) {
      if (
        this.edgeCode[t * 4 + q] === this.edgeCode[t * 4 + r] &&
        rotationSignature(type, q) === rotationSignature(type, r)
      )
        return false;
    }
    return true;
  }

  private compileSegments(type: TileType, t: number): void {
    const S = this.segmentsPerTile;
    this.segmentCount[t] = type.segments.length;
    type.segments.forEach((seg, s) => {
      this.segmentKind[t * S + s] = seg.kind;
      this.segmentPennants[t * S + s] = seg.pennants;
      if (seg.kind === SEG_ROAD || seg.kind === SEG_CITY) this.segmentPorts[t * S + s] = seg.ports.length;
      if (seg.kind === SEG_MONASTERY) this.monasterySegment[t] = s;
    });
  }

  private compileRotation(type: TileType, t: number, r: number): void {
    const o = t * 4 + r;
    const rotated = [0, 1, 2, 3].map((side) => type.edges[(side - r + 4) % 4]!);
    this.edgeCode[o] = edgeCode(rotated);
    for (let side = 0; side < 4; side++) this.sideEdge[o * 4 + side] = rotated[side]!;
    type.segments.forEach((seg, s) => {
      for (const port of seg.ports) {
        const rotated = rotatePort(port, r);
        this.portSegment[o * PORTS + rotated] = s;
        this.segmentSides[o * this.segmentsPerTile + s]! |= 1 << sideOfPort(rotated);
      }
    });
  }

  /**
   * Rotation r fits exactly the patterns that require, on each side with a neighbour, r's own edge
   * there (edges are never 0, which means "no neighbour"): one pattern per subset of the sides.
   */
  private compileFits(t: number): void {
    for (let r = 0; r < 4; r++) {
      const code = this.edgeCode[t * 4 + r]!;
      for (let sides = 0; sides < 16; sides++) {
        let pattern = 0;
        for (let side = 0; side < 4; side++) if ((sides >> side) & 1) pattern |= code & (3 << (2 * side));
        const i = t * 256 + pattern;
        this.fits[i]! |= 1 << r;
        const count = this.fitList[i]! >> 8;
        this.fitList[i] = ((count + 1) << 8) | (this.fitList[i]! & 0xff) | (r << (2 * count));
      }
    }
  }

  /** Cell of board coordinates (x east, y south). */
  cellOf(x: number, y: number): number {
    return this.originCell + y * this.gridSide + x;
  }

  xOf(cell: number): number {
    return (cell % this.gridSide) - (this.originCell % this.gridSide);
  }

  yOf(cell: number): number {
    return Math.floor(cell / this.gridSide) - Math.floor(this.originCell / this.gridSide);
  }

  /** Whether (x, y) lies on the grid. */
  onGrid(x: number, y: number): boolean {
    const lim = this.maxTiles;
    return Number.isInteger(x) && Number.isInteger(y) && Math.abs(x) <= lim && Math.abs(y) <= lim;
  }
}

/**
 * What a rotated tile looks like on the board, independent of how its segments are numbered: the
 * segment at each board port (renumbered in order of first appearance) and each segment's properties.
 * Two rotations with the same signature are the same placement.
 */
function rotationSignature(type: TileType, r: number): string {
  const atPort = new Array<number>(PORTS).fill(-1);
  type.segments.forEach((seg, s) => {
    for (const q of seg.ports) {
      const p = rotatePort(q, r);
      if (atPort[p]! < 0) atPort[p] = s;
    }
  });
  const label = new Array<number>(type.segments.length).fill(-1);
  let labels = 0;
  for (const s of atPort) if (s >= 0 && label[s]! < 0) label[s] = labels++;
  for (let s = 0; s < label.length; s++) if (label[s]! < 0) label[s] = labels++;
  const props = new Array<unknown>(labels);
  type.segments.forEach((seg, s) => {
    props[label[s]!] = [
      seg.kind,
      seg.pennants,
      seg.end,
      Object.entries(seg.props).sort(),
      [...seg.illustrations].sort(),
      seg.cities.map((c) => label[c]).sort(),
    ];
  });
  return JSON.stringify([atPort.map((s) => (s >= 0 ? label[s] : -1)), props]);
}
