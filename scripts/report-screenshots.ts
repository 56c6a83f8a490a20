/**
 * Screenshots of report pages for a visual check, taken in headless Debian Chromium (`CHROMIUM`,
 * default /usr/bin/chromium) through playwright-core, with every outside request refused (a report
 * makes none):
 *
 *   npx tsx scripts/report-screenshots.ts OUT_DIR results/toll-yields-random/<run-id>/report.html …
 *
 * Per report: `<name>-first.png`, what a reader sees on opening it (1280 × 1000), and
 * `<name>-full.png`, the whole page; `<name>` is the report's folder name (its experiment's folder
 * for a run folder).
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
try {
  for (const file of reports) {
    const dir = dirname(resolve(file));
    // A run folder is named by its run id: name the shot after the experiment's folder above it.
    const name = /-\d+-[0-9a-f]{10}-[0-9a-f]+$/.test(basename(dir)) ? basename(dirname(dir)) : basename(dir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
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
    process.stderr.write(`${join(out, `${name}-first.png`)} (${charts} charts)\n`);
    await page.close();
  }
} finally {
  await browser.close();
}
