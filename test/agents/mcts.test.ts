import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { OnePly } from '../../src/agents/speed-path/one-ply.ts';
import {
  FOLLOW_MEEPLE,
  FOLLOW_NOTHING,
  InputError,
  MAX_ACTIONS_HINT,
  PHASE_PLACE,
  SEG_CITY,
} from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { playChecked } from '../util.ts';

const agentOf = (text: string, ...seed: (string | number)[]) =>
  createAgent(parseAgentSpec(text, 'test'), makeRng(...seed));
const legal = new Int32Array(MAX_ACTIONS_HINT);
const chooseIn = (state: State, spec: string, ...seed: (string | number)[]) =>
  agentOf(spec, ...seed).choose(state, legal, state.legalActions(legal));

/** A 2-player base position some turns into deal `deal`, reached by greedy play, at a placement. */
function midGame(deal: number, turns: number): State {
  const game = newGame({ players: 2 });
  const state = game.newState(new Dealer(game).deal('mid', deal));
  const agents = [0, 1].map((seat) => agentOf('greedy', 'mid', deal, seat));
  while (state.placedCount <= turns || state.phase !== PHASE_PLACE)
    state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  return state;
}

interface Turn {
  tile: string;
  at: [number, number];
  rotation: number;
  player: number;
  city?: boolean;
}

/**
 * A 2-player base position built from scenario turns (the start tile at (0,0)); then `next` is drawn
 * by `mover`, and the rest of the base deck follows in a seeded order.
 */
function position(turns: Turn[], next: string, mover: number): State {
  const game = newGame({ players: 2 });
  const used = [...turns.map((t) => game.catalog.indexOf(t.tile)), game.catalog.indexOf(next)];
  const rest = [...game.deck];
  for (const type of used) rest.splice(rest.indexOf(type), 1);
  const rng = makeRng('position');
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  const state = game.newState([...used, ...rest]);
  for (const turn of turns) {
    state.setCurrentPlayer(turn.player);
    state.apply(game.cellOf(...turn.at) * 4 + turn.rotation / 90);
    const city = game.catalog.types[state.drawn]!.segments.findIndex((s) => s.kind === SEG_CITY);
    state.apply(turn.city ? FOLLOW_MEEPLE + city : FOLLOW_NOTHING);
  }
  state.setCurrentPlayer(mover);
  return state;
}

/**
 * A city running north from the start tile: D (0,0), G (0,-1), F (0,-2), F (0,-3), all turned so the
 * city runs north-south, open only at the north edge of (0,-3); `owner` put a meeple on it with G.
 * The other player laid roads east and west of the start tile. Closing it with E (city south, at
 * (0,-4), rotation 180) completes 5 tiles and 2 pennants: 2 × 5 + 2 × 2 = 14 points to `owner`.
 */
function cityOf(owner: number): Turn[] {
  const other = 1 - owner;
  return [
    { tile: 'G', at: [0, -1], rotation: 90, player: owner, city: true },
    { tile: 'U', at: [1, 0], rotation: 90, player: other },
    { tile: 'F', at: [0, -2], rotation: 90, player: owner },
    { tile: 'U', at: [2, 0], rotation: 90, player: other },
    { tile: 'F', at: [0, -3], rotation: 90, player: owner },
    { tile: 'U', at: [-1, 0], rotation: 90, player: other },
  ];
}
const closing = (state: State) => state.game.cellOf(0, -4) * 4 + 2;

describe('mcts', () => {
  it('never reads the order of the undrawn tiles: permuting them leaves its choice unchanged', () => {
    for (const deal of [0, 1]) {
      const state = midGame(deal, 20);
      const chosen = chooseIn(state, 'mcts:iterations=300', 'det', deal);
      const undrawn = Array.from(state.deck.subarray(state.deckPos)).reverse();
      const rng = makeRng('permute', deal);
      for (let i = undrawn.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [undrawn[i], undrawn[j]] = [undrawn[j]!, undrawn[i]!];
      }
      const permuted = state.deck.slice();
      permuted.set(undrawn, state.deckPos);
      expect(Array.from(permuted)).not.toEqual(Array.from(state.deck));
      state.deck = permuted;
      expect(chooseIn(state, 'mcts:iterations=300', 'det', deal)).toBe(chosen);
    }
  });
  it.each(['mcts:iterations=200,depth=4', 'mcts:iterations=60,rollout=greedy,depth=2'])(
    'is deterministic for a stream and leaves the state as it found it: %s',
    (spec) => {
      const state = midGame(2, 16);
      // Everything a player can see (the segment arrays past the placed tiles hold no meaning).
      const seen = () => {
        const used = state.placedCount * state.game.segmentsPerTile;
        return JSON.stringify([
          Array.from(state.scores),
          Array.from(state.meeple.subarray(0, used)),
          Array.from(state.parent.subarray(0, used)),
          Array.from(state.grid),
          state.deckPos,
          state.placedCount,
          state.drawn,
          Array.from(state.deck),
        ]);
      };
      const before = seen();
      const a = chooseIn(state, spec, 'same', 1);
      expect(seen()).toBe(before);
      expect(chooseIn(state, spec, 'same', 1)).toBe(a);
    },
  );
  it('completes a large city of its own', () => {
    for (const mover of [0, 1]) {
      const state = position(cityOf(mover), 'E', mover);
      expect(chooseIn(state, 'mcts:iterations=600', 'own', mover)).toBe(closing(state));
    }
  });
  it("does not complete an opponent's large city", () => {
    for (const mover of [0, 1]) {
      const state = position(cityOf(1 - mover), 'E', mover);
      expect(state.isLegal(closing(state))).toBe(true);
      expect(chooseIn(state, 'mcts:iterations=600', 'theirs', mover)).not.toBe(closing(state));
    }
  });
  it("tries a guided node's children best first: with widen=0 the root plays a best one-ply placement", () => {
    // widen=0 lets a guided node play only its first child, so the move must be one of the
    // placements with the highest one-ply value (as greedy values them), whatever the budget.
    for (const deal of [0, 1, 2]) {
      const state = midGame(deal, 20);
      const me = state.currentPlayer;
      const onePly = new OnePly(state.game);
      const n = state.legalActions(legal);
      const values = new Map<number, number>();
      const actions = Array.from(legal.subarray(0, n));
      state.deferFinal = true;
      for (const action of actions) {
        const level = state.checkpoint();
        state.apply(action);
        values.set(action, onePly.bestFollowUp(state, me));
        state.rollback(level);
      }
      state.deferFinal = false;
      const best = Math.max(...values.values());
      const chosen = chooseIn(state, 'mcts:iterations=300,widen=0,meepleCost=1', 'widen', deal);
      expect(values.get(chosen)).toBeCloseTo(best, 9);
    }
  });
  it('plays every expansion mix with 2 to 6 players to the end (tiny budgets)', () => {
    const names = [...expansionRegistry.keys()];
    const mixes = Array.from({ length: 1 << names.length }, (_, m) => names.filter((_, i) => m & (1 << i)));
    for (const mix of mixes) {
      for (let players = 2; players <= 6; players++) {
        const game = newGame({
          players,
          expansions: mix.map((n) => expansionRegistry.get(n)!),
          rules: mix.includes('labyrinth') ? { labyrinth: 'advanced' } : {},
        });
        // The root's one-ply ordering (width) costs a greedy move: only with 2 and 3 players here;
        // greedy rollouts with an odd number of players.
        const spec = `mcts:iterations=2,depth=1,width=${players <= 3 ? 4 : 0},rollout=${players % 2 === 1 ? 'greedy' : 'meeple'}`;
        const state = playChecked(game, `mix-${mix.join('+')}`, players, undefined, undefined, spec);
        expect(state.isOver()).toBe(true);
        expect(state.placedCount + state.stats[1]!).toBe(game.deck.length + 1);
      }
    }
  });
  it('rejects bad specs with the allowed values', () => {
    expect(() => parseAgentSpec('mcts:iterations=0', 'here')).toThrow(/needs a budget/);
    expect(() => parseAgentSpec('mcts:rollout=smart', 'here')).toThrow(InputError);
    expect(() => parseAgentSpec('mcts:rollout=smart', 'here')).toThrow(/one of "none", "uniform", "meeple", "greedy"/);
    expect(() => parseAgentSpec('mcts:c=-1', 'here')).toThrow(
      'here: agent mcts: parameter "c" must be a number from 0 to 100, got "-1"',
    );
    expect(() => parseAgentSpec('mcts:budget=3', 'here')).toThrow(
      /unknown parameter "budget"; known parameters of mcts: iterations/,
    );
  });
  it('with only a time budget has no iteration limit and is not reproducible', () => {
    const spec = parseAgentSpec('mcts:ms=50', 'here');
    expect(spec.params.iterations).toBe(0);
    expect(spec.reproducible).toBe(false);
    expect(parseAgentSpec('mcts', 'here').reproducible).toBe(true);
  });
});
