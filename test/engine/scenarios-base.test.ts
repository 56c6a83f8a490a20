/**
 * Hand-scored rules tests for the base game (`RULES.md` §1).
 *
 * Each file in `test/scenarios/base/` is a scenario (`DESIGN.md` "Scenario files") plus:
 *   - "rule": the test name, phrased as the rule it checks;
 *   - "description": the layout and the hand count (arithmetic written out);
 *   - "sketch": an ASCII drawing of the board (x grows east, y grows south);
 *   - "expect": { "scores": [...] after final scoring, "beforeFinal"?: [...] with `noFinal`,
 *                 "breakdown"?: per player, the sources to check (a subset is fine) }
 *              or { "error": { "turn": n, "match": [substrings of the message] } } for an illegal turn.
 * Every expected number was counted by hand from the rules, never copied from the engine.
 * Only the scenario keys are handed to the engine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { replayScenario } from '../../src/engine/scenario.ts';

interface Expectation {
  scores?: number[];
  beforeFinal?: number[];
  breakdown?: Record<string, number>[];
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

const DIR = new URL('../scenarios/base/', import.meta.url);
const SCENARIO_KEYS = ['players', 'expansions', 'rules', 'start', 'turns'];

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

function load(file: string): ScenarioFile {
  return JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as ScenarioFile;
}

/** The part of the file the engine reads. */
function scenarioOf(file: ScenarioFile): Record<string, unknown> {
  return Object.fromEntries(Object.entries(file).filter(([k]) => SCENARIO_KEYS.includes(k)));
}

const registry = new Map();

describe('base game rules (hand-scored scenarios)', () => {
  it('finds the scenario files', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of files) {
    const file = load(name);
    const want = file.expect;
    const scenario = scenarioOf(file);

    if (want.error) {
      const { turn, match } = want.error;
      it(`${file.rule} (${name})`, () => {
        let caught: unknown;
        try {
          replayScenario(scenario, registry, { where: name });
        } catch (error) {
          caught = error;
        }
        expect(caught, 'the replay should reject the scenario').toBeInstanceOf(InputError);
        const error = caught as InputError;
        expect(error.code).toBe('illegal-turn');
        expect(error.message).toContain(`turn ${turn} (`);
        for (const m of match) expect(error.message).toContain(m);
      });
      continue;
    }

    it(`${file.rule} (${name})`, () => {
      const result = replayScenario(scenario, registry, { where: name });
      expect(result.scores, file.description).toEqual(want.scores);
      if (want.breakdown) {
        want.breakdown.forEach((sources, p) => {
          expect(result.breakdown[p], `player ${p} breakdown: ${file.description}`).toMatchObject(sources);
        });
      }
    });

    if (want.beforeFinal) {
      it(`${file.rule}: before final scoring (${name}, noFinal)`, () => {
        const result = replayScenario(scenario, registry, { where: name, noFinal: true });
        expect(result.scores, file.description).toEqual(want.beforeFinal);
      });
    }
  }

  it('a noFinal replay stops before final scoring; the full replay adds it', () => {
    // final-every-kind: 8 points for P0 during the game; final scoring adds P0 4, P1 3 + 3 + 6.
    const scenario = scenarioOf(load('final-every-kind.json'));
    const before = replayScenario(scenario, registry, { noFinal: true });
    const after = replayScenario(scenario, registry);
    expect(before.scores).toEqual([8, 0]);
    expect(after.scores).toEqual([12, 12]);
    expect(before.breakdown[1]).toMatchObject({ road: 0, city: 0, field: 0 });
  });

  it('the engine ignores the extra top-level keys of a scenario file', () => {
    const file = load('city-two-tiles.json');
    expect(replayScenario(file, registry).scores).toEqual([4, 0]);
  });
});
