/**
 * The parameter system (src/engine/params): declarations with their domains, the one `key=value`
 * parser, written values of files and plans, the typed view, and the knobs a search over several
 * rules needs (domains, their values, one list entry set).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  assignmentsText,
  boolParam,
  domainOf,
  domainValues,
  enumParam,
  intListParam,
  intParam,
  knobOf,
  paramsOf,
  parseAssignments,
  realParam,
  resolveParams,
  setKnob,
  withDefaults,
  writtenValues,
} from '../../src/engine/index.ts';
import { SEG_FIELD } from '../../src/engine/catalog/index.ts';
import type { AssignContext } from '../../src/engine/index.ts';
import { newGame } from '../../src/expansions/index.ts';
import { inputError } from '../util.ts';

const PARAMS = [
  intParam('budget', 100, 0, 1000, 'a whole number'),
  realParam('c', 0.5, 0, 10, 'a number', 0.5),
  enumParam('mode', ['fast', 'slow'], 'fast', 'an enumeration'),
  boolParam('clock', false, 'true or false'),
  intListParam('seats', [0], 0, 9, 'one per seat'),
] as const;

const context: AssignContext = { where: 'here', code: 'usage', noun: 'parameter', known: 'known parameters' };
const parse = (text: string, more: Partial<AssignContext> = {}) =>
  parseAssignments(PARAMS, text, { ...context, ...more }).values;
const message = (call: () => unknown) => inputError(call).message;

describe('parameter declarations', () => {
  it('give the typed values their types, derived from the declarations', () => {
    const values = paramsOf(PARAMS, { budget: 7, c: 1.5, mode: 'slow', clock: true, seats: '0,3' });
    expectTypeOf(values).toEqualTypeOf<{
      readonly budget: number;
      readonly c: number;
      readonly mode: 'fast' | 'slow';
      readonly clock: boolean;
      readonly seats: readonly number[];
    }>();
    expect(values).toEqual({ budget: 7, c: 1.5, mode: 'slow', clock: true, seats: [0, 3] });
  });
  it('an object of declarations (a rule module) types its values by the declared names', () => {
    const RULES = { points: intParam('cityPoints', 2, 0, 10, 'points per tile') };
    expectTypeOf(paramsOf(RULES, { cityPoints: 3 })).toEqualTypeOf<{ readonly cityPoints: number }>();
  });
  it('a value missing from checked values is a programmer error, not an input error', () => {
    expect(() => paramsOf(PARAMS, { budget: 7 })).toThrow(/parameter c was not resolved/);
  });
});

describe('key=value parsing', () => {
  it('types each value by its declaration; a part without "=" continues a list', () => {
    expect(parse(' budget=7, c=2.25 ,mode=slow,clock=true,seats=0,5,3')).toEqual({
      budget: 7,
      c: 2.25,
      mode: 'slow',
      clock: true,
      seats: [0, 5, 3],
    });
    expect(parse('')).toEqual({});
    expect(parse('c=1e-3,seats=4')).toEqual({ c: 0.001, seats: [4] });
  });
  it('hands the keys the caller reads itself over as text', () => {
    const parsed = parseAssignments(PARAMS, 'budget=1,forbid=a+b', { ...context, extra: { forbid: 'names, a+b' } });
    expect(parsed).toEqual({ values: { budget: 1 }, extra: { forbid: 'a+b' } });
  });
  it('an unknown key names the nearest known key, then the known keys', () => {
    expect(message(() => parse('bugdet=3'))).toBe(
      'here: unknown parameter "bugdet"; did you mean "budget"?; known parameters: budget, c, clock, mode, seats',
    );
    expect(message(() => parse('toString=1', { extra: { forbid: 'names' } }))).toMatch(/unknown parameter "toString"/);
    expect(message(() => parse('zzz=3', { withDomains: true }))).toBe(
      'here: unknown parameter "zzz"; known parameters: budget (a whole number from 0 to 1000, default 100); c (a number from 0 to 10, default 0.5); mode (one of "fast", "slow", default fast); clock (true or false, default false); seats (a comma-separated list of whole numbers from 0 to 9 (e.g. "0,1,2"), default 0)',
    );
  });
  it('a value outside its domain names the key and what is allowed', () => {
    const cases: [string, string][] = [
      ['budget=1.5', 'parameter "budget" must be a whole number from 0 to 1000, got "1.5"'],
      ['budget=1001', 'parameter "budget" must be a whole number from 0 to 1000, got "1001"'],
      ['c=-1', 'parameter "c" must be a number from 0 to 10, got "-1"'],
      ['c=0x1', 'parameter "c" must be a number from 0 to 10, got "0x1"'],
      ['mode=medium', 'parameter "mode" must be one of "fast", "slow", got "medium"'],
      ['clock=yes', 'parameter "clock" must be true or false, got "yes"'],
      [
        'seats=0,10',
        'parameter "seats" must be a comma-separated list of whole numbers from 0 to 9 (e.g. "0,1,2"), got "0,10"',
      ],
      ['budget=', 'parameter "budget" must be a whole number from 0 to 1000, got ""'],
    ];
    for (const [text, expected] of cases) expect(message(() => parse(text))).toBe(`here: ${expected}`);
  });
  it('a repeated key, a key without a value and a part that is no assignment are bad input', () => {
    expect(message(() => parse('budget=1,budget=2'))).toBe('here: parameter "budget" is given twice');
    expect(message(() => parse('mode'))).toBe('here: parameter "mode" needs a value (mode=…): one of "fast", "slow"');
    expect(message(() => parse('5,budget=1'))).toBe('here: "5" is not name=value');
    expect(message(() => parse('budget=1,'))).toBe('here: "" is not name=value');
    expect(inputError(() => parse('mode')).code).toBe('usage');
  });
  it('the canonical text lists every parameter in declaration order and parses back to the same values', () => {
    const values = withDefaults(PARAMS, parse('seats=1,2,mode=slow'));
    const text = assignmentsText(PARAMS, values);
    expect(text).toBe('budget=100,c=0.5,mode=slow,clock=false,seats=1,2');
    expect(withDefaults(PARAMS, parse(text))).toEqual(values);
    expect(writtenValues(values)).toEqual({ budget: 100, c: 0.5, mode: 'slow', clock: false, seats: '1,2' });
  });
});

describe('written values (experiment files, plans)', () => {
  const resolve = (given: Record<string, unknown>) => resolveParams(PARAMS, given, { ...context, code: 'rules' });
  it('fill in the defaults and keep the given values as given', () => {
    expect(resolve({ seats: '0, 3', budget: 5 })).toEqual({
      values: { budget: 5, c: 0.5, mode: 'fast', clock: false, seats: '0,3' },
      explicit: { seats: '0, 3', budget: 5 },
    });
    expect(resolve({ seats: 4 }).values.seats).toBe('4');
  });
  it('are checked by their JSON type as well as their domain', () => {
    expect(message(() => resolve({ budget: '5' }))).toBe(
      'here: parameter "budget" must be a whole number from 0 to 1000, got "5"',
    );
    expect(message(() => resolve({ clock: 'true' }))).toMatch(/"clock" must be true or false, got "true"/);
    expect(message(() => resolve({ seats: [1, 2] }))).toMatch(/"seats" must be a comma-separated list/);
    expect(inputError(() => resolve({ budgit: 1 })).code).toBe('rules');
  });
});

describe('knobs for a search over several parameters', () => {
  it('name a parameter or one entry of a list, with the domain a search enumerates', () => {
    expect(knobOf(PARAMS, 'budget', context)).toMatchObject({
      entry: null,
      domain: { kind: 'int', min: 0, max: 1000 },
    });
    expect(knobOf(PARAMS, 'seats[2]', context)).toMatchObject({
      name: 'seats[2]',
      entry: 2,
      domain: { kind: 'int', min: 0, max: 9 },
    });
    expect(knobOf(PARAMS, 'mode', context).domain).toEqual({ kind: 'enum', values: ['fast', 'slow'] });
    expect(domainOf(PARAMS[1])).toEqual({ kind: 'real', min: 0, max: 10, step: 0.5 });
    expect(message(() => knobOf(PARAMS, 'seats', context))).toBe(
      'here: parameter "seats" is a list: name one entry, e.g. "seats[1]"',
    );
    expect(message(() => knobOf(PARAMS, 'budget[1]', context))).toBe(
      'here: parameter "budget" is not a list: name it without [1]',
    );
    expect(message(() => knobOf(PARAMS, 'sets[1]', context))).toMatch(
      /unknown parameter "sets"; did you mean "seats"\?/,
    );
  });
  it('enumerate each domain: whole numbers, a grid of numbers by a step, the listed values, false and true', () => {
    expect(domainValues({ kind: 'int', min: 2, max: 5 })).toEqual([2, 3, 4, 5]);
    expect(domainValues({ kind: 'real', min: 0, max: 1 }, 0.4)).toEqual([0, 0.4, 0.8, 1]);
    expect(domainValues({ kind: 'real', min: 0, max: 0.3, step: 0.1 })).toEqual([0, 0.1, 0.2, 0.3]);
    expect(domainValues({ kind: 'enum', values: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(domainValues({ kind: 'bool' })).toEqual([false, true]);
    expect(() => domainValues({ kind: 'real', min: 0, max: 1 })).toThrow(/with a step/);
  });
  it('set one list entry keeping the others (0 between the end and it), or a whole parameter', () => {
    const seat2 = knobOf(PARAMS, 'seats[2]', context);
    expect(setKnob({ seats: '4,1', budget: 3 }, seat2, 7)).toEqual({ seats: '4,1,7', budget: 3 });
    expect(setKnob({ seats: 4 }, knobOf(PARAMS, 'seats[3]', context), 7)).toEqual({ seats: '4,0,0,7' });
    expect(setKnob({ seats: '4,1,2' }, knobOf(PARAMS, 'seats[0]', context), 9)).toEqual({ seats: '9,1,2' });
    expect(setKnob({}, knobOf(PARAMS, 'mode', context), 'slow')).toEqual({ mode: 'slow' });
  });
  it("search a game's rules: an enumeration and a seat's compensation together, each point a game", () => {
    const game = newGame({ players: 3, expansions: [], rules: {} });
    const rules = { ...context, noun: 'rule', known: 'rules of this game' };
    const knobs = [knobOf(game.paramDefs, 'farmers', rules), knobOf(game.paramDefs, 'seatCompensation[2]', rules)];
    const [farmers, third] = knobs.map((k) => domainValues(k.domain));
    expect(farmers).toEqual(['on', 'off']);
    expect(third).toHaveLength(101);
    const point = knobs.reduce((values, knob, i) => setKnob(values, knob, ['off', 4][i]!), {});
    expect(point).toEqual({ farmers: 'off', seatCompensation: '0,0,4' });
    const variant = newGame({ players: 3, expansions: [], rules: point });
    const start = variant.newState();
    const farmerSpots = variant.segmentKind.filter((kind, i) => kind === SEG_FIELD && variant.meepleSpots[i] === 1);
    expect([farmerSpots.length, [0, 1, 2].map((p) => start.breakdown(p).compensation)]).toEqual([0, [0, 0, 4]]);
  });
});
