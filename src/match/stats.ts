/**
 * The result of one pair of agents (a against b) over deals [0, n) of a design's outcomes:
 *   - a's win share with its Wilson interval over games (ties shared; a perfect record, won or lost
 *     every game, has the one-sided Clopper–Pearson bound instead, counted over deals, the units: the
 *     games of a deal share its tiles and agree, so n deals won whole bound the share at
 *     0.05^(1/n), not at the 0.05^(1/games) that independent games would give), and the same on the Elo scale
 *     (−400·log10(1/s − 1) of the rate and of its bounds; a bound at 0 or 1 is −∞ or +∞, `null` in
 *     JSON); beside it a deal-clustered interval of the same share: t over the deals' scores (a's
 *     share of each deal's wins), which counts the games of a deal as one unit as the pentanomial
 *     error bars of engine testing do. When every deal scored alike the t interval would have no
 *     width: the distribution-free bound of `degenerateInterval` on [0, 1] is given instead
 *     (docs/reasoning.md §10);
 *   - a's mean margin over b per game with a t interval in which the deal is the unit: the games of a
 *     deal (every seat arrangement) are averaged first, the interval is over the n deal means (none
 *     when every deal's margin is the same: a margin has no range to bound it by);
 *   - ties for first between a and b; for 2 players the pentanomial counts of the deal pairs
 *     (a's points on a deal of two seat-swapped games: 0, ½, 1, 1½, 2).
 */
import { scoreToElo } from '../stats/bradley-terry.ts';
import { clopperPearson, degenerateInterval } from '../stats/exact.ts';
import { meanInterval, wilsonInterval } from '../stats/index.ts';
import { WIN_UNITS } from '../sim/aggregate.ts';
import { dealScore } from './outcomes.ts';
import type { DealOutcomes } from './outcomes.ts';

export interface PairResult {
  a: string;
  b: string;
  deals: number;
  games: number;
  /** a's wins, ties for first shared. */
  winsA: number;
  winRateA: number | null;
  winRateALo: number | null;
  winRateAHi: number | null;
  /** t interval of the win share over deal scores (the deal is the unit); an exact bound when every deal scored alike. */
  winRateADealLo: number | null;
  winRateADealHi: number | null;
  /** Every game won by one side: the share's and the Elo's interval are one-sided bounds over the deals. */
  perfectRecord: boolean;
  /** Every deal scored alike: the deal-clustered interval is the exact bound, not a t interval. */
  dealsAlike: boolean;
  eloA: number | null;
  eloALo: number | null;
  eloAHi: number | null;
  marginA: number | null;
  marginALo: number | null;
  marginAHi: number | null;
  /** Games whose first place a and b shared. */
  ties: number;
  /** 2 players: deals on which a scored 0, ½, 1, 1½, 2 points of its 2 games; else null. */
  pentanomial: number[] | null;
}

/** The Elo of a share, null (±∞) at 0 and 1, and within rounding of them (a Wilson end of 0.9999999999999999). */
const eloOf = (x: number | null): number | null => (x === null || x < 1e-12 || x > 1 - 1e-12 ? null : scoreToElo(x));

/** Result of `pair` over the outcomes' deals [start, start + n) (default all of them). */
export function pairResult(
  outcomes: DealOutcomes,
  pair: number,
  specs: { a: string; b: string },
  players: number,
  n = outcomes.end - outcomes.start,
): PairResult {
  let games = 0;
  let winUnits = 0;
  let ties = 0;
  let sum = 0;
  let sumSq = 0;
  let scoreSum = 0;
  let scoreSumSq = 0;
  const pentanomial = players === 2 ? [0, 0, 0, 0, 0] : null;
  for (let d = outcomes.start; d < outcomes.start + n; d++) {
    const at = (d - outcomes.start) * outcomes.pairs + pair;
    const g = outcomes.games[at]!;
    games += g;
    winUnits += outcomes.winUnitsA[at]!;
    ties += outcomes.ties[at]!;
    const margin = outcomes.marginA[at]! / g;
    sum += margin;
    sumSq += margin * margin;
    const score = dealScore(outcomes, d, pair);
    scoreSum += score;
    scoreSumSq += score * score;
    if (pentanomial) pentanomial[Math.round(score * 4)]!++;
  }
  const wins = winUnits / WIN_UNITS;
  const perfectRecord = games > 0 && (wins === 0 || wins === games);
  const rate = perfectRecord
    ? { rate: wins / games, ...clopperPearson({ games: n, wins: wins === 0 ? 0 : n }) }
    : wilsonInterval({ games, wins });
  // Every deal's margin alike: no t interval (a margin has no range to bound it by), never "± 0".
  const margin = meanInterval({ n, sum, sumSq });
  if (n >= 2 && margin.sd === 0) [margin.lo, margin.hi] = [null, null];
  const byDeal = meanInterval({ n, sum: scoreSum, sumSq: scoreSumSq });
  const dealsAlike = n >= 2 && byDeal.sd === 0 ? degenerateInterval({ n, value: scoreSum / n, min: 0, max: 1 }) : null;
  return {
    a: specs.a,
    b: specs.b,
    deals: n,
    games,
    winsA: wins,
    winRateA: rate.rate,
    winRateALo: rate.lo,
    winRateAHi: rate.hi,
    winRateADealLo: dealsAlike ? dealsAlike.lo : byDeal.lo === null ? null : Math.max(0, byDeal.lo),
    winRateADealHi: dealsAlike ? dealsAlike.hi : byDeal.hi === null ? null : Math.min(1, byDeal.hi),
    perfectRecord,
    dealsAlike: dealsAlike !== null,
    eloA: eloOf(rate.rate),
    eloALo: eloOf(rate.lo),
    eloAHi: eloOf(rate.hi),
    marginA: margin.mean,
    marginALo: margin.lo,
    marginAHi: margin.hi,
    ties,
    pentanomial,
  };
}
