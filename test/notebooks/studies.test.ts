/**
 * Every study notebook runs end to end on a few deals at two skill levels (in-process) and writes
 * its report: conclusions per level, no "significant only with" sentences; a 4-player experiment
 * gives 4-player wording and fair shares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { study as kingRobberValue } from '../../notebooks/king-robber-value.ts';
import { study as labyrinthVariants } from '../../notebooks/labyrinth-variants.ts';
import { study as seatAdvantage } from '../../notebooks/seat-advantage.ts';
import { study as tollYields } from '../../notebooks/toll-yields.ts';
import { runStudy } from '../../src/report/study.ts';
import type { Study } from '../../src/report/study.ts';
import { loadExperiment } from '../../src/run/load.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { tempDir } from '../sim/helpers.ts';

const STUDIES: Study[] = [tollYields, labyrinthVariants, kingRobberValue, seatAdvantage];
const LEVELS = [
  { agents: 'random', deals: 8 },
  { agents: 'greedy', deals: 3 },
];

/** The study's experiment as a JSON file with every arm at `players` players. */
async function withPlayers(study: Study, players: number): Promise<string> {
  const { plan } = await loadExperiment(study.name);
  const dir = tempDir('carclab-exp-');
  const file = join(dir, `${study.name}-${players}p.json`);
  const arms = plan.arms.filter(
    (a, i, all) =>
      all.findIndex(
        (b) => b.expansions.join() === a.expansions.join() && JSON.stringify(b.rules) === JSON.stringify(a.rules),
      ) === i,
  );
  writeFileSync(
    file,
    JSON.stringify({
      name: `${study.name}-${players}p`,
      seed: plan.seed,
      deals: 10,
      rotation: plan.rotation,
      columns: plan.columns,
      arms: arms.map((a) => ({
        name: a.name.replace(/^\dp/, `${players}p`),
        players,
        expansions: a.expansions,
        rules: a.rules,
      })),
    }),
  );
  return file;
}

describe('study notebooks', () => {
  it.each(STUDIES.map((s) => [s.name, s] as const))('%s reports every conclusion per level', async (_, study) => {
    const outRoot = tempDir('carclab-study-');
    const outcome = await runStudy(study, { levels: LEVELS, backend: inProcessBackend(), outRoot, log: () => {} });
    expect(outcome.levels.map((l) => [l.agents, l.run.summary.deals])).toEqual([
      ['random', 8],
      ['greedy', 3],
    ]);
    expect(outcome.highlights.headlines.length).toBeGreaterThanOrEqual(3);
    expect(outcome.highlights.headlines.some((h) => /\[[−\d.+]+( pp| %)?, [−\d.+]+\]/.test(h))).toBe(true);
    const md = readFileSync(outcome.files.markdown, 'utf8');
    expect(md).toContain('## Headlines');
    expect(md).toContain('Did the arms play differently?');
    expect(md).toContain('|conclusion|random|greedy|every level|greedy − random|');
    expect(md).not.toMatch(/significant only/i);
    expect(outcome.files.html.startsWith(outcome.levels[0]!.run.dir)).toBe(true);
  });

  it("seat-advantage compares no significance across levels and names a seat only with its arm's joint test", async () => {
    const outcome = await runStudy(seatAdvantage, {
      levels: LEVELS,
      backend: inProcessBackend(),
      outRoot: tempDir('carclab-study-'),
      log: () => {},
    });
    const headlines = outcome.highlights.headlines.join('\n');
    expect(headlines).toMatch(/random: \d+ of \d+ arms on 8 deals.*greedy: \d+ of \d+ arms on 3 deals/);
    expect(headlines).toContain('These counts are not compared between levels');
    // 3 greedy deals: no arm's joint test is significant, so no seat holds "at every level".
    expect(headlines).not.toContain('holds at every level');
    expect(headlines).toMatch(/on the 3 shared deals: random [\d.]+ %, greedy [\d.]+ %/);
  });

  it.each(STUDIES.map((s) => [s.name, s] as const))('%s speaks of 4 players for a 4-player run', async (_, study) => {
    const outRoot = tempDir('carclab-study4-');
    const experiment = await withPlayers(study, 4);
    const outcome = await runStudy(study, {
      levels: [{ agents: 'random', deals: 8 }],
      experiment,
      backend: inProcessBackend(),
      outRoot,
      log: () => {},
    });
    const md = readFileSync(outcome.files.markdown, 'utf8');
    expect(md).toContain('4 player');
    expect(md).not.toMatch(/\b3 players|1\/3|33\.3 %|three scores/);
  });
});
