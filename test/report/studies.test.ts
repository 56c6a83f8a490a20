/** Every study notebook runs end to end on a few deals and writes its report (in-process backend). */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { study as kingRobberValue } from '../../notebooks/king-robber-value.ts';
import { study as labyrinthVariants } from '../../notebooks/labyrinth-variants.ts';
import { study as seatAdvantage } from '../../notebooks/seat-advantage.ts';
import { study as tollYields } from '../../notebooks/toll-yields.ts';
import { runStudy } from '../../src/report/study.ts';
import { inProcessBackend } from '../../src/sim/pool.ts';
import { tempDir } from '../sim/helpers.ts';

describe('study notebooks', () => {
  it.each([tollYields, labyrinthVariants, kingRobberValue, seatAdvantage].map((s) => [s.name, s] as const))('%s writes its report with headlines quoting intervals', async (_, study) => {
    const outRoot = tempDir('carclab-study-');
    const outcome = await runStudy(study, { deals: 8, greedyDeals: 3, backend: inProcessBackend(), outRoot, log: () => {} });
    expect(outcome.runs.random.summary.deals).toBe(8);
    expect(outcome.runs.greedy.summary.deals).toBe(3);
    expect(outcome.highlights.headlines.length).toBeGreaterThanOrEqual(3);
    expect(outcome.highlights.headlines.some((h) => /\[[−\d.]+, [−\d.+]+\]/.test(h))).toBe(true);
    const html = readFileSync(outcome.files.html, 'utf8');
    expect(existsSync(outcome.files.markdown)).toBe(true);
    expect(html).toContain('<h2>Headlines</h2>');
    expect(html).toContain('Random vs greedy agents');
    expect(outcome.files.html.startsWith(outcome.runs.random.dir)).toBe(true);
  });
});
