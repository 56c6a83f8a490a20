/**
 * Games played in the explorer. A session holds one game: the seats (`human` or an agent spec from
 * the registry), the state and the actions so far. A human's move arrives whole (placement and
 * follow-up) and is checked before anything changes; then the agents answer on an agent thread
 * (`agent-pool.ts`), never on the server's, and their actions are checked and played here. A
 * finished game is saved under `played/<id>/` in the results folder — `scenario.json` (for
 * `carclab replay`), `game.json` (deck and actions, for the game view) and a `manifest.json` so the
 * explorer lists it as a run; nothing else is ever written, and nothing when `played` is not a real
 * folder inside the results folder (`savedDir`: the state then says why the game was not saved).
 *
 * Bounds, each refused with a message that says so: an agent's budget per decision (`iterations`,
 * `ms`), the time of one answer (`ANSWER_MS`: the game is then ended, saying why), and the games
 * held at once (`MAX_SESSIONS`: a finished game or one idle for `EVICT_IDLE_MS` makes room, and the
 * game it was says so if it is asked for again; else a new game is refused).
 */
import { randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, MAX_PLAYERS, MIN_PLAYERS } from '../engine/index.ts';
import { segmentSpot, tileSvg } from '../charts/board/index.ts';
import type { Game, State } from '../engine/index.ts';
import { checkForbidden, parseAgentSpec } from '../agents/index.ts';
import type { AgentSpec } from '../agents/index.ts';
import { Dealer } from '../sim/deal.ts';
import { writeAtomic, writeJsonAtomic } from '../run/files.ts';
import { AgentPool, AnswerTimeout } from './agent-pool.ts';
import type { PlayedGameFile, PlayPreview, PlayRequest, PlayState } from './api-types.ts';
import { realInside } from './files.ts';
import type { Root } from './files.ts';
import { playedGameSetup } from './games.ts';
import { HttpError } from './http.ts';
import { boardOf, followUpLabel, legalActions, legalTurn, rulesInForce } from './play-board.ts';
import { scenarioOf } from './scenario-file.ts';

/** Sides of the pictures of the tile to place and of the placed tile with its meeple spots. */
const DRAWN_SIZE = 96;
const SPOTS_SIZE = 200;
/** A game not seen for this long ends. */
const IDLE_MS = 2 * 3600 * 1000;
/** Games held at once. */
export const MAX_SESSIONS = 64;
/** When the room is full, a game idle this long may be ended to make room for a new one. */
const EVICT_IDLE_MS = 15 * 60 * 1000;
/** Longest answer of the agents (every agent turn until a human moves or the game ends). */
export const ANSWER_MS = 120_000;
/** Largest per-decision budgets an agent seat may ask for: search iterations, and milliseconds. */
export const MAX_ITERATIONS = 20_000;
export const MAX_THINK_MS = 5_000;
/** Ended games remembered, so that asking for one says why it ended. */
const ENDED_KEPT = 256;

interface Session {
  readonly id: string;
  readonly request: PlayRequest;
  readonly game: Game;
  readonly deck: Int16Array;
  readonly state: State;
  /** Per seat its agent, or null for a human. */
  readonly agents: (AgentSpec | null)[];
  readonly actions: number[];
  log: string[];
  lastSeen: number;
  /** Whether the agents are answering (a move waits for them). */
  busy: boolean;
  saved: { scenario: string; run: string } | null;
  notSaved: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a request to start a game; every problem is a 400 naming the field. */
export function checkPlayRequest(body: unknown): PlayRequest {
  if (!isObject(body)) throw new HttpError(400, 'the request must be a JSON object');
  const { players, expansions = [], rules = {}, seats, seed = 'play' } = body;
  if (!Number.isInteger(players) || (players as number) < MIN_PLAYERS || (players as number) > MAX_PLAYERS)
    throw new HttpError(400, `"players" must be ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  if (!Array.isArray(expansions) || !expansions.every((e) => typeof e === 'string'))
    throw new HttpError(400, '"expansions" must be a list of names');
  if (!isObject(rules) || !Object.values(rules).every((v) => typeof v === 'string' || typeof v === 'number'))
    throw new HttpError(400, '"rules" must map rule names to values');
  if (!Array.isArray(seats) || seats.length !== players || !seats.every((s) => typeof s === 'string'))
    throw new HttpError(400, `"seats" must list ${String(players)} seats, each "human" or an agent spec`);
  if (typeof seed !== 'string' || seed === '' || seed.length > 64)
    throw new HttpError(400, '"seed" must be a text of 1 to 64 characters');
  return {
    players: players as number,
    expansions: expansions as string[],
    rules: rules as Record<string, string | number>,
    seats: seats as string[],
    seed,
  };
}

/** A seat's agent, checked against the game and the explorer's budgets; a 400 naming the seat otherwise. */
function seatAgent(seat: string, s: number, game: Game): AgentSpec {
  try {
    const spec = parseAgentSpec(seat, `seat ${s}`);
    checkForbidden(spec, game, `seat ${s}`);
    const over = (name: string, max: number) => typeof spec.params[name] === 'number' && spec.params[name] > max;
    if (over('iterations', MAX_ITERATIONS))
      throw new InputError(
        'usage',
        `seat ${s}: ${spec.name} iterations=${spec.params.iterations} is more than the explorer allows (${MAX_ITERATIONS} per decision; a run has no such bound)`,
      );
    if (over('ms', MAX_THINK_MS))
      throw new InputError(
        'usage',
        `seat ${s}: ${spec.name} ms=${spec.params.ms} is more think time than the explorer allows (${MAX_THINK_MS} ms per decision)`,
      );
    return spec;
  } catch (error) {
    if (error instanceof InputError) throw new HttpError(400, error.message);
    throw error;
  }
}

export class PlayRoom {
  private readonly sessions = new Map<string, Session>();
  /** Why games that ended before they were finished ended, by id. */
  private readonly ended = new Map<string, string>();
  private readonly pool: AgentPool;

  /** `root`: the results folder; finished games go to `root/played/`. */
  constructor(
    private readonly root: Root,
    pool?: AgentPool,
  ) {
    this.pool = pool ?? new AgentPool();
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  async start(request: PlayRequest): Promise<PlayState> {
    const game = playedGameSetup(request.players, request.expansions, request.rules);
    const agents = request.seats.map((seat, s) => (seat === 'human' ? null : seatAgent(seat, s, game)));
    this.makeRoom();
    const deck = Int16Array.from(new Dealer(game).deal(request.seed, 0));
    const session: Session = {
      id: randomUUID(),
      request,
      game,
      deck,
      state: game.newState(deck),
      agents,
      actions: [],
      log: [],
      lastSeen: Date.now(),
      busy: false,
      saved: null,
      notSaved: null,
    };
    this.sessions.set(session.id, session);
    await this.agentsMove(session);
    return this.view(session);
  }

  state(id: string): PlayState {
    return this.view(this.session(id));
  }

  /** The board with the drawn tile placed by `placement`, and the follow-ups it allows. */
  preview(id: string, placement: number): PlayPreview {
    const session = this.session(id);
    this.checkHumanToMove(session);
    const placed = session.state.clone();
    if (!legalActions(placed).includes(placement)) throw new HttpError(400, `placement ${placement} is not legal now`);
    placed.apply(placement);
    const type = session.game.catalog.types[placed.drawn]!;
    const rot = placement & 3;
    return {
      board: boardOf(placed, 'last').board,
      tile: { svg: tileSvg(type, rot, SPOTS_SIZE), size: SPOTS_SIZE },
      followUps: legalActions(placed).map((action) => {
        const { label, segment } = followUpLabel(placed, action);
        return {
          action,
          label,
          text: placed.actionToString(action),
          ...(segment >= 0 ? { spot: segmentSpot(type, rot, segment, SPOTS_SIZE) } : {}),
        };
      }),
    };
  }

  /** A human's move; then the agents answer. Nothing changes when either half is illegal. */
  async move(id: string, placement: unknown, followUp: unknown): Promise<PlayState> {
    const session = this.session(id);
    this.checkHumanToMove(session);
    if (!Number.isInteger(placement) || !legalActions(session.state).includes(placement as number))
      throw new HttpError(400, `"placement" ${JSON.stringify(placement)} is not a legal placement now`);
    if (!Number.isInteger(followUp) || !legalTurn(session.state, placement as number, followUp as number))
      throw new HttpError(400, `"followUp" ${JSON.stringify(followUp)} is not a legal follow-up of that placement`);
    session.log = [];
    this.play(session, placement as number, followUp as number);
    await this.agentsMove(session);
    return this.view(session);
  }

  private session(id: string): Session {
    const session = this.sessions.get(id);
    if (!session) {
      const why = this.ended.get(id);
      throw new HttpError(
        404,
        why
          ? `game ${JSON.stringify(id)} has ended: ${why}`
          : `no game ${JSON.stringify(id)} (finished games are saved; an unfinished one ends after ${IDLE_MS / 3600000} idle hours or a restart of the explorer)`,
      );
    }
    if (Date.now() - session.lastSeen > IDLE_MS) {
      this.end(session, `it was idle for more than ${IDLE_MS / 3600000} hours`);
      return this.session(id);
    }
    session.lastSeen = Date.now();
    return session;
  }

  private checkHumanToMove(session: Session): void {
    if (session.state.isOver()) throw new HttpError(409, 'the game is over');
    if (session.busy) throw new HttpError(409, 'the agents are still answering; ask for the game again in a moment');
    if (session.agents[session.state.currentPlayer] !== null) throw new HttpError(409, "it is an agent's turn");
  }

  /** Plays one turn (placement and follow-up) on the session's state. */
  private play(session: Session, placement: number, followUp: number): void {
    const { state } = session;
    const text = `P${state.currentPlayer}: ${state.actionToString(placement)}`;
    state.apply(placement);
    session.log.push(`${text}, ${state.actionToString(followUp)}`);
    state.apply(followUp);
    session.actions.push(placement, followUp);
    if (state.isOver()) this.save(session);
  }

  /**
   * The agents play on an agent thread until a human is to move or the game ends; their actions are
   * checked and played here. An answer past `ANSWER_MS` ends the game (a 503 saying so).
   */
  private async agentsMove(session: Session): Promise<void> {
    const { state, request } = session;
    if (state.isOver() || session.agents[state.currentPlayer] === null) return;
    session.busy = true;
    let actions: number[];
    try {
      actions = await this.pool.answer({ ...request, actions: [...session.actions] }, ANSWER_MS);
    } catch (error) {
      if (!(error instanceof AnswerTimeout)) throw error;
      const why = `${error.message} (an answer is bounded to ${ANSWER_MS / 1000} s; start a game with smaller agent budgets, e.g. fewer mcts iterations)`;
      this.end(session, why);
      throw new HttpError(503, `the game has ended: ${why}`);
    } finally {
      session.busy = false;
    }
    for (let i = 0; i + 1 < actions.length; i += 2) {
      if (!legalTurn(state, actions[i]!, actions[i + 1]!))
        throw new Error(`agent thread: turn ${session.actions.length / 2 + 1} is not legal`);
      this.play(session, actions[i]!, actions[i + 1]!);
    }
  }

  private end(session: Session, why: string): void {
    this.sessions.delete(session.id);
    if (this.ended.size >= ENDED_KEPT) this.ended.delete(this.ended.keys().next().value!);
    this.ended.set(session.id, why);
  }

  /** Room for one more game: idle and finished games go first; a 503 when every game is in play. */
  private makeRoom(): void {
    const now = Date.now();
    for (const s of [...this.sessions.values()])
      if (now - s.lastSeen > IDLE_MS) this.end(s, `it was idle for more than ${IDLE_MS / 3600000} hours`);
    if (this.sessions.size < MAX_SESSIONS) return;
    const byIdle = [...this.sessions.values()].filter((s) => !s.busy).sort((a, b) => a.lastSeen - b.lastSeen);
    const finished = byIdle.find((s) => s.state.isOver());
    const idle = byIdle[0];
    if (finished) this.end(finished, 'it was over, and its room was needed for a new game');
    else if (idle && now - idle.lastSeen >= EVICT_IDLE_MS)
      this.end(
        idle,
        `the explorer holds ${MAX_SESSIONS} games at once and needed room for a new one; this game had been idle for ${Math.floor((now - idle.lastSeen) / 60_000)} minutes`,
      );
    else
      throw new HttpError(
        503,
        `the explorer already holds ${MAX_SESSIONS} games in progress, none idle for ${EVICT_IDLE_MS / 60_000} minutes; finish one, or try again later`,
      );
  }

  /**
   * `played/<name>` in the results folder, made now; `played` must be a real folder (no symbolic
   * link) inside the results folder, else the game is not saved and the state says why.
   */
  private savedDir(name: string): string {
    const played = join(this.root.real, 'played');
    const kind = lstatSync(played, { throwIfNoEntry: false });
    if (kind === undefined) mkdirSync(played);
    else if (!kind.isDirectory())
      throw new HttpError(
        409,
        `played is ${kind.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}; the explorer writes only into a real folder played/ inside the results folder`,
      );
    realInside(this.root, played);
    const dir = join(played, name);
    mkdirSync(dir);
    return dir;
  }

  private save(session: Session): void {
    const { request, game, deck, actions, state } = session;
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
    const name = `${stamp}-${session.id.slice(0, 8)}`;
    let dir: string;
    try {
      dir = this.savedDir(name);
    } catch (error) {
      session.notSaved = `the game was not saved: ${error instanceof HttpError ? error.message : (error as Error).message}`;
      return;
    }
    const scores = state.totals();
    const description = `played in carclab serve: seats ${request.seats.join(', ')}; seed ${request.seed}; final scores ${scores.join(' / ')}`;
    const file: PlayedGameFile = {
      format: 'carclab-played/1',
      players: request.players,
      expansions: request.expansions,
      rules: request.rules,
      seats: request.seats,
      seed: request.seed,
      deck: Array.from(deck, (t) => game.catalog.types[t]!.id),
      actions,
      scores,
    };
    writeJsonAtomic(join(dir, 'scenario.json'), scenarioOf(game, deck, actions, description));
    writeJsonAtomic(join(dir, 'game.json'), file);
    writeAtomic(join(dir, 'manifest.json'), `${JSON.stringify(playedManifest(request, description), null, 2)}\n`);
    session.saved = { scenario: `played/${name}/scenario.json`, run: `played/${name}` };
  }

  private view(session: Session): PlayState {
    const { state, game, request } = session;
    const over = state.isOver();
    const human = !over && session.agents[state.currentPlayer] === null;
    const { board, cells } = boardOf(state, session.actions.length ? 'last' : [], human ? legalActions(state) : []);
    return {
      id: session.id,
      seats: request.seats,
      turn: session.actions.length / 2 + 1,
      over,
      seat: state.currentPlayer,
      humanToMove: human,
      drawn: over ? null : game.catalog.types[state.drawn]!.id,
      drawnTile: over ? null : tileSvg(game.catalog.types[state.drawn]!, 0, DRAWN_SIZE),
      rules: rulesInForce(game),
      expansions: game.expansions.map((e) => e.title),
      tilesLeft: state.deck.length - state.deckPos,
      scores: state.totals(),
      meeplesLeft: Array.from(state.meeplesLeft),
      meepleKinds: game.meepleKinds.map((k) => k.name),
      board,
      legal: cells,
      log: session.log,
      final: over
        ? { scores: state.totals(), breakdown: Array.from({ length: game.players }, (_, p) => state.breakdown(p)) }
        : null,
      saved: session.saved,
      notSaved: session.notSaved,
    };
  }
}

/** The manifest of a played game, so that the explorer lists it as a run. */
function playedManifest(request: PlayRequest, description: string): object {
  return {
    format: 'carclab-played-manifest/1',
    status: 'complete',
    experiment: { name: 'played', description },
    seed: request.seed,
    deals: 1,
    rotation: 'none',
    games: { done: 1, total: 1 },
    keepGames: false,
    arms: [
      {
        name: 'played',
        players: request.players,
        expansions: request.expansions,
        agents: request.seats,
        rules: { explicit: request.rules },
      },
    ],
  };
}
