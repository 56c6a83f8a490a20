/**
 * The mechanics study (restricted play): its setup (arms, levels, the mechanics each arm tests), its
 * figures on hand-built deal outcomes (importance, sign test, Holm, the paired change between levels),
 * and its command line: bad input exits 2 with nothing written; a small run writes the report, the same
 * for any worker count.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DealOutcomes } from '../../src/match/outcomes.ts';
import { mechanicsResults } from '../../src/report/mechanics/analysis.ts';
import { mechanicsSetup } from '../../src/report/mechanics/setup.ts';
import { WIN_UNITS } from '../../src/sim/aggregate.ts';
import { inputError } from '../util.ts';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const notebook = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'notebooks', 'mechanics.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });

describe('the mechanics study\'s setup', () => {
  it('by default: greedy and strong; base, each expansion alone and the advanced Labyrinth; each arm its own expansions\' mechanics', () => {
    const setup = mechanicsSetup({ players: 2, seed: 's' });
    expect(setup.levels.map((l) => [l.name, l.deals])).toEqual([['greedy', 100], ['strong', 30]]);
    expect(setup.arms.map((a) => [a.name, a.mechanics.map((m) => m.name)])).toEqual([
      ['base', ['farmers', 'roadMeeples', 'cityMeeples', 'monasteryMeeples']],
      ['tollkeepers', ['tollhouses', 'tollhouseRelocation']],
      ['labyrinth', ['labyrinthMeeples']],
      ['labyrinth@labyrinth=advanced', ['labyrinthMeeples', 'labyrinthBranches']],
      ['kingRobber', []],
    ]);
    expect(setup.matches).toHaveLength(2 * 9);
    const m = setup.matches.find((x) => x.level === 1 && x.mechanic === 'labyrinthBranches')!;
    expect(m.design.specs[1]).toBe(`${m.design.specs[0]},forbid=labyrinthBranches`);
    expect(m.design.plan.arms[0]!.rules).toEqual({ labyrinth: 'advanced' });
  });

  it('--mechanics picks mechanics in every arm whose game has them', () => {
    const setup = mechanicsSetup({ agents: 'random', expansions: 'base,tollkeepers+labyrinth', mechanics: 'farmers,tollhouses', players: 3, seed: 's' });
    expect(setup.arms.map((a) => a.mechanics.map((m) => m.name))).toEqual([['farmers'], ['farmers', 'tollhouses']]);
  });

  it.each([
    [{ agents: 'greedy:forbid=farmers' }, /--agents: greedy:.*forbid=farmers forbids farmers itself/],
    [{ mechanics: 'farmer' }, /--mechanics: agent random: forbid: unknown mechanic "farmer"; did you mean "farmers"\?/],
    [{ mechanics: 'tollhouses', expansions: 'base' }, /--mechanics: tollhouses is a mechanic of no arm's game \(arms: base\)/],
    [{ mechanics: 'labyrinthBranches', expansions: 'labyrinth' }, /labyrinthBranches is a mechanic of no arm's game/],
    [{ expansions: 'base,nosuch' }, /--expansions: arm nosuch: unknown expansion "nosuch"/],
    [{ expansions: 'labyrinth@labyrinth' }, /--expansions: arm "labyrinth@labyrinth": "labyrinth" is not rule=value/],
    [{ expansions: 'base,base' }, /--expansions: arm base is given twice/],
    [{ expansions: 'kingRobber' }, /no arm has a mechanic to forbid/],
    [{ agents: 'greedy,strong', deals: '5,6,7' }, /--deals gives 3 counts for 2 levels/],
  ])('%j is bad input naming it', (request, message) => {
    expect(inputError(() => mechanicsSetup({ players: 2, seed: 's', ...request })).message).toMatch(message);
  });
});

/** Deal outcomes of one pair whose deal d gives the unrestricted agent `wins[d]` of the deal's 2 games. */
function outcomes(wins: readonly number[], margin = 1): DealOutcomes {
  const n = wins.length;
  return {
    start: 0, end: n, pairs: 1, games: new Float64Array(n).fill(2), winUnitsA: Float64Array.from(wins, (w) => w * WIN_UNITS),
    marginA: Float64Array.from(wins, (w, d) => 2 * margin * (w - 1) + (d % 2)), ties: new Float64Array(n),
  };
}

describe('the mechanics study\'s figures', () => {
  const setup = mechanicsSetup({ agents: 'random,greedy', deals: '8,6', expansions: 'base', mechanics: 'farmers,cityMeeples', players: 2, seed: 's' });
  // Matches in order: random farmers, random cityMeeples, greedy farmers, greedy cityMeeples.
  const figures = mechanicsResults(setup, [
    outcomes([1, 1, 1, 1, 1, 1, 1, 1]), // worth nothing: every deal split
    outcomes([2, 2, 2, 2, 2, 2, 2, 2]), // a perfect record: every deal won twice
    outcomes([0, 1, 0, 1, 0, 1]),
    outcomes([2, 1, 2, 2, 1, 2]),
  ], ['r1', 'r2', 'r3', 'r4']);

  it('importance is the unrestricted agent\'s win share with its Wilson interval over games', () => {
    const [a, b, c, d] = figures.results;
    expect([a!.importance, b!.importance, c!.importance]).toEqual([0.5, 1, 0.25]);
    expect(d!.importance).toBeCloseTo(10 / 12, 12);
    expect(a!.games).toBe(16);
    // Wilson for 8 of 16 games: 0.5 ± …, symmetric about 50 %.
    expect(a!.lo! + a!.hi!).toBeCloseTo(1, 12);
    expect(b!.hi).toBe(1);
  });

  it('the p of "worth nothing": 1 when every deal split, the exact sign test 2·½⁸ for a perfect record; Holm over each level', () => {
    const [a, b, c, d] = figures.results;
    expect(a!.p).toBe(1);
    expect(b!.p).toBeCloseTo(2 / 256, 15);
    // Holm over random's two matches: min(1, 2·p) for the smaller p, then the running maximum.
    expect(b!.pHolm).toBeCloseTo(4 / 256, 15);
    expect(a!.pHolm).toBe(1);
    expect(c!.p).toBeGreaterThan(0);
    expect(d!.pHolm).toBeCloseTo(Math.max(2 * Math.min(c!.p!, d!.p!), d!.p!), 12);
  });

  it('the change between levels is paired over the shared deals, with both levels\' importance on them', () => {
    const [farmers, city] = figures.changes;
    expect(farmers).toMatchObject({ mechanic: 'farmers', level: 'greedy', against: 'random', deals: 6 });
    expect(farmers!.estimate).toBeCloseTo(0.25 - 0.5, 12);
    expect(farmers!.onDeals).toEqual([0.5, 0.25]);
    expect(city!.onDeals[0]).toBe(1);
    expect(city!.estimate).toBeCloseTo(10 / 12 - 1, 12);
    expect(city!.hi).toBeLessThanOrEqual(1);
  });
});

describe('the mechanics notebook\'s command line', () => {
  it.each([
    [['--mechanics', 'farmer'], /did you mean "farmers"/],
    [['--players', '7'], /--players must be a whole number from 2 to 6/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--expansions', 'kingRobber'], /no arm has a mechanic to forbid/],
  ])('%j exits 2 naming the problem, writing nothing', (args, message) => {
    const out = join(tempDir('carclab-mech-'), 'out');
    const r = notebook(...args, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('usage:');
    expect(existsSync(out)).toBe(false);
  });

  it('a small run writes the verdict page first, the chart and mechanics.json, the same with 1 and 2 workers', () => {
    const args = ['--agents', 'random', '--deals', '6', '--expansions', 'base,tollkeepers', '--mechanics', 'cityMeeples,tollhouses', '--seed', 't'];
    const outs = [1, 2].map((workers) => {
      const out = join(tempDir('carclab-mech-'), 'out');
      const r = notebook(...args, '--workers', String(workers), '--out', out);
      expect(r.status, r.stderr).toBe(0);
      return out;
    });
    const json = outs.map((out) => JSON.parse(readFileSync(join(out, 'mechanics.json'), 'utf8')));
    const figures = (j: { results: { run: string }[] }) => j.results.map(({ run: _run, ...rest }) => rest);
    expect(figures(json[0])).toEqual(figures(json[1]));
    expect(json[0].results.map((r: { arm: string; mechanic: string; games: number }) => `${r.arm}:${r.mechanic}:${r.games}`)).toEqual([
      'base:cityMeeples:12', 'tollkeepers:cityMeeples:12', 'tollkeepers:tollhouses:12',
    ]);
    const md = readFileSync(join(outs[0]!, 'report.md'), 'utf8');
    expect(md.indexOf('## Verdict')).toBeLessThan(md.indexOf('## Importance per mechanic'));
    expect(md).toMatch(/\*\*cityMeeples \(base\)\*\*, a meeple in a city: at \*\*random\*\* \d+\.\d % \[/);
    expect(readdirSync(join(outs[0]!, 'charts'))).toContain('verdict-1-importance.png');
    expect(existsSync(join(outs[0]!, 'report.html'))).toBe(true);
  }, 300_000);
});
