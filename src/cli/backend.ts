/**
 * The flags that choose where shards are played — the local pool (`--workers`), this thread
 * (`--in-process`) or queue workers through Redis (`--backend`, `--queue`, `--verify`,
 * `--redis-wait`) — shared by the commands that run experiments (`run`, `balance`; `tune` the local two).
 */
import { InputError } from '../engine/index.ts';
import { defaultWorkers, inProcessBackend, poolBackend } from '../run/pool.ts';
import type { Backend } from '../run/pool.ts';
import { parseQueueName, redisTargetFrom } from '../run/redis/url.ts';
import { intFlag, numberFlag, workersFlag } from './args.ts';
import type { FlagSpec } from './args.ts';

/** The local pool's flags, all that `tune` offers. */
export const LOCAL_BACKEND_FLAGS: Record<string, FlagSpec> = {
  workers: { type: 'string', help: "worker threads of the pool (default: the machine's cores)" },
  'in-process': { type: 'boolean', help: 'play in the main thread instead of a worker pool' },
};

export const BACKEND_FLAGS: Record<string, FlagSpec> = {
  ...LOCAL_BACKEND_FLAGS,
  backend: {
    type: 'string',
    help: 'play the shards on carclab workers through Redis: "redis" takes the URL from CARCLAB_REDIS_URL (or the file CARCLAB_REDIS_URL_FILE names), or give redis://host:port (rediss:// for TLS)',
  },
  queue: { type: 'string', help: 'queue name shared with the workers (with --backend)', default: 'carclab-shards' },
  verify: {
    type: 'string',
    help: "with --backend: fraction of the workers' shards replayed here to check them, besides each worker's early ones (its first 4, its n-th at 4/n; 0 to 1, 0: not verified)",
    default: '0.02',
  },
  'redis-wait': {
    type: 'string',
    help: 'with --backend: seconds to wait for a Redis that stopped answering before the run fails',
    default: '120',
  },
};

type Flags = Record<string, string | boolean | undefined>;

/** Checks `--workers` and `--in-process` and returns the function that opens the local backend. */
export function localBackendFrom(flags: Flags): () => Backend {
  const workers = workersFlag(flags.workers, defaultWorkers());
  if (flags['in-process'] && flags.workers !== undefined)
    throw new InputError('usage', '--workers and --in-process exclude each other');
  return () => (flags['in-process'] ? inProcessBackend() : poolBackend(workers));
}

/** Checks the backend flags (before anything is started) and returns the function that opens the backend. */
export function backendFrom(flags: Flags): () => Promise<Backend> {
  const openLocal = localBackendFrom(flags);
  if (flags.backend !== undefined && (flags['in-process'] || flags.workers !== undefined))
    throw new InputError('usage', '--backend runs on queue workers: it excludes --workers and --in-process');
  const target = typeof flags.backend === 'string' ? redisTargetFrom(flags.backend, '--backend') : undefined;
  const queue = parseQueueName(flags.queue as string);
  const verify = numberFlag(flags.verify, 'verify', (x) => x >= 0 && x <= 1, 'a fraction from 0 to 1')!;
  const redisWaitSeconds = intFlag(flags['redis-wait'], 'redis-wait', 120, 1, 86_400);
  // BullMQ is loaded only for a Redis run: it costs the main process about 30 MB of RSS.
  return async () =>
    target
      ? (await import('../run/redis/backend.ts')).redisBackend(target, { queue, verify, redisWaitSeconds })
      : openLocal();
}
