import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleCharts, writeChart } from '../../src/charts/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'carclab-charts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeChart', () => {
  const { spec } = exampleCharts().find((e) => e.name === 'paired-differences')!;

  it('writes name.vl.json, name.svg and name.png and leaves no temporary file', async () => {
    const files = await writeChart(join(dir, 'charts'), 'diffs', spec);
    expect(files).toEqual({
      vl: join(dir, 'charts', 'diffs.vl.json'),
      svg: join(dir, 'charts', 'diffs.svg'),
      png: join(dir, 'charts', 'diffs.png'),
    });
    expect(readdirSync(join(dir, 'charts')).sort()).toEqual(['diffs.png', 'diffs.svg', 'diffs.vl.json']);
    expect(JSON.parse(readFileSync(files.vl, 'utf8'))).toEqual(spec);
    expect(readFileSync(files.svg, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(readFileSync(files.png).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('replaces existing files', async () => {
    await writeChart(join(dir, 'charts'), 'diffs', spec);
    expect(readdirSync(join(dir, 'charts')).sort()).toEqual(['diffs.png', 'diffs.svg', 'diffs.vl.json']);
  });

  it('refuses a name that is a path', async () => {
    await expect(writeChart(dir, '../x', spec)).rejects.toThrow(/chart name/);
  });
});
