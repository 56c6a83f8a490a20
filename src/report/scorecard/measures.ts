/**
 * What a designer reads first about a rule, per level, from the level's run: the points per player
 * by source (where the points come from) and the meeples placed per feature kind (farmers included)
 * in each arm with the paired difference, the margin's paired difference, and seat fairness — each
 * arm's joint seat test and every seat's win share, with the paired difference of each seat's win
 * share between the arms.
 *
 * Intervals: means per player are Student t over deals (the seats of a deal averaged first: the deal
 * is the unit), differences paired t over deals (no interval when every deal gave the same
 * difference), win shares Wilson (one game per deal), a seat's difference paired t within
 * [−1, 1] with Holm over the seats (in a 2-player arm the two seats are one question: seat 0 only).
 */
import { holmAdjust, seatFairness, wilsonInterval } from '../../stats/index.ts';
import type { Summary } from '../../sim/summary.ts';
import { armNamed, dealCI, pairCI } from '../numbers.ts';
import { MEEPLE_KINDS } from '../meeples.ts';
import { SOURCES } from '../run-report.ts';
import type { Estimate } from '../skill-depth.ts';

export { MEEPLE_KINDS } from '../meeples.ts';

/** A paired difference (variant − baseline) over the deals both arms played. */
export interface Difference extends Estimate {
  deals: number;
  /** Two-sided p of "no difference" (paired t); null without spread. */
  p: number | null;
  /** Every deal gave the same difference: no interval (the value is exact on these deals). */
  alike: boolean;
}

/** One quantity in both arms, with the paired difference. */
export interface ArmPair {
  baseline: Estimate;
  variant: Estimate;
  difference: Difference;
}

export interface SeatCard {
  /** Per arm: the joint seat test's p (chi-square of the seats' win counts), Holm over the two arms. */
  joint: { baseline: number; variant: number };
  /** Per seat: its win share in each arm (Wilson) and the paired difference (with Holm over the seats tested). */
  seats: ({ seat: number } & ArmPair & { holm: number | null })[];
}

export interface LevelMeasures {
  /** The mean score per player and game. */
  score: ArmPair;
  /** Points per player and game by source, for the sources either arm scores. */
  sources: ({ source: string } & ArmPair)[];
  /** Meeples placed per player and game, by feature kind; empty for a run older than these statistics. */
  meeples: ({ stat: string; label: string } & ArmPair)[];
  /** Winner − runner-up, points per game. */
  margin: ArmPair;
  seats: SeatCard;
}

const toDifference = (summary: Summary, a: string, b: string, metric: string, range?: [number, number]): Difference => {
  const c = pairCI(summary, a, b, metric);
  const alike = c.sdDiff === 0;
  const clamp = (x: number | null) => (x === null || !range ? x : Math.min(Math.max(x, range[0]), range[1]));
  return {
    estimate: c.meanDiff,
    lo: alike ? null : clamp(c.lo),
    hi: alike ? null : clamp(c.hi),
    deals: c.n,
    p: alike ? null : c.p,
    alike,
  };
};

function armPair(summary: Summary, a: string, b: string, metric: string): ArmPair {
  const mean = (arm: string): Estimate => {
    const m = dealCI(armNamed(summary, arm), metric);
    return { estimate: m.mean, lo: m.lo, hi: m.hi };
  };
  return { baseline: mean(a), variant: mean(b), difference: toDifference(summary, a, b, metric) };
}

function seatCard(summary: Summary, a: string, b: string): SeatCard {
  const arms = [armNamed(summary, a), armNamed(summary, b)];
  const [joint0, joint1] = seatFairness(arms.map((x) => ({ name: x.name, seats: x.seats })));
  const players = arms[0]!.players;
  // In a 2-player arm the two seats are one question: seat 0's share says it all.
  const tested = players === 2 ? [0] : Array.from({ length: players }, (_, s) => s);
  const share = (arm: (typeof arms)[number], seat: number): Estimate => {
    const w = wilsonInterval({ games: arm.seats[seat]!.games, wins: arm.seats[seat]!.wins });
    return { estimate: w.rate, lo: w.lo, hi: w.hi };
  };
  const rows = tested.map((seat) => ({
    seat,
    baseline: share(arms[0]!, seat),
    variant: share(arms[1]!, seat),
    difference: toDifference(summary, a, b, `seat${seat}.wins`, [-1, 1]),
  }));
  const holm = holmAdjust(rows.map((r) => r.difference.p));
  return {
    joint: { baseline: joint0!.pHolm, variant: joint1!.pHolm },
    seats: rows.map((r, k) => ({ ...r, holm: tested.length > 1 ? holm[k]! : null })),
  };
}

/** The level's measures of the baseline `a` and the variant `b` from its run summary. */
export function levelMeasures(summary: Summary, a: string, b: string): LevelMeasures {
  const arms = [armNamed(summary, a), armNamed(summary, b)];
  const scores = (source: string) => arms.some((x) => (x.perDeal[`score.${source}`]?.mean ?? 0) !== 0);
  const has = (metric: string) => arms.every((x) => x.perDeal[metric] !== undefined);
  return {
    score: armPair(summary, a, b, 'score'),
    sources: SOURCES.filter((s) => has(`score.${s}`) && scores(s)).map((source) => ({
      source,
      ...armPair(summary, a, b, `score.${source}`),
    })),
    meeples: MEEPLE_KINDS.filter((k) => has(`stat.${k.stat}`)).map((k) => ({
      ...k,
      ...armPair(summary, a, b, `stat.${k.stat}`),
    })),
    margin: armPair(summary, a, b, 'margin'),
    seats: seatCard(summary, a, b),
  };
}

/** −1, 0 or +1: the difference is established below zero, not established, or above zero. */
export function directionOf(d: Pick<Difference, 'estimate' | 'lo' | 'hi' | 'alike'>): number {
  if (d.estimate === null) return 0;
  if (d.alike) return Math.sign(d.estimate);
  if (d.lo === null || d.hi === null) return 0;
  return d.lo > 0 ? 1 : d.hi < 0 ? -1 : 0;
}
