/**
 * The figures the docs pages print for their examples reproduce (`scripts/doc-figures.ts --check`):
 * every example's cheap levels are played again with its documented command and seed, and each
 * committed row of theirs must come out the same; the levels regenerated only by hand must still be
 * played by the agent, and the games, they were made with. The same fresh run is checked against a
 * copy of the block with one figure edited, so the check is seen to fail on a stale number.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../scripts/doc-figures.ts';
import { missingLines, readBlock, replaceBlock } from '../scripts/figures/blocks.ts';
import { gamesFingerprint } from '../scripts/figures/study-example.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('a generated block', () => {
  const page = 'intro\n<!-- figures:x begin {"a":1} -->\nold line\n<!-- figures:x end -->\noutro\n';

  it('is read and replaced between its markers, the text around it kept', () => {
    expect(readBlock(page, 'x', 'p.md')).toEqual({ meta: '{"a":1}', body: 'old line' });
    const next = replaceBlock(page, 'x', 'p.md', { meta: '', body: 'new\n\nlines' });
    expect(next).toBe('intro\n<!-- figures:x begin -->\nnew\n\nlines\n<!-- figures:x end -->\noutro\n');
  });

  it('must have one begin and one end marker', () => {
    expect(() => readBlock('no markers\n', 'x', 'p.md')).toThrow(/p\.md: expected one .* found 0 and 0/);
    expect(() => readBlock(`${page}${page}`, 'x', 'p.md')).toThrow(/found 2 and 2/);
  });

  it('shows each fresh line it lacks beside the committed line most like it', () => {
    const committed = '| a | 1.0 % |\n| b | 2.0 % |\n| c | 3.0 % |';
    expect(missingLines(committed, '| a | 1.0 % |\n\n| b | 2.0 % |')).toEqual([]);
    expect(missingLines(committed, '| a | 1.0 % |\n| b | 2.1 % |')).toEqual([
      '- committed: | b | 2.0 % |\n+ fresh:     | b | 2.1 % |',
    ]);
  });
});

describe('the figures of the docs examples', () => {
  for (const ex of EXAMPLES) {
    const block = readBlock(readFileSync(`${ROOT}/${ex.page}`, 'utf8'), ex.id, ex.page);

    it(
      `${ex.id} (${ex.page}): its checked parts reproduce, its hand-run parts' agents are unchanged`,
      async () => {
        const fresh = await ex.freshChecked(() => {});
        expect(ex.problems(block, fresh)).toEqual([]);

        // The last digit of the last checked table row edited, as a stale figure: the check fails on it.
        const row = fresh.split('\n').findLast((l) => /^\| .*\d/.test(l))!;
        const stale = row.replace(/(\d)(\D*)$/, (_, d: string, tail: string) => `${(Number(d) + 1) % 10}${tail}`);
        const problems = ex.problems({ ...block, body: block.body.replace(row, stale) }, fresh);
        expect(problems.join('\n')).toContain(`- committed: ${stale}\n+ fresh:     ${row}`);

        // A hand-run level recorded with other games (as after a change of its agent): the check fails on it.
        const hand = block.meta ? (JSON.parse(block.meta) as Record<string, { spec: string; games: string }>) : {};
        for (const [name, recorded] of Object.entries(hand)) {
          const meta = JSON.stringify({ ...hand, [name]: { ...recorded, games: '00000000.00000000' } });
          expect(ex.problems({ ...block, meta }, fresh).join('\n')).toContain(
            `now plays other games than when level ${name}`,
          );
        }
      },
      30 * 60_000,
    );
  }

  it("a hand-run level's fingerprint changes with its agent", () => {
    expect(gamesFingerprint('greedy', 'farmerPointsPerCity=4')).toBe(
      gamesFingerprint('greedy', 'farmerPointsPerCity=4'),
    );
    expect(gamesFingerprint('greedy', 'farmerPointsPerCity=4')).not.toBe(
      gamesFingerprint('greedy:meepleCost=2', 'farmerPointsPerCity=4'),
    );
  });
});
