/**
 * A pool closed while its threads are still loading their code ends cleanly. Node 20 aborted the whole
 * process when a thread was stopped in the middle of a synchronous `require` of an ES module (seen in
 * a resumed match with nothing left to play, which closes its pool at once); `WORKER_EXEC_ARGV` keeps
 * the threads on `import()`. Each cycle below opens a pool of the built code, waits 0–200 ms (less than
 * a thread's start-up) and closes it: without the flag, 3 processes of 3 died.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CYCLES = 60;
const script = `
import { pathToFileURL } from 'node:url';
import { builtPath, jsBuild } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src', 'run', 'js-build.mjs')).href)};
const build = jsBuild();
const { poolBackend } = await import(pathToFileURL(builtPath(build, 'src/run/pool.ts')).href);
for (let i = 0; i < ${CYCLES}; i++) {
  const pool = poolBackend(2);
  await new Promise((resolve) => setTimeout(resolve, (i * 37) % 200));
  await pool.close();
}
console.log('closed ${CYCLES} pools');
`;

describe('worker pool', () => {
  it(`closes ${CYCLES} times while its threads start, and the process lives`, () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/FATAL ERROR/);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`closed ${CYCLES} pools`);
  }, 120_000);
});
