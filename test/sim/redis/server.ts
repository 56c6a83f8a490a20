/**
 * A real redis-server for tests of the Redis backend: started on a free loopback port with no
 * persistence, stopped by PID. Fails loudly when redis-server is not installed (CI installs it).
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(extraArgs: string[] = []): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'carclab-redis-'));
  const child: ChildProcess = spawn('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no',
    '--maxmemory-policy', 'noeviction', ...extraArgs,
  ], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ping = spawnSync('redis-cli', ['-p', String(port), ...pingAuth(extraArgs), 'ping'], { encoding: 'utf8' });
    if (ping.stdout.trim() === 'PONG') break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(child.pid!, 'SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function pingAuth(args: string[]): string[] {
  const i = args.indexOf('--requirepass');
  return i >= 0 ? ['-a', args[i + 1]!, '--no-auth-warning'] : [];
}
