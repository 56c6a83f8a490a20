/**
 * The targets of a balance file: a metric (`metrics.ts`) at a skill level and a player count, with
 * a wish — `equals` X ± `tolerance`, `atLeast` X, `atMost` X, `minimize`, `maximize` — a `weight`
 * and a `precision` (the half-width of its confirmation interval; for `equals` the tolerance by
 * default). A target's *shortfall* is how far its metric misses the wish (0 inside it; for minimize
 * the metric itself, for maximize its negative); the search minimizes the sum over targets of
 * weight × shortfall / precision, so each target counts in its own precisions.
 */
import { InputError, rejectUnknownKeys } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import type { Rotation } from '../sim/plan.ts';
import { parseMetric } from './metrics.ts';
import type { MetricSpec } from './metrics.ts';

export const TARGET_KINDS = ['equals', 'atLeast', 'atMost', 'minimize', 'maximize'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface BalanceTarget {
  /** e.g. `seatWinGap at greedy, 3 players`. */
  label: string;
  metric: MetricSpec;
  level: string;
  /** `beats`: the level it plays against. */
  versus: string | null;
  players: number;
  /** The key of the games it is measured in (`contextKey`). */
  context: string;
  kind: TargetKind;
  /** equals / atLeast / atMost: X (0 for minimize and maximize). */
  value: number;
  /** equals: the half-width of the band counted as met. */
  tolerance: number;
  weight: number;
  precision: number;
}

/** The games a target is measured in: a level's self-play, or a level against another (`beats`). */
export const contextKey = (players: number, level: string, versus: string | null): string =>
  `${players}p.${level}${versus === null ? '' : `-vs-${versus}`}`;

const TARGET_KEYS = ['metric', 'level', 'versus', 'players', ...TARGET_KINDS, 'tolerance', 'weight', 'precision'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown) => typeof v === 'number' && v > 0 && Number.isFinite(v);

/** Shortfall of a metric value under a target (see the module comment). */
export function shortfall(target: Pick<BalanceTarget, 'kind' | 'value' | 'tolerance'>, m: number): number {
  switch (target.kind) {
    case 'equals':
      return Math.max(0, Math.abs(m - target.value) - target.tolerance);
    case 'atLeast':
      return Math.max(0, target.value - m);
    case 'atMost':
      return Math.max(0, m - target.value);
    case 'minimize':
      return m;
    case 'maximize':
      return -m;
  }
}

/** The points where a target's shortfall bends (a piecewise-linear function of the metric). */
export function shortfallKinks(target: Pick<BalanceTarget, 'kind' | 'value' | 'tolerance'>): number[] {
  if (target.kind === 'equals') return [target.value - target.tolerance, target.value + target.tolerance];
  return target.kind === 'atLeast' || target.kind === 'atMost' ? [target.value] : [];
}

/** The wish in words, e.g. `= 0.1 ± 0.01`, `≥ 0.85`, `as small as possible`. */
export function wishText(target: Pick<BalanceTarget, 'kind' | 'value' | 'tolerance'>): string {
  switch (target.kind) {
    case 'equals':
      return `= ${target.value} ± ${target.tolerance}`;
    case 'atLeast':
      return `≥ ${target.value}`;
    case 'atMost':
      return `≤ ${target.value}`;
    case 'minimize':
      return 'as small as possible';
    case 'maximize':
      return 'as large as possible';
  }
}

/**
 * Resolves one target: its level and player count must be played (`levels`, `players`), its metric
 * measured by the context's game (`gameOf`), its wish possible for the metric's range.
 */
export function resolveTarget(
  raw: unknown,
  where: string,
  played: { levels: readonly string[]; players: readonly number[]; rotation: Rotation },
  gameOf: (players: number) => Game,
): BalanceTarget {
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  if (!isObject(raw))
    return fail('a target must be { metric, level, players, equals | atLeast | atMost | minimize | maximize, … }');
  rejectUnknownKeys(raw, TARGET_KEYS, 'experiment', where);
  const { levels, players: counts } = played;
  const level = raw.level as string;
  if (typeof level !== 'string' || !levels.includes(level))
    fail(`level ${JSON.stringify(level)} is not played; the levels played ("levels"): ${levels.join(', ')}`);
  const versus = raw.versus ?? null;
  if (versus !== null && (typeof versus !== 'string' || !levels.includes(versus)))
    fail(`"versus" level ${JSON.stringify(versus)} is not played; the levels played ("levels"): ${levels.join(', ')}`);
  if (versus === level) fail(`"versus" must be another level than ${JSON.stringify(level)}`);
  const players = raw.players;
  if (!Number.isInteger(players) || !counts.includes(players as number))
    fail(`"players" ${JSON.stringify(players)} is not a player count played ("players"): ${counts.join(', ')}`);
  if (typeof raw.metric !== 'string') return fail('"metric" must be a metric name');
  const metric = parseMetric(raw.metric, gameOf(players as number), played.rotation, where, versus !== null);
  const given = TARGET_KINDS.filter((k) => raw[k] !== undefined);
  if (given.length !== 1) fail(`give exactly one of ${TARGET_KINDS.join(', ')}, got ${given.join(', ') || 'none'}`);
  const kind = given[0]!;
  if ((kind === 'minimize' || kind === 'maximize') && raw[kind] !== true) fail(`"${kind}" must be true`);
  const value = kind === 'minimize' || kind === 'maximize' ? 0 : raw[kind];
  if (typeof value !== 'number' || !Number.isFinite(value))
    return fail(`"${kind}" must be a number, got ${JSON.stringify(value)}`);
  if ((raw.tolerance !== undefined) !== (kind === 'equals'))
    fail('"tolerance" goes with "equals", and "equals" needs one');
  if (kind === 'equals' && !positive(raw.tolerance))
    fail(`"tolerance" must be a number > 0, got ${JSON.stringify(raw.tolerance)}`);
  const tolerance = kind === 'equals' ? (raw.tolerance as number) : 0;
  const precision = raw.precision ?? (kind === 'equals' ? tolerance : undefined);
  if (!positive(precision))
    fail(
      `"precision" (the half-width of its confirmation interval) must be a number > 0, got ${JSON.stringify(precision)}`,
    );
  const weight = raw.weight ?? 1;
  if (!positive(weight)) fail(`"weight" must be a number > 0, got ${JSON.stringify(weight)}`);
  if (metric.combine === 'gap' && kind !== 'atMost' && kind !== 'minimize')
    fail('seatWinGap (the largest |seat win share − 1/players|) takes "atMost" or "minimize"');
  const [lo, hi] = metric.range;
  if (
    (kind === 'atLeast' && value > hi) ||
    (kind === 'atMost' && value < lo) ||
    (kind === 'equals' && (value + tolerance < lo || value - tolerance > hi))
  )
    fail(`${metric.name} lies in [${lo}, ${hi}]: the target ${kind} ${value} cannot be met`);
  const label = `${metric.name} at ${level}${versus === null ? '' : ` against ${versus}`}, ${players} players`;
  return {
    label,
    metric,
    level,
    versus: versus as string | null,
    players: players as number,
    context: contextKey(players as number, level, versus as string | null),
    kind,
    value,
    tolerance,
    weight: weight as number,
    precision: precision as number,
  };
}

/** The values a target allows: an interval, or null for minimize / maximize. */
const allowed = (t: BalanceTarget): [number, number] | null =>
  t.kind === 'equals'
    ? [t.value - t.tolerance, t.value + t.tolerance]
    : t.kind === 'atLeast'
      ? [t.value, Infinity]
      : t.kind === 'atMost'
        ? [-Infinity, t.value]
        : null;

/** Why two targets on the same metric in the same games cannot both be met (or are one target twice), or null. */
export function targetConflict(a: BalanceTarget, b: BalanceTarget): string | null {
  if (a.context !== b.context || a.metric.name !== b.metric.name) return null;
  const both = `"${a.label}" ${wishText(a)} and ${wishText(b)}`;
  if (a.kind === b.kind && a.value === b.value && a.tolerance === b.tolerance) return `${both}: the same target twice`;
  const [x, y] = [allowed(a), allowed(b)];
  if (x === null && y === null) return a.kind !== b.kind ? `${both} pull the metric opposite ways` : null;
  if (x === null || y === null) return null;
  return Math.max(x[0], y[0]) > Math.min(x[1], y[1]) ? `${both} cannot both be met` : null;
}
