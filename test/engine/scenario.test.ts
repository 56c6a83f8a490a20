import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { replayScenario } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';

const replay = (scenario: object) => () => replayScenario(scenario, expansionRegistry, { where: 'x.json' });

describe('scenario validation', () => {
  it('refuses a tile of the other Tollkeepers edition', () => {
    const turns = [{ tile: 'TK3.C2', at: [1, 0], rotation: 0 }];
    expect(replay({ players: 2, expansions: ['tollkeepers'], turns })).toThrow(
      /x\.json: turn 1: tile TK3\.C2 is not used with these rules/,
    );
    expect(
      replay({ players: 2, expansions: ['tollkeepers'], rules: { tollkeepersEdition: 'C2' }, turns }),
    ).not.toThrow();
  });
  it('refuses an expansion tile when the expansion is not in play', () => {
    expect(replay({ players: 2, turns: [{ tile: 'LAB', at: [1, 0], rotation: 0 }] })).toThrow(/unknown tile "LAB"/);
  });
  it('names the turn when an expansion refuses its follow-up', () => {
    const turns = [{ tile: 'U', at: [1, 0], rotation: 90, tollhouse: [1, 0] }];
    expect(replay({ players: 2, expansions: ['tollkeepers'], turns })).toThrow(
      /x\.json: turn 1 \(U at \(1,0\)\): tollhouse: the tile at \(1,0\) is not a crossroads/,
    );
  });
  it('rejects bad shapes with the key that is wrong', () => {
    expect(replay({ players: 2 })).toThrow(/"turns" must be an array/);
    expect(replay({ players: 9, turns: [] })).toThrow(/"players" must be a whole number from 2 to 6/);
    expect(replay({ players: 2, turns: [{ tile: 'U', at: [1, 0], rotation: 45 }] })).toThrow(
      /"rotation" must be 0, 90, 180 or 270/,
    );
    expect(replay({ players: 2, turns: [{ tile: 'U', at: [1, 0], rotation: 90, meeple: 'castle' }] })).toThrow(
      /"meeple" kind must be one of road, city, field, monastery/,
    );
    expect(replay({ players: 2, turns: [{ tile: 'L', at: [1, 0], rotation: 90, meeple: 'road' }] })).toThrow(
      /tile L has 3 road segments; name one/,
    );
    expect(replay({ players: 2, turns: [] })).not.toThrow();
    expect(replay({ players: 2, turns: 'none' })).toThrow(InputError);
  });
  it('checks the seatCompensation list: whole numbers from 0 to 100, at most one per player', () => {
    const turns: unknown[] = [];
    expect(replay({ players: 2, rules: { seatCompensation: '0,1,2' }, turns })).toThrow(
      /x\.json: rule "seatCompensation" lists 3 seats for 2 players/,
    );
    for (const bad of ['0,-1', '0,1.5', '0,,1', 'a', '', '0,101', [0, 1]]) {
      expect(replay({ players: 2, rules: { seatCompensation: bad }, turns }), JSON.stringify(bad)).toThrow(
        /rule "seatCompensation" must be a comma-separated list of whole numbers from 0 to 100/,
      );
    }
    expect(
      replayScenario({ players: 3, rules: { seatCompensation: ' 2, 0 ,7' }, turns }, expansionRegistry).scores,
    ).toEqual([2, 0, 7]);
    expect(replayScenario({ players: 2, rules: { seatCompensation: 4 }, turns }, expansionRegistry).scores).toEqual([
      4, 0,
    ]);
  });
});
