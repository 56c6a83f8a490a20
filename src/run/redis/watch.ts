/**
 * The coordinator's watch on Redis (`backend.ts`): every few seconds it asks for the state of the jobs
 * it waits for (so a missed event or a Redis that restarted empty costs nothing: missing jobs are
 * enqueued again). When Redis does not answer it prints a "waiting for Redis" line every 10 s and,
 * after the wait limit, fails the shards waited for (finished shards are kept for a resume).
 */
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { RunFailure } from '../files.ts';
import type { ShardJobs } from './jobs.ts';
import type { RedisTarget } from './url.ts';

/** How often the coordinator checks the jobs it waits for, and how long one check may take. */
export const RECONCILE_MS = 2000;
/** How often the "waiting for Redis" line is repeated. */
const NOTICE_MS = 10_000;

/** `promise`, or `undefined` when it takes longer than `ms`. */
export const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });

/** Tells a lost Redis: when it answers again, while it is away, and when the wait is over. */
class LostRedis {
  private lostSince: number | undefined;
  private lastNotice = 0;

  constructor(
    private readonly target: RedisTarget,
    private readonly waitLimitMs: number,
    private readonly jobs: ShardJobs,
    private readonly log: (line: string) => void,
  ) {}

  answered(now: number): void {
    if (this.lostSince !== undefined)
      this.log(
        `carclab: Redis at ${this.target.redacted} answers again after ${Math.round((now - this.lostSince) / 1000)} s; checking the shards in flight`,
      );
    this.lostSince = undefined;
  }

  silent(now: number): void {
    const { target, waitLimitMs } = this;
    this.lostSince ??= now - RECONCILE_MS;
    if (now - this.lastNotice >= NOTICE_MS) {
      this.lastNotice = now;
      this.log(
        `carclab: waiting for Redis at ${target.redacted}: no answer for ${Math.round((now - this.lostSince) / 1000)} s (the run stops after ${waitLimitMs / 1000} s; finished shards are kept)`,
      );
    }
    if (now - this.lostSince >= waitLimitMs) {
      this.jobs.rejectAll(
        new RunFailure(
          `Redis at ${target.redacted} did not answer for ${waitLimitMs / 1000} s; the finished shards are kept: run the same command to resume`,
        ),
      );
      this.lostSince = undefined;
    }
  }
}

/** Starts the watch; `stop` ends it and closes its connection. */
export function watchRedis(
  target: RedisTarget,
  connection: RedisOptions,
  waitLimitMs: number,
  jobs: ShardJobs,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  // Its own client, failing fast, so a question while Redis is away does not wait for it.
  const pinger = new Redis({
    ...connection,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: RECONCILE_MS,
  });
  pinger.on('error', () => {});
  const lost = new LostRedis(target, waitLimitMs, jobs, log);
  let reconciling = false;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, RECONCILE_MS).unref());
      if (stopped || jobs.waiting.size === 0) continue;
      // Whether Redis answers is one round trip: the check of every job in flight takes longer with
      // many in flight, a distant server or a coordinator busy replaying, and must not count as silence.
      const answered = await pinger.ping().then(
        () => true,
        () => false,
      );
      if (answered && !reconciling) {
        reconciling = true;
        // A check caught by a Redis that went away mid-way is given up, so the next one can start.
        void within(jobs.reconcile(), 10 * RECONCILE_MS)
          .catch(() => {})
          .finally(() => (reconciling = false));
      }
      if (answered) lost.answered(Date.now());
      else lost.silent(Date.now());
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      pinger.disconnect();
    },
  };
}
