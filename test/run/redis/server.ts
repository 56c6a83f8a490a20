/**
 * A real redis-server for tests of the Redis backend: started on a free loopback port with no
 * persistence, stopped by PID. Fails loudly when redis-server is not installed (CI installs it).
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** A plain redis-server; `port` restarts one on the port of a server that was stopped. */
export async function startRedis(extraArgs: string[] = [], port?: number): Promise<RedisServer> {
  return start(extraArgs, (p) => ['--port', String(p)], [], 'redis', port);
}

/**
 * A redis-server that speaks only TLS, with a certificate for `localhost` signed by a throw-away CA
 * (`caFile`: what clients must trust, e.g. through NODE_EXTRA_CA_CERTS).
 */
export async function startTlsRedis(): Promise<RedisServer & { caFile: string }> {
  const certs = mkdtempSync(join(tmpdir(), 'carclab-tls-'));
  const file = (name: string) => join(certs, name);
  const openssl = (...args: string[]) => {
    const r = spawnSync('openssl', args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
  };
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '1',
    '-subj',
    '/CN=carclab test CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(file('ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.crt'),
    '-days',
    '1',
    '-extfile',
    file('ext'),
  );
  const tls = [
    '--tls-cert-file',
    file('server.crt'),
    '--tls-key-file',
    file('server.key'),
    '--tls-ca-cert-file',
    file('ca.crt'),
    '--tls-auth-clients',
    'no',
  ];
  const server = await start(
    tls,
    (port) => ['--port', '0', '--tls-port', String(port)],
    ['--tls', '--cacert', file('ca.crt')],
    'rediss',
  );
  return {
    ...server,
    url: server.url.replace('127.0.0.1', 'localhost'),
    caFile: file('ca.crt'),
    stop: async () => {
      await server.stop();
      rmSync(certs, { recursive: true, force: true });
    },
  };
}

async function start(
  extraArgs: string[],
  ports: (port: number) => string[],
  cliArgs: string[],
  scheme: string,
  fixedPort?: number,
): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error)
    throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = fixedPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'carclab-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    [
      ...ports(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
      ...extraArgs,
    ],
    { stdio: 'ignore' },
  );
  // Until it answers, or it exits (a port taken, a bad option); a minute at most, for a loaded machine.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ping = spawnSync('redis-cli', ['-p', String(port), ...cliArgs, ...pingAuth(extraArgs), 'ping'], {
      encoding: 'utf8',
    });
    if (ping.stdout.trim() === 'PONG') break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `redis-server did not answer on port ${port}${child.exitCode !== null ? ` (it exited with code ${child.exitCode})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
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
