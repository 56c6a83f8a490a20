/**
 * "Winner changed" with its references (docs/reasoning.md §9), from a run's effect counts
 * (`Summary.effects`, `src/sim/effect.ts`): per pair of arms a → b, the share of deals whose winner
 *   - `total`: differs between a's and b's own games (the rule and the play it causes),
 *   - `rescored`: flips when a's games are replayed move for move under b's rules (the rule alone),
 *     over the replayed games, with the games that were not replayable counted,
 *   - `independent`: would differ if the two games were independent, on unrelated deals
 *     (1 − Σ pₐ(S)·p_b(S); its interval allows for the arms sharing deals: `independentChangeRate`),
 *   - `noiseFloor`: differs between two plays of arm a with the agents' random streams changed,
 * and the mean change of a's winner's lead under b's scoring. A figure of "winner changed" is never
 * shown without both references: a run without effect counts shows none (`winnerChangeRows`).
 * Wilson 95 % intervals (one game per deal: a study's rotation is `cycle`; at 0 or n of n the
 * one-sided Clopper–Pearson bound), the delta method on the
 * pairs of winning-seat sets for the independent rate, t over the replayed games for the margin change.
 */
import { clopperPearson } from '../stats/exact.ts';
import { independentChangeRate, meanInterval, wilsonInterval } from '../stats/index.ts';
import type { EffectSummary, Summary } from '../sim/summary.ts';
import { ciPct, signed } from './numbers.ts';

/** A share (0–1) with its 95 % interval. */
export interface Share {
  share: number | null;
  lo: number | null;
  hi: number | null;
}

export interface WinnerChange {
  a: string;
  b: string;
  /** Games of arm a (one per deal). */
  games: number;
  total: Share;
  /** Null when no game could be replayed under b's rules. */
  rescored: Share | null;
  independent: Share;
  noiseFloor: Share;
  replayed: number;
  notReplayable: number;
  /** Mean change of a's winner's lead over the best other seat, b's scoring minus a's (points), over the replayed games. */
  marginChange: { mean: number | null; lo: number | null; hi: number | null } | null;
}

/** Wilson; none changed or every one (0 or n of n): the one-sided exact bound, where Wilson's falls short. */
const share = (changed: number, games: number): Share => {
  if (games > 0 && (changed === 0 || changed === games)) {
    const c = clopperPearson({ games, wins: changed });
    return { share: c.estimate, lo: c.lo, hi: c.hi };
  }
  const w = wilsonInterval({ games, wins: changed });
  return { share: w.rate, lo: w.lo, hi: w.hi };
};

/** The figures of one effect. */
export function winnerChange(e: EffectSummary): WinnerChange {
  // A summary of older code has no pairs of sets: the rate without an interval.
  const independent = independentChangeRate(e.winnersA, e.winnersB, { joint: e.winnersJoint });
  const margin = meanInterval({ n: e.replayed, sum: e.marginChangeSum, sumSq: e.marginChangeSumSq });
  return {
    a: e.a,
    b: e.b,
    games: e.games,
    total: share(e.totalChanged, e.games),
    rescored: e.replayed ? share(e.flipped, e.replayed) : null,
    independent: { share: independent.rate, lo: independent.lo, hi: independent.hi },
    noiseFloor: share(e.noiseChanged, e.games),
    replayed: e.replayed,
    notReplayable: e.games - e.replayed,
    marginChange: e.replayed ? { mean: margin.mean, lo: margin.lo, hi: margin.hi } : null,
  };
}

const pct = (s: Share | null) => (s ? ciPct({ rate: s.share, lo: s.lo, hi: s.hi }) : '–');

/** One table row per effect of the run (none without effect counts: a bare "winner changed" is not shown). */
export function winnerChangeRows(summary: Summary): Record<string, string | number>[] {
  return (summary.effects ?? []).map(winnerChange).map((w) => ({
    a: w.a,
    b: w.b,
    games: w.games,
    'winner changed (total)': pct(w.total),
    "rescored: same games, b's rules": pct(w.rescored),
    'not replayable': w.notReplayable,
    'independent games': pct(w.independent),
    'noise floor (a twice)': pct(w.noiseFloor),
    "a's winner's lead under b (points)": w.marginChange
      ? `${signed(w.marginChange.mean)} [${signed(w.marginChange.lo)}, ${signed(w.marginChange.hi)}]`
      : '–',
  }));
}

/** What the columns of `winnerChangeRows` mean, for the text above the table. */
export const WINNER_CHANGE_TEXT =
  "How often the winner (the set of winning seats) changed between arm a and arm b on the same deal, beside its two no-effect references (docs/reasoning.md §9): **total** compares the arms' own games (the rule and the play it causes); **rescored** replays a's games move for move under b's rules (the rule's direct effect; a game with a move b does not allow is *not replayable*, counted); **independent games** is the rate two games on unrelated deals would give, 1 − Σ pₐ(S)·p_b(S) over the winning-seat sets (two plays of one deal agree more often: the deal leans both the same way); the **noise floor** is arm a played twice on the same deal with the agents' random streams changed. A total near the independent rate says the paired games had diverged: it measures chaos, not the rule. Wilson 95 % intervals (for the independent rate the delta method on the pairs of winning-seat sets: the arms share deals, so their shares are not independent samples); the lead change is t over the replayed games.";

/**
 * One sentence for a headline: the direct effect, the total and both references. `otherTiles`: the
 * arms deal different tiles (expansions, tile files or counts), so no game can be rescored.
 */
export function winnerChangeSentence(w: WinnerChange, options: { otherTiles?: boolean } = {}): string {
  const rescored = options.otherTiles
    ? `the arms deal different tiles, so no game of ${w.a} can be rescored under ${w.b}'s rules (the rule's direct effect is not measured)`
    : w.rescored
      ? `rescoring ${w.a}'s games under ${w.b}'s rules flips the winner in ${pct(w.rescored)} of them${w.notReplayable ? ` (${w.notReplayable} of ${w.games} not replayable)` : ''}`
      : `${w.a}'s games cannot be replayed under ${w.b}'s rules (${w.notReplayable} of ${w.games} not replayable${w.replayed === 0 && w.notReplayable === w.games ? ': a move of every game is not allowed there' : ''})`;
  return `${rescored}; played out, the winner changed on ${pct(w.total)} of deals, against ${pct(w.independent)} for independent games and a noise floor of ${pct(w.noiseFloor)} (${w.a} played twice).`;
}
