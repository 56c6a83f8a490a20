/**
 * `carclab serve`: the explorer's HTTP server. Routes:
 *   /                        the page (views are chosen by the URL's #fragment)
 *   /assets/app.js|style.css the bundled front end (`bundle.ts`)
 *   /files/<path>            a file under the results folder (reports, chart specs, tables), read-only
 *   /api/…                   JSON for the pages and tests (see `ROUTES`)
 * Every request error is a 4xx with `{ "error": message }`; an unexpected failure is a 500 with a
 * short message (its stack goes to the server's stderr, never to the client). Whatever address it
 * listens on, only requests naming an IP address, `localhost`, that address or this machine's name
 * are answered (`allowedHost`): a page elsewhere cannot reach the server through a rebound DNS name.
 * A URL longer than `MAX_URL` is a 414, a request head larger than `MAX_HEAD` a 431.
 */
import { createServer } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { InputError } from '../engine/index.ts';
import { agentDefinition, agentNames } from '../agents/registry.ts';
import { expansionRegistry } from '../expansions/index.ts';
import { AgentPool, AnswerTimeout } from './agent-pool.ts';
import { boardAfter, explainTask } from './analysis.ts';
import { buildAssets, PAGE } from './bundle.ts';
import { openRoot, readRootFile } from './files.ts';
import type { Root } from './files.ts';
import { armIndex, gameView, planGame, rotationOf } from './games.ts';
import { playedGame } from './played.ts';
import type { GameRecord } from './games.ts';
import { HttpError, Query, readJsonBody, send, sendError, sendJson } from './http.ts';
import { flipsOf, pairView } from './pairs.ts';
import { checkPlayRequest, PlayRoom } from './play.ts';
import { listRuns, listStudies, readPlayedGame, readRunGames, readRunPlan, runDetail, runEffect } from './runs.ts';

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

/** Time the analysis of a turn may take on an agent thread (a strong agent replayed through its game). */
const EXPLAIN_MS = 60_000;
/** Time the flip list may spend replaying deals of a run that kept no games. */
const FLIP_BUDGET_MS = 8000;
/** Longest URL answered (414 beyond), and largest request head, URL and headers (431 beyond). */
const MAX_URL = 8 * 1024;
const MAX_HEAD = 16 * 1024;

/** The host name of a Host header, without its port (`[::1]:80` → `::1`). */
function hostOf(header: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(header);
  return (bracketed ? bracketed[1]! : header.replace(/:\d+$/, '')).toLowerCase();
}

/**
 * Whether a request naming `host` may be answered by a server listening on `bound`: an IP address,
 * `localhost`, the bound address itself or this machine's name. A page that rebinds its own DNS
 * name to this machine names that name, and is refused (a 421) on any address.
 */
export function allowedHost(host: string, bound: string): boolean {
  return (
    isIP(host) !== 0 ||
    host === 'localhost' ||
    host === hostOf(bound) ||
    host === hostname().toLowerCase() ||
    host === `${hostname().toLowerCase()}.local`
  );
}

/** The raw answer to a request the HTTP parser refused (too large a head, malformed). */
function rawAnswer(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ error: message });
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

type Handler = (q: Query, ctx: Context, rest: string) => unknown;
interface Context {
  root: Root;
  room: PlayRoom;
  pool: AgentPool;
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
  studies: (_q, { root }) => listStudies(root),
  run: (q, { root }) => runDetail(root, q.text('run')),
  game: (q, { root }) => gameView(recordOf(q, root)),
  candidates: async (q, { root, pool }) => {
    const record = recordOf(q, root);
    try {
      return await pool.explain(explainTask(record, q.int('turn', 1, record.actions.length / 2)), EXPLAIN_MS);
    } catch (error) {
      if (error instanceof AnswerTimeout) throw new HttpError(503, error.message);
      throw error;
    }
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
    const a = armIndex(plan, q.text('a'));
    const b = armIndex(plan, q.text('b'));
    return flipsOf(
      readRunGames(root, run),
      plan,
      a,
      b,
      q.int('limit', 1, 100_000, 200),
      FLIP_BUDGET_MS,
      runEffect(root, run, plan.arms[a]!.name, plan.arms[b]!.name),
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
  const pool = new AgentPool();
  const room = new PlayRoom(root, pool);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const ctx: Context = { root, room, pool };
  const server = createServer({ maxHeaderSize: MAX_HEAD }, (req, res) => {
    handle(req, res, ctx, assets, options.host).catch((error: unknown) => answerFailure(req, res, error, log));
  });
  server.on('clientError', answerClientError);
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
        server.close(() => void room.close().then(resolve));
        server.closeAllConnections();
      }),
  };
}

/** Answers one request: the page and its assets, the root's files, the board picture, the JSON endpoints. */
async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: Context,
  assets: { script: string; style: Uint8Array },
  boundHost: string,
): Promise<void> {
  if ((req.url ?? '').length > MAX_URL)
    throw new HttpError(414, `the URL is ${(req.url ?? '').length} characters long; at most ${MAX_URL}`);
  const url = new URL(req.url ?? '/', 'http://explorer');
  const hostName = hostOf(req.headers.host ?? '');
  if (!allowedHost(hostName, boundHost))
    throw new HttpError(
      421,
      `this server answers only requests naming an IP address, localhost, ${boundHost} or this machine's name, not ${JSON.stringify(hostName)} (a guard against DNS rebinding)`,
    );
  const method = req.method ?? 'GET';
  const path = url.pathname;
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
    const file = readRootFile(ctx.root, decodePath(path.slice('/files/'.length)));
    return send(res, 200, file.type, file.body);
  }
  if (path === '/api/board') {
    const q = new Query(url.searchParams);
    const record = recordOf(q, ctx.root);
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

/** A request that failed: its HTTP error, a 400 for bad input, else a 500 with the details in the log. */
function answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown, log: (line: string) => void): void {
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
}

/** A request the HTTP parser refused: a 431 for too large a head, else a 400 (a reset connection is closed). */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') socket.destroy();
  else
    socket.end(
      error.code === 'HPE_HEADER_OVERFLOW'
        ? rawAnswer(
            431,
            'Request Header Fields Too Large',
            `the request's URL and headers exceed ${MAX_HEAD / 1024} KB`,
          )
        : rawAnswer(400, 'Bad Request', 'the request is not valid HTTP'),
    );
}
