/**
 * Tile data cannot wrap around (issue 35): every count a tile file gives that the engine or a rule
 * module keeps in a typed array has an upper bound checked at load. Each stored field is walked at
 * its maximum (accepted, and scored or stored exactly) and at its maximum + 1 (an input error naming
 * the tile and the field). The expected scores are counted by hand from docs/rules.md.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog, compileTileFile, MAX_PENNANTS, MAX_ROAD_ILLUSTRATIONS } from '../../src/engine/catalog/index.ts';
import { MAX_TILE_TYPES } from '../../src/engine/catalog/index.ts';
import type { TileField } from '../../src/engine/catalog/index.ts';
import { MAX_TILES, tileFieldsOf } from '../../src/engine/index.ts';
import { replayScenario } from '../../src/engine/scenario.ts';
import { baseGame, expansionRegistry } from '../../src/expansions/index.ts';
import { inputError } from '../util.ts';

const designer = (tiles: unknown[]) => ({ format: 'carclab-tiles/1', expansion: 'designer', tiles });

/** A one-city tile (city north) whose city carries `city` besides its edge. */
const cityTile = (city: Record<string, unknown>) => ({
  id: 'BIG',
  count: 1,
  edges: 'CFFF',
  cities: [{ edges: 'N', ...city }],
  fields: [{ halves: 'En Es Se Sw Ws Wn', cities: ['c1'] }],
});
/** A straight road tile (north-south) whose road carries `road`. */
const roadTile = (road: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'BIG',
  count: 1,
  edges: 'RFRF',
  roads: [{ edges: 'N+S', ...road }],
  fields: [{ halves: 'Ne En Es Se' }, { halves: 'Sw Ws Wn Nw' }],
  ...extra,
});

/** P0 closes the start tile's city with BIG (city south after a half turn) and a meeple on it. */
const closedCity = (pennants: number) => ({
  players: 2,
  tiles: designer([cityTile({ pennants })]),
  turns: [{ tile: 'BIG', at: [0, -1], rotation: 180, meeple: 'city' }],
});

/**
 * As test/scenarios/expansions/tk-travellers-value1-flip.json with BIG (carrying `travellers`
 * groups) in place of TK1: P0's tollhouse at value 1 is paid 3 per group when P1 closes the road.
 */
const tolledRoad = (travellers: number) => ({
  players: 2,
  expansions: ['tollkeepers'],
  tiles: designer([{ ...roadTile({ travellers }), id: 'BIG' }]),
  turns: [
    { tile: 'X', at: [1, 0], rotation: 0, tollhouse: [1, 0] },
    { tile: 'BIG', at: [2, 0], rotation: 90, meeple: 'road' },
    { tile: 'W', at: [3, 0], rotation: 0 },
  ],
});

describe('tile data that cannot wrap around', () => {
  it(`pennants: ${MAX_PENNANTS} score in full, ${MAX_PENNANTS + 1} is refused naming the tile and the field`, () => {
    // A completed city of 2 tiles: 2 points a tile and 2 a pennant.
    expect(replayScenario(closedCity(MAX_PENNANTS), expansionRegistry).scores).toEqual([2 * 2 + 2 * MAX_PENNANTS, 0]);
    expect(inputError(() => replayScenario(closedCity(MAX_PENNANTS + 1), expansionRegistry)).message).toContain(
      `tile BIG: c1: "pennants" must be a whole number from 0 to ${MAX_PENNANTS}, got ${MAX_PENNANTS + 1}`,
    );
  });

  it('travellers (The Tollkeepers): 255 groups pay in full, 256 are refused naming the tile and the field', () => {
    // The tollhouse at value 1 takes 3 per group of travellers; P1's road of 3 tiles scores 3.
    expect(replayScenario(tolledRoad(255), expansionRegistry).scores).toEqual([3 * 255, 3]);
    expect(inputError(() => replayScenario(tolledRoad(256), expansionRegistry)).message).toContain(
      'tile BIG: r1: "travellers" must be a whole number from 0 to 255, got 256',
    );
  });

  it('every count field a rule module declares: its maximum is stored exactly, maximum + 1 is refused', () => {
    const fields = tileFieldsOf([baseGame, ...expansionRegistry.values()]);
    const counts = fields.filter((f): f is TileField & { type: 'count' } => f.type === 'count');
    expect(counts.map((f) => f.key)).toContain('travellers');
    for (const field of counts) {
      const tile = (value: number) =>
        field.on === 'city' ? cityTile({ [field.key]: value }) : roadTile({ [field.key]: value });
      const [type] = compileTileFile(designer([tile(field.max)]), 'd.json', fields);
      expect(type!.segments[0]!.props[field.key], field.key).toBe(field.max);
      expect(inputError(() => compileTileFile(designer([tile(field.max + 1)]), 'd.json', fields)).message).toContain(
        `d.json: tile BIG: ${field.on === 'city' ? 'c1' : 'r1'}: "${field.key}" must be a whole number from 0 to ${field.max}, got ${field.max + 1}`,
      );
    }
  });

  it(`illustrations on one road: ${MAX_ROAD_ILLUSTRATIONS} are kept, one more is refused naming the tile and the road`, () => {
    const tile = (n: number) =>
      roadTile({}, { illustrations: Array.from({ length: n }, () => ({ kind: 'garden', road: 'r1' })) });
    const [type] = compileTileFile(designer([tile(MAX_ROAD_ILLUSTRATIONS)]), 'd.json');
    expect(type!.segments[0]!.illustrations).toHaveLength(MAX_ROAD_ILLUSTRATIONS);
    expect(inputError(() => compileTileFile(designer([tile(MAX_ROAD_ILLUSTRATIONS + 1)]), 'd.json')).message).toContain(
      `d.json: tile BIG: r1: more than ${MAX_ROAD_ILLUSTRATIONS} illustrations on one road`,
    );
  });

  it(`copies of a tile (${MAX_TILES}) and tile types in a catalog (${MAX_TILE_TYPES}): the maximum loads, one more is refused`, () => {
    const copies = (count: number) => designer([{ ...cityTile({}), count }]);
    expect(compileTileFile(copies(MAX_TILES), 'd.json')[0]!.count).toBe(MAX_TILES);
    expect(inputError(() => compileTileFile(copies(MAX_TILES + 1), 'd.json')).message).toContain(
      `d.json: tile BIG: "count" must be a whole number from 0 to ${MAX_TILES}, got ${MAX_TILES + 1}`,
    );
    const types = (n: number) => ({
      data: {
        ...designer(Array.from({ length: n }, (_, i) => ({ ...cityTile({}), id: `T${i}` }))),
        start: 'T0',
      },
      where: 'many.json',
    });
    expect(buildCatalog([types(MAX_TILE_TYPES)]).types).toHaveLength(MAX_TILE_TYPES);
    expect(inputError(() => buildCatalog([types(MAX_TILE_TYPES + 1)])).message).toContain(
      `many.json: ${MAX_TILE_TYPES + 1} tile types (variants count apart); at most ${MAX_TILE_TYPES}`,
    );
  });
});
