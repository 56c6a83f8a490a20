/**
 * Who is on a queue, and with which code. A run's shards go to a queue of its code (`shardQueue`):
 * a worker listens only on its own code's queue, so it never takes a shard it may not play (taking
 * and refusing them held them back from the other workers: a pool with one worker of other code
 * stalled). To stay named all the same, each side announces itself every few seconds in a sorted
 * set per queue and role (member "code name", score the time it expires, on the Redis server's
 * clock) and reads the other role's set: the coordinator names workers of other code and says when
 * no worker of its code is there, a worker names runs of other code.
 */
import { Redis } from 'ioredis';
import { shortCode } from '../code.ts';
import { connectionOptions } from './url.ts';
import type { RedisTarget } from './url.ts';

/** The BullMQ queue holding the shards of runs of `code` on the queue the user named. */
export const shardQueue = (queue: string, code: string): string => `${queue}.${shortCode(code)}`;

const ANNOUNCE_MS = 2000;
/** An announcement not renewed for this long is gone (a worker killed without a word). */
export const PRESENCE_EXPIRES_MS = 10_000;

export type Role = 'run' | 'worker';
export interface Peer {
  name: string;
  code: string;
}

export interface PresenceOptions {
  queue: string;
  role: Role;
  /** This process, as others name it (host and PID). */
  name: string;
  code: string;
  /** Called after every look at the other role's set, with the peers announced there. */
  onPeers(peers: Peer[]): void;
}

const keyOf = (queue: string, role: Role) => `carclab:${queue}:${role}s`;

/** Announces this process on its queue until `stop()`, and reports the other role's peers. */
export function announcePresence(target: RedisTarget, options: PresenceOptions): { stop(): Promise<void> } {
  // A client of its own that fails fast: while Redis is away the other loops say so, this one stays quiet.
  const client = new Redis({
    ...connectionOptions(target),
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: ANNOUNCE_MS,
  });
  client.on('error', () => {});
  const mine = keyOf(options.queue, options.role);
  const theirs = keyOf(options.queue, options.role === 'run' ? 'worker' : 'run');
  const member = `${shortCode(options.code)} ${options.name}`;
  const look = async () => {
    const [seconds, micros] = await client.time();
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    await client
      .multi()
      .zadd(mine, now + PRESENCE_EXPIRES_MS, member)
      .pexpire(mine, PRESENCE_EXPIRES_MS)
      .zremrangebyscore(theirs, '-inf', now)
      .exec();
    const members = await client.zrangebyscore(theirs, now, '+inf');
    options.onPeers(members.map((m) => ({ code: m.slice(0, m.indexOf(' ')), name: m.slice(m.indexOf(' ') + 1) })));
  };
  let stopped = false;
  let wake = () => {};
  const loop = (async () => {
    while (!stopped) {
      await look().catch(() => {});
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, ANNOUNCE_MS).unref();
      });
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake();
      await loop;
      await client.zrem(mine, member).catch(() => {});
      client.disconnect();
    },
  };
}
