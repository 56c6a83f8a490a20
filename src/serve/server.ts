/**
 * `carclab serve`: the explorer's HTTP server. Routes:
 *   /                        the page (views are chosen by the URL's #fragment)
 *   /assets/app.js|style.css the bundled front end (`bundle.ts`)
 *   /files/<path>            a file under the results folder (reports, chart specs, tables), read-only
 *   /api/…                   JSON for the pages and tests (see `ROUTES`)
 * Every request error is a 4xx with `{ "error": message }`; an unexpected failure is a 500 with a
 * short message (its stack goes to the server's stderr, never to the client). On a loopback address
 * only requests naming a loopback host are answered (a page elsewhere cannot reach the server
 * through a rebound DNS name).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InputError } from '../engine/index.ts';
import { agentDefinition, agentNames } from '../agents/registry.ts';
import { expansionRegistry } from '../expansions/index.ts';
import { boardAfter, candidatesAt } from './analysis.ts';
import { buildAssets, PAGE } from './bundle.ts';
import { openRoot, readRootFile } from './files.ts';
import type { Root } from './files.ts';
import { armIndex, gameView, planGame, playedGame, rotationOf } from './games.ts';
import type { GameRecord } from './games.ts';
import { HttpError, Query, readJsonBody, send, sendError, sendJson } from './http.ts';
import { flipsOf, pairView } from './pairs.ts';
import { checkPlayRequest, PlayRoom } from './play.ts';
import { listRuns, readPlayedGame, readRunPlan, runDetail, runDir } from './runs.ts';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  /** Where unexpected failures are written (default: stderr). */
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Time the flip list may spend replaying deals of a run that kept no games. */
const FLIP_BUDGET_MS = 8000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

type Handler = (q: Query, ctx: Context, rest: string) => unknown;
interface Context {
  root: Root;
  room: PlayRoom;
}

/** The game a query names: `run` (a run's path) with `arm`, `deal`, `rotation`, or a played game's path alone. */
function recordOf(q: Query, root: Root): GameRecord {
  const run = q.text('run');
  const played = readPlayedGame(root, run);
  if (played) return playedGame(run, played);
  const plan = readRunPlan(root, run);
  const arm = armIndex(plan, q.text('arm'));
  const deal = q.int('deal', 0, plan.deals - 1);
  const rotation = rotationOf(
    plan,
    arm,
    deal,
    q.optionalText('rotation') === undefined ? undefined : q.int('rotation', 0, 5),
  );
  return planGame(run, plan, arm, deal, rotation);
}

const GET: Readonly<Record<string, Handler>> = {
  runs: (_q, { root }) => listRuns(root),
  run: (q, { root }) => runDetail(root, q.text('run')),
  game: (q, { root }) => gameView(recordOf(q, root)),
  candidates: (q, { root }) => {
    const record = recordOf(q, root);
    return candidatesAt(record, q.int('turn', 1, record.actions.length / 2));
  },
  pair: (q, { root }) => {
    const run = q.text('run');
    const plan = readRunPlan(root, run);
    const a = armIndex(plan, q.text('a'));
    const b = armIndex(plan, q.text('b'));
    const deal = q.int('deal', 0, plan.deals - 1);
    return pairView(
      run,
      plan,
      a,
      b,
      deal,
      q.optionalText('rotation') === undefined ? undefined : q.int('rotation', 0, 5),
    );
  },
  flips: (q, { root }) => {
    const run = q.text('run');
    const plan = readRunPlan(root, run);
    return flipsOf(
      runDir(root, run),
      plan,
      armIndex(plan, q.text('a')),
      armIndex(plan, q.text('b')),
      q.int('limit', 1, 100_000, 200),
      FLIP_BUDGET_MS,
    );
  },
  agents: () => agentNames().map((name) => ({ name, description: agentDefinition(name)?.description ?? '' })),
  expansions: () => [...expansionRegistry.keys()],
  play: (q, { room }, id) => {
    const [session, sub] = id.split('/');
    if (!session) throw new HttpError(404, 'name a game: /api/play/<id>');
    if (sub === 'preview') return room.preview(session, q.int('placement', 0, 1 << 30));
    if (sub !== undefined) throw new HttpError(404, `no such resource: ${sub}`);
    return room.state(session);
  },
};

const POST: Readonly<Record<string, (body: unknown, ctx: Context, rest: string) => unknown>> = {
  play: (body, { room }, id) => {
    if (id === '') return room.start(checkPlayRequest(body));
    const [session, sub] = id.split('/');
    if (sub !== 'move') throw new HttpError(404, 'post a move to /api/play/<id>/move');
    const move = (typeof body === 'object' && body !== null ? body : {}) as { placement?: unknown; followUp?: unknown };
    return room.move(session!, move.placement, move.followUp);
  },
};

/** Decodes a request path's parts; a malformed escape is a 400. */
function decodePath(path: string): string {
  try {
    return path.split('/').map(decodeURIComponent).join('/');
  } catch {
    throw new HttpError(400, `malformed path ${JSON.stringify(path)}`);
  }
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const root = openRoot(options.dir);
  const assets = await buildAssets();
  const room = new PlayRoom(root.real);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const loopback = LOOPBACK.has(options.host);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://explorer');
    const hostName = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (loopback && !LOOPBACK.has(hostName))
      throw new HttpError(421, `this server answers only requests to a loopback host, not ${JSON.stringify(hostName)}`);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const ctx: Context = { root, room };
    if (method === 'POST' && path.startsWith('/api/')) {
      const [name, ...rest] = path.slice('/api/'.length).split('/');
      const handler = Object.hasOwn(POST, name!) ? POST[name!] : undefined;
      if (!handler) throw new HttpError(404, `no POST endpoint ${path}`);
      sendJson(res, await handler(await readJsonBody(req), ctx, rest.join('/')));
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, `method ${method} is not allowed`);
    if (path === '/' || path === '/index.html') return send(res, 200, 'text/html; charset=utf-8', PAGE);
    if (path === '/assets/app.js') return send(res, 200, 'text/javascript; charset=utf-8', assets.script);
    if (path === '/assets/style.css') return send(res, 200, 'text/css; charset=utf-8', assets.style);
    if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    if (path.startsWith('/files/')) {
      const file = readRootFile(root, decodePath(path.slice('/files/'.length)));
      return send(res, 200, file.type, file.body);
    }
    if (path === '/api/board') {
      const q = new Query(url.searchParams);
      const record = recordOf(q, root);
      return send(res, 200, 'image/svg+xml', boardAfter(record, q.int('turn', 0, record.actions.length / 2)));
    }
    if (path.startsWith('/api/')) {
      const [name, ...rest] = path.slice('/api/'.length).split('/');
      const handler = Object.hasOwn(GET, name!) ? GET[name!] : undefined;
      if (!handler) throw new HttpError(404, `no endpoint ${path}`);
      sendJson(res, await handler(new Query(url.searchParams), ctx, decodePath(rest.join('/'))));
      return;
    }
    throw new HttpError(404, `nothing at ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (error instanceof HttpError) {
        sendError(res, error.status, error.message);
      } else if (error instanceof InputError) {
        sendError(res, 400, error.message);
      } else {
        log(
          `carclab serve: internal error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        sendError(res, 500, 'internal error (the server log has the details)');
      }
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
