/**
 * Tuning definitions (`experiments/tunings/*.json|ts`, `defineTuning`): the game (players, agents,
 * expansions, fixed rules, seat rotation), one or more rule parameters with ranges, a target on a
 * measured metric (`equals` a value, or `minimize` its distance from a value) and a precision.
 * `resolveTuning` checks everything before any game runs (unknown keys, parameters that are not
 * numeric rules of the game, empty ranges or ranges past the rule's domain, unknown metrics, targets
 * outside the metric's possible values) and `candidatePlan` turns a parameter point into the
 * one-arm plan of that candidate, so every candidate plays the same deals.
 *
 * A parameter `name[i]` sets entry i of a list rule (e.g. `seatCompensation[1]`: the points of the
 * second seat), the other entries taken from `rules` (or 0).
 */
import {
  InputError,
  domainText,
  domainValues,
  knobOf,
  rejectUnknownKeys,
  setKnob,
  suggestion,
} from '../engine/index.ts';
import type { Game, ParamValue } from '../engine/index.ts';
import { resolveExperiment } from '../sim/experiment.ts';
import { buildArmGame, gamesPerDeal, isRotation, ROTATIONS } from '../sim/plan.ts';
import type { Plan, Rotation } from '../sim/plan.ts';
import { metricNamesOf } from './metric.ts';

export interface TuningParameter {
  /** A numeric rule, or `list[i]` for entry i of a list rule. */
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Default: the rule's own (whole numbers for every rule today). */
  readonly integer?: boolean;
  /** Real parameters: the resolution of the answer (`equals`) or the grid step (`minimize`). */
  readonly step?: number;
}

export type TuningTarget =
  | { readonly metric: string; readonly equals: number }
  /** Minimize |metric − around| (around default 0); `seatWinGap` minimizes the largest |seat win share − 1/players|. */
  | { readonly metric: string; readonly minimize: true; readonly around?: number };

export interface TuningDefinition {
  readonly name?: string;
  readonly description?: string;
  readonly seed: string | number;
  readonly players: number;
  readonly agents?: string | readonly string[];
  readonly expansions?: readonly string[];
  readonly rules?: Readonly<Record<string, ParamValue>>;
  readonly rotation?: Rotation;
  readonly parameter?: TuningParameter;
  readonly parameters?: readonly TuningParameter[];
  readonly target: TuningTarget;
  /** Half-width of the reported 95 % interval of the target metric (of the loss for `minimize`). */
  readonly precision: number;
  readonly budget?: { readonly games?: number; readonly firstDeals?: number; readonly maxDeals?: number };
}

/** Types a tuning definition; the checking happens when it is loaded. */
export function defineTuning<const T extends TuningDefinition>(definition: T): T {
  return definition;
}

export interface ResolvedParameter {
  name: string;
  /** The rule it sets and, for `list[i]`, the entry. */
  rule: string;
  entry: number | null;
  min: number;
  max: number;
  integer: boolean;
  step: number | null;
}

export interface Tuning {
  name: string;
  description: string;
  seed: string;
  players: number;
  agents: string | string[];
  expansions: string[];
  rules: Record<string, ParamValue>;
  rotation: Rotation;
  parameters: ResolvedParameter[];
  kind: 'equals' | 'minimize';
  metric: string;
  /** `equals`: the target value; `minimize`: the value the distance is measured from. */
  value: number;
  /** The metrics the target reads and, per metric, the value its distance is measured from. */
  parts: { metric: string; around: number }[];
  precision: number;
  budget: { games: number; firstDeals: number; maxDeals: number };
  gamesPerDeal: number;
}

export const SEAT_WIN_GAP = 'seatWinGap';
const TUNING_KEYS = [
  'name',
  'description',
  'seed',
  'players',
  'agents',
  'expansions',
  'rules',
  'rotation',
  'parameter',
  'parameters',
  'target',
  'precision',
  'budget',
];
const NAME = /^[A-Za-z0-9_.=+-]{1,64}$/;
/** Grid points a race may hold. */
export const MAX_GRID = 64;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An input error naming the file (and key) `where`. */
const failAt =
  (where: string) =>
  (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };

/** Checks a tuning definition completely; every problem is an `InputError` naming the file and the key. */
export function resolveTuning(
  raw: unknown,
  where: string,
  defaultName: string,
  overrides: { seed?: string } = {},
): Tuning {
  const fail = failAt(where);
  if (!isObject(raw)) fail('a tuning must be an object (use defineTuning({...}))');
  const def = raw as Record<string, unknown>;
  rejectUnknownKeys(def, TUNING_KEYS, 'experiment', where);
  // 1. The game: checked by resolving the plan of a candidate at the base rules.
  const base = resolveBase(def, where, defaultName, overrides);
  const game = buildArmGame(plan0(base, where).arms[0]!, where);
  // 2. Parameters: numeric rules of this game, ranges inside their domains.
  const parameters = resolveParameters(def, where, game, base.rules);
  // 3. Target, precision, budget.
  const { metric, kind, value } = resolveTarget(def.target, where, game, base, parameters);
  const precision = def.precision;
  if (typeof precision !== 'number' || !(precision > 0) || !Number.isFinite(precision))
    fail(
      `"precision" must be a number > 0 (the half-width of the target's interval), got ${JSON.stringify(precision)}`,
    );
  const budget = resolveBudget(def.budget, where);
  const perDeal = gamesPerDeal(base.rotation, base.players);
  if (budget.games < 3 * budget.firstDeals * perDeal)
    fail(
      `budget: "games" (${budget.games}) must allow at least 3 candidates' first ${budget.firstDeals} deals (${3 * budget.firstDeals * perDeal} games)`,
    );
  if (kind === 'minimize') {
    const size = parameters.reduce((n, p) => n * valuesOf(p).length, 1);
    if (size > MAX_GRID)
      fail(`the grid holds ${size} candidates; at most ${MAX_GRID}: narrow the ranges or give a larger "step"`);
  }
  const parts =
    metric === SEAT_WIN_GAP
      ? Array.from({ length: base.players }, (_, s) => ({ metric: `seat${s}.wins`, around: 1 / base.players }))
      : [{ metric, around: value }];
  const tuning: Tuning = {
    ...base,
    parameters,
    kind,
    metric,
    value,
    parts,
    precision: precision as number,
    budget,
    gamesPerDeal: perDeal,
  };
  // Both corners of the range build a game (e.g. a list rule with the entry set).
  for (const corner of [parameters.map((p) => p.min), parameters.map((p) => p.max)]) candidatePlan(tuning, corner, 1);
  return tuning;
}

/** The game of a tuning: name, seed, rotation and rules checked, the rest left to the plan's own checks. */
function resolveBase(
  def: Record<string, unknown>,
  where: string,
  defaultName: string,
  overrides: { seed?: string },
): Base {
  const fail = failAt(where);
  const name = def.name ?? defaultName;
  // The name is a directory under --out: "." or ".." would write into --out itself or its parent.
  if (typeof name !== 'string' || !NAME.test(name) || /^\.+$/.test(name))
    fail(`"name" must be 1-64 letters, digits or _ . = + - (not only dots), got ${JSON.stringify(name)}`);
  const seed = overrides.seed ?? def.seed;
  if ((typeof seed !== 'string' || seed === '') && !(typeof seed === 'number' && Number.isFinite(seed)))
    fail(`"seed" must be a non-empty string or a number, got ${JSON.stringify(seed)}`);
  const rotation = def.rotation ?? 'cycle';
  if (!isRotation(rotation)) fail(`"rotation" must be one of ${ROTATIONS.join(', ')}, got ${JSON.stringify(rotation)}`);
  const rules = def.rules ?? {};
  if (!isObject(rules)) fail('"rules" must be an object of rule parameters');
  return {
    name: name as string,
    description: typeof def.description === 'string' ? def.description : '',
    seed: String(seed),
    players: def.players as number,
    agents: (def.agents ?? 'random') as string | string[],
    expansions: (def.expansions ?? []) as string[],
    rules: { ...(rules as Record<string, ParamValue>) },
    rotation: rotation as Rotation,
  };
}

/** `parameter` or `parameters`: each resolved against the game, none listed twice. */
function resolveParameters(
  def: Record<string, unknown>,
  where: string,
  game: Game,
  rules: Record<string, ParamValue>,
): ResolvedParameter[] {
  const fail = failAt(where);
  if ((def.parameter === undefined) === (def.parameters === undefined)) fail('give either "parameter" or "parameters"');
  const rawParams = def.parameter !== undefined ? [def.parameter] : def.parameters;
  if (!Array.isArray(rawParams) || rawParams.length === 0) fail('"parameters" must be a non-empty list');
  const parameters = (rawParams as unknown[]).map((p, i) =>
    resolveParameter(p, `${where}: ${def.parameter !== undefined ? 'parameter' : `parameters[${i}]`}`, game, rules),
  );
  const names = parameters.map((p) => p.name);
  if (new Set(names).size < names.length) fail('a parameter is listed twice');
  return parameters;
}

/** The target: a known metric, `equals` a value (one parameter) or `minimize` its distance from one. */
function resolveTarget(
  target: unknown,
  where: string,
  game: Game,
  base: Base,
  parameters: readonly ResolvedParameter[],
): Pick<Tuning, 'metric' | 'kind' | 'value'> {
  const fail = failAt(where);
  if (!isObject(target)) fail('"target" must be { metric, equals } or { metric, minimize: true, around? }');
  const t = target as Record<string, unknown>;
  rejectUnknownKeys(t, ['metric', 'equals', 'minimize', 'around'], 'experiment', `${where}: target`);
  const known = [...metricNamesOf(game, base.rotation), SEAT_WIN_GAP];
  if (typeof t.metric !== 'string' || !known.includes(t.metric))
    fail(`target: unknown metric ${JSON.stringify(t.metric)}${suggestion(String(t.metric), known)}`);
  const metric = t.metric as string;
  const kind = t.equals !== undefined ? 'equals' : 'minimize';
  if ((t.equals === undefined) === (t.minimize === undefined))
    fail('target: give either "equals" (a value) or "minimize": true');
  if (kind === 'minimize' && t.minimize !== true)
    fail(`target: "minimize" must be true, got ${JSON.stringify(t.minimize)}`);
  const value = (kind === 'equals' ? t.equals : (t.around ?? 0)) as number;
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail(`target: "${kind === 'equals' ? 'equals' : 'around'}" must be a number, got ${JSON.stringify(value)}`);
  if (kind === 'equals' && t.around !== undefined) fail('target: "around" goes with "minimize"');
  if (metric === SEAT_WIN_GAP && (kind === 'equals' || t.around !== undefined))
    fail(`target: ${SEAT_WIN_GAP} is minimized towards every seat winning 1/players; give only "minimize": true`);
  if (kind === 'equals' && parameters.length > 1)
    fail('target: "equals" tunes one parameter (several values could reach it); use "minimize" for several');
  if (/^seat\d+\.wins$/.test(metric) && (value < 0 || value > 1))
    fail(`target: a win share lies in [0, 1], got ${value}`);
  return { metric, kind, value };
}

function resolveParameter(
  raw: unknown,
  where: string,
  game: Game,
  rules: Record<string, ParamValue>,
): ResolvedParameter {
  const fail = failAt(where);
  if (!isObject(raw)) return fail('must be { name, min, max, integer?, step? }');
  rejectUnknownKeys(raw, ['name', 'min', 'max', 'integer', 'step'], 'experiment', where);
  const { name, min, max, integer = null, step = null } = raw;
  if (typeof name !== 'string') return fail('"name" must be a rule name (or list[i] for an entry of a list rule)');
  const context = { where, code: 'experiment' as const, noun: 'rule', known: 'the rules of this game' };
  const { param, entry, domain } = knobOf(game.paramDefs, name, context);
  const rule = JSON.stringify(param.name);
  if (domain.kind === 'enum' || domain.kind === 'bool')
    return fail(`rule ${rule} takes ${domainText(param)}, not a number: tune a numeric rule`);
  if (entry !== null && entry >= game.players)
    fail(`${name}: entry ${entry} is past the last seat (${game.players} players)`);
  if (entry === null && param.name in rules) fail(`rule ${rule} is both fixed in "rules" and tuned`);
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max))
    return fail(`"min" and "max" must be numbers, got ${JSON.stringify(min)} and ${JSON.stringify(max)}`);
  if (min >= max) fail(`empty range: "min" (${min}) must be below "max" (${max})`);
  const whole = integer ?? domain.kind === 'int';
  if (typeof whole !== 'boolean') return fail('"integer" must be true or false');
  if (domain.kind === 'int' && !whole) fail(`rule ${rule} takes whole numbers: "integer" must be true`);
  if (whole && (!Number.isInteger(min) || !Number.isInteger(max)))
    fail(`"min" and "max" of a whole-number parameter must be whole numbers, got ${min} and ${max}`);
  if (min < domain.min || max > domain.max)
    fail(`range [${min}, ${max}] leaves the domain of rule ${rule}: ${domain.min} to ${domain.max}`);
  if (step !== null && (typeof step !== 'number' || !(step > 0) || !Number.isFinite(step)))
    return fail(`"step" must be a number > 0, got ${JSON.stringify(step)}`);
  if (whole && step !== null) fail('"step" is for real parameters; a whole-number parameter tries every value');
  return { name, rule: param.name, entry, min, max, integer: whole, step: whole ? null : (step ?? (max - min) / 32) };
}

function resolveBudget(raw: unknown, where: string): Tuning['budget'] {
  if (raw !== undefined && !isObject(raw))
    throw new InputError('experiment', `${where}: "budget" must be { games?, firstDeals?, maxDeals? }`);
  const b = (raw ?? {}) as Record<string, unknown>;
  rejectUnknownKeys(b, ['games', 'firstDeals', 'maxDeals'], 'experiment', `${where}: budget`);
  const int = (key: string, fallback: number, min: number) => {
    const v = b[key] ?? fallback;
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > 1e9)
      throw new InputError(
        'experiment',
        `${where}: budget: "${key}" must be a whole number from ${min} to 1e9, got ${JSON.stringify(v)}`,
      );
    return v as number;
  };
  const firstDeals = int('firstDeals', 200, 10);
  const maxDeals = int('maxDeals', 12_800, firstDeals);
  return { games: int('games', 200_000, 1), firstDeals, maxDeals };
}

/** The candidate values of a parameter: every whole number, or the grid min, min + step, …, max. */
export const valuesOf = (p: ResolvedParameter): number[] =>
  domainValues({ kind: p.integer ? 'int' : 'real', min: p.min, max: p.max }, p.step ?? undefined).map(Number);

/** The rules of a candidate: the fixed rules with each parameter's value set. */
export function candidateRules(
  tuning: Pick<Tuning, 'rules' | 'parameters' | 'players'>,
  point: readonly number[],
): Record<string, ParamValue> {
  return tuning.parameters.reduce(
    (rules, p, i) => setKnob(rules, { param: { name: p.rule }, entry: p.entry }, point[i]!),
    tuning.rules,
  );
}

/** A readable label of a point, e.g. `seatCompensation.1=3`. */
export function pointLabel(tuning: Pick<Tuning, 'parameters'>, point: readonly number[]): string {
  return tuning.parameters.map((p, i) => `${p.entry === null ? p.name : `${p.rule}.${p.entry}`}=${point[i]}`).join('+');
}

type Base = Pick<Tuning, 'name' | 'description' | 'seed' | 'players' | 'agents' | 'expansions' | 'rules' | 'rotation'>;

function plan0(
  base: Base,
  where: string,
  rules = base.rules,
  experiment = base.name,
  seed = base.seed,
  deals = 1,
): Plan {
  return resolveExperiment(
    {
      name: experiment,
      description: base.description,
      seed,
      deals,
      rotation: base.rotation,
      columns: ['score'],
      arms: [{ name: 'candidate', players: base.players, expansions: base.expansions, rules, agents: base.agents }],
    },
    {
      where,
      defaultName: base.name,
      readTileFile: () => {
        throw new InputError('experiment', `${where}: tunings take no tile files`);
      },
    },
  );
}

/**
 * The one-arm plan of a candidate on `deals` deals; `seed` defaults to the tuning's (the search's
 * deals), the confirmation run passes a fresh one.
 */
export function candidatePlan(tuning: Tuning, point: readonly number[], deals: number, seed = tuning.seed): Plan {
  const label = pointLabel(tuning, point);
  return plan0(
    tuning,
    `${tuning.name}: ${label}`,
    candidateRules(tuning, point),
    NAME.test(label) ? label : 'candidate',
    seed,
    deals,
  );
}
