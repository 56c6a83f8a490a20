/**
 * The measured quantities a stopping rule or a tuning targets, read from one arm of a run's summary:
 * every per-deal metric of the paired comparisons (`score`, `winnerScore`, `margin`,
 * `score.<source>`, `stat.<name>`, `seat<s>.score`, `seat<s>.wins`; `src/sim/metrics.ts`), each
 * with the interval of its kind (docs/reasoning.md §4, §7, §10):
 *   - a seat's win share: Wilson; when a deal has several games of the seat (rotation `all`), on the
 *     effective number of games n·p(1 − p)/(deals·sd²) that the per-deal shares' spread allows (the
 *     deal is the unit); a share of 0 or 1 has the one-sided Clopper–Pearson bound instead;
 *   - a metric whose values are whole counts ≥ 0 — every metric but a win share is a whole sum over
 *     the deal's games (or games and seats) divided by their number (`armMetrics`), so this is every
 *     one whose deal values were never negative: points, margins, statistics — the exact Poisson
 *     interval of its total over those units (Garwood), the total and the units divided by the
 *     dispersion var/mean when the deal sums spread more than Poisson counts. Rare, lumpy points (a
 *     Labyrinth scored on one deal in 200, for 2 to 18 points) then count as the few events they
 *     are, where a t interval on their per-deal means covered 81–91 % under a stop (issue 36). The
 *     measure keeps the deals with a value other than 0 (`count.events`): a stop needs enough of
 *     them (`stop-rule.ts`). No event yet: the one-sided bound;
 *   - everything else (a deal value below 0, e.g. a score under a negative seat compensation, or a
 *     summary without the deal values' range): Student t on the per-deal means (the deal is the
 *     unit), within the metric's range where it has one.
 * A sample whose units are all equal (sd 0) has no t interval: it gets the distribution-free bound
 * of `degenerateInterval` where its range is known, else none, and is marked `degenerate`.
 */
import { armMetrics } from '../sim/metrics.ts';
import { gamesPerDeal } from '../sim/plan.ts';
import type { Rotation } from '../sim/plan.ts';
import type { ArmSummary } from '../sim/summary.ts';
import type { Game } from '../engine/index.ts';
// The interval files, not the statistics index (which loads arquero into `carclab run`).
import { clopperPearson, degenerateInterval, poissonInterval } from '../stats/exact.ts';
import { meanInterval } from '../stats/mean-interval.ts';
import { wilsonInterval } from '../stats/wilson.ts';

/** One measured quantity at some number of deals: enough to give its interval at any level. */
export interface Measure {
  /** Deals (independent units) behind the estimate. */
  n: number;
  mean: number;
  /** Standard deviation of one unit (per-deal mean, or one game's win share). */
  sd: number;
  /** Present for a win share: its interval is Wilson's on these (effective) games and wins. */
  wins?: { games: number; wins: number };
  /**
   * Present for a count: the mean is per unit (game, or player and game), `units` of them in all;
   * `events`, when known, the deals whose value is not 0.
   */
  count?: { units: number; events?: number };
  /** The range one unit's value is known to lie in (a share: [0, 1]), for degenerate samples. */
  range?: [number, number];
}

export interface Interval {
  lo: number;
  hi: number;
  /** Every unit had the same value: the interval is an exact bound (or none), never "± 0". */
  degenerate?: boolean;
}

const SEAT_WINS = /^seat(\d+)\.wins$/;

/** Interval of a measure at a two-sided level (see the module comment for the kinds). */
export function measureInterval(m: Measure, level: number): Interval {
  if (m.wins) {
    const { games, wins } = m.wins;
    if (games > 0 && (wins === 0 || wins === games)) {
      const exact = clopperPearson(m.wins, { level });
      return { lo: exact.lo!, hi: exact.hi!, degenerate: true };
    }
    const w = wilsonInterval(m.wins, { level });
    return { lo: w.lo ?? 0, hi: w.hi ?? 1 };
  }
  if (m.count && m.n >= 2) {
    const dispersion = m.mean > 0 ? Math.max(1, (m.sd * m.sd * m.count.units) / (m.n * m.mean)) : 1;
    const p = poissonInterval(
      { count: (m.mean * m.count.units) / dispersion, exposure: m.count.units / dispersion },
      { level },
    );
    return { lo: p.lo!, hi: p.hi!, degenerate: m.sd === 0 };
  }
  if (m.n >= 2 && m.sd === 0) {
    const [min, max] = m.range ?? [-Infinity, Infinity];
    const d = degenerateInterval({ n: m.n, value: m.mean, min, max }, { level });
    return { lo: d.lo ?? -Infinity, hi: d.hi ?? Infinity, degenerate: true };
  }
  const t = meanInterval({ n: m.n, mean: m.mean, sd: m.sd }, { level });
  const [min, max] = m.range ?? [-Infinity, Infinity];
  return { lo: Math.max(min, t.lo ?? -Infinity), hi: Math.min(max, t.hi ?? Infinity) };
}

/** The name of the interval method of a measure, for reports. */
export function intervalMethod(m: Measure): string {
  if (m.wins)
    return m.wins.wins === 0 || m.wins.wins === m.wins.games
      ? 'Clopper–Pearson, one-sided (a share of 0 or 1)'
      : `Wilson${m.n < m.wins.games ? ' on the effective games (clustered by deal)' : ''}`;
  if (m.count)
    return m.mean === 0
      ? 'exact Poisson, one-sided (no event)'
      : 'exact Poisson (Garwood) on the total, widened by its dispersion';
  return m.n >= 2 && m.sd === 0 ? 'none: every deal alike' : 'Student t on per-deal means';
}

/** Metric names an arm of this game measures (the paired comparisons' names). */
export function metricNamesOf(game: Game, rotation: Rotation): string[] {
  return armMetrics(game, gamesPerDeal(rotation, game.players)).names;
}

/** The units of a metric's deal value (its divisor): games, or games and seats for a per-player metric. */
function unitsPerDeal(arm: ArmSummary, metric: string, gamesInDeal: number): number {
  if (metric === 'score' || metric.startsWith('score.')) return gamesInDeal * arm.players;
  if (metric.startsWith('stat.') && !arm.stats[metric.slice(5)]) return gamesInDeal * arm.players;
  return gamesInDeal;
}

/** The measure of `metric` in one arm of a summary; `metric` must be one of `metricNamesOf`. */
export function measureOf(arm: ArmSummary, metric: string): Measure {
  const d = arm.perDeal[metric];
  if (!d) throw new Error(`metric ${metric} is not measured by arm ${arm.name}`);
  const seat = SEAT_WINS.exec(metric);
  if (seat) {
    const s = arm.seats[Number(seat[1])]!;
    const p = s.winRate ?? 0;
    const range: [number, number] = [0, 1];
    // One game per deal: the games are the units. Several (rotation all): the deal is, so the games
    // count as many as the spread of the per-deal shares allows (never more than were played).
    if (d.deals === 0 || s.games === d.deals)
      return { n: s.games, mean: p, sd: Math.sqrt(p * (1 - p)), wins: { games: s.games, wins: s.wins }, range };
    // A perfect record (or none won): its exact bound counts deals, the units (issue 36).
    if (!(p > 0 && p < 1)) return { n: d.deals, mean: p, sd: 0, wins: { games: d.deals, wins: p * d.deals }, range };
    const effective = d.sd! > 0 ? Math.min(s.games, (p * (1 - p)) / ((d.sd! * d.sd!) / d.deals)) : s.games;
    return { n: d.deals, mean: p, sd: d.sd ?? NaN, wins: { games: effective, wins: p * effective }, range };
  }
  const m: Measure = { n: d.deals, mean: d.mean ?? NaN, sd: d.sd ?? NaN };
  if (d.deals === 0) return m;
  const stat = metric.startsWith('stat.') ? metric.slice(5) : null;
  const dist = stat === null ? undefined : (arm.stats[stat] ?? arm.seats[0]?.stats[stat]);
  // A statistic is a count when its values are whole and ≥ 0; any other metric when no deal was below 0.
  const whole =
    stat !== null
      ? dist !== undefined && dist.min !== null && dist.min >= 0 && Number.isInteger(dist.sum)
      : typeof d.min === 'number' && d.min >= 0; // (a summary of older code has no min: t)
  if (!whole) return m;
  const units = Math.round(d.deals * unitsPerDeal(arm, metric, arm.games / d.deals));
  return {
    ...m,
    count: { units, ...(typeof d.nonZero === 'number' ? { events: d.nonZero } : {}) },
    range: [0, Infinity],
  };
}
