/**
 * The explorer's agent threads: a small piscina pool that plays the agents' turns of games played in
 * the explorer and analyses turns' candidate moves (`agent-worker.ts`), so the server's own thread
 * only checks moves and answers requests. An answer that takes longer than its budget is stopped (the thread is ended and a new one
 * takes its place) and reported as such, so one game can neither stall the server nor hold a thread.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { builtPath, jsBuild } from '../run/js-build.mjs';
import { WORKER_EXEC_ARGV, WORKER_YOUNG_GENERATION_MB } from '../run/pool.ts';
import type { AgentTask, AnswerTask } from './agent-worker.ts';
import type { CandidatesView } from './api-types.ts';
import type { ExplainTask } from './explain.ts';

/** The threads' entry: the JavaScript build of `agent-worker.ts` (as the run pool's), else through tsx. */
function entry(): string {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new URL('./agent-worker.js', here).href;
  const build = jsBuild();
  return build === undefined
    ? new URL('./agent-worker-entry.mjs', here).href
    : pathToFileURL(builtPath(build, 'src/serve/agent-worker.ts')).href;
}

/** An answer (or analysis) stopped at its budget. */
export class AnswerTimeout extends Error {
  constructor(
    readonly ms: number,
    what = 'the agents took',
  ) {
    super(`${what} more than ${ms / 1000} s to answer`);
    this.name = 'AnswerTimeout';
  }
}

export class AgentPool {
  private readonly pool: Piscina<AgentTask, number[] | CandidatesView>;

  constructor(threads = Math.min(4, Math.max(2, os.availableParallelism()))) {
    this.pool = new Piscina<AgentTask, number[] | CandidatesView>({
      filename: entry(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      execArgv: [...WORKER_EXEC_ARGV],
    });
  }

  /** The agents' actions until a human is to move or the game ends; an `AnswerTimeout` after `ms`. */
  answer(task: AnswerTask, ms: number): Promise<number[]> {
    return this.run(task, ms, 'the agents took') as Promise<number[]>;
  }

  /** A turn's candidates valued by its agent (`explain.ts`); an `AnswerTimeout` after `ms`. */
  explain(task: ExplainTask, ms: number): Promise<CandidatesView> {
    return this.run(task, ms, 'the analysis took') as Promise<CandidatesView>;
  }

  private async run(task: AgentTask, ms: number, what: string): Promise<number[] | CandidatesView> {
    const signal = AbortSignal.timeout(ms);
    try {
      return await this.pool.run(task, { signal });
    } catch (error) {
      if (signal.aborted) throw new AnswerTimeout(ms, what);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
