/** `carclab export RUN --csv` (per-game rows for a spreadsheet) and `carclab tiles FILE --png` (a tile file drawn). */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRun } from '../../src/report/run.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'carclab.js');
const carclab = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
const VILLAGE = join('test', 'scenarios', 'designer', 'tiles', 'village.json');

async function keptRun(keepGames: boolean) {
  const plan = planOf({
    name: 'export',
    seed: 'export',
    deals: 7,
    columns: ['score', 'rank', 'stats'],
    arms: [
      { name: 'two', players: 2 },
      { name: 'three', players: 3, expansions: ['labyrinth'] },
    ],
  });
  const { runDir } = await runExperiment({
    plan,
    outRoot: tempDir('carclab-export-'),
    backend: inProcessBackend(),
    keepGames,
  });
  return runDir;
}

describe('carclab export', () => {
  it('writes one CSV row per game with the arm by name, the same numbers as games.arrow, empty cells for missing seats', async () => {
    const runDir = await keptRun(true);
    const r = carclab('export', runDir, '--csv');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const header = lines[0]!.split(',');
    expect(header.slice(0, 5)).toEqual(['arm', 'deal', 'rotation', 'players', 'movesHash']);
    expect(header).toContain('stat.farmersPlaced2');
    const table = loadRun(runDir).games()!;
    expect(lines.length - 1).toBe(table.numRows());
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(new Set(rows.map((x) => x[0]))).toEqual(new Set(['two', 'three']));
    const farmers = header.indexOf('stat.farmersPlaced0');
    const score2 = header.indexOf('score2');
    table.objects().forEach((game, i) => {
      const row = rows[i]!;
      expect(Number(row[farmers])).toBe((game as Record<string, number>)['stat.farmersPlaced0']);
      // A 2-player game has no seat 2: an empty cell, not NaN.
      expect(row[score2]).toBe(row[0] === 'two' ? '' : String((game as Record<string, number>).score2));
    });
    const out = join(tempDir('carclab-export-out-'), 'games.csv');
    expect(carclab('export', runDir, '--csv', '--out', out).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(r.stdout);
  });

  it('refuses a run without kept games, an edited games.arrow and a missing --csv, exit 2', async () => {
    const none = await keptRun(false);
    expect(carclab('export', none, '--csv')).toMatchObject({ status: 2, stdout: '' });
    expect(carclab('export', none, '--csv').stderr).toMatch(/kept no games/);
    const kept = await keptRun(true);
    expect(carclab('export', kept).stderr).toMatch(/give the format, --csv/);
    appendFileSync(join(kept, 'games.arrow'), 'x');
    const edited = carclab('export', kept, '--csv');
    expect(edited.status).toBe(2);
    expect(edited.stderr).toMatch(/games\.arrow does not match its checksum/);
    expect(edited.stdout).toBe('');
  });
});

describe('carclab tiles', () => {
  it('draws every tile of a file with its count and lists them', () => {
    const out = tempDir('carclab-tiles-');
    const r = carclab('tiles', VILLAGE, '--png', join(out, 't.png'), '--svg', join(out, 't.svg'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Z1 {12}× 1 {2}CRFR {2}c1 r1 f1 f2$/m);
    expect(r.stdout).toContain('4 tile types, 4 tiles');
    const png = readFileSync(join(out, 't.png'));
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const svg = readFileSync(join(out, 't.svg'), 'utf8');
    expect([...svg.matchAll(/<g class="tile" data-tile="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'Z1',
      'Z1.farmhouse',
      'Z2',
      'Z3',
    ]);
    expect(svg).toContain('my-village: 4 tile types, 4 tiles');
    // The marks are keyed: the file has pennants, travellers, a farmhouse and a cowshed, nothing else.
    // (A text line of the key, not a tile's label such as "Z1.farmhouse".)
    const key = [...svg.matchAll(/>([^<]*(?:pennant|travellers|farmhouse|cowshed|dotted tie)[^<]*)</g)]
      .map((m) => m[1]!)
      .filter((text) => /: |dotted tie/.test(text));
    expect(key.join(' · ')).toBe(
      'Marks: shield: pennant · three dots: travellers · F: farmhouse · C: cowshed · a dotted tie joins an illustration to its road',
    );
    const counted = carclab('tiles', VILLAGE, '--svg', join(out, 'c.svg'), '--tile-counts', 'Z2=3');
    expect(counted.stdout).toContain('4 tile types, 6 tiles');
    expect(readFileSync(join(out, 'c.svg'), 'utf8')).toContain('× 3');
  });

  it('refuses a broken tile file, an unknown tile id and a missing file, exit 2, nothing written', () => {
    const dir = tempDir('carclab-tiles-bad-');
    const broken = join(dir, 'broken.json');
    const file = JSON.parse(readFileSync(join(ROOT, VILLAGE), 'utf8'));
    file.tiles[2].monastry = true;
    writeFileSync(broken, JSON.stringify(file));
    for (const [args, message] of [
      [[broken], /tile Z3: unknown key "monastry"; did you mean "monastery"\?/],
      [[VILLAGE, '--tile-counts', 'Q1=2'], /--tile-counts: .* has no tile Q1/],
      [[join(dir, 'none.json')], /none\.json: cannot read/],
    ] as const) {
      const r = carclab('tiles', ...args, '--png', join(dir, 'out.png'));
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(join(dir, 'out.png'))).toBe(false);
    }
  });
});
