/**
 * The game-quality measures of an arm with their 95 % intervals, from its exact sums
 * (`src/sim/quality.ts`, `summary.arms[i].quality`). Every measure is a ratio Σx / Σy of per-deal
 * sums; its interval is the ratio estimator's (delta method, the deal the unit, docs/reasoning.md §4):
 * se = √(Σ (x_d − R·y_d)² / (n(n − 1))) / ȳ with Student t on n − 1 degrees of freedom. The share
 * of close games, one game per deal, is a share of games: Wilson. All deals alike (no spread): the
 * distribution-free bound of `degenerateInterval` where the measure has a range, else none.
 *
 * @example qualityMeasures(summary.arms[0].quality).leadChanges // { estimate: 3.1, lo: 2.8, hi: 3.4, n: 200 }
 */
import type { QualityData, RatioData } from '../sim/quality.ts';
import { CLOSE_MARGIN, PAIRED_MEASURES, QUARTERS } from '../sim/quality.ts';
import { degenerateInterval } from './exact.ts';
import { studentTQuantile } from './student-t.ts';
import { DEFAULT_LEVEL } from './types.ts';
import type { LevelOptions } from './types.ts';
import { wilsonInterval } from './wilson.ts';

export interface MeasureInterval {
  estimate: number | null;
  lo: number | null;
  hi: number | null;
  /** Deals measured. */
  deals: number;
}

export interface RacePoint {
  turn: number;
  /** The eventual winner's mean expected lead after this turn, in points. */
  estimate: number | null;
  lo: number | null;
  hi: number | null;
}

export interface QualityMeasures {
  games: number;
  /** Games tied for first: they have no eventual winner and are left out of drama, decisiveness and the race. */
  tiedGames: number;
  /** Lead changes per game on the expected totals (score + what the board promises). */
  leadChanges: MeasureInterval;
  /** Lead changes per game on the raw scores. */
  scoreLeadChanges: MeasureInterval;
  /** Share of turns the eventual winner was behind (drama). */
  behindShare: MeasureInterval;
  /** How far behind, in points, on a turn it was behind. */
  behindBy: MeasureInterval;
  /** Share of the game played after the eventual winner took the lead for good (decisiveness). */
  decidedShare: MeasureInterval;
  /** Share of games with a final margin ≤ `closeMargin` points. */
  closeShare: MeasureInterval;
  closeMargin: number;
  /** The score race: per turn, the eventual winner's mean expected lead. */
  race: RacePoint[];
}

/** Σx / Σy with its interval (`range`: what the ratio can be, for a sample without spread). */
export function ratioInterval(
  r: RatioData,
  range: [number, number],
  options: LevelOptions = {},
  scale = 1,
): MeasureInterval {
  const level = options.level ?? DEFAULT_LEVEL;
  if (r.n === 0 || r.y === 0) return { estimate: null, lo: null, hi: null, deals: r.n };
  const R = r.x / r.y;
  const residuals = Math.max(0, r.xx - 2 * R * r.xy + R * R * r.yy);
  // Below a rounding of the sums: every deal on the ratio, no spread to estimate.
  if (residuals <= 1e-9 * Math.max(1, r.xx) || r.n < 2) {
    const d = degenerateInterval(
      { n: r.n, value: Math.min(range[1], Math.max(range[0], R)), min: range[0], max: range[1] },
      { level },
    );
    return {
      estimate: R / scale,
      lo: d.lo === null ? null : d.lo / scale,
      hi: d.hi === null ? null : d.hi / scale,
      deals: r.n,
    };
  }
  const se = Math.sqrt(residuals / (r.n * (r.n - 1))) / (r.y / r.n);
  const half = studentTQuantile(1 - (1 - level) / 2, r.n - 1) * se;
  const lo = Math.max(range[0], R - half);
  const hi = Math.min(range[1], R + half);
  return { estimate: R / scale, lo: lo / scale, hi: hi / scale, deals: r.n };
}

/** The measures of one arm from its quality sums. */
export function qualityMeasures(q: QualityData, options: LevelOptions = {}): QualityMeasures {
  const games = q.close.y;
  const won = q.race[0]?.y ?? 0;
  const oneGamePerDeal = q.close.n === games && q.close.yy === games;
  const close =
    oneGamePerDeal && games > 0
      ? (() => {
          const w = wilsonInterval({ games, wins: q.close.x }, options);
          return { estimate: w.rate, lo: w.lo, hi: w.hi, deals: q.close.n };
        })()
      : ratioInterval(q.close, [0, 1], options);
  return {
    games,
    tiedGames: games - won,
    leadChanges: ratioInterval(q.leadChanges, [0, Infinity], options),
    scoreLeadChanges: ratioInterval(q.scoreLeadChanges, [0, Infinity], options),
    behindShare: ratioInterval(q.behind, [0, 1], options),
    behindBy: ratioInterval(q.deficit, [0, Infinity], options, QUARTERS),
    decidedShare: ratioInterval(q.decided, [0, 1], options),
    closeShare: close,
    closeMargin: CLOSE_MARGIN,
    race: q.race.map((r, t) => ({ turn: t + 1, ...ratioInterval(r, [-Infinity, Infinity], options, QUARTERS) })),
  };
}

/** The measures with paired differences between two arms, by their name in `QualityMeasures`. */
export const QUALITY_DIFFERENCES = [
  { key: 'leadChanges', data: 'leadChanges', range: Infinity, scale: 1 },
  { key: 'scoreLeadChanges', data: 'scoreLeadChanges', range: Infinity, scale: 1 },
  { key: 'behindShare', data: 'behind', range: 1, scale: 1 },
  { key: 'behindBy', data: 'deficit', range: Infinity, scale: QUARTERS },
  { key: 'decidedShare', data: 'decided', range: 1, scale: 1 },
  { key: 'closeShare', data: 'close', range: 1, scale: 1 },
] as const satisfies readonly {
  key: keyof QualityMeasures;
  data: (typeof PAIRED_MEASURES)[number];
  range: number;
  scale: number;
}[];

export type QualityDifferences = Record<(typeof QUALITY_DIFFERENCES)[number]['key'], MeasureInterval>;

/**
 * Arm b's measures minus arm a's, paired per deal (both arms played the same deals): for ratios
 * R = Σx / Σy, the delta method's residual of a deal is u = (x_b − R_b·y_b) / ȳ_b − (x_a − R_a·y_a) / ȳ_a,
 * and se = √(Σu² / (n(n − 1))) with Student t on n − 1 degrees of freedom; Σu² comes from each arm's
 * sums and their cross sums (`cross`, `src/sim/quality.ts`). A share's difference stays in [−1, 1];
 * without spread, the distribution-free bound where the difference has a range, else none.
 *
 * @example qualityDifference(baseline.quality, variant.quality, summary.effects[0].quality).closeShare // { estimate: 0.02, lo: -0.01, hi: 0.05, deals: 1000 }
 */
export function qualityDifference(
  a: QualityData,
  b: QualityData,
  cross: readonly number[],
  options: LevelOptions = {},
): QualityDifferences {
  const level = options.level ?? DEFAULT_LEVEL;
  const one = (m: (typeof QUALITY_DIFFERENCES)[number]): MeasureInterval => {
    const k = PAIRED_MEASURES.indexOf(m.data);
    const [ra, rb] = [a[m.data], b[m.data]];
    const n = Math.min(ra.n, rb.n);
    if (n === 0 || ra.y === 0 || rb.y === 0) return { estimate: null, lo: null, hi: null, deals: n };
    const [Ra, Rb] = [ra.x / ra.y, rb.x / rb.y];
    const [ya, yb] = [ra.y / n, rb.y / n];
    const ssA = ra.xx - 2 * Ra * ra.xy + Ra * Ra * ra.yy;
    const ssB = rb.xx - 2 * Rb * rb.xy + Rb * Rb * rb.yy;
    const [xaxb, xayb, yaxb, yayb] = cross.slice(4 * k, 4 * k + 4) as [number, number, number, number];
    const ssAB = xaxb - Ra * yaxb - Rb * xayb + Ra * Rb * yayb;
    const residuals = Math.max(0, ssB / (yb * yb) + ssA / (ya * ya) - (2 * ssAB) / (ya * yb));
    const D = Rb - Ra;
    const range: [number, number] = [-m.range, m.range];
    if (n < 2 || residuals <= 1e-9 * Math.max(1, Math.abs(ssA) / (ya * ya) + Math.abs(ssB) / (yb * yb))) {
      const d = degenerateInterval(
        { n, value: Math.min(range[1], Math.max(range[0], D)), min: range[0], max: range[1] },
        { level },
      );
      return {
        estimate: D / m.scale,
        lo: d.lo === null ? null : d.lo / m.scale,
        hi: d.hi === null ? null : d.hi / m.scale,
        deals: n,
      };
    }
    const half = studentTQuantile(1 - (1 - level) / 2, n - 1) * Math.sqrt(residuals / (n * (n - 1)));
    return {
      estimate: D / m.scale,
      lo: Math.max(range[0], D - half) / m.scale,
      hi: Math.min(range[1], D + half) / m.scale,
      deals: n,
    };
  };
  return Object.fromEntries(QUALITY_DIFFERENCES.map((m) => [m.key, one(m)])) as QualityDifferences;
}
