/**
 * A folder of `carclab study` in the explorer: the study is listed with its report and its level
 * runs (five folders down), a level run names its study, and the winner-changed list of a level
 * carries the study's own figures (played out, rescored, noise floor) exactly as its scorecard.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlipsView, RunDetail, RunListItem, StudyItem } from '../../src/serve/api-types.ts';
import { startServer } from '../../src/serve/server.ts';
import type { RunningServer } from '../../src/serve/server.ts';
import { tempDir } from '../sim/helpers.ts';
import { PROCESS_TEST_TIMEOUT } from '../wait.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = tempDir('carclab-serve-study-');
  const study = spawnSync(
    process.execPath,
    [
      join(ROOT, 'bin', 'carclab.js'),
      'study',
      '--rules',
      'farmerPointsPerCity=4',
      '--agents',
      'random',
      '--deals',
      '80',
      '--workers',
      '1',
      '--out',
      join(root, 'study', 'farmers4'),
    ],
    { encoding: 'utf8', cwd: ROOT },
  );
  if (study.status !== 0) throw new Error(`carclab study: ${study.stderr}`);
  server = await startServer({ dir: root, port: 0, host: '127.0.0.1', log: () => {} });
}, PROCESS_TEST_TIMEOUT);
afterAll(async () => {
  await server?.close();
});

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${server.url}${path}`)).json()) as T;

describe('a study in the explorer', () => {
  it('lists the study with its report and its runs five folders down', async () => {
    const studies = await get<StudyItem[]>('api/studies');
    expect(studies.map((s) => s.path)).toEqual(['study/farmers4']);
    expect(studies[0]!.reports).toContain('study/farmers4/report.html');
    expect(studies[0]!.question).toMatch(/4 points per completed bordering city/);
    const runs = await get<RunListItem[]>('api/runs');
    const level = runs.find((r) => r.experiment === 'study-random');
    expect(level?.path.split('/')).toHaveLength(5);
    expect(level!.study).toBe('study/farmers4');
    expect(studies[0]!.runs).toContain(level!.path);
    const detail = await get<RunDetail>(`api/run?run=${encodeURIComponent(level!.path)}`);
    expect(detail.studyOf?.reports).toContain('study/farmers4/report.html');
  });

  it("puts the study's played-out, rescored and noise-floor figures beside the winner-changed list", async () => {
    const runs = await get<RunListItem[]>('api/runs');
    const level = runs.find((r) => r.experiment === 'study-random')!;
    const flips = await get<FlipsView>(`api/flips?run=${encodeURIComponent(level.path)}&a=official&b=variant`);
    const card = JSON.parse(readFileSync(join(root, 'study', 'farmers4', 'scorecard.json'), 'utf8')) as {
      levels: { winnerChangedDetail: Record<string, { share: number; lo: number; hi: number }> }[];
    };
    const detail = card.levels[0]!.winnerChangedDetail;
    const effect = flips.effect!;
    expect(effect).not.toBeNull();
    expect(effect.games).toBe(80);
    for (const [name, figure] of [
      ['noiseFloor', effect.noiseFloor],
      ['rescored', effect.rescored!],
    ] as const)
      expect({ share: figure.share, lo: figure.lo, hi: figure.hi }, name).toEqual(detail[name]);
    expect(effect.noiseFloor.changed).toBe(Math.round((effect.noiseFloor.share ?? -1) * 80));
    // The list itself is the played-out count: every deal listed changed winner, and as many as the study counts.
    expect(flips.flips).toHaveLength(effect.total.changed);
    expect(flips.dealsCompared).toBe(80);
  });
});
