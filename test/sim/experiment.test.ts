/** Experiment definitions: a wrong experiment is an error naming the file and the arm, before any game runs. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInputError } from '../../src/engine/index.ts';
import { armGrid } from '../../src/sim/experiment.ts';
import { loadExperiment } from '../../src/run/load.ts';
import { designerTiles, planOf, tempDir } from './helpers.ts';

const ok = { seed: 1, deals: 10, arms: [{ name: 'a', players: 2 }] };

function errorOf(definition: Record<string, unknown>): string {
  try {
    planOf(definition, 'experiments/bad.ts');
  } catch (error) {
    expect(isInputError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected an input error');
}

describe('experiment definitions', () => {
  it('resolve with defaults: cycle rotation, score and rank columns, random agents, explicit rules only', () => {
    const plan = planOf({ ...ok, arms: [{ name: 'a', players: 3, rules: { farmers: 'off' } }] });
    expect(plan.rotation).toBe('cycle');
    expect(plan.columns).toEqual(['score', 'rank']);
    expect(plan.seed).toBe('1');
    expect(plan.arms[0]).toMatchObject({
      agents: ['random', 'random', 'random'],
      rules: { farmers: 'off' },
      expansions: [],
    });
  });

  it.each([
    [{ ...ok, dealz: 3 }, /experiments\/bad\.ts: unknown key "dealz"; did you mean "deals"\?/],
    [{ ...ok, deals: 0 }, /"deals" must be a whole number/],
    [{ ...ok, rotation: 'sometimes' }, /"rotation" must be one of none, cycle, all/],
    [{ ...ok, columns: ['score', 'moves'] }, /"columns" must be a list of score, rank, breakdown, stats/],
    [{ ...ok, arms: [] }, /"arms" must be a non-empty list/],
    [{ ...ok, arms: [{ name: 'a', players: 7 }] }, /arms\[0\] "a": "players" must be a whole number from 2 to 6/],
    [
      { ...ok, arms: [{ name: 'a', players: 2, rule: {} }] },
      /arms\[0\] "a": unknown key "rule"; did you mean "rules"\?/,
    ],
    [{ ...ok, arms: [{ name: 'a', players: 2, rules: { farmer: 'off' } }] }, /arms\[0\] "a": unknown rule "farmer"/],
    [
      { ...ok, arms: [{ name: 'a', players: 2, rules: { meeples: 0 } }] },
      /rule "meeples" must be a whole number from 1 to 30/,
    ],
    [
      { ...ok, arms: [{ name: 'a', players: 2, expansions: ['dragons'] }] },
      /arms\[0\] "a": unknown expansion "dragons"/,
    ],
    [{ ...ok, arms: [{ name: 'a', players: 2, agents: 'genius' }] }, /arms\[0\] "a": unknown agent "genius"/],
    [
      { ...ok, arms: [{ name: 'a', players: 3, agents: ['random', 'random'] }] },
      /"agents" lists 2 agents for 3 players/,
    ],
    [
      {
        ...ok,
        arms: [
          { name: 'a', players: 2 },
          { name: 'a', players: 3 },
        ],
      },
      /arms\[1\] "a": arm name "a" is used twice/,
    ],
    [{ ...ok, arms: [{ name: 'a b', players: 2 }] }, /"name" must be 1-64 letters/],
    [
      { ...ok, arms: [{ name: 'a', players: 2, tileCounts: { Q9: 2 } }] },
      /arms\[0\] "a": "tileCounts" names unknown tile "Q9"/,
    ],
    [
      {
        ...ok,
        arms: [
          { name: 'a', players: 2, tiles: { ...designerTiles(), tiles: [{ id: 'Z1', count: 1, edges: 'CXFR' }] } },
        ],
      },
      /arms\[0\] "a": tiles\[0\]: tile Z1: "edges" must be four letters/,
    ],
    [
      {
        ...ok,
        arms: [
          { name: 'a', players: 2, tiles: designerTiles() },
          { name: 'b', players: 2, tiles: [designerTiles(), designerTiles()] },
        ],
      },
      /tile Z1 is already defined/,
    ],
  ])('reject %j', (definition, message) => {
    expect(errorOf(definition as Record<string, unknown>)).toMatch(message);
  });

  it('accept a designer tile file and changed tile counts in one arm', () => {
    const plan = planOf({
      ...ok,
      arms: [
        { name: 'a', players: 2 },
        { name: 'b', players: 2, tiles: designerTiles(2), tileCounts: { D: 6 } },
      ],
    });
    expect(plan.arms[1]!.tiles).toHaveLength(1);
    expect(plan.arms[1]!.tileCounts).toEqual({ D: 6 });
  });

  it('armGrid crosses players and rule values into named arms', () => {
    const arms = armGrid({ players: [2, 3], rules: { farmers: ['on', 'off'] } });
    expect(arms.map((a) => a.name)).toEqual(['2p.farmers=on', '2p.farmers=off', '3p.farmers=on', '3p.farmers=off']);
    expect(planOf({ seed: 's', deals: 1, arms }).arms[3]).toMatchObject({ players: 3, rules: { farmers: 'off' } });
  });
});

describe('loading an experiment file', () => {
  const dir = tempDir('carclab-load-');
  mkdirSync(join(dir, 'tiles'));
  writeFileSync(join(dir, 'tiles', 'good.json'), JSON.stringify(designerTiles(2)));
  writeFileSync(join(dir, 'tiles', 'broken.json'), '{"format": "carclab-tiles/1", ');
  const experiment = (name: string, tiles: string) => {
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify({ seed: 3, deals: 5, arms: [{ name: 'new-tile', players: 2, tiles }] }));
    return path;
  };

  it('reads designer tile files relative to the experiment file and names the experiment after it', async () => {
    const { plan } = await loadExperiment(experiment('designer', 'tiles/good.json'), { deals: 7 });
    expect(plan.experiment).toBe('designer');
    expect(plan.deals).toBe(7);
    expect(plan.arms[0]!.tiles[0]!.data).toEqual(designerTiles(2));
  });

  it('names the experiment and the tile file when a tile file is broken or missing', async () => {
    const broken = experiment('broken', 'tiles/broken.json');
    await expect(loadExperiment(broken)).rejects.toThrow(
      `${broken}: tile file ${join(dir, 'tiles', 'broken.json')}: not valid JSON`,
    );
    await expect(loadExperiment(experiment('missing', 'tiles/none.json'))).rejects.toThrow(
      /tiles\/none\.json: cannot read \(ENOENT\)/,
    );
  });

  it('names the unknown experiment and lists the known ones', async () => {
    await expect(loadExperiment('no-such-study')).rejects.toThrow(
      /unknown experiment "no-such-study": no such file in experiments\/; known: .*default/,
    );
  });
});
