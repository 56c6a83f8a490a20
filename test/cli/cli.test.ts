/** The `carclab` command as a user runs it: real processes, real files, exit codes and output. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
function carclab(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const scratch = mkdtempSync(join(tmpdir(), 'carclab-cli-'));
const file = (name: string, content: unknown) => {
  const path = join(scratch, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('carclab replay', () => {
  const twoTileCity = { players: 2, turns: [{ tile: 'E', at: [0, -1], rotation: 180, meeple: 'city' }] };
  it('prints the scores as JSON with every key of the output shape', () => {
    const r = carclab('replay', file('city.json', twoTileCity), '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.scores).toEqual([4, 0]);
    expect(Object.keys(out)).toEqual(['scores', 'breakdown', 'kingHolder', 'robberHolder', 'tollValues']);
    expect(Object.keys(out.breakdown[0])).toEqual([
      'road',
      'city',
      'monastery',
      'field',
      'toll',
      'labyrinth',
      'king',
      'robber',
      'compensation',
    ]);
  });
  it('prints a log and a score table without --json', () => {
    const r = carclab('replay', file('city2.json', twoTileCity));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/turn 1: P0 places E at \(0,-1\) rotation 180/);
    expect(r.stdout).toMatch(/city of 2 tile\(s\), 1 meeple\(s\): 4 to P0/);
    // A base game's table has the base game's sources only: no empty toll, labyrinth or King columns.
    expect(r.stdout).toMatch(/^player +road +city +monastery +field +total$/m);
  });
  it("shows an expansion's source and the start points of seatCompensation in the score table", () => {
    const r = carclab(
      'replay',
      file('city3.json', { ...twoTileCity, expansions: ['labyrinth'], rules: { seatCompensation: '0,2' } }),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^player +road +city +monastery +field +labyrinth +compensation +total$/m);
  });
  it('--no-final stops before final scoring', () => {
    const road = { players: 2, turns: [{ tile: 'V', at: [1, 0], rotation: 0, meeple: 'road' }] };
    expect(JSON.parse(carclab('replay', file('road.json', road), '--json').stdout).scores).toEqual([2, 0]);
    expect(JSON.parse(carclab('replay', file('road.json', road), '--json', '--no-final').stdout).scores).toEqual([
      0, 0,
    ]);
  });
  it('an illegal turn is exit 2 with the turn and reason on stderr and nothing on stdout', () => {
    const bad = {
      players: 2,
      turns: [
        { tile: 'E', at: [0, -1], rotation: 180, meeple: 'city' },
        { tile: 'U', at: [0, -1], rotation: 0 },
      ],
    };
    const r = carclab('replay', file('bad.json', bad), '--json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/turn 2 \(U at \(0,-1\)\): that position already holds a tile/);
  });
  it('a missing file, broken JSON, an unknown expansion or rule are exit 2 naming what', () => {
    expect(carclab('replay', join(scratch, 'nope.json')).stderr).toMatch(/nope\.json: cannot read \(ENOENT\)/);
    const broken = carclab('replay', file('broken.json', '{"players": 2,'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.json: not valid JSON/);
    const exp = carclab('replay', file('exp.json', { players: 2, expansions: ['river'], turns: [] }));
    expect(exp.code).toBe(2);
    expect(exp.stderr).toMatch(/unknown expansion "river"; known: tollkeepers, labyrinth, kingRobber/);
    const rule = carclab(
      'replay',
      file('rule.json', { players: 2, expansions: ['labyrinth'], rules: { labyrinth: 'expert' }, turns: [] }),
    );
    expect(rule.code).toBe(2);
    expect(rule.stderr).toMatch(/rule "labyrinth" must be one of "basic", "advanced", got "expert"/);
  });
  it('an unknown flag or command is exit 2 with usage', () => {
    const flag = carclab('replay', 'x.json', '--jsn');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/usage: carclab replay FILE/);
    expect(carclab('frobnicate').code).toBe(2);
  });
});

describe('carclab bench', () => {
  it('--json prints one object with the median games per second of each key', () => {
    const r = carclab('bench', '--json', '--runs', '1', '--scale', '0.01', '--only', 'base-2p-random');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out['base-2p-random'].runs).toBe(1);
    expect(out['base-2p-random'].gamesPerSecond).toBeGreaterThan(0);
  });
  it("--cpu times by the process's CPU time and says so", () => {
    const r = carclab('bench', '--cpu', '--runs', '1', '--scale', '0.01', '--only', 'base-2p-random');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^base-2p-random +\d+ games\/s +\(median of 1, per CPU second;/);
  });
  it('random-per-greedy times each case in processes of its own and reports the ratio of their figures', () => {
    const r = carclab('bench', '--json', '--cpu', '--runs', '1', '--scale', '0.01', '--only', 'random-per-greedy');
    expect(r.code).toBe(0);
    const figure = JSON.parse(r.stdout)['random-per-greedy'];
    expect(figure.runs).toBe(1);
    expect(figure.gamesPerSecond).toBeGreaterThan(figure.otherGamesPerSecond);
    expect(figure.ratios).toEqual([figure.ratio]);
    // The printed games/s are rounded to whole games, the ratio is taken before.
    expect(Math.abs(figure.ratio / (figure.gamesPerSecond / figure.otherGamesPerSecond) - 1)).toBeLessThan(0.05);
  });
  it('strong-per-greedy times greedy and strong self-play in processes of their own; strong-2p-move-ms times its decisions', () => {
    const r = carclab('bench', '--json', '--cpu', '--runs', '1', '--scale', '0.1', '--only', 'strong-per-greedy');
    expect(r.code).toBe(0);
    const figure = JSON.parse(r.stdout)['strong-per-greedy'];
    expect(figure.gamesPerSecond).toBeGreaterThan(figure.otherGamesPerSecond); // greedy plays faster than strong
    expect(figure.ratio).toBeGreaterThan(1);
    const move = carclab('bench', '--json', '--runs', '1', '--scale', '0.1', '--only', 'strong-2p-move-ms');
    expect(move.code).toBe(0);
    expect(JSON.parse(move.stdout)['strong-2p-move-ms'].msPerMove).toBeGreaterThan(0);
  });
});
