/**
 * What the steps of one session of a run (`runner.ts`) share: the caller's options and the progress it
 * is told, the run's context (its directories, and what its shards and games are checked against),
 * and the session's tally (the finished shards merged, the session's entry of the manifest).
 */
import type { Aggregate } from '../sim/aggregate.ts';
import type { ColumnSpec } from '../sim/columns.ts';
import { gamesPerDealOf } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { gitInfo } from './files.ts';
import type { RunBinding } from './kept-games.ts';
import type { Backend } from './pool.ts';
import type { RunIdentity } from './shard-files.ts';

/** A run's progress as its caller is told it (`onStart`, `onProgress`). */
export interface Progress {
  /** Games of finished (persisted) shards. */
  gamesDone: number;
  gamesTotal: number;
  /** Games already done by earlier sessions of this run. */
  gamesResumed: number;
  /** Games played so far inside shards still running (a live count, reported every `PROGRESS_MS`). */
  gamesRunning: number;
}

/** What `runExperiment` runs, where to, on which backend, and whom it tells. */
export interface RunOptions {
  plan: Plan;
  /** The experiment file, for the manifest. */
  experimentFile?: string;
  /** Results root; the run goes to `<outRoot>/<experiment>/<run-id>`. */
  outRoot: string;
  backend: Backend;
  keepGames: boolean;
  /** Deals per new shard (default: about `TARGET_GAMES_PER_SHARD` games, `shard-ranges.ts`). */
  shardDeals?: number;
  /** Play the plan again with this code although a run of it by other code exists. */
  newRun?: boolean;
  /** Lines for the user (a rejected shard file); default stderr. */
  log?(line: string): void;
  signal?: AbortSignal;
  /**
   * Play and summarize deals [0, dealsLimit) only (default: all the plan's deals): a caller that
   * stops by its own rule (`--precision`, `tune`, `balance`) grows the limit batch by batch in the
   * same run directory; shards past the limit are kept for a later, larger limit. Kept games below
   * the whole run stay in the shards' column files; `games.arrow` is written once every deal is played.
   */
  dealsLimit?: number;
  onStart?(info: { runDir: string; progress: Progress }): void;
  onProgress?(progress: Progress): void;
}

/** What the steps of a run share: its options, its directories, and what its shards and games are checked against. */
export interface RunContext {
  options: RunOptions;
  log(line: string): void;
  runDir: string;
  shardDir: string;
  columnSpecs: ColumnSpec[];
  /** Deals this call plays and summarizes: [0, dealsLimit). */
  dealsLimit: number;
  identity: RunIdentity;
  binding: RunBinding;
  /** Whether games.arrow holds the run's kept games (then the shards need not keep their columns). */
  arrowDone: boolean;
}

/** This session's entry of the manifest. */
export interface SessionEntry {
  started: string;
  git: ReturnType<typeof gitInfo>;
  backend: string;
  workers: number;
  shards: number;
  games: number;
  status: string;
  wallSeconds: number;
  rssMaxMB: number;
}

/** What the session has so far: the finished shards merged, the progress, the session's entry. */
export interface RunTally {
  merged: Aggregate;
  progress: Progress;
  session: SessionEntry;
  /** Every game played this session adds 1 here (in the pool's threads too). */
  gamesPlayed: Int32Array;
  /** The games of the shards this session finished. */
  gamesFinished: number;
}

/** The session's tally at its start, from the finished shards. */
export function startTally(run: RunContext, merged: Aggregate, started: Date): RunTally {
  const { backend, plan } = run.options;
  const gamesTotal = run.dealsLimit * gamesPerDealOf(plan);
  return {
    merged,
    progress: { gamesDone: merged.games, gamesTotal, gamesResumed: merged.games, gamesRunning: 0 },
    session: {
      started: started.toISOString(),
      git: gitInfo(), // once per session: each call starts git twice
      backend: backend.name,
      workers: backend.concurrency,
      shards: 0,
      games: 0,
      status: 'running',
      wallSeconds: 0,
      rssMaxMB: 0,
    },
    gamesPlayed: new Int32Array(new SharedArrayBuffer(4)),
    gamesFinished: 0,
  };
}

/** The games inside running shards: the games played this session minus those of its finished shards. */
export const gamesRunning = (tally: RunTally): number =>
  Math.max(0, Atomics.load(tally.gamesPlayed, 0) - tally.gamesFinished);
