/**
 * A catalog is the set of tile types one game can use: the files of the base game and of the chosen
 * expansions (and any designer's file). Built once per `Game`; ids are unique across files.
 */
import { InputError } from '../errors.ts';
import { compileTileFile } from './compile.ts';
import type { TileField, TileType } from './types.ts';

export * from './types.ts';
export { compileTileFile, edgeCode, MAX_PENNANTS, MAX_ROAD_ILLUSTRATIONS, MAX_SEGMENTS_PER_TILE } from './compile.ts';

export interface TileSource {
  /** The parsed JSON of a `carclab-tiles/1` file. */
  data: unknown;
  /** Where it came from, for error messages (a path or a module name). */
  where: string;
}

export class Catalog {
  readonly types: readonly TileType[];
  readonly startId: string;
  readonly maxSegments: number;
  /** FNV-1a hash of the compiled catalog, for manifests: same hash, same tiles. */
  readonly hash: string;
  readonly reconstructed: boolean;
  private readonly byId: Map<string, number>;

  constructor(types: TileType[], startId: string) {
    this.types = types;
    this.startId = startId;
    this.byId = new Map(types.map((t, i) => [t.id, i]));
    this.maxSegments = Math.max(1, ...types.map((t) => t.segments.length));
    this.hash = fnv1a(JSON.stringify(types));
    this.reconstructed = types.some((t) => t.reconstructed && t.count > 0);
    if (!this.byId.has(startId)) throw new InputError('catalog', `start tile ${startId} is not in the catalog`);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Index of a tile id; an unknown id is an input error naming it. */
  indexOf(id: string): number {
    const index = this.byId.get(id);
    if (index === undefined) throw new InputError('catalog', `unknown tile id ${JSON.stringify(id)}`);
    return index;
  }

  get(id: string): TileType {
    return this.types[this.indexOf(id)]!;
  }
}

/**
 * Most tile types in one catalog: a game holds at most `MAX_TILES` tiles, and the tables index types
 * and their field-city lists in 16-bit arrays (`Tables.fieldCityStart`), which this bound keeps in range.
 */
export const MAX_TILE_TYPES = 1024;

/** Compiles and joins tile files (with the segment fields `fields` the game's rule modules declare); the first file that names a start tile provides it. */
export function buildCatalog(sources: readonly TileSource[], fields: readonly TileField[] = []): Catalog {
  const types: TileType[] = [];
  const ids = new Map<string, string>();
  let start: string | undefined;
  for (const source of sources) {
    for (const type of compileTileFile(source.data, source.where, fields)) {
      const other = ids.get(type.id);
      if (other !== undefined)
        throw new InputError('catalog', `${source.where}: tile ${type.id} is already defined by ${other}`);
      ids.set(type.id, source.where);
      types.push(type);
    }
    const named = (source.data as { start?: unknown }).start;
    if (start === undefined && typeof named === 'string') start = named;
  }
  if (start === undefined) throw new InputError('catalog', 'no tile file names a start tile ("start")');
  if (types.length > MAX_TILE_TYPES)
    throw new InputError(
      'catalog',
      `${sources.map((s) => s.where).join(', ')}: ${types.length} tile types (variants count apart); at most ${MAX_TILE_TYPES}`,
    );
  return new Catalog(types, start);
}

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
