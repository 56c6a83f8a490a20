/**
 * Balance files (`experiments/balance/*.json|ts`, `defineBalance`): the game (expansions, fixed
 * rules, designer tile files and tile counts, rotation), the player counts and skill levels played,
 * the knobs searched (`knobs.ts`), the targets (`targets.ts`) and the budget. `resolveBalance`
 * checks everything before any game runs — unknown keys, knobs and metrics, empty ranges, knobs set
 * twice, targets at a level or player count not played, conflicting or impossible targets — and
 * builds every context's game at each knob value, so a bad file is an input error naming the file
 * and the place (exit 2, nothing written).
 */
import { parseAgentSpec } from '../agents/index.ts';
import { InputError, rejectUnknownKeys } from '../engine/index.ts';
import type { Game, ParamValue, TileSource } from '../engine/index.ts';
import { buildArmGame, isRotation, ROTATIONS } from '../sim/plan.ts';
import type { Rotation } from '../sim/plan.ts';
import { contextPlan, contextsOf } from './contexts.ts';
import type { BalanceContext, GameFrame } from './contexts.ts';
import { clashingKnobs, pointSetup, resolveKnob } from './knobs.ts';
import type { BalanceKnob } from './knobs.ts';
import { resolveTarget, targetConflict } from './targets.ts';
import type { BalanceTarget } from './targets.ts';

export interface BalanceBudget {
  /** Games the search may play (the confirmation comes on top). */
  games: number;
  /** Deals of a rule set's first look, and of its last. */
  firstDeals: number;
  maxDeals: number;
  /** Rule sets measured first (a design in which every knob value appears about equally often). */
  population: number;
  /** Rounds in which the search's model proposes rule sets to measure next. */
  rounds: number;
  /** Rule sets raced at the end. */
  finalists: number;
  /** Rule sets confirmed on fresh deals (the best estimates of those the race did not reject). */
  confirm: number;
  /** Deals a confirmation may play per context. */
  confirmDeals: number;
}

export interface Balance extends GameFrame {
  description: string;
  seed: string;
  players: number[];
  levels: { name: string; spec: string }[];
  knobs: BalanceKnob[];
  targets: BalanceTarget[];
  contexts: BalanceContext[];
  budget: BalanceBudget;
  /** Rule sets in the space: the product of the knobs' value counts. */
  size: number;
}

/** A balance file as written (checked when loaded). */
export interface BalanceDefinition {
  readonly name?: string;
  readonly description?: string;
  readonly seed: string | number;
  readonly expansions?: readonly string[];
  readonly rules?: Readonly<Record<string, ParamValue>>;
  readonly tiles?: string | Readonly<Record<string, unknown>> | readonly (string | Readonly<Record<string, unknown>>)[];
  readonly tileCounts?: Readonly<Record<string, number>>;
  readonly rotation?: Rotation;
  readonly players: readonly number[];
  /** Built-in levels by name (`random`, `greedy`, `strong`), or names for agent specs. */
  readonly levels: readonly string[] | Readonly<Record<string, string>>;
  readonly knobs: readonly Readonly<Record<string, unknown>>[];
  readonly targets: readonly Readonly<Record<string, unknown>>[];
  readonly budget?: Partial<BalanceBudget>;
}

/** Types a balance definition; the checking happens when it is loaded. */
export function defineBalance<const T extends BalanceDefinition>(definition: T): T {
  return definition;
}

const KEYS = [
  'name',
  'description',
  'seed',
  'expansions',
  'rules',
  'tiles',
  'tileCounts',
  'rotation',
  'players',
  'levels',
  'knobs',
  'targets',
  'budget',
];
const BUILT_IN_LEVELS = ['random', 'greedy', 'strong'];
const NAME = /^[A-Za-z0-9_.=+-]{1,64}$/;
/** Rule sets a space may hold (the model scores all of them up to `ENUMERATED`, a sample beyond). */
export const MAX_SPACE = 1e12;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ResolveBalanceOptions {
  where: string;
  defaultName: string;
  readTileFile(path: string): TileSource;
  seed?: string;
}

/** Checks a balance definition completely; every problem is an `InputError` naming the file and the place. */
export function resolveBalance(raw: unknown, options: ResolveBalanceOptions): Balance {
  const { where } = options;
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  if (!isObject(raw)) return fail('a balance file must be an object (use defineBalance({...}))');
  rejectUnknownKeys(raw, KEYS, 'experiment', where);
  const frame = resolveFrame(raw, options);
  const seed = options.seed ?? raw.seed;
  if ((typeof seed !== 'string' || seed === '') && !(typeof seed === 'number' && Number.isFinite(seed)))
    fail(`"seed" must be a non-empty string or a number, got ${JSON.stringify(seed)}`);
  const players = raw.players;
  if (!Array.isArray(players) || players.length === 0 || !players.every((p) => Number.isInteger(p)))
    return fail('"players" must list the player counts played, e.g. [3, 4, 5]');
  if (new Set(players).size < players.length) fail('"players" lists a count twice');
  const games = new Map<number, Game>();
  const gameOf = (count: number): Game => {
    if (!games.has(count)) {
      const arm = {
        name: 'game',
        players: count,
        expansions: frame.expansions,
        rules: frame.rules,
        agents: [],
        tiles: frame.tiles,
        tileCounts: frame.tileCounts,
      };
      games.set(count, buildArmGame(arm, `${where}: ${count} players`));
    }
    return games.get(count)!;
  };
  for (const p of players) gameOf(p as number);
  const levels = resolveLevels(raw.levels, where);
  const played = { levels: levels.map((l) => l.name), players: players as number[], rotation: frame.rotation };

  if (!Array.isArray(raw.targets) || raw.targets.length === 0) fail('"targets" must be a non-empty list');
  const targets = (raw.targets as unknown[]).map((t, i) => resolveTarget(t, `${where}: targets[${i}]`, played, gameOf));
  for (const [i, a] of targets.entries())
    for (const b of targets.slice(i + 1)) {
      const conflict = targetConflict(a, b);
      if (conflict) fail(`targets: ${conflict}`);
    }
  const targetCounts = new Set(targets.map((t) => t.players));
  for (const p of players as number[])
    if (!targetCounts.has(p)) fail(`"players" lists ${p}, but no target is measured with ${p} players`);

  if (!Array.isArray(raw.knobs) || raw.knobs.length === 0) fail('"knobs" must be a non-empty list');
  const knobs = (raw.knobs as unknown[]).map((k, i) => resolveKnob(k, `${where}: knobs[${i}]`, played.players, gameOf));
  const clash = clashingKnobs(knobs);
  if (clash)
    fail(
      `knobs ${clash[0].name} and ${clash[1].name} set the same ${clash[0].tile !== null ? 'tile count' : 'rule'} in the same games`,
    );
  for (const knob of knobs) {
    if (knob.rule !== null && knob.entry === null && knob.rule in frame.rules)
      fail(`rule ${knob.rule} is both fixed in "rules" and a knob`);
    if (knob.tile !== null && knob.tile in frame.tileCounts)
      fail(`tile ${knob.tile} is both counted in "tileCounts" and a knob`);
  }
  const size = knobs.reduce((n, k) => n * k.values.length, 1);
  if (size > MAX_SPACE)
    fail(`the knobs make ${size.toExponential(2)} rule sets; at most ${MAX_SPACE.toExponential(0)}`);
  const specOf = (level: string) => levels.find((l) => l.name === level)!.spec;
  const contexts = contextsOf(targets, specOf);
  const balance: Balance = {
    ...frame,
    description: typeof raw.description === 'string' ? raw.description : '',
    seed: String(seed),
    players: players as number[],
    levels,
    knobs,
    targets,
    contexts,
    budget: resolveBudget(raw.budget, where, size),
    size,
  };
  checkEveryValue(balance);
  return balance;
}

function resolveFrame(raw: Record<string, unknown>, options: ResolveBalanceOptions): GameFrame {
  const { where } = options;
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  const name = raw.name ?? options.defaultName;
  // The name is a directory under --out: "." or ".." would write into --out itself or its parent.
  if (typeof name !== 'string' || !NAME.test(name) || /^\.+$/.test(name))
    fail(`"name" must be 1-64 letters, digits or _ . = + - (not only dots), got ${JSON.stringify(name)}`);
  if (raw.description !== undefined && typeof raw.description !== 'string') fail('"description" must be a string');
  const expansions = raw.expansions ?? [];
  if (!Array.isArray(expansions) || !expansions.every((e) => typeof e === 'string'))
    fail('"expansions" must be a list of expansion names');
  const rules = raw.rules ?? {};
  if (!isObject(rules)) fail('"rules" must be an object of rule parameters');
  const tileCounts = raw.tileCounts ?? {};
  if (!isObject(tileCounts)) fail('"tileCounts" must be an object of tile id → copies');
  const refs = raw.tiles === undefined ? [] : Array.isArray(raw.tiles) ? raw.tiles : [raw.tiles];
  const tiles = refs.map((ref: unknown, i): TileSource => {
    if (typeof ref === 'string') return options.readTileFile(ref);
    if (isObject(ref)) return { data: ref, where: `${where}: tiles[${i}]` };
    return fail(`"tiles" must be a tile file path or object, got ${JSON.stringify(ref)}`);
  });
  const rotation = raw.rotation ?? 'cycle';
  if (!isRotation(rotation)) fail(`"rotation" must be one of ${ROTATIONS.join(', ')}, got ${JSON.stringify(rotation)}`);
  return {
    name: name as string,
    expansions: [...(expansions as string[])],
    rules: { ...(rules as Record<string, ParamValue>) },
    tiles,
    tileCounts: { ...(tileCounts as Record<string, number>) },
    rotation: rotation as Rotation,
  };
}

/** `["greedy", "strong"]` (built-in levels) or `{ "careful": "mcts:iterations=200", … }`: names with canonical specs. */
function resolveLevels(raw: unknown, where: string): { name: string; spec: string }[] {
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: levels: ${message}`);
  };
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((name) => {
        if (typeof name !== 'string' || !BUILT_IN_LEVELS.includes(name))
          fail(
            `${JSON.stringify(name)} is not a built-in level (${BUILT_IN_LEVELS.join(', ')}); name other agents in an object: { "careful": "mcts:iterations=200" }`,
          );
        return [name, name];
      })
    : isObject(raw)
      ? Object.entries(raw)
      : fail('"levels" must list built-in levels or map names to agent specs');
  if (entries.length === 0) fail('name at least one level');
  if (new Set(entries.map(([n]) => n)).size < entries.length) fail('a level is named twice');
  return entries.map(([name, spec]) => {
    if (!NAME.test(name) || name.includes('-vs-'))
      fail(`level name ${JSON.stringify(name)} must be letters, digits or _ . = +`);
    if (typeof spec !== 'string') return fail(`${name}: the agent spec must be a string`);
    return { name, spec: parseAgentSpec(spec, `${where}: levels: ${name}`).text };
  });
}

function resolveBudget(raw: unknown, where: string, size: number): BalanceBudget {
  if (raw !== undefined && !isObject(raw)) throw new InputError('experiment', `${where}: "budget" must be an object`);
  const b = (raw ?? {}) as Record<string, unknown>;
  const keys = ['games', 'firstDeals', 'maxDeals', 'population', 'rounds', 'finalists', 'confirm', 'confirmDeals'];
  rejectUnknownKeys(b, keys, 'experiment', `${where}: budget`);
  const int = (key: string, fallback: number, min: number, max = 1e9) => {
    const v = b[key] ?? fallback;
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
      throw new InputError(
        'experiment',
        `${where}: budget: "${key}" must be a whole number from ${min} to ${max}, got ${JSON.stringify(v)}`,
      );
    return v as number;
  };
  const firstDeals = int('firstDeals', 50, 10);
  const maxDeals = int('maxDeals', 1600, firstDeals);
  const population = int('population', Math.min(size, 48), Math.min(size, 2), 2000);
  const finalists = int('finalists', Math.min(population, 6), 1, population);
  return {
    games: int('games', 200_000, 1),
    firstDeals,
    maxDeals,
    population,
    rounds: int('rounds', 3, 0, 20),
    finalists,
    confirm: int('confirm', Math.min(finalists, 3), 1, finalists),
    confirmDeals: int('confirmDeals', 4000, 10),
  };
}

/** Builds every context's game at each value of each knob (the others at their first), so a bad value fails now. */
function checkEveryValue(balance: Balance): void {
  const first = balance.knobs.map(() => 0);
  const last = balance.knobs.map((k) => k.values.length - 1);
  const points = [
    first,
    last,
    ...balance.knobs.flatMap((knob, k) => knob.values.map((_, v) => first.map((x, j) => (j === k ? v : x)))),
  ];
  const built = new Set<string>();
  for (const context of balance.contexts)
    for (const point of points) {
      const setup = pointSetup(balance.knobs, point, context.players, balance);
      const key = `${context.key} ${JSON.stringify(setup)}`;
      if (built.has(key)) continue;
      built.add(key);
      contextPlan(balance, context, setup, 1, balance.seed);
    }
}
