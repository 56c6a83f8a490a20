/**
 * The hostile-input suite's tools, all from the outside as a user would come: the `carclab` command
 * and the scripts as child processes, the explorer as a `carclab serve` process reached over HTTP
 * (so a case that blocks the server blocks that process, not the tests), and scratch folders.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'carclab.js');

export const scratch = (): string => mkdtempSync(join(tmpdir(), 'carclab-hostile-'));

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `carclab ARGS…` in `cwd`. */
export const carclab = (cwd: string, ...args: string[]): Ran => carclabOf(BIN, cwd, ...args);

/** The `carclab` of another checkout (its `bin/carclab.js`) with ARGS… in `cwd`. */
export function carclabOf(bin: string, cwd: string, ...args: string[]): Ran {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 240_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A TypeScript script of the repository (`scripts/train.ts`, `notebooks/…`) with ARGS…. */
export function script(file: string, ...args: string[]): Ran {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, file), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A stack trace in a command's output (a message for the user has none). */
export const STACK = /\n\s+at \S|internal error|ERR_PARSE_ARGS/;

export interface Served {
  url: string;
  child: ChildProcess;
  stop(): void;
}

/** `carclab serve DIR --port 0` (and `--host`), once it prints its URL. */
export async function serve(dir: string, host = '127.0.0.1'): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', dir, '--port', '0', '--host', host], { cwd: ROOT });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /(http:\/\/\S+\/) /.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`carclab serve exited: ${err}`)));
  });
  return { url, child, stop: () => child.kill('SIGKILL') };
}

export interface Answer {
  status: number;
  body: string;
  json(): { error?: string } & Record<string, unknown>;
}

/**
 * One HTTP request; `status` 0 when the server closed the connection without an answer, -1 when
 * nothing came within `timeoutMs`.
 */
export function http(
  url: string,
  options: { method?: string; path?: string; body?: unknown; host?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const target = new URL(url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const done = (status: number, text: string) =>
      resolve({ status, body: text, json: () => JSON.parse(text) as { error?: string } & Record<string, unknown> });
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        path: options.path ?? '/',
        headers: { host: options.host ?? target.host, ...(body ? { 'content-type': 'application/json' } : {}) },
        timeout: options.timeoutMs ?? 60_000,
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d;
        });
        res.on('end', () => done(res.statusCode ?? 0, text));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      done(-1, '');
    });
    req.on('error', () => done(0, ''));
    req.end(body);
  });
}

/** A small experiment of two arms (official, farmers worth 6 a city), greedy, that `carclab run` plays in seconds. */
export const TWO_ARMS = {
  name: 'hostile',
  seed: 'hostile-1',
  deals: 4,
  rotation: 'cycle',
  arms: [
    { name: 'official', players: 2, agents: 'greedy' },
    { name: 'farmers6', players: 2, agents: 'greedy', rules: { farmerPointsPerCity: 6 } },
  ],
};
