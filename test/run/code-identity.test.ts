/**
 * Code identity (issue 13, problem 1): the run id and the manifest carry the hash of the code that
 * plays the games; a run of the same plan made by other code (a patched copy of this checkout) is
 * neither resumed nor overwritten unless the user asks for a new run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { codeIdentity, hashSources, shortCode } from '../../src/run/code.ts';
import { checkOtherCode } from '../../src/run/run-dir.ts';
import { ROAD_POINTS_PATCH, ROOT, patchedCopy } from './patched-copy.ts';
import { tempDir } from '../sim/helpers.ts';

const carclab = (root: string, cwd: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'carclab.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const manifestOf = (runDir: string) => JSON.parse(readFileSync(join(runDir, 'manifest.json'), 'utf8'));

describe('code identity', () => {
  it('hashes the files that decide a shard, and changes with any of them', () => {
    const here = codeIdentity();
    expect(here.files).toEqual(
      expect.arrayContaining([
        'src/sim/shard.ts',
        'src/engine/params/declare.ts',
        'src/expansions/base/tiles.json',
        'src/expansions/tollkeepers/tiles.json',
        'src/agents/random.ts',
      ]),
    );
    expect(here.files).not.toContain('src/cli/run.ts');
    const copy = patchedCopy([ROAD_POINTS_PATCH]);
    const patched = hashSources(join(copy, 'src', 'sim', 'shard.ts'), copy);
    expect(patched.files).toEqual(here.files);
    expect(patched.hash).not.toBe(here.hash);
  });

  it('hashes every file of the installed packages it imports: a dependency patched in place is other code', () => {
    const here = codeIdentity();
    expect(here.packages).toEqual([expect.stringMatching(/^seedrandom@\d/)]);
    const copy = patchedCopy([], ['seedrandom']);
    const entry = join(copy, 'src', 'sim', 'shard.ts');
    expect(hashSources(entry, copy).hash).toBe(here.hash);
    const file = join(copy, 'node_modules', 'seedrandom', 'lib', 'tychei.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}// patched in place\n`);
    const patched = hashSources(entry, copy);
    expect(patched.packages).toEqual(here.packages);
    expect(patched.hash).not.toBe(here.hash);
  });

  it('a finished run of older code is refused (exit 2) instead of "already complete", and --new-run plays it again', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'exp.json'),
      JSON.stringify({ seed: 'code-1', deals: 20, arms: [{ name: 'a', players: 2 }] }),
    );
    const old = patchedCopy([ROAD_POINTS_PATCH]);
    const first = carclab(old, dir, 'run', 'exp.json', '--out', 'out', '--in-process');
    expect(first.code, first.stderr).toBe(0);
    const oldDir = first.stdout.match(/results: (\S+)/)![1]!;

    const again = carclab(ROOT, dir, 'run', 'exp.json', '--out', 'out', '--in-process');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${oldDir} holds a complete run of this plan made by other code`);
    expect(again.stderr).toContain('Add --new-run');
    expect(readdirSync(join(dir, 'out', 'exp'))).toHaveLength(1);

    const fresh = carclab(ROOT, dir, 'run', 'exp.json', '--out', 'out', '--in-process', '--new-run');
    expect(fresh.code, fresh.stderr).toBe(0);
    const newDir = fresh.stdout.match(/results: (\S+)/)![1]!;
    expect(newDir).not.toBe(oldDir);
    expect(newDir.endsWith(`-${shortCode(codeIdentity().hash)}`)).toBe(true);
    const manifest = manifestOf(join(dir, newDir));
    expect(manifest.code.hash).toBe(codeIdentity().hash);
    expect(manifestOf(join(dir, oldDir)).code.hash).not.toBe(manifest.code.hash);
    // Each session records its own commit and whether the tree had uncommitted changes.
    expect(manifest.sessions).toHaveLength(1);
    expect(manifest.sessions[0].git).toEqual(manifest.git);
    if (manifest.git)
      expect(manifest.git).toEqual({ commit: expect.stringMatching(/^[0-9a-f]{40}$/), dirty: expect.any(Boolean) });
  });

  it('an unfinished run of other code is refused too, naming its status', () => {
    const parent = tempDir();
    mkdirSync(join(parent, 'seed-10-abc-1111111111'));
    writeFileSync(
      join(parent, 'seed-10-abc-1111111111', 'manifest.json'),
      JSON.stringify({
        status: 'interrupted',
        code: { hash: '1111111111aa' },
        git: { commit: 'f'.repeat(40), dirty: true },
      }),
    );
    let error: unknown;
    try {
      checkOtherCode(join(parent, 'seed-10-abc-2222222222'), 'seed-10-abc-', false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(
      /holds an unfinished run \(interrupted\) of this plan made by other code \(code 1111111111 at commit ffffffffffff with uncommitted changes\)/,
    );
    expect(() => checkOtherCode(join(parent, 'seed-10-abc-2222222222'), 'seed-10-abc-', true)).not.toThrow();
  });
});
