/**
 * Records for `summaryTable` and `comparisonTable` from a run's summary (`summary.json`, built by
 * `buildSummary` in `src/sim/summary.ts`). Typed structurally, so any object of that shape works,
 * including a parsed `summary.json`.
 */
import type { PairRecord } from './comparison-table.ts';
import type { SeatRecord } from './summary-table.ts';

interface SeatLike {
  games: number;
  wins: number;
  score: { n: number; sum: number; sumSq: number; min: number | null; max: number | null };
}

/** The parts of a run summary the tables need. */
export interface SummaryLike {
  arms: readonly {
    name: string;
    seats: readonly (SeatLike & { seat: number })[];
    lineup?: readonly (SeatLike & { player: number; agent: string })[];
  }[];
  pairs: readonly { a: string; b: string; metrics: Readonly<Record<string, { deals: number; meanDiff: number | null; sd: number | null }>> }[];
}

/**
 * Seat records (table seats), lineup records (seat label "p<i>:<agent>") and pair records of a summary.
 * @example
 * const { seats, pairs } = recordsFromSummary(JSON.parse(readFileSync('results/x/run/summary.json', 'utf8')));
 * tableToMarkdown(summaryTable(seats)); tableToMarkdown(comparisonTable(pairs));
 */
export function recordsFromSummary(summary: SummaryLike): { seats: SeatRecord[]; lineup: SeatRecord[]; pairs: PairRecord[] } {
  const seat = (arm: string, label: number | string, s: SeatLike): SeatRecord => ({ arm, seat: label, games: s.games, wins: s.wins, score: s.score });
  return {
    seats: summary.arms.flatMap((arm) => arm.seats.map((s) => seat(arm.name, s.seat, s))),
    lineup: summary.arms.flatMap((arm) => (arm.lineup ?? []).map((s) => seat(arm.name, `p${s.player}:${s.agent}`, s))),
    pairs: summary.pairs.flatMap((pair) => Object.entries(pair.metrics).map(([metric, d]) => ({
      a: pair.a, b: pair.b, metric, diff: { n: d.deals, mean: d.meanDiff, sd: d.sd },
    }))),
  };
}
