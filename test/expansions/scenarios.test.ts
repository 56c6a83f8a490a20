/**
 * Hand-scored rules tests for the three expansions: The Tollkeepers (`RULES.md` §2, rulings R-T1..R-T3),
 * The Labyrinth (§3, R-L1) and King and Robber Baron (§4, R-K1), plus scenarios that use all three.
 *
 * Each file in `test/scenarios/expansions/` is a scenario (`DESIGN.md` "Scenario files") plus:
 *   - "rule": the test name, phrased as the rule it checks;
 *   - "description": the layout and the hand count (arithmetic written out);
 *   - "sketch": an ASCII drawing of the board (x grows east, y grows south);
 *   - "expect": { "scores": [...] after final scoring, "beforeFinal"?: [...] with `noFinal`,
 *                 "breakdown"?: per player, the sources to check (a subset is fine),
 *                 "kingHolder"?, "robberHolder"?, "tollValues"?: as the replay reports them
 *                 after final scoring (a player index or null; per player 1, 2 or null) }
 *              or { "error": { "turn": n, "match": [substrings of the message] } } for an illegal turn.
 * File names start with the expansion: `tk-` Tollkeepers, `lab-` Labyrinth, `kr-` King and Robber
 * Baron, `all-` all three. Every expected number was counted by hand from `RULES.md`, never copied
 * from the engine. Only the scenario keys are handed to the engine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { replayScenario } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';

interface Expectation {
  scores?: number[];
  beforeFinal?: number[];
  breakdown?: Record<string, number>[];
  kingHolder?: number | null;
  robberHolder?: number | null;
  tollValues?: (number | null)[] | null;
  error?: { turn: number; match: string[] };
}

interface ScenarioFile {
  rule: string;
  description: string;
  expect: Expectation;
  players: number;
  turns: unknown[];
  [key: string]: unknown;
}

const DIR = new URL('../scenarios/expansions/', import.meta.url);
const SCENARIO_KEYS = ['players', 'expansions', 'rules', 'start', 'turns'];

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

function load(file: string): ScenarioFile {
  return JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as ScenarioFile;
}

/** The part of the file the engine reads. */
function scenarioOf(file: ScenarioFile): Record<string, unknown> {
  return Object.fromEntries(Object.entries(file).filter(([k]) => SCENARIO_KEYS.includes(k)));
}

const GROUPS: [prefix: string, title: string][] = [
  ['tk-', 'The Tollkeepers'],
  ['lab-', 'The Labyrinth'],
  ['kr-', 'King and Robber Baron'],
  ['all-', 'all three expansions'],
];

function scenarioTests(name: string): void {
  const file = load(name);
  const want = file.expect;
  const scenario = scenarioOf(file);

  if (want.error) {
    const { turn, match } = want.error;
    it(`${file.rule} (${name})`, () => {
      let caught: unknown;
      try {
        replayScenario(scenario, expansionRegistry, { where: name });
      } catch (error) {
        caught = error;
      }
      expect(caught, 'the replay should reject the scenario').toBeInstanceOf(InputError);
      const error = caught as InputError;
      expect(error.code).toBe('illegal-turn');
      expect(error.message, 'an illegal turn names the turn (DESIGN.md "Scenario files")').toContain(`turn ${turn} (`);
      for (const m of match) expect(error.message).toContain(m);
    });
    return;
  }

  it(`${file.rule} (${name})`, () => {
    const result = replayScenario(scenario, expansionRegistry, { where: name });
    expect(result.scores, file.description).toEqual(want.scores);
    if (want.breakdown) {
      want.breakdown.forEach((sources, p) => {
        expect(result.breakdown[p], `player ${p} breakdown: ${file.description}`).toMatchObject(sources);
      });
    }
    if (want.kingHolder !== undefined) expect(result.kingHolder, `King holder: ${file.description}`).toBe(want.kingHolder);
    if (want.robberHolder !== undefined) expect(result.robberHolder, `Robber Baron holder: ${file.description}`).toBe(want.robberHolder);
    if (want.tollValues !== undefined) expect(result.tollValues, `tollhouse values: ${file.description}`).toEqual(want.tollValues);
  });

  if (want.beforeFinal) {
    it(`${file.rule}: before final scoring (${name}, noFinal)`, () => {
      const result = replayScenario(scenario, expansionRegistry, { where: name, noFinal: true });
      expect(result.scores, file.description).toEqual(want.beforeFinal);
    });
  }
}

describe('expansion rules (hand-scored scenarios)', () => {
  it('finds the scenario files, each in one group', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const name of files) expect(GROUPS.some(([prefix]) => name.startsWith(prefix)), name).toBe(true);
  });

  for (const [prefix, title] of GROUPS) {
    describe(title, () => {
      for (const name of files.filter((f) => f.startsWith(prefix))) scenarioTests(name);
    });
  }

  it('labyrinth: the same turns score differently under basic and advanced', () => {
    const basic = replayScenario(scenarioOf(load('lab-compare-basic.json')), expansionRegistry);
    const advanced = replayScenario(scenarioOf(load('lab-compare-advanced.json')), expansionRegistry);
    expect(load('lab-compare-basic.json').turns).toEqual(load('lab-compare-advanced.json').turns);
    // 11 tiles to P0 in both; advanced adds 2 x 3 meeples.
    expect(basic.scores).toEqual([11, 0]);
    expect(advanced.scores).toEqual([17, 0]);
  });

  it('king and robber: the four scoring variants on the same turns differ only in the card points', () => {
    const variants = ['official', 'incremental', 'flat10', 'flat15-40'];
    const turns = variants.map((v) => load(`kr-variant-${v}-split.json`).turns);
    for (const t of turns) expect(t).toEqual(turns[0]);
    // Hand count (see the files): official 4/3, incremental 4/3 (during the game), flat10 10/10, flat15-40 15/15.
    const want: Record<string, number[]> = { official: [4, 3], incremental: [4, 3], flat10: [10, 10], 'flat15-40': [15, 15] };
    for (const v of variants) {
      const result = replayScenario(scenarioOf(load(`kr-variant-${v}-split.json`)), expansionRegistry);
      expect(result.scores, v).toEqual(want[v]);
      expect(result.breakdown.map((b) => b.king + b.robber), v).toEqual(want[v]);
    }
  });

  it('without the expansions the replay reports no King, Robber Baron or tollhouses', () => {
    const result = replayScenario({ players: 2, turns: [{ tile: 'E', at: [0, -1], rotation: 180 }] }, expansionRegistry);
    expect(result.kingHolder).toBeNull();
    expect(result.robberHolder).toBeNull();
    expect(result.tollValues).toBeNull();
  });
});
