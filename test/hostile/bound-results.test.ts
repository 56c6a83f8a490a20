/**
 * Issue 35, dangerous cases 7–10 and wrong case 11: result files that were not bound to their run.
 * A games.arrow copied with its checksum from a match of another seed was accepted (7); an edited
 * summary.json reached `carclab report` and the notebooks' reader (8); `carclab show` replayed an
 * edited plan.json (9); a dependency patched in place kept the run id, so a resume mixed shards of
 * two codes (10); a truncated games.arrow with a recomputed checksum was an internal error (wrong
 * case 11). Each test failed on the code before the fix.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRun } from '../../src/report/run.ts';
import { ROOT, STACK, TWO_ARMS, carclab, carclabOf, scratch } from './helpers.ts';

/** `carclab match greedy random` on 6 deals of `seed` into `out`, its JSON and its run folder. */
function match(out: string, seed: string) {
  const r = carclab(out, 'match', 'greedy', 'random', '--deals', '6', '--seed', seed, '--workers', '1', '--json');
  if (r.code !== 0) throw new Error(`match ${seed}: exit ${r.code}: ${r.stderr}`);
  const json = JSON.parse(r.stdout) as { marginA: number; results: string };
  return { ...r, json, runDir: join(out, json.results) };
}

/** Writes `bytes` as the run's games.arrow with a checksum file that matches them (its other lines kept). */
function forgeGames(runDir: string, bytes: Uint8Array): void {
  writeFileSync(join(runDir, 'games.arrow'), bytes);
  const sums = join(runDir, 'games.arrow.sha256');
  const hash = createHash('sha256').update(bytes).digest('hex');
  writeFileSync(sums, readFileSync(sums, 'utf8').replace(/^[0-9a-f]{64}/m, hash));
}

/** A run of TWO_ARMS in a scratch folder; its run folder. */
function finishedRun(): { cwd: string; runDir: string } {
  const cwd = scratch();
  writeFileSync(join(cwd, 'exp.json'), JSON.stringify(TWO_ARMS));
  const r = carclab(cwd, 'run', 'exp.json', '--in-process', '--out', 'out');
  if (r.code !== 0) throw new Error(r.stderr);
  return { cwd, runDir: join(cwd, r.stdout.match(/results: (\S+)/)![1]!) };
}

describe('results bound to their run (dangerous cases 7–10, wrong case 11)', () => {
  it("7. games.arrow copied with its checksum from another seed's match is refused and replayed; so is one whose run line is forged", () => {
    const out = scratch();
    const a = match(out, 'seed-a');
    const b = match(out, 'seed-b');
    expect(a.json.marginA).not.toBe(b.json.marginA);
    for (const name of ['games.arrow', 'games.arrow.sha256']) cpSync(join(a.runDir, name), join(b.runDir, name));
    const copied = match(out, 'seed-b');
    expect(copied.json.marginA).toBe(b.json.marginA);
    expect(copied.stderr).toContain('games.arrow belongs to another run');
    // The checksum file kept as this run's, only its hash made to fit the copied games.
    forgeGames(b.runDir, readFileSync(join(a.runDir, 'games.arrow')));
    const forged = match(out, 'seed-b');
    expect(forged.json.marginA).toBe(b.json.marginA);
    expect(forged.stderr).toMatch(/games\.arrow disagrees with the run's shards: arm 0 seat \d: its scores sum to/);
  });

  it('8. an edited summary.json is refused by carclab report and by the reader the notebooks use', () => {
    const { cwd, runDir } = finishedRun();
    const file = join(runDir, 'summary.json');
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    const seat = summary.arms[0].seats[0];
    seat.wins = seat.wins === seat.games ? 0 : seat.games; // a plausible count, not the run's
    writeFileSync(file, JSON.stringify(summary, null, 2));
    const report = carclab(cwd, 'report', runDir);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(
      /summary\.json is not the summary of the run's shards \(arms\[0\]\.seats\[0\]\.wins: /,
    );
    expect(existsSync(join(runDir, 'report.html'))).toBe(false);
    expect(() => loadRun(runDir)).toThrow(/summary\.json is not the summary of the run's shards/);
  });

  it('9. carclab show refuses an edited plan.json instead of printing a game the run never played', () => {
    const { cwd, runDir } = finishedRun();
    const file = join(runDir, 'plan.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"seed": "hostile-1"', '"seed": "other"'));
    const show = carclab(cwd, 'show', runDir, '--arm', '0', '--deal', '0');
    expect(show.code).toBe(2);
    expect(show.stderr).toMatch(/plan\.json is not the plan of run hostile-1-4-/);
    expect(show.stdout).toBe('');
  });

  it('10. a dependency patched in place in node_modules is other code: the run is not resumed with it', () => {
    // A copy of the checkout with its own seedrandom (the other packages linked).
    const copy = mkdtempSync(join(tmpdir(), 'carclab-hostile-copy-'));
    for (const part of ['src', 'bin', 'experiments', 'package.json'])
      cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    mkdirSync(join(copy, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules')))
      if (name === 'seedrandom')
        cpSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name), { recursive: true });
      else symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
    const cwd = scratch();
    writeFileSync(join(cwd, 'exp.json'), JSON.stringify({ ...TWO_ARMS, arms: [TWO_ARMS.arms[0]] }));
    const run = () =>
      carclabOf(join(copy, 'bin', 'carclab.js'), cwd, 'run', 'exp.json', '--in-process', '--out', 'out');
    expect(run().code).toBe(0);
    const file = join(copy, 'node_modules', 'seedrandom', 'lib', 'tychei.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}// patched in place\n`);
    const again = run();
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/holds a complete run of this plan made by other code/);
  });

  it('wrong 11. a truncated games.arrow with a recomputed checksum is named and replayed, not an internal error', () => {
    const out = scratch();
    const first = match(out, 'seed-c');
    forgeGames(first.runDir, readFileSync(join(first.runDir, 'games.arrow')).subarray(0, 300));
    const again = match(out, 'seed-c');
    expect(again.code).toBe(0);
    expect(again.json.marginA).toBe(first.json.marginA);
    expect(again.stderr).toMatch(/games\.arrow matches its checksum but is not a readable Arrow file/);
    expect(again.stderr).not.toMatch(STACK);
  });
});
