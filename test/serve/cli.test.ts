/** `carclab serve` as a command: prints its URL, answers, and stops cleanly on SIGTERM; bad input is exit 2. */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'carclab.js');

describe('carclab serve', () => {
  it('listens on loopback, prints its URL, serves the page and stops on SIGTERM with exit 0', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', tempDir('carclab-serve-cli-'), '--port', '0'], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d;
        const m = stdout.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script src="/assets/app.js">');
    expect(await (await fetch(`${url}api/runs`)).json()).toEqual([]);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('carclab explorer: stopped');
  });

  it('refuses a missing folder and a port in use with exit 2 and a message', async () => {
    const missing = spawnSync(process.execPath, [BIN, 'serve', join(tempDir('carclab-serve-cli-'), 'nope')], {
      encoding: 'utf8',
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope: not a folder/);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const taken = spawnSync(process.execPath, [BIN, 'serve', tempDir('carclab-serve-cli-'), '--port', String(port)], {
        encoding: 'utf8',
      });
      expect(taken.status).toBe(2);
      expect(taken.stderr).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
    } finally {
      blocker.close();
    }
  });
});
