/**
 * The JavaScript build of the sources (`src/run/js-build.mjs`), in a copy of the checkout: built once
 * per version of the sources and reused, built anew when a source changes (transpiling only that
 * file; the pool threads then play the changed rules), the command run from it, builds and
 * transpiled files neither among the newest nor used within a day pruned, and no build (the tsx
 * fallback) without TypeScript installed. That the build plays the same games as the main thread,
 * for any number of threads, is `determinism.test.ts` (the pool runs it); the CLI tests run the
 * command from the build, with experiment files inside and outside the repository.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runShard } from '../../src/sim/shard.ts';
import type { ShardResult, ShardTask } from '../../src/sim/shard.ts';
import { poolWorkerEntry } from '../../src/run/pool.ts';
import { compiledWorker, jsBuild } from '../../src/run/js-build.mjs';
import { planOf } from '../sim/helpers.ts';
import { ROAD_POINTS_PATCH, patchedCopy } from './patched-copy.ts';

const plan = planOf({ name: 'worker-build', seed: 'wb-1', deals: 6, arms: [{ name: 'base-2p', players: 2 }] });
const task: ShardTask = { plan, start: 0, end: 6, keepGames: false };
const copy = patchedCopy([]);
const builds = join(copy, '.cache', 'js');
afterAll(() => rmSync(copy, { recursive: true, force: true }));

async function playOn(workerUrl: string): Promise<ShardResult> {
  const pool = new Piscina<ShardTask, ShardResult>({ filename: workerUrl, minThreads: 1, maxThreads: 1 });
  try {
    return await pool.run(task);
  } finally {
    await pool.destroy();
  }
}

const roadPoints = (r: ShardResult) => r.aggregate.arms[0]!.seats[0]!.sources[0]!;

/** Edits a file of a build and updates the build's seal to match, as a forger would (to show which file runs). */
function editSealed(dir: string, file: string, edit: (text: string) => string): void {
  const path = join(dir, file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  const seal = JSON.parse(readFileSync(join(dir, 'build-seal.json'), 'utf8')) as { files: Record<string, string> };
  seal.files[file] = createHash('sha256').update(readFileSync(path)).digest('hex');
  writeFileSync(join(dir, 'build-seal.json'), JSON.stringify(seal));
}
/** What `body` wrote to stderr. */
function stderrOf(body: () => void): string {
  let text = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    text += String(chunk);
    return true;
  });
  try {
    body();
  } finally {
    spy.mockRestore();
  }
  return text;
}

describe('the JavaScript build', () => {
  it('is built once as JavaScript, reused while the sources stay the same, and plays as the main thread does', async () => {
    const url = compiledWorker(copy)!;
    expect(url.startsWith(`${pathToFileURL(builds).href}/`)).toBe(true);
    expect(url.endsWith('/src/run/worker.js')).toBe(true);
    const buildDir = join(fileURLToPath(url), '..', '..', '..');
    expect(readdirSync(join(buildDir, 'src', 'engine')).filter((f) => f.endsWith('.ts'))).toEqual([]);
    writeFileSync(join(buildDir, 'marker'), '');
    utimesSync(buildDir, 1000, 1000);
    expect(compiledWorker(copy)).toBe(url);
    expect(existsSync(join(buildDir, 'marker'))).toBe(true);
    expect(Date.now() - statSync(buildDir).mtimeMs).toBeLessThan(60_000);
    expect((await playOn(url)).aggregate).toEqual(runShard(task).aggregate);
  });

  it('is built anew when a source changes, transpiling only that file, and its threads play the changed rules', async () => {
    const before = compiledWorker(copy)!;
    const transpiled = () => readdirSync(join(copy, '.cache', 'js-files'));
    const kept = transpiled();
    const file = join(copy, ROAD_POINTS_PATCH.file);
    writeFileSync(file, readFileSync(file, 'utf8').replace(ROAD_POINTS_PATCH.from, ROAD_POINTS_PATCH.to));
    const after = compiledWorker(copy)!;
    expect(after).not.toBe(before);
    expect(transpiled().filter((f) => !kept.includes(f))).toHaveLength(1);
    expect(roadPoints(await playOn(after))).toBeGreaterThan(roadPoints(runShard(task)));
  });

  it('keeps the newest builds, the one just made and three others, and builds and transpiled files used within a day', () => {
    const current = readdirSync(builds);
    expect(current).toHaveLength(2);
    const hours = (h: number) => (Date.now() - h * 3600_000) / 1000;
    const olds = ['old-0', 'old-1', 'old-2'];
    const recents = ['recent-1', 'recent-2', 'recent-3'];
    for (const [i, name] of [...olds, ...recents].entries()) {
      mkdirSync(join(builds, name));
      utimesSync(join(builds, name), i < 3 ? hours(48 + i) : hours(i - 2), i < 3 ? hours(48 + i) : hours(i - 2));
    }
    const files = join(copy, '.cache', 'js-files');
    writeFileSync(join(files, 'unused.js'), '');
    utimesSync(join(files, 'unused.js'), hours(25), hours(25));
    writeFileSync(join(files, 'used.js'), '');
    utimesSync(join(files, 'used.js'), hours(23), hours(23));
    const file = join(copy, 'src', 'sim', 'play.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    compiledWorker(copy);
    expect(existsSync(join(files, 'unused.js'))).toBe(false);
    expect(existsSync(join(files, 'used.js'))).toBe(true);
    const kept = readdirSync(builds);
    expect(kept.filter((f) => f.startsWith('old-'))).toEqual([]);
    expect(kept.filter((f) => f.startsWith('recent-')).sort()).toEqual(recents);
    for (const name of current) expect(kept).toContain(name);
    expect(kept).toHaveLength(6);
  });

  it('is what the command runs, made anew by the command when a source changed', () => {
    const dir = jsBuild(copy)!;
    editSealed(dir, 'src/cli/main.js', (text) => `process.stdout.write('from the build\\n');\n${text}`);
    const help = () =>
      spawnSync(process.execPath, [join(copy, 'bin', 'carclab.js'), 'show', '--help'], { encoding: 'utf8' });
    expect(help().stdout).toMatch(/^from the build\nusage: carclab show/);
    const file = join(copy, 'src', 'cli', 'show.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    const r = help();
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: carclab show/);
    expect(jsBuild(copy)).not.toBe(dir);
  });

  it("edited after it was built (a rule changed in its JavaScript) is named and made anew: its threads play the sources' rules", async () => {
    const url = compiledWorker(copy)!;
    const dir = join(fileURLToPath(url), '..', '..', '..');
    const built = ROAD_POINTS_PATCH.file.replace(/\.ts$/, '.js'); // the base game's rule module, transpiled
    const rules = join(dir, ...built.split('/'));
    const text = readFileSync(rules, 'utf8');
    expect(text).toContain(ROAD_POINTS_PATCH.to); // the copy's sources score roads double since the second test
    writeFileSync(rules, text.replace(ROAD_POINTS_PATCH.to, ROAD_POINTS_PATCH.from));
    let again: string | undefined;
    expect(stderrOf(() => (again = compiledWorker(copy)))).toBe(
      `carclab: the JavaScript build ${dir} was changed after it was built (${built} differs); building it again\n`,
    );
    expect(again).toBe(url);
    expect(readFileSync(rules, 'utf8')).toBe(text);
    expect(stderrOf(() => compiledWorker(copy))).toBe('');
  });

  it('does not take an edited transpiled file from .cache/js-files into a new build', () => {
    const files = join(copy, '.cache', 'js-files');
    const cached = readdirSync(files).filter((f) =>
      readFileSync(join(files, f), 'utf8').includes(ROAD_POINTS_PATCH.to),
    );
    expect(cached).toHaveLength(1);
    writeFileSync(
      join(files, cached[0]!),
      readFileSync(join(files, cached[0]!), 'utf8').replace(ROAD_POINTS_PATCH.to, ROAD_POINTS_PATCH.from),
    );
    const play = join(copy, 'src', 'sim', 'play.ts');
    writeFileSync(play, `${readFileSync(play, 'utf8')}\n// a change that makes a new build\n`);
    const dir = jsBuild(copy)!;
    expect(readFileSync(join(dir, ...ROAD_POINTS_PATCH.file.replace(/\.ts$/, '.js').split('/')), 'utf8')).toContain(
      ROAD_POINTS_PATCH.to,
    );
  });

  it('is where the pool threads of this checkout start', () => {
    expect(poolWorkerEntry()).toBe(compiledWorker());
    expect(poolWorkerEntry()).toMatch(/\/\.cache\/js\/[0-9a-f]{16}\/src\/run\/worker\.js$/);
  });

  it("gives the command the repository's experiment files transpiled with the sources, and the others through tsx", () => {
    const experiment = (name: string, imports = '', arms = `[{ name: 'a', players: 2 }]`) =>
      writeFileSync(
        join(copy, 'experiments', `${name}.ts`),
        `import { defineExperiment } from '../src/sim/experiment.ts';\n${imports}export default defineExperiment({ name: '${name}', seed: 's', deals: 2, arms: ${arms} });\n`,
      );
    mkdirSync(join(copy, 'experiments'));
    mkdirSync(join(copy, 'lib'));
    writeFileSync(join(copy, 'lib', 'arms.ts'), `export const arms = [{ name: 'b', players: 3 }];\n`);
    experiment('twin');
    experiment('helped', `import { arms } from '../lib/arms.ts';\n`, 'arms');
    editSealed(jsBuild(copy)!, 'experiments/twin.js', (text) =>
      text.replace("name: 'twin'", "name: 'twin-from-the-build'"),
    );
    const run = (name: string) =>
      spawnSync(
        process.execPath,
        [join(copy, 'bin', 'carclab.js'), 'run', name, '--in-process', '--out', join(copy, 'results')],
        { cwd: copy, encoding: 'utf8' },
      );
    expect(run('twin').stdout).toMatch(/^twin-from-the-build: 2 games/);
    const helped = run('helped'); // lib/ is not in the build: through tsx
    expect(helped.stderr).not.toMatch(/cannot load/);
    expect(helped.status).toBe(0);
    expect(helped.stdout).toMatch(/^helped: 2 games/);
  });

  it('is not built without TypeScript installed (the pool then loads the sources through tsx)', () => {
    const bare = mkdtempSync(join(tmpdir(), 'carclab-no-typescript-'));
    try {
      expect(compiledWorker(bare)).toBeUndefined();
      expect(existsSync(join(bare, '.cache'))).toBe(false);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
