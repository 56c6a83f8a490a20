/** Tuning definitions: what is accepted, and every bad input named with its place. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { candidatePlan, candidateRules, resolveTuning, valuesOf } from '../../src/tune/definition.ts';

const ok = {
  seed: 's',
  players: 2,
  agents: 'random',
  parameter: { name: 'farmerPointsPerCity', min: 0, max: 10 },
  target: { metric: 'score.field', equals: 4 },
  precision: 0.3,
};
const resolve = (changes: Record<string, unknown>) => () => resolveTuning({ ...ok, ...changes }, 'x.json', 'x');

describe('tuning definitions', () => {
  it('refuses a name of only dots: it would write into --out or its parent (issue 24, case 8)', () => {
    for (const name of ['.', '..'])
      expect(resolve({ name })).toThrow(
        `"name" must be 1-64 letters, digits or _ . = + - (not only dots), got ${JSON.stringify(name)}`,
      );
  });

  it('resolves a whole-number rule, with defaults for rotation and budget', () => {
    const t = resolveTuning(ok, 'x.json', 'farm');
    expect(t.name).toBe('farm');
    expect(t.parameters).toEqual([
      {
        name: 'farmerPointsPerCity',
        rule: 'farmerPointsPerCity',
        entry: null,
        min: 0,
        max: 10,
        integer: true,
        step: null,
      },
    ]);
    expect(t.parts).toEqual([{ metric: 'score.field', around: 4 }]);
    expect(t.budget).toEqual({ games: 200_000, firstDeals: 200, maxDeals: 12_800 });
    expect(valuesOf(t.parameters[0]!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('tunes one seat of seatCompensation, keeping the other entries of the fixed list', () => {
    const t = resolveTuning(
      {
        ...ok,
        players: 3,
        rules: { seatCompensation: '0,1' },
        parameter: { name: 'seatCompensation[2]', min: 0, max: 9 },
      },
      'x.json',
      'x',
    );
    expect(candidateRules(t, [5])).toEqual({ seatCompensation: '0,1,5' });
    const plan = candidatePlan(t, [5], 100);
    expect(plan.experiment).toBe('seatCompensation.2=5');
    expect(plan.arms[0]!.rules).toEqual({ seatCompensation: '0,1,5' });
  });

  it('a seatWinGap target reads every seat against 1/players, on a grid of two parameters', () => {
    const t = resolveTuning(
      {
        ...ok,
        players: 3,
        parameter: undefined,
        parameters: [
          { name: 'seatCompensation[1]', min: 0, max: 4 },
          { name: 'seatCompensation[2]', min: 0, max: 4 },
        ],
        target: { metric: 'seatWinGap', minimize: true },
      },
      'x.json',
      'x',
    );
    expect(t.kind).toBe('minimize');
    expect(t.parts.map((p) => p.metric)).toEqual(['seat0.wins', 'seat1.wins', 'seat2.wins']);
    expect(t.parts.every((p) => Math.abs(p.around - 1 / 3) < 1e-12)).toBe(true);
  });

  it('rejects bad input, naming the file and what is wrong', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { parameter: { name: 'farmerPointPerCity', min: 0, max: 10 } },
        /x\.json: parameter: unknown rule "farmerPointPerCity"; did you mean "farmerPointsPerCity"\?; the rules of this game: /,
      ],
      [
        { parameter: { name: 'farmerPointsPerCity', min: 5, max: 5 } },
        /empty range: "min" \(5\) must be below "max" \(5\)/,
      ],
      [{ parameter: { name: 'farmerPointsPerCity', min: 8, max: 2 } }, /empty range/],
      [
        { parameter: { name: 'farmerPointsPerCity', min: 0, max: 11 } },
        /range \[0, 11\] leaves the domain of rule "farmerPointsPerCity": 0 to 10/,
      ],
      [
        { parameter: { name: 'farmerPointsPerCity', min: 0, max: 9.5, integer: false } },
        /takes whole numbers: "integer" must be true/,
      ],
      [{ parameter: { name: 'farmers', min: 0, max: 1 } }, /rule "farmers" takes one of "on", "off", not a number/],
      [
        { parameter: { name: 'seatCompensation', min: 0, max: 5 } },
        /rule "seatCompensation" is a list: name one entry, e\.g\. "seatCompensation\[1\]"/,
      ],
      [{ parameter: { name: 'seatCompensation[2]', min: 0, max: 5 } }, /entry 2 is past the last seat \(2 players\)/],
      [
        { parameter: { name: 'farmerPointsPerCity', min: 0, max: 5 }, rules: { farmerPointsPerCity: 2 } },
        /both fixed in "rules" and tuned/,
      ],
      [
        { target: { metric: 'score.feild', equals: 4 } },
        /target: unknown metric "score\.feild"; did you mean "score\.field"\?/,
      ],
      [{ target: { metric: 'seat0.wins', equals: 1.5 } }, /a win share lies in \[0, 1\], got 1\.5/],
      [
        { target: { metric: 'margin', equals: 1, minimize: true } },
        /give either "equals" \(a value\) or "minimize": true/,
      ],
      [{ target: { metric: 'seatWinGap', equals: 0 } }, /seatWinGap is minimized/],
      [
        { parameter: undefined, parameters: [ok.parameter, { name: 'cityPointsPerTile', min: 1, max: 3 }] },
        /"equals" tunes one parameter/,
      ],
      [{ parameters: [ok.parameter] }, /give either "parameter" or "parameters"/],
      [{ precision: 0 }, /"precision" must be a number > 0/],
      [{ budget: { games: 10 } }, /budget: "games" \(10\) must allow at least 3 candidates' first 200 deals/],
      [{ budget: { maxDeals: 50 } }, /budget: "maxDeals" must be a whole number from 200/],
      [{ colour: 'red' }, /x\.json: unknown key "colour"/],
      [{ players: 9 }, /"players" must be a whole number from 2 to 6/],
      [{ agents: 'grandmaster' }, /grandmaster/],
      [{ expansions: ['dragons'] }, /unknown expansion "dragons"/],
    ];
    for (const [changes, message] of cases) {
      expect(resolve(changes), JSON.stringify(changes)).toThrow(InputError);
      expect(resolve(changes), JSON.stringify(changes)).toThrow(message);
    }
  });

  it('caps the racing grid', () => {
    const wide = {
      ...ok,
      parameter: undefined,
      parameters: [
        { name: 'cityPointsPerTile', min: 0, max: 10 },
        { name: 'roadPointsPerTile', min: 0, max: 10 },
      ],
      target: { metric: 'margin', minimize: true },
    };
    expect(() => resolveTuning(wide, 'x.json', 'x')).toThrow(/the grid holds 121 candidates; at most 64/);
  });
});
