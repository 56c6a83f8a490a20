/**
 * How often a restriction binds, for the mechanics study. A win share near 50 % can mean a mechanic
 * worth nothing to the player, or a restriction that hardly ever came up; these counts tell the two
 * apart. Every deal of a mechanic's match is played again in this process, game for game as the
 * runner played it (the same arms, rotations, tiles and agents' streams: `playGame` with
 * `seatAgents`), so the counts describe the very games the win share is measured on, with each
 * agent watched as it chooses a follow-up:
 * - the restricted player: how many follow-up choices it made, and at how many of them a follow-up
 *   using the mechanic was legal (the restriction bound: it took something away);
 * - the unrestricted player: how many follow-ups using the mechanic it had the chance of, and how
 *   many it chose.
 * The watcher passes every choice through unchanged; a restricted player that used the mechanic would
 * be a broken restriction, so that count is kept too (it must be 0). The share of bound choices gets
 * an interval over the deals (`bindingRate`).
 */
import type { Agent } from '../../agents/index.ts';
import { PHASE_FOLLOW } from '../../engine/index.ts';
import type { GameMechanic, State } from '../../engine/index.ts';
import { armSetups, rotationsOf, seatAgents } from '../../sim/plan.ts';
import { playGame } from '../../sim/play.ts';
import type { MoveTrace } from '../../sim/play.ts';
import type { MatchDesign } from '../../match/design.ts';
import { clopperPearson, poissonInterval } from '../../stats/exact.ts';

export interface Binding {
  deals: number;
  games: number;
  /** The restricted player's follow-up choices, and those at which the forbidden mechanic was legal. */
  restrictedChoices: number;
  bound: number;
  /** Over the deals: the sum of squares of each deal's bound choices, and the deals with at least one. */
  boundSumSq: number;
  boundDeals: number;
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
 * Replays the first `deals` deals of a match (default: every deal; agent a unrestricted, agent b
 * forbidden `mechanic`) and counts how its restriction bound; `hashes`, when given, receives each
 * game's move hash (`MoveTrace`).
 */
export function restrictionBinding(
  design: MatchDesign,
  mechanic: string,
  deals = design.plan.deals,
  hashes?: number[],
): Binding {
  const plan = design.plan;
  const tally: Binding = {
    deals: Math.min(deals, plan.deals),
    games: 0,
    restrictedChoices: 0,
    bound: 0,
    boundSumSq: 0,
    boundDeals: 0,
    restrictedUses: 0,
    unrestrictedChances: 0,
    unrestrictedUses: 0,
  };
  const boundPerDeal = new Array<number>(tally.deals).fill(0);
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
        const before = tally.bound;
        playGame(setup.game, order, agents, undefined, trace);
        boundPerDeal[d]! += tally.bound - before;
        hashes?.push(trace.hash);
        tally.games++;
      }
    }
  });
  for (const b of boundPerDeal) {
    tally.boundSumSq += b * b;
    if (b > 0) tally.boundDeals++;
  }
  return tally;
}

/** The share of bound choices with its interval; `overDeals`: the bound is on the share of deals it bound on at all. */
export interface BindingRate {
  share: number | null;
  lo: number | null;
  hi: number | null;
  overDeals: boolean;
}

/**
 * The share of the restricted player's follow-up choices at which the restriction bound, with a 95 %
 * interval in which the deal is the unit (a deal's choices bind together): the exact Poisson
 * interval of the bound choices over the choices, both divided by the dispersion of the per-deal
 * counts when they spread more than Poisson counts (rare binding is a rare event: a t interval on
 * it would stop short); at most 1. Never bound: the data bound only the share of deals on which it
 * binds at all, 1 − 0.05^(1/deals) (one-sided Clopper–Pearson over the deals).
 */
export function bindingRate(b: Binding): BindingRate {
  if (b.restrictedChoices === 0 || b.deals === 0) return { share: null, lo: null, hi: null, overDeals: false };
  if (b.bound === 0) return { share: 0, lo: 0, hi: clopperPearson({ games: b.deals, wins: 0 }).hi, overDeals: true };
  const mean = b.bound / b.deals;
  const variance = b.deals > 1 ? (b.boundSumSq - b.deals * mean * mean) / (b.deals - 1) : 0;
  const dispersion = Math.max(1, variance / mean);
  const p = poissonInterval({ count: b.bound / dispersion, exposure: b.restrictedChoices / dispersion });
  return { share: b.bound / b.restrictedChoices, lo: p.lo, hi: Math.min(1, p.hi!), overDeals: false };
}
