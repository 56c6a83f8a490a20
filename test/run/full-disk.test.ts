/**
 * A full disk (issue 13, problem 7): "no space left on …", exit 1, the manifest marked failed, no
 * temporary file left behind. On a real 32 KiB tmpfs when the tests run as root (mounting needs it);
 * always also with the failure injected at the write layer (`writeFileSync` of node:fs throwing
 * ENOSPC from the third shard on), so machines without root test the same path.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const injection = vi.hoisted(() => ({ shardWrites: 0, failFrom: Infinity }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    writeFileSync: (
      file: fs.PathOrFileDescriptor,
      data: string | NodeJS.ArrayBufferView,
      options?: fs.WriteFileOptions,
    ) => {
      if (
        typeof data === 'string' &&
        data.includes('"carclab-shard-file/2"') &&
        ++injection.shardWrites >= injection.failFrom
      ) {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return real.writeFileSync(file, data, options);
    },
  };
});

const ROOT = join(import.meta.dirname, '..', '..');
const allFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)]));
const manifestStatus = (runDir: string) => JSON.parse(fs.readFileSync(join(runDir, 'manifest.json'), 'utf8')).status;

function tinyTmpfs(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = tempDir('carclab-full-');
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=32k', 'tmpfs', dir]).status === 0 ? dir : undefined;
}

describe('a full disk', () => {
  it('injected at the write layer: the run fails naming the file, manifest failed, no temp files', async () => {
    const plan = planOf({ name: 'full', seed: 'full-1', deals: 40, arms: [{ name: 'a', players: 2 }] });
    injection.shardWrites = 0;
    injection.failFrom = 3;
    const out = tempDir();
    try {
      await expect(
        runExperiment({ plan, outRoot: out, backend: inProcessBackend(), keepGames: false, shardDeals: 4 }),
      ).rejects.toThrow(/^no space left on the device of .*shards\/0000000008-0000000012\.json$/);
    } finally {
      injection.failFrom = Infinity;
    }
    const runDir = join(out, 'full', fs.readdirSync(join(out, 'full'))[0]!);
    expect(manifestStatus(runDir)).toBe('failed');
    expect(allFiles(runDir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(fs.existsSync(join(runDir, 'lock'))).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)(
    'on a real 32 KiB tmpfs (root only): "no space left on …", exit 1, manifest failed, no stray files',
    () => {
      const disk = tinyTmpfs();
      expect(disk, 'mounting a tmpfs as root').toBeDefined();
      try {
        const dir = tempDir();
        fs.writeFileSync(
          join(dir, 'exp.json'),
          JSON.stringify({ seed: 'full-2', deals: 200, arms: [{ name: 'a', players: 2 }] }),
        );
        const r = spawnSync(
          process.execPath,
          [
            join(ROOT, 'bin', 'carclab.js'),
            'run',
            join(dir, 'exp.json'),
            '--out',
            disk!,
            '--in-process',
            '--shard-deals',
            '4',
          ],
          { encoding: 'utf8' },
        );
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(/carclab: no space left on the device of \S+\.json\n/);
        expect(r.stderr).not.toContain('internal error');
        const runDir = join(disk!, 'exp', fs.readdirSync(join(disk!, 'exp'))[0]!);
        expect(manifestStatus(runDir)).toBe('failed');
        expect(allFiles(disk!).filter((f) => f.includes('.tmp-') || f.endsWith('lock'))).toEqual([]);
      } finally {
        spawnSync('umount', [disk!]);
      }
    },
  );
});
