/**
 * Records for `summaryTable` and `comparisonTable` from a run's summary (`summary.json`, built by
 * `buildSummary` in `src/sim/summary.ts`). Typed structurally, so any object of that shape works,
 * including a parsed `summary.json`.
 */
import { shareDesignEffect } from './cluster.ts';
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
    /** Per-deal means of `seat<s>.wins` and `seat<s>.score` (the deal is the unit when a seat plays several games per deal). */
    perDeal?: Readonly<Record<string, { deals: number; mean: number | null; sd: number | null }>>;
  }[];
  pairs: readonly {
    a: string;
    b: string;
    metrics: Readonly<Record<string, { deals: number; meanDiff: number | null; sd: number | null }>>;
  }[];
}

/**
 * Seat records (table seats), lineup records (seat label "p<i>:<agent>") and pair records of a summary.
 * When a seat plays several games per deal (rotation `all`), its games are not independent
 * (docs/reasoning.md §4): its score is described by the per-deal means (t over deals) and its win share
 * carries the design effect of the per-deal shares.
 * @example
 * const { seats, pairs } = recordsFromSummary(JSON.parse(readFileSync('results/x/run/summary.json', 'utf8')));
 * tableToMarkdown(summaryTable(seats)); tableToMarkdown(comparisonTable(pairs));
 */
export function recordsFromSummary(summary: SummaryLike): {
  seats: SeatRecord[];
  lineup: SeatRecord[];
  pairs: PairRecord[];
} {
  const seat = (arm: string, label: number | string, s: SeatLike): SeatRecord => ({
    arm,
    seat: label,
    games: s.games,
    wins: s.wins,
    score: s.score,
  });
  const tableSeat = (arm: SummaryLike['arms'][number], s: SeatLike & { seat: number }): SeatRecord => {
    const wins = arm.perDeal?.[`seat${s.seat}.wins`];
    const score = arm.perDeal?.[`seat${s.seat}.score`];
    if (!wins || !score || !(s.games > wins.deals) || wins.deals === 0) return seat(arm.name, s.seat, s);
    const designEffect = shareDesignEffect({
      share: s.wins / s.games,
      sdPerDeal: wins.sd,
      gamesPerDeal: s.games / wins.deals,
    });
    return {
      arm: arm.name,
      seat: s.seat,
      games: s.games,
      wins: s.wins,
      designEffect,
      score: { n: score.deals, mean: score.mean, sd: score.sd, min: s.score.min, max: s.score.max },
    };
  };
  return {
    seats: summary.arms.flatMap((arm) => arm.seats.map((s) => tableSeat(arm, s))),
    lineup: summary.arms.flatMap((arm) => (arm.lineup ?? []).map((s) => seat(arm.name, `p${s.player}:${s.agent}`, s))),
    pairs: summary.pairs.flatMap((pair) =>
      Object.entries(pair.metrics).map(([metric, d]) => ({
        a: pair.a,
        b: pair.b,
        metric,
        diff: { n: d.deals, mean: d.meanDiff, sd: d.sd },
      })),
    ),
  };
}
