/**
 * Mergeable, exact aggregates (docs/architecture.md §7). Every quantity the
 * engine reports is a whole number (scores, counts, statistics), so counts, sums, sums of squares,
 * min/max and fixed-bin histograms of them are exact in doubles while they stay below 2^53; a merge
 * is then plain addition, associative and order-independent, and the merged result is bit-identical
 * whatever the shard sizes, the number of workers or the order shards finish in. Both the shard
 * (`checkExact`) and `merge` refuse a sum past 2^53 instead of silently rounding.
 *
 * Wins with ties shared are counted in 1/60ths (`WIN_UNITS`): 60 is divisible by every player count.
 */
import { mergeEffect } from './effect.ts';
import type { EffectData } from './effect.ts';
import type { HistogramSpec } from './plan.ts';
import { mergeQuality } from './quality.ts';
import type { QualityData } from './quality.ts';

export const WIN_UNITS = 60;

/** Moments and histogram of one quantity. `start` is the first bin of `counts` (leading/trailing empty bins are trimmed). */
export interface DistData {
  n: number;
  sum: number;
  sumSq: number;
  min: number | null;
  max: number | null;
  under: number;
  over: number;
  start: number;
  counts: number[];
}

/** Per-deal paired differences of one metric between two arms, in units of 1/`scale`. */
export interface DiffData {
  n: number;
  sum: number;
  sumSq: number;
  min: number | null;
  max: number | null;
  positive: number;
  negative: number;
  zero: number;
}

/** One seat (table position) or one lineup player of an arm. */
export interface SeatData {
  games: number;
  winUnits: number;
  /** Games finished at rank 1, 2, … (ties share the better rank). */
  ranks: number[];
  score: DistData;
  /** Points summed per score source (`registeredScoreSources` order). */
  sources: number[];
  /** One per `game.playerStatNames`. */
  playerStats: DistData[];
}

export interface ArmData {
  games: number;
  seats: SeatData[];
  players: SeatData[];
  winnerScore: DistData;
  margin: DistData;
  /** One per `game.statNames`. */
  stats: DistData[];
  /**
   * Per-deal sums of the arm's metrics (`armMetrics`, in units of 1/divisor), one per metric: their
   * moments give deal-clustered intervals for per-player and per-game means (the deal is the unit).
   */
  deal: DiffData[];
  /** The game-quality measures' sums, when the plan asks for them (`plan.quality`). */
  quality?: QualityData;
}

export interface PairData {
  a: number;
  b: number;
  /** One per metric of the pair's layout (`pairMetrics`). */
  metrics: DiffData[];
  /** Deals on which every game of arm b played the same moves as arm a's (same move hashes). */
  sameMoves: number;
  /**
   * Per deal, the number of games (matched by rotation) whose set of winning seats differs between
   * the arms; no values when the arms have different player counts.
   */
  winnerChanged: DiffData;
}

export interface Aggregate {
  format: string;
  /** Deal ranges covered, sorted and coalesced: [start, end). */
  ranges: [number, number][];
  games: number;
  arms: ArmData[];
  pairs: PairData[];
  /** The plan's effects (`Plan.effects`, `src/sim/effect.ts`); absent when it asks for none. */
  effects?: EffectData[];
}

// ---- accumulation (hot path) --------------------------------------------------------------------

/** Count, sums, min and max of one quantity (the part `Dist` and `Diff` share). */
class Moments {
  n = 0;
  sum = 0;
  sumSq = 0;
  min = Infinity;
  max = -Infinity;

  // hot path
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }

  protected moments(): { n: number; sum: number; sumSq: number; min: number | null; max: number | null } {
    return {
      n: this.n,
      sum: this.sum,
      sumSq: this.sumSq,
      min: this.n ? this.min : null,
      max: this.n ? this.max : null,
    };
  }
}

/** Accumulates one quantity with a fixed-bin histogram; `toData` gives the mergeable form. */
export class Dist extends Moments {
  under = 0;
  over = 0;
  private readonly counts: Float64Array;
  private readonly lo: number;
  private readonly width: number;

  constructor(spec: HistogramSpec) {
    super();
    this.counts = new Float64Array(spec.bins);
    this.lo = spec.lo;
    this.width = spec.width;
  }

  // hot path
  override add(x: number): void {
    super.add(x);
    const bin = Math.floor((x - this.lo) / this.width);
    if (bin < 0) this.under++;
    else if (bin >= this.counts.length) this.over++;
    else this.counts[bin]!++;
  }

  toData(): DistData {
    let first = 0;
    let last = this.counts.length;
    while (first < last && this.counts[first] === 0) first++;
    while (last > first && this.counts[last - 1] === 0) last--;
    return {
      ...this.moments(),
      under: this.under,
      over: this.over,
      start: first < last ? first : 0,
      counts: Array.from(this.counts.subarray(first, last)),
    };
  }
}

/** Accumulates per-deal values (paired differences, an arm's deal sums), counting how many were positive, negative or zero. */
export class Diff extends Moments {
  positive = 0;
  negative = 0;
  zero = 0;

  // hot path
  override add(x: number): void {
    super.add(x);
    if (x > 0) this.positive++;
    else if (x < 0) this.negative++;
    else this.zero++;
  }

  toData(): DiffData {
    return { ...this.moments(), positive: this.positive, negative: this.negative, zero: this.zero };
  }
}

// ---- merging ------------------------------------------------------------------------------------

const exactSum = (a: number, b: number, what: string): number => {
  const s = a + b;
  if (!Number.isSafeInteger(s) && Number.isInteger(a) && Number.isInteger(b)) {
    throw new Error(`aggregate ${what} exceeds 2^53 and would no longer be exact; split the run into smaller ones`);
  }
  return s;
};

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

export function mergeDist(a: DistData, b: DistData): DistData {
  let start: number;
  let counts: number[];
  if (a.counts.length === 0 || b.counts.length === 0) {
    const only = a.counts.length ? a : b;
    start = only.start;
    counts = only.counts.slice();
  } else {
    start = Math.min(a.start, b.start);
    const end = Math.max(a.start + a.counts.length, b.start + b.counts.length);
    counts = new Array<number>(end - start).fill(0);
    a.counts.forEach((c, i) => {
      counts[a.start - start + i]! += c;
    });
    b.counts.forEach((c, i) => {
      counts[b.start - start + i]! += c;
    });
  }
  return {
    n: a.n + b.n,
    sum: exactSum(a.sum, b.sum, 'sum'),
    sumSq: exactSum(a.sumSq, b.sumSq, 'sum of squares'),
    min: minOf(a.min, b.min),
    max: maxOf(a.max, b.max),
    under: a.under + b.under,
    over: a.over + b.over,
    start,
    counts,
  };
}

export function mergeDiff(a: DiffData, b: DiffData): DiffData {
  return {
    n: a.n + b.n,
    sum: exactSum(a.sum, b.sum, 'sum'),
    sumSq: exactSum(a.sumSq, b.sumSq, 'sum of squares'),
    min: minOf(a.min, b.min),
    max: maxOf(a.max, b.max),
    positive: a.positive + b.positive,
    negative: a.negative + b.negative,
    zero: a.zero + b.zero,
  };
}

const addArrays = (a: readonly number[], b: readonly number[]): number[] => a.map((x, i) => exactSum(x, b[i]!, 'sum'));

function mergeSeat(a: SeatData, b: SeatData): SeatData {
  return {
    games: a.games + b.games,
    winUnits: a.winUnits + b.winUnits,
    ranks: addArrays(a.ranks, b.ranks),
    score: mergeDist(a.score, b.score),
    sources: addArrays(a.sources, b.sources),
    playerStats: a.playerStats.map((d, i) => mergeDist(d, b.playerStats[i]!)),
  };
}

function mergeArm(a: ArmData, b: ArmData): ArmData {
  return {
    games: a.games + b.games,
    seats: a.seats.map((s, i) => mergeSeat(s, b.seats[i]!)),
    players: a.players.map((s, i) => mergeSeat(s, b.players[i]!)),
    winnerScore: mergeDist(a.winnerScore, b.winnerScore),
    margin: mergeDist(a.margin, b.margin),
    stats: a.stats.map((d, i) => mergeDist(d, b.stats[i]!)),
    deal: a.deal.map((d, i) => mergeDiff(d, b.deal[i]!)),
    ...(a.quality && b.quality ? { quality: mergeQuality(a.quality, b.quality) } : {}),
  };
}

/** Sorted, coalesced union of deal ranges; overlapping ranges mean a deal would count twice. */
export function unionRanges(a: readonly [number, number][], b: readonly [number, number][]): [number, number][] {
  const all = [...a, ...b].map(([s, e]) => [s, e] as [number, number]).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const r of all) {
    const last = out[out.length - 1];
    if (last && r[0] < last[1]) throw new Error(`deal ranges overlap: [${last[0]}, ${last[1]}) and [${r[0]}, ${r[1]})`);
    if (last && r[0] === last[1]) last[1] = r[1];
    else out.push(r);
  }
  return out;
}

/** Merges two aggregates of the same plan over disjoint deal ranges. Associative and commutative. */
export function mergeAggregates(a: Aggregate, b: Aggregate): Aggregate {
  if (
    a.format !== b.format ||
    a.arms.length !== b.arms.length ||
    a.pairs.length !== b.pairs.length ||
    a.effects?.length !== b.effects?.length
  ) {
    throw new Error('cannot merge aggregates of different plans');
  }
  return {
    format: a.format,
    ranges: unionRanges(a.ranges, b.ranges),
    games: a.games + b.games,
    arms: a.arms.map((arm, i) => mergeArm(arm, b.arms[i]!)),
    pairs: a.pairs.map((p, i) => ({
      a: p.a,
      b: p.b,
      metrics: p.metrics.map((m, j) => mergeDiff(m, b.pairs[i]!.metrics[j]!)),
      sameMoves: p.sameMoves + b.pairs[i]!.sameMoves,
      winnerChanged: mergeDiff(p.winnerChanged, b.pairs[i]!.winnerChanged),
    })),
    ...(a.effects ? { effects: a.effects.map((e, i) => mergeEffect(e, b.effects![i]!)) } : {}),
  };
}

/** Throws when a shard's sums left the range where doubles hold whole numbers exactly. */
export function checkExact(aggregate: Aggregate): void {
  const check = (d: { sum: number; sumSq: number }) => {
    if (Number.isInteger(d.sumSq) && !Number.isSafeInteger(d.sumSq)) {
      throw new Error('a shard sum of squares exceeds 2^53 and would no longer be exact; use smaller shards');
    }
  };
  for (const arm of aggregate.arms) {
    for (const seat of [...arm.seats, ...arm.players]) [seat.score, ...seat.playerStats].forEach(check);
    [arm.winnerScore, arm.margin, ...arm.stats, ...arm.deal].forEach(check);
  }
  for (const pair of aggregate.pairs) pair.metrics.forEach(check);
}
