/**
 * The per-arm, per-seat summary table: win rate with its Wilson interval and mean score with its t
 * interval, one row per record, as an arquero table (export with `tableToCSV`/`tableToMarkdown`).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { meanInterval } from './mean-interval.ts';
import type { LevelOptions, MomentsInput } from './types.ts';
import { wilsonInterval } from './wilson.ts';

/** One arm and seat, as the runner aggregates it (`SeatData`/`SeatSummary` fit after renaming). */
export interface SeatRecord {
  arm: string;
  /** Table seat (0 moves first), a lineup label, or a label such as "all" for the whole arm. */
  seat: number | string;
  games: number;
  /** Wins with ties shared (1/k each for a k-way tie for first). */
  wins: number;
  /** Scores of the seat; `min`/`max` are copied to the table when present. */
  score?: MomentsInput & { min?: number | null; max?: number | null };
  /** Games per deal cluster (rotation `all`): the Wilson interval uses games / designEffect (`shareDesignEffect`). */
  designEffect?: number;
}

/** Column names of `summaryTable`, in order. */
export const SUMMARY_COLUMNS = [
  'arm',
  'seat',
  'games',
  'wins',
  'winRate',
  'winLo',
  'winHi',
  'scoreMean',
  'scoreSd',
  'scoreLo',
  'scoreHi',
  'scoreMin',
  'scoreMax',
] as const;

/**
 * Summary table with interval columns: `winRate` [`winLo`, `winHi`] (Wilson, on the effective games
 * when a record has a design effect) and `scoreMean`
 * [`scoreLo`, `scoreHi`] (Student t), plus `scoreSd`, `scoreMin`, `scoreMax`; null where undefined.
 * @example
 * summaryTable([{ arm: 'base', seat: 0, games: 20, wins: 7, score: { n: 20, sum: 1700, sumSq: 148000 } }])
 * // one row: winRate 0.35 [0.181, 0.567], scoreMean 85 [80.5, 89.5] …
 */
export function summaryTable(records: readonly SeatRecord[], options: LevelOptions = {}): ColumnTable {
  const columns: Record<(typeof SUMMARY_COLUMNS)[number], unknown[]> = Object.fromEntries(
    SUMMARY_COLUMNS.map((c) => [c, []]),
  ) as never;
  for (const r of records) {
    const deff = r.designEffect ?? 1;
    const w = wilsonInterval({ games: r.games / deff, wins: r.wins / deff }, options);
    const s = r.score ? meanInterval(r.score, options) : null;
    columns.arm.push(r.arm);
    columns.seat.push(r.seat);
    columns.games.push(r.games);
    columns.wins.push(r.wins);
    columns.winRate.push(w.rate);
    columns.winLo.push(w.lo);
    columns.winHi.push(w.hi);
    columns.scoreMean.push(s?.mean ?? null);
    columns.scoreSd.push(s?.sd ?? null);
    columns.scoreLo.push(s?.lo ?? null);
    columns.scoreHi.push(s?.hi ?? null);
    columns.scoreMin.push(r.score?.min ?? null);
    columns.scoreMax.push(r.score?.max ?? null);
  }
  return aq.table(columns);
}
