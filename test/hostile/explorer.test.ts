/**
 * Issue 35, the explorer (`carclab serve DIR`) as a hostile user finds it: dangerous cases 1–4 (it
 * read and wrote outside DIR through symbolic links, read games.arrow unchecked, showed a game.json
 * that was never played) and wrong cases 1–4 (the DNS-rebinding guard off on 127.0.0.2, no answer to
 * a 20 KB URL, the 65th game evicting one in progress, two search seats stalling every request).
 * Each test failed on the code before the fix.
 */
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as aq from 'arquero';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TWO_ARMS, carclab, http, scratch, serve } from './helpers.ts';
import type { Served } from './helpers.ts';

const running: Served[] = [];
afterEach(() => {
  for (const s of running.splice(0)) s.stop();
});
const started = async (dir: string, host?: string) => {
  const s = await serve(dir, host);
  running.push(s);
  return s;
};

/** A results folder with one finished run of TWO_ARMS (games kept); its path under the folder. */
function resultsWithRun(): { dir: string; run: string } {
  const dir = scratch();
  writeFileSync(join(dir, 'exp.json'), JSON.stringify(TWO_ARMS));
  const r = carclab(dir, 'run', 'exp.json', '--keep-games', '--in-process', '--out', 'results');
  if (r.code !== 0) throw new Error(r.stderr);
  return { dir: join(dir, 'results'), run: r.stdout.match(/results: results\/(\S+)/)![1]! };
}

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

let fixture: { dir: string; run: string };
beforeAll(() => {
  fixture = resultsWithRun();
});

describe('the explorer touches only DIR (dangerous cases 1–4)', () => {
  it('1. a manifest.json or plan.json that is a symbolic link out of DIR is neither listed nor read', async () => {
    const dir = scratch();
    const outside = scratch();
    writeFileSync(
      join(outside, 'manifest.json'),
      JSON.stringify({ status: 'complete', experiment: { name: 'SECRET-NAME', description: 'SECRET-DESCRIPTION' } }),
    );
    mkdirSync(join(dir, 'leak'));
    symlinkSync(join(outside, 'manifest.json'), join(dir, 'leak', 'manifest.json'));
    writeFileSync(join(dir, 'leak', 'plan.json'), '{}');
    // A real run's manifest inside, its plan.json a link to the plan outside.
    const run = join(fixture.dir, fixture.run);
    mkdirSync(join(dir, 'leak2'));
    copyFileSync(join(run, 'manifest.json'), join(dir, 'leak2', 'manifest.json'));
    copyFileSync(join(run, 'plan.json'), join(outside, 'plan.json'));
    symlinkSync(join(outside, 'plan.json'), join(dir, 'leak2', 'plan.json'));
    const { url } = await started(dir);
    const runs = await http(url, { path: '/api/runs' });
    expect(runs.status).toBe(200);
    expect(runs.body).not.toContain('SECRET');
    const detail = await http(url, { path: `/api/run?${q({ run: 'leak' })}` });
    expect(detail.status).toBe(403);
    expect(detail.body).not.toContain('SECRET');
    expect(detail.json().error).toMatch(/manifest\.json leads outside the results folder/);
    const game = await http(url, { path: `/api/game?${q({ run: 'leak2', arm: 0, deal: 0 })}` });
    expect(game.status).toBe(403);
    expect(game.json().error).toMatch(/plan\.json leads outside the results folder/);
  });

  it('2. DIR/played as a symbolic link out of DIR: a finished game is not written there, and the page says why', async () => {
    const dir = scratch();
    const outside = scratch();
    symlinkSync(outside, join(dir, 'played'));
    const { url } = await started(dir);
    const r = await http(url, { path: '/api/play', body: { players: 2, seats: ['random', 'random'], seed: 'h2' } });
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ over: true, saved: null });
    expect(r.json().notSaved).toMatch(/played is a symbolic link/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('3. /api/flips reads games.arrow through the checked reader: an edited score (checksum failing, or recomputed) is refused', async () => {
    const dir = scratch();
    cpSync(fixture.dir, dir, { recursive: true });
    const run = join(dir, fixture.run);
    const file = join(run, 'games.arrow');
    const table = aq.fromArrow(readFileSync(file));
    const score0 = Float64Array.from(table.array('score0') as ArrayLike<number>);
    const score1 = Float64Array.from(table.array('score1') as ArrayLike<number>);
    const row = (table.array('arm') as ArrayLike<number>)[0] === 1 ? 0 : 1; // a game of arm 1 (farmers6)
    score0[row] = 68;
    score1[row] = 0; // a forged 68–0
    const forged = aq.toArrowIPC(table.assign({ score0, score1 }));
    writeFileSync(file, forged);
    const { url } = await started(dir);
    const path = `/api/flips?${q({ run: fixture.run, a: 'official', b: 'farmers6' })}`;
    const edited = await http(url, { path });
    expect(edited.status).toBe(422);
    expect(edited.json().error).toMatch(/games\.arrow does not match its checksum/);
    // The checksum recomputed too: the scores no longer add up to the shards' sums.
    const sums = join(run, 'games.arrow.sha256');
    const hash = createHash('sha256').update(forged).digest('hex');
    writeFileSync(sums, readFileSync(sums, 'utf8').replace(/^[0-9a-f]{64}/m, hash));
    const recomputed = await http(url, { path });
    expect(recomputed.status).toBe(422);
    expect(recomputed.json().error).toMatch(/games\.arrow disagrees with the run's shards/);
  });

  it('4. a played game.json with an illegal action is refused, not shown as a game that was never played', async () => {
    const dir = scratch();
    const { url } = await started(dir);
    const played = await http(url, {
      path: '/api/play',
      body: { players: 2, seats: ['random', 'random'], seed: 'h4' },
    });
    const saved = (played.json().saved as { run: string }).run;
    const file = join(dir, saved, 'game.json');
    const game = JSON.parse(readFileSync(file, 'utf8')) as { actions: number[] };
    expect((await http(url, { path: `/api/game?${q({ run: saved })}` })).status).toBe(200);
    game.actions[0] = 999_999;
    writeFileSync(file, JSON.stringify(game));
    const view = await http(url, { path: `/api/game?${q({ run: saved })}` });
    expect(view.status).toBe(422);
    expect(view.json().error).toMatch(/action 0 \(turn 1, the placement\) is 999999, which is not legal there/);
    const board = await http(url, { path: `/api/board?${q({ run: saved, turn: 0 })}` });
    expect(board.status).toBe(422);
  });
});

describe('the explorer, wrong cases 1–4', () => {
  it('1. the DNS-rebinding guard holds on any address: 127.0.0.2 and 0.0.0.0 refuse Host: evil.example', async () => {
    for (const host of ['127.0.0.2', '0.0.0.0']) {
      const { url } = await started(fixture.dir, host);
      const evil = await http(url, { path: '/api/runs', host: 'evil.example' });
      expect(evil.status, host).toBe(421);
      expect(evil.json().error).toMatch(/DNS rebinding/);
      expect((await http(url, { path: '/api/runs' })).status, host).toBe(200);
    }
  });

  it('2. a 20 KB URL gets an answer (431), a 10 KB one a 414, each saying why', async () => {
    const { url } = await started(fixture.dir);
    const huge = await http(url, { path: `/api/runs?x=${'a'.repeat(20_000)}` });
    expect(huge.status).toBe(431);
    expect(huge.json().error).toMatch(/URL and headers exceed 16 KB/);
    const long = await http(url, { path: `/api/runs?x=${'a'.repeat(10_000)}` });
    expect(long.status).toBe(414);
    expect(long.json().error).toMatch(/at most 8192/);
  });

  it('3. the 65th game is refused with a message saying why; no game in progress is evicted', async () => {
    const { url } = await started(scratch());
    const start = () => http(url, { path: '/api/play', body: { players: 2, seats: ['human', 'random'], seed: 'h3' } });
    const first = await start();
    expect(first.status).toBe(200);
    for (let i = 1; i < 64; i++) expect((await start()).status).toBe(200);
    const extra = await start();
    expect(extra.status).toBe(503);
    expect(extra.json().error).toMatch(/already holds 64 games in progress, none idle for 15 minutes/);
    expect((await http(url, { path: `/api/play/${first.json().id}` })).status).toBe(200);
  });

  it('4. two mcts:iterations=20000 seats do not stall other requests; a larger budget is refused', async () => {
    const { url } = await started(scratch());
    const big = await http(url, {
      path: '/api/play',
      body: { players: 2, seats: ['human', 'mcts:iterations=20001'] },
      timeoutMs: 15_000,
    });
    expect(big.status).toBe(400);
    expect(big.json().error).toMatch(/iterations=20001 is more than the explorer allows \(20000 per decision/);
    void http(url, {
      path: '/api/play',
      body: { players: 2, seats: ['mcts:iterations=20000', 'mcts:iterations=20000'] },
      timeoutMs: 200_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const t0 = Date.now();
    const other = await http(url, { path: '/api/agents', timeoutMs: 10_000 });
    expect(other.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
