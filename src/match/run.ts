/**
 * Plays a match or ladder design with the ordinary runner (`runExperiment`: pool, shards, resume,
 * manifest; per-game columns kept) and returns the per-deal outcomes of the deals it counts.
 *
 * With an SPRT (a match only) the deals are counted in deal order: each finished shard's games are
 * turned into deal outcomes as the backend returns them, and the contiguous prefix of deals is fed to
 * the test one deal at a time. At the first deal where the test decides, no more shards are handed
 * out (the running ones finish and are kept) and the result counts deals [0, that deal]: the same
 * deals whatever the worker count, the shard size or the finishing order. A re-run of the same
 * command reads the kept shards first, so it reaches the same decision without playing again.
 */
import { columnLayout, concatColumns } from '../sim/columns.ts';
import { armSetups } from '../sim/plan.ts';
import { readKeptGames } from '../run/kept-games.ts';
import type { Backend } from '../run/pool.ts';
import { runDirOf, runExperiment } from '../run/runner.ts';
import type { Progress } from '../run/runner.ts';
import { sprtState } from '../stats/sprt.ts';
import type { SprtHypotheses, SprtState } from '../stats/sprt.ts';
import type { MatchDesign } from './design.ts';
import { dealOutcomes, dealScore } from './outcomes.ts';
import type { DealOutcomes } from './outcomes.ts';

export interface MatchRunOptions {
  design: MatchDesign;
  outRoot: string;
  backend: Backend;
  shardDeals?: number;
  /** Play again although a run of this design by other code exists (see `carclab run --new-run`). */
  newRun?: boolean;
  /** A sequential test of the first pair (a match), deal by deal. */
  sprt?: SprtHypotheses;
  signal?: AbortSignal;
  onStart?(info: { runDir: string; progress: Progress }): void;
  onProgress?(progress: Progress): void;
}

export interface MatchRunOutcome {
  /** `decided`: the SPRT stopped the run; `interrupted`: stopped by the user (the same command resumes). */
  status: 'complete' | 'decided' | 'interrupted';
  runDir: string;
  /** Outcomes of the deals counted: all of them, or up to the SPRT's decision. */
  outcomes?: DealOutcomes;
  sprt?: SprtState;
  gamesPlayed: number;
  wallSeconds: number;
}

/** Feeds deal scores of the first pair to the SPRT in deal order and notes where it decides. */
class SprtMonitor {
  private readonly pending = new Map<number, DealOutcomes>();
  private readonly counts = new Map<number, number>();
  private next = 0;
  state: SprtState;
  /** Deals counted when the test decided. */
  stop?: number;

  constructor(private readonly hypotheses: SprtHypotheses) {
    this.state = sprtState(this.counts, hypotheses);
  }

  add(outcomes: DealOutcomes): void {
    this.pending.set(outcomes.start, outcomes);
    for (let o = this.pending.get(this.next); o && this.stop === undefined; o = this.pending.get(this.next)) {
      this.pending.delete(o.start);
      for (let d = o.start; d < o.end && this.stop === undefined; d++) {
        const x = dealScore(o, d, 0);
        this.counts.set(x, (this.counts.get(x) ?? 0) + 1);
        this.state = sprtState(this.counts, this.hypotheses);
        if (this.state.decision !== 'continue') this.stop = d + 1;
      }
      this.next = o.end;
    }
  }
}

export async function runMatch(options: MatchRunOptions): Promise<MatchRunOutcome> {
  const { design, sprt } = options;
  const plan = design.plan;
  const runDir = runDirOf(plan, options.outRoot);
  // 1. The SPRT first counts what earlier sessions kept; the run stops at once if that decides.
  const stopper = new AbortController();
  options.signal?.addEventListener('abort', () => stopper.abort(), { once: true });
  if (options.signal?.aborted) stopper.abort();
  const monitor = sprt ? new SprtMonitor(sprt) : undefined;
  if (monitor)
    for (const kept of await readKeptGames(plan, runDir, true))
      monitor.add(dealOutcomes(design, kept.columns, kept.start, kept.end));
  if (monitor?.stop !== undefined) stopper.abort();

  // 2. The runner, with each shard's games shown to the SPRT as the backend returns them.
  const backend: Backend = !monitor
    ? options.backend
    : {
        ...options.backend,
        run: async (task, signal) => {
          const result = await options.backend.run(task, signal);
          monitor.add(dealOutcomes(design, result.columns!, task.start, task.end));
          if (monitor.stop !== undefined) stopper.abort();
          return result;
        },
      };
  const outcome = await runExperiment({
    plan,
    outRoot: options.outRoot,
    backend,
    keepGames: true,
    shardDeals: options.shardDeals,
    newRun: options.newRun,
    signal: stopper.signal,
    onStart: options.onStart,
    onProgress: options.onProgress,
  });
  const base = {
    runDir: outcome.runDir,
    gamesPlayed: outcome.gamesPlayed,
    wallSeconds: outcome.wallSeconds,
    sprt: monitor?.state,
  };
  const decided = monitor?.stop;
  if (outcome.status === 'interrupted' && decided === undefined) return { status: 'interrupted', ...base };

  // 3. The deals counted, from the kept games.
  const counted = decided ?? plan.deals;
  const games = armSetups(plan).map((s) => s.game);
  const parts = (await readKeptGames(plan, runDir, false)).filter((k) => k.start < counted);
  const columns = concatColumns(
    columnLayout(plan, games),
    parts.map((k) => k.columns),
  );
  return {
    status: decided === undefined ? 'complete' : 'decided',
    ...base,
    outcomes: dealOutcomes(design, columns, 0, counted),
  };
}
