/**
 * Games played in the explorer. A session holds one game in memory: the seats (`human` or an agent
 * spec from the registry), the state and the actions so far. A human's move arrives whole (placement
 * and follow-up) and is checked before anything changes; then the agents answer until a human is to
 * move or the game is over. A finished game is saved under `played/<id>/` in the results folder —
 * `scenario.json` (for `carclab replay`), `game.json` (deck and actions, for the game view) and a
 * `manifest.json` so the explorer lists it as a run; nothing else there is ever written. A session
 * left by a closed tab stays until it has been idle for `IDLE_MS`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, MAX_ACTIONS_HINT, MAX_PLAYERS, MIN_PLAYERS } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { checkForbidden, createAgent, parseAgentSpec } from '../agents/index.ts';
import type { Agent } from '../agents/index.ts';
import { renderBoard } from '../charts/board/index.ts';
import { Dealer } from '../sim/deal.ts';
import { makeRng } from '../sim/rng.ts';
import { writeAtomic, writeJsonAtomic } from '../run/files.ts';
import type { LegalCell, PlayedGameFile, PlayPreview, PlayRequest, PlayState } from './api-types.ts';
import { playedGameSetup } from './games.ts';
import { HttpError } from './http.ts';
import { scenarioOf } from './scenario-file.ts';

const IDLE_MS = 2 * 3600 * 1000;
const MAX_SESSIONS = 64;
const TILE_SIZE = 64;

interface Session {
  readonly id: string;
  readonly request: PlayRequest;
  readonly game: Game;
  readonly deck: Int16Array;
  readonly state: State;
  readonly agents: (Agent | null)[];
  readonly actions: number[];
  log: string[];
  lastSeen: number;
  saved: { scenario: string; run: string } | null;
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

export class PlayRoom {
  private readonly sessions = new Map<string, Session>();

  /** `root`: the results folder; finished games go to `root/played/`. */
  constructor(private readonly root: string) {}

  start(request: PlayRequest): PlayState {
    this.expire();
    const game = playedGameSetup(request.players, request.expansions, request.rules);
    const agents = request.seats.map((seat, s) => {
      if (seat === 'human') return null;
      try {
        const spec = parseAgentSpec(seat, `seat ${s}`);
        checkForbidden(spec, game, `seat ${s}`);
        return createAgent(spec, makeRng(request.seed, 0, s));
      } catch (error) {
        if (error instanceof InputError) throw new HttpError(400, error.message);
        throw error;
      }
    });
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
      saved: null,
    };
    this.sessions.set(session.id, session);
    this.agentsMove(session);
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
    return {
      board: boardOf(placed, 'last').board,
      followUps: legalActions(placed).map((action) => ({ action, label: placed.actionToString(action) })),
    };
  }

  /** A human's move; then the agents answer. Nothing changes when either half is illegal. */
  move(id: string, placement: unknown, followUp: unknown): PlayState {
    const session = this.session(id);
    this.checkHumanToMove(session);
    const trial = session.state.clone();
    if (!Number.isInteger(placement) || !legalActions(trial).includes(placement as number))
      throw new HttpError(400, `"placement" ${JSON.stringify(placement)} is not a legal placement now`);
    trial.apply(placement as number);
    if (!Number.isInteger(followUp) || !legalActions(trial).includes(followUp as number))
      throw new HttpError(400, `"followUp" ${JSON.stringify(followUp)} is not a legal follow-up of that placement`);
    session.log = [];
    this.play(session, placement as number, () => followUp as number);
    this.agentsMove(session);
    return this.view(session);
  }

  private session(id: string): Session {
    const session = this.sessions.get(id);
    if (!session)
      throw new HttpError(
        404,
        `no game ${JSON.stringify(id)} (finished games are saved; unfinished ones end after ${IDLE_MS / 3600000} idle hours or a restart)`,
      );
    session.lastSeen = Date.now();
    return session;
  }

  private checkHumanToMove(session: Session): void {
    if (session.state.isOver()) throw new HttpError(409, 'the game is over');
    if (session.agents[session.state.currentPlayer] !== null) throw new HttpError(409, "it is an agent's turn");
  }

  /** Plays a placement, then the follow-up `followUpOf` picks for the placed tile. */
  private play(session: Session, placement: number, followUpOf: (state: State) => number): void {
    const { state } = session;
    const text = `P${state.currentPlayer}: ${state.actionToString(placement)}`;
    state.apply(placement);
    const followUp = followUpOf(state);
    session.log.push(`${text}, ${state.actionToString(followUp)}`);
    state.apply(followUp);
    session.actions.push(placement, followUp);
    if (state.isOver()) this.save(session);
  }

  /** The agents play (on the game's own state, as in a run) until a human is to move or the game ends. */
  private agentsMove(session: Session): void {
    const { state } = session;
    const legal = new Int32Array(MAX_ACTIONS_HINT);
    while (!state.isOver()) {
      const agent = session.agents[state.currentPlayer];
      if (!agent) return;
      this.play(session, agent.choose(state, legal, state.legalActions(legal)), () =>
        agent.choose(state, legal, state.legalActions(legal)),
      );
    }
  }

  private save(session: Session): void {
    const { request, game, deck, actions, state } = session;
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
    const name = `${stamp}-${session.id.slice(0, 8)}`;
    const dir = join(this.root, 'played', name);
    mkdirSync(dir, { recursive: true });
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
    writeAtomic(
      join(dir, 'manifest.json'),
      `${JSON.stringify(
        {
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
        },
        null,
        2,
      )}\n`,
    );
    session.saved = { scenario: `played/${name}/scenario.json`, run: `played/${name}` };
  }

  private expire(): void {
    const now = Date.now();
    for (const [id, s] of this.sessions) if (now - s.lastSeen > IDLE_MS) this.sessions.delete(id);
    while (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
  }

  private view(session: Session): PlayState {
    const { state, game, request } = session;
    const over = state.isOver();
    const { board, cells } = boardOf(state, session.actions.length ? 'last' : []);
    const human = !over && session.agents[state.currentPlayer] === null;
    return {
      id: session.id,
      seats: request.seats,
      turn: session.actions.length / 2 + 1,
      over,
      seat: state.currentPlayer,
      humanToMove: human,
      drawn: over ? null : game.catalog.types[state.drawn]!.id,
      tilesLeft: state.deck.length - state.deckPos,
      scores: state.totals(),
      meeplesLeft: Array.from(state.meeplesLeft),
      meepleKinds: game.meepleKinds.map((k) => k.name),
      board,
      legal: human ? cells(legalActions(state)) : [],
      log: session.log,
      final: over
        ? { scores: state.totals(), breakdown: Array.from({ length: game.players }, (_, p) => state.breakdown(p)) }
        : null,
      saved: session.saved,
    };
  }
}

function legalActions(state: State): number[] {
  const out = new Int32Array(MAX_ACTIONS_HINT);
  return Array.from(out.subarray(0, state.legalActions(out)));
}

/** The board picture (no legend: the page shows the scores) and where each legal placement's cell lies in it. */
function boardOf(
  state: State,
  highlight: 'last' | number[],
): { board: PlayState['board']; cells: (placements: number[]) => LegalCell[] } {
  const game = state.game;
  const picture = renderBoard(state, { tileSize: TILE_SIZE, legend: false, highlight });
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  for (let i = 0; i < state.placedCount; i++) {
    minX = Math.min(minX, game.xOf(state.placedCell[i]!));
    maxX = Math.max(maxX, game.xOf(state.placedCell[i]!));
    minY = Math.min(minY, game.yOf(state.placedCell[i]!));
  }
  // The renderer's margin around the tiles, read back from the picture's size.
  const margin = (picture.board.width - (maxX - minX + 1) * TILE_SIZE) / 2;
  const cells = (placements: number[]): LegalCell[] => {
    const byCell = new Map<number, LegalCell>();
    for (const action of placements) {
      const cell = (action / 4) | 0;
      let entry = byCell.get(cell);
      if (!entry) {
        const x = game.xOf(cell);
        const y = game.yOf(cell);
        entry = { x, y, left: margin + (x - minX) * TILE_SIZE, top: margin + (y - minY) * TILE_SIZE, rotations: [] };
        byCell.set(cell, entry);
      }
      entry.rotations.push({ rotation: (action & 3) * 90, action });
    }
    return [...byCell.values()];
  };
  return { board: { svg: picture.svg, width: picture.width, height: picture.height, tileSize: TILE_SIZE }, cells };
}
