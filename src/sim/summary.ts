/**
 * `summary.json` and the CSV tables of a run, derived from the merged aggregate only. Nothing here
 * depends on how the run was executed (workers, shard sizes, backend, timings), so the same plan
 * gives a byte-identical summary. Means and standard deviations are computed from the exact sums
 * (variance numerators in BigInt); intervals are left to the statistics layer (`src/stats`), so every
 * interval of a number is computed one way (Student t for means and paired differences).
 */
import type { Game, ParamValue } from '../engine/index.ts';
import { registeredScoreSources } from '../expansions/index.ts';
import { WIN_UNITS } from './aggregate.ts';
import type { Aggregate, DiffData, DistData, SeatData } from './aggregate.ts';
import type { EffectData } from './effect.ts';
import type { RunLayout } from './metrics.ts';
import { gamesPerDeal } from './plan.ts';
import type { HistogramSpec, Plan } from './plan.ts';
import type { QualityData } from './quality.ts';

export interface DistSummary {
  n: number;
  mean: number | null;
  sd: number | null;
  se: number | null;
  min: number | null;
  max: number | null;
  sum: number;
  sumSq: number;
  /** Bin k counts values in [lo + k·width, lo + (k+1)·width) of the run's `histogram`; `counts[i]` is bin start + i. */
  histogram: { start: number; counts: number[]; under: number; over: number };
}

export interface DiffSummary {
  deals: number;
  meanDiff: number | null;
  sd: number | null;
  se: number | null;
  min: number | null;
  max: number | null;
  positive: number;
  negative: number;
  zero: number;
}

/** Moments over deals of an arm's per-deal mean of a metric (the deal is the unit: use these for intervals). */
export interface DealMeans {
  deals: number;
  mean: number | null;
  sd: number | null;
  se: number | null;
  /** The smallest and largest per-deal value, and the deals whose value is not 0 (a rare metric's events). */
  min: number | null;
  max: number | null;
  nonZero: number;
}

/** How often the winning seats changed between two arms' games of the same deal and rotation. */
export interface WinnerChanged {
  deals: number;
  games: number;
  changed: number;
  /** changed / games. */
  share: number | null;
  /** Standard deviation over deals of the per-deal share (for a deal-clustered interval when a deal has several games). */
  sdPerDeal: number | null;
}

export interface SeatSummary {
  games: number;
  wins: number;
  winRate: number | null;
  ranks: number[];
  score: DistSummary;
  sources: Record<string, number | null>;
  stats: Record<string, DistSummary>;
}

export interface ArmSummary {
  name: string;
  players: number;
  expansions: string[];
  agents: string[];
  rules: Record<string, ParamValue>;
  games: number;
  winnerScore: DistSummary;
  margin: DistSummary;
  stats: Record<string, DistSummary>;
  seats: (SeatSummary & { seat: number })[];
  lineup: (SeatSummary & { player: number; agent: string })[];
  /** Per metric (`score` per player, `winnerScore`, `score.<source>`, `stat.<name>`, `seat<s>.wins` …): its per-deal means over deals. */
  perDeal: Record<string, DealMeans>;
  /** The game-quality measures' exact sums when the run recorded them (`qualityMeasures` of `src/stats` gives the measures). */
  quality?: QualityData;
}

export interface Summary {
  format: 'carclab-summary/1';
  experiment: string;
  seed: string;
  deals: number;
  rotation: string;
  games: number;
  histogram: HistogramSpec;
  arms: ArmSummary[];
  /**
   * Paired per-deal differences, arm b minus arm a; `sameMoves`: deals on which both arms played the
   * same moves in every game; `winnerChanged`: null when the arms have different player counts.
   */
  pairs: {
    a: string;
    b: string;
    metrics: Record<string, DiffSummary>;
    sameMoves: number;
    winnerChanged: WinnerChanged | null;
  }[];
  /**
   * The direct effects of the plan's pairs and the references of "winner changed" (`src/sim/effect.ts`):
   * the counts, with the arms named; absent when the plan asked for none.
   */
  effects?: EffectSummary[];
}

/** An effect's counts (`EffectData`) with its arms named. */
export type EffectSummary = Omit<EffectData, 'a' | 'b'> & { a: string; b: string };

/** Variance (n−1 denominator) from exact sums; null below 2 values. */
function variance(n: number, sum: number, sumSq: number): number | null {
  if (n < 2) return null;
  if (Number.isSafeInteger(sum) && Number.isSafeInteger(sumSq)) {
    const num = BigInt(n) * BigInt(sumSq) - BigInt(sum) * BigInt(sum);
    return Number(num) / (n * (n - 1));
  }
  return Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
}

export function describeDist(d: DistData): DistSummary {
  const v = variance(d.n, d.sum, d.sumSq);
  return {
    n: d.n,
    mean: d.n ? d.sum / d.n : null,
    sd: v === null ? null : Math.sqrt(v),
    se: v === null ? null : Math.sqrt(v / d.n),
    min: d.min,
    max: d.max,
    sum: d.sum,
    sumSq: d.sumSq,
    histogram: { start: d.start, counts: d.counts, under: d.under, over: d.over },
  };
}

export function describeDiff(d: DiffData, scale: number): DiffSummary {
  const v = variance(d.n, d.sum, d.sumSq);
  const mean = d.n ? d.sum / d.n / scale : null;
  const sd = v === null ? null : Math.sqrt(v) / scale;
  const se = sd === null ? null : sd / Math.sqrt(d.n);
  return {
    deals: d.n,
    meanDiff: mean,
    sd,
    se,
    min: d.min === null ? null : d.min / scale,
    max: d.max === null ? null : d.max / scale,
    positive: d.positive,
    negative: d.negative,
    zero: d.zero,
  };
}

function describeDealMeans(d: DiffData, divisor: number): DealMeans {
  const v = variance(d.n, d.sum, d.sumSq);
  const sd = v === null ? null : Math.sqrt(v) / divisor;
  return {
    deals: d.n,
    mean: d.n ? d.sum / d.n / divisor : null,
    sd,
    se: sd === null ? null : sd / Math.sqrt(d.n),
    min: d.min === null ? null : d.min / divisor,
    max: d.max === null ? null : d.max / divisor,
    nonZero: d.positive + d.negative,
  };
}

function describeWinnerChanged(d: DiffData, gamesInDeal: number): WinnerChanged | null {
  if (d.n === 0) return null;
  const v = variance(d.n, d.sum, d.sumSq);
  return {
    deals: d.n,
    games: d.n * gamesInDeal,
    changed: d.sum,
    share: d.sum / (d.n * gamesInDeal),
    sdPerDeal: v === null ? null : Math.sqrt(v) / gamesInDeal,
  };
}

function describeSeat(s: SeatData, game: Game): SeatSummary {
  return {
    games: s.games,
    wins: s.winUnits / WIN_UNITS,
    winRate: s.games ? s.winUnits / WIN_UNITS / s.games : null,
    ranks: s.ranks,
    score: describeDist(s.score),
    sources: Object.fromEntries(
      registeredScoreSources().map((name, j) => [name, s.games ? s.sources[j]! / s.games : null]),
    ),
    stats: Object.fromEntries(game.playerStatNames.map((name, k) => [name, describeDist(s.playerStats[k]!)])),
  };
}

export function buildSummary(plan: Plan, games: readonly Game[], layout: RunLayout, aggregate: Aggregate): Summary {
  return {
    format: 'carclab-summary/1',
    experiment: plan.experiment,
    seed: plan.seed,
    deals: plan.deals,
    rotation: plan.rotation,
    games: aggregate.games,
    histogram: plan.histogram,
    arms: plan.arms.map((arm, a) => {
      const data = aggregate.arms[a]!;
      const game = games[a]!;
      return {
        name: arm.name,
        players: arm.players,
        expansions: arm.expansions,
        agents: arm.agents,
        rules: arm.rules,
        games: data.games,
        winnerScore: describeDist(data.winnerScore),
        margin: describeDist(data.margin),
        stats: Object.fromEntries(game.statNames.map((name, k) => [name, describeDist(data.stats[k]!)])),
        seats: data.seats.map((s, seat) => ({ seat, ...describeSeat(s, game) })),
        lineup: data.players.map((s, player) => ({ player, agent: arm.agents[player]!, ...describeSeat(s, game) })),
        perDeal: Object.fromEntries(
          layout.arms[a]!.names.map((name, k) => [
            name,
            describeDealMeans(data.deal[k]!, layout.arms[a]!.divisors[k]!),
          ]),
        ),
        ...(data.quality ? { quality: data.quality } : {}),
      };
    }),
    pairs: layout.pairs.map((pair, i) => ({
      a: plan.arms[pair.a]!.name,
      b: plan.arms[pair.b]!.name,
      metrics: Object.fromEntries(
        pair.metrics.map((m, j) => [m.name, describeDiff(aggregate.pairs[i]!.metrics[j]!, m.scale)]),
      ),
      sameMoves: aggregate.pairs[i]!.sameMoves,
      winnerChanged: describeWinnerChanged(
        aggregate.pairs[i]!.winnerChanged,
        gamesPerDeal(plan.rotation, plan.arms[pair.a]!.players),
      ),
    })),
    ...(aggregate.effects
      ? { effects: aggregate.effects.map((e) => ({ ...e, a: plan.arms[e.a]!.name, b: plan.arms[e.b]!.name })) }
      : {}),
  };
}

// ---- CSV ----------------------------------------------------------------------------------------

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(10)));
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
/** CSV lines of rows: numbers to 10 significant digits, text quoted when it needs it, empty for null. */
export const csvLines = (rows: readonly (readonly unknown[])[]): string =>
  rows.map((r) => `${r.map(cell).join(',')}\n`).join('');
/** CSV text: a header row, then the rows. */
export const csv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  csvLines([header, ...rows]);

/** The CSV tables: seats.csv, lineup.csv, stats.csv, pairs.csv. */
export function summaryTables(summary: Summary): Record<string, string> {
  const sources = registeredScoreSources();
  const seatHeader = [
    'games',
    'wins',
    'winRate',
    'scoreMean',
    'scoreSd',
    'scoreMin',
    'scoreMax',
    ...sources.map((s) => `${s}Mean`),
  ];
  const seatCells = (s: SeatSummary) => [
    s.games,
    s.wins,
    s.winRate,
    s.score.mean,
    s.score.sd,
    s.score.min,
    s.score.max,
    ...sources.map((n) => s.sources[n]),
  ];
  const statRows: unknown[][] = [];
  for (const arm of summary.arms) {
    const push = (stat: string, seat: number | null, d: DistSummary) =>
      statRows.push([arm.name, stat, seat, d.n, d.mean, d.sd, d.min, d.max]);
    push('winnerScore', null, arm.winnerScore);
    push('margin', null, arm.margin);
    for (const [name, d] of Object.entries(arm.stats)) push(name, null, d);
    for (const seat of arm.seats) for (const [name, d] of Object.entries(seat.stats)) push(name, seat.seat, d);
  }
  return {
    'seats.csv': csv(
      ['arm', 'seat', ...seatHeader],
      summary.arms.flatMap((arm) => arm.seats.map((s) => [arm.name, s.seat, ...seatCells(s)])),
    ),
    'lineup.csv': csv(
      ['arm', 'player', 'agent', ...seatHeader],
      summary.arms.flatMap((arm) => arm.lineup.map((s) => [arm.name, s.player, s.agent, ...seatCells(s)])),
    ),
    'stats.csv': csv(['arm', 'stat', 'seat', 'n', 'mean', 'sd', 'min', 'max'], statRows),
    'pairs.csv': csv(
      [
        'a',
        'b',
        'metric',
        'deals',
        'meanDiff',
        'se',
        'sd',
        'min',
        'max',
        'positive',
        'negative',
        'zero',
        'sameMovesDeals',
        'winnerChangedGames',
      ],
      summary.pairs.flatMap((p) =>
        Object.entries(p.metrics).map(([metric, d]) => [
          p.a,
          p.b,
          metric,
          d.deals,
          d.meanDiff,
          d.se,
          d.sd,
          d.min,
          d.max,
          d.positive,
          d.negative,
          d.zero,
          p.sameMoves,
          p.winnerChanged?.changed,
        ]),
      ),
    ),
  };
}
