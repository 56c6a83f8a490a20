/**
 * Per-deal outcomes of a match design, from the runner's per-game columns (`arm`, `deal`, `rotation`,
 * `score<seat>`). For each deal and pair of agents (a, b), over the deal's games of that pair:
 *   - games;
 *   - a's win units: in each game the winners (highest score) share `WIN_UNITS`, and a's units are
 *     those of its seats (a tie for first between a and b shares the win, as everywhere in carclab);
 *   - a's margin: mean score of a's seats minus mean score of b's seats, summed over the games;
 *   - ties: games whose first place a and b share.
 * Lineup player i sits in seat (i + rotation) mod P (`src/sim/plan.ts`).
 */
import { WIN_UNITS } from '../sim/aggregate.ts';
import type { Columns } from '../sim/columns.ts';
import type { MatchDesign } from './design.ts';

export interface DealOutcomes {
  /** Deals [start, end) of the outcomes. */
  start: number;
  end: number;
  pairs: number;
  /** Index (deal − start) · pairs + pair. */
  games: Float64Array;
  winUnitsA: Float64Array;
  marginA: Float64Array;
  ties: Float64Array;
}

/** Outcomes of deals [start, end) from columns holding (at least) every game of those deals. */
export function dealOutcomes(design: MatchDesign, columns: Columns, start: number, end: number): DealOutcomes {
  const pairs = design.pairs.length;
  const size = (end - start) * pairs;
  const out: DealOutcomes = {
    start,
    end,
    pairs,
    games: new Float64Array(size),
    winUnitsA: new Float64Array(size),
    marginA: new Float64Array(size),
    ties: new Float64Array(size),
  };
  const P = design.players;
  const scoreColumns = Array.from({ length: P }, (_, s) => columns[`score${s}`]!);
  const arm = columns.arm!;
  const deal = columns.deal!;
  const rotation = columns.rotation!;
  const isA = new Array<boolean>(P);
  for (let row = 0; row < deal.length; row++) {
    const d = deal[row]!;
    if (d < start || d >= end) continue;
    const { pair, sideA } = design.arms[arm[row]!]!;
    const r = rotation[row]!;
    let best = -Infinity;
    for (let s = 0; s < P; s++) {
      isA[s] = sideA[(s - r + P) % P]!;
      best = Math.max(best, scoreColumns[s]![row]!);
    }
    let winners = 0;
    let winnersA = 0;
    let sumA = 0;
    let sumB = 0;
    let countA = 0;
    for (let s = 0; s < P; s++) {
      const score = scoreColumns[s]![row]!;
      if (isA[s]) {
        sumA += score;
        countA++;
      } else sumB += score;
      if (score === best) {
        winners++;
        if (isA[s]) winnersA++;
      }
    }
    const at = (d - start) * pairs + pair;
    out.games[at]!++;
    out.winUnitsA[at]! += (WIN_UNITS / winners) * winnersA;
    out.marginA[at]! += sumA / countA - sumB / (P - countA);
    if (winnersA > 0 && winnersA < winners) out.ties[at]!++;
  }
  const perDeal = design.lineups.length * P;
  for (let i = 0; i < size; i++) {
    if (out.games[i] !== perDeal)
      throw new Error(
        `deal ${start + Math.floor(i / pairs)}: ${out.games[i]} games of pair ${i % pairs} in the results, expected ${perDeal}`,
      );
  }
  return out;
}

/** a's score on a deal: its share of the deal's wins, in [0, 1]. */
export const dealScore = (o: DealOutcomes, deal: number, pair: number): number => {
  const at = (deal - o.start) * o.pairs + pair;
  return o.winUnitsA[at]! / (WIN_UNITS * o.games[at]!);
};
