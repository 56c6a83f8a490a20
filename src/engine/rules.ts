/**
 * Typed rule parameters. Every value and every ruling with another reading is a parameter with its
 * official default and a declared domain, so experiments can sweep it and manifests can list what was
 * set explicitly. Rules code reads resolved values; it never hard-codes point values.
 */
import { InputError, nearestWord } from './errors.ts';

export type ParamValue = string | number;

export interface ParamDef<V extends ParamValue = ParamValue, N extends string = string> {
  readonly name: N;
  readonly description: string;
  readonly default: V;
  /** Allowed values of an enumerated parameter. */
  readonly values?: readonly V[];
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  /** A comma-separated list of numbers within min..max (e.g. one per seat), kept as a string such as "0,3". */
  readonly list?: boolean;
}

export function enumParam<const V extends string, const N extends string>(
  name: N,
  values: readonly V[],
  defaultValue: V,
  description: string,
): ParamDef<V, N> {
  return { name, values, default: defaultValue, description };
}

export function intParam<const N extends string>(
  name: N,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): ParamDef<number, N> {
  return { name, default: defaultValue, min, max, integer: true, description };
}

/** A list of whole numbers from min to max, written "0,1,2,3"; a single number is a one-entry list. */
export function intListParam<const N extends string>(
  name: N,
  defaultValue: string,
  min: number,
  max: number,
  description: string,
): ParamDef<string, N> {
  return { name, default: defaultValue, min, max, integer: true, list: true, description };
}

/** The entries of a list parameter's (checked) value. */
export function parseListParam(value: ParamValue): number[] {
  return String(value)
    .split(',')
    .map((entry) => (entry.trim() === '' ? NaN : Number(entry)));
}

export type Rules = Readonly<Record<string, ParamValue>>;

/** The resolved values of a set of parameter definitions, typed from the definitions: `{ meeples: number, farmers: 'on' | 'off', … }`. */
export type RulesOf<Defs extends Readonly<Record<string, ParamDef>>> = {
  readonly [K in keyof Defs as Defs[K]['name']]: Defs[K] extends ParamDef<infer V> ? V : never;
};

/**
 * The rules the engine's mechanics read, declared by the base game's rule module (expansion zero):
 * meeples per player, whether fields take meeples, and the points each seat starts with.
 */
export interface MechanicsRules {
  readonly meeples: number;
  readonly farmers: 'on' | 'off';
  readonly seatCompensation: string;
}

/**
 * The values of `defs` in resolved rules, typed (e.g. an expansion reading its own parameters). The
 * rules were checked against every definition when they were resolved, so the view is exact.
 */
export function rulesOf<const Defs extends Readonly<Record<string, ParamDef>>>(
  defs: Defs,
  rules: Rules,
): RulesOf<Defs> {
  for (const def of Object.values(defs)) if (!(def.name in rules)) throw new Error(`rule ${def.name} was not resolved`);
  return rules as unknown as RulesOf<Defs>;
}

/** Checks one value against its definition; the message names the parameter and the allowed values. */
export function checkParam(def: ParamDef, value: unknown, where: string): ParamValue {
  if (def.values) {
    if (!def.values.includes(value as ParamValue)) {
      throw new InputError(
        'rules',
        `${where}: rule "${def.name}" must be one of ${def.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`,
      );
    }
    return value as ParamValue;
  }
  if (def.list) return checkListParam(def, value, where);
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (def.integer && !Number.isInteger(value)) ||
    (def.min !== undefined && value < def.min) ||
    (def.max !== undefined && value > def.max)
  ) {
    throw new InputError(
      'rules',
      `${where}: rule "${def.name}" must be ${def.integer ? 'a whole number' : 'a number'} from ${def.min} to ${def.max}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function checkListParam(def: ParamDef, value: unknown, where: string): string {
  const entries =
    typeof value === 'number'
      ? [value]
      : typeof value === 'string' && value.trim() !== ''
        ? parseListParam(value)
        : [NaN];
  if (
    entries.some(
      (x) =>
        !Number.isFinite(x) ||
        (def.integer && !Number.isInteger(x)) ||
        x < (def.min ?? -Infinity) ||
        x > (def.max ?? Infinity),
    )
  ) {
    throw new InputError(
      'rules',
      `${where}: rule "${def.name}" must be a comma-separated list of ${def.integer ? 'whole numbers' : 'numbers'} from ${def.min} to ${def.max} (e.g. "0,1,2"), got ${JSON.stringify(value)}`,
    );
  }
  return entries.join(',');
}

/**
 * Resolves user-given rules against the known definitions: unknown names are errors that list the
 * known ones; missing ones take their defaults.
 */
export function resolveRules(
  defs: readonly ParamDef[],
  given: Readonly<Record<string, unknown>>,
  where: string,
): Rules {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const out: Record<string, ParamValue> = {};
  for (const def of defs) out[def.name] = def.default;
  for (const [name, value] of Object.entries(given)) {
    const def = byName.get(name);
    if (!def) {
      const known = [...byName.keys()].sort();
      const near = nearestWord(name, known);
      throw new InputError(
        'rules',
        `${where}: unknown rule "${name}"${near ? `; did you mean "${near}"?` : ''}; known rules for this expansion mix: ${known.join(', ')}`,
      );
    }
    out[name] = checkParam(def, value, where);
  }
  return out;
}
