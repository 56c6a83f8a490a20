/**
 * Hand-scored rules tests for the base game (docs/rules.md §1): the files of `test/scenarios/base/`
 * (format in `test/scenario-files.ts`).
 */
import { describe, expect, it } from 'vitest';
import { replayScenario } from '../../src/engine/scenario.ts';
import type { Expansion, ExpansionRegistry } from '../../src/engine/index.ts';
import { baseGame } from '../../src/expansions/index.ts';
import { scenarioDir, scenarioOf, scenarioTests } from '../scenario-files.ts';

const { files, load } = scenarioDir('base');
/** The base game alone: no expansion registered. */
const registry: ExpansionRegistry = Object.assign(new Map<string, Expansion>(), { base: baseGame });

describe('base game rules (hand-scored scenarios)', () => {
  it('finds the scenario files', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of files) scenarioTests(name, load(name), registry);

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
