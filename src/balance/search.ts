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
import { partMeasure } from './estimate.ts';
import type { CandidateData } from './estimate.ts';
import { lossDifferenceBound, lossInterval, lossOf, targetInterval, targetValue } from './loss.ts';
import type { LossTarget } from './loss.ts';
import { balancedDesign, pointKey, predictedLoss, proposals } from './propose.ts';
import type { TargetModels } from './propose.ts';
import { effectsOf, modelsOf, relevelled } from './target-models.ts';
import type { TargetEffects } from './target-models.ts';
import type { SearchProblem } from './target-models.ts';

export type { SearchProblem };

export interface Evaluator {
  /** Games that measuring `points` on deals [0, deals) would play now (runs already played cost nothing). */
  cost(points: readonly number[][], deals: number): number;
  /** Each point's data on deals [0, deals), the same deals for every point. */
  measure(points: readonly number[][], deals: number): Promise<CandidateData[]>;
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
  /** Per target, its main effects from the search's first deals (per part for a target of several) and the fit's misfit. */
  effects: TargetEffects[];
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

/** The level of the halving's (unadjusted) tests: a rule set is set aside when it is worse than the leader at it. */
export const HALVING_LEVEL = 0.99;

/** One search: the rule sets measured, the games spent, the decisions. */
class Search {
  readonly entries = new Map<string, Entry>();
  games = 0;
  readonly log: string[] = [];
  readonly rng;
  readonly n0: number;
  readonly looks: number[];
  readonly perRound: number;
  /** The two-sided level of each interval of a test (see the module comment). */
  readonly level: number;

  constructor(
    readonly problem: SearchProblem,
    readonly settings: SearchSettings,
    private readonly evaluator: Evaluator,
  ) {
    this.rng = makeRng(settings.seed, 'balance-search');
    this.n0 = settings.firstDeals;
    this.looks = looksOf(this.n0, settings.maxDeals);
    this.perRound = Math.max(4, Math.ceil(settings.population / 2));
    const candidates = settings.population + settings.rounds * this.perRound + this.looks.length * settings.finalists;
    const parts = problem.targets.reduce((n, t) => n + t.parts, 0);
    this.level = 1 - 0.05 / (2 * candidates * (settings.rounds + this.looks.length) * parts);
  }

  /** Measures the points on `deals` deals; false (nothing measured) when the budget does not allow it. */
  async measure(points: readonly number[][], deals: number, round: number): Promise<boolean> {
    const cost = this.evaluator.cost(points, deals);
    if (this.games + cost > this.settings.budgetGames) return false;
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

  loss(e: Entry, n = e.data.deals): number {
    return lossOf(this.problem.targets, e.data, n);
  }

  all(): Entry[] {
    return [...this.entries.values()];
  }

  alive(): Entry[] {
    return this.all().filter((e) => e.status === 'finalist');
  }

  /** Rejects the rule sets of `group` whose loss on deals [0, n) is surely above the leader's. */
  reject(group: Entry[], n: number): Entry[] {
    const leader = group.reduce((best, e) => (this.loss(e, n) < this.loss(best, n) ? e : best));
    const kept = group.filter((e) => {
      if (e === leader) return true;
      const bound = lossDifferenceBound(this.problem.targets, e.data, leader.data, n, this.level);
      if (!(bound > 0)) return true;
      e.status = 'rejected';
      e.verdict = `rejected after ${n} deals: its loss is at least ${fmt(bound)} above the leader's`;
      return false;
    });
    if (kept.length < group.length)
      this.log.push(`after ${n} deals: ${group.length - kept.length} rejected, ${kept.length} left`);
    return kept;
  }

  /** 1. Screening: the first population, then the model's proposals, all on n₀ deals. */
  async screen(): Promise<void> {
    const { problem, settings, n0 } = this;
    const design = balancedDesign(problem.space.sizes, settings.population, this.rng);
    if (!(await this.measure(design, n0, 0)))
      throw new Error(
        `the budget (${settings.budgetGames} games) does not cover the first ${design.length} rule sets' ${n0} deals`,
      );
    this.log.push(`round 0: ${design.length} rule sets (each knob's values about equally often) on ${n0} deals`);
    for (let round = 1; round <= settings.rounds; round++) {
      const alive = this.reject(this.alive(), n0);
      const leader = alive.reduce((best, e) => (this.loss(e) < this.loss(best) ? e : best));
      const models = modelsOf(problem, this.all(), n0);
      const next = proposals(
        models,
        problem.space.sizes,
        leader.point,
        new Set(this.entries.keys()),
        this.perRound,
        this.rng,
      );
      if (next.length === 0) break;
      if (!(await this.measure(next, n0, round))) {
        this.log.push(`round ${round}: the budget does not cover ${next.length} more rule sets; screening ends`);
        break;
      }
      this.log.push(
        `round ${round}: ${next.length} rule sets proposed by the model (leader: loss ${fmt(this.loss(leader))})`,
      );
    }
  }

  /**
   * 2. Successive halving, then the race among the finalists; at each look the model, its level set
   *    by the pool's deals so far, proposes a few more rule sets, which join on all the look's deals.
   */
  async race(): Promise<{ status: SearchResult['status']; pool: Entry[] }> {
    const { problem, settings, n0 } = this;
    let pool = entrants(this.reject(this.alive(), n0), modelsOf(problem, this.all(), n0), settings.finalists, this);
    for (let n = n0, look = 1; pool.length > 1 && n < settings.maxDeals; look++) {
      const next = Math.min(2 * n, settings.maxDeals);
      const models = relevelled(modelsOf(problem, this.all(), n0), pool, n0, n);
      // Rule sets set aside may come back (they were never rejected); pool members and rejected ones may not.
      const closed = new Set(
        this.all()
          .filter((e) => e.status !== 'set aside')
          .map((e) => pointKey(e.point)),
      );
      const fresh = proposals(models, problem.space.sizes, pool[0]!.point, closed, settings.finalists, this.rng);
      if (!(await this.measure([...pool.map((e) => e.point), ...fresh], next, settings.rounds + look))) {
        this.log.push(
          `the budget does not cover the ${pool.length} rule sets' next ${next - n} deals; the race ends after ${n}`,
        );
        return { status: 'budget', pool };
      }
      if (fresh.length)
        this.log.push(`look ${look}: ${fresh.length} rule sets proposed by the model join on ${next} deals`);
      n = next;
      const joined = fresh.map((p) => this.entries.get(pointKey(p))!);
      for (const e of joined) [e.status, e.verdict] = ['finalist', ''];
      pool = this.reject([...pool, ...joined], n).sort((a, b) => this.loss(a) - this.loss(b));
      if (pool.length > settings.finalists) pool = halve(pool, settings.finalists, n, this);
      else if (pool.every((e) => known(problem.targets, e.data, this.level))) {
        this.log.push(`after ${n} deals: every target of the ${pool.length} left is known to its precision`);
        break;
      }
    }
    return { status: 'finished', pool };
  }
}

export async function balanceSearch(
  problem: SearchProblem,
  settings: SearchSettings,
  evaluator: Evaluator,
): Promise<SearchResult> {
  const search = new Search(problem, settings, evaluator);
  await search.screen();
  const { status, pool } = await search.race();
  for (const e of pool) e.verdict = 'not rejected';
  return {
    status,
    notRejected: pool.map((e) => e.point),
    candidates: records(problem, search.all(), search.n0),
    games: search.games,
    level: search.level,
    effects: effectsOf(problem, search.all(), search.n0),
    dealsForPrecision: dealsForPrecision(problem.targets, pool[0]!.data),
    log: search.log,
  };
}

/**
 * The rule sets that enter the halving: the best 2 × `finalists` by their own loss estimate and the
 * best 2 × `finalists` by the model's prediction (which pools every rule set's games); the others
 * are set aside.
 */
function entrants(alive: Entry[], models: TargetModels[], finalists: number, search: Search): Entry[] {
  const n = alive[0]!.data.deals;
  const byEstimate = [...alive].sort((a, b) => search.loss(a) - search.loss(b));
  const byModel = [...alive].sort((a, b) => predictedLoss(models, a.point) - predictedLoss(models, b.point));
  const chosen = new Set([...byEstimate.slice(0, 2 * finalists), ...byModel.slice(0, 2 * finalists)]);
  for (const e of alive)
    if (!chosen.has(e)) {
      e.status = 'set aside';
      e.verdict = `set aside after ${n} deals: neither its estimate nor the model's prediction among the best ${2 * finalists}`;
    }
  if (chosen.size < alive.length)
    search.log.push(
      `after ${n} deals: ${chosen.size} rule sets enter the halving, ${alive.length - chosen.size} set aside`,
    );
  return byEstimate.filter((e) => chosen.has(e));
}

/**
 * Halving: the worst estimates first, rule sets worse than the leader by an unadjusted paired test at
 * `HALVING_LEVEL` are set aside, at most down to half the pool and never below `finalists`.
 */
function halve(pool: Entry[], finalists: number, n: number, search: Search): Entry[] {
  const leader = pool[0]!;
  const floor = Math.max(finalists, Math.ceil(pool.length / 2));
  const kept = [...pool];
  for (let i = pool.length - 1; i > 0 && kept.length > floor; i--) {
    const e = pool[i]!;
    const bound = lossDifferenceBound(search.problem.targets, e.data, leader.data, n, HALVING_LEVEL);
    if (!(bound > 0)) continue;
    e.status = 'set aside';
    e.verdict = `set aside after ${n} deals: worse than the leader by at least ${fmt(bound)} at an unadjusted ${HALVING_LEVEL * 100} %`;
    kept.splice(kept.indexOf(e), 1);
  }
  if (kept.length < pool.length)
    search.log.push(`after ${n} deals: ${pool.length - kept.length} set aside by halving, ${kept.length} go on`);
  return kept;
}

/** Whether every target's interval (at `level`) is within ±precision. */
const known = (targets: readonly LossTarget[], data: CandidateData, level: number) =>
  targets.every((t, i) => {
    const iv = targetInterval(t, data.targets[i]!, data.deals, level);
    return (iv.hi - iv.lo) / 2 <= t.precision;
  });

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
