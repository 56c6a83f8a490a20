/**
 * The run directory's lock (issue 24, case 7): an empty lock (an older carclab on a full disk) or an
 * unparsable one is stale, not "in use by carclab process  on undefined"; a lock still being taken
 * over is not removed; of several processes started at once on a stale lock, exactly one gets it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockRunDir, takeOverStale } from '../../src/run/run-dir.ts';
import { tempDir } from '../sim/helpers.ts';
import { outputMatches, PROCESS_TEST_TIMEOUT, watch } from '../wait.ts';
import type { Watched } from '../wait.ts';

const holder = join(import.meta.dirname, 'lock-holder.ts');
/** Starts `n` processes, lets them race for the lock of `dir` once all are loaded, and returns what each got. */
async function race(dir: string, n: number): Promise<string[]> {
  const children = Array.from({ length: n }, () =>
    watch(spawn(process.execPath, ['--import', 'tsx', holder, dir], { stdio: ['pipe', 'pipe', 'inherit'] })),
  );
  const lines = (c: Watched) => c.log().trim().split('\n');
  await Promise.all(children.map((c) => outputMatches(c, () => lines(c)[0] === 'ready', 'the process to load')));
  for (const c of children) c.child.stdin!.write('go\n');
  await Promise.all(children.map((c) => outputMatches(c, () => lines(c).length === 2, 'its answer')));
  for (const c of children) c.child.stdin!.end();
  await Promise.all(
    children.map((c) => new Promise((r) => (c.child.exitCode !== null ? r(null) : c.child.once('exit', r)))),
  );
  return children.map((c) => lines(c)[1]!);
}

describe('the run directory lock', () => {
  it('an empty or unparsable lock is stale and taken over; the lock holds the PID and host, and goes on release', () => {
    for (const text of ['', 'garbage\n', ' on undefined\n']) {
      const dir = tempDir();
      writeFileSync(join(dir, 'lock'), text);
      const lock = lockRunDir(dir);
      expect(readFileSync(join(dir, 'lock'), 'utf8')).toMatch(
        new RegExp(`^${process.pid} ${hostname()} [0-9a-f]{12}\\n$`),
      );
      lock.release();
      expect(existsSync(join(dir, 'lock'))).toBe(false);
    }
  });

  it('a stale lock another process is taking over (its guard is fresh) is not removed; one that changed meanwhile neither', () => {
    const dir = tempDir();
    const file = join(dir, 'lock');
    writeFileSync(file, `999999999 ${hostname()}\n`);
    writeFileSync(`${file}.takeover`, 'another process\n');
    takeOverStale(file, `999999999 ${hostname()}\n`, 'me\n');
    expect(readFileSync(file, 'utf8')).toBe(`999999999 ${hostname()}\n`);
    rmSync(`${file}.takeover`);
    writeFileSync(file, `${process.pid} ${hostname()} winner\n`);
    takeOverStale(file, `999999999 ${hostname()}\n`, 'me\n');
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid} ${hostname()} winner\n`);
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it(
    'six processes racing for a stale lock once all are loaded: exactly one gets it (the previous code: three)',
    async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'lock'), `999999999 ${hostname()}\n`);
      const outcomes = await race(dir, 6);
      expect(outcomes.filter((o) => o === 'got')).toHaveLength(1);
      expect(
        outcomes.filter((o) => o.startsWith('refused: ') && o.includes(' is in use by carclab process ')),
      ).toHaveLength(5);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
