/**
 * `carclab worker [--redis URL] [--workers K]`: a queue worker for distributed runs. Plays the shards
 * that `carclab run --backend …` enqueues, on this machine's cores, until stopped (Ctrl-C or
 * SIGTERM finish the running shards first). Without `--redis` the URL comes from
 * `CARCLAB_REDIS_URL` (or the file `CARCLAB_REDIS_URL_FILE` names), so no password shows in `ps`.
 */
import { InputError } from '../engine/index.ts';
import { defaultWorkers } from '../run/pool.ts';
import { parseQueueName, redisTargetFrom } from '../run/redis/url.ts';
import { startQueueWorker } from '../run/redis/worker.ts';
import { intFlag, workersFlag } from './args.ts';
import type { Command } from './args.ts';

/** Stopping never takes longer than this (the worker abandons its running shards after 10 s). */
const STOP_DEADLINE_MS = 13_000;

export const workerCommand: Command = {
  name: 'worker',
  usage:
    'carclab worker [--redis redis://host:port] [--workers K] [--queue NAME] [--lock-seconds S]   (URL with a password: CARCLAB_REDIS_URL)',
  summary: 'Plays the shards of distributed runs from a Redis queue on this machine until stopped.',
  flags: {
    redis: {
      type: 'string',
      help: 'Redis URL (rediss:// for TLS); default: CARCLAB_REDIS_URL, or the file CARCLAB_REDIS_URL_FILE names',
    },
    workers: { type: 'string', help: "threads playing shards (default: the machine's cores)" },
    queue: { type: 'string', help: 'queue name, as given to carclab run --queue', default: 'carclab-shards' },
    'lock-seconds': {
      type: 'string',
      help: 'a job held this long by a dead worker is retried elsewhere',
      default: '30',
    },
  },
  async run(positionals, flags) {
    if (positionals.length) throw new InputError('usage', `usage: ${workerCommand.usage}`);
    const target = redisTargetFrom(flags.redis as string | undefined, '--redis');
    const threads = workersFlag(flags.workers, defaultWorkers());
    const lockSeconds = intFlag(flags['lock-seconds'], 'lock-seconds', 30, 1, 3600);
    const worker = await startQueueWorker(target, {
      threads,
      queue: parseQueueName(flags.queue as string),
      lockSeconds,
    });
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.stderr.write('carclab worker: finishing the running shards, then stopping (again to stop now)\n');
        // A second signal stops at once: the running shards' locks expire and other workers play them.
        process.once('SIGINT', () => process.exit(130));
        process.once('SIGTERM', () => process.exit(143));
        // Whatever happens while closing (a Redis that is gone), the process ends within seconds.
        setTimeout(() => process.exit(143), STOP_DEADLINE_MS).unref();
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await worker.close();
    // Connections to a Redis that is gone may keep retrying in the background: they must not keep the process alive.
    setTimeout(() => process.exit(0), 1000).unref();
    return 0;
  },
};
