/** Reports: built from a tiny real run, written as report.md (PNG charts) and an offline report.html. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { estimatesChart } from '../../src/charts/index.ts';
import { inlineHtml, markdownToHtml } from '../../src/report/markdown.ts';
import { Report, reportHtml, tableHtml, writeReport } from '../../src/report/report.ts';
import { addRunSections } from '../../src/report/run-report.ts';
import { loadRun } from '../../src/report/run.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'carclab.js');
const carclab = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' });

/** The page without the inlined <script> elements' bodies. */
const outsideScripts = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, '');

async function tinyRun(): Promise<string> {
  const plan = planOf({
    name: 'tiny',
    seed: 'report-test',
    deals: 6,
    arms: [
      { name: 'base', players: 2 },
      { name: 'tolls', players: 2, expansions: ['tollkeepers'] },
    ],
  });
  const outcome = await runExperiment({
    plan,
    outRoot: tempDir('carclab-report-'),
    backend: inProcessBackend(),
    keepGames: false,
  });
  expect(outcome.status).toBe('complete');
  return outcome.runDir;
}

describe('report builder', () => {
  it('writes report.md with PNG charts and a self-contained report.html with every section and one embed per chart', async () => {
    const runDir = await tinyRun();
    const run = loadRun(runDir);
    const report = new Report('Tiny <run> & "report"', 'An intro with `code` and **bold**.');
    report
      .section('Notes <first>')
      .text('A <script>alert(1)</script> paragraph, [a link](other/report.html).\n\n- one\n- two')
      .table(aq.table({ arm: ['a<b', 'c'], value: [1.234567, 0.00001], p: [0.5, 1e-6] }), { caption: 'A table' })
      .chart(
        'custom',
        estimatesChart([{ arm: 'a', estimate: 1, lower: 0.5, upper: 1.5 }], {
          title: 'Custom',
          category: 'arm',
          valueTitle: 'x',
        }),
      );
    addRunSections(report, run);
    const files = await writeReport(report, runDir);

    expect(existsSync(files.markdown)).toBe(true);
    expect(existsSync(files.html)).toBe(true);
    const md = readFileSync(files.markdown, 'utf8');
    const html = readFileSync(files.html, 'utf8');
    const charts = report.charts;
    expect(charts.length).toBeGreaterThanOrEqual(5);
    for (const c of charts) {
      expect(md).toContain(`](charts/${c.name}.png)`);
      expect(existsSync(join(runDir, 'charts', `${c.name}.png`))).toBe(true);
    }
    // One embed per chart, after the scripts, each into its own element.
    expect(html.match(/document\.getElementById\("chart-/g)?.length).toBe(charts.length);
    for (const c of charts) expect(html).toContain(`<div id="chart-${c.name}" class="chart"></div>`);
    // Every section title, escaped.
    for (const s of report.sections) {
      expect(md).toContain(`${'#'.repeat(s.level)} ${s.title}`);
      expect(html).toContain(
        `>${s.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</h${s.level}>`,
      );
    }
    expect(html).toContain('<h1>Tiny &lt;run&gt; &amp; &quot;report&quot;</h1>');
    // Offline: no external scripts, stylesheets or http(s) references outside the inlined libraries.
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link\b/i);
    const outside = outsideScripts(html);
    expect(outside).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/(href|src)\s*=\s*["']?(https?:)?\/\//i);
    const embeds = html.match(/<script>\n\(function \(\) \{[\s\S]*?<\/script>/g)!;
    expect(embeds).toHaveLength(charts.length);
    for (const embed of embeds) expect(embed).not.toMatch(/https?:\/\//);
    // Text is escaped, relative links kept.
    expect(outside).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="other/report.html">a link</a>');
    expect(html).toContain('<td>a&lt;b</td>');
    expect(html).toContain('&lt;0.001');
    // Run facts from the manifest: seed, deals, reconstructed Tollkeepers tiles.
    expect(md).toContain('seed `report-test`, 6 deals per arm');
    expect(md).toMatch(/\*\*Reconstructed tiles: yes\.\*\* The Tollkeepers land tiles are a documented reconstruction/);
  });

  it('wraps table cells at spaces and at the separators of long runs, never inside a word, and keeps an interval on one line', () => {
    const html = tableHtml(
      aq.table({
        level: ['greedy'],
        arm: ['labyrinth@labyrinth=advanced'],
        spec: ['greedy:eval=rules,meepleCost=1'],
        margin: ['−17.6 [−30.8, −4.5]'],
      }),
    );
    expect(html).toContain('<td>greedy</td>');
    expect(html).toContain('<td>labyrinth@<wbr>labyrinth=<wbr>advanced</td>');
    expect(html).toContain('<td>greedy:<wbr>eval=<wbr>rules,<wbr>meepleCost=<wbr>1</td>');
    expect(html).toContain('<td>−17.6 [−30.8,\u00a0−4.5]</td>');
    // `anywhere` would let the table's layout cut words ("greed y") to narrow its columns.
    const style = reportHtml(new Report('t', 'i')).match(/<style>[\s\S]*?<\/style>/)![0];
    expect(style).toContain('overflow-wrap: break-word');
    expect(style).not.toContain('anywhere');
  });

  it('renders the Markdown subset safely', () => {
    expect(inlineHtml('**b** *i* `<x>` [t](a.html) [u](javascript:alert(1)) [w](https://example.com)')).toBe(
      '<strong>b</strong> <em>i</em> <code>&lt;x&gt;</code> <a href="a.html">t</a> u (javascript:alert(1)) w (https://example.com)',
    );
    expect(markdownToHtml('p1 line\ncontinued\n\n- a\n- b')).toBe(
      '<p>p1 line continued</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>',
    );
  });

  it("starts a list at a bullet line right under a paragraph line (the Labyrinth report's list was one paragraph)", () => {
    expect(markdownToHtml('In each game:\n- greedy: 10 games\n  and more\n- strong: 5 games\nAfter.')).toBe(
      '<p>In each game:</p>\n<ul>\n<li>greedy: 10 games and more</li>\n<li>strong: 5 games</li>\n</ul>\n<p>After.</p>',
    );
  });

  it('refuses a chart name used twice', () => {
    const report = new Report('x');
    const spec = estimatesChart([{ arm: 'a', estimate: 1, lower: 0, upper: 2 }], {
      title: 'c',
      category: 'arm',
      valueTitle: 'v',
    });
    report.section('a').chart('c', spec);
    expect(() => report.section('b').chart('c', spec)).toThrow(/used twice/);
  });
});

describe('carclab report', () => {
  it('writes the report of a run directory', async () => {
    const runDir = await tinyRun();
    const r = carclab('report', runDir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(join(runDir, 'report.html'));
    expect(existsSync(join(runDir, 'report.md'))).toBe(true);
  });

  it('exits 2 naming a directory that is not a finished run', () => {
    const dir = tempDir('carclab-not-a-run-');
    const r = carclab('report', dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${dir}: not a finished run directory`);
    expect(r.stdout).toBe('');
    const missing = carclab('report', join(dir, 'missing'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(join(dir, 'missing'));
  });
});
