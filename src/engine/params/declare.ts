/**
 * Parameter declarations: the one way a rule module (`Expansion.params`) and an agent
 * (`AgentDefinition.params`) say what a user may set. A declaration has a name, a domain (a whole
 * number or a number within bounds, one of a list, true/false, or a list of whole numbers), a default
 * and a description (docs/parameters.md).
 *
 * A value has two forms. Written (`ParamValue`: number, text or true/false): what experiment files,
 * plans, manifests and agent specs hold, a list as text such as "0,3". Typed (`ParamsOf`): what the
 * rule module or agent reads, a list as numbers, an enumeration as its union type. The type of the
 * typed values is derived from the declarations, so readers need no casts.
 */

/** A parameter's value as written in experiment files, plans, manifests and specs. */
export type ParamValue = number | string | boolean;
/** Values by parameter name, as written (a game's rules, an agent spec's parameters). */
export type ParamValues = Readonly<Record<string, ParamValue>>;
/** A parameter's value as its reader sees it: a list is its numbers. */
export type TypedValue = ParamValue | readonly number[];

interface Declared<K extends string, N extends string, V> {
  readonly kind: K;
  readonly name: N;
  readonly default: V;
  readonly description: string;
}

/** A whole number from `min` to `max`. */
export interface IntParam<N extends string = string> extends Declared<'int', N, number> {
  readonly min: number;
  readonly max: number;
}

/** A number from `min` to `max`; `step`, when given, is the grid a search tries (any value between is accepted). */
export interface RealParam<N extends string = string> extends Declared<'real', N, number> {
  readonly min: number;
  readonly max: number;
  readonly step?: number;
}

/** One of `values`. */
export interface EnumParam<N extends string = string, V extends string = string> extends Declared<'enum', N, V> {
  readonly values: readonly V[];
}

export interface BoolParam<N extends string = string> extends Declared<'bool', N, boolean> {}

/** Whole numbers from `min` to `max`, written "0,1,2" (e.g. one per seat); entries past its end count as 0. */
export interface ListParam<N extends string = string> extends Declared<'list', N, readonly number[]> {
  readonly min: number;
  readonly max: number;
}

export type ParamDef = IntParam | RealParam | EnumParam | BoolParam | ListParam;

/** Declarations: a list (an agent's, in its spec's order) or an object of them (a rule module's). */
export type ParamDefs = readonly ParamDef[] | Readonly<Record<string, ParamDef>>;

type DefsIn<D extends ParamDefs> = D extends readonly ParamDef[] ? D[number] : D[keyof D];

/** The typed values of declarations, by name: `{ iterations: number, rollout: 'none' | 'greedy', … }`. */
export type ParamsOf<D extends ParamDefs> = {
  readonly [P in DefsIn<D> as P['name']]: P['default'];
};

// Declarations, one call each.
export const intParam = <const N extends string>(
  name: N,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): IntParam<N> => ({ kind: 'int', name, default: defaultValue, min, max, description });

export const realParam = <const N extends string>(
  name: N,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
  step?: number,
): RealParam<N> => ({ kind: 'real', name, default: defaultValue, min, max, description, ...(step ? { step } : {}) });

export const enumParam = <const N extends string, const V extends string>(
  name: N,
  values: readonly V[],
  defaultValue: NoInfer<V>,
  description: string,
): EnumParam<N, V> => ({ kind: 'enum', name, default: defaultValue, values, description });

export const boolParam = <const N extends string>(
  name: N,
  defaultValue: boolean,
  description: string,
): BoolParam<N> => ({ kind: 'bool', name, default: defaultValue, description });

export const intListParam = <const N extends string>(
  name: N,
  defaultValue: readonly number[],
  min: number,
  max: number,
  description: string,
): ListParam<N> => ({ kind: 'list', name, default: defaultValue, min, max, description });

/** The declarations of `defs` as a list (a rule module declares an object of them). */
export const defsIn = (defs: ParamDefs): readonly ParamDef[] => (isDefList(defs) ? defs : Object.values(defs));

const isDefList = (defs: ParamDefs): defs is readonly ParamDef[] => Array.isArray(defs);

/** What a value must be, for messages: `a whole number from 0 to 10`, `one of "on", "off"`, … */
export function domainText(def: ParamDef): string {
  switch (def.kind) {
    case 'int':
      return `a whole number from ${def.min} to ${def.max}`;
    case 'real':
      return `a number from ${def.min} to ${def.max}`;
    case 'enum':
      return `one of ${def.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'bool':
      return 'true or false';
    case 'list':
      return `a comma-separated list of whole numbers from ${def.min} to ${def.max} (e.g. "0,1,2")`;
  }
}

const INT_TEXT = /^[+-]?\d+$/;
const REAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const inRange = (x: number, def: { min: number; max: number }) => Number.isFinite(x) && x >= def.min && x <= def.max;

/** A list's entries if each is a whole number in the list's range (`"0, 3"` → [0, 3]). */
function listEntries(def: ListParam, text: string): number[] | undefined {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !INT_TEXT.test(entry))) return undefined;
  const numbers = entries.map(Number);
  return numbers.every((x) => inRange(x, def)) ? numbers : undefined;
}

/** The typed value of a `key=value` text, or undefined when it is outside the domain. */
export function parseParamText(def: ParamDef, text: string): TypedValue | undefined {
  switch (def.kind) {
    case 'int':
    case 'real': {
      if (!(def.kind === 'int' ? INT_TEXT : REAL_TEXT).test(text)) return undefined;
      const value = Number(text);
      return inRange(value, def) ? value : undefined;
    }
    case 'enum':
      return def.values.find((v) => v === text);
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'list':
      return listEntries(def, text);
  }
}

/** The typed value of a written value (a JSON value of a file, or a plan's), or undefined when it is outside the domain. */
export function checkParamValue(def: ParamDef, value: unknown): TypedValue | undefined {
  switch (def.kind) {
    case 'int':
    case 'real':
      return typeof value === 'number' && inRange(value, def) && (def.kind === 'real' || Number.isInteger(value))
        ? value
        : undefined;
    case 'enum':
      return def.values.find((v) => v === value);
    case 'bool':
      return typeof value === 'boolean' ? value : undefined;
    case 'list':
      if (typeof value === 'number') return Number.isInteger(value) && inRange(value, def) ? [value] : undefined;
      return typeof value === 'string' ? listEntries(def, value) : undefined;
  }
}

/** A value as written: a list joined by commas ("0,3"), anything else as it is. */
export const writtenValue = (value: TypedValue): ParamValue => (typeof value === 'object' ? value.join(',') : value);

/** A value as `key=value` text shows it. */
export const valueText = (value: TypedValue): string => String(writtenValue(value));
