/**
 * Designer tile files in scenarios (docs/tiles.md §1, docs/scenarios.md): a scenario's `"tiles"`
 * adds `carclab-tiles/1` files to the catalog, by path (relative to the scenario file) or inline; the
 * hand-scored files of `test/scenarios/designer/` play the docs' example file; a broken tile file
 * is an input error naming the scenario, the tile file and the tile (exit 2 from the CLI, nothing on
 * stdout).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayScenario } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { scenarioDir, scenarioTests } from '../scenario-files.ts';
import { tempDir } from '../sim/helpers.ts';
import { inputError } from '../util.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const { files, load, readTileFile } = scenarioDir('designer');
const example = JSON.parse(readFileSync(join(ROOT, 'test', 'scenarios', 'designer', 'tiles', 'village.json'), 'utf8'));

describe('designer tiles (hand-scored scenarios)', () => {
  it('finds the scenario files', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
  });
  for (const name of files) scenarioTests(name, load(name), expansionRegistry, readTileFile);
});

describe('the example tile file of docs/tiles.md', () => {
  it('is the file the scenarios play, key for key', () => {
    const page = readFileSync(join(ROOT, 'docs', 'tiles.md'), 'utf8');
    const section = page.slice(page.indexOf('## 1. Tile files'));
    const block = /```json\n([\s\S]*?)```/.exec(section);
    expect(block, 'a json block in docs/tiles.md §1').not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual(example);
  });
});

describe('a scenario\'s "tiles"', () => {
  const turns = [{ tile: 'Z1', at: [0, -1], rotation: 180, meeple: 'city' }];
  const replay =
    (scenario: object, read = true) =>
    () =>
      replayScenario(scenario, expansionRegistry, { where: 's.json', ...(read ? { readTileFile } : {}) });
  const withTile = (tile: Record<string, unknown>) => ({ ...example, tiles: [{ ...example.tiles[0], ...tile }] });

  it('takes a tile file inline, by path, or a list of them', () => {
    // Z1 closes the start's city: 2 tiles + 1 pennant = 6 (designer-tiles-base).
    expect(replayScenario({ players: 2, tiles: example, turns }, expansionRegistry).scores).toEqual([6, 0]);
    expect(replay({ players: 2, tiles: ['tiles/village.json'], turns })().scores).toEqual([6, 0]);
  });
  it('without it, a designer tile is unknown', () => {
    expect(inputError(replay({ players: 2, turns })).message).toBe('s.json: turn 1: unknown tile "Z1"');
  });
  it('names the scenario, the place of the tile file and the tile when the file is broken', () => {
    expect(
      inputError(replay({ players: 2, tiles: [withTile({ fields: [{ halves: 'Wn En', cities: ['c1'] }] })], turns }))
        .message,
    ).toBe('s.json: tiles[0]: tile Z1: edge E has a field half that belongs to no field');
    expect(inputError(replay({ players: 2, tiles: [withTile({ monastry: true })], turns })).message).toBe(
      's.json: tiles[0]: tile Z1: unknown key "monastry"; did you mean "monastery"?',
    );
    expect(
      inputError(
        replay({ players: 2, tiles: [example, { ...example, tiles: [{ ...example.tiles[1], id: 'D' }] }], turns }),
      ).message,
    ).toBe('s.json: tiles[1]: tile D is already defined by base tiles (src/expansions/base/tiles.json)');
    expect(inputError(replay({ players: 2, tiles: [{ ...example, expansion: undefined }], turns })).message).toBe(
      's.json: tiles[0]: "expansion" must be a non-empty string',
    );
  });
  it('refuses a tiles value that is neither a path nor an object, and a path when the replay reads no files', () => {
    expect(inputError(replay({ players: 2, tiles: 7, turns })).message).toBe(
      's.json: "tiles" must be a tile file path or object, or a list of them; got 7',
    );
    expect(inputError(replay({ players: 2, tiles: 'tiles/village.json', turns }, false)).message).toBe(
      's.json: "tiles" names the file "tiles/village.json", but this replay reads no files: give the tile file inline',
    );
  });

  describe('carclab replay', () => {
    const carclab = (...args: string[]) => {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    it('reads the tile file relative to the scenario file', () => {
      const r = carclab('replay', join('test', 'scenarios', 'designer', 'designer-tiles-base.json'), '--json');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).scores).toEqual([10, 3]);
    });
    it('exits 2 naming the scenario, the tile file and the tile, with nothing on stdout', () => {
      const dir = tempDir('carclab-designer-');
      writeFileSync(
        join(dir, 'mine.json'),
        JSON.stringify(withTile({ fields: [{ halves: 'Wn En', cities: ['c1'] }] })),
      );
      writeFileSync(join(dir, 's.json'), JSON.stringify({ players: 2, tiles: 'mine.json', turns }));
      const broken = carclab('replay', join(dir, 's.json'));
      expect(broken.code).toBe(2);
      expect(broken.stdout).toBe('');
      expect(broken.stderr).toContain(
        `${join(dir, 's.json')}: tile file mine.json: tile Z1: edge E has a field half that belongs to no field`,
      );
      writeFileSync(join(dir, 'missing.json'), JSON.stringify({ players: 2, tiles: 'nowhere.json', turns }));
      const missing = carclab('replay', join(dir, 'missing.json'));
      expect(missing.code).toBe(2);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toContain(`${join(dir, 'missing.json')}: tile file nowhere.json: cannot read (ENOENT)`);
    });
  });
});
