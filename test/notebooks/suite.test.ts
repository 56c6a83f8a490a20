/** `npm start` (scripts/suite.ts) as a user runs it, at a small scale: the suite report opens with the verdict page. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../sim/helpers.ts';
import { PROCESS_TEST_TIMEOUT } from '../wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const suite = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'suite.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('the study suite (npm start)', () => {
  it('refuses a bad --scale with exit 2 before any game is played', () => {
    const out = join(tempDir(), 'refused');
    const r = suite('--scale', '0', '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--scale must be a number above 0 and at most 1000, got "0"');
    expect(existsSync(out)).toBe(false);
  });

  it(
    "plays the four studies and opens the suite report with each study's stated conclusions",
    () => {
      const out = tempDir();
      const r = suite('--scale', '0.01', '--workers', '1', '--out', out);
      expect(r.status, r.stderr).toBe(0);
      const md = readFileSync(join(out, 'suite', 'report.md'), 'utf8');
      expect(md).toMatch(
        /^# carclab study suite\n\n## Verdict\n\n\*\*Question\.\*\* What do the four default studies find/,
      );
      const verdict = md.slice(0, md.indexOf('\n## ', md.indexOf('## Verdict') + 1));
      for (const title of [
        'Toll yields',
        'The Labyrinth: basic vs advanced',
        'What the King and the Robber Baron are worth',
        'Seat advantage',
      ]) {
        expect(verdict, title).toMatch(new RegExp(`\\*\\*\\d+\\.\\*\\* \\*${title}`));
      }
      // Skill depth per arm in every study that compares rules, none in seat advantage.
      for (const title of [
        'Toll yields',
        'The Labyrinth: basic vs advanced',
        'What the King and the Robber Baron are worth',
      ]) {
        expect(verdict, title).toMatch(
          new RegExp(
            `\\*${title}[^*]*\\*: \\*\\*Skill depth\\*\\*: \\*\\*strong\\*\\* against \\*\\*greedy\\*\\*: win share .* under base`,
          ),
        );
      }
      expect(verdict).not.toMatch(/\*Seat advantage[^*]*\*: \*\*Skill depth/);
      expect(existsSync(join(out, 'suite', 'charts', 'verdict-1-toll-yields-1.svg'))).toBe(true);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
