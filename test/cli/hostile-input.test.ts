/**
 * Hostile command lines (issue 24, cases 8, 11 and 12), as a user types them: an --out under /proc
 * (Node's recursive mkdir spun there forever), an empty --out, an experiment named "..", numbers in
 * hex (also a Redis URL's database) or past any sensible bound, a list rule on the command line, an
 * odd --queue name, help and hints that say what the command takes. Each is refused with exit 2 and
 * a message naming it, and nothing is written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRules } from '../../src/expansions/index.ts';
import { parseRedisUrl, redactUrls } from '../../src/run/redis/url.ts';
import { tempDir } from '../sim/helpers.ts';
import { AT_ONCE_MS } from '../wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const carclab = (cwd: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], {
    cwd,
    encoding: 'utf8',
    // A safety net that kills a command spinning for ever; the tests' own bounds are tighter.
    timeout: 4 * AT_ONCE_MS,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('hostile command lines', () => {
  it('--out under /proc is refused at once (exit 2), not a 100 % CPU spin deaf to SIGTERM', () => {
    const t0 = Date.now();
    const r = carclab(ROOT, 'run', 'default', '--deals', '2', '--in-process', '--out', '/proc/carclab');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot create the run directory \/proc\/carclab\/default\/\S+ \(ENOENT\); check --out/);
    expect(Date.now() - t0).toBeLessThan(AT_ONCE_MS);
  });

  it('an empty --out and an experiment named ".." are refused and write nothing', () => {
    const cwd = tempDir();
    const empty = carclab(cwd, 'run', 'default', '--deals', '2', '--in-process', '--out', '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--out must name a directory, got ""');
    const parent = tempDir();
    const out = join(parent, 'out');
    writeFileSync(
      join(cwd, 'up.json'),
      JSON.stringify({ name: '..', seed: 's', deals: 2, arms: [{ name: 'a', players: 2 }] }),
    );
    const up = carclab(cwd, 'run', join(cwd, 'up.json'), '--in-process', '--out', out);
    expect(up.code).toBe(2);
    expect(up.stderr).toContain('"name" must be 1-64 letters, digits or _ . = + - (not only dots), got ".."');
    expect(readdirSync(cwd)).toEqual(['up.json']);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('numbers in hex, binary or unbounded are refused: --deals 0x10, plan --diff 0x10, bench --scale 1e9, redis://…/0x10', () => {
    const out = tempDir();
    const deals = carclab(ROOT, 'run', 'default', '--deals', '0x10', '--in-process', '--out', out);
    expect([deals.code, deals.stderr.trim()]).toEqual([
      2,
      'carclab: --deals must be a whole number from 1 to 1000000000, got "0x10"',
    ]);
    expect(existsSync(join(out, 'default'))).toBe(false);
    const diff = carclab(ROOT, 'plan', '--diff', '0x10', '--sd', '3');
    expect(diff.code).toBe(2);
    expect(diff.stderr).toContain('--diff must be a non-zero number, got "0x10"');
    const scale = carclab(ROOT, 'bench', '--scale', '1e9');
    expect([scale.code, scale.stderr.trim()]).toEqual([
      2,
      'carclab: --scale must be a number above 0 and at most 100, got "1e9"',
    ]);
    expect(carclab(ROOT, 'plan', '--diff', '1e1', '--sd', '3').code).toBe(0);
    // The database of a Redis URL too (it was read as database 16 and 10).
    for (const db of ['0x10', '1e1', '-1'])
      expect(() => parseRedisUrl(`redis://host:6379/${db}`, '--backend')).toThrow(
        `--backend: bad database number "${db}"`,
      );
    expect(parseRedisUrl('redis://host:6379/15', '--backend').db).toBe(15);
  });

  it('a --queue name with a colon or empty is refused (exit 2, nothing written), not an internal error', () => {
    const worker = carclab(ROOT, 'worker', '--redis', 'redis://127.0.0.1:1', '--queue', 'a:b');
    expect([worker.code, worker.stderr.trim()]).toEqual([
      2,
      'carclab: --queue must be 1-64 letters, digits or _ . = + -, got "a:b"',
    ]);
    const out = tempDir();
    const run = carclab(
      ROOT,
      'run',
      'default',
      '--deals',
      '2',
      '--out',
      out,
      '--backend',
      'redis://127.0.0.1:1',
      '--queue',
      '',
    );
    expect([run.code, run.stderr.trim()]).toEqual([
      2,
      'carclab: --queue must be 1-64 letters, digits or _ . = + -, got ""',
    ]);
    expect(readdirSync(out)).toEqual([]);
  });

  it('a list rule on the command line: --rules seatCompensation=0,5 (and with other rules after it)', () => {
    expect(parseRules('seatCompensation=0,5', '--rules')).toEqual({ seatCompensation: '0,5' });
    expect(parseRules('seatCompensation=0,5,farmers=off,meeples=5', '--rules')).toEqual({
      seatCompensation: '0,5',
      farmers: 'off',
      meeples: 5,
    });
    expect(() => parseRules('5,farmers=off', '--rules')).toThrow('--rules: "5" is not name=value');
    const r = carclab(
      ROOT,
      'match',
      'greedy',
      'random',
      '--rules',
      'seatCompensation=0,5',
      '--deals',
      '2',
      '--in-process',
      '--out',
      tempDir(),
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
  });

  it('ladder --help does not offer --sprt (match --help does); the Redis URL hint survives redaction', () => {
    expect(carclab(ROOT, 'ladder', '--help').stdout).not.toContain('--sprt');
    expect(carclab(ROOT, 'match', '--help').stdout).toContain('with --sprt the most to play');
    let message = '';
    try {
      parseRedisUrl('http://host:1', '--backend');
    } catch (error) {
      message = redactUrls((error as Error).message);
    }
    expect(message).toContain(
      'expected redis://host:port[/db] (with a password, put :PASSWORD and @ before the host) or rediss://… for TLS',
    );
    expect(message).not.toContain('***@]');
  });
});
