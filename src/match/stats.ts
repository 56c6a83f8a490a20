/**
 * The result of one pair of agents (a against b) over deals [0, n) of a design's outcomes:
 *   - a's win share with its Wilson interval over games (ties shared), and the same on the Elo scale
 *     (−400·log10(1/s − 1) of the rate and of its bounds); beside it a deal-clustered interval of the
 *     same share: t over the deals' scores (a's share of each deal's wins), which counts the games of
 *     a deal as one unit as the pentanomial error bars of engine testing do (with every deal scored
 *     alike it has no width, where Wilson still has);
 *   - a's mean margin over b per game with a t interval in which the deal is the unit: the games of a
 *     deal (every seat arrangement) are averaged first, the interval is over the n deal means;
 *   - ties for first between a and b; for 2 players the pentanomial counts of the deal pairs
 *     (a's points on a deal of two seat-swapped games: 0, ½, 1, 1½, 2).
 */
import { scoreToElo } from '../stats/bradley-terry.ts';
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
  /** t interval of the win share over deal scores (the deal is the unit). */
  winRateADealLo: number | null;
  winRateADealHi: number | null;
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

const finite = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : x);

/** Result of `pair` over the outcomes' deals [start, start + n) (default all of them). */
export function pairResult(outcomes: DealOutcomes, pair: number, specs: { a: string; b: string }, players: number, n = outcomes.end - outcomes.start): PairResult {
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
  const rate = wilsonInterval({ games, wins });
  const margin = meanInterval({ n, sum, sumSq });
  const byDeal = meanInterval({ n, sum: scoreSum, sumSq: scoreSumSq });
  const elo = (x: number | null) => (x === null ? null : finite(scoreToElo(x)));
  return {
    a: specs.a, b: specs.b, deals: n, games, winsA: wins,
    winRateA: rate.rate, winRateALo: rate.lo, winRateAHi: rate.hi,
    winRateADealLo: byDeal.lo === null ? null : Math.max(0, byDeal.lo), winRateADealHi: byDeal.hi === null ? null : Math.min(1, byDeal.hi),
    eloA: elo(rate.rate), eloALo: elo(rate.lo), eloAHi: elo(rate.hi),
    marginA: margin.mean, marginALo: margin.lo, marginAHi: margin.hi,
    ties, pentanomial,
  };
}
