/**
 * Hand-scored rules tests for the three expansions: The Tollkeepers (docs/rules.md §2, rulings R-T1..R-T3),
 * The Labyrinth (§3, R-L1) and King and Robber Baron (§4, R-K1), plus scenarios that use all three.
 *
 * The files of `test/scenarios/expansions/` (format in `test/scenario-files.ts`). File names start
 * with the expansion: `tk-` Tollkeepers, `lab-` Labyrinth, `kr-` King and Robber
 * Baron, `all-` all three.
 */
import { describe, expect, it } from 'vitest';
import { replayScenario } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { scenarioDir, scenarioOf, scenarioTests } from '../scenario-files.ts';

const { files, load } = scenarioDir('expansions');

const GROUPS: [prefix: string, title: string][] = [
  ['tk-', 'The Tollkeepers'],
  ['lab-', 'The Labyrinth'],
  ['kr-', 'King and Robber Baron'],
  ['all-', 'all three expansions'],
  ['ic-', 'Inns & Cathedrals'],
];

describe('expansion rules (hand-scored scenarios)', () => {
  it('finds the scenario files, each in one group', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const name of files)
      expect(
        GROUPS.some(([prefix]) => name.startsWith(prefix)),
        name,
      ).toBe(true);
  });

  for (const [prefix, title] of GROUPS) {
    describe(title, () => {
      for (const name of files.filter((f) => f.startsWith(prefix))) scenarioTests(name, load(name), expansionRegistry);
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
    const want: Record<string, number[]> = {
      official: [4, 3],
      incremental: [4, 3],
      flat10: [10, 10],
      'flat15-40': [15, 15],
    };
    for (const v of variants) {
      const result = replayScenario(scenarioOf(load(`kr-variant-${v}-split.json`)), expansionRegistry);
      expect(result.scores, v).toEqual(want[v]);
      expect(
        result.breakdown.map((b) => b.king + b.robber),
        v,
      ).toEqual(want[v]);
    }
  });

  it('without the expansions the replay reports no King, Robber Baron or tollhouses', () => {
    const result = replayScenario(
      { players: 2, turns: [{ tile: 'E', at: [0, -1], rotation: 180 }] },
      expansionRegistry,
    );
    expect(result.kingHolder).toBeNull();
    expect(result.robberHolder).toBeNull();
    expect(result.tollValues).toBeNull();
  });
});
