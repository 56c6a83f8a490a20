/**
 * The design of a match or a ladder as an ordinary experiment, so that the runner plays it (pool,
 * shards, resume, results folder, manifest) and its results are the same for any worker count.
 *
 * Every pair of agents (specs a < b; a match is the one pair of its two agents) plays the same deals
 * in every seat arrangement of this scheme, with rotation `all`:
 *   - 2 players: one arm, lineup [a, b], both rotations: each deal twice, seats swapped;
 *   - P players: P − 1 arms, lineups a×k then b×(P − k) for k = 1 … P − 1, each in all P cyclic
 *     rotations: (P − 1)·P games per deal, in which a and b hold every seat equally often and the
 *     design is the same with a and b exchanged (it is not every arrangement: e.g. a b a b is absent
 *     for 4 players).
 * A match may keep only some lineups (`--lineups 1`: a alone against P − 1 copies of b, in every
 * seat); the design is then no longer the same with a and b exchanged.
 * All pairs share the deals (common random numbers), so the ladder's comparisons are paired.
 */
import { InputError } from '../engine/index.ts';
import type { ParamValues, TileSource } from '../engine/index.ts';
import { resolveExperiment } from '../sim/experiment.ts';
import type { ArmDefinition, ExperimentDefinition, TileFileRef } from '../sim/experiment.ts';
import type { Plan } from '../sim/plan.ts';

export interface MatchSetup {
  kind: 'match' | 'ladder';
  /** Agent specs as given, at least two. */
  specs: readonly string[];
  players: number;
  expansions: readonly string[];
  rules: ParamValues;
  deals: number;
  seed: string;
  /** Only the lineups with these numbers of copies of a (a match's `--lineups`; default every k = 1 … P − 1). */
  lineups?: readonly number[];
  /** Designer tile files in every game (paths read by `readTileFile`, or inline objects), and copies per tile id. */
  tiles?: readonly TileFileRef[];
  tileCounts?: Readonly<Record<string, number>>;
  readTileFile?: (path: string) => TileSource;
}

/** Two agents that play each other: indices into the design's specs, a < b. */
export interface Pairing {
  a: number;
  b: number;
}

/** What an arm of the plan is: which pair plays, and which lineup players are agent a. */
export interface DesignArm {
  pair: number;
  sideA: boolean[];
}

export interface MatchDesign {
  kind: 'match' | 'ladder';
  /** Canonical specs (as the plan records them), in the order given. */
  specs: string[];
  /** The specs as given, for tables and charts (canonical specs list every parameter). */
  labels: string[];
  players: number;
  /** The lineups played: each number of copies of a, every one in all P rotations. */
  lineups: number[];
  pairs: Pairing[];
  arms: DesignArm[];
  plan: Plan;
}

/** More arms than this is more than the runner takes (64). */
const MAX_ARMS = 64;

const noTileFiles = (): never => {
  throw new Error('a match names no tile files');
};

function resolve(
  definition: ExperimentDefinition,
  where: string,
  name: string,
  readTileFile: (path: string) => TileSource = noTileFiles,
): Plan {
  return resolveExperiment(definition, { where, defaultName: name, readTileFile });
}

/**
 * Checks the setup (players, expansions, rules, every spec) and builds the plan; every problem is an
 * `InputError` naming what is wrong, raised before anything is written.
 */
export function designMatch(setup: MatchSetup): MatchDesign {
  const where = `carclab ${setup.kind}`;
  const fail = (message: string): never => {
    throw new InputError('usage', `${where}: ${message}`);
  };
  if (setup.specs.length < 2) fail(`needs at least two agent specs, got ${setup.specs.length}`);
  const base = {
    players: setup.players,
    expansions: [...setup.expansions],
    rules: { ...setup.rules },
    // Only when given, so that the plans (and run ids) of matches without tile files stay as they were.
    ...(setup.tiles?.length ? { tiles: [...setup.tiles] } : {}),
    ...(setup.tileCounts && Object.keys(setup.tileCounts).length ? { tileCounts: { ...setup.tileCounts } } : {}),
  };
  const read = setup.readTileFile;
  const frame = { seed: setup.seed, deals: setup.deals, rotation: 'all' as const, columns: ['score' as const] };

  // 1. The game (players, expansions, rules) with the default agent, then each spec on its own, so a
  //    message names the spec at fault; the plan gives each spec's canonical form.
  resolve({ ...frame, arms: [{ name: 'game', ...base }] }, where, setup.kind, read);
  const specs = setup.specs.map((spec, i) => {
    const plan = resolve(
      { ...frame, arms: [{ name: 'spec', ...base, agents: spec }] },
      `${where}: agent ${i + 1} (${JSON.stringify(spec)})`,
      setup.kind,
      read,
    );
    return plan.arms[0]!.agents[0]!;
  });
  specs.forEach((spec, i) => {
    const first = specs.indexOf(spec);
    if (first !== i)
      fail(
        `agents ${first + 1} and ${i + 1} are the same spec ${JSON.stringify(spec)}; a ${setup.kind} needs different agents`,
      );
  });

  // 2. Pairs and arms.
  const pairs: Pairing[] = [];
  for (let a = 0; a < specs.length; a++) for (let b = a + 1; b < specs.length; b++) pairs.push({ a, b });
  const P = setup.players;
  const every = Array.from({ length: P - 1 }, (_, i) => i + 1);
  const lineups = setup.lineups ? [...new Set(setup.lineups)].sort((x, y) => x - y) : every;
  const outside = lineups.filter((k) => !every.includes(k));
  if (outside.length)
    fail(`--lineups: ${outside.join(', ')} copies of the first agent make no lineup of ${P} players (1 to ${P - 1})`);
  if (pairs.length * lineups.length > MAX_ARMS) {
    fail(
      `${specs.length} agents with ${P} players make ${pairs.length} pairs × ${lineups.length} lineups = ${pairs.length * lineups.length} arms; at most ${MAX_ARMS}`,
    );
  }
  const arms: DesignArm[] = [];
  const definitions: ArmDefinition[] = [];
  pairs.forEach(({ a, b }, pair) => {
    for (const k of lineups) {
      const sideA = Array.from({ length: P }, (_, i) => i < k);
      arms.push({ pair, sideA });
      definitions.push({
        name: `${a + 1}v${b + 1}${P > 2 ? `.${k}-${P - k}` : ''}`,
        ...base,
        agents: sideA.map((isA) => (isA ? specs[a]! : specs[b]!)),
      });
    }
  });
  const description = setup.kind === 'match' ? `${specs[0]} against ${specs[1]}` : `ladder of ${specs.join(', ')}`;
  const plan = resolve({ ...frame, name: setup.kind, description, arms: definitions }, where, setup.kind, read);
  return { kind: setup.kind, specs, labels: setup.specs.map((s) => s.trim()), players: P, lineups, pairs, arms, plan };
}

/** `--expansions a,b`: the names, each checked when the game is built. */
export const parseExpansionsFlag = (text: string | undefined): string[] =>
  text === undefined
    ? []
    : text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
