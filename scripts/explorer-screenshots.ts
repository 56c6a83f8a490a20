/**
 * Screenshots of the explorer's four views for docs/explorer.md, taken in headless Debian Chromium
 * (`CHROMIUM`, default /usr/bin/chromium) through playwright-core:
 *
 *   npx tsx scripts/explorer-screenshots.ts results docs/images
 *
 * run.png: the first run with charts; game.png and pair.png: the first run of `greedy` with two
 * arms, on its first deal where the arms part after turn 1 (game at the divergence, with the
 * candidates, and the pair with its flip list); play.png: a game against `greedy` with the Tollkeepers, a few moves in, a cell chosen.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
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

async function shot(hash: string, file: string, prepare: (page: Page) => Promise<void>, height = 1100): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height } });
  await page.goto(`${server.url}${hash}`);
  await page.waitForSelector('#app:not([data-ready=""])');
  await prepare(page);
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out!, file) });
  process.stderr.write(`${join(out!, file)}\n`);
  await page.close();
}

try {
  const runs = await api<RunListItem[]>('api/runs');
  const details = await Promise.all(
    runs.filter((r) => r.kind === 'run').map((r) => api<RunDetail>(`api/run?${q({ run: r.path })}`)),
  );
  const withCharts = details.find((r) => r.charts.length > 0);
  if (!withCharts) throw new Error('no run with charts');
  await shot(`#/run?${q({ run: withCharts.path })}`, 'run.png', async (page) => {
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
    'game.png',
    async (page) => {
      await page.fill('#turn-slider', String(turn));
      await page.click('#analyse');
      await page.waitForSelector('#candidates');
    },
    1250,
  );
  await shot(
    `#/pair?${q({ run: greedy.path, a: greedy.arms[0]!.name, b: greedy.arms[1]!.name, deal: chosen.deal })}`,
    'pair.png',
    async (page) => {
      await page.click('#jump-divergence');
      await page.click('#list-flips');
      await page.waitForSelector('#flip-table', { timeout: 60_000 });
    },
    1300,
  );
  await shot('#/play', 'play.png', async (page) => {
    await page.selectOption('select.seat[data-seat="1"]', 'greedy');
    await page.check('input.expansion[value="tollkeepers"]');
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
    await page.locator('rect.legal').first().dispatchEvent('click');
    await page.waitForSelector('#preview svg');
  });
} finally {
  await browser.close();
  await server.close();
}
