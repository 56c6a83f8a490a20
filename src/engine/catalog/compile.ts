/**
 * Checks a tile file (`carclab-tiles/1`) and compiles it into `TileType`s. Every problem is an
 * `InputError` naming the file and the tile, so a designer's broken entry is found at load time,
 * never in the middle of a run.
 */
import { MAX_TILES } from '../constants.ts';
import { InputError, rejectUnknownKeys } from '../errors.ts';
import {
  EDGE_CITY,
  EDGE_FIELD,
  EDGE_LETTERS,
  EDGE_ROAD,
  HALF_EDGE_PORT,
  PORTS,
  SIDES,
  centrePort,
} from '../geometry.ts';
import type { HalfEdge } from '../geometry.ts';
import { ROAD_ENDS, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD, isIllustration } from './types.ts';
import type { Illustration, RoadEnd, Segment, TileField, TileFileSpec, TileSpec, TileType } from './types.ts';

/** Most segments one tile may have; the engine sizes its per-tile arrays by the catalog's real maximum. */
export const MAX_SEGMENTS_PER_TILE = 16;
/** Most pennants on one city segment: the engine keeps them in a `Uint8Array` (`Tables.segmentPennants`). */
export const MAX_PENNANTS = 255;
/** Most illustrations on one road segment: an expansion may count them in a `Uint8Array` (the Tollkeepers do). */
export const MAX_ROAD_ILLUSTRATIONS = 255;

type Fail = (message: string) => never;

/** The keys of each object of a tile file (anything else is a typo, e.g. `monastry`, and an error). */
const FILE_KEYS = ['format', 'expansion', 'source', 'reconstructed', 'start', 'tiles'];
const TILE_KEYS = [
  'id',
  'count',
  'edges',
  'cities',
  'roads',
  'fields',
  'monastery',
  'illustrations',
  'variants',
  'edition',
];
const CITY_KEYS = ['edges', 'pennants'];
const ROAD_KEYS = ['edges', 'end'];
const FIELD_KEYS = ['halves', 'cities'];
const ILLUSTRATION_KEYS = ['kind', 'road'];
const VARIANT_KEYS = ['illustration', 'count', 'road'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Compiles one tile file; `fields` are the segment fields the game's rule modules declare (a road or
 * city key that none declares is an unknown key).
 */
export function compileTileFile(raw: unknown, where: string, fields: readonly TileField[] = []): TileType[] {
  const fail: Fail = (message) => {
    throw new InputError('catalog', `${where}: ${message}`);
  };
  if (!isObject(raw)) fail('a tile file must be a JSON object');
  rejectUnknownKeys(raw, FILE_KEYS, 'catalog', where);
  const file = raw as unknown as TileFileSpec;
  if (file.format !== 'carclab-tiles/1') fail(`"format" must be "carclab-tiles/1", got ${JSON.stringify(file.format)}`);
  if (typeof file.expansion !== 'string' || file.expansion === '') fail('"expansion" must be a non-empty string');
  if (!Array.isArray(file.tiles)) fail('"tiles" must be an array');
  const seen = new Set<string>();
  const types: TileType[] = [];
  file.tiles.forEach((tile, index) => {
    const label = isObject(tile) && typeof tile.id === 'string' ? `tile ${tile.id}` : `tile #${index + 1}`;
    const tileFail: Fail = (message) => fail(`${label}: ${message}`);
    checkTileKeys(tile, `${where}: ${label}`, fields);
    for (const type of compileTile(tile, file, fields, tileFail)) {
      if (seen.has(type.id)) tileFail(`duplicate tile id ${type.id}`);
      seen.add(type.id);
      types.push(type);
    }
  });
  if (file.start !== undefined && !seen.has(file.start))
    fail(`"start" names unknown tile ${JSON.stringify(file.start)}`);
  return types;
}

/** Unknown keys in a tile and in its lists of cities, roads, fields, illustrations and variants. */
function checkTileKeys(tile: unknown, where: string, fields: readonly TileField[]): void {
  if (!isObject(tile)) return;
  rejectUnknownKeys(tile, TILE_KEYS, 'catalog', where);
  const declared = (on: TileField['on']) => fields.filter((f) => f.on === on).map((f) => f.key);
  const lists: [string, string, readonly string[]][] = [
    ['cities', 'c', [...CITY_KEYS, ...declared('city')]],
    ['roads', 'r', [...ROAD_KEYS, ...declared('road')]],
    ['fields', 'f', FIELD_KEYS],
    ['illustrations', 'illustrations #', ILLUSTRATION_KEYS],
    ['variants', 'variants #', VARIANT_KEYS],
  ];
  for (const [key, prefix, known] of lists) {
    const list = tile[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new InputError('catalog', `${where}: "${key}" must be a list`);
    list.forEach((item, i) => {
      if (isObject(item)) rejectUnknownKeys(item, known, 'catalog', `${where}: ${prefix}${i + 1}`);
    });
  }
}

/** The declared fields of segment kind `on` that a city or road entry gives, checked and compiled (`Segment.props`). */
function propsOf(
  entry: Readonly<Record<string, unknown>>,
  on: TileField['on'],
  fields: readonly TileField[],
  name: string,
  fail: Fail,
): Record<string, number> {
  const props: Record<string, number> = {};
  for (const field of fields) {
    const value = entry[field.key];
    if (field.on !== on || value === undefined) continue;
    if (field.type === 'flag') {
      if (typeof value !== 'boolean') fail(`${name}: "${field.key}" must be true or false`);
      if (value) props[field.key] = 1;
    } else {
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > field.max)
        fail(`${name}: "${field.key}" must be a whole number from 0 to ${field.max}, got ${JSON.stringify(value)}`);
      if (value !== 0) props[field.key] = value as number;
    }
  }
  return props;
}

/** One tile of a file compiled: its plain copies, then one type per variant (an extra illustration). */
function compileTile(tile: TileSpec, file: TileFileSpec, fields: readonly TileField[], fail: Fail): TileType[] {
  if (!isObject(tile)) fail('must be an object');
  const edges = checkedEdges(tile, fail);
  const owners = edgeOwners(fail);
  const c: TileContext = { tile, edges, owners, fields, fail };
  const segments = citySegments(c);
  const cityCount = segments.length;
  segments.push(...roadSegments(c));
  segments.push(...fieldSegments(c, cityCount));
  if (tile.monastery === true) segments.push(blankSegment(SEG_MONASTERY, 'm'));
  if (segments.length > MAX_SEGMENTS_PER_TILE)
    fail(`has ${segments.length} segments; at most ${MAX_SEGMENTS_PER_TILE}`);
  checkEdgeParts(edges, owners.owner, fail);
  const villageRoads = segments.filter((s) => s.kind === SEG_ROAD && s.end === 'village').length;
  if (villageRoads === 1) fail('a village (crossroads) needs at least two roads ending at it');
  return tileTypes(tile, { file, edges, segments, crossroads: villageRoads >= 2 }, fail);
}

/** The tile's id, count and edges checked; its edge types, N E S W. */
function checkedEdges(tile: TileSpec, fail: Fail): number[] {
  if (typeof tile.id !== 'string' || !/^[A-Za-z0-9]+(\.[A-Za-z0-9]+)?$/.test(tile.id))
    fail('"id" must be letters and digits, e.g. "U" or "TK3.C2"');
  if (!Number.isInteger(tile.count) || tile.count < 0 || tile.count > MAX_TILES)
    fail(`"count" must be a whole number from 0 to ${MAX_TILES}, got ${JSON.stringify(tile.count)}`);
  if (typeof tile.edges !== 'string' || !/^[FRC]{4}$/.test(tile.edges))
    fail(`"edges" must be four letters of F, R, C (N E S W), got ${JSON.stringify(tile.edges)}`);
  return [...tile.edges].map((letter) => EDGE_LETTERS[letter]!);
}

/**
 * What compiling one tile's segments reads: the tile, its edge types (N E S W), which segment owns
 * each edge part, the segment fields the game's rule modules declare, and how to fail naming the tile.
 */
interface TileContext {
  readonly tile: TileSpec;
  readonly edges: readonly number[];
  readonly owners: EdgeOwners;
  readonly fields: readonly TileField[];
  readonly fail: Fail;
}

/** Which segment owns each edge part (port) of a tile, claimed once each, and a segment's sides as written. */
interface EdgeOwners {
  readonly owner: (string | undefined)[];
  claim(port: number, name: string): void;
  sidesOf(text: unknown, name: string): number[];
}

function edgeOwners(fail: Fail): EdgeOwners {
  const owner = new Array<string | undefined>(PORTS).fill(undefined);
  return {
    owner,
    claim(port, name) {
      if (owner[port] !== undefined) fail(`${name} and ${owner[port]} both claim the same edge part`);
      owner[port] = name;
    },
    sidesOf(text, name) {
      if (typeof text !== 'string' || !/^[NESW](\+[NESW])*$/.test(text))
        fail(`${name}: "edges" must look like "N" or "N+E", got ${JSON.stringify(text)}`);
      const sides = (text as string).split('+').map((s) => SIDES.indexOf(s as (typeof SIDES)[number]));
      if (new Set(sides).size !== sides.length) fail(`${name}: an edge is listed twice`);
      return sides;
    },
  };
}

const blankSegment = (kind: number, name: string): Segment => ({
  kind,
  name,
  ports: [],
  pennants: 0,
  end: 'through',
  props: {},
  illustrations: [],
  cities: [],
});

/** Claims the centre ports of a city's or road's sides, which must be of edge type `edge`. */
function claimSides(c: TileContext, seg: Segment, text: unknown, edge: number): void {
  const { edges, owners, fail } = c;
  for (const side of owners.sidesOf(text, seg.name)) {
    if (edges[side] !== edge)
      fail(`${seg.name} uses edge ${SIDES[side]}, which is not a ${edge === EDGE_CITY ? 'city' : 'road'} edge`);
    owners.claim(centrePort(side), seg.name);
    seg.ports.push(centrePort(side));
  }
}

/** The cities `c1`, `c2` …: their sides, pennants and declared fields. */
function citySegments(c: TileContext): Segment[] {
  const fail = c.fail;
  return (c.tile.cities ?? []).map((city, i) => {
    const seg = blankSegment(SEG_CITY, `c${i + 1}`);
    claimSides(c, seg, city?.edges, EDGE_CITY);
    seg.pennants = city.pennants ?? 0;
    if (!Number.isInteger(seg.pennants) || seg.pennants < 0 || seg.pennants > MAX_PENNANTS)
      fail(
        `${seg.name}: "pennants" must be a whole number from 0 to ${MAX_PENNANTS}, got ${JSON.stringify(city.pennants)}`,
      );
    seg.props = propsOf(city, 'city', c.fields, seg.name, fail);
    return seg;
  });
}

/** The roads `r1`, `r2` …: their sides, declared fields and, for a road of one edge, where it ends. */
function roadSegments(c: TileContext): Segment[] {
  const { tile, fail } = c;
  return (tile.roads ?? []).map((road, i) => {
    const name = `r${i + 1}`;
    const seg = blankSegment(SEG_ROAD, name);
    claimSides(c, seg, road?.edges, EDGE_ROAD);
    seg.props = propsOf(road, 'road', c.fields, name, fail);
    if (seg.ports.length === 1) {
      if (!ROAD_ENDS.includes(road.end as RoadEnd))
        fail(`${name} has one edge, so "end" must be one of ${ROAD_ENDS.join(', ')}`);
      seg.end = road.end as RoadEnd;
    } else if (road.end !== undefined) {
      fail(`${name} runs through the tile (${seg.ports.length} edges), so it takes no "end"`);
    }
    if (seg.end === 'monastery' && tile.monastery !== true) fail(`${name} ends at a monastery but the tile has none`);
    return seg;
  });
}

/** The fields `f1`, `f2` …: their half-edges and the tile's cities (of `cityCount`) they border. */
function fieldSegments(c: TileContext, cityCount: number): Segment[] {
  const { edges, owners, fail } = c;
  return (c.tile.fields ?? []).map((field, i) => {
    const name = `f${i + 1}`;
    const seg = blankSegment(SEG_FIELD, name);
    if (typeof field?.halves !== 'string')
      fail(`${name}: "halves" must be a string like "Wn En" ("" for an enclosed field)`);
    for (const half of field.halves.split(/\s+/).filter(Boolean)) {
      const port = HALF_EDGE_PORT[half as HalfEdge];
      if (port === undefined) fail(`${name}: unknown half-edge ${JSON.stringify(half)} (use Nw Ne En Es Se Sw Ws Wn)`);
      if (edges[(port / 3) | 0] === EDGE_CITY) fail(`${name} uses half-edge ${half} of a city edge`);
      owners.claim(port, name);
      seg.ports.push(port);
    }
    for (const cityName of field.cities ?? []) {
      const c = /^c(\d+)$/.exec(cityName);
      const index = c ? Number(c[1]) - 1 : -1;
      if (index < 0 || index >= cityCount) fail(`${name} borders unknown city ${JSON.stringify(cityName)}`);
      if (seg.cities.includes(index)) fail(`${name} lists city ${cityName} twice`);
      seg.cities.push(index);
    }
    return seg;
  });
}

/** Every edge part belongs to exactly one segment of the right kind. */
function checkEdgeParts(edges: readonly number[], owner: readonly (string | undefined)[], fail: Fail): void {
  for (let side = 0; side < 4; side++) {
    const [a, mid, b] = [side * 3, side * 3 + 1, side * 3 + 2];
    const what = SIDES[side];
    if (edges[side] === EDGE_CITY && owner[mid] === undefined) fail(`city edge ${what} belongs to no city`);
    if (edges[side] === EDGE_ROAD && owner[mid] === undefined) fail(`road edge ${what} belongs to no road`);
    if (edges[side] !== EDGE_CITY && (owner[a] === undefined || owner[b] === undefined)) {
      fail(`edge ${what} has a field half that belongs to no field`);
    }
    if (edges[side] === EDGE_FIELD && owner[mid] !== undefined) fail(`field edge ${what} is claimed by ${owner[mid]}`);
  }
}

/** What every type of one tile shares. */
interface TileShape {
  readonly file: TileFileSpec;
  readonly edges: number[];
  readonly segments: readonly Segment[];
  readonly crossroads: boolean;
}

/** The tile's types: the copies without a variant, then each variant's (id `<id>.<illustration>`). */
function tileTypes(tile: TileSpec, shape: TileShape, fail: Fail): TileType[] {
  const variants = tile.variants ?? [];
  if (!Array.isArray(variants)) fail('"variants" must be an array');
  let plain = tile.count;
  for (const variant of variants) {
    if (!Number.isInteger(variant?.count) || variant.count < 1) fail('every variant needs a "count" ≥ 1');
    plain -= variant.count;
  }
  if (plain < 0) fail(`its variants add up to more copies than "count" (${tile.count})`);
  const types = [tileType(tile, shape, tile.id, plain, undefined, fail)];
  for (const variant of variants)
    types.push(
      tileType(
        tile,
        shape,
        `${tile.id}.${variant.illustration}`,
        variant.count,
        { kind: variant.illustration, ...(variant.road !== undefined ? { road: variant.road } : {}) },
        fail,
      ),
    );
  return types;
}

/** One type of a tile: its own copy of the segments, with the tile's illustrations and a variant's `extra` attached. */
function tileType(
  tile: TileSpec,
  shape: TileShape,
  id: string,
  count: number,
  extra: { kind: Illustration; road?: string } | undefined,
  fail: Fail,
): TileType {
  const segs = shape.segments.map((s) => ({
    ...s,
    ports: [...s.ports],
    props: { ...s.props },
    illustrations: [...s.illustrations],
    cities: [...s.cities],
  }));
  const loose: Illustration[] = [];
  const attach = (kind: unknown, road: string | undefined, what: string) => {
    if (!isIllustration(kind)) fail(`${what}: unknown illustration ${JSON.stringify(kind)}`);
    if (road === undefined) {
      loose.push(kind as Illustration);
      return;
    }
    const s = shape.segments.findIndex((seg) => seg.kind === SEG_ROAD && seg.name === road);
    if (s < 0) fail(`${what} is attached to unknown road ${JSON.stringify(road)}`);
    if (segs[s]!.illustrations.push(kind as Illustration) > MAX_ROAD_ILLUSTRATIONS)
      fail(`${road}: more than ${MAX_ROAD_ILLUSTRATIONS} illustrations on one road`);
  };
  for (const ill of tile.illustrations ?? []) attach(ill?.kind, ill?.road, 'illustration');
  if (extra) attach(extra.kind, extra.road, `variant ${id}`);
  return {
    id,
    family: tile.id,
    expansion: shape.file.expansion,
    count,
    edges: shape.edges,
    segments: segs,
    looseIllustrations: loose,
    crossroads: shape.crossroads,
    reconstructed: shape.file.reconstructed === true,
    ...(tile.edition !== undefined ? { edition: tile.edition } : {}),
  };
}

/** Edge code as used by the board: 2 bits per side, side `d` at bits `2d`. */
export function edgeCode(edges: readonly number[]): number {
  let code = 0;
  for (let side = 0; side < 4; side++) code |= edges[side]! << (2 * side);
  return code;
}
