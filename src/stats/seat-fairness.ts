/**
 * Is an arm fair to every seat? (docs/reasoning.md §3.) First the arm jointly: Pearson's chi-square
 * goodness of fit of the seats' win counts against an equal share, df = players − 1,
 *
 *   X² = Σ_s (w_s − g/P)² / (g/P),   p = Q((P − 1)/2, X²/2)   (g games, P players, Q the upper
 *   regularized incomplete gamma: the chi-square survival function)
 *
 * — in a 2-player arm that is the one question "does seat 0 win more than half". The joint p-values
 * of a family of arms are Holm-adjusted together; only in an arm whose adjusted joint p is at most α
 * are seats named: each seat's two-sided z-test of its share against 1/P (normal approximation of the
 * binomial), Holm-adjusted within the arm. Ties for first share the win, so counts may be fractional.
 * When a seat plays several games per deal (rotation `all`), the games of a deal are one unit
 * (docs/reasoning.md §4): X² and z² are divided by the arm's design effect (first-order Rao–Scott).
 */
import { holmAdjust } from './holm.ts';
import { normalCdf } from './normal.ts';
import { gammaQ } from './special.ts';

export interface SeatFairnessArm {
  name: string;
  /** Per seat: games played in it and wins (ties shared); every seat of an arm has the same games. */
  seats: readonly { games: number; wins: number }[];
  /** The arm's design effect (`shareDesignEffect`, mean over its seats), default 1: independent games. */
  designEffect?: number;
}

export interface SeatFairnessResult {
  name: string;
  players: number;
  games: number;
  chiSquare: number;
  df: number;
  p: number;
  /** Holm-adjusted over the family of arms. */
  pHolm: number;
  /** Seats named as away from 1/players (empty unless the arm's adjusted joint p ≤ α); in a 2-player arm the seat that wins more. */
  seats: { seat: number; rate: number; p: number; pHolm: number }[];
}

/** Chi-square survival function P(X > x) for df degrees of freedom. */
export const chiSquareSf = (x: number, df: number): number => (x <= 0 ? 1 : gammaQ(df / 2, x / 2));

/**
 * Joint seat-fairness tests of a family of arms, Holm across the arms, then seats named within each flagged arm.
 * @example seatFairness([{ name: 'a', seats: [{ games: 100, wins: 60 }, { games: 100, wins: 40 }] }])
 * // [{ chiSquare: 4, df: 1, p: 0.0455, pHolm: 0.0455, seats: [{ seat: 0, rate: 0.6, … }] }]
 */
export function seatFairness(arms: readonly SeatFairnessArm[], alpha = 0.05): SeatFairnessResult[] {
  const joint = arms.map((arm) => {
    const P = arm.seats.length;
    const games = arm.seats[0]?.games ?? 0;
    const expected = games / P;
    const chiSquare =
      expected > 0
        ? arm.seats.reduce((t, s) => t + (s.wins - expected) ** 2 / expected, 0) / (arm.designEffect ?? 1)
        : 0;
    return { name: arm.name, players: P, games, chiSquare, df: P - 1, p: chiSquareSf(chiSquare, P - 1) };
  });
  const adjusted = holmAdjust(joint.map((j) => j.p));
  return joint.map((j, a) => {
    const pHolm = adjusted[a]!;
    const seats = arms[a]!.seats;
    const P = j.players;
    let named: SeatFairnessResult['seats'] = [];
    if (pHolm <= alpha && j.games > 0) {
      const tests = seats.map((s, seat) => {
        const rate = s.wins / s.games;
        const z = (rate - 1 / P) / Math.sqrt(((1 / P) * (1 - 1 / P) * (arms[a]!.designEffect ?? 1)) / s.games);
        return { seat, rate, p: Math.min(1, 2 * normalCdf(-Math.abs(z))) };
      });
      if (P === 2) {
        // One question: the seat that wins more, with the joint test's p.
        const top = tests[0]!.rate >= tests[1]!.rate ? tests[0]! : tests[1]!;
        named = [{ ...top, p: j.p, pHolm }];
      } else {
        const within = holmAdjust(tests.map((t) => t.p));
        named = tests.map((t, k) => ({ ...t, pHolm: within[k]! })).filter((t) => t.pHolm <= alpha);
      }
    }
    return { ...j, pHolm, seats: named };
  });
}
