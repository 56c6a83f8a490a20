/**
 * What a search over parameters needs (`carclab tune`, a balance search over several rules at once):
 * a knob is one parameter or one entry of a list parameter (`seatCompensation[2]`); its domain is a
 * range or a set of values that can be enumerated; setting it writes the parameter's value into a set
 * of written values, a list entry keeping the list's other entries.
 */
import { InputError } from '../errors.ts';
import { unknownKey } from './assign.ts';
import type { AssignContext } from './assign.ts';
import { defsIn } from './declare.ts';
import type { ParamDef, ParamDefs, ParamValue, ParamValues } from './declare.ts';

/** The values a knob may take: whole numbers or numbers in a range (a search of the latter needs a step), a list's values, true/false. */
export type Domain =
  | { readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly kind: 'real'; readonly min: number; readonly max: number; readonly step?: number }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'bool' };

export interface Knob {
  /** As written: `meeples`, `seatCompensation[2]`. */
  readonly name: string;
  /** The parameter it sets. */
  readonly param: ParamDef;
  /** The list entry it sets, or null for the whole parameter. */
  readonly entry: number | null;
  readonly domain: Domain;
}

/** Where a knob writes: a parameter, or one entry of a list parameter. */
export interface KnobTarget {
  readonly param: { readonly name: string };
  readonly entry: number | null;
}

const LIST_ENTRY = /^([A-Za-z][A-Za-z0-9]*)\[(\d+)\]$/;

/** The domain of a parameter; of a list, the domain of one entry. */
export function domainOf(def: ParamDef): Domain {
  switch (def.kind) {
    case 'int':
    case 'list':
      return { kind: 'int', min: def.min, max: def.max };
    case 'real':
      return def.step
        ? { kind: 'real', min: def.min, max: def.max, step: def.step }
        : { kind: 'real', min: def.min, max: def.max };
    case 'enum':
      return { kind: 'enum', values: def.values };
    case 'bool':
      return { kind: 'bool' };
  }
}

/**
 * The knob `name` names among `defs`: a parameter, or `list[i]` for entry i of a list parameter.
 * An unknown name, a list without an entry or an entry of a parameter that is no list is an input error.
 */
export function knobOf(defs: ParamDefs, name: string, context: AssignContext): Knob {
  const entry = LIST_ENTRY.exec(name);
  const paramName = entry ? entry[1]! : name;
  const list = defsIn(defs);
  const param = list.find((d) => d.name === paramName) ?? unknownKey(list, paramName, context);
  const fail = (message: string): never => {
    throw new InputError(context.code, `${context.where}: ${message}`);
  };
  const quoted = `${context.noun} ${JSON.stringify(paramName)}`;
  if (param.kind === 'list' && !entry) fail(`${quoted} is a list: name one entry, e.g. "${paramName}[1]"`);
  if (entry && param.kind !== 'list') fail(`${quoted} is not a list: name it without [${entry[2]}]`);
  return { name, param, entry: entry ? Number(entry[2]) : null, domain: domainOf(param) };
}

/**
 * Every value of a domain, in order: each whole number, each listed value, false and true, or the
 * grid min, min + step, …, max of a range of numbers (`step`: the domain's own unless given; the
 * last step may be shorter).
 * @example domainValues({ kind: 'real', min: 0, max: 1 }, 0.4) // [0, 0.4, 0.8, 1]
 */
export function domainValues(domain: Domain, step?: number): ParamValue[] {
  switch (domain.kind) {
    case 'int':
      return Array.from({ length: domain.max - domain.min + 1 }, (_, i) => domain.min + i);
    case 'enum':
      return [...domain.values];
    case 'bool':
      return [false, true];
    case 'real': {
      const by = step ?? domain.step;
      if (!by || !(by > 0)) throw new Error('a range of numbers is enumerated with a step > 0');
      const count = Math.floor((domain.max - domain.min) / by + 1e-9);
      const values = Array.from({ length: count + 1 }, (_, i) => Number((domain.min + i * by).toPrecision(12)));
      return values[values.length - 1] === domain.max ? values : [...values, domain.max];
    }
  }
}

/**
 * `values` with the knob set to `value`. A list entry keeps the list's other entries; entries between
 * the list's end and it are 0.
 * @example setKnob({ seatCompensation: '0,1' }, { param: { name: 'seatCompensation' }, entry: 3 }, 5) // { seatCompensation: '0,1,0,5' }
 */
export function setKnob(values: ParamValues, knob: KnobTarget, value: ParamValue): Record<string, ParamValue> {
  const name = knob.param.name;
  if (knob.entry === null) return { ...values, [name]: value };
  const written = values[name];
  const entries = written === undefined ? [] : String(written).split(',').map(Number);
  while (entries.length <= knob.entry) entries.push(0);
  entries[knob.entry] = Number(value);
  return { ...values, [name]: entries.join(',') };
}
