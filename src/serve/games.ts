/**
 * One game as the explorer shows it: a `GameRecord` (the game setup, the deck in draw order and
 * every action played) from a run's plan — any arm, deal and rotation, replayed from the seed as
 * `carclab show` does (the engine replays a deal exactly) — or from a game played in the explorer
 * (`played.ts`, which checks it move by move).
 * Records are kept in a small cache, so stepping through a search agent's game replays it once.
 * `gameView` replays a record with an event sink and the rule-aware evaluation: per turn the
 * changes, the scores and each seat's expected lead.
 */
import { InputError, MAX_ACTIONS_HINT, writtenValue } from '../engine/index.ts';
import type { Game, GameEvent, State } from '../engine/index.ts';
import { expansionRegistry, newGame } from '../expansions/index.ts';
import type { AgentSpec } from '../agents/index.ts';
import { agentDefinition } from '../agents/registry.ts';
import { DEFAULT_WEIGHTS, Evaluator } from '../agents/evaluation/evaluation.ts';
import type { Weights } from '../agents/evaluation/evaluation.ts';
import { armSetups, playerInSeat, rotationsOf, seatAgents } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import type { GameView, TurnChange, TurnView } from './api-types.ts';
import { HttpError } from './http.ts';

/** Where a game comes from, as plain data: a deal of a run's plan, or a game played in the explorer. */
export type RecordOrigin =
  | { kind: 'plan'; plan: Plan; arm: number; deal: number; rotation: number }
  | {
      kind: 'played';
      players: number;
      expansions: string[];
      rules: Record<string, string | number>;
      /** `human` or an agent spec per seat. */
      seats: string[];
      seed: string;
    };

export interface GameRecord {
  readonly title: string;
  readonly game: Game;
  readonly deck: Int16Array;
  readonly actions: readonly number[];
  /** Per seat: its label and its agent (null for a human). */
  readonly seats: readonly { label: string; agent: AgentSpec | null }[];
  /** Where it comes from, as plain data (an agent thread makes the game again from it: `explain.ts`). */
  readonly origin: RecordOrigin;
}

const CACHE_SIZE = 32;
const cache = new Map<string, GameRecord>();

/** The record of `key`, made once and kept among the most recently used. */
export function cached(key: string, make: () => GameRecord): GameRecord {
  let record = cache.get(key);
  if (record) {
    cache.delete(key); // most recently used last
  } else {
    record = make();
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, record);
  return record;
}

/** An agent spec as people write it: the name and only the parameters that differ from their defaults. */
export function shortSpec(spec: AgentSpec): string {
  const definition = agentDefinition(spec.name);
  const changed = (definition?.params ?? [])
    .filter((p) => spec.params[p.name] !== writtenValue(p.default))
    .map((p) => `${p.name}=${String(spec.params[p.name])}`);
  return changed.length ? `${spec.name}:${changed.join(',')}` : spec.name;
}

/** The arm index named by `arm` (a name or an index) in a plan. */
export function armIndex(plan: Plan, arm: string): number {
  const byName = plan.arms.findIndex((a) => a.name === arm);
  if (byName >= 0) return byName;
  if (/^\d+$/.test(arm) && Number(arm) < plan.arms.length) return Number(arm);
  throw new HttpError(400, `no arm ${JSON.stringify(arm)}; arms: ${plan.arms.map((a) => a.name).join(', ')}`);
}

/** The rotation played in a deal (the first, with rotation "all"), unless `rotation` names one. */
export function rotationOf(plan: Plan, arm: number, deal: number, rotation: number | undefined): number {
  const players = plan.arms[arm]!.players;
  if (rotation === undefined) return rotationsOf(plan.rotation, players, deal)[0]!;
  if (rotation >= players) throw new HttpError(400, `"rotation" must be 0 to ${players - 1}`);
  return rotation;
}

/**
 * Plays (arm, deal, rotation) of a plan from its seed, the same construction as `runShard`: the
 * arm's deal, lineup player i streamed from (seed, deal, i) in seat (i + rotation) mod P.
 * `onAction` sees each action before it is applied.
 */
export function playDeal(
  plan: Plan,
  arm: number,
  deal: number,
  rotation: number,
  onAction?: (action: number) => void,
): { state: State; deck: Int16Array } {
  const setup = armSetups(plan)[arm]!;
  const deck = Int16Array.from(setup.dealer.deal(plan.seed, deal));
  const state = setup.game.newState(deck);
  const agents = seatAgents(setup, plan.seed, deal, rotation);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  while (!state.isOver()) {
    const n = state.legalActions(legal);
    const action = agents[state.currentPlayer]!.choose(state, legal, n);
    onAction?.(action);
    state.apply(action);
  }
  return { state, deck };
}

/** The game of (arm, deal, rotation) of a run, as a record. */
export function planGame(runPath: string, plan: Plan, arm: number, deal: number, rotation: number): GameRecord {
  if (deal < 0 || deal >= plan.deals) throw new HttpError(400, `"deal" must be 0 to ${plan.deals - 1}`);
  return cached(`${runPath}\0${JSON.stringify(plan)}\0${arm}\0${deal}\0${rotation}`, () => {
    const setup = armSetups(plan)[arm]!;
    const players = setup.game.players;
    const actions: number[] = [];
    const { deck } = playDeal(plan, arm, deal, rotation, (action) => actions.push(action));
    const seats = Array.from({ length: players }, (_, s) => {
      const agent = setup.agents[playerInSeat(s, rotation, players)]!;
      return { label: `P${s} (${shortSpec(agent)})`, agent };
    });
    return {
      title: `${plan.experiment}: arm ${setup.arm.name}, deal ${deal}, rotation ${rotation}`,
      game: setup.game,
      deck,
      actions,
      seats,
      origin: { kind: 'plan', plan, arm, deal, rotation },
    };
  });
}

/** The game setup of a played game's settings; bad settings are a 400 naming them. */
export function playedGameSetup(players: number, expansions: readonly string[], rules: Record<string, unknown>): Game {
  try {
    const chosen = expansions.map((name) => {
      const expansion = expansionRegistry.get(name);
      if (!expansion)
        throw new InputError(
          'expansion',
          `unknown expansion ${JSON.stringify(name)}; known: ${[...expansionRegistry.keys()].join(', ')}`,
        );
      return expansion;
    });
    return newGame({ players, expansions: chosen, rules, where: 'game settings' });
  } catch (error) {
    if (error instanceof InputError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** Turns of a record (a turn is a placement and its follow-up). */
export const turnCount = (record: GameRecord): number => Math.floor(record.actions.length / 2);

/** The state after the first `turns` turns (0: the start tile and the first draw). */
export function stateAfter(record: GameRecord, turns: number, sink?: (event: GameEvent) => void): State {
  const state = record.game.newState(record.deck);
  state.sink = sink;
  for (let i = 0; i < 2 * turns; i++) state.apply(record.actions[i]!);
  return state;
}

/** The evaluation weights of an agent spec (its `meepleCost`, `farmerCost`, `emptyHand` when it has them). */
export function weightsOf(agent: AgentSpec | null): Weights {
  const p = agent?.params ?? {};
  const num = (name: keyof Weights) => (typeof p[name] === 'number' ? (p[name] as number) : DEFAULT_WEIGHTS[name]);
  return { meepleCost: num('meepleCost'), farmerCost: num('farmerCost'), emptyHand: num('emptyHand') };
}

function changeOf(event: GameEvent, game: Game): TurnChange | undefined {
  switch (event.type) {
    case 'tilePlaced':
      return { kind: 'placed', tile: event.tile, x: event.x, y: event.y, rotation: event.rotation };
    case 'tileDiscarded':
      return { kind: 'discarded', tile: event.tile };
    case 'meeplePlaced':
      return {
        kind: 'meeple',
        feature: event.feature,
        segment: event.segment,
        ...(event.meepleKind ? { meepleKind: event.meepleKind } : {}),
      };
    case 'featureScored':
      return {
        kind: 'scored',
        feature: event.kind,
        tiles: event.tiles,
        meeples: event.meeples,
        points: event.points,
        winners: event.winners,
        final: event.final,
      };
    case 'fieldScored':
      return { kind: 'field', cities: event.cities, points: event.points, winners: event.winners };
    case 'expansion': {
      const kind = game.expansions.find((x) => x.name === event.expansion)?.events?.[event.kind];
      return { kind: 'expansion', expansion: event.expansion, text: kind ? kind.text(event.data) : event.kind };
    }
    case 'gameOver':
      return undefined;
  }
}

/** The record turn by turn: changes, scores and expected leads after each turn, and the final breakdown. */
export function gameView(record: GameRecord): GameView {
  const changes: TurnChange[] = [];
  const state = stateAfter(record, 0, (event) => {
    const change = changeOf(event, record.game);
    if (change) changes.push(change);
  });
  const evaluator = new Evaluator(record.game);
  const players = record.game.players;
  const turns: TurnView[] = [];
  for (let t = 0; t < turnCount(record); t++) {
    const seat = state.currentPlayer;
    changes.length = 0;
    state.apply(record.actions[2 * t]!);
    const followUp = state.actionToString(record.actions[2 * t + 1]!);
    state.apply(record.actions[2 * t + 1]!);
    // Once the game is over the scores are all there is to expect.
    const expected = state.isOver() ? state.totals() : evaluator.totals(state);
    const expectedLead = Array.from({ length: players }, (_, p) => {
      let best = -Infinity;
      for (let q = 0; q < players; q++) if (q !== p) best = Math.max(best, expected[q]!);
      return Math.round((expected[p]! - best) * 100) / 100;
    });
    turns.push({ turn: t + 1, seat, changes: [...changes], followUp, scores: state.totals(), expectedLead });
  }
  return {
    title: record.title,
    seats: record.seats.map((s, seat) => ({ seat, label: s.label })),
    expansions: record.game.expansions.map((e) => e.name),
    rules: { ...record.game.explicitRules } as Record<string, string | number>,
    turns,
    final: { scores: state.totals(), breakdown: Array.from({ length: players }, (_, p) => state.breakdown(p)) },
  };
}
