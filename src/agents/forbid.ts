/**
 * Restricted play (Jaffe, Miller, Andersen, Liu, Karlin, Popović, "Evaluating competitive game
 * balance with restricted play", AIIDE 2012): every agent spec takes `forbid=` a `+`-separated list of
 * mechanics (`greedy:forbid=farmers+tollhouses`), those the rule modules declare (`Expansion.mechanics`).
 * A forbidden agent never chooses a follow-up that uses one — neither in the game nor for its own turns
 * in its searches, rollouts and look-aheads; it models the other players unrestricted.
 *
 *   parseForbid(raw, fail)             → the names in the modules' declaration order (the canonical spec's)
 *   checkForbidden(spec, game, where)  → InputError unless every name is a mechanic of this game
 *   new Restriction(names)             → `filter` removes the restricted seat's forbidden follow-ups
 *
 * An empty `forbid=` forbids nothing and is left out of the canonical spec: the same agent, the same games.
 */
import { InputError, PHASE_FOLLOW, suggestion } from '../engine/index.ts';
import type { AgentGame, AgentState } from '../engine/index.ts';
import { baseGame, expansionRegistry } from '../expansions/index.ts';
import type { Agent, Restriction as FollowUpRestriction } from './agent.ts';

/** The spec key every agent takes. */
export const FORBID_KEY = 'forbid';

/** Every registered module's mechanics, in declaration order (the base game first), with the module's title. */
function registeredMechanics(): { name: string; description: string; title: string }[] {
  return [baseGame, ...expansionRegistry.values()].flatMap((e) =>
    (e.mechanics ?? []).map((m) => ({ ...m, title: e.title })),
  );
}

/** The mechanics of `forbid=<raw>`, in declaration order; `fail` is called with the message for an unknown or repeated name. */
export function parseForbid(raw: string, fail: (message: string) => never): string[] {
  if (raw === '') return [];
  const known = registeredMechanics().map((m) => m.name);
  const names = raw.split('+').map((name) => name.trim());
  names.forEach((name, i) => {
    if (name === '') fail(`${FORBID_KEY}=${raw} has an empty name; write mechanics as forbid=farmers+tollhouses`);
    if (!known.includes(name))
      fail(`${FORBID_KEY}: unknown mechanic ${JSON.stringify(name)}${suggestion(name, known)}`);
    if (names.indexOf(name) !== i) fail(`${FORBID_KEY}: mechanic ${name} is given twice`);
  });
  return known.filter((name) => names.includes(name));
}

/** Input error unless every mechanic the spec forbids belongs to a rule module of `game`. */
export function checkForbidden(
  spec: { readonly text: string; readonly forbid: readonly string[] },
  game: AgentGame,
  where: string,
): void {
  const inGame = game.mechanics.map((m) => m.name);
  for (const name of spec.forbid) {
    if (inGame.includes(name)) continue;
    const module = registeredMechanics().find((m) => m.name === name);
    const ruledOut = module !== undefined && [game.base, ...game.expansions].some((e) => e.title === module.title);
    const why = ruledOut ? `which this game's rules rule out (${module.description})` : 'which this game does not have';
    throw new InputError(
      'usage',
      `${where}: agent ${spec.text} forbids ${name}, a mechanic of ${module?.title ?? 'no registered rule module'}, ${why}; its mechanics: ${inGame.join(', ')}`,
    );
  }
}

/** One agent's restriction: which follow-ups its seat may not choose. */
export class Restriction implements FollowUpRestriction {
  /** The seat restricted: the agent's own, set at each of its choices (`RestrictedAgent`). */
  seat = -1;
  private game: AgentGame | undefined;
  /** The indices in the game's `mechanics` of the forbidden ones. */
  private tests: number[] = [];

  constructor(readonly names: readonly string[]) {}

  /** Whether the restriction binds the player to move in `state` (the restricted seat). */
  binds(state: AgentState): boolean {
    return state.currentPlayer === this.seat;
  }

  /**
   * Removes from `legal[0..count)` the follow-ups the restricted seat may not choose, when it is to
   * follow up in `state`; returns the new count. Doing nothing is never removed. hot path
   */
  filter(state: AgentState, legal: Int32Array, count: number): number {
    if (state.phase !== PHASE_FOLLOW || state.currentPlayer !== this.seat) return count;
    const game = state.game;
    if (this.game !== game) this.prepare(game);
    const tests = this.tests;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const followUp = legal[i]!;
      let forbidden = false;
      for (let k = 0; k < tests.length && !forbidden; k++) forbidden = game.followUpUses(tests[k]!, state, followUp);
      if (!forbidden) legal[kept++] = followUp;
    }
    return kept;
  }

  private prepare(game: AgentGame): void {
    this.game = game;
    this.tests = this.names.map((name) => {
      const k = game.mechanics.findIndex((m) => m.name === name);
      if (k < 0) throw new Error(`mechanic ${name} is not in this game (checkForbidden checks specs at the edge)`);
      return k;
    });
  }
}

/** An agent choosing under a restriction: its legal actions filtered, its seat set for its own searches. */
export class RestrictedAgent implements Agent {
  readonly name: string;
  chooseIndex?: (count: number) => number;
  valueCandidates?: Agent['valueCandidates'];

  constructor(
    readonly inner: Agent,
    private readonly restriction: Restriction,
  ) {
    this.name = inner.name;
    // Placements use no mechanic: an agent that needs only their number keeps that shortcut.
    if (inner.chooseIndex) this.chooseIndex = (count) => inner.chooseIndex!(count);
    if (inner.valueCandidates)
      this.valueCandidates = (state, legal, count) => {
        this.restriction.seat = state.currentPlayer;
        return inner.valueCandidates!(state, legal, count);
      };
  }

  choose(state: AgentState, legal: Int32Array, count: number): number {
    this.restriction.seat = state.currentPlayer;
    return this.inner.choose(state, legal, this.restriction.filter(state, legal, count));
  }
}
