/**
 * A Redis that answers the coordinator's first check and then goes away before the queue's
 * connections are up: the coordinator waits for it as long as it would during a run (`redisWaitSeconds`),
 * then fails with a clear message, instead of waiting for ever. The "Redis" here is a few lines of
 * RESP that answer one connection (the check) and drop every later one.
 */
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunFailure } from '../../../src/run/files.ts';
import { redisBackend } from '../../../src/run/redis/backend.ts';
import { parseRedisUrl } from '../../../src/run/redis/url.ts';
import { PROCESS_TEST_TIMEOUT } from '../../wait.ts';

const INFO = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';

/** Answers the commands of ioredis's ready check and of a PING: INFO, then PONG (or OK) per command. */
function answerOnce(socket: Socket): void {
  socket.on('data', (data) => {
    // Each command is a RESP array whose first bulk string is its name.
    for (const [, name] of data.toString().matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)) {
      const command = name!.toUpperCase();
      if (command === 'INFO') socket.write(`$${Buffer.byteLength(INFO)}\r\n${INFO}\r\n`);
      else socket.write(command === 'PING' ? '+PONG\r\n' : '+OK\r\n');
    }
  });
}

let server: Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('error', () => {});
    if (++connections === 1) answerOnce(socket);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a Redis lost as the run starts', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('is waited for --redis-wait seconds, then the run fails with a message saying so', async () => {
    const error = await redisBackend(parseRedisUrl(`redis://127.0.0.1:${port}`, '--backend'), {
      queue: 'lost-at-start',
      redisWaitSeconds: 2,
      log: () => {},
    }).then(
      async (backend) => {
        await backend.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RunFailure);
    expect((error as Error).message).toMatch(
      /^Redis at redis:\/\/127\.0\.0\.1:\d+ answered, then did not answer for 2 s as the run started; nothing was played: run the same command again$/,
    );
    // The check's connection and at least one of the queue's attempts after it.
    expect(connections).toBeGreaterThan(1);
  });
});
