/**
 * Scenario files (docs/scenarios.md): JSON that places given tiles in order, for rules
 * tests and bug reports. `replayScenario` checks every turn and throws an `InputError` naming the
 * turn and the reason for the first illegal one. Pure: the caller reads the file and passes the
 * expansion registry.
 */
import type { TileSource } from './catalog/index.ts';
import { SEGMENT_KINDS } from './catalog/types.ts';
import { ACTION_BLOCK } from './constants.ts';
import { InputError, rejectUnknownKeys, suggestion } from './errors.ts';
import type { EventSink } from './events.ts';
import type { ExpansionRegistry } from './expansion.ts';
import { scoreSourcesOf, tileFieldsOf } from './prepare.ts';
import { HALF_EDGE_PORT, SIDES, centrePort, isRotation, rotatePort } from './geometry.ts';
import type { HalfEdge } from './geometry.ts';
import { PHASE_PLACE } from './constants.ts';
import { FOLLOW_MEEPLE, FOLLOW_NOTHING, Game, State, followUpKind, followUpSegment, meepleFollowUp } from './state.ts';

export interface ScenarioTurn {
  tile: string;
  /** Omitted for a tile that has no legal placement (it must then be discarded). */
  at?: [number, number];
  rotation?: number;
  meeple?: string;
  /** The kind of the turn's meeple (`GameSetup.meepleKinds`, e.g. `big`); the plain meeple when absent. */
  meepleKind?: string;
  player?: number;
  [expansionKey: string]: unknown;
}

export interface Scenario {
  players: number;
  expansions?: string[];
  rules?: Record<string, unknown>;
  /** Designer tile files (`carclab-tiles/1`) added to the catalog: paths (relative to the scenario file) or inline objects. */
  tiles?: string | Record<string, unknown> | (string | Record<string, unknown>)[];
  start?: { tile: string; rotation?: number };
  turns: ScenarioTurn[];
}

/** Scores and breakdowns (every registered score source, 0 when not in the game), then every registered expansion's summary keys (null when not in the game). */
export interface ReplayResult {
  scores: number[];
  breakdown: Record<string, number>[];
  [expansionKey: string]: unknown;
}

export interface ReplayOptions {
  /** Stop before final scoring (`--no-final`). */
  noFinal?: boolean;
  sink?: EventSink;
  /** Named in error messages (a file path). */
  where?: string;
  /**
   * Reads a designer tile file a scenario names by path (the caller resolves it, e.g. relative to the
   * scenario file, and names it in its `where`). Without it, only inline tile files are accepted.
   */
  readTileFile?: (path: string) => TileSource;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys of a scenario; `description`, `rule`, `sketch` and `expect` are notes for readers and tests. */
const SCENARIO_KEYS = [
  'players',
  'expansions',
  'rules',
  'tiles',
  'start',
  'turns',
  'description',
  'rule',
  'sketch',
  'expect',
];
const START_KEYS = ['tile', 'rotation'];
const TURN_KEYS = ['tile', 'at', 'rotation', 'meeple', 'meepleKind', 'player'];

/** Builds the game a scenario describes (players, expansions by name, rules, designer tile files). */
export function scenarioGame(
  raw: unknown,
  registry: ExpansionRegistry,
  where = 'scenario',
  readTileFile?: ReplayOptions['readTileFile'],
): { game: Game; scenario: Scenario } {
  const fail = (message: string): never => {
    throw new InputError('scenario', `${where}: ${message}`);
  };
  if (!isObject(raw)) fail('a scenario must be a JSON object');
  rejectUnknownKeys(raw as Record<string, unknown>, SCENARIO_KEYS, 'scenario', where);
  const scenario = raw as unknown as Scenario;
  if (!Array.isArray(scenario.turns)) fail('"turns" must be an array');
  const names = scenario.expansions ?? [];
  if (!Array.isArray(names)) fail('"expansions" must be an array of names');
  const expansions = names.map((name) => {
    const e = registry.get(name);
    if (!e)
      throw new InputError(
        'expansion',
        `${where}: unknown expansion ${JSON.stringify(name)}${suggestion(String(name), [...registry.keys()])}`,
      );
    return e;
  });
  if (scenario.rules !== undefined && !isObject(scenario.rules)) fail('"rules" must be an object');
  const refs = scenario.tiles === undefined ? [] : Array.isArray(scenario.tiles) ? scenario.tiles : [scenario.tiles];
  const extraTiles = refs.map((ref, i): TileSource => {
    if (isObject(ref)) return { data: ref, where: `${where}: tiles[${i}]` };
    if (typeof ref !== 'string')
      return fail(`"tiles" must be a tile file path or object, or a list of them; got ${JSON.stringify(ref)}`);
    if (!readTileFile)
      return fail(
        `"tiles" names the file ${JSON.stringify(ref)}, but this replay reads no files: give the tile file inline`,
      );
    return readTileFile(ref);
  });
  const game = new Game(
    {
      players: scenario.players,
      expansions,
      rules: scenario.rules ?? {},
      extraTiles,
      tileFields: tileFieldsOf([registry.base, ...registry.values()]),
      where,
    },
    registry.base,
  );
  return { game, scenario };
}

/** Plays a scenario and returns the scores (after final scoring unless `noFinal`). */
export function replayScenario(raw: unknown, registry: ExpansionRegistry, options: ReplayOptions = {}): ReplayResult {
  return replayResult(replayState(raw, registry, options), registry);
}

/** Plays a scenario and returns the final state (for statistics and pictures). */
export function replayState(raw: unknown, registry: ExpansionRegistry, options: ReplayOptions = {}): State {
  const where = options.where ?? 'scenario';
  const { game, scenario } = scenarioGame(raw, registry, where, options.readTileFile);
  // The board and the engine's per-tile arrays are sized for the game's deck plus the start tile.
  if (scenario.turns.length > game.maxTiles - 1) {
    throw new InputError(
      'scenario',
      `${where}: ${scenario.turns.length} turns, but a game of these expansions has at most ${game.maxTiles - 1} tiles after the start tile`,
    );
  }
  const turnKeys = [...TURN_KEYS, ...game.expansions.flatMap((e) => e.scenarioKeys ?? [])];
  const deck = scenario.turns.map((turn, i) => {
    if (!isObject(turn)) throw new InputError('scenario', `${where}: turn ${i + 1}: must be an object`);
    checkTurnKeys(turn, turnKeys, registry, `${where}: turn ${i + 1}`);
    if (typeof turn.tile !== 'string' || !game.catalog.has(turn.tile)) {
      throw new InputError('scenario', `${where}: turn ${i + 1}: unknown tile ${JSON.stringify(turn.tile)}`);
    }
    const type = game.catalog.indexOf(turn.tile);
    if (!game.admits(type))
      throw new InputError(
        'scenario',
        `${where}: turn ${i + 1}: tile ${turn.tile} is not used with these rules (e.g. another edition's tile)`,
      );
    return type;
  });
  let startType = game.startType;
  let startRotation = 0;
  if (scenario.start !== undefined) {
    if (
      !isObject(scenario.start) ||
      typeof scenario.start.tile !== 'string' ||
      !game.catalog.has(scenario.start.tile)
    ) {
      throw new InputError('scenario', `${where}: "start" must be {"tile": <tile id>, "rotation": 0|90|180|270}`);
    }
    rejectUnknownKeys(scenario.start, START_KEYS, 'scenario', `${where}: "start"`);
    startType = game.catalog.indexOf(scenario.start.tile);
    const r = scenario.start.rotation ?? 0;
    if (!isRotation(r)) throw new InputError('scenario', `${where}: "start".rotation must be 0, 90, 180 or 270`);
    startRotation = r / 90;
  }
  const state = State.start(game, Int16Array.from(deck), startType, startRotation, true);
  state.sink = options.sink;
  scenario.turns.forEach((turn, i) => {
    playTurn(state, turn, i, where);
  });
  if (!state.isOver()) throw new Error('unreachable: every scenario tile was drawn');
  if (!options.noFinal) state.finalScoring();
  return state;
}

/** A turn's keys: the base ones, the chosen expansions' own; another expansion's key names it. */
function checkTurnKeys(
  turn: Record<string, unknown>,
  known: readonly string[],
  registry: ExpansionRegistry,
  where: string,
): void {
  for (const key of Object.keys(turn)) {
    if (known.includes(key)) continue;
    const owner = [...registry.values()].find((e) => e.scenarioKeys?.includes(key));
    if (owner)
      throw new InputError(
        'scenario',
        `${where}: ${JSON.stringify(key)} belongs to the ${owner.name} expansion, which this scenario's "expansions" does not list`,
      );
    rejectUnknownKeys({ [key]: true }, known, 'scenario', where);
  }
}

function playTurn(state: State, turn: ScenarioTurn, i: number, where: string): void {
  const game = state.game;
  const label = `${where}: turn ${i + 1} (${turn.tile}${Array.isArray(turn.at) ? ` at (${turn.at.join(',')})` : ''})`;
  const fail = (message: string): never => {
    throw new InputError('illegal-turn', `${label}: ${message}`);
  };
  // The engine has drawn deck[i] unless it discarded it (no legal placement anywhere).
  const discarded = state.isOver() || state.deckPos > i + 1;
  if (turn.at === undefined) {
    if (!discarded) fail('the tile has a legal placement, so the turn must give "at" and "rotation"');
    return;
  }
  if (discarded) fail('the tile has no legal placement anywhere, so it is discarded: leave out "at"');
  if (state.phase !== PHASE_PLACE) throw new Error('unreachable: expected a placement');
  const player = turn.player ?? i % game.players;
  if (!Number.isInteger(player) || player < 0 || player >= game.players)
    fail(`"player" must be 0 to ${game.players - 1}`);
  state.setCurrentPlayer(player);

  const at = turn.at;
  if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isInteger))
    fail('"at" must be [x, y] with whole numbers');
  const [x, y] = at;
  const rotation = turn.rotation ?? 0;
  if (!isRotation(rotation)) fail('"rotation" must be 0, 90, 180 or 270');
  if (!game.onGrid(x, y)) fail('position is off the board');
  const placement = game.cellOf(x, y) * 4 + rotation / 90;
  if (!state.isLegal(placement)) fail(placementProblem(state, x, y, rotation / 90));
  state.apply(placement);

  const followUp = parseFollowUp(state, turn, `${label}: `, fail);
  if (!state.isLegal(followUp)) fail(followUpProblem(state, followUp));
  state.apply(followUp);
}

/** Why a placement is illegal, in words. */
function placementProblem(state: State, x: number, y: number, rot: number): string {
  if (state.tileAt(x, y) >= 0) return 'that position already holds a tile';
  const type = state.drawn;
  let neighbours = 0;
  for (let side = 0; side < 4; side++) {
    const dx = [0, 1, 0, -1][side]!;
    const dy = [-1, 0, 1, 0][side]!;
    const k = state.tileAt(x + dx, y + dy);
    if (k < 0) continue;
    neighbours++;
    const mine = state.game.sideEdge[(type * 4 + rot) * 4 + side];
    const theirs = state.game.sideEdge[state.orientation(k) * 4 + ((side + 2) % 4)];
    if (mine !== theirs) {
      const name = (e: number | undefined) => ['', 'field', 'road', 'city'][e ?? 0];
      return `its ${SIDES[side]} edge (${name(mine)}) does not match the ${name(theirs)} of the neighbouring tile`;
    }
  }
  return neighbours === 0 ? 'the position touches no placed tile' : 'illegal placement';
}

function parseFollowUp(state: State, turn: ScenarioTurn, prefix: string, fail: (m: string) => never): number {
  let action: number | undefined;
  for (const h of state.game.hooks) {
    const own = h.parseFollowUp?.(state.hooksView, turn, prefix);
    if (own !== undefined) {
      if (action !== undefined || turn.meeple !== undefined)
        fail('a turn takes one follow-up: a meeple or an expansion action, not both');
      action = own;
    }
  }
  if (action !== undefined) return action;
  if (turn.meeple === undefined) {
    if (turn.meepleKind !== undefined) fail('"meepleKind" needs a "meeple"');
    return FOLLOW_NOTHING;
  }
  if (turn.meepleKind !== undefined && typeof turn.meepleKind !== 'string')
    fail('"meepleKind" must be a string such as "big"');
  const names = state.game.meepleKinds.map((k) => k.name);
  const kind = turn.meepleKind === undefined ? 0 : names.indexOf(turn.meepleKind);
  if (kind < 0)
    fail(
      `unknown meeple kind ${JSON.stringify(turn.meepleKind)}; this game has ${names.join(', ')}${suggestion(turn.meepleKind!, names)}`,
    );
  return meepleFollowUp(kind, meepleSegment(state, turn.meeple, fail));
}

/** The segment of the just-placed tile a meeple spec names: `road`, `road:E`, `field:Ne`, `field:f2`. */
function meepleSegment(state: State, spec: unknown, fail: (m: string) => never): number {
  if (typeof spec !== 'string') return fail('"meeple" must be a string such as "road" or "field:Ne"');
  const [kindName, where] = spec.split(':');
  const kind = SEGMENT_KINDS.indexOf(kindName as (typeof SEGMENT_KINDS)[number]);
  if (kind < 0) fail(`"meeple" kind must be one of ${SEGMENT_KINDS.join(', ')}, got ${JSON.stringify(kindName)}`);
  const placed = state.lastPlaced;
  const type = state.typeOf(placed);
  const rot = state.placedRot[placed]!;
  const candidates = type.segments.map((seg, s) => ({ seg, s })).filter(({ seg }) => seg.kind === kind);
  if (candidates.length === 0) fail(`tile ${type.id} has no ${kindName}`);
  if (where === undefined) {
    if (candidates.length > 1)
      fail(
        `tile ${type.id} has ${candidates.length} ${kindName} segments; name one, e.g. "${kindName}:${kind === 2 ? 'Ne' : 'E'}"`,
      );
    return candidates[0]!.s;
  }
  let boardPort: number | undefined;
  if ((SIDES as readonly string[]).includes(where))
    boardPort = centrePort(SIDES.indexOf(where as (typeof SIDES)[number]));
  else if (where in HALF_EDGE_PORT) boardPort = HALF_EDGE_PORT[where as HalfEdge];
  if (boardPort !== undefined) {
    const printed = rotatePort(boardPort, (4 - rot) % 4);
    const hit = candidates.find(({ seg }) => seg.ports.includes(printed));
    if (!hit) fail(`tile ${type.id} has no ${kindName} at ${where} (board orientation)`);
    return hit!.s;
  }
  const named = candidates.find(({ seg }) => seg.name === where);
  if (!named)
    fail(
      `"${spec}": name an edge (N E S W), a half-edge (Nw Ne En Es Se Sw Ws Wn) or a segment (${candidates.map((c) => c.seg.name).join(', ')})`,
    );
  return named!.s;
}

function followUpProblem(state: State, action: number): string {
  if (action >= FOLLOW_MEEPLE && action < ACTION_BLOCK) {
    const kind = followUpKind(action);
    if (state.meeplesLeft[kind * state.game.players + state.currentPlayer] === 0)
      return `player ${state.currentPlayer} has no ${kind !== 0 ? `${state.game.meepleKinds[kind]!.name} ` : ''}meeple left`;
    const game = state.game;
    const segment = state.typeIndexOf(state.lastPlaced) * game.segmentsPerTile + followUpSegment(action);
    if (game.meepleSpots[segment] === 0) return `${state.actionToString(action)}: not allowed by these rules`;
    return `${state.actionToString(action)}: the feature is already occupied`;
  }
  return `${state.actionToString(action)} is not allowed now`;
}

/**
 * Scores and expansion summaries of a state, in the replay output shape: every score source of the
 * registry is in each breakdown (0 when not in the game), and every expansion of the registry has
 * its `summaryKeys` in the output, in alphabetical order, null when it is not in the game.
 */
export function replayResult(state: State, registry: ExpansionRegistry): ReplayResult {
  const players = Array.from({ length: state.game.players }, (_, p) => p);
  const sources = scoreSourcesOf([registry.base, ...registry.values()]);
  const result: ReplayResult = {
    scores: players.map((p) => state.score(p)),
    breakdown: players.map((p) => {
      const own = state.breakdown(p);
      return Object.fromEntries(sources.map((name) => [name, own[name] ?? 0]));
    }),
  };
  const keys = [...registry.values()].flatMap((e) => e.summaryKeys ?? []).sort();
  for (const key of keys) result[key] = null;
  for (const h of state.game.hooks) Object.assign(result, h.summary?.(state.hooksView));
  return result;
}
