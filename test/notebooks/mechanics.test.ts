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
import type { Agent } from '../../src/agents/index.ts';
import { meepleSegmentOf, PHASE_FOLLOW, SEG_FIELD } from '../../src/engine/index.ts';
import type { AgentState } from '../../src/engine/index.ts';
import { designMatch } from '../../src/match/design.ts';
import { mechanicsReport, mechanicsResults } from '../../src/report/mechanics/analysis.ts';
import { reportMarkdown } from '../../src/report/report.ts';
import { restrictionBinding } from '../../src/report/mechanics/binding.ts';
import type { Binding } from '../../src/report/mechanics/binding.ts';
import { armSetups, rotationsOf, seatAgents } from '../../src/sim/plan.ts';
import { playGame } from '../../src/sim/play.ts';
import type { MoveTrace } from '../../src/sim/play.ts';
import { mechanicsSetup } from '../../src/report/mechanics/setup.ts';
import { WIN_UNITS } from '../../src/sim/aggregate.ts';
import { inputError } from '../util.ts';
import { tempDir } from '../sim/helpers.ts';
import { PROCESS_TEST_TIMEOUT } from '../wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const notebook = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'notebooks', 'mechanics.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe("the mechanics study's setup", () => {
  it("by default: greedy and strong; base, each expansion alone and the advanced Labyrinth; each arm its own expansions' mechanics", () => {
    const setup = mechanicsSetup({ players: 2, seed: 's' });
    expect(setup.levels.map((l) => [l.name, l.deals])).toEqual([
      ['greedy', 100],
      ['strong', 30],
    ]);
    expect(setup.arms.map((a) => [a.name, a.mechanics.map((m) => m.name)])).toEqual([
      ['base', ['farmers', 'roadMeeples', 'cityMeeples', 'monasteryMeeples']],
      ['tollkeepers', ['tollhouses', 'tollhouseRelocation']],
      ['labyrinth', ['labyrinthMeeples']],
      ['labyrinth@labyrinth=advanced', ['labyrinthMeeples', 'labyrinthBranches']],
      ['kingRobber', []],
      ['innsCathedrals', ['bigMeeples']],
    ]);
    expect(setup.matches).toHaveLength(2 * 10);
    const m = setup.matches.find((x) => x.level === 1 && x.mechanic === 'labyrinthBranches')!;
    expect(m.design.specs[1]).toBe(`${m.design.specs[0]},forbid=labyrinthBranches`);
    expect(m.design.plan.arms[0]!.rules).toEqual({ labyrinth: 'advanced' });
  });

  it('--mechanics picks mechanics in every arm whose game has them', () => {
    const setup = mechanicsSetup({
      agents: 'random',
      expansions: 'base,tollkeepers+labyrinth',
      mechanics: 'farmers,tollhouses',
      players: 3,
      seed: 's',
    });
    expect(setup.arms.map((a) => a.mechanics.map((m) => m.name))).toEqual([['farmers'], ['farmers', 'tollhouses']]);
  });

  it.each([
    [{ agents: 'greedy:forbid=farmers' }, /--agents: greedy:.*forbid=farmers forbids farmers itself/],
    [{ mechanics: 'farmer' }, /--mechanics: agent random: forbid: unknown mechanic "farmer"; did you mean "farmers"\?/],
    [
      { mechanics: 'tollhouses', expansions: 'base' },
      /--mechanics: tollhouses is a mechanic of no arm's game \(arms: base\)/,
    ],
    [{ mechanics: 'labyrinthBranches', expansions: 'labyrinth' }, /labyrinthBranches is a mechanic of no arm's game/],
    [{ expansions: 'base,nosuch' }, /--expansions: arm nosuch: unknown expansion "nosuch"/],
    [
      { expansions: 'labyrinth@labyrinth' },
      /--expansions: arm "labyrinth@labyrinth": rule "labyrinth" needs a value \(labyrinth=…\): one of "basic", "advanced"/,
    ],
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
    start: 0,
    end: n,
    pairs: 1,
    games: new Float64Array(n).fill(2),
    winUnitsA: Float64Array.from(wins, (w) => w * WIN_UNITS),
    marginA: Float64Array.from(wins, (w, d) => 2 * margin * (w - 1) + (d % 2)),
    ties: new Float64Array(n),
  };
}

const noBinding: Binding = {
  deals: 0,
  games: 0,
  restrictedChoices: 0,
  bound: 0,
  boundSumSq: 0,
  boundDeals: 0,
  restrictedUses: 0,
  unrestrictedChances: 0,
  unrestrictedUses: 0,
};

describe('how often a restriction binds', () => {
  const design = (specs: string[], expansions: string[] = []) =>
    designMatch({ kind: 'match', specs, players: 2, expansions, rules: {}, deals: 3, seed: 'b' });

  it("replays the match's games unchanged and counts the restricted player's bound choices and the other's uses", () => {
    const d = design(['greedy', 'greedy:forbid=farmers']);
    const hashes: number[] = [];
    const b = restrictionBinding(d, 'farmers', undefined, hashes); // every deal of the match: its 3
    // The same games as the runner plays (each deal's two rotations, agents streamed from (seed, deal,
    // player)), recounted here through the engine's own queries: a follow-up that puts a meeple in a field.
    const setup = armSetups(d.plan)[0]!;
    const played: number[] = [];
    const recount = { choices: 0, bound: 0, uses: 0 };
    const boundPerDeal = [0, 0, 0];
    const farmer = (state: AgentState, followUp: number) => {
      const g = meepleSegmentOf(state, followUp);
      return g >= 0 && state.segmentKind(g) === SEG_FIELD;
    };
    for (let deal = 0; deal < 3; deal++) {
      for (const r of rotationsOf(d.plan.rotation, 2, deal)) {
        const agents = seatAgents(setup, d.plan.seed, deal, r).map(
          (agent, seat): Agent => ({
            name: agent.name,
            choose(state, legal, count) {
              const restricted = seat !== r; // lineup player 1 (forbidden farmers) sits in seat (1 + r) mod 2
              if (restricted && state.phase === PHASE_FOLLOW) {
                recount.choices++;
                if (Array.from(legal.subarray(0, count)).some((f) => farmer(state, f))) {
                  recount.bound++;
                  boundPerDeal[deal]!++;
                }
              }
              const action = agent.choose(state, legal, count);
              if (!restricted && state.phase === PHASE_FOLLOW && farmer(state, action)) recount.uses++;
              return action;
            },
          }),
        );
        const trace: MoveTrace = { hash: 0 };
        playGame(setup.game, setup.dealer.deal(d.plan.seed, deal), agents, undefined, trace);
        played.push(trace.hash);
      }
    }
    expect(hashes).toEqual(played);
    expect(b).toMatchObject({
      deals: 3,
      games: 6,
      restrictedUses: 0,
      restrictedChoices: recount.choices,
      bound: recount.bound,
      boundSumSq: boundPerDeal.reduce((t, x) => t + x * x, 0),
      boundDeals: boundPerDeal.filter((x) => x > 0).length,
      unrestrictedUses: recount.uses,
    });
    expect(b.bound).toBeGreaterThan(0);
    expect(b.unrestrictedUses).toBeGreaterThan(0);
    expect(b.unrestrictedUses).toBeLessThanOrEqual(b.unrestrictedChances);
  });

  it('sees a restriction that does not hold: an unforbidden second agent uses the mechanic', () => {
    const b = restrictionBinding(design(['greedy', 'greedy:meepleCost=1.1']), 'farmers', 2);
    expect(b.restrictedUses).toBeGreaterThan(0);
  });
});

describe("the mechanics study's figures", () => {
  const setup = mechanicsSetup({
    agents: 'random,greedy',
    deals: '8,6',
    expansions: 'base',
    mechanics: 'farmers,cityMeeples',
    players: 2,
    seed: 's',
  });
  // Matches in order: random farmers, random cityMeeples, greedy farmers, greedy cityMeeples.
  const figures = mechanicsResults(
    setup,
    [
      outcomes([1, 1, 1, 1, 1, 1, 1, 1]), // worth nothing: every deal split
      outcomes([2, 2, 2, 2, 2, 2, 2, 2]), // a perfect record: every deal won twice
      outcomes([0, 1, 0, 1, 0, 1]),
      outcomes([2, 1, 2, 2, 1, 2]),
    ],
    [0, 1, 2, 3].map(() => noBinding),
    ['r1', 'r2', 'r3', 'r4'],
  );

  it("importance is the unrestricted agent's win share with its Wilson interval over games", () => {
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

  it("the change between levels is paired over the shared deals, with both levels' importance on them", () => {
    const [farmers, city] = figures.changes;
    expect(farmers).toMatchObject({ mechanic: 'farmers', level: 'greedy', against: 'random', deals: 6 });
    expect(farmers!.estimate).toBeCloseTo(0.25 - 0.5, 12);
    expect(farmers!.onDeals).toEqual([0.5, 0.25]);
    expect(city!.onDeals[0]).toBe(1);
    expect(city!.estimate).toBeCloseTo(10 / 12 - 1, 12);
    expect(city!.hi).toBeLessThanOrEqual(1);
  });
});

describe('issue 36: the binding caveat, the binding rate and the change between perfect records', () => {
  const setup = mechanicsSetup({
    agents: 'random,greedy',
    deals: '20',
    expansions: 'base',
    mechanics: 'farmers,cityMeeples',
    players: 2,
    seed: 's',
  });
  /** 20 deals of 60 follow-up choices each; the restriction bound 1 choice on each of `deals` deals. */
  const rare = (deals: number): Binding => ({
    ...noBinding,
    deals: 20,
    games: 40,
    restrictedChoices: 1200,
    bound: deals,
    boundSumSq: deals,
    boundDeals: deals,
  });
  const perfect = outcomes(new Array<number>(20).fill(2));
  const even = outcomes(Array.from({ length: 20 }, (_, d) => (d % 2 ? 2 : 0)));
  // Random: farmers established (a perfect record), cityMeeples not; greedy: both perfect records.
  const results = mechanicsResults(
    setup,
    [perfect, even, perfect, perfect],
    [rare(2), rare(2), rare(2), rare(0)],
    ['r1', 'r2', 'r3', 'r4'],
  );
  const md = reportMarkdown(mechanicsReport(setup, results));
  const sentence = (mechanic: string) => md.split('\n').find((l) => l.includes(`**${mechanic} (base)**,`)) ?? '';

  it('says a rare restriction leaves the share saying little only beside a share that is not established', () => {
    const [farmers, city] = results.results;
    expect(farmers!.pHolm).toBeLessThanOrEqual(0.05);
    expect(city!.pHolm).toBeGreaterThan(0.05);
    const [atRandom] = sentence('cityMeeples').split('; at **greedy**');
    expect(atRandom).toMatch(/not established .* it seldom came up, so the share says little about the mechanic/);
    expect(sentence('farmers')).not.toMatch(/seldom came up|says (little|nothing)/);
  });

  it('gives the binding rate over the deals with its interval, and a bound over deals when it never bound', () => {
    // 2 of 1,200 choices: 0.2 % with the exact Poisson interval [0.02, 0.60] %, not a bare 0.2 %.
    expect(sentence('cityMeeples')).toMatch(
      /at 2 of the restricted player's 1,200 follow-up choices \(0\.2 % \[0\.0, 0\.6\]; over the 20 deals\)/,
    );
    expect(md).toMatch(/never, in 20 deals: it binds on at most 13\.9 % of deals/);
  });

  it('a change between two perfect records is the exact bound on the shared deals, not 0.0 pp [0.0, 0.0]', () => {
    const farmers = results.changes.find((c) => c.mechanic === 'farmers')!;
    expect(farmers).toMatchObject({ estimate: 0, degenerate: true, deals: 20 });
    // All 20 differences 0, inside [−1, 1]: ±(1 − 0.025^(1/20)).
    expect(farmers.hi).toBeCloseTo(1 - 0.025 ** (1 / 20), 12);
    expect(farmers.lo).toBeCloseTo(-(1 - 0.025 ** (1 / 20)), 12);
    expect(md).not.toMatch(/0\.0 pp \[0\.0, 0\.0\]|\+0\.0 pp \[\+0\.0, \+0\.0\]/);
    expect(md).toMatch(/every shared deal alike: exact bound/);
  });

  it("a perfect record's share is bounded over its deals, not its games", () => {
    expect(results.results[0]!.lo).toBeCloseTo(0.05 ** (1 / 20), 12);
  });
});

describe("the mechanics notebook's command line", () => {
  it.each([
    [['--mechanics', 'farmer'], /did you mean "farmers"/],
    [['--players', '7'], /--players must be a whole number from 2 to 6/],
    [['--bogus'], /unknown flag --bogus/],
    [['--expansions', 'kingRobber'], /no arm has a mechanic to forbid/],
  ])('%j exits 2 naming the problem, writing nothing', (args, message) => {
    const out = join(tempDir('carclab-mech-'), 'out');
    const r = notebook(...args, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('usage:');
    expect(existsSync(out)).toBe(false);
  });

  it(
    'a small run writes the verdict page first, the chart and mechanics.json, the same with 1 and 2 workers',
    () => {
      const args = [
        '--agents',
        'random',
        '--deals',
        '6',
        '--expansions',
        'base,tollkeepers',
        '--mechanics',
        'cityMeeples,tollhouses',
        '--seed',
        't',
      ];
      const outs = [1, 2].map((workers) => {
        const out = join(tempDir('carclab-mech-'), 'out');
        const r = notebook(...args, '--workers', String(workers), '--out', out);
        expect(r.status, r.stderr).toBe(0);
        return out;
      });
      const json = outs.map((out) => JSON.parse(readFileSync(join(out, 'mechanics.json'), 'utf8')));
      const figures = (j: { results: { run: string }[] }) => j.results.map(({ run: _run, ...rest }) => rest);
      expect(figures(json[0])).toEqual(figures(json[1]));
      expect(
        json[0].results.map(
          (r: { arm: string; mechanic: string; games: number }) => `${r.arm}:${r.mechanic}:${r.games}`,
        ),
      ).toEqual(['base:cityMeeples:12', 'tollkeepers:cityMeeples:12', 'tollkeepers:tollhouses:12']);
      const md = readFileSync(join(outs[0]!, 'report.md'), 'utf8');
      expect(md.indexOf('## Verdict')).toBeLessThan(md.indexOf('## Importance per mechanic'));
      expect(md).toMatch(/\*\*cityMeeples \(base\)\*\*, a meeple in a city: at \*\*random\*\* \d+\.\d % \[/);
      expect(md).toMatch(
        /the restriction bound at \d+ of the restricted player's \d+ follow-up choices \((\d+\.\d % \[\d+\.\d, \d+\.\d\]|never, in 6 deals: it binds on at most 39\.3 % of deals); over the 6 deals\) and the unrestricted player used the mechanic \d+\.\d times a game, in the match's 12 games/,
      );
      expect(json[0].results[0].binding).toMatchObject({ deals: 6, games: 12, restrictedUses: 0 });
      expect(readdirSync(join(outs[0]!, 'charts'))).toContain('verdict-1-importance.png');
      expect(existsSync(join(outs[0]!, 'report.html'))).toBe(true);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
