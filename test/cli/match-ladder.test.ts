/** `carclab match` and `carclab ladder` as a user runs them: real processes, real files, exit codes. */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAgentSpec } from '../../src/agents/index.ts';
import { bradleyTerry } from '../../src/stats/bradley-terry.ts';

const ROOT = join(import.meta.dirname, '..', '..');
function carclab(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** The same, asynchronously, so that several can run at once. */
const carclabAsync = (...args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'bin', 'carclab.js'), ...args],
      { cwd: ROOT, encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
const GREEDY = parseAgentSpec('greedy', 'test').text;
const scratch = mkdtempSync(join(tmpdir(), 'carclab-match-'));
const runDirOf = (out: string, kind: string) => {
  const dir = join(out, kind);
  const [run] = readdirSync(dir);
  return join(dir, run!);
};

describe('carclab match', () => {
  it('prints one JSON object with the keys, the same for 1 and 2 workers', () => {
    const runs = [1, 2].map((w) => {
      const out = join(scratch, `w${w}`);
      const r = carclab(
        'match',
        'greedy',
        'random',
        '--deals',
        '3',
        '--seed',
        's',
        '--workers',
        String(w),
        '--shard-deals',
        '1',
        '--out',
        out,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      return { json: JSON.parse(r.stdout) as Record<string, unknown>, dir: runDirOf(out, 'match') };
    });
    const json = runs[0]!.json;
    for (const key of ['games', 'winRateA', 'winRateALo', 'winRateAHi', 'marginA', 'marginALo', 'marginAHi'])
      expect(json).toHaveProperty(key);
    expect(json).toMatchObject({ a: GREEDY, b: 'random', games: 6, deals: 3, players: 2, sprt: null });
    const { results: _r1, ...one } = json;
    const { results: _r2, ...two } = runs[1]!.json;
    expect(two).toEqual(one);
    expect(readFileSync(join(runs[1]!.dir, 'games.arrow'))).toEqual(readFileSync(join(runs[0]!.dir, 'games.arrow')));
    expect(JSON.parse(readFileSync(join(runs[0]!.dir, 'match.json'), 'utf8'))).toEqual(json);
  });
  it('plays 3 players in both lineups and every rotation: 2 × 3 games per deal', () => {
    const r = carclab(
      'match',
      'greedy',
      'random',
      '--players',
      '3',
      '--deals',
      '2',
      '--in-process',
      '--out',
      join(scratch, 'p3'),
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 12, deals: 2, pentanomial: null });
  });
  it('--sprt stops at the deal where it decides, whatever the worker count, and a re-run agrees', () => {
    const run = (w: number, out: string) =>
      carclab(
        'match',
        'greedy',
        'random',
        '--sprt',
        '0,200',
        '--deals',
        '40',
        '--shard-deals',
        '2',
        '--workers',
        String(w),
        '--out',
        out,
        '--json',
      );
    const a = run(1, join(scratch, 's1'));
    expect(a.code, a.stderr).toBe(0);
    const one = JSON.parse(a.stdout);
    // greedy wins every deal: the LLR grows by about ln(s1/s0) = ln(0.7597/0.5) = 0.418 per deal → 8 deals to pass 2.944
    expect(one.sprt).toMatchObject({ elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05, decision: 'H1' });
    expect(one.sprt.llr).toBeGreaterThanOrEqual(one.sprt.upper);
    // What the intervals are worth after the stop is in the JSON (and match.json), not only in the text.
    expect(one.sprt.intervals).toMatch(/not adjusted for the sequential stop: they cover less than 95 %/);
    expect(JSON.parse(readFileSync(join(one.results, 'match.json'), 'utf8')).sprt.intervals).toBe(one.sprt.intervals);
    // greedy won every game: a bound, and the text claims no more than the test shows.
    expect(one).toMatchObject({ perfectRecord: true, winRateAHi: 1, eloAHi: null });
    const text = carclab(
      'match',
      'greedy',
      'random',
      '--sprt',
      '0,200',
      '--deals',
      '40',
      '--shard-deals',
      '2',
      '--workers',
      '1',
      '--out',
      join(scratch, 's1'),
    );
    expect(text.stdout).toMatch(
      /H1 accepted: the games favour an advantage of 200 Elo for greedy over one of 0 \(not a proof that it is 200 or more\)/,
    );
    expect(text.stdout).toMatch(/Elo ≥ \+\d+/);
    expect(text.stdout).not.toMatch(/\[100\.0, 100\.0\]/);
    expect(one.deals).toBeLessThan(40);
    expect(one.games).toBe(2 * one.deals);
    for (const [w, out] of [
      [2, 's2'],
      [1, 's1'],
    ] as const) {
      const other = run(w, join(scratch, out));
      expect(other.code, other.stderr).toBe(0);
      expect({ ...JSON.parse(other.stdout), results: null }).toEqual({ ...one, results: null });
    }
  });
  it('bad input (spec, deals, expansion, rule, too few specs) is exit 2 with the reason, and nothing is written', async () => {
    const out = join(scratch, 'bad');
    const cases: [string[], RegExp][] = [
      [['match', 'greedy', 'nosuch'], /agent 2 \("nosuch"\).*unknown agent "nosuch"/],
      [['match', 'greedy', 'random', '--deals', '0'], /--deals must be a whole number from 1/],
      [['match', 'greedy', 'random', '--expansions', 'river'], /unknown expansion "river"/],
      [['ladder', 'random', 'greedy', '--rules', 'nosuch=1'], /unknown rule "nosuch"/],
      [['ladder', 'greedy'], /needs at least two agent specs, got 1/],
      [['match', 'greedy', 'random', '--sprt', '0,1e6'], /--sprt .*elo0 and elo1 must lie within ±1000/],
    ];
    const results = await Promise.all(cases.map(([args]) => carclabAsync(...args, '--out', out)));
    results.forEach((r, i) => {
      expect(r.code, cases[i]![0].join(' ')).toBe(2);
      expect(r.stderr).toMatch(cases[i]![1]);
      expect(r.stdout).toBe('');
    });
    expect(existsSync(out)).toBe(false);
  });
});

describe('carclab ladder', () => {
  it('writes ladder.json and a report that needs no network; random is the anchor', () => {
    const out = join(scratch, 'ladder');
    const r = carclab('ladder', 'greedy', 'random', '--deals', '4', '--in-process', '--out', out, '--json');
    expect(r.code, r.stderr).toBe(0);
    const ladder = JSON.parse(r.stdout);
    expect(ladder).toMatchObject({
      format: 'carclab-ladder/1',
      specs: [GREEDY, 'random'],
      labels: ['greedy', 'random'],
      anchor: 'random',
      deals: 4,
      games: 8,
    });
    const byName = Object.fromEntries(ladder.ratings.map((x: { label: string }) => [x.label, x]));
    expect(byName.random.elo).toBe(0);
    // The ratings are Bradley–Terry of the matrix's wins (0.1 virtual win per ordered pair).
    const pair = ladder.pairs[0];
    const fit = bradleyTerry(
      [
        [0, pair.winsA],
        [pair.games - pair.winsA, 0],
      ],
      { anchor: 1 },
    );
    // greedy won every game: its rating is a bound over the deals, and so is the difference to random;
    // the Bradley–Terry estimate (the virtual win's artefact) is not in the JSON (no chart of artefacts).
    expect(fit.elo[0]).toBeGreaterThan(0);
    expect(byName.greedy).toMatchObject({ elo: null, eloLo: null, eloHi: null });
    expect(pair.perfectRecord).toBe(true);
    expect(byName.greedy.bound).toBeCloseTo(pair.eloALo, 9);
    expect(pair.winRateALo).toBeCloseTo(0.05 ** (1 / 4), 12);
    // 4 deals won whole bound the share at 0.05^(1/4) = 47.3 %, below one half: not separated on so few deals.
    expect(ladder.adjacent).toEqual([expect.objectContaining({ upper: 'greedy', lower: 'random', separated: false })]);
    expect(ladder.matrix).toHaveLength(2);
    const dir = runDirOf(out, 'ladder');
    for (const f of [
      'ladder.json',
      'report.md',
      'report.html',
      'charts/win-share-matrix.png',
      'manifest.json',
      'games.arrow',
    ])
      expect(existsSync(join(dir, f)), f).toBe(true);
    // A lower bound, though below 0 on 4 deals; the shared rank says the order is not established.
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/\|1=\|greedy\|[^|]*\|\|\|\|≥ −\d+\|8\|1\|/);
    const text = carclab('ladder', 'greedy', 'random', '--deals', '4', '--in-process', '--out', out);
    expect(text.stdout).toMatch(/\| 1= \| `greedy` \| ≥ −\d+ \| a bound: perfect record against the anchor \|/);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="https?:/);
    expect(html).toMatch(/document\.getElementById\("chart-win-share-matrix"\)/);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/Perfect records/);
  });
});
