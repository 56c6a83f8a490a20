/**
 * Screenshots of the explorer's views for docs/explorer.md, taken in headless Debian Chromium
 * (`CHROMIUM`, default /usr/bin/chromium) through playwright-core, each on a desktop (1280 px wide,
 * `NAME.png`) and a phone (390 px wide, touch, `NAME-390.png`):
 *
 *   npx tsx scripts/explorer-screenshots.ts results docs/images
 *
 * runs: the runs list, its studies first; run: the first run with charts; game and pair: the first
 * run of `greedy` with two arms, on its first deal where the arms part after turn 1 (game at the
 * divergence, with the candidates; the pair, and the deals where the winner changed with the
 * study's references); play: a game against `greedy` under a house rule with the Tollkeepers, eight
 * moves in, a cell chosen and a meeple spot picked.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Locator, Page } from 'playwright-core';
import type { PairView, RunDetail, RunListItem } from '../src/serve/api-types.ts';
import { startServer } from '../src/serve/server.ts';

const [results, out] = process.argv.slice(2);
if (!results || !out) {
  process.stderr.write('usage: npx tsx scripts/explorer-screenshots.ts RESULTS_DIR OUT_DIR\n');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const server = await startServer({ dir: results, port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const api = async <T>(path: string): Promise<T> => (await (await fetch(`${server.url}${path}`)).json()) as T;
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** `name.png` at 1280 px wide (`height` tall), `name-390.png` at 390 px, the whole page (at most 2,400 px tall). */
async function shot(hash: string, name: string, prepare: (page: Page) => Promise<void>, height = 1100): Promise<void> {
  for (const width of [1280, 390]) {
    const phone = width < 600;
    const page = await browser.newPage({
      viewport: { width, height: phone ? 844 : height },
      hasTouch: phone,
      isMobile: phone,
    });
    await page.goto(`${server.url}${hash}`);
    await page.waitForSelector('#app:not([data-ready=""])');
    await prepare(page);
    await page.waitForTimeout(500);
    const file = join(out!, `${name}${phone ? '-390' : ''}.png`);
    const tall = phone ? Math.min(2400, await page.evaluate<number>('document.documentElement.scrollHeight')) : height;
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width, height: tall }, fullPage: phone });
    process.stderr.write(`${file}\n`);
    await page.close();
  }
}

try {
  const runs = await api<RunListItem[]>('api/runs');
  const details = await Promise.all(
    runs.filter((r) => r.kind === 'run').map((r) => api<RunDetail>(`api/run?${q({ run: r.path })}`)),
  );
  await shot('#/', 'runs', async (page) => {
    await page.waitForSelector('#runs');
  });
  const withCharts = details.find((r) => r.charts.length > 0);
  if (!withCharts) throw new Error('no run with charts');
  await shot(`#/run?${q({ run: withCharts.path })}`, 'run', async (page) => {
    await page.waitForSelector('.chart[data-rendered="1"] svg.marks');
    await page.locator('h2').first().scrollIntoViewIfNeeded();
  });

  const greedy = details.find((r) => r.arms.length > 1 && r.arms[0]!.agents[0]!.startsWith('greedy'));
  if (!greedy) throw new Error('no run of greedy with two arms');
  let chosen: { deal: number; pair: PairView } | undefined;
  for (let deal = 0; deal < greedy.deals && !chosen; deal++) {
    const pair = await api<PairView>(
      `api/pair?${q({ run: greedy.path, a: greedy.arms[0]!.name, b: greedy.arms[1]!.name, deal })}`,
    );
    if (pair.divergence !== null && pair.divergence > 1) chosen = { deal, pair };
  }
  if (!chosen) throw new Error(`no deal of ${greedy.path} where the arms part after turn 1`);
  const turn = chosen.pair.divergence!;
  await shot(
    `#/game?${q({ run: greedy.path, arm: greedy.arms[1]!.name, deal: chosen.deal })}`,
    'game',
    async (page) => {
      await page.fill('#turn-slider', String(turn));
      await page.click('#analyse');
      await page.waitForSelector('#candidates');
    },
    1250,
  );
  await shot(
    `#/pair?${q({ run: greedy.path, a: greedy.arms[0]!.name, b: greedy.arms[1]!.name, deal: chosen.deal })}`,
    'pair',
    async (page) => {
      await page.click('#jump-divergence');
      await page.click('#list-flips');
      await page.waitForSelector('#flip-table', { timeout: 60_000 });
    },
    1300,
  );
  await shot('#/play', 'play', async (page) => {
    const press = (target: Locator) => (page.viewportSize()!.width < 600 ? target.tap() : target.click());
    await page.selectOption('select.seat[data-seat="1"]', 'greedy');
    await page.check('input.expansion[value="tollkeepers"]');
    await page.fill('#rules', 'farmerPointsPerCity=4');
    await page.fill('#seed', 'screenshot');
    await page.click('#start');
    for (let move = 0; move < 8; move++) {
      await page.waitForSelector('rect.legal');
      const status = (await page.textContent('#play-status')) ?? '';
      await page.locator('rect.legal').last().dispatchEvent('click');
      await page.waitForSelector('#confirm');
      await page.click('#confirm');
      await page.locator('#play-status', { hasNotText: status }).waitFor();
    }
    await page.waitForSelector('rect.legal');
    await press(page.locator('#zoom-in'));
    const cell = page.locator('rect.legal').first();
    await cell.scrollIntoViewIfNeeded();
    await press(cell);
    await page.waitForSelector('#preview g.spot');
    await press(page.locator('#preview g.spot circle').first());
  });
} finally {
  await browser.close();
  await server.close();
}
