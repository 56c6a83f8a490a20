/**
 * Conclusions per skill level (docs/reasoning.md §2): a study states each conclusion as one number per
 * level, computed from per-deal values (so the deal is the unit), with the interval its kind calls
 * for — Wilson for a win share with one game per deal (no win or every one: the one-sided
 * Clopper–Pearson bound), Student t over deals for other means, paired
 * t for differences — and says whether it holds across levels by *estimating the difference between
 * levels* (paired t over the deals the levels share: all levels of a study run on one seed, so a
 * smaller run's deals are the first deals of a larger one), never by comparing significance.
 *
 * A conclusion "holds at every level" when every level's interval lies on the same side of the
 * reference (an intersection–union test: each level tested at 5 %, no adjustment needed), and, for a
 * claim about one seat of an arm, the arm's joint seat test is significant at every level
 * (docs/reasoning.md §3: the arm first, then the seat).
 *
 * Degenerate and tiny samples (docs/reasoning.md §10): an interval stays within what its quantity can be
 * (a share in [0, 1], a difference of shares in [−1, 1]); values that are all equal get the
 * distribution-free bound of `degenerateInterval` on that range (none for an unbounded mean), never
 * "± 0"; fewer than `FEW_DEALS` deals are said to be too few. A difference between levels is shown
 * with both levels' estimates on the deals it is computed on (docs/reasoning.md §12), not beside
 * estimates from other deals whose sign may disagree. How conclusions are said (sentences, the table,
 * the chart) is `level-text.ts`'s.
 */
import { clopperPearson, degenerateInterval } from '../stats/exact.ts';
import { meanInterval, pairedComparison, welchComparison, wilsonInterval } from '../stats/index.ts';
import type { PairedComparison } from '../stats/index.ts';
import { count, differenceOnSharedDeals, Games, sums } from './numbers.ts';
import type { DealValues } from './numbers.ts';
import type { LoadedRun, Manifest } from './run.ts';

/**
 * One skill level: its short name (`agents`: the name the user gave, else `levelLabel` of the spec;
 * reports, charts, tables and folder names use it), the full canonical spec every seat played
 * (`spec`, listed once in the report's run facts), and its finished run.
 */
export interface LevelRun {
  agents: string;
  spec: string;
  run: LoadedRun;
}

/** One level's run with its per-game rows and arm lookups. */
export interface LevelRows extends LevelRun {
  games: Games;
  /** Index of the arm named `name` in the manifest, or −1. */
  arm(name: string): number;
  /** The manifest's arms that use `expansion` (or none, for `null`: the base game). */
  armsWith(expansion: string | null): Manifest['arms'];
  players: number;
}

export function levelRows(level: LevelRun): LevelRows {
  const table = level.run.games();
  if (!table) throw new Error(`${level.run.dir}: no games.arrow; run the experiment with --keep-games`);
  const arms = level.run.manifest.arms;
  return {
    ...level,
    games: new Games(table),
    arm: (name) => arms.findIndex((a) => a.name === name),
    armsWith: (expansion) =>
      arms.filter((a) => (expansion === null ? a.expansions.length === 0 : a.expansions.includes(expansion))),
    players: arms[0]!.players,
  };
}

/** What an expansion study reads of its levels first: their rows and names, and the arms of the first. */
export interface ExpansionLevels {
  levels: LevelRows[];
  /** The levels' agent specs. */
  names: string[];
  players: number;
  /** The name of the base-game arm. */
  base: string;
  /** The arms with the expansion. */
  variants: Manifest['arms'];
  /** The levels' sizes, for chart captions (`levelSizes`). */
  size: string;
}

export function expansionLevels(runs: readonly LevelRun[], expansion: string): ExpansionLevels {
  const levels = runs.map(levelRows);
  const first = levels[0]!;
  return {
    levels,
    names: levels.map((l) => l.agents),
    players: first.players,
    base: first.armsWith(null)[0]!.name,
    variants: first.armsWith(expansion),
    size: levelSizes(levels),
  };
}

/**
 * Per-deal values of one conclusion at every level: `of(level, armIndex…)` is called with the indices
 * of the named arms, and a level lacking one of them gets null.
 */
export function acrossLevels(
  levels: readonly LevelRows[],
  arms: readonly string[],
  of: (level: LevelRows, ...index: number[]) => DealValues,
): (DealValues | null)[] {
  return levels.map((l) => {
    const index = arms.map((name) => l.arm(name));
    return index.some((i) => i < 0) ? null : of(l, ...index);
  });
}

/** "random 12,000 deals, greedy 600 deals, …" for chart subtitles. */
export const levelSizes = (levels: readonly LevelRun[]): string =>
  levels.map((l) => `${l.agents} ${count(l.run.summary.deals)} deals`).join(', ');

/** `share`: a win share in [0, 1] (Wilson); `mean`: a mean (t over deals); `difference`: a paired difference (paired t). */
export type ConclusionKind = 'share' | 'mean' | 'difference';

export interface Conclusion {
  /** What is estimated, with its unit, e.g. "advanced − basic, mean score per player (points)". */
  label: string;
  kind: ConclusionKind;
  /** The value a claim is made against: 0 for a difference, the fair share for a win share. */
  reference: number;
  /** Per level, in the study's level order; null where a level has no such value. */
  values: (DealValues | null)[];
  /** Shown as percentages (shares and share differences). */
  percent?: boolean;
  /** A total over a game's players (toll income per game), not a per-player figure: a bottom line sizes it against the game's points. */
  perGame?: boolean;
  /**
   * A claim about one seat of an arm: per level, the Holm-adjusted p of the arm's joint seat test
   * (null where the level has no such test); the claim holds at a level only if the arm is flagged.
   */
  jointTest?: (number | null)[];
}

/** Fewer deals than this and a figure says it rests on too few. */
export const FEW_DEALS = 10;

/** What one deal's value of a conclusion can be: [0, 1] for a share, [−1, 1] for a difference of shares, else open. */
export const rangeOf = (kind: ConclusionKind, percent?: boolean): [number, number] =>
  kind === 'share' ? [0, 1] : percent ? [-1, 1] : [-Infinity, Infinity];

/** An interval clamped to a range; all-equal values (sd 0) get the exact bound on it instead. */
function withinRange(
  est: { n: number; mean: number | null; sd: number | null; lo: number | null; hi: number | null },
  range: [number, number],
): { lo: number | null; hi: number | null; degenerate: boolean } {
  if (est.n >= 2 && est.sd === 0 && est.mean !== null) {
    const d = degenerateInterval({
      n: est.n,
      value: Math.min(Math.max(est.mean, range[0]), range[1]),
      min: range[0],
      max: range[1],
    });
    return { lo: d.lo, hi: d.hi, degenerate: true };
  }
  const clamp = (x: number | null) => (x === null ? null : Math.min(Math.max(x, range[0]), range[1]));
  return { lo: clamp(est.lo), hi: clamp(est.hi), degenerate: false };
}

export interface LevelEstimate {
  deals: number;
  estimate: number | null;
  lo: number | null;
  hi: number | null;
  /** The interval's method, as named on the page. */
  method: string;
  /** Every deal had the same value: the interval is the exact bound (or none). */
  degenerate?: boolean;
}

/** The estimate of one level's per-deal values with the interval of its kind, within the range of its values. */
export function levelEstimate(kind: ConclusionKind, v: DealValues, percent?: boolean): LevelEstimate {
  const s = sums(v.values);
  if (kind === 'share' && v.games === v.deals.length) {
    // No win or every one (0 or n of n): the one-sided exact bound, where Wilson's falls short (issue 36).
    if (s.n > 0 && (s.sum === 0 || s.sum === s.n)) {
      const c = clopperPearson({ games: s.n, wins: s.sum });
      return {
        deals: s.n,
        estimate: c.estimate,
        lo: c.lo,
        hi: c.hi,
        degenerate: true,
        method: 'Clopper–Pearson, one-sided',
      };
    }
    const w = wilsonInterval({ games: s.n, wins: s.sum });
    return { deals: s.n, estimate: w.rate, lo: w.lo, hi: w.hi, method: 'Wilson' };
  }
  const m = kind === 'difference' ? pairedComparison(s) : null;
  const t = meanInterval(s);
  const bounded = withinRange(
    { n: s.n, mean: t.mean, sd: t.sd, lo: m ? m.lo : t.lo, hi: m ? m.hi : t.hi },
    rangeOf(kind, percent),
  );
  return {
    deals: s.n,
    estimate: t.mean,
    lo: bounded.lo,
    hi: bounded.hi,
    degenerate: bounded.degenerate,
    method: bounded.degenerate ? 'exact bound (every deal alike)' : kind === 'difference' ? 'paired t' : 't over deals',
  };
}

/** Fewer shared deals than this and levels are compared unpaired (Welch). */
export const MIN_SHARED_DEALS = 10;

/** A difference between levels, with both levels' estimates on the deals it uses. */
export type LevelDifference = PairedComparison & {
  paired: boolean;
  /** Level i's and level j's mean on the deals the difference uses (all their deals when unpaired). */
  onDeals: [number | null, number | null];
  degenerate: boolean;
};

const meanOf = (values: readonly number[]): number | null =>
  values.length ? values.reduce((t, x) => t + x, 0) / values.length : null;

/**
 * Level j's value minus level i's: paired t on the deals both have a value for, or — when fewer than
 * `MIN_SHARED_DEALS` are shared (a rare event at one level) — Welch's unpaired t on all their deals;
 * within the range a difference of the conclusion's values can take, and with the exact bound when
 * every shared deal's difference is the same.
 */
export function levelDifference(c: Conclusion, i: number, j: number): LevelDifference | null {
  const a = c.values[i];
  const b = c.values[j];
  if (!a || !b) return null;
  const [min, max] = rangeOf(c.kind, c.percent);
  const range: [number, number] = [min - max, max - min];
  const shared = differenceOnSharedDeals(a, b);
  if (shared.deals.length >= MIN_SHARED_DEALS || shared.deals.length === Math.min(a.deals.length, b.deals.length)) {
    const d = pairedComparison(sums(shared.values));
    const bounded = withinRange({ n: d.n, mean: d.meanDiff, sd: d.sdDiff, lo: d.lo, hi: d.hi }, range);
    const on = new Set(shared.deals);
    const onShared = (v: DealValues) => meanOf(v.values.filter((_, k) => on.has(v.deals[k]!)));
    return {
      ...d,
      lo: bounded.lo,
      hi: bounded.hi,
      p: bounded.degenerate ? null : d.p,
      paired: true,
      onDeals: [onShared(a), onShared(b)],
      degenerate: bounded.degenerate,
    };
  }
  const w = welchComparison(sums(a.values), sums(b.values));
  const bounded = withinRange({ n: w.n, mean: w.meanDiff, sd: null, lo: w.lo, hi: w.hi }, range);
  return {
    ...w,
    lo: bounded.lo,
    hi: bounded.hi,
    paired: false,
    onDeals: [meanOf(a.values), meanOf(b.values)],
    degenerate: false,
  };
}

/** −1, 0 or +1: the interval lies wholly below, around or above the reference. */
export const sideOf = (e: LevelEstimate, reference: number): number =>
  e.lo === null || e.hi === null ? 0 : e.lo > reference ? 1 : e.hi < reference ? -1 : 0;

export interface LevelVerdict {
  estimates: (LevelEstimate | null)[];
  /** +1 / −1 when every level's interval lies above / below the reference, else 0. */
  holds: number;
  /** Each level after the first minus the first, on shared deals (or unpaired when they share too few). */
  differences: { level: number; diff: LevelDifference | null }[];
}

/** The level's arm is flagged by its joint seat test (or the conclusion is not about a seat). */
export const jointFlagged = (c: Conclusion, k: number): boolean =>
  !c.jointTest || (c.jointTest[k] !== null && c.jointTest[k] !== undefined && c.jointTest[k]! <= 0.05);

export function verdictOf(c: Conclusion): LevelVerdict {
  const estimates = c.values.map((v) => (v?.deals.length ? levelEstimate(c.kind, v, c.percent) : null));
  const sides = estimates.map((e, k) => (e && jointFlagged(c, k) ? sideOf(e, c.reference) : 0));
  const holds = sides.every((s) => s === sides[0]) ? sides[0]! : 0;
  return {
    estimates,
    holds,
    differences: c.values.slice(1).map((_, k) => ({ level: k + 1, diff: levelDifference(c, 0, k + 1) })),
  };
}
