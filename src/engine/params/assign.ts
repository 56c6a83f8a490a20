/**
 * Setting parameters: the one `key=value,key=value` parser (`--rules`, agent specs, the mechanics
 * study's arms), the check of written values (experiment files, plans, a game's rules), the typed
 * view a reader gets, and the canonical text of a set of values. Every bad input is an `InputError`
 * naming where it is, with the nearest known key or the values allowed.
 */
import { InputError, nearestWord } from '../errors.ts';
import type { InputErrorCode } from '../errors.ts';
import { checkParamValue, defsIn, domainText, parseParamText, valueText, writtenValue } from './declare.ts';
import type { ParamDef, ParamDefs, ParamsOf, ParamValue, ParamValues, TypedValue } from './declare.ts';

/** Where values are set, for messages. */
export interface AssignContext {
  /** The start of every message, e.g. `--rules` or `exp.ts: arms[0] "a": agent mcts`. */
  readonly where: string;
  readonly code: InputErrorCode;
  /** What one key is called: `rule`, `parameter`. */
  readonly noun: string;
  /** Introduces the known keys after an unknown one, e.g. `known parameters of mcts`. */
  readonly known: string;
  /** List the known keys with their domains and defaults (a few keys) rather than by name. */
  readonly withDomains?: boolean;
  /** Keys the caller reads itself (an agent's `forbid`), each with the domain the messages show. */
  readonly extra?: Readonly<Record<string, string>>;
}

/** Values set by a `key=value` text: the declared ones typed, the caller's own keys as text, in the order given. */
export interface Assignments {
  readonly values: Readonly<Record<string, TypedValue>>;
  readonly extra: Readonly<Record<string, string>>;
}

const fail = (context: AssignContext, message: string): never => {
  throw new InputError(context.code, `${context.where}: ${message}`);
};

/** `name (a whole number from 0 to 10, default 3)`. */
const domainEntry = (def: ParamDef) => `${def.name} (${domainText(def)}, default ${valueText(def.default)})`;

/** The input error for an unknown key: the nearest known key, then the known keys. */
export function unknownKey(defs: readonly ParamDef[], key: string, context: AssignContext): never {
  const extra = Object.entries(context.extra ?? {});
  const names = [...defs.map((d) => d.name), ...extra.map(([name]) => name)];
  const near = nearestWord(key, names);
  const listed = context.withDomains
    ? [...defs.map(domainEntry), ...extra.map(([name, domain]) => `${name} (${domain})`)].join('; ')
    : [...names].sort().join(', ');
  return fail(
    context,
    `unknown ${context.noun} ${JSON.stringify(key)}${near ? `; did you mean ${JSON.stringify(near)}?` : ''}; ${context.known}: ${listed}`,
  );
}

/**
 * Parses `key=value,key=value` against `defs`. A part without `=` continues the value of a list
 * parameter before it (`seatCompensation=0,5`). Unknown or repeated keys, a key without a value and a
 * value outside its domain are input errors.
 * @example parseAssignments([intParam('meeples', 7, 1, 30, '…')], 'meeples=5', context) // { values: { meeples: 5 }, extra: {} }
 */
export function parseAssignments(defs: ParamDefs, text: string, context: AssignContext): Assignments {
  const list = defsIn(defs);
  const texts = new Map<string, string>();
  let last: ParamDef | undefined;
  for (const part of text.trim() === '' ? [] : text.split(',')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (eq < 0 && last?.kind === 'list' && key !== '') {
      texts.set(last.name, `${texts.get(last.name)},${key}`);
      continue;
    }
    const def = list.find((d) => d.name === key);
    const extra = context.extra && Object.hasOwn(context.extra, key) ? context.extra[key] : undefined;
    if (eq < 0 && (def || extra))
      fail(
        context,
        `${context.noun} ${JSON.stringify(key)} needs a value (${key}=…): ${def ? domainText(def) : extra}`,
      );
    if (eq < 0 || key === '') fail(context, `${JSON.stringify(part)} is not name=value`);
    if (!def && extra === undefined) unknownKey(list, key, context);
    if (texts.has(key)) fail(context, `${context.noun} ${JSON.stringify(key)} is given twice`);
    texts.set(key, part.slice(eq + 1).trim());
    last = def;
  }
  const values: Record<string, TypedValue> = {};
  const extra: Record<string, string> = {};
  for (const [key, raw] of texts) {
    const def = list.find((d) => d.name === key);
    if (!def) {
      extra[key] = raw;
      continue;
    }
    const value = parseParamText(def, raw);
    if (value === undefined)
      fail(context, `${context.noun} ${JSON.stringify(key)} must be ${domainText(def)}, got ${JSON.stringify(raw)}`);
    else values[key] = value;
  }
  return { values, extra };
}

/** A game's rules or a plan's parameters: every declared value (defaults filled in) and those given, as written. */
export interface Resolved {
  readonly values: ParamValues;
  readonly explicit: ParamValues;
}

/**
 * Checks written values (a JSON object of an experiment file, a plan) against `defs`: unknown names
 * and values outside their domains are input errors; missing ones take their defaults.
 */
export function resolveParams(
  defs: ParamDefs,
  given: Readonly<Record<string, unknown>>,
  context: AssignContext,
): Resolved {
  const list = defsIn(defs);
  const values: Record<string, ParamValue> = {};
  const explicit: Record<string, ParamValue> = {};
  for (const def of list) values[def.name] = writtenValue(def.default);
  for (const [name, value] of Object.entries(given)) {
    const def = list.find((d) => d.name === name);
    if (!def) return unknownKey(list, name, context);
    const typed = checkParamValue(def, value);
    if (typed === undefined || !isParamValue(value))
      return fail(
        context,
        `${context.noun} ${JSON.stringify(name)} must be ${domainText(def)}, got ${JSON.stringify(value)}`,
      );
    values[name] = writtenValue(typed);
    explicit[name] = value;
  }
  return { values, explicit };
}

const isParamValue = (value: unknown): value is ParamValue =>
  typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';

/** Every declared value typed: the given ones, the defaults for the rest. */
export function withDefaults(defs: ParamDefs, given: Readonly<Record<string, TypedValue>>): Record<string, TypedValue> {
  return Object.fromEntries(defsIn(defs).map((def) => [def.name, given[def.name] ?? def.default]));
}

/**
 * The typed values of `defs` in checked written values (a game's rules, a resolved agent spec). Build
 * it once (a rule module's setup, an agent's creation), not per move.
 */
export function paramsOf<const D extends ParamDefs>(defs: D, values: ParamValues): ParamsOf<D> {
  const typed: Record<string, TypedValue> = {};
  for (const def of defsIn(defs)) {
    const value = checkParamValue(def, values[def.name]);
    if (value === undefined)
      throw new Error(`parameter ${def.name} was not resolved: ${JSON.stringify(values[def.name])}`);
    typed[def.name] = value;
  }
  // Each declared name holds a value of its declaration's type, checked above: the one cast of the system.
  return typed as ParamsOf<D>;
}

/** Typed values as written, by name. */
export const writtenValues = (values: Readonly<Record<string, TypedValue>>): ParamValues =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, writtenValue(value)]));

/** The canonical `key=value,…` text: every declared parameter, in declaration order. */
export const assignmentsText = (defs: ParamDefs, values: Readonly<Record<string, TypedValue>>): string =>
  defsIn(defs)
    .map((def) => `${def.name}=${valueText(values[def.name] ?? def.default)}`)
    .join(',');
