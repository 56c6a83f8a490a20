/**
 * The tile catalog: the file format a designer edits (`*Spec`) and the checked, compiled form the
 * engine uses (`TileType`). Format `carclab-tiles/1`, one JSON file per expansion; see docs/tiles.md
 * §1 for the format and §2 for the notation (edges N E S W, half-edges Nw Ne En Es Se Sw Ws Wn).
 */

export const ILLUSTRATIONS = [
  'garden',
  'farmhouse',
  'cowshed',
  'pigsty',
  'donkeystable',
  'highwaymen',
  'watertower',
] as const;
export type Illustration = (typeof ILLUSTRATIONS)[number];
export const isIllustration = (v: unknown): v is Illustration => ILLUSTRATIONS.includes(v as Illustration);

export const ROAD_ENDS = ['village', 'city', 'monastery'] as const;
export type RoadEnd = (typeof ROAD_ENDS)[number];

// ---- file format --------------------------------------------------------------------------------

/** A city or road may also carry the segment fields its expansions declare (`TileField`), e.g. `"labyrinth": true`. */
export interface CitySpec {
  edges: string;
  pennants?: number;
  [field: string]: unknown;
}
export interface RoadSpec {
  edges: string;
  end?: RoadEnd;
  [field: string]: unknown;
}

/**
 * A property of a road or city segment that a rule module declares for its tiles (`Expansion.tileFields`):
 * the key a tile file writes on the segment and its type. The engine checks and compiles it into
 * `Segment.props` without knowing what it means: `flag` (true/false, compiled 1/0) or `count` (a whole
 * number from 0 to `max`: the largest value the module's tables hold, e.g. 255 in a `Uint8Array`, so
 * a larger count is refused at load instead of wrapping around).
 */
export type TileField = {
  readonly on: 'road' | 'city';
  readonly key: string;
  readonly description: string;
} & ({ readonly type: 'flag' } | { readonly type: 'count'; readonly max: number });
export interface FieldSpec {
  halves: string;
  cities?: string[];
}
export interface IllustrationSpec {
  kind: Illustration;
  road?: string;
}
export interface VariantSpec {
  illustration: Illustration;
  count: number;
  road?: string;
}

export interface TileSpec {
  id: string;
  count: number;
  edges: string;
  cities?: CitySpec[];
  roads?: RoadSpec[];
  fields?: FieldSpec[];
  monastery?: boolean;
  /** Illustrations printed on every copy of this tile. */
  illustrations?: IllustrationSpec[];
  /** Copies that carry one extra illustration each; id `<id>.<illustration>`. */
  variants?: VariantSpec[];
  /** Only in this edition's distribution of the expansion (e.g. Tollkeepers `C3` / `C2`). */
  edition?: string;
}

export interface TileFileSpec {
  format: 'carclab-tiles/1';
  expansion: string;
  source?: string;
  /** True when the tiles are a documented reconstruction rather than checked against the printed tiles. */
  reconstructed?: boolean;
  /** Id of the start tile (only the base file has one). */
  start?: string;
  tiles: TileSpec[];
}

// ---- compiled form -------------------------------------------------------------------------------

export const SEG_ROAD = 0;
export const SEG_CITY = 1;
export const SEG_FIELD = 2;
export const SEG_MONASTERY = 3;
export const SEGMENT_KINDS = ['road', 'city', 'field', 'monastery'] as const;
export type SegmentKindName = (typeof SEGMENT_KINDS)[number];

export interface Segment {
  /** `SEG_ROAD` … `SEG_MONASTERY`. */
  kind: number;
  /** Name within the tile as in the file: `r1`, `c2`, `f1`, `m`. */
  name: string;
  /** Ports (printed orientation) this segment owns. */
  ports: number[];
  pennants: number;
  /** How a one-edge road ends inside the tile. */
  end: RoadEnd | 'through';
  /** The declared segment fields (`TileField`) the file gives this segment, by key: 1 for a flag, the number for a count. */
  props: Readonly<Record<string, number>>;
  /** Illustrations attached to this (road) segment. */
  illustrations: Illustration[];
  /** For fields: indices of the city segments of this tile that the field borders. */
  cities: number[];
}

export interface TileType {
  /** Tile id as in docs/tiles.md §3, e.g. `U`, `U.garden`, `TK3.C2`, `LAB`. */
  id: string;
  /** The letter or id without the variant suffix. */
  family: string;
  expansion: string;
  count: number;
  /** Edge types in printed orientation, N E S W (`EDGE_FIELD` …). */
  edges: number[];
  segments: Segment[];
  /** Illustrations on this copy that are attached to no road (they never pay tolls). */
  looseIllustrations: Illustration[];
  /** A village where 2–4 roads end: a crossroads where a tollhouse may stand. */
  crossroads: boolean;
  reconstructed: boolean;
  edition?: string;
}
