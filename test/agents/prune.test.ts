/**
 * `greedy` leaves unvalued a placement whose value provably cannot reach the best found so far
 * (`PlacementPreview.value` with a floor, from the base game's part and the rule modules'
 * `ModulePreview.bound`). On every mix of the four expansions (the base game too) at every player
 * count 2–5, at every turn of a game: every previewed placement's bound is at least its value, and
 * `greedy` with and without the skipping chooses the same placement and follow-up and draws the same
 * tie-break numbers; the skipping does happen. A rule module with a part of the preview but no bound
 * turns the skipping off.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../src/agents/evaluation.ts';
import type { Weights } from '../../src/agents/evaluation.ts';
import { GreedyAgent, sharedOnePly } from '../../src/agents/greedy.ts';
import { OnePly } from '../../src/agents/one-ply.ts';
import { PlacementPreview } from '../../src/agents/preview.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE, defineExpansion } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { gameWith, playChecked } from '../util.ts';

/** The charges `strong` values its shortlist with: the hand charge moves a meeple's worth. */
const CHARGED: Weights = { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 };

interface Counts {
  /** Placements previewed, those with a finite bound (skipped below an infinite floor), positions where both agents chose. */
  placements: number;
  bounded: number;
  positions: number;
}

/** Holds the bound to the value of every placement of every turn of deal `deal`, and greedy pruned to greedy unpruned. */
function compareOn(game: Game, deal: number, weights: Weights, agent: string): Counts {
  const onePly = new OnePly(game, weights);
  const full = new PlacementPreview(onePly.evaluator);
  const bounded = new PlacementPreview(onePly.evaluator);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const followUps = new Int32Array(MAX_ACTIONS_HINT);
  const counts: Counts = { placements: 0, bounded: 0, positions: 0 };
  const check = (state: State) => {
    if (state.phase !== PHASE_PLACE) return;
    const me = state.currentPlayer;
    const n = state.legalPlacements(legal);
    state.deferFinal = true;
    onePly.remember(state);
    for (let i = 0; i < n; i++) {
      if (!full.value(state, legal[i]!, me)) continue; // declined: made to be valued, never skipped
      const what = `turn ${state.placedCount}: ${state.actionToString(legal[i]!)}`;
      // A floor above every value: the placement is skipped whenever its bound is finite.
      const skipped = bounded.skipped;
      bounded.floor[0] = Number.POSITIVE_INFINITY;
      expect(bounded.value(state, legal[i]!, me), what).toBe(true);
      expect(bounded.best, what).toBeGreaterThanOrEqual(full.best - 1e-9); // the skipping allows 1e-6 for rounding
      counts.placements++;
      counts.bounded += bounded.skipped - skipped;
    }
    onePly.forget();
    state.deferFinal = false;
    // The same choice, follow-up and tie-break draws with and without skipping.
    const seed = ['prune', deal, state.placedCount];
    const rngs = [makeRng(...seed), makeRng(...seed)];
    const agents = rngs.map((rng, k) => new GreedyAgent(rng, true, weights, undefined, k === 0));
    const [pruned, unpruned] = agents.map((a) => a.choose(state, legal, n));
    expect(pruned, `turn ${state.placedCount}`).toBe(unpruned);
    expect(sharedOnePly(game, weights).floor[0]).toBe(Number.NEGATIVE_INFINITY); // for its other users
    const level = state.checkpoint();
    state.apply(pruned!);
    const m = state.legalFollowUps(followUps);
    expect(agents[0]!.choose(state, followUps, m)).toBe(agents[1]!.choose(state, followUps, m));
    state.rollback(level);
    expect(rngs[0]!()).toBe(rngs[1]!());
    counts.positions++;
  };
  playChecked(game, 'prune', deal, check, undefined, agent);
  return counts;
}

const ALL = ['tollkeepers', 'labyrinth', 'kingRobber', 'innsCathedrals'];
const gameOf = (names: readonly string[], players: number, rules: Readonly<Record<string, unknown>> = {}) =>
  gameWith({ players, expansions: names.map((name) => expansionRegistry.get(name)!), rules });

/** Every mix at every player count 2–5: the advanced Labyrinth at even counts, greedy play and `strong`'s charges in turn. */
const MIXES = Array.from({ length: 16 * 4 }, (_, i) => {
  const k = i >> 2;
  const players = 2 + (i & 3);
  const names = ALL.filter((_, j) => (k >> j) & 1);
  const advanced = names.includes('labyrinth') && players % 2 === 0;
  return {
    names,
    players,
    rules: advanced ? { labyrinth: 'advanced' } : {},
    agent: i % 3 === 0 ? 'greedy' : 'random',
    weights: i % 2 ? CHARGED : DEFAULT_WEIGHTS,
  };
});

describe("greedy's skipping of placements that cannot be chosen", () => {
  for (const [k, c] of MIXES.entries()) {
    const rules = Object.keys(c.rules).length ? ` (${JSON.stringify(c.rules)})` : '';
    it(`changes no choice: ${c.names.join(' + ') || 'base game'}, ${c.players} players${rules}, ${c.agent} play`, () => {
      const game = gameOf(c.names, c.players, c.rules);
      expect(game.bounds).toBe(true);
      const before = sharedOnePly(game, c.weights).skipped;
      const counts = compareOn(game, k, c.weights, c.agent);
      expect(counts.positions).toBeGreaterThan(30);
      expect(counts.bounded).toBeGreaterThan(counts.placements / 4);
      expect(sharedOnePly(game, c.weights).skipped).toBeGreaterThan(before);
    });
  }

  it('is off in a game with a module that has a part of the preview but no bound', () => {
    const kingRobber = expansionRegistry.get('kingRobber')!;
    const unbounded = defineExpansion({
      ...kingRobber,
      name: 'unboundedKingRobber',
      setup: (ctx) => {
        const hooks = kingRobber.setup(ctx);
        const { bound, ...preview } = hooks.preview!;
        expect(bound).toBeDefined();
        return { ...hooks, preview };
      },
    });
    const game = gameWith({ players: 3, expansions: [unbounded] });
    expect(game.previews).toBe(true);
    expect(game.bounds).toBe(false);
    const counts = compareOn(game, 1, DEFAULT_WEIGHTS, 'random');
    expect(counts.placements).toBeGreaterThan(100);
    expect(counts.bounded).toBe(0);
    expect(sharedOnePly(game, DEFAULT_WEIGHTS).skipped).toBe(0);
    // A module whose preview has no part (the basic Labyrinth's) needs no bound.
    expect(gameOf(['labyrinth'], 3).bounds).toBe(true);
    expect(gameOf(['kingRobber'], 3).bounds).toBe(true);
  });
});
