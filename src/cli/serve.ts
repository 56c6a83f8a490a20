/**
 * `carclab serve [DIR] [--port P] [--host H]`: the explorer (src/serve/) on the runs under DIR
 * (default results/), on 127.0.0.1 unless `--host` says otherwise. Prints its URL; stops cleanly on
 * SIGTERM or Ctrl-C.
 */
import { statSync } from 'node:fs';
import { InputError } from '../engine/index.ts';
import { startServer } from '../serve/server.ts';
import { intFlag } from './args.ts';
import type { Command } from './args.ts';

export const serveCommand: Command = {
  name: 'serve',
  usage: 'carclab serve [DIR] [--port P] [--host H]',
  summary:
    'A local web explorer of the runs under DIR (default results/): reports and charts, games move by move, paired games, play against the agents.',
  flags: {
    port: { type: 'string', help: 'port to listen on (default 8427; 0 picks a free one)' },
    host: {
      type: 'string',
      help: 'address to listen on (default 127.0.0.1, this machine only; e.g. 0.0.0.0 exposes it to the network on purpose)',
    },
  },
  async run(positionals, flags) {
    const [dir = 'results', ...rest] = positionals;
    if (rest.length) throw new InputError('usage', `usage: ${serveCommand.usage}`);
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      // reported below
    }
    if (!isDir)
      throw new InputError(
        'usage',
        `${dir}: not a folder (run an experiment first, or name the folder of the results)`,
      );
    const port = intFlag(flags.port, 'port', 8427, 0, 65535);
    const host = flags.host === undefined ? '127.0.0.1' : String(flags.host);
    if (host === '' || host === 'true') throw new InputError('usage', '--host needs an address');
    let running: Awaited<ReturnType<typeof startServer>>;
    try {
      running = await startServer({ dir, port, host });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
        throw new InputError('usage', `cannot listen on ${host}:${port} (${code})`);
      throw error;
    }
    process.stdout.write(`carclab explorer: ${running.url} (results: ${dir}; Ctrl-C stops it)\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void running.close().then(resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    process.stderr.write('carclab explorer: stopped\n');
    return 0;
  },
};
