/**
 * Issue 35, dangerous cases 5 and 6: tile data that wrapped around. 256 pennants passed the tile
 * check and were stored in 8 bits (a city of 256 pennants scored as one of none), as did 257 groups
 * of travellers on a Tollkeepers road. Now `carclab replay` and `carclab run` refuse such a file at
 * load (exit 2) naming the tile and the field, and write nothing. Each test failed on the code
 * before the fix.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carclab, scratch } from './helpers.ts';

/** A designer tile: a city cap (north) with `pennants`, or a straight road with `travellers`. */
const tiles = (city: Record<string, number>, road: Record<string, number>) => ({
  format: 'carclab-tiles/1',
  expansion: 'designer',
  tiles: [
    {
      id: 'PEN',
      count: 1,
      edges: 'CFFF',
      cities: [{ edges: 'N', ...city }],
      fields: [{ halves: 'En Es Se Sw Ws Wn', cities: ['c1'] }],
    },
    {
      id: 'TRV',
      count: 1,
      edges: 'RFRF',
      roads: [{ edges: 'N+S', ...road }],
      fields: [{ halves: 'Ne En Es Se' }, { halves: 'Sw Ws Wn Nw' }],
    },
  ],
});

describe('tile data that cannot wrap (dangerous cases 5 and 6)', () => {
  it('5. "pennants": 256 is refused at load naming the tile and the field, in replay and in a run arm', () => {
    const dir = scratch();
    const file = tiles({ pennants: 256 }, {});
    writeFileSync(
      join(dir, 'scenario.json'),
      JSON.stringify({
        players: 2,
        tiles: file,
        turns: [{ tile: 'PEN', at: [0, -1], rotation: 180, meeple: 'city' }],
      }),
    );
    const replay = carclab(dir, 'replay', 'scenario.json');
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('tile PEN: c1: "pennants" must be a whole number from 0 to 255, got 256');
    expect(replay.stdout).toBe('');
    writeFileSync(join(dir, 'tiles.json'), JSON.stringify(file));
    writeFileSync(
      join(dir, 'exp.json'),
      JSON.stringify({ seed: 'pen', deals: 2, arms: [{ name: 'a', players: 2, tiles: 'tiles.json' }] }),
    );
    const run = carclab(dir, 'run', 'exp.json', '--in-process', '--out', 'out');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('tile PEN: c1: "pennants" must be a whole number from 0 to 255, got 256');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('6. "travellers": 257 on a Tollkeepers tile is refused at load naming the tile and the field', () => {
    const dir = scratch();
    writeFileSync(
      join(dir, 'scenario.json'),
      JSON.stringify({
        players: 2,
        expansions: ['tollkeepers'],
        tiles: tiles({}, { travellers: 257 }),
        turns: [
          { tile: 'X', at: [1, 0], rotation: 0, tollhouse: [1, 0] },
          { tile: 'TRV', at: [2, 0], rotation: 90, meeple: 'road' },
          { tile: 'W', at: [3, 0], rotation: 0 },
        ],
      }),
    );
    const replay = carclab(dir, 'replay', 'scenario.json');
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('tile TRV: r1: "travellers" must be a whole number from 0 to 255, got 257');
    expect(replay.stdout).toBe('');
  });
});
