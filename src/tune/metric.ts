/**
 * The measured quantities a stopping rule or a tuning targets, read from one arm of a run's summary:
 * every per-deal metric of the paired comparisons (`score`, `winnerScore`, `margin`,
 * `score.<source>`, `stat.<name>`, `seat<s>.score`, `seat<s>.wins`; `src/sim/metrics.ts`), each
 * with its interval: Wilson for a seat's win share (a seat plays one game per deal, so its games are
 * independent), Student t on the per-deal means for everything else (the deal is the unit,
 * `STUDIES.md` §4, §7).
 */
import { armMetrics } from '../sim/metrics.ts';
import { gamesPerDeal } from '../sim/plan.ts';
import type { Rotation } from '../sim/plan.ts';
import type { ArmSummary } from '../sim/summary.ts';
import type { Game } from '../engine/index.ts';
// The two interval files, not the statistics index (which loads arquero into `carclab run`).
import { meanInterval } from '../stats/mean-interval.ts';
import { wilsonInterval } from '../stats/wilson.ts';

/** One measured quantity at some number of deals: enough to give its interval at any level. */
export interface Measure {
  /** Deals (independent units) behind the estimate. */
  n: number;
  mean: number;
  /** Standard deviation of one unit (per-deal mean, or one game's win share). */
  sd: number;
  /** Present for a win share: its interval is Wilson's. */
  wins?: { games: number; wins: number };
}

export interface Interval {
  lo: number;
  hi: number;
}

const SEAT_WINS = /^seat(\d+)\.wins$/;

/** Interval of a measure at a two-sided level (t with n − 1 degrees of freedom, or Wilson). */
export function measureInterval(m: Measure, level: number): Interval {
  if (m.wins) {
    const w = wilsonInterval(m.wins, { level });
    return { lo: w.lo ?? 0, hi: w.hi ?? 1 };
  }
  const t = meanInterval({ n: m.n, mean: m.mean, sd: m.sd }, { level });
  return { lo: t.lo ?? -Infinity, hi: t.hi ?? Infinity };
}

/** The name of the interval method of a metric, for reports. */
export const intervalMethod = (metric: string): string => (SEAT_WINS.test(metric) ? 'Wilson' : 'Student t on per-deal means');

/** Metric names an arm of this game measures (the paired comparisons' names). */
export function metricNamesOf(game: Game, rotation: Rotation): string[] {
  return armMetrics(game, gamesPerDeal(rotation, game.players)).names;
}

/** The measure of `metric` in one arm of a summary; `metric` must be one of `metricNamesOf`. */
export function measureOf(arm: ArmSummary, metric: string): Measure {
  const seat = SEAT_WINS.exec(metric);
  if (seat) {
    const s = arm.seats[Number(seat[1])]!;
    const p = s.winRate ?? 0;
    return { n: s.games, mean: p, sd: Math.sqrt(p * (1 - p)), wins: { games: s.games, wins: s.wins } };
  }
  const d = arm.perDeal[metric];
  if (!d) throw new Error(`metric ${metric} is not measured by arm ${arm.name}`);
  return { n: d.deals, mean: d.mean ?? NaN, sd: d.sd ?? NaN };
}
