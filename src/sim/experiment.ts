/**
 * Experiment definitions (`experiments/*.ts`): arms (expansion mix × rule parameters × agents per
 * seat × player count), the number of deals, the seed, the seat rotation and the per-game columns to
 * keep. `defineExperiment` types a definition; `resolveExperiment` checks it completely (unknown keys,
 * players, expansions, rules, agents, tile files and counts: every arm's `Game` is built) and returns
 * the `Plan`, so a wrong experiment is an error naming the file and the arm before any game runs.
 */
import { InputError, MAX_PLAYERS, MIN_PLAYERS, rejectUnknownKeys } from '../engine/index.ts';
import type { ParamValue, TileSource } from '../engine/index.ts';
import { checkForbidden, parseAgentSpec } from '../agents/index.ts';
import { COLUMN_GROUPS, DEFAULT_HISTOGRAM, ROTATIONS, buildArmGame, isColumnGroup, isRotation } from './plan.ts';
import type { ColumnGroup, HistogramSpec, Plan, PlanArm, Rotation } from './plan.ts';

/** A designer tile file: a path (relative to the experiment file) or the parsed `carclab-tiles/1` object. */
export type TileFileRef = string | Readonly<Record<string, unknown>>;

export interface ArmDefinition {
  /** Letters, digits, `_ . -`; unique in the experiment. */
  readonly name: string;
  readonly players: number;
  readonly expansions?: readonly string[];
  readonly rules?: Readonly<Record<string, ParamValue>>;
  /** One agent spec (`name[:key=value,…]`) for every seat, or one per lineup player (default `random`). */
  readonly agents?: string | readonly string[];
  /** Designer tile files added to the catalog. */
  readonly tiles?: TileFileRef | readonly TileFileRef[];
  /** Copies per tile id, replacing the catalog counts (0 removes a tile). */
  readonly tileCounts?: Readonly<Record<string, number>>;
}

export interface ExperimentDefinition {
  /** Directory name under results/ (default: the file name). */
  readonly name?: string;
  readonly description?: string;
  readonly seed: string | number;
  readonly deals: number;
  /** `cycle` (default): deal d is played in rotation d mod players; `all`: every rotation; `none`: rotation 0. */
  readonly rotation?: Rotation;
  /** Per-game column groups kept with `--keep-games` (default `score`, `rank`). */
  readonly columns?: readonly ColumnGroup[];
  readonly histogram?: HistogramSpec;
  /** Record the game-quality measures (lead changes, drama, decisiveness, close games, the score race): an evaluation per turn. */
  readonly quality?: boolean;
  readonly arms: readonly ArmDefinition[];
}

/** Types an experiment definition; the checking happens when it is loaded. */
export function defineExperiment<const T extends ExperimentDefinition>(definition: T): T {
  return definition;
}

/**
 * The same experiment played by other agents: every arm's `agents` replaced, on the same seed (so the
 * deals are the first deals of the original), with its own name, description and number of deals.
 */
export function withAgents(
  base: ExperimentDefinition,
  agents: string,
  changes: { name: string; description: string; deals: number },
): ExperimentDefinition {
  return { ...base, ...changes, arms: base.arms.map((arm) => ({ ...arm, agents })) };
}

/**
 * Arms as a cross product, e.g. `armGrid({ players: [2, 3], rules: { farmers: ['on', 'off'] } })`
 * gives four arms named `2p.farmers=on` … `3p.farmers=off`. `base` is merged into every arm.
 */
export function armGrid(axes: {
  players?: readonly number[];
  expansions?: readonly (readonly string[])[];
  rules?: Readonly<Record<string, readonly ParamValue[]>>;
  agents?: readonly (string | readonly string[])[];
  base?: Partial<ArmDefinition>;
}): ArmDefinition[] {
  let arms: { name: string[]; arm: Partial<ArmDefinition> }[] = [{ name: [], arm: { ...axes.base } }];
  const cross = <V>(
    values: readonly V[] | undefined,
    label: (v: V) => string,
    set: (arm: Partial<ArmDefinition>, v: V) => Partial<ArmDefinition>,
  ) => {
    if (!values) return;
    arms = arms.flatMap(({ name, arm }) => values.map((v) => ({ name: [...name, label(v)], arm: set(arm, v) })));
  };
  cross(
    axes.players,
    (p) => `${p}p`,
    (arm, players) => ({ ...arm, players }),
  );
  cross(
    axes.expansions,
    (e) => (e.length ? e.join('+') : 'base'),
    (arm, expansions) => ({ ...arm, expansions }),
  );
  for (const [rule, values] of Object.entries(axes.rules ?? {})) {
    cross(
      values,
      (v) => `${rule}=${v}`,
      (arm, v) => ({ ...arm, rules: { ...arm.rules, [rule]: v } }),
    );
  }
  // Spec punctuation (`:` and `,`) is not allowed in arm names.
  cross(
    axes.agents,
    (a) => (typeof a === 'string' ? a : a.join('-')).replace(/[:,]/g, '.'),
    (arm, agents) => ({ ...arm, agents }),
  );
  return arms.map(({ name, arm }) => ({ players: 2, ...arm, name: arm.name ?? (name.join('.') || 'arm') }));
}

const EXPERIMENT_KEYS = ['name', 'description', 'seed', 'deals', 'rotation', 'columns', 'histogram', 'quality', 'arms'];
const ARM_KEYS = ['name', 'players', 'expansions', 'rules', 'agents', 'tiles', 'tileCounts'];
const HISTOGRAM_KEYS = ['lo', 'width', 'bins'];
const NAME = /^[A-Za-z0-9_.=+-]{1,64}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ResolveOptions {
  /** Named in every message (the experiment file). */
  where: string;
  /** Default experiment name (the file's base name). */
  defaultName: string;
  /** Reads a designer tile file given by path; relative paths are the caller's to resolve. */
  readTileFile(path: string): TileSource;
  /** Command-line overrides. */
  seed?: string;
  deals?: number;
  /** Record the game-quality measures whatever the definition says. */
  quality?: boolean;
}

/** Checks a definition and resolves it into a `Plan`; every problem is an `InputError` naming the file and the arm. */
export function resolveExperiment(raw: unknown, options: ResolveOptions): Plan {
  const where = options.where;
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  if (!isObject(raw)) fail('the default export must be an experiment object (use defineExperiment({...}))');
  const def = raw as Record<string, unknown>;
  rejectUnknownKeys(def, EXPERIMENT_KEYS, 'experiment', where);

  const name = def.name ?? options.defaultName;
  // The name is a directory under --out: "." or ".." would write into --out itself or its parent.
  if (typeof name !== 'string' || !NAME.test(name) || /^\.+$/.test(name))
    fail(`"name" must be 1-64 letters, digits or _ . = + - (not only dots), got ${JSON.stringify(name)}`);
  if (def.description !== undefined && typeof def.description !== 'string') fail('"description" must be a string');
  const seed = options.seed ?? def.seed;
  if ((typeof seed !== 'string' || seed === '') && !(typeof seed === 'number' && Number.isFinite(seed)))
    fail(`"seed" must be a non-empty string or a number, got ${JSON.stringify(seed)}`);
  const deals = options.deals ?? def.deals;
  if (!Number.isInteger(deals) || (deals as number) < 1 || (deals as number) > 1e9)
    fail(`"deals" must be a whole number from 1 to 1e9, got ${JSON.stringify(deals)}`);
  const rotation = def.rotation ?? 'cycle';
  if (!isRotation(rotation)) fail(`"rotation" must be one of ${ROTATIONS.join(', ')}, got ${JSON.stringify(rotation)}`);
  const columns = def.columns ?? ['score', 'rank'];
  if (!Array.isArray(columns) || !columns.every(isColumnGroup))
    fail(`"columns" must be a list of ${COLUMN_GROUPS.join(', ')}, got ${JSON.stringify(columns)}`);
  const histogram = (def.histogram ?? DEFAULT_HISTOGRAM) as Record<string, unknown>;
  if (isObject(histogram)) rejectUnknownKeys(histogram, HISTOGRAM_KEYS, 'experiment', `${where}: "histogram"`);
  if (
    !isObject(histogram) ||
    !Number.isFinite(histogram.lo as number) ||
    !((histogram.width as number) > 0) ||
    !Number.isInteger(histogram.bins) ||
    (histogram.bins as number) < 1 ||
    (histogram.bins as number) > 100_000
  ) {
    fail(`"histogram" must be {lo, width > 0, bins from 1 to 100000}, got ${JSON.stringify(histogram)}`);
  }
  const quality = options.quality ?? def.quality ?? false;
  if (typeof quality !== 'boolean') fail(`"quality" must be true or false, got ${JSON.stringify(quality)}`);
  if (!quality && (columns as ColumnGroup[]).includes('quality'))
    fail('"columns" keeps "quality" only when the run records it: add "quality": true');
  if (!Array.isArray(def.arms) || def.arms.length === 0) fail('"arms" must be a non-empty list');
  const arms = def.arms as unknown[];
  if (arms.length > 64) fail(`at most 64 arms, got ${arms.length}`);

  const names = new Set<string>();
  const planArms = arms.map((rawArm, a) => {
    const label =
      isObject(rawArm) && typeof rawArm.name === 'string' ? `arms[${a}] ${JSON.stringify(rawArm.name)}` : `arms[${a}]`;
    const arm = resolveArm(rawArm, `${where}: ${label}`, options);
    if (names.has(arm.name)) fail(`${label}: arm name ${JSON.stringify(arm.name)} is used twice`);
    names.add(arm.name);
    return arm;
  });
  const plan: Plan = {
    format: 'carclab-plan/1',
    experiment: name as string,
    description: (def.description as string | undefined) ?? '',
    seed: String(seed),
    deals: deals as number,
    rotation: rotation as Rotation,
    columns: [...new Set(columns as ColumnGroup[])],
    histogram: { lo: histogram.lo as number, width: histogram.width as number, bins: histogram.bins as number },
    arms: planArms,
    ...(quality ? { quality: true as const } : {}),
  };
  return plan;
}

function resolveArm(raw: unknown, where: string, options: ResolveOptions): PlanArm {
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  if (!isObject(raw)) fail('an arm must be an object');
  const arm = raw as Record<string, unknown>;
  rejectUnknownKeys(arm, ARM_KEYS, 'experiment', where);
  if (typeof arm.name !== 'string' || !NAME.test(arm.name))
    fail(`"name" must be 1-64 letters, digits or _ . = + -, got ${JSON.stringify(arm.name)}`);
  const players = arm.players;
  if (!Number.isInteger(players) || (players as number) < MIN_PLAYERS || (players as number) > MAX_PLAYERS) {
    fail(`"players" must be a whole number from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${JSON.stringify(players)}`);
  }

  const expansions = arm.expansions ?? [];
  if (!Array.isArray(expansions) || !expansions.every((e) => typeof e === 'string'))
    fail('"expansions" must be a list of expansion names');
  const rules = arm.rules ?? {};
  if (!isObject(rules)) fail('"rules" must be an object of rule parameters');
  const agentsRaw = arm.agents ?? 'random';
  const agents =
    typeof agentsRaw === 'string' ? Array.from({ length: Math.max(0, players as number) }, () => agentsRaw) : agentsRaw;
  if (!Array.isArray(agents) || !agents.every((x) => typeof x === 'string'))
    fail('"agents" must be an agent spec or a list of one per seat');
  if ((agents as string[]).length !== players)
    fail(`"agents" lists ${(agents as string[]).length} agents for ${players} players`);

  const tileRefs = arm.tiles === undefined ? [] : Array.isArray(arm.tiles) ? arm.tiles : [arm.tiles];
  const tiles = tileRefs.map((ref, i): TileSource => {
    if (typeof ref === 'string') return options.readTileFile(ref);
    if (isObject(ref)) return { data: ref, where: `${where}: tiles[${i}]` };
    return fail(`"tiles" must be a tile file path or object, got ${JSON.stringify(ref)}`);
  });
  const tileCounts = arm.tileCounts ?? {};
  if (!isObject(tileCounts)) fail('"tileCounts" must be an object of tile id → copies');

  const planArm: PlanArm = {
    name: arm.name as string,
    players: players as number,
    expansions: [...(expansions as string[])],
    rules: { ...(rules as Record<string, ParamValue>) },
    // Canonical specs (every default filled in), so the plan and the run id change when a spec does.
    agents: (agents as string[]).map((text) => parseAgentSpec(text, where).text),
    tiles,
    tileCounts: { ...(tileCounts as Record<string, number>) },
  };
  // Building the game checks players, expansions, rules, tile files and tile counts; then the
  // mechanics agents are forbidden must be the game's.
  const game = buildArmGame(planArm, where);
  for (const text of planArm.agents) checkForbidden(parseAgentSpec(text, where), game, where);
  if (game.deck.length === 0) fail('the deck is empty');
  return planArm;
}
