/**
 * The explorer on a phone (390 × 844, touch) and a desktop (1280 × 900), in Debian's Chromium
 * headless (as `browser.test.ts`): the play page mid-game shows the tile to place and the rules in
 * force, fits the board in its box and zooms it, and its legal cells and meeple spots are tapped or
 * clicked, not dispatched; the pair view's columns do not overlap; the run page's charts fit
 * their boxes; the run's report keeps its charts and table captions on the screen (a wide table
 * scrolls in its own box); no page scrolls sideways.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PairView, PlayPreview, PlayState } from '../../src/serve/api-types.ts';
import { PAGE_WAIT, PROCESS_TEST_TIMEOUT } from '../wait.ts';
import { explorerFixture } from './fixture.ts';
import type { Fixture } from './fixture.ts';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Smallest side of something a finger taps (WCAG's minimum target is 24 CSS pixels). */
const TAP = 24;

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

const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await (
    await fetch(`${f.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;
const get = async <T>(path: string): Promise<T> => (await (await fetch(`${f.server.url}${path}`)).json()) as T;

/** A game against `random` under a house rule, `moves` turns of the human played through the API (spread out, a meeple every third turn). */
async function gameAt(moves: number, seed: string): Promise<PlayState> {
  let state = await post<PlayState>('api/play', {
    players: 2,
    seats: ['human', 'random'],
    rules: { farmerPointsPerCity: 4 },
    seed,
  });
  for (let m = 0; m < moves; m++) {
    const action = state.legal[(m * 7) % state.legal.length]!.rotations[0]!.action;
    const preview = await get<PlayPreview>(`api/play/${state.id}/preview?placement=${action}`);
    state = await post<PlayState>(`api/play/${state.id}/move`, {
      placement: action,
      followUp: (m % 3 === 0 ? preview.followUps.at(-1)! : preview.followUps[0]!).action,
    });
  }
  return state;
}

async function open(width: number, hash: string): Promise<Page> {
  const phone = width < 600;
  const page = await browser.newPage({
    viewport: { width, height: phone ? 844 : 900 },
    hasTouch: phone,
    isMobile: phone,
  });
  // Waits end when the page shows what is waited for; on a loaded machine that can take long.
  page.setDefaultTimeout(PAGE_WAIT.timeout);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${f.server.url}${hash}`);
  return page;
}
const ready = (page: Page, view: string) => page.waitForSelector(`#app[data-ready="${view}"]`);

/** A tap on a phone, a click on a desktop: at the element's centre, so it must be the topmost thing there. */
const press = (page: Page, target: Locator) => (page.viewportSize()!.width < 600 ? target.tap() : target.click());

/** The page scrolls no wider than the screen. */
const noSideways = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

async function box(target: Locator) {
  const b = await target.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

describe.each([390, 1280])('the explorer at %i px wide', { timeout: PROCESS_TEST_TIMEOUT }, (width) => {
  it('plays mid-game: the tile to place, the rules in force, zoom, a cell and a meeple spot tapped', async () => {
    const state = await gameAt(8, `screens-${width}`);
    const page = await open(width, `#/play?id=${state.id}`);
    await ready(page, '/play');
    await page.waitForSelector('rect.legal');
    // The tile to place, drawn, before any cell is chosen; the house rule with its official value.
    const drawn = await box(page.locator('#drawn-tile svg'));
    expect(drawn.width).toBeGreaterThanOrEqual(64);
    expect(await page.textContent('#drawn-tile')).toContain(state.drawn!);
    const rules = (await page.textContent('#play-rules')) ?? '';
    expect(rules).toContain('farmerPointsPerCity = 4');
    expect(rules).toMatch(/official 3/);
    // The board fits its box, and the box the screen.
    const board = await box(page.locator('#play-board'));
    expect(board.x + board.width).toBeLessThanOrEqual(width);
    const picture = await box(page.locator('#play-board > svg'));
    expect(picture.width).toBeLessThanOrEqual(board.width);
    expect(picture.height).toBeLessThanOrEqual(board.height);
    await noSideways(page);
    // Zoom in until a legal cell is big enough to tap; the box then scrolls (pans) to it.
    const cell = page.locator('rect.legal').first();
    const before = (await box(cell)).width;
    await press(page, page.locator('#zoom-in'));
    expect((await box(cell)).width).toBeGreaterThan(before);
    for (let i = 0; i < 6 && (await box(cell)).width < 2 * TAP; i++) await press(page, page.locator('#zoom-in'));
    expect((await box(cell)).width).toBeGreaterThanOrEqual(2 * TAP);
    expect(await page.textContent('#zoom-label')).not.toContain('fit');
    await cell.scrollIntoViewIfNeeded();
    const key = await cell.getAttribute('data-cell');
    await press(page, cell);
    await page.waitForSelector(`rect.legal.chosen[data-cell="${key}"]`);
    // The placed tile with its meeple spots: each big enough to tap; tapping one selects its line.
    await page.waitForSelector('#preview g.spot');
    const spot = page.locator('#preview g.spot').first();
    const spotBox = await box(spot.locator('circle'));
    expect(Math.min(spotBox.width, spotBox.height)).toBeGreaterThanOrEqual(TAP);
    const action = await spot.getAttribute('data-action');
    await press(page, spot.locator('circle'));
    await page.waitForSelector(`#preview g.spot.selected[data-action="${action}"]`);
    expect(await page.locator(`#follow-ups input[value="${action}"]`).isChecked()).toBe(true);
    await noSideways(page);
    const status = (await page.textContent('#play-status')) ?? '';
    await press(page, page.locator('#confirm'));
    await expect.poll(() => page.textContent('#play-status'), PAGE_WAIT).not.toBe(status);
    // The meeple stands on the board; "fit" shows the whole board again.
    expect(await page.locator('#play-board g.meeple[data-player="0"]').count()).toBeGreaterThan(0);
    await press(page, page.locator('#zoom-fit'));
    const fitted = await box(page.locator('#play-board > svg'));
    const boxNow = await box(page.locator('#play-board'));
    expect(fitted.width).toBeLessThanOrEqual(boxNow.width);
    await page.close();
  });

  it("shows the pair view with its two columns apart, and the run page's charts inside their boxes", async () => {
    let deal = 0;
    for (const d of [0, 1, 2]) {
      const pair = await get<PairView>(`api/pair?run=${encodeURIComponent(f.run)}&a=official&b=farmers6&deal=${d}`);
      if (pair.divergence !== null && pair.divergence > 1) deal = d;
    }
    const page = await open(width, `#/pair?run=${encodeURIComponent(f.run)}&a=official&b=farmers6&deal=${deal}`);
    await ready(page, '/pair');
    await page.click('#jump-divergence');
    const [a, b] = [await box(page.locator('#a-board')), await box(page.locator('#b-board'))];
    const apart = a.x + a.width <= b.x + 1 || a.y + a.height <= b.y + 1;
    expect(apart, JSON.stringify({ a, b })).toBe(true);
    for (const side of [a, b]) expect(side.x + side.width).toBeLessThanOrEqual(width);
    await noSideways(page);

    await page.goto(`${f.server.url}#/run?run=${encodeURIComponent(f.run)}`);
    await ready(page, '/run');
    const charts = await page.locator('.chart').count();
    await expect.poll(() => page.locator('.chart[data-rendered="1"] svg.marks').count(), PAGE_WAIT).toBe(charts);
    await noSideways(page);
    for (let i = 0; i < charts; i++) {
      const chart = page.locator('.chart').nth(i);
      expect((await box(chart.locator('svg.marks'))).width).toBeLessThanOrEqual((await box(chart)).width + 1);
    }

    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it("opens the run's report with every chart and table caption on the screen", async () => {
    const page = await open(width, `files/${f.run}/report.html`);
    const charts = await page.locator('.chart').count();
    await expect.poll(() => page.locator('.chart svg').count(), PAGE_WAIT).toBeGreaterThanOrEqual(charts);
    await noSideways(page);
    // Captions of tables and charts, and the charts' pictures: none reaches past the screen's edge.
    const captions = page.locator('caption, figcaption');
    expect(await captions.count()).toBeGreaterThan(0);
    for (const target of [...(await captions.all()), ...(await page.locator('.chart svg').all())]) {
      const b = await box(target);
      expect(b.x + b.width, (await target.textContent())?.slice(0, 60)).toBeLessThanOrEqual(width);
    }
    await page.close();
  });
});
