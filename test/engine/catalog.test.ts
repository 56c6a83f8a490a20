import { describe, expect, it } from 'vitest';
import {
  buildCatalog,
  compileTileFile,
  InputError,
  SEG_CITY,
  SEG_MONASTERY,
  SEG_ROAD,
} from '../../src/engine/index.ts';
import { baseGame, expansionRegistry, newGame } from '../../src/expansions/index.ts';

const base = buildCatalog([baseGame.tiles!]);
const copies = (pred: (t: (typeof base.types)[number]) => boolean) =>
  base.types.filter(pred).reduce((n, t) => n + t.count, 0);

describe('base catalog (docs/tiles.md §4)', () => {
  it('has 72 tiles in 24 types', () => {
    expect(copies(() => true)).toBe(72);
    expect(new Set(base.types.map((t) => t.family)).size).toBe(24);
  });
  it('has 10 pennants', () => {
    expect(copies((t) => t.segments.some((s) => s.kind === SEG_CITY && s.pennants > 0))).toBe(10);
  });
  it('has 6 monasteries', () => {
    expect(copies((t) => t.segments.some((s) => s.kind === SEG_MONASTERY))).toBe(6);
  });
  it('has 8 crossroads tiles (L, W, X)', () => {
    expect(copies((t) => t.crossroads)).toBe(8);
    expect(new Set(base.types.filter((t) => t.crossroads).map((t) => t.family))).toEqual(new Set(['L', 'W', 'X']));
  });
  it('has 40 illustrated copies, 8 of each kind with 8 sheds', () => {
    const illustrated = base.types.filter((t) => t.id.includes('.'));
    expect(illustrated.reduce((n, t) => n + t.count, 0)).toBe(40);
    const byKind = new Map<string, number>();
    for (const t of illustrated) {
      const kind = t.id.split('.')[1]!;
      byKind.set(kind, (byKind.get(kind) ?? 0) + t.count);
    }
    expect(byKind.get('garden')).toBe(8);
    expect(byKind.get('farmhouse')).toBe(8);
    expect(byKind.get('watertower')).toBe(8);
    expect(byKind.get('highwaymen')).toBe(8);
    expect((byKind.get('cowshed') ?? 0) + (byKind.get('pigsty') ?? 0) + (byKind.get('donkeystable') ?? 0)).toBe(8);
  });
  it('attaches road-tile illustrations to the one road, and water towers to none', () => {
    for (const t of base.types) {
      const roads = t.segments.filter((s) => s.kind === SEG_ROAD);
      for (const r of roads) expect(r.illustrations).not.toContain('watertower');
      if (t.id.includes('.') && roads.length === 1 && !t.id.endsWith('.watertower'))
        expect(roads[0]!.illustrations).toHaveLength(1);
    }
    expect(base.get('P.watertower').looseIllustrations).toEqual(['watertower']);
  });
  it('starts with a plain D', () => {
    expect(base.startId).toBe('D');
  });
});

describe('tile file validation names the tile and the problem', () => {
  const file = (tile: object) => ({ format: 'carclab-tiles/1', expansion: 'mine', tiles: [tile] });
  const bad = (tile: object, message: RegExp) => {
    expect(() => compileTileFile(file(tile), 'mine.json')).toThrow(InputError);
    expect(() => compileTileFile(file(tile), 'mine.json')).toThrow(message);
  };
  it('rejects a road edge with no road', () =>
    bad(
      { id: 'Z1', count: 1, edges: 'RFRF', fields: [{ halves: 'Ne En Es Se' }, { halves: 'Sw Ws Wn Nw' }] },
      /mine\.json: tile Z1: road edge N belongs to no road/,
    ));
  it('rejects a city on a field edge', () =>
    bad(
      { id: 'Z2', count: 1, edges: 'FFFF', cities: [{ edges: 'N' }], fields: [{ halves: 'Nw Ne En Es Se Sw Ws Wn' }] },
      /tile Z2: c1 uses edge N, which is not a city edge/,
    ));
  it('rejects a field half claimed twice', () =>
    bad(
      { id: 'Z3', count: 1, edges: 'FFFF', fields: [{ halves: 'Nw Ne En Es Se Sw Ws Wn' }, { halves: 'Nw' }] },
      /f2 and f1 both claim/,
    ));
  it('rejects an unknown illustration', () =>
    bad(
      {
        id: 'Z4',
        count: 2,
        edges: 'FFFF',
        fields: [{ halves: 'Nw Ne En Es Se Sw Ws Wn' }],
        variants: [{ illustration: 'castle', count: 1 }],
      },
      /unknown illustration "castle"/,
    ));
  it('rejects a one-edge road without an end', () =>
    bad(
      { id: 'Z5', count: 1, edges: 'FFRF', roads: [{ edges: 'S' }], fields: [{ halves: 'Nw Ne En Es Se Sw Ws Wn' }] },
      /r1 has one edge, so "end" must be one of/,
    ));
  it('rejects a field bordering an unknown city', () =>
    bad(
      { id: 'Z6', count: 1, edges: 'FFFF', fields: [{ halves: 'Nw Ne En Es Se Sw Ws Wn', cities: ['c1'] }] },
      /f1 borders unknown city "c1"/,
    ));
  it('rejects bad edges', () => bad({ id: 'Z7', count: 1, edges: 'FFF' }, /"edges" must be four letters/));
  it('rejects a duplicate id across files', () => {
    expect(() =>
      buildCatalog([
        baseGame.tiles!,
        {
          data: file({ id: 'B', count: 1, edges: 'FFFF', fields: [{ halves: 'Nw Ne En Es Se Sw Ws Wn' }] }),
          where: 'mine.json',
        },
      ]),
    ).toThrow(/tile B is already defined/);
  });
});

describe('the catalog hash', () => {
  // Every run id hashes its arms' catalogs (src/sim/plan.ts), and reading a run (report, show, the
  // explorer) recomputes it: a change of the compiled tiles' shape or content changes every run id,
  // and old runs' plans would be refused as edited. Change these values only with the tiles
  // (docs/architecture.md §4, "Tile facts and the catalog hash").
  it('is that of the compiled tiles as they are: the base game alone, and every registered tile file', () => {
    expect(newGame({ players: 2 }).catalog.hash).toBe('7e3066f7');
    expect(newGame({ players: 2, expansions: [...expansionRegistry.values()] }).catalog.hash).toBe('43ce36c3');
  });
});
