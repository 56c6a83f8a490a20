/**
 * Shared pieces of the engine conformance suite (`conformance.test.ts`) and of its golden file
 * (`npm run golden` → `test/engine/golden/conformance.json`): every expansion mix, a full snapshot
 * of a state that reads without writing, seeded uniform play, perft counts and game transcripts.
 */
import { MAX_ACTIONS_HINT, randomIndex } from '../../src/engine/index.ts';
import type { Game, GameOptions, Rng, State } from '../../src/engine/index.ts';
import { expansionRegistry, registeredScoreSources, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { hashString, makeRng } from '../../src/sim/rng.ts';

export const PLAYER_COUNTS = [2, 3, 4, 5, 6] as const;

/** Every subset of the registered expansions with default rules, plus all of them under the other readings. */
export function expansionMixes(): { name: string; options: Omit<GameOptions, 'players'> }[] {
  const all = [...expansionRegistry.values()];
  const mixes = [];
  for (let bits = 0; bits < 1 << all.length; bits++) {
    const expansions = all.filter((_, i) => bits & (1 << i));
    mixes.push({ name: expansions.length ? expansions.map((e) => e.name).join('+') : 'base', options: { expansions } });
  }
  mixes.push({
    name: 'all, other readings',
    options: {
      expansions: all,
      rules: {
        labyrinth: 'advanced',
        kingRobberScoring: 'incremental',
        kingRobberIncrementalTiming: 'before',
        tollkeepersEdition: 'C2',
        farmers: 'off',
      },
    },
  });
  return mixes;
}

export const CASES = expansionMixes().flatMap((mix) =>
  PLAYER_COUNTS.map((players) => ({ key: `${mix.name} ${players}p`, mix: mix.name, players, options: mix.options })),
);

export const gameOf = (c: (typeof CASES)[number]): Game => newGame({ players: c.players, ...c.options });

export function dealOf(game: Game, seed: string, deal: number): Int16Array {
  return new Dealer(game).deal(seed, deal).slice();
}

/** Root of segment g by walking parents (no path compression: reading leaves the state as it was). */
function rootOf(state: State, g: number): number {
  while (state.parent[g] !== g) g = state.parent[g]!;
  return g;
}

/**
 * Everything that makes up a position, as text, read without writing: the board (the grid entries of
 * the placed tiles and of the frontier; see `strayCells` for the others), every segment of
 * the placed tiles (slots past a tile's own segments are never read and not compared), the players'
 * arrays and the scalars. Features are compared by the root of each segment; with `rawParents` the
 * parent array itself is compared (a rollback restores it exactly, while a replay may compress paths
 * differently). The expansions' state is compared field by field as they declared it.
 */
export function snapshot(state: State, rawParents = false): string {
  const game = state.game;
  const S = game.segmentsPerTile;
  const out: (number | string | boolean)[] = ['placed'];
  for (let i = 0; i < state.placedCount; i++) {
    const cell = state.placedCell[i]!;
    out.push(state.placedType[i]!, state.placedRot[i]!, cell, state.grid[cell]!, '|');
    for (let s = 0; s < game.segmentCount[state.placedType[i]!]!; s++) {
      const g = i * S + s;
      out.push(
        rawParents ? state.parent[g]! : rootOf(state, g),
        state.next[g]!,
        state.openEnds[g]!,
        state.rootMeeples[g]!,
        state.meeple[g]!,
        state.done[g]!,
      );
    }
  }
  out.push('frontier');
  for (let i = 0; i < state.frontierCount; i++) out.push(state.frontier[i]!, state.grid[state.frontier[i]!]!);
  for (const a of [state.meeplesLeft, state.scores, state.stats]) out.push('|', ...a);
  out.push('|', JSON.stringify(state.expansionState()));
  out.push(
    'scalars',
    state.deckPos,
    state.currentPlayer,
    state.phase,
    state.drawn,
    state.lastPlaced,
    state.placedCount,
    state.frontierCount,
    state.finalScored,
    state.isOver(),
  );
  return out.join(',');
}

const legalBuffer = new Int32Array(MAX_ACTIONS_HINT);

/** Cells of the grid that are neither a placed tile nor on the frontier but not empty (must be 0). */
export function strayCells(state: State): number {
  let used = 0;
  for (let cell = 0; cell < state.grid.length; cell++) if (state.grid[cell] !== 0) used++;
  return used - state.placedCount - state.frontierCount;
}

/** The legal actions of the current phase as a fresh array. */
export function legalOf(state: State): number[] {
  return Array.from(legalBuffer.subarray(0, state.legalActions(legalBuffer)));
}

/** Plays uniformly random legal actions to the end, calling `each` before every action; returns the actions. */
export function playUniform(state: State, rng: Rng, each?: (state: State, legal: number[]) => void): number[] {
  const actions: number[] = [];
  while (!state.isOver()) {
    const legal = legalOf(state);
    each?.(state, legal);
    const action = legal[randomIndex(rng, legal.length)]!;
    actions.push(action);
    state.apply(action);
  }
  return actions;
}

/** Leaves of the tree of legal action sequences `depth` plies deep (fewer where the game ends), by checkpoint and rollback. */
export function perft(state: State, depth: number): number {
  if (depth === 0 || state.isOver()) return 1;
  let leaves = 0;
  for (const action of legalOf(state)) {
    const level = state.checkpoint();
    state.apply(action);
    leaves += perft(state, depth - 1);
    state.rollback(level);
  }
  return leaves;
}

/** Plies of uniform play from the deal's start before the perft counts are taken. */
export const PERFT_OPENING_PLIES = 12;
export const PERFT_DEPTH = 4;
export const PERFT_DEALS = 2;
export const TRANSCRIPT_DEALS = 3;

export interface Golden {
  /** Per deal: perft counts at depths 1..PERFT_DEPTH after the opening. */
  perft: number[][];
  /**
   * Per deal: hash of the action list of a uniform game, its length, the final scores (per player, every
   * registered score source, 0 for one the game lacks) and statistics.
   */
  transcripts: { actions: number; hash: number; scores: number[]; stats: number[] }[];
}

/** The golden figures of one case (regenerated by `npm run golden`). */
export function goldenOf(c: (typeof CASES)[number]): Golden {
  const game = gameOf(c);
  const perftCounts = Array.from({ length: PERFT_DEALS }, (_, deal) => {
    const state = game.newState(dealOf(game, 'perft', deal));
    const rng = makeRng('perft-opening', deal);
    for (let ply = 0; ply < PERFT_OPENING_PLIES && !state.isOver(); ply++) {
      const legal = legalOf(state);
      state.apply(legal[randomIndex(rng, legal.length)]!);
    }
    return Array.from({ length: PERFT_DEPTH }, (_, d) => perft(state, d + 1));
  });
  const transcripts = Array.from({ length: TRANSCRIPT_DEALS }, (_, deal) => {
    const state = game.newState(dealOf(game, 'transcript', deal));
    const actions = playUniform(state, makeRng('transcript', deal));
    const scores = Array.from({ length: game.players }, (_, p) => state.breakdown(p)).flatMap((b) =>
      registeredScoreSources().map((name) => b[name] ?? 0),
    );
    return { actions: actions.length, hash: hashString(actions.join(',')), scores, stats: Array.from(state.stats) };
  });
  return { perft: perftCounts, transcripts };
}

export const GOLDEN_FILE = new URL('./golden/conformance.json', import.meta.url);
