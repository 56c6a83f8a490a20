/**
 * Checks a shard result that came from outside this process (a queue worker on another machine, a
 * shard file on disk): it must have exactly the shape of this plan's aggregates, cover exactly the
 * task's deals with the right number of games, hold only finite numbers, and be a result some games
 * could give (`implausibleAggregate`). Returns the reason it is malformed, or null.
 */
import { WIN_UNITS } from './aggregate.ts';
import type { Aggregate, DiffData, DistData, SeatData } from './aggregate.ts';
import { armSetups, gamesPerDeal, gamesPerDealOf } from './plan.ts';
import type { Plan } from './plan.ts';
import { implausibleEffect } from './effect.ts';
import { implausibleQuality } from './quality.ts';
import { emptyAggregate } from './shard.ts';
import type { ShardResult, ShardTask } from './shard.ts';

export function malformedShardResult(task: ShardTask, result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return 'not an object';
  const { aggregate } = result as ShardResult;
  const expectedGames = (task.end - task.start) * gamesPerDealOf(task.plan);
  const shape = sameShape(emptyAggregate(task.plan), aggregate, 'aggregate', ['ranges']);
  if (shape) return shape;
  const ranges = JSON.stringify(aggregate.ranges);
  if (ranges !== JSON.stringify(task.end > task.start ? [[task.start, task.end]] : []))
    return `aggregate.ranges is ${ranges}, expected [[${task.start},${task.end}]]`;
  if (aggregate.games !== expectedGames) return `aggregate.games is ${aggregate.games}, expected ${expectedGames}`;
  const implausible = implausibleAggregate(task.plan, task.end - task.start, aggregate);
  if (implausible) return implausible;
  if (task.keepGames) {
    const columns = (result as ShardResult).columns;
    if (!columns || typeof columns !== 'object') return 'kept games are missing';
    for (const [name, column] of Object.entries(columns)) {
      if (!ArrayBuffer.isView(column) || column.length !== expectedGames)
        return `column ${name} does not have ${expectedGames} rows`;
    }
  }
  return null;
}

/** The first place where `actual` differs in shape from `expected` (keys, array lengths, number vs other). */
function sameShape(expected: unknown, actual: unknown, path: string, free: readonly string[]): string | null {
  if (typeof expected === 'number') {
    return typeof actual === 'number' && Number.isFinite(actual)
      ? null
      : `${path} is ${JSON.stringify(actual)}, expected a finite number`;
  }
  if (typeof expected === 'string' || typeof expected === 'boolean') {
    return actual === expected ? null : `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path} is not an array`;
    // An empty aggregate has empty histograms: any number of bins, all finite.
    if (expected.length === 0) {
      const bad = actual.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
      return bad < 0 ? null : `${path}[${bad}] is ${JSON.stringify(actual[bad])}, expected a finite number`;
    }
    if (actual.length !== expected.length) return `${path} has ${actual.length} entries, expected ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const problem = sameShape(expected[i], actual[i], `${path}[${i}]`, free);
      if (problem) return problem;
    }
    return null;
  }
  // min/max of an empty distribution: null there, a number once it has values.
  if (expected === null)
    return actual === null || (typeof actual === 'number' && Number.isFinite(actual))
      ? null
      : `${path} is ${JSON.stringify(actual)}`;
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return `${path} is not an object`;
    const keys = Object.keys(expected as object);
    const extra = Object.keys(actual).filter((k) => !keys.includes(k));
    if (extra.length) return `${path} has unexpected key ${extra[0]}`;
    for (const key of keys) {
      if (free.includes(key)) continue;
      const problem = sameShape(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${path}.${key}`,
        free,
      );
      if (problem) return problem;
    }
    return null;
  }
  return null;
}

/**
 * No game gives a score or statistic beyond this in size (real games score a few hundred points); it
 * also keeps every sum of a run far below 2^53, where doubles stop being exact.
 */
const GAME_VALUE_LIMIT = 1e6;
/** Nor a per-deal sum or paired difference (a deal's games and seats, times a metric's scale). */
const DEAL_VALUE_LIMIT = 1e10;

/**
 * Why an aggregate of the right shape over `deals` deals cannot come from playing them, or null: every
 * count is a whole number that adds up (games per arm, seat and lineup player; win units of each arm's
 * games sum to `WIN_UNITS` per game; ranks per seat to its games; histogram bins to their counts; the
 * seats' scores to the players'), and every value is a whole number within the limits above with
 * consistent moments (min ≤ mean ≤ max, sum² ≤ n · sum of squares).
 */
export function implausibleAggregate(plan: Plan, deals: number, aggregate: Aggregate): string | null {
  const setups = armSetups(plan);
  for (let a = 0; a < aggregate.arms.length; a++) {
    const arm = aggregate.arms[a]!;
    const at = `aggregate.arms[${a}]`;
    const games = deals * gamesPerDeal(plan.rotation, setups[a]!.game.players);
    if (arm.games !== games) return `${at}.games is ${arm.games}, expected ${games}`;
    for (const group of ['seats', 'players'] as const) {
      const problem = implausibleSeats(arm[group], `${at}.${group}`, games);
      if (problem) return problem;
    }
    const seatScores = arm.seats.reduce((t, s) => t + s.score.sum, 0);
    const playerScores = arm.players.reduce((t, s) => t + s.score.sum, 0);
    if (seatScores !== playerScores)
      return `${at}: the seats' scores sum to ${seatScores}, the lineup players' to ${playerScores}`;
    const problem =
      implausibleDist(arm.winnerScore, `${at}.winnerScore`, games) ??
      implausibleDist(arm.margin, `${at}.margin`, games) ??
      arm.stats.reduce<string | null>((p, d, k) => p ?? implausibleDist(d, `${at}.stats[${k}]`, games), null) ??
      arm.deal.reduce<string | null>((p, d, k) => p ?? implausibleDiff(d, `${at}.deal[${k}]`, deals), null);
    if (problem) return problem;
    const best = Math.max(...arm.seats.map((s) => s.score.max ?? -Infinity));
    if (games > 0 && arm.winnerScore.max !== best)
      return `${at}.winnerScore.max is ${arm.winnerScore.max}, but the best seat score is ${best}`;
    if (games > 0 && arm.margin.min! < 0) return `${at}.margin.min is ${arm.margin.min}, a margin is never negative`;
    const quality = arm.quality && implausibleQuality(arm.quality, `${at}.quality`, deals, games);
    if (quality) return quality;
  }
  for (let i = 0; i < aggregate.pairs.length; i++) {
    const pair = aggregate.pairs[i]!;
    const at = `aggregate.pairs[${i}]`;
    const samePlayers = setups[pair.a]!.game.players === setups[pair.b]!.game.players;
    const problem =
      pair.metrics.reduce<string | null>((p, d, k) => p ?? implausibleDiff(d, `${at}.metrics[${k}]`, deals), null) ??
      implausibleDiff(pair.winnerChanged, `${at}.winnerChanged`, samePlayers ? deals : 0) ??
      count(pair.sameMoves, `${at}.sameMoves`, deals);
    if (problem) return problem;
  }
  for (const [k, effect] of (plan.effects ?? []).entries()) {
    const problem = implausibleEffect(
      aggregate.effects![k]!,
      `aggregate.effects[${k}]`,
      deals * gamesPerDeal(plan.rotation, setups[effect.a]!.game.players),
      effect,
      plan.quality === true,
    );
    if (problem) return problem;
  }
  return null;
}

/** A whole number from 0 to `max`, or why not. */
const count = (x: number, at: string, max: number): string | null =>
  Number.isSafeInteger(x) && x >= 0 && x <= max ? null : `${at} is ${x}, expected a whole number from 0 to ${max}`;

function implausibleSeats(seats: SeatData[], at: string, games: number): string | null {
  let winUnits = 0;
  let firsts = 0;
  for (let s = 0; s < seats.length; s++) {
    const seat = seats[s]!;
    const where = `${at}[${s}]`;
    if (seat.games !== games) return `${where}.games is ${seat.games}, expected ${games}`;
    const problem =
      count(seat.winUnits, `${where}.winUnits`, games * WIN_UNITS) ??
      seat.ranks.reduce<string | null>((p, r, k) => p ?? count(r, `${where}.ranks[${k}]`, games), null) ??
      implausibleDist(seat.score, `${where}.score`, games) ??
      seat.playerStats.reduce<string | null>(
        (p, d, k) => p ?? implausibleDist(d, `${where}.playerStats[${k}]`, games),
        null,
      ) ??
      seat.sources.reduce<string | null>(
        (p, x, k) => p ?? wholeWithin(x, `${where}.sources[${k}]`, games * GAME_VALUE_LIMIT),
        null,
      );
    if (problem) return problem;
    const ranked = seat.ranks.reduce((t, r) => t + r, 0);
    if (ranked !== games) return `${where}.ranks sum to ${ranked}, expected its ${games} games`;
    winUnits += seat.winUnits;
    firsts += seat.ranks[0]!;
  }
  if (winUnits !== games * WIN_UNITS)
    return `${at}: the win shares sum to ${((100 * winUnits) / Math.max(1, games * WIN_UNITS)).toFixed(1)} % of the games, expected 100 %`;
  if (firsts < games) return `${at}: ${firsts} first places in ${games} games`;
  return null;
}

const wholeWithin = (x: number, at: string, limit: number): string | null =>
  Number.isSafeInteger(x) && Math.abs(x) <= limit ? null : `${at} is ${x}, expected a whole number within ±${limit}`;

/** Count, sums, min and max of `n` whole values within ±`limit` that agree with each other. */
function implausibleMoments(d: DistData | DiffData, at: string, n: number, limit: number): string | null {
  if (d.n !== n) return `${at}.n is ${d.n}, expected ${n}`;
  if (n === 0)
    return d.sum === 0 && d.sumSq === 0 && d.min === null && d.max === null ? null : `${at} has values but counts none`;
  const problem =
    wholeWithin(d.min ?? NaN, `${at}.min`, limit) ??
    wholeWithin(d.max ?? NaN, `${at}.max`, limit) ??
    wholeWithin(d.sum, `${at}.sum`, n * limit) ??
    wholeWithin(d.sumSq, `${at}.sumSq`, n * limit * limit);
  if (problem) return problem;
  const min = d.min!;
  const max = d.max!;
  if (min > max || d.sum < n * min || d.sum > n * max)
    return `${at}: min ${min}, max ${max} and sum ${d.sum} of ${n} values disagree`;
  // Cauchy–Schwarz: sum² ≤ n · sumSq, and no square exceeds the larger of min², max². A relative margin for sum² past 2^53.
  if (d.sum * d.sum > n * d.sumSq * (1 + 1e-12) || d.sumSq > n * Math.max(min * min, max * max))
    return `${at}: sum ${d.sum} and sum of squares ${d.sumSq} of ${n} values disagree`;
  return null;
}

function implausibleDist(d: DistData, at: string, n: number): string | null {
  const problem =
    implausibleMoments(d, at, n, GAME_VALUE_LIMIT) ??
    count(d.under, `${at}.under`, n) ??
    count(d.over, `${at}.over`, n) ??
    count(d.start, `${at}.start`, Number.MAX_SAFE_INTEGER) ??
    d.counts.reduce<string | null>((p, c, k) => p ?? count(c, `${at}.counts[${k}]`, n), null);
  if (problem) return problem;
  const binned = d.under + d.over + d.counts.reduce((t, c) => t + c, 0);
  return binned === n ? null : `${at}: its histogram holds ${binned} values, expected ${n}`;
}

function implausibleDiff(d: DiffData, at: string, n: number): string | null {
  const problem =
    implausibleMoments(d, at, n, DEAL_VALUE_LIMIT) ??
    count(d.positive, `${at}.positive`, n) ??
    count(d.negative, `${at}.negative`, n) ??
    count(d.zero, `${at}.zero`, n);
  if (problem) return problem;
  return d.positive + d.negative + d.zero === n
    ? null
    : `${at}: positive, negative and zero count ${d.positive + d.negative + d.zero} values, expected ${n}`;
}
