/**
 * Issue 35, wrong cases 5–10 and 12, on the command line: advice to add --new-run where the flag was
 * refused, --new-run failing the same way after a manifest's code was edited, `npm run train`
 * printing stack traces, failing after minutes of play or accepting an empty seed, and the argument
 * parser's own words for negative numbers and unknown flags. Each test failed on the code before
 * the fix.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STACK, TWO_ARMS, carclab, scratch, script } from './helpers.ts';

describe('the command line (wrong cases 5–10 and 12)', () => {
  it('5. study and the mechanics notebook take the --new-run their advice names', () => {
    const out = scratch();
    const args = ['study', '--rules', 'farmerPointsPerCity=4', '--agents', 'random', '--deals', '10', '--workers', '1'];
    expect(carclab(out, ...args, '--out', 'study').code).toBe(0);
    // The level's run as if made by other code: its folder named with another code hash.
    const experiments = join(out, 'study', 'runs');
    const [experiment] = readdirSync(experiments);
    const [runId] = readdirSync(join(experiments, experiment!));
    const other = `${runId!.slice(0, -10)}aaaaaaaaaa`;
    renameSync(join(experiments, experiment!, runId!), join(experiments, experiment!, other));
    const manifest = join(experiments, experiment!, other, 'manifest.json');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace(/"hash": "[0-9a-f]{64}"/, `"hash": "${'a'.repeat(64)}"`),
    );
    const advised = carclab(out, ...args, '--out', 'study');
    expect(advised.code).toBe(2);
    expect(advised.stderr).toContain('Add --new-run');
    const followed = carclab(out, ...args, '--out', 'study', '--new-run');
    expect(followed.code, followed.stderr).toBe(0);
    const mechanics = script('notebooks/mechanics.ts', '--new-run', '--players', '9', '--out', join(out, 'mech'));
    expect(mechanics.code).toBe(2);
    expect(mechanics.stderr).toContain('--players must be a whole number from 2 to 6, got "9"');
  });

  it("6. after a manifest's code hash is edited, --new-run sets it aside and the run goes on", () => {
    const cwd = scratch();
    writeFileSync(join(cwd, 'exp.json'), JSON.stringify(TWO_ARMS));
    const first = carclab(cwd, 'run', 'exp.json', '--in-process', '--out', 'out');
    const runDir = join(cwd, first.stdout.match(/results: (\S+)/)![1]!);
    const manifest = join(runDir, 'manifest.json');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace(/"hash": "[0-9a-f]{64}"/, `"hash": "${'b'.repeat(64)}"`),
    );
    const refused = carclab(cwd, 'run', 'exp.json', '--in-process', '--out', 'out');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--new-run');
    const again = carclab(cwd, 'run', 'exp.json', '--in-process', '--out', 'out', '--new-run');
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(manifest, 'utf8')).not.toContain('b'.repeat(64));
    expect(refused.stderr).toMatch(/manifest\.json names other code \(bbbbbbbbbb\) .*add --new-run to set it aside/);
  });

  it('7. npm run train: --help prints the usage, an unknown flag is named; no stack trace', () => {
    const help = script('scripts/train.ts', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run train');
    expect(help.stdout + help.stderr).not.toMatch(STACK);
    const unknown = script('scripts/train.ts', '--frob');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('train: unknown flag --frob');
    expect(unknown.stderr).not.toMatch(STACK);
  });

  it('8. train: a player count without a network is refused before any game, naming the counts', () => {
    const out = join(scratch(), 'weights.json');
    const r = script('scripts/train.ts', '--players', '3,6', '--games', '10', '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--players must list player counts from 2 to 5, got "3,6"');
    expect(r.stderr).not.toMatch(STACK);
    expect(existsSync(out)).toBe(false);
  });

  it('9. train: a share of random moves above 1 is refused before any game is played', () => {
    const out = join(scratch(), 'weights.json');
    const r = script('scripts/train.ts', '--explore', '2', '--games', '10', '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--explore must be a number from 0 to 1, got "2"');
    expect(existsSync(out)).toBe(false);
  });

  it('10. train: an empty --seed is refused', () => {
    const out = join(scratch(), 'weights.json');
    const r = script('scripts/train.ts', '--seed', '', '--games', '10', '--players', '3', '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--seed must not be empty');
    expect(existsSync(out)).toBe(false);
  });

  it("12. negative numbers and unknown flags get messages naming the flag, not the parser's words", () => {
    const out = scratch();
    const negative = carclab(out, 'run', 'default', '--deals', '-5', '--in-process', '--out', 'out');
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('--deals must be a whole number from 1 to 1000000000, got "-5"');
    expect(negative.stderr).not.toMatch(/ambiguous/);
    const unknown = carclab(out, 'run', 'default', '--frob');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown flag --frob');
    expect(unknown.stderr).not.toMatch(/after '--'/);
    const missing = carclab(out, 'show', 'x', '--arm', '0', '--deal');
    expect(missing.stderr).toContain('--deal needs a value');
    // A negative number is a value like any other: plan takes a negative difference.
    const plan = carclab(out, 'plan', '--diff', '-0.3', '--sd', '2');
    expect(plan.code, plan.stderr).toBe(0);
    const notebook = script('notebooks/toll-yields.ts', '--bogus', '--out', out);
    expect(notebook.code).toBe(2);
    expect(notebook.stderr).toContain('unknown flag --bogus');
    expect(readdirSync(out)).toEqual([]);
  });
});
