/**
 * Screenshots of report pages for a visual check, taken in headless Debian Chromium (`CHROMIUM`,
 * default /usr/bin/chromium) through playwright-core, with every outside request refused (a report
 * makes none):
 *
 *   npx tsx scripts/report-screenshots.ts OUT_DIR results/toll-yields-random/<run-id>/report.html …
 *   WIDTHS=1280,390 npx tsx scripts/report-screenshots.ts OUT_DIR results/study/<rules>.2p/report.html
 *
 * Per report and page width (`WIDTHS`, default 1280; a phone is 390): `<name>-first.png`, what a
 * reader sees on opening it (the width × 1000, or × 844 below 600 px wide), and `<name>-full.png`, the
 * whole page, with `-<width>` after `<name>` when a width other than 1280 is shot; `<name>` is the
 * report's folder name (its experiment's folder for a run folder). `SECTIONS` (ids of the report's
 * sections, separated by commas, e.g. `s-pareto-front-of-the-targets`) adds `<name>-<id>.png`, that
 * section alone.
 */
import { mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [out, ...reports] = process.argv.slice(2);
if (!out || !reports.length) {
  process.stderr.write('usage: npx tsx scripts/report-screenshots.ts OUT_DIR REPORT.html [REPORT.html ...]\n');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const widths = (process.env.WIDTHS ?? '1280').split(',').map(Number);
if (widths.some((w) => !Number.isInteger(w) || w < 200 || w > 4000)) {
  process.stderr.write(`WIDTHS must be page widths in pixels separated by commas, got ${process.env.WIDTHS}\n`);
  process.exit(2);
}
const sections = (process.env.SECTIONS ?? '').split(',').filter(Boolean);
if (sections.some((id) => !/^[\w-]+$/.test(id))) {
  process.stderr.write(`SECTIONS must be section ids separated by commas, got ${process.env.SECTIONS}\n`);
  process.exit(2);
}
try {
  for (const [file, width] of reports.flatMap((f) => widths.map((w) => [f, w] as const))) {
    const dir = dirname(resolve(file));
    // A run folder is named by its run id: name the shot after the experiment's folder above it.
    const folder = /-\d+-[0-9a-f]{10}-[0-9a-f]+$/.test(basename(dir)) ? basename(dirname(dir)) : basename(dir);
    const name = width === 1280 ? folder : `${folder}-${width}`;
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 1000 } });
    await page.route(/^(?!file:)/, (route) => route.abort());
    await page.goto(pathToFileURL(resolve(file)).href);
    const charts = await page.locator('.chart').count();
    if (charts)
      await page.waitForFunction(
        `document.querySelectorAll('.chart svg, .chart canvas').length >= ${charts}`,
        undefined,
        { timeout: 60_000 },
      );
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `${name}-first.png`) });
    await page.screenshot({ path: join(out, `${name}-full.png`), fullPage: true, timeout: 180_000 });
    for (const id of sections) {
      const section = page.locator(`section#${id}`);
      if (!(await section.count())) throw new Error(`${file}: no section with id ${id}`);
      await section.screenshot({ path: join(out, `${name}-${id}.png`) });
    }
    process.stderr.write(`${join(out, `${name}-first.png`)} (${charts} charts)\n`);
    await page.close();
  }
} finally {
  await browser.close();
}
