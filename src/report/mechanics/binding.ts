/**
 * How often a restriction binds, for the mechanics study. A win share near 50 % can mean a mechanic
 * worth nothing to the player, or a restriction that hardly ever came up; these counts tell the two
 * apart. The first deals of a mechanic's match are played again in this process, game for game as
 * the runner played them (the same arms, rotations, tiles and agents' streams: `playGame` with
 * `seatAgents`), with each agent watched as it chooses a follow-up:
 * - the restricted player: how many follow-up choices it made, and at how many of them a follow-up
 *   using the mechanic was legal (the restriction bound: it took something away);
 * - the unrestricted player: how many follow-ups using the mechanic it had the chance of, and how
 *   many it chose.
 * The watcher passes every choice through unchanged; a restricted player that used the mechanic would
 * be a broken restriction, so that count is kept too (it must be 0).
 */
import type { Agent } from '../../agents/index.ts';
import { PHASE_FOLLOW } from '../../engine/index.ts';
import type { GameMechanic, State } from '../../engine/index.ts';
import { armSetups, rotationsOf, seatAgents } from '../../sim/plan.ts';
import { playGame } from '../../sim/play.ts';
import type { MoveTrace } from '../../sim/play.ts';
import type { MatchDesign } from '../../match/design.ts';

/** Deals of a match replayed to count how often its restriction binds (fewer when the match has fewer). */
export const BINDING_DEALS = 10;

export interface Binding {
  deals: number;
  games: number;
  /** The restricted player's follow-up choices, and those at which the forbidden mechanic was legal. */
  restrictedChoices: number;
  bound: number;
  /** Follow-ups using the mechanic the restricted player chose: 0 unless the restriction is broken. */
  restrictedUses: number;
  /** The unrestricted player's follow-up choices at which the mechanic was legal, and its uses of it. */
  unrestrictedChances: number;
  unrestrictedUses: number;
}

/** Passes an agent's choices through, counting its follow-ups with and without the mechanic. */
class Watcher implements Agent {
  readonly name: string;
  chooseIndex?: (count: number) => number;

  constructor(
    private readonly inner: Agent,
    private readonly uses: GameMechanic['uses'],
    private readonly restricted: boolean,
    private readonly tally: Binding,
  ) {
    this.name = inner.name;
    if (inner.chooseIndex) this.chooseIndex = (count) => inner.chooseIndex!(count);
  }

  choose(state: State, legal: Int32Array, count: number): number {
    if (state.phase !== PHASE_FOLLOW) return this.inner.choose(state, legal, count);
    let legalUse = false;
    for (let i = 0; i < count && !legalUse; i++) legalUse = this.uses(state, legal[i]!);
    const choice = this.inner.choose(state, legal, count);
    const used = this.uses(state, choice);
    const t = this.tally;
    if (this.restricted) {
      t.restrictedChoices++;
      if (legalUse) t.bound++;
      if (used) t.restrictedUses++;
    } else {
      if (legalUse) t.unrestrictedChances++;
      if (used) t.unrestrictedUses++;
    }
    return choice;
  }
}

/**
 * Replays the first `deals` deals of a match (agent a unrestricted, agent b forbidden `mechanic`) and
 * counts how its restriction bound; `hashes`, when given, receives each game's move hash (`MoveTrace`).
 */
export function restrictionBinding(
  design: MatchDesign,
  mechanic: string,
  deals = BINDING_DEALS,
  hashes?: number[],
): Binding {
  const plan = design.plan;
  const tally: Binding = {
    deals: Math.min(deals, plan.deals),
    games: 0,
    restrictedChoices: 0,
    bound: 0,
    restrictedUses: 0,
    unrestrictedChances: 0,
    unrestrictedUses: 0,
  };
  armSetups(plan).forEach((setup, a) => {
    const uses = setup.game.mechanics.find((m) => m.name === mechanic)?.uses;
    if (!uses) throw new Error(`mechanic ${mechanic} is not in the match's game`);
    const sideA = design.arms[a]!.sideA;
    const players = setup.game.players;
    for (let d = 0; d < tally.deals; d++) {
      const order = setup.dealer.deal(plan.seed, d);
      for (const r of rotationsOf(plan.rotation, players, d)) {
        // Lineup player i sits in seat (i + r) mod P; side a is the unrestricted agent.
        const agents = seatAgents(setup, plan.seed, d, r).map(
          (agent, seat) => new Watcher(agent, uses, !sideA[(seat - r + players) % players]!, tally),
        );
        const trace: MoveTrace = { hash: 0 };
        playGame(setup.game, order, agents, undefined, trace);
        hashes?.push(trace.hash);
        tally.games++;
      }
    }
  });
  return tally;
}
