/**
 * A finished game as a scenario file (docs/scenarios.md), so `carclab replay` plays it again:
 * every tile in draw order — a discarded one without `"at"` — with its position, rotation, player and
 * follow-up. A meeple names its segment by kind and the tile file's segment name (`road:r1`), which
 * fits any tile; an expansion's follow-up is written with that expansion's own turn key (`"tollhouse":
 * [x, y]`): the key and position are the ones its `parseFollowUp` reads back as the same action.
 */
import { ACTION_BLOCK, FOLLOW_NOTHING, SEGMENT_KINDS, followUpKind, followUpSegment } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import type { Scenario, ScenarioTurn } from '../engine/scenario.ts';

/** The scenario turn key and value of an expansion's follow-up `action` in `state` (phase FOLLOW). */
function expansionFollowUp(state: State, action: number): [string, [number, number]] {
  const game = state.game;
  const k = ((action / ACTION_BLOCK) | 0) - 1;
  const hooks = game.hooks[k]!;
  for (const key of game.expansions[k]!.scenarioKeys ?? []) {
    for (let placed = 0; placed < state.placedCount; placed++) {
      const cell = state.placedCell[placed]!;
      const at: [number, number] = [game.xOf(cell), game.yOf(cell)];
      try {
        if (hooks.parseFollowUp?.(state, { [key]: at }, '') === action) return [key, at];
      } catch {
        // not a position this key accepts
      }
    }
  }
  throw new Error(`follow-up ${state.actionToString(action)} of ${game.expansions[k]!.name} has no scenario form`);
}

/** The scenario of a game played from `deck` with `actions` (placement and follow-up per turn). */
export function scenarioOf(
  game: Game,
  deck: Int16Array,
  actions: readonly number[],
  description: string,
): Scenario & { description: string } {
  const id = (type: number) => game.catalog.types[type]!.id;
  const turns: ScenarioTurn[] = [];
  const state = game.newState(deck);
  let consumed = 0;
  const discardedUpTo = (end: number) => {
    for (; consumed < end; consumed++) turns.push({ tile: id(deck[consumed]!) });
  };
  for (let i = 0; i + 1 < actions.length; i += 2) {
    discardedUpTo(state.deckPos - 1);
    const placement = actions[i]!;
    const cell = (placement / 4) | 0;
    const turn: ScenarioTurn = {
      tile: id(state.drawn),
      at: [game.xOf(cell), game.yOf(cell)],
      rotation: (placement & 3) * 90,
      player: state.currentPlayer,
    };
    consumed = state.deckPos;
    state.apply(placement);
    const followUp = actions[i + 1]!;
    if (followUp >= ACTION_BLOCK) {
      const [key, at] = expansionFollowUp(state, followUp);
      turn[key] = at;
    } else if (followUp !== FOLLOW_NOTHING) {
      const segment = state.typeOf(state.lastPlaced).segments[followUpSegment(followUp)]!;
      turn.meeple = `${SEGMENT_KINDS[segment.kind]}:${segment.name}`;
      const kind = followUpKind(followUp);
      if (kind !== 0) turn.meepleKind = game.meepleKinds[kind]!.name;
    }
    state.apply(followUp);
    turns.push(turn);
  }
  discardedUpTo(deck.length);
  const scenario: Scenario & { description: string } = { description, players: game.players, turns };
  if (game.expansions.length) scenario.expansions = game.expansions.map((e) => e.name);
  if (Object.keys(game.explicitRules).length) scenario.rules = { ...game.explicitRules };
  return scenario;
}
