/**
 * A ladder's numbers from its per-deal outcomes: the cross-play matrix (each agent's win share
 * against each other with a Wilson interval, its margin with a t interval over deal means) and
 * Bradley–Terry ratings on the Elo scale (`src/stats/bradley-terry.ts`, 0.1 virtual win per ordered
 * pair) anchored at `random` = 0 when random is in the ladder, else at the first agent.
 *
 * Rating intervals: a percentile bootstrap over deals. Every pair plays the same deals, so a
 * replicate draws deals with replacement (the same draw for every pair: the deal is the unit), sums
 * each pair's wins over the drawn deals, refits and re-anchors; the interval is the 2.5 and 97.5 %
 * quantiles of each agent's replicates. The stream is explicit: (run seed, 'ladder-bootstrap').
 *
 * Perfect records (docs/reasoning.md §10): where the agents above some place in the order won every game
 * against those below (a "cut"), the gap across it is set by the virtual win alone, and so are the
 * bootstrap intervals across it. A rating on the other side of a cut from the anchor is therefore
 * given as a bound only (`bound`: the Elo of the one-sided Clopper–Pearson bound of the agent's
 * deals against the anchor, every one won whole, "≥ +477": the deal is the unit, its games agree),
 * and so is a difference between neighbours across a cut. Its Bradley–Terry estimate and bootstrap
 * interval are then the virtual win's artefacts, and the result holds null in their place.
 * Rankings are tested (docs/reasoning.md §6): `adjacent` gives the difference between each agent and the
 * next one down, paired by the bootstrap over deals (its 2.5 and 97.5 % quantiles), and an agent
 * gets a rank of its own only when that difference's interval excludes 0 (else it shares its
 * neighbour's, shown as "2=").
 */
import { WIN_UNITS } from '../sim/aggregate.ts';
import { makeRng } from '../sim/rng.ts';
import { bradleyTerry, scoreToElo } from '../stats/bradley-terry.ts';
import { clopperPearson } from '../stats/exact.ts';
import { sortedQuantile } from '../stats/bootstrap.ts';
import type { MatchDesign } from './design.ts';
import type { DealOutcomes } from './outcomes.ts';
import { pairResult } from './stats.ts';
import type { PairResult } from './stats.ts';

export const BOOTSTRAP_RESAMPLES = 1000;

export interface Rating {
  spec: string;
  /** The spec as given. */
  label: string;
  /** 1 = strongest; agents whose difference from the next one up is not established share its rank. */
  rank: number;
  /** The Bradley–Terry estimate (with the virtual wins) and its bootstrap interval; null across a perfect-record cut from the anchor, where they are the virtual win's artefacts: see `bound`. */
  elo: number | null;
  eloLo: number | null;
  eloHi: number | null;
  /** Across a perfect-record cut from the anchor: the only rating the data give, a bound (≥ above the anchor, ≤ below); else null. */
  bound: number | null;
  /** Which bound `bound` is: `lower` (≥) for an agent above the anchor, `upper` (≤) below it; null without a bound. */
  boundSide: 'lower' | 'upper' | null;
  games: number;
  /** Share of all its games won (ties shared), against the whole field. */
  winRate: number;
}

/** One ordered cell of the matrix: `row`'s results against `col` (agents by their labels). */
export interface MatrixCell {
  row: string;
  col: string;
  games: number;
  winRate: number | null;
  winRateLo: number | null;
  winRateHi: number | null;
  margin: number | null;
  marginLo: number | null;
  marginHi: number | null;
}

/** An agent against the next one down in the order of the ratings. */
export interface AdjacentDifference {
  upper: string;
  lower: string;
  /** Rating difference upper − lower (Elo) with its bootstrap interval; null across a cut, where `bound` replaces them. */
  diff: number | null;
  lo: number | null;
  hi: number | null;
  /** Every game between the agents above and those below was won by those above: the difference is at least this (Elo). */
  bound: number | null;
  /** The interval (or the bound) lies above 0: the order of the two is established. */
  separated: boolean;
}

export interface LadderResult {
  format: 'carclab-ladder/1';
  specs: string[];
  /** The specs as given, in the same order. */
  labels: string[];
  anchor: string;
  players: number;
  deals: number;
  games: number;
  ratings: Rating[];
  /** Neighbours in the order of the ratings, strongest first. */
  adjacent: AdjacentDifference[];
  matrix: MatrixCell[];
  /** The pairs as played (a against b), with every figure of a match. */
  pairs: PairResult[];
  bootstrap: { resamples: number; level: number; stream: string };
  smoothing: number;
}

/** `random` (under any parameters) if it plays, else the first agent. */
export const anchorIndex = (specs: readonly string[]): number =>
  Math.max(
    0,
    specs.findIndex((s) => s.split(':')[0] === 'random'),
  );

/** Wins (in units) per ordered pair summed over a multiset of deals given as weights. */
function winMatrix(design: MatchDesign, o: DealOutcomes, weights: ArrayLike<number>): number[][] {
  const m = design.specs.length;
  const wins = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  design.pairs.forEach(({ a, b }, p) => {
    for (let d = 0; d < weights.length; d++) {
      const w = weights[d]!;
      if (w === 0) continue;
      const at = d * o.pairs + p;
      const units = o.winUnitsA[at]!;
      wins[a]![b]! += (w * units) / WIN_UNITS;
      wins[b]![a]! += (w * (WIN_UNITS * o.games[at]! - units)) / WIN_UNITS;
    }
  });
  return wins;
}

const flip = (cell: PairResult, row: string, col: string): MatrixCell => ({
  row,
  col,
  games: cell.games,
  winRate: cell.winRateA === null ? null : 1 - cell.winRateA,
  winRateLo: cell.winRateAHi === null ? null : 1 - cell.winRateAHi,
  winRateHi: cell.winRateALo === null ? null : 1 - cell.winRateALo,
  margin: cell.marginA === null ? null : -cell.marginA,
  marginLo: cell.marginAHi === null ? null : -cell.marginAHi,
  marginHi: cell.marginALo === null ? null : -cell.marginALo,
});

export function ladderResult(
  design: MatchDesign,
  outcomes: DealOutcomes,
  options: { resamples?: number; smoothing?: number } = {},
): LadderResult {
  const { specs, labels } = design;
  const deals = outcomes.end - outcomes.start;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const smoothing = options.smoothing ?? 0.1;
  const anchor = anchorIndex(specs);
  // 1. The pairs and the matrix (both directions of every pair).
  const pairs = design.pairs.map(({ a, b }, p) =>
    pairResult(outcomes, p, { a: specs[a]!, b: specs[b]! }, design.players),
  );
  // 2. Ratings on all deals, then on bootstrap replicates of the deals.
  const fit = bradleyTerry(winMatrix(design, outcomes, new Float64Array(deals).fill(1)), { smoothing, anchor });
  const replicates = bootstrapElo(design, outcomes, { resamples, smoothing, anchor });
  // 3. The ranking, its perfect-record cuts, and the neighbours' differences.
  const ranking = rankingOf(design, outcomes, fit.elo);
  const adjacent = adjacentDifferences(labels, ranking, fit.elo, replicates);
  return {
    format: 'carclab-ladder/1',
    specs,
    labels,
    anchor: specs[anchor]!,
    players: design.players,
    deals,
    games: pairs.reduce((t, r) => t + r.games, 0),
    ratings: ratingsOf(design, pairs, { ranking, adjacent, elo: fit.elo, replicates, anchor }),
    adjacent,
    matrix: matrixCells(design, pairs),
    pairs,
    bootstrap: { resamples, level: 0.95, stream: `${design.plan.seed}:ladder-bootstrap` },
    smoothing,
  };
}

/** The cross-play matrix: both directions of every pair. */
function matrixCells(design: MatchDesign, pairs: readonly PairResult[]): MatrixCell[] {
  const { labels } = design;
  const matrix: MatrixCell[] = [];
  design.pairs.forEach(({ a, b }, p) => {
    const r = pairs[p]!;
    matrix.push({
      row: labels[a]!,
      col: labels[b]!,
      games: r.games,
      winRate: r.winRateA,
      winRateLo: r.winRateALo,
      winRateHi: r.winRateAHi,
      margin: r.marginA,
      marginLo: r.marginALo,
      marginHi: r.marginAHi,
    });
    matrix.push(flip(r, labels[b]!, labels[a]!));
  });
  return matrix;
}

/** Each agent's Elo on `resamples` bootstrap replicates of the deals (the same draw for every pair). */
function bootstrapElo(
  design: MatchDesign,
  outcomes: DealOutcomes,
  options: { resamples: number; smoothing: number; anchor: number },
): Float64Array[] {
  const { resamples, smoothing, anchor } = options;
  const deals = outcomes.end - outcomes.start;
  const rng = makeRng(design.plan.seed, 'ladder-bootstrap');
  const replicates = design.specs.map(() => new Float64Array(resamples));
  const weights = new Float64Array(deals);
  for (let k = 0; k < resamples; k++) {
    weights.fill(0);
    for (let i = 0; i < deals; i++) weights[Math.floor(rng() * deals)]!++;
    const elo = bradleyTerry(winMatrix(design, outcomes, weights), { smoothing, anchor }).elo;
    elo.forEach((e, i) => {
      replicates[i]![k] = e;
    });
  }
  return replicates;
}

/** The agents in the order of their ratings, with the perfect-record cuts in that order. */
interface Ranking {
  /** Agent indices, strongest first. */
  order: number[];
  /** `cutAfter[k]`: the agents up to place k won every game against those below. */
  cutAfter: boolean[];
  /** Wins per ordered pair over all deals. */
  all: number[][];
  deals: number;
}

function rankingOf(design: MatchDesign, outcomes: DealOutcomes, elo: readonly number[]): Ranking {
  const deals = outcomes.end - outcomes.start;
  const order = design.specs.map((_, i) => i).sort((i, j) => elo[j]! - elo[i]!);
  const all = winMatrix(design, outcomes, new Float64Array(deals).fill(1));
  const cutAfter = order.map(
    (_, k) =>
      k < order.length - 1 &&
      order.slice(0, k + 1).every((i) => order.slice(k + 1).every((j) => all[j]![i]! === 0 && all[i]![j]! > 0)),
  );
  return { order, cutAfter, all, deals };
}

/** Whether a perfect-record cut lies between agents i and j. */
function crossesCut(r: Ranking, i: number, j: number): boolean {
  const [pi, pj] = [r.order.indexOf(i), r.order.indexOf(j)];
  return r.cutAfter.slice(Math.min(pi, pj), Math.max(pi, pj)).some(Boolean);
}

/** The Elo gap i − j the deals of i against j bound when one side won every game (one-sided Clopper–Pearson over deals). */
function pairBound({ all, deals }: Ranking, i: number, j: number): number | null {
  const games = all[i]![j]! + all[j]![i]!;
  if (!(games > 0 && deals > 0) || (all[i]![j]! > 0 && all[j]![i]! > 0)) return null;
  const c = clopperPearson({ games: deals, wins: all[i]![j]! > 0 ? deals : 0 });
  return all[j]![i]! === 0 ? scoreToElo(c.lo!) : scoreToElo(c.hi!);
}

/** Each agent against the next one down: the bootstrap interval of their difference, or a bound across a cut. */
function adjacentDifferences(
  labels: readonly string[],
  ranking: Ranking,
  elo: readonly number[],
  replicates: readonly Float64Array[],
): AdjacentDifference[] {
  const { order, cutAfter } = ranking;
  return order.slice(0, -1).map((i, k): AdjacentDifference => {
    const j = order[k + 1]!;
    const diffs = Float64Array.from(replicates[i]!, (e, r) => e - replicates[j]![r]!).sort();
    const lo = sortedQuantile(diffs, 0.025);
    const hi = sortedQuantile(diffs, 0.975);
    const bound = cutAfter[k] ? pairBound(ranking, i, j) : null;
    const measured = !cutAfter[k];
    return {
      upper: labels[i]!,
      lower: labels[j]!,
      diff: measured ? elo[i]! - elo[j]! : null,
      lo: measured ? lo : null,
      hi: measured ? hi : null,
      bound,
      separated: cutAfter[k] ? bound !== null && bound > 0 : lo > 0,
    };
  });
}

/** Each agent's rating (or its bound across a cut from the anchor), rank, games and overall win share. */
function ratingsOf(
  design: MatchDesign,
  pairs: readonly PairResult[],
  fitted: {
    ranking: Ranking;
    adjacent: readonly AdjacentDifference[];
    elo: readonly number[];
    replicates: readonly Float64Array[];
    anchor: number;
  },
): Rating[] {
  const { specs, labels } = design;
  const { ranking, adjacent, elo, replicates, anchor } = fitted;
  const { order } = ranking;
  const games = specs.map(() => 0);
  const wins = specs.map(() => 0);
  design.pairs.forEach(({ a, b }, p) => {
    games[a]! += pairs[p]!.games;
    games[b]! += pairs[p]!.games;
    wins[a]! += pairs[p]!.winsA;
    wins[b]! += pairs[p]!.games - pairs[p]!.winsA;
  });
  const rankOf = new Array<number>(specs.length);
  order.forEach((i, k) => {
    rankOf[i] = k === 0 || adjacent[k - 1]!.separated ? k + 1 : rankOf[order[k - 1]!]!;
  });
  return specs.map((spec, i): Rating => {
    const sorted = replicates[i]!.slice().sort();
    const bound = i !== anchor && crossesCut(ranking, i, anchor) ? pairBound(ranking, i, anchor) : null;
    return {
      spec,
      label: labels[i]!,
      rank: rankOf[i]!,
      elo: bound === null ? elo[i]! : null,
      eloLo: bound === null ? sortedQuantile(sorted, 0.025) : null,
      eloHi: bound === null ? sortedQuantile(sorted, 0.975) : null,
      bound,
      boundSide: bound === null ? null : order.indexOf(i) < order.indexOf(anchor) ? 'lower' : 'upper',
      games: games[i]!,
      winRate: wins[i]! / games[i]!,
    };
  });
}
