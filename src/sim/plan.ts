/**
 * The resolved, validated form of an experiment (docs/architecture.md §7):
 * plain JSON that the main process writes to `plan.json` and sends to every worker. Everything a
 * shard needs to rebuild its games is here: seed, deals, rotation scheme, and per arm the players,
 * expansion names, explicit rules, agents per lineup position, designer tile files and tile counts.
 *
 * Seats and rotation: an arm's `agents[i]` is lineup player i with its own random stream
 * (run seed, deal, i). In rotation r player i sits in seat (i + r) mod players; seat 0 moves first.
 * `none` plays rotation 0 only, `cycle` plays rotation (deal mod players), `all` plays every rotation.
 */
import { createHash } from 'node:crypto';
import { createAgent, parseAgentSpec } from '../agents/index.ts';
import type { Agent, AgentSpec } from '../agents/index.ts';
import { InputError } from '../engine/index.ts';
import type { Game, ParamValue, TileSource } from '../engine/index.ts';
import { expansionRegistry, newGame } from '../expansions/index.ts';
import { Dealer } from './deal.ts';
import type { PlanEffect } from './effect.ts';
import { makeRng } from './rng.ts';

export const ROTATIONS = ['none', 'cycle', 'all'] as const;
export type Rotation = (typeof ROTATIONS)[number];
export const isRotation = (v: unknown): v is Rotation => ROTATIONS.includes(v as Rotation);

/** Groups of per-game columns an experiment may keep (besides arm, deal, rotation, players); `quality` needs `plan.quality`. */
export const COLUMN_GROUPS = ['score', 'rank', 'breakdown', 'stats', 'quality'] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];
export const isColumnGroup = (v: unknown): v is ColumnGroup => COLUMN_GROUPS.includes(v as ColumnGroup);

/** Fixed bins shared by every histogram of a run: [lo + k·width, lo + (k+1)·width) for k < bins. */
export interface HistogramSpec {
  lo: number;
  width: number;
  bins: number;
}

export const DEFAULT_HISTOGRAM: HistogramSpec = { lo: -100, width: 1, bins: 600 };

export interface PlanArm {
  name: string;
  players: number;
  expansions: string[];
  /** Only the rules the experiment set explicitly; the rest take their defaults. */
  rules: Record<string, ParamValue>;
  /** Canonical agent spec of each lineup player (`parseAgentSpec(...).text`: every default filled in). */
  agents: string[];
  tiles: TileSource[];
  tileCounts: Record<string, number>;
}

export interface Plan {
  format: 'carclab-plan/1';
  experiment: string;
  description: string;
  seed: string;
  deals: number;
  rotation: Rotation;
  columns: ColumnGroup[];
  histogram: HistogramSpec;
  arms: PlanArm[];
  /**
   * Set when the run stops by its own rule (`carclab run --precision`): such a run gets its own
   * directory, since its batch boundaries need not match a whole run's shards.
   */
  stop?: { precision: string; firstDeals: number };
  /**
   * Pairs of arms whose direct effect and "winner changed" references the shards measure
   * (`src/sim/effect.ts`; set by `carclab study`, absent otherwise, so other runs keep their ids).
   */
  effects?: PlanEffect[];
  /** Set when the run records the game-quality measures (`src/sim/quality.ts`): their trajectories cost an evaluation per turn. */
  quality?: true;
}

/** Builds the `Game` of one arm, resolving expansion names through the registry. */
export function buildArmGame(arm: PlanArm, where: string): Game {
  const expansions = arm.expansions.map((name) => {
    const expansion = expansionRegistry.get(name);
    if (!expansion) {
      const known = [...expansionRegistry.keys()];
      throw new InputError(
        'experiment',
        `${where}: unknown expansion ${JSON.stringify(name)}; known: ${known.length ? known.join(', ') : '(none registered)'}`,
      );
    }
    return expansion;
  });
  return newGame({
    players: arm.players,
    expansions,
    rules: arm.rules,
    extraTiles: arm.tiles,
    tileCounts: arm.tileCounts,
    where,
  });
}

/** Rotations played in one deal by an arm of `players` players. */
export function rotationsOf(rotation: Rotation, players: number, deal: number): number[] {
  if (rotation === 'none') return [0];
  if (rotation === 'cycle') return [deal % players];
  return Array.from({ length: players }, (_, r) => r);
}

export const gamesPerDeal = (rotation: Rotation, players: number): number => (rotation === 'all' ? players : 1);

/** Games of one deal over every arm. */
export const gamesPerDealOf = (plan: Plan): number =>
  plan.arms.reduce((n, arm) => n + gamesPerDeal(plan.rotation, arm.players), 0);

/** Lineup player sitting in `seat` in rotation `r`. */
export const playerInSeat = (seat: number, r: number, players: number): number => (seat - r + players) % players;

/** Everything a process needs to play an arm's games, built once per plan. */
export interface ArmSetup {
  arm: PlanArm;
  game: Game;
  dealer: Dealer;
  agents: AgentSpec[];
}

/**
 * Agents by seat for (deal, rotation): lineup player i, streamed from (seed, deal, i), sits in seat
 * (i + r) mod P. A `stream` name gives every agent another stream, (seed, deal, i, stream): the same
 * agents playing the same deal anew (the noise floor of `src/sim/effect.ts`).
 */
export function seatAgents(setup: ArmSetup, seed: string, deal: number, r: number, stream?: string): Agent[] {
  const players = setup.arm.players;
  const bySeat = new Array<Agent>(players);
  for (let i = 0; i < players; i++)
    bySeat[(i + r) % players] = createAgent(
      setup.agents[i]!,
      stream === undefined ? makeRng(seed, deal, i) : makeRng(seed, deal, i, stream),
    );
  return bySeat;
}

const setups = new Map<string, ArmSetup[]>();

/** The arms of a plan, built once per process (workers reuse them across tasks). */
export function armSetups(plan: Plan): ArmSetup[] {
  const key = JSON.stringify(plan);
  let built = setups.get(key);
  if (!built) {
    built = plan.arms.map((arm, a) => {
      const where = `${plan.experiment}: arms[${a}] ${JSON.stringify(arm.name)}`;
      const game = buildArmGame(arm, where);
      return { arm, game, dealer: new Dealer(game), agents: arm.agents.map((text) => parseAgentSpec(text, where)) };
    });
    if (setups.size >= 8) setups.delete(setups.keys().next().value!);
    setups.set(key, built);
  }
  return built;
}

/**
 * The plan part of a run id (`src/run/run-dir.ts` `runIdOf` adds the code's hash): a readable prefix
 * and a hash of everything in the plan that determines the results (the plan, the compiled catalogs,
 * the package version). Runs of one plan by different code share it.
 */
export function planRunPrefix(plan: Plan, packageVersion: string): string {
  const catalogs = armSetups(plan).map((s) => s.game.catalog.hash);
  const hash = createHash('sha256')
    .update(JSON.stringify({ plan, catalogs, packageVersion, aggregates: AGGREGATE_FORMAT }))
    .digest('hex')
    .slice(0, 10);
  const seed = plan.seed.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 24);
  return `${seed}-${plan.deals}-${hash}-`;
}

/** Bumped whenever the shard aggregate layout changes, so old shard files are never merged with new ones. */
export const AGGREGATE_FORMAT = 'carclab-shard/2';
