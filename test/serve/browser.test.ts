/**
 * The explorer end to end in a real browser: Debian's Chromium (`CHROMIUM`, default
 * /usr/bin/chromium; nothing is downloaded), headless, driven by playwright-core. Opens a run (its
 * Vega-Lite charts render), steps through a game, opens a paired view and jumps to the divergence,
 * plays a full game against `random` and checks its final score against `carclab replay` of the
 * saved file, draws a big meeple bigger than a plain one, and closes a tab in the middle of a game.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, PairView, PlayState } from '../../src/serve/api-types.ts';
import { PAGE_WAIT, PROCESS_TEST_TIMEOUT } from '../wait.ts';
import { explorerFixture } from './fixture.ts';
import type { Fixture } from './fixture.ts';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ROOT = join(import.meta.dirname, '..', '..');

let f: Fixture;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM to its path`);
  f = await explorerFixture();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, PROCESS_TEST_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await f?.server.close();
});

async function open(hash: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Waits end when the page shows what is waited for; on a loaded machine that can take long.
  page.setDefaultTimeout(PAGE_WAIT.timeout);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${f.server.url}${hash}`);
  return page;
}
const ready = (page: Page, view: string) => page.waitForSelector(`#app[data-ready="${view}"]`);
const api = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${f.server.url}${path.replace(/^\//, '')}`)).json()) as T;
const text = async (page: Page, selector: string) => (await page.textContent(selector)) ?? '';

/** Waits until the board picture shows the given turn and has loaded. */
async function boardAt(page: Page, id: string, turn: number): Promise<void> {
  const img = page.locator(`#${id}-board`);
  await expect
    .poll(
      async () =>
        (await img.getAttribute('src'))?.includes(`turn=${turn}`) &&
        img.evaluate((e: { complete: boolean; naturalWidth: number }) => e.complete && e.naturalWidth > 0),
      PAGE_WAIT,
    )
    .toBe(true);
}

/** Waits until the status line of a game in play is no longer `before`. */
const statusChanged = (page: Page, before: string) =>
  expect.poll(() => text(page, '#play-status'), PAGE_WAIT).not.toBe(before);

describe('the explorer in Chromium', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('opens a run: setup, reports and every Vega-Lite chart rendered live', async () => {
    const page = await open('#/');
    await ready(page, '/');
    await page.click('a.run-link');
    await ready(page, '/run');
    expect(await text(page, 'h1')).toBe('explorer-test');
    const charts = await page.locator('.chart').count();
    expect(charts).toBeGreaterThan(2);
    await expect.poll(() => page.locator('.chart[data-rendered="1"] svg.marks').count(), PAGE_WAIT).toBe(charts);
    expect(await page.locator('a[href$="report.html"]').count()).toBe(1);
    await page.close();
  });

  it('steps through a game with the arrow keys and the slider, and analyses a move', async () => {
    const page = await open(`#/run?run=${encodeURIComponent(f.run)}`);
    await ready(page, '/run');
    await page.fill('#game-deal', '1');
    await page.click('#open-game');
    await ready(page, '/game');
    const view = await api<GameView>(`/api/game?run=${encodeURIComponent(f.run)}&arm=official&deal=1`);
    await page.waitForSelector('#game-chart[data-rendered="1"] svg');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await text(page, '#turn-label')).toBe(`turn 5 of ${view.turns.length}`);
    await boardAt(page, 'game', 5);
    const placed = view.turns[4]!.changes[0]!;
    expect(placed.kind).toBe('placed');
    if (placed.kind === 'placed')
      expect(await text(page, '#game-changes')).toContain(
        `places ${placed.tile} at (${placed.x},${placed.y}) rotation ${placed.rotation}`,
      );
    await page.keyboard.press('ArrowLeft');
    expect(await text(page, '#turn-label')).toBe(`turn 4 of ${view.turns.length}`);
    await page.fill('#turn-slider', String(view.turns.length));
    await boardAt(page, 'game', view.turns.length);
    expect(await text(page, '#game-scores')).toContain(`scores ${view.final.scores.join(' / ')}`);
    await page.fill('#turn-slider', '12');
    await page.click('#analyse');
    await page.waitForSelector('#candidates');
    expect(await text(page, '#candidates-summary')).toContain('the best'); // greedy plays its best one-ply move
    expect(await page.locator('#candidates td', { hasText: 'played' }).count()).toBe(1);
    expect(await page.locator('#final-table tbody tr').count()).toBe(2);
    await page.close();
  });

  it('opens a paired view and jumps to the first turn where the arms part', async () => {
    let deal = -1;
    let pair: PairView | undefined;
    for (const d of [0, 1, 2]) {
      pair = await api<PairView>(`/api/pair?run=${encodeURIComponent(f.run)}&a=official&b=farmers6&deal=${d}`);
      if (pair.divergence !== null && pair.divergence > 1) {
        deal = d;
        break;
      }
    }
    expect(deal).toBeGreaterThanOrEqual(0);
    const page = await open(`#/run?run=${encodeURIComponent(f.run)}`);
    await ready(page, '/run');
    await page.fill('#game-deal', String(deal));
    await page.click('#open-pair');
    await ready(page, '/pair');
    const k = pair!.divergence!;
    expect(await text(page, '#divergence')).toContain(`The moves part at turn ${k}.`);
    await page.click('#jump-divergence');
    expect(await text(page, '#turn-label')).toMatch(new RegExp(`^turn ${k} of `));
    await boardAt(page, 'a', k);
    await boardAt(page, 'b', k);
    expect(await text(page, '#a-changes')).not.toBe(await text(page, '#b-changes'));
    await page.keyboard.press('ArrowLeft');
    expect(await text(page, '#a-changes')).toBe(await text(page, '#b-changes'));
    await page.click('#list-flips');
    await page.waitForSelector('#flip-table');
    expect(await text(page, '#flips')).toContain("from the run's kept games");
    await page.close();
  });

  it('plays a full game against random; the saved file replays to the final score shown', async () => {
    const page = await open('#/play');
    await ready(page, '/play');
    await page.selectOption('select.seat[data-seat="1"]', 'random');
    await page.fill('#seed', 'browser-test');
    await page.click('#start');
    await page.waitForSelector('#play-status');
    let moves = 0;
    while (!(await text(page, '#play-status')).startsWith('Game over')) {
      const status = await text(page, '#play-status');
      await page.locator('rect.legal').first().dispatchEvent('click');
      await page.waitForSelector('#confirm');
      await page.click('#confirm');
      await statusChanged(page, status);
      moves++;
      expect(moves).toBeLessThan(80);
    }
    expect(moves).toBeGreaterThan(30);
    const shown = (await text(page, '#play-status'))
      .match(/P0 (-?\d+), P1 (-?\d+)/)!
      .slice(1)
      .map(Number);
    const scenario = await text(page, '#saved-scenario');
    const replay = spawnSync(
      process.execPath,
      [join(ROOT, 'bin', 'carclab.js'), 'replay', join(f.root, scenario), '--json'],
      { encoding: 'utf8' },
    );
    expect(replay.status, replay.stderr).toBe(0);
    expect((JSON.parse(replay.stdout) as { scores: number[] }).scores).toEqual(shown);
    // The played game is listed as a run and opens in the game view.
    await page.goto(`${f.server.url}#/`);
    await ready(page, '/');
    expect(await page.locator('a.run-link', { hasText: 'played/' }).count()).toBe(1);
    await page.close();
  });

  it('draws the big meeple bigger than a plain one on the board (Inns & Cathedrals)', async () => {
    const page = await open('#/play');
    await ready(page, '/play');
    await page.check('input.expansion[value="innsCathedrals"]');
    await page.selectOption('select.seat[data-seat="1"]', 'random');
    await page.fill('#seed', 'big-meeple');
    await page.click('#start');
    await page.waitForSelector('rect.legal');
    // P0 puts its big meeple on a field, then a plain one (farmers stay to the end), each on the
    // first legal cell whose preview offers it.
    for (const wanted of [/^\s*(\d+\. )?big meeple on the field/, /^\s*(\d+\. )?meeple on the field/]) {
      const status = await text(page, '#play-status');
      const cells = await page
        .locator('rect.legal')
        .evaluateAll((rects) => rects.map((r) => r.getAttribute('data-cell')!));
      let offered = false;
      for (const cell of cells) {
        await page.locator(`rect.legal[data-cell="${cell}"]`).dispatchEvent('click');
        await page.waitForSelector(`rect.legal.chosen[data-cell="${cell}"]`);
        const choice = page.locator('label.follow', { hasText: wanted });
        if ((await choice.count()) === 0) continue;
        await choice.first().locator('input').check();
        offered = true;
        break;
      }
      expect(offered, String(wanted)).toBe(true);
      await page.click('#confirm');
      await statusChanged(page, status);
    }
    const big = page.locator('#play-board g.meeple[data-kind="big"]');
    const plain = page.locator('#play-board g.meeple[data-player="0"]:not([data-kind])');
    expect(await big.count()).toBe(1);
    expect(await plain.count()).toBe(1);
    const [bigBox, plainBox] = [await big.boundingBox(), await plain.boundingBox()];
    expect(bigBox!.width / plainBox!.width).toBeGreaterThan(1.3);
    expect(bigBox!.height / plainBox!.height).toBeGreaterThan(1.3);
    // The seats' table counts both kinds: P0 has 6 plain meeples and no big one left.
    expect(await text(page, '#play-scores')).toContain('6 + 0 big');
    await page.close();
  });

  it('survives a tab closed in the middle of a game, which can then go on', async () => {
    const page = await open('#/play');
    await ready(page, '/play');
    await page.selectOption('select.seat[data-seat="1"]', 'greedy');
    await page.click('#start');
    await page.waitForSelector('rect.legal');
    const id = new URLSearchParams(page.url().split('?')[1]).get('id')!;
    await page.locator('rect.legal').first().dispatchEvent('click');
    await page.waitForSelector('#confirm');
    await page.close(); // mid-move: a placement chosen, not confirmed
    const state = await api<PlayState>(`/api/play/${id}`);
    expect(state.turn).toBe(1);
    expect(state.humanToMove).toBe(true);
    const again = await open(`#/play?id=${id}`);
    await ready(again, '/play');
    await again.locator('rect.legal').first().dispatchEvent('click');
    await again.click('#confirm');
    await expect.poll(() => text(again, '#play-status'), PAGE_WAIT).toMatch(/^Turn 3:/);
    await again.close();
    expect((await fetch(`${f.server.url}api/runs`)).status).toBe(200);
    expect(pageErrors).toEqual([]);
    expect(f.logged).toEqual([]);
  });
});
