/**
 * The balance search, over an abstract evaluator so that tests can plug in a synthetic response.
 * Every rule set is measured on the same deals [0, n) (common random numbers), and grown only by
 * extending them.
 *
 * 1. Screening: a first population (`propose.ts`: every knob value about equally often) on n₀ deals;
 *    then rounds in which an additive model of every target's metric (`model.ts`, fitted on all rule
 *    sets measured, on their shared n₀ deals) proposes the rule sets it predicts best, with the
 *    leader's neighbours.
 * 2. Successive halving: the best 2 × `finalists` by their loss on n₀ deals and the best 2 × `finalists`
 *    by the model's prediction go on; at each look (2n₀, 4n₀, …) those worse than the leader by an
 *    unadjusted paired test at 99 % are set aside, worst first, at most half of them and never below
 *    `finalists`; the rest race on to `maxDeals`, or until one is left, or every target of every
 *    one left is known to ±precision.
 * 3. At every look the rule sets surely worse than the leader are rejected (`loss.ts`: paired
 *    intervals of the parts, each at the level 1 − 0.05 / (2 · candidates · looks · parts), Bonferroni
 *    over the most rule sets the search may measure, the looks each may get and the intervals of
 *    each test), so the best rule set measured survives every test with probability ≥ 95 %.
 *
 * The answer is the rule sets left, none rejected. A rule set set aside by halving was judged by an
 * unadjusted test, by its estimate or by the model, and one never measured by the model only: the
 * result lists them apart.
 * The search's intervals were looked at many times and chose the finalists, so the reported
 * intervals come from a confirmation on fresh deals (`confirm.ts`).
 */
import { makeRng } from '../sim/rng.ts';
import { looksOf } from '../tune/search.ts';
import { familyLevel } from '../tune/stop-rule.ts';
import { normalQuantile } from '../stats/normal.ts';
import { influences, partMeasure, partValue } from './estimate.ts';
import type { CandidateData } from './estimate.ts';
import { lossDifferenceBound, lossInterval, lossOf, targetInterval, targetValue } from './loss.ts';
import type { LossTarget } from './loss.ts';
import { fitOf, mainEffects, modelOf } from './model.ts';
import type { MainEffect, ModelSpace } from './model.ts';
import { balancedDesign, pointKey, predictedLoss, proposals } from './propose.ts';
import type { TargetModels } from './propose.ts';

export interface Evaluator {
  /** Games that measuring `points` on deals [0, deals) would play now (runs already played cost nothing). */
  cost(points: readonly number[][], deals: number): number;
  /** Each point's data on deals [0, deals), the same deals for every point. */
  measure(points: readonly number[][], deals: number): Promise<CandidateData[]>;
}

export interface SearchProblem {
  space: ModelSpace;
  targets: LossTarget[];
  /** Per target, the knobs that apply to its games. */
  relevant: number[][];
}

export interface SearchSettings {
  seed: string;
  firstDeals: number;
  maxDeals: number;
  budgetGames: number;
  population: number;
  rounds: number;
  finalists: number;
}

export interface CandidateRecord {
  point: number[];
  /** 0: the first population; r: proposed in round r. */
  round: number;
  deals: number;
  /** Loss with a 95 % interval at its deals (search data: looked at repeatedly). */
  loss: { estimate: number; lo: number; hi: number };
  /** Per target, the metric on the shared first deals (like with like across rule sets). */
  first: number[];
  /** Per target, the metric with a 95 % interval at its deals. */
  targets: { estimate: number; lo: number; hi: number }[];
  status: 'finalist' | 'rejected' | 'set aside';
  verdict: string;
}

export interface SearchResult {
  status: 'finished' | 'budget';
  /** The finalists not rejected, best estimate first. */
  notRejected: number[][];
  candidates: CandidateRecord[];
  games: number;
  /** The two-sided level of each interval of a test. */
  level: number;
  /** Per target, its main effects from the search's first deals. */
  effects: MainEffect[][];
  /** Per target, the deals a rule set needs for the target's precision (from the leader's spread). */
  dealsForPrecision: number[];
  log: string[];
}

interface Entry {
  point: number[];
  round: number;
  data: CandidateData;
  status: CandidateRecord['status'];
  verdict: string;
}

const fmt = (x: number) => String(Number(x.toPrecision(4)));

/** The bookkeeping of one search: rule sets measured, games spent, decisions. */
class Ledger {
  readonly entries = new Map<string, Entry>();
  games = 0;
  readonly log: string[] = [];
  constructor(
    private readonly evaluator: Evaluator,
    private readonly budget: number,
    private readonly targets: readonly LossTarget[],
  ) {}

  /** Measures the points on `deals` deals; false (nothing measured) when the budget does not allow it. */
  async measure(points: readonly number[][], deals: number, round: number): Promise<boolean> {
    const cost = this.evaluator.cost(points, deals);
    if (this.games + cost > this.budget) return false;
    const data = await this.evaluator.measure(points, deals);
    this.games += cost;
    points.forEach((point, i) => {
      const had = this.entries.get(pointKey(point));
      if (had) had.data = data[i]!;
      else
        this.entries.set(pointKey(point), {
          point: [...point],
          round,
          data: data[i]!,
          status: 'finalist',
          verdict: '',
        });
    });
    return true;
  }

  entry(point: readonly number[]): Entry {
    return this.entries.get(pointKey(point))!;
  }

  loss(e: Entry, n = e.data.deals): number {
    return lossOf(this.targets, e.data, n);
  }

  alive(): Entry[] {
    return [...this.entries.values()].filter((e) => e.status === 'finalist');
  }
}

export async function balanceSearch(
  problem: SearchProblem,
  settings: SearchSettings,
  evaluator: Evaluator,
): Promise<SearchResult> {
  const { targets } = problem;
  const ledger = new Ledger(evaluator, settings.budgetGames, targets);
  const rng = makeRng(settings.seed, 'balance-search');
  const n0 = settings.firstDeals;
  const looks = looksOf(n0, settings.maxDeals);
  const perRound = Math.max(4, Math.ceil(settings.population / 2));
  const perLook = settings.finalists;
  const maxCandidates = settings.population + settings.rounds * perRound + looks.length * perLook;
  const parts = targets.reduce((n, t) => n + t.parts, 0);
  const level = 1 - 0.05 / (2 * maxCandidates * (settings.rounds + looks.length) * parts);
  const loss = (e: Entry, n = e.data.deals) => ledger.loss(e, n);

  /** Rejects the rule sets of `group` whose loss on deals [0, n) is surely above the leader's. */
  const reject = (group: Entry[], n: number): Entry[] => {
    const leader = group.reduce((best, e) => (loss(e, n) < loss(best, n) ? e : best));
    const kept = group.filter((e) => {
      if (e === leader) return true;
      const bound = lossDifferenceBound(targets, e.data, leader.data, n, level);
      if (!(bound > 0)) return true;
      e.status = 'rejected';
      e.verdict = `rejected after ${n} deals: its loss is at least ${fmt(bound)} above the leader's`;
      return false;
    });
    if (kept.length < group.length)
      ledger.log.push(`after ${n} deals: ${group.length - kept.length} rejected, ${kept.length} left`);
    return kept;
  };

  // 1. Screening: the first population, then the model's proposals, all on n₀ deals.
  const design = balancedDesign(problem.space.sizes, settings.population, rng);
  if (!(await ledger.measure(design, n0, 0)))
    throw new Error(
      `the budget (${settings.budgetGames} games) does not cover the first ${design.length} rule sets' ${n0} deals`,
    );
  ledger.log.push(`round 0: ${design.length} rule sets (each knob's values about equally often) on ${n0} deals`);
  let status: SearchResult['status'] = 'finished';
  for (let round = 1; round <= settings.rounds; round++) {
    const alive = reject(ledger.alive(), n0);
    const leader = alive.reduce((best, e) => (loss(e) < loss(best) ? e : best));
    const next = proposals(
      modelsOf(problem, [...ledger.entries.values()], n0),
      problem.space.sizes,
      leader.point,
      new Set(ledger.entries.keys()),
      perRound,
      rng,
    );
    if (next.length === 0) break;
    if (!(await ledger.measure(next, n0, round))) {
      ledger.log.push(`round ${round}: the budget does not cover ${next.length} more rule sets; screening ends`);
      break;
    }
    ledger.log.push(
      `round ${round}: ${next.length} rule sets proposed by the model (leader: loss ${fmt(loss(leader))})`,
    );
  }

  // 2. Successive halving, then the race among the finalists; at each look the model, its level set
  //    by the pool's deals so far, proposes a few more rule sets, which join on all the look's deals.
  let pool = entrants(
    reject(ledger.alive(), n0),
    modelsOf(problem, [...ledger.entries.values()], n0),
    settings.finalists,
    ledger,
  );
  for (let n = n0, look = 1; pool.length > 1 && n < settings.maxDeals; look++) {
    const next = Math.min(2 * n, settings.maxDeals);
    const models = relevelled(modelsOf(problem, [...ledger.entries.values()], n0), pool, n0, n);
    // Rule sets set aside may come back (they were never rejected); pool members and rejected ones may not.
    const closed = new Set(
      [...ledger.entries.values()].filter((e) => e.status !== 'set aside').map((e) => pointKey(e.point)),
    );
    const fresh = proposals(models, problem.space.sizes, pool[0]!.point, closed, perLook, rng);
    if (!(await ledger.measure([...pool.map((e) => e.point), ...fresh], next, settings.rounds + look))) {
      status = 'budget';
      ledger.log.push(
        `the budget does not cover the ${pool.length} rule sets' next ${next - n} deals; the race ends after ${n}`,
      );
      break;
    }
    if (fresh.length)
      ledger.log.push(`look ${look}: ${fresh.length} rule sets proposed by the model join on ${next} deals`);
    n = next;
    const joined = fresh.map((p) => ledger.entry(p));
    for (const e of joined) [e.status, e.verdict] = ['finalist', ''];
    pool = reject([...pool, ...joined], n).sort((a, b) => loss(a) - loss(b));
    if (pool.length > settings.finalists) pool = halve(pool, settings.finalists, n, targets, ledger);
    else if (pool.every((e) => known(targets, e.data, level))) {
      ledger.log.push(`after ${n} deals: every target of the ${pool.length} left is known to its precision`);
      break;
    }
  }
  for (const e of pool) e.verdict = 'not rejected';
  return {
    status,
    notRejected: pool.map((e) => e.point),
    candidates: records(problem, [...ledger.entries.values()], n0),
    games: ledger.games,
    level,
    effects: effectsOf(problem, [...ledger.entries.values()], n0),
    dealsForPrecision: dealsForPrecision(targets, pool[0]!.data),
    log: ledger.log,
  };
}

/** The level of the halving's (unadjusted) tests: a rule set is set aside when it is worse than the leader at it. */
export const HALVING_LEVEL = 0.99;

/**
 * The rule sets that enter the halving: the best 2 × `finalists` by their own loss estimate and the
 * best 2 × `finalists` by the model's prediction (which pools every rule set's games); the others
 * are set aside.
 */
function entrants(alive: Entry[], models: TargetModels[], finalists: number, ledger: Ledger): Entry[] {
  const n = alive[0]!.data.deals;
  const byEstimate = [...alive].sort((a, b) => ledger.loss(a) - ledger.loss(b));
  const byModel = [...alive].sort((a, b) => predictedLoss(models, a.point) - predictedLoss(models, b.point));
  const chosen = new Set([...byEstimate.slice(0, 2 * finalists), ...byModel.slice(0, 2 * finalists)]);
  for (const e of alive)
    if (!chosen.has(e)) {
      e.status = 'set aside';
      e.verdict = `set aside after ${n} deals: neither its estimate nor the model's prediction among the best ${2 * finalists}`;
    }
  if (chosen.size < alive.length)
    ledger.log.push(
      `after ${n} deals: ${chosen.size} rule sets enter the halving, ${alive.length - chosen.size} set aside`,
    );
  return byEstimate.filter((e) => chosen.has(e));
}

/**
 * Halving: the worst estimates first, rule sets worse than the leader by an unadjusted paired test at
 * `HALVING_LEVEL` are set aside, at most down to half the pool and never below `finalists`.
 */
function halve(pool: Entry[], finalists: number, n: number, targets: readonly LossTarget[], ledger: Ledger): Entry[] {
  const leader = pool[0]!;
  const floor = Math.max(finalists, Math.ceil(pool.length / 2));
  const kept = [...pool];
  for (let i = pool.length - 1; i > 0 && kept.length > floor; i--) {
    const e = pool[i]!;
    const bound = lossDifferenceBound(targets, e.data, leader.data, n, HALVING_LEVEL);
    if (!(bound > 0)) continue;
    e.status = 'set aside';
    e.verdict = `set aside after ${n} deals: worse than the leader by at least ${fmt(bound)} at an unadjusted ${HALVING_LEVEL * 100} %`;
    kept.splice(kept.indexOf(e), 1);
  }
  if (kept.length < pool.length)
    ledger.log.push(`after ${n} deals: ${pool.length - kept.length} set aside by halving, ${kept.length} go on`);
  return kept;
}

/** Whether every target's interval (at `level`) is within ±precision. */
const known = (targets: readonly LossTarget[], data: CandidateData, level: number) =>
  targets.every((t, i) => {
    const iv = targetInterval(t, data.targets[i]!, data.deals, level);
    return (iv.hi - iv.lo) / 2 <= t.precision;
  });

/**
 * The models with each part's constant moved by the pool's mean change from the first n₀ deals to
 * all n (the deals' shared luck, which pairing cancels in comparisons but not in a target's level).
 */
function relevelled(models: TargetModels[], pool: readonly Entry[], n0: number, n: number): TargetModels[] {
  return models.map((m, t) => ({
    target: m.target,
    parts: m.parts.map((p, j) => {
      const shift =
        pool.reduce((s, e) => s + partValue(e.data.targets[t]![j]!, n) - partValue(e.data.targets[t]![j]!, n0), 0) /
        pool.length;
      return { around: p.around, model: { ...p.model, intercept: p.model.intercept + shift } };
    }),
  }));
}

/** The fit of each distinct set of relevant knobs over the entries' points. */
function fitsOf(problem: SearchProblem, entries: readonly Entry[]) {
  const fits = new Map<string, ReturnType<typeof fitOf>>();
  const points = entries.map((e) => e.point);
  return problem.relevant.map((knobs) => {
    const key = knobs.join(',');
    if (!fits.has(key)) fits.set(key, fitOf(problem.space, points, knobs));
    return fits.get(key)!;
  });
}

/** Per target, one additive model per part of its metric, fitted on deals [0, n). */
function modelsOf(problem: SearchProblem, entries: readonly Entry[], n: number): TargetModels[] {
  const fits = fitsOf(problem, entries);
  return problem.targets.map((target, t) => ({
    target,
    parts: entries[0]!.data.targets[t]!.map((part, j) => ({
      model: modelOf(
        fits[t]!,
        problem.space,
        entries.map((e) => partValue(e.data.targets[t]![j]!, n)),
      ),
      around: part.around,
    })),
  }));
}

/** Per target, the main effects of its knobs on its metric, from deals [0, n) of every rule set measured. */
function effectsOf(problem: SearchProblem, entries: readonly Entry[], n: number): MainEffect[][] {
  const fits = fitsOf(problem, entries);
  return problem.targets.map((target, t) => {
    const values = entries.map((e) => targetValue(target, e.data.targets[t]!, n));
    // The metric's per-deal influences: the part's, or for a gap the farthest part's, signed.
    const psi = entries.map((e) => {
      const parts = e.data.targets[t]!;
      if (target.combine === 'value') return influences(parts[0]!, n);
      const far = parts.reduce((a, p) =>
        Math.abs(partValue(p, n) - p.around) > Math.abs(partValue(a, n) - a.around) ? p : a,
      );
      const sign = partValue(far, n) >= far.around ? 1 : -1;
      return influences(far, n).map((x) => sign * x);
    });
    return mainEffects(fits[t]!, problem.space, values, psi, n);
  });
}

function records(problem: SearchProblem, entries: readonly Entry[], n0: number): CandidateRecord[] {
  const { targets } = problem;
  return entries.map((e) => {
    const iv = lossInterval(targets, e.data, 0.95);
    return {
      point: e.point,
      round: e.round,
      deals: e.data.deals,
      loss: { estimate: iv.estimate, lo: iv.lo, hi: iv.hi },
      first: targets.map((t, i) => targetValue(t, e.data.targets[i]!, n0)),
      targets: targets.map((t, i) => {
        const { estimate, lo, hi } = targetInterval(t, e.data.targets[i]!, e.data.deals, 0.95);
        return { estimate, lo, hi };
      }),
      status: e.status,
      verdict: e.verdict,
    };
  });
}

/**
 * Per target, the deals a rule set like `data` needs for its interval to reach ±precision at the
 * confirmation's level (each part at the Bonferroni level over every part of every target).
 */
function dealsForPrecision(targets: readonly LossTarget[], data: CandidateData): number[] {
  const parts = targets.reduce((n, t) => n + t.parts, 0);
  const z = normalQuantile(1 - (1 - familyLevel(parts)) / 2);
  return targets.map((t, i) =>
    Math.max(
      ...data.targets[i]!.map((part) => {
        const m = partMeasure(part, data.deals);
        const sd = m.wins
          ? Math.sqrt(Math.max(m.mean * (1 - m.mean), 1 / data.deals) * (data.deals / m.wins.games))
          : m.sd;
        return Math.ceil(((z * sd) / t.precision) ** 2);
      }),
    ),
  );
}
