/**
 * Measuring rule sets with real games: each rule set's contexts (`contexts.ts`) are ordinary runs
 * (`runExperiment`, any backend: the local pool, in-process, Redis) with kept games, under
 * `<dir>/games/`, on one seed, grown look by look (`dealsLimit`): every rule set plays the same
 * deals. A context run is named by its plan, so rule sets that share it (the knobs of other player
 * counts differ) share its games, and a resumed search finds every finished shard on disk.
 *
 * The games a search is charged are counted by what it asks for, not by what was on disk, so a
 * resumed search takes the same decisions as an uninterrupted one; the games played this session
 * are reported apart. The runner's lines for the user (a bad shard file moved aside and played
 * again, a faulty worker's shards) go to `log`, each naming the seed, context and rule set.
 */
import { join } from 'node:path';
import type { MatchDesign } from '../match/design.ts';
import { readKeptGames } from '../run/kept-games.ts';
import type { Backend } from '../run/pool.ts';
import { runExperiment } from '../run/runner.ts';
import type { Progress } from '../run/runner.ts';
import { gamesPerDealOf } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { contextPlan } from './contexts.ts';
import type { BalanceContext } from './contexts.ts';
import type { Balance } from './definition.ts';
import type { CandidateData, PartData } from './estimate.ts';
import { pointLabel, pointSetup } from './knobs.ts';
import { atomCountUnits, atomKey, atomScale, atomSums } from './metrics.ts';
import type { AtomSums } from './metrics.ts';

/** A run stopped by the user: the same command resumes it. */
export class Interrupted extends Error {}

export interface RunSettings {
  outRoot: string;
  backend: Backend;
  newRun?: boolean;
  signal?: AbortSignal;
  /** Games played this session (every run of this seed), as they finish. */
  onGames?(games: number): void;
  /** The runner's lines for the user, prefixed with the run's seed, context and rule set; default stderr. */
  log?(line: string): void;
}

/** One context's run at one rule set: its plan and the per-deal sums of its atoms so far. */
interface ContextRun {
  plan: Plan;
  design?: MatchDesign;
  context: BalanceContext;
  /** The context and rule set in words, e.g. `2p.random: farmerPointsPerCity=3 farmers=on`. */
  label: string;
  /** Deals the search has asked for (what it is charged), and deals whose sums are read. */
  asked: number;
  read: number;
  sums: AtomSums[];
}

/** The context runs of one seed (the search's, or the confirmation's), shared by every rule set. */
export class ContextRuns {
  private readonly runs = new Map<string, ContextRun>();
  /** Games played this session, over every run. */
  played = 0;

  constructor(
    private readonly balance: Balance,
    readonly seed: string,
    private readonly deals: number,
    private readonly settings: RunSettings,
  ) {}

  /** The run of `context` at `point`, made on first use. */
  run(point: readonly number[], context: BalanceContext): ContextRun {
    const setup = pointSetup(this.balance.knobs, point, context.players, this.balance);
    const key = `${context.key} ${JSON.stringify(setup)}`;
    let run = this.runs.get(key);
    if (!run) {
      const { plan, design } = contextPlan(this.balance, context, setup, this.deals, this.seed);
      run = {
        plan,
        design,
        context,
        label: `${context.key}: ${pointLabel(this.balance.knobs, point, context.players)}`,
        asked: 0,
        read: 0,
        sums: context.atoms.map(() => ({ x: new Float64Array(0), y: new Float64Array(0) })),
      };
      this.runs.set(key, run);
    }
    return run;
  }

  /** Distinct runs of the points' contexts (those in `only`, default all). */
  runsOf(points: readonly (readonly number[])[], only = this.balance.contexts): ContextRun[] {
    return [...new Set(points.flatMap((p) => only.map((c) => this.run(p, c))))];
  }

  /** Games the runs are charged to reach `deals` deals. */
  cost(runs: readonly ContextRun[], deals: number): number {
    return runs.reduce((n, r) => n + Math.max(0, deals - r.asked) * gamesPerDealOf(r.plan), 0);
  }

  /** Games charged over every run: the deals asked of each, once. */
  charged(): number {
    return [...this.runs.values()].reduce((n, r) => n + r.asked * gamesPerDealOf(r.plan), 0);
  }

  /** Plays (or finds on disk) deals [0, deals) of every run, and reads their sums; throws `Interrupted` when stopped. */
  async grow(runs: readonly ContextRun[], deals: number): Promise<void> {
    const growing = runs.filter((r) => r.read < deals);
    // One shard per run when many grow together (each shard file is written and synced), enough to keep every thread busy when few do.
    const pieces = Math.max(1, Math.ceil(this.settings.backend.concurrency / Math.max(1, growing.length)));
    // Every run finishes (or stops) before this returns: a stopped search leaves no run holding its lock.
    const settled = await Promise.allSettled(
      growing.map((r) => this.growOne(r, deals, Math.max(10, Math.ceil((deals - r.read) / pieces)))),
    );
    const failed = settled.find((s) => s.status === 'rejected' && !(s.reason instanceof Interrupted));
    if (failed) throw (failed as PromiseRejectedResult).reason;
    if (settled.some((s) => s.status === 'rejected')) throw new Interrupted();
    for (const r of runs) r.asked = Math.max(r.asked, deals);
  }

  private log(line: string): void {
    if (this.settings.log) this.settings.log(line);
    else process.stderr.write(`${line}\n`);
  }

  private async growOne(run: ContextRun, deals: number, shardDeals: number): Promise<void> {
    let before = 0;
    const outcome = await runExperiment({
      plan: run.plan,
      outRoot: join(this.settings.outRoot, 'games'),
      backend: this.settings.backend,
      keepGames: true,
      shardDeals,
      dealsLimit: deals,
      newRun: this.settings.newRun,
      signal: this.settings.signal,
      log: (line) => this.log(`carclab: balance ${this.seed}, ${run.label}: ${line.replace(/^carclab: /, '')}`),
      onProgress: (p: Progress) => {
        const now = p.gamesDone - p.gamesResumed + p.gamesRunning;
        this.played += now - before;
        before = now;
        this.settings.onGames?.(this.played);
      },
    });
    if (outcome.status !== 'complete') throw new Interrupted();
    const sums = run.context.atoms.map(() => ({ x: new Float64Array(deals), y: new Float64Array(deals) }));
    run.sums.forEach((s, k) => {
      sums[k]!.x.set(s.x.subarray(0, run.read));
      sums[k]!.y.set(s.y.subarray(0, run.read));
    });
    for (const kept of await readKeptGames(run.plan, outcome.runDir, false)) {
      const [start, end] = [Math.max(kept.start, run.read), Math.min(kept.end, deals)];
      if (start >= end) continue;
      const part = atomSums(run.context.atoms, kept.columns, start, end, run.context.players, run.design);
      part.forEach((p, k) => {
        sums[k]!.x.set(p.x, start);
        sums[k]!.y.set(p.y, start);
      });
    }
    run.sums = sums;
    run.read = deals;
  }

  /** A rule set's data on its runs' deals (`deals`: those the caller grew them to). */
  candidate(point: readonly number[], deals: number): CandidateData {
    return {
      deals,
      targets: this.balance.targets.map((t) => {
        const context = this.balance.contexts.find((c) => c.key === t.context)!;
        const run = this.run(point, context);
        return t.metric.parts.map(
          (part): PartData => ({
            terms: part.terms.map(({ coef, atom }) => {
              const k = context.atoms.findIndex((a) => atomKey(a) === atomKey(atom));
              const units = atomCountUnits(atom, context.players);
              const perDeal = units === undefined ? undefined : units * gamesPerDealOf(run.plan);
              return { coef, x: run.sums[k]!.x, y: run.sums[k]!.y, scale: atomScale(atom), perDeal };
            }),
            around: part.around,
            range: t.metric.combine === 'gap' ? [0, 1] : t.metric.range,
          }),
        );
      }),
    };
  }
}
