/**
 * The explorer's JSON API on a small run: runs, games move by move, candidates, paired games and
 * flips, and the safety rules (nothing outside the results folder, 4xx with a message, no stack).
 */
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CandidatesView,
  FlipsView,
  GameView,
  PairView,
  RunDetail,
  RunListItem,
} from '../../src/serve/api-types.ts';
import { agentNames } from '../../src/agents/index.ts';
import { explorerFixture } from './fixture.ts';
import type { Fixture } from './fixture.ts';
import { tempDir } from '../sim/helpers.ts';

let f: Fixture;
beforeAll(async () => {
  f = await explorerFixture();
});
afterAll(async () => {
  await f?.server.close();
});

/** A raw GET (the path sent as written: no normalisation of `..`), with its status and body. */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; type: string }> {
  const url = new URL(f.server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const getJson = async <T>(path: string): Promise<T> => {
  const r = await get(path);
  expect(r.status, r.body).toBe(200);
  return JSON.parse(r.body) as T;
};
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('carclab serve: the API', () => {
  it('lists the run with its experiment, arms, rules, size, code identity and status, and its reports and chart specs', async () => {
    const runs = await getJson<RunListItem[]>('/api/runs');
    expect(runs.map((r) => r.path)).toEqual([f.run]);
    const [run] = runs;
    expect(run).toMatchObject({
      kind: 'run',
      experiment: 'explorer-test',
      status: 'complete',
      deals: 3,
      games: 6,
      keepGames: true,
    });
    expect(run!.arms.map((a) => [a.name, a.rules])).toEqual([
      ['official', {}],
      ['farmers6', { farmerPointsPerCity: 6 }],
    ]);
    expect(run!.code).toMatch(/^[0-9a-f]{10}$/);
    const detail = await getJson<RunDetail>(`/api/run?${q({ run: f.run })}`);
    expect(detail.reports).toEqual([`${f.run}/report.html`, `${f.run}/report.md`]);
    expect(detail.charts.length).toBeGreaterThan(0);
    const spec = await getJson<{ $schema: string }>(`/files/${detail.charts[0]!.spec}`);
    expect(spec.$schema).toContain('vega-lite');
  });

  it("says what the checks refuse in a run's files: nothing here, an edited summary.json in a copy", async () => {
    expect((await getJson<RunDetail>(`/api/run?${q({ run: f.run })}`)).refused).toBeNull();
    const copy = tempDir('carclab-serve-copy-');
    cpSync(join(f.root, f.run), join(copy, 'run'), { recursive: true });
    const file = join(copy, 'run', 'summary.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"games": 3,', '"games": 4,'));
    const { startServer } = await import('../../src/serve/server.ts');
    const other = await startServer({ dir: copy, port: 0, host: '127.0.0.1' });
    try {
      const detail = (await (await fetch(`${other.url}api/run?${q({ run: 'run' })}`)).json()) as RunDetail;
      expect(detail.refused).toMatch(
        /^run\/summary\.json is not the summary of the run's shards \(arms\[0\]\.games: 3 from/,
      );
    } finally {
      await other.close();
    }
  });

  it('offers every agent of the registry to play against', async () => {
    const agents = await getJson<{ name: string; description: string }[]>('/api/agents');
    expect(agents.map((a) => a.name)).toEqual(agentNames());
    expect(agents.every((a) => a.description.length > 0)).toBe(true);
  });

  it('replays a game turn by turn with the final scores the run recorded', async () => {
    const game = await getJson<GameView>(`/api/game?${q({ run: f.run, arm: 'official', deal: 1 })}`);
    expect(game.turns.length).toBeGreaterThan(60);
    expect(game.turns[0]!.changes[0]).toMatchObject({ kind: 'placed' });
    // The scores of the last turn are the final scores, and the seat ranks match the kept games.
    expect(game.turns.at(-1)!.scores).toEqual(game.final.scores);
    const sums = game.final.breakdown.map((b) => Object.values(b).reduce((x, y) => x + y, 0));
    expect(sums).toEqual(game.final.scores);
    const board = await get(`/api/board?${q({ run: f.run, arm: 'official', deal: 1, turn: 10 })}`);
    expect(board.type).toBe('image/svg+xml');
    expect(board.body.match(/<g class="tile"/g)).toHaveLength(11);
  });

  it("values candidates with the agent's evaluation: greedy's move is always worth the best candidate", async () => {
    for (const turn of [1, 7, 20, 41]) {
      const c = await getJson<CandidatesView>(`/api/candidates?${q({ run: f.run, arm: 'official', deal: 0, turn })}`);
      expect(c.agent).toMatch(/^greedy/);
      expect(c.count).toBeGreaterThan(1);
      expect(c.chosen.value).toBe(c.best);
    }
  });

  it('pairs a deal under two arms: the same moves up to the divergence, different at it', async () => {
    let found = false;
    for (const deal of [0, 1, 2]) {
      const pair = await getJson<PairView>(`/api/pair?${q({ run: f.run, a: 'official', b: 'farmers6', deal })}`);
      if (pair.divergence === null) continue;
      found = true;
      const move = (view: GameView, t: number) =>
        JSON.stringify([view.turns[t - 1]!.changes[0], view.turns[t - 1]!.followUp]);
      for (let t = 1; t < pair.divergence; t++) expect(move(pair.a, t)).toBe(move(pair.b, t));
      expect(move(pair.a, pair.divergence)).not.toBe(move(pair.b, pair.divergence));
    }
    expect(found).toBe(true);
  });

  it('lists the deals where the winner changed, the same from kept games as replayed', async () => {
    const kept = await getJson<FlipsView>(`/api/flips?${q({ run: f.run, a: 'official', b: 'farmers6' })}`);
    expect(kept.source).toBe('kept games');
    // The same run without its kept games: the flips are found by playing the deals again.
    const copy = tempDir('carclab-serve-copy-');
    cpSync(join(f.root, f.run), join(copy, 'run'), { recursive: true });
    rmSync(join(copy, 'run', 'games.arrow'));
    const { startServer } = await import('../../src/serve/server.ts');
    const other = await startServer({ dir: copy, port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${other.url}api/flips?${q({ run: 'run', a: 'official', b: 'farmers6' })}`);
      const replayed = (await response.json()) as FlipsView;
      expect(replayed.source).toBe('replayed');
      expect(replayed.dealsCompared).toBe(3);
      expect(replayed.flips).toEqual(kept.flips);
    } finally {
      await other.close();
    }
    for (const flip of kept.flips) expect(flip.winnersA).not.toEqual(flip.winnersB);
  });
});

describe('carclab serve: safety', () => {
  it('reads nothing outside the results folder: .., encoded .., encoded slashes, symbolic links', async () => {
    const outside = tempDir('carclab-outside-');
    writeFileSync(join(outside, 'secret.txt'), 'CONTENT-OF-THE-SECRET');
    symlinkSync(join(outside, 'secret.txt'), join(f.root, 'link-out.txt'));
    symlinkSync(outside, join(f.root, 'dir-out'));
    symlinkSync(join(f.root, f.run, 'report.md'), join(f.root, 'link-in.md'));
    for (const path of [
      '/files/../secret.txt',
      `/files/${f.run}/../../../etc/passwd`,
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/..%2F..%2Fetc%2Fpasswd',
      '/files/%2E%2E%5C..%5Cetc%5Cpasswd',
      '/files/link-out.txt',
      '/files/dir-out/secret.txt',
      '/files/%00',
      '/files/%E0%A4%A',
      `/api/run?${q({ run: '../..' })}`,
      `/api/run?${q({ run: 'dir-out' })}`,
      `/api/game?${q({ run: `${f.run}/../../..`, arm: 0, deal: 0 })}`,
    ]) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body, path).not.toContain('CONTENT-OF-THE-SECRET');
      expect(r.body, path).not.toContain('root:');
      expect(JSON.parse(r.body).error, path).toEqual(expect.any(String));
    }
    const inside = await get('/files/link-in.md');
    expect(inside.status).toBe(200);
  });

  it('answers bad requests with a 4xx and a message naming the problem, never a stack trace', async () => {
    const cases: [string, number, RegExp][] = [
      ['/api/nothing', 404, /no endpoint/],
      [`/api/game?${q({ run: f.run, arm: 'nope', deal: 0 })}`, 400, /no arm "nope"; arms: official, farmers6/],
      [`/api/game?${q({ run: f.run, arm: 0, deal: 3 })}`, 400, /"deal" must be 0 to 2/],
      [`/api/game?${q({ run: f.run, arm: 0, deal: 'x' })}`, 400, /"deal" must be a whole number/],
      [`/api/game?${q({ run: f.run, arm: 0 })}`, 400, /missing query parameter "deal"/],
      [`/api/candidates?${q({ run: f.run, arm: 0, deal: 0, turn: 0 })}`, 400, /"turn" must be 1 to/],
      ['/api/play/not-a-game', 404, /no game "not-a-game"/],
      ['/nowhere', 404, /nothing at/],
    ];
    for (const [path, status, message] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expect(JSON.parse(r.body).error, path).toMatch(message);
      expect(r.body, path).not.toMatch(/\n\s+at |\.ts:\d+/);
    }
    const post = await fetch(`${f.server.url}api/play`, { method: 'POST', body: '{not json' });
    expect(post.status).toBe(400);
    expect(((await post.json()) as { error: string }).error).toBe('request body is not valid JSON');
    const badSeats = await fetch(`${f.server.url}api/play`, {
      method: 'POST',
      body: JSON.stringify({ players: 2, seats: ['human', 'nobody'] }),
    });
    expect(badSeats.status).toBe(400);
    expect(((await badSeats.json()) as { error: string }).error).toMatch(
      /unknown agent "nobody"; known agents: random, greedy, mcts/,
    );
    const put = await fetch(`${f.server.url}api/runs`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(f.logged).toEqual([]);
  });

  it('answers on a loopback address only to requests naming a loopback host', async () => {
    const r = await get('/api/runs', { host: 'attacker.example:80' });
    expect(r.status).toBe(421);
    expect((await get('/api/runs', { host: `localhost:${new URL(f.server.url).port}` })).status).toBe(200);
  });
});
