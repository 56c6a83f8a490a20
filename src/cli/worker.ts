/**
 * `carclab worker --redis URL [--workers K]`: a queue worker for distributed runs. Plays the shards
 * that `carclab run --backend URL` enqueues, on this machine's cores, until stopped (Ctrl-C or
 * SIGTERM finish the running shards first).
 */
import { InputError } from '../engine/index.ts';
import { defaultWorkers } from '../sim/pool.ts';
import { parseRedisUrl } from '../sim/redis/url.ts';
import { startQueueWorker } from '../sim/redis/worker.ts';
import { intFlag } from './args.ts';
import type { Command } from './args.ts';

export const workerCommand: Command = {
  name: 'worker',
  usage: 'carclab worker --redis redis://[:password@]host:port [--workers K] [--queue NAME] [--lock-seconds S]',
  summary: 'Plays the shards of distributed runs from a Redis queue on this machine until stopped.',
  flags: {
    redis: { type: 'string', help: 'Redis URL (rediss:// for TLS)' },
    workers: { type: 'string', help: 'threads playing shards (default: the machine\'s cores)' },
    queue: { type: 'string', help: 'queue name, as given to carclab run --queue', default: 'carclab-shards' },
    'lock-seconds': { type: 'string', help: 'a job held this long by a dead worker is retried elsewhere', default: '30' },
  },
  async run(positionals, flags) {
    if (positionals.length) throw new InputError('usage', `usage: ${workerCommand.usage}`);
    if (typeof flags.redis !== 'string') throw new InputError('usage', `--redis is required\nusage: ${workerCommand.usage}`);
    const target = parseRedisUrl(flags.redis, '--redis');
    const threads = intFlag(flags.workers, 'workers', defaultWorkers(), 1, 256);
    const lockSeconds = intFlag(flags['lock-seconds'], 'lock-seconds', 30, 1, 3600);
    const worker = await startQueueWorker(target, { threads, queue: flags.queue as string, lockSeconds });
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.stderr.write('carclab worker: finishing the running shards, then stopping\n');
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await worker.close();
    return 0;
  },
};
