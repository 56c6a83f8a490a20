/**
 * Hand-scored scenario files and the tests they define. Each JSON file in `test/scenarios/<dir>/` is
 * a scenario (docs/scenarios.md; a designer tile file it names under `"tiles"` is read
 * relative to the directory, e.g. `test/scenarios/designer/tiles/`) plus:
 *   - "rule": the test name, phrased as the rule it checks;
 *   - "description": the layout and the hand count (arithmetic written out);
 *   - "sketch": an ASCII drawing of the board (x grows east, y grows south);
 *   - "expect": { "scores": [...] after final scoring, "beforeFinal"?: [...] with `noFinal`,
 *                 "breakdown"?: per player, the sources to check (a subset is fine),
 *                 "kingHolder"?, "robberHolder"?, "tollValues"?: as the replay reports them
 *                 after final scoring (a player index or null; per player 1, 2 or null) }
 *              or { "error": { "turn": n, "match": [substrings of the message] } } for an illegal turn.
 * Every expected number was counted by hand from docs/rules.md, never copied from the engine. Only the
 * scenario keys are handed to the engine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { InputError } from '../src/engine/errors.ts';
import type { ExpansionRegistry, TileSource } from '../src/engine/index.ts';
import { replayScenario } from '../src/engine/scenario.ts';

export interface Expectation {
  scores?: number[];
  beforeFinal?: number[];
  breakdown?: Record<string, number>[];
  kingHolder?: number | null;
  robberHolder?: number | null;
  tollValues?: (number | null)[] | null;
  error?: { turn: number; match: string[] };
}

export interface ScenarioFile {
  rule: string;
  description: string;
  expect: Expectation;
  players: number;
  turns: unknown[];
  [key: string]: unknown;
}

const SCENARIO_KEYS = ['players', 'expansions', 'rules', 'tiles', 'start', 'turns'];

/** The scenario files of `test/scenarios/<dir>/`, sorted, with a loader and a reader of the tile files they name (relative to the directory). */
export function scenarioDir(dir: string) {
  const url = new URL(`scenarios/${dir}/`, import.meta.url);
  return {
    files: readdirSync(url)
      .filter((f) => f.endsWith('.json'))
      .sort(),
    load: (file: string): ScenarioFile => JSON.parse(readFileSync(new URL(file, url), 'utf8')) as ScenarioFile,
    readTileFile: (path: string): TileSource => ({
      data: JSON.parse(readFileSync(new URL(path, url), 'utf8')),
      where: path,
    }),
  };
}

/** The part of the file the engine reads. */
export function scenarioOf(file: ScenarioFile): Record<string, unknown> {
  return Object.fromEntries(Object.entries(file).filter(([k]) => SCENARIO_KEYS.includes(k)));
}

/** Defines the tests of one scenario file: its scores (and before final scoring), or its refusal. */
export function scenarioTests(
  name: string,
  file: ScenarioFile,
  registry: ExpansionRegistry,
  readTileFile?: (path: string) => TileSource,
): void {
  const want = file.expect;
  const scenario = scenarioOf(file);
  const options = { where: name, ...(readTileFile ? { readTileFile } : {}) };
  if (want.error) {
    const { turn, match } = want.error;
    it(`${file.rule} (${name})`, () => {
      let caught: unknown;
      try {
        replayScenario(scenario, registry, options);
      } catch (error) {
        caught = error;
      }
      expect(caught, 'the replay should reject the scenario').toBeInstanceOf(InputError);
      const error = caught as InputError;
      expect(error.code).toBe('illegal-turn');
      expect(error.message, 'an illegal turn names the turn (docs/scenarios.md)').toContain(`turn ${turn} (`);
      for (const m of match) expect(error.message).toContain(m);
    });
    return;
  }
  it(`${file.rule} (${name})`, () => {
    const result = replayScenario(scenario, registry, options);
    expect(result.scores, file.description).toEqual(want.scores);
    want.breakdown?.forEach((sources, p) => {
      expect(result.breakdown[p], `player ${p} breakdown: ${file.description}`).toMatchObject(sources);
    });
    if (want.kingHolder !== undefined)
      expect(result.kingHolder, `King holder: ${file.description}`).toBe(want.kingHolder);
    if (want.robberHolder !== undefined)
      expect(result.robberHolder, `Robber Baron holder: ${file.description}`).toBe(want.robberHolder);
    if (want.tollValues !== undefined)
      expect(result.tollValues, `tollhouse values: ${file.description}`).toEqual(want.tollValues);
  });
  if (want.beforeFinal) {
    it(`${file.rule}: before final scoring (${name}, noFinal)`, () => {
      const result = replayScenario(scenario, registry, { ...options, noFinal: true });
      expect(result.scores, file.description).toEqual(want.beforeFinal);
    });
  }
}
