/**
 * `ValueFeatures.read` keeps what it counted from one read to the next (the tiles fitting each edge
 * pattern, moved by the tile types whose count changed when the tiles to come change, the chances by count of fitting tiles, and over
 * the follow-ups of one placement what depends only on the tiles, `holdTiles`): a reader used as
 * `strong` uses it — over the pairs of a choice, a round of play after them, back again — must read
 * every position to the last bit as a fresh reader does, on every mix of expansions at every player
 * count 2–5; and the expansions' evaluation read with their open pays in one call as in two.
 */
import { describe, expect, it } from 'vitest';
import { VALUE_FEATURE_COUNT, VALUE_FEATURES, ValueFeatures } from '../../src/agents/index.ts';
import { FOLLOW_NOTHING, MAX_ACTIONS_HINT, PHASE_PLACE, meepleFollowUp } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { gameWith } from '../util.ts';
import { agentOf } from './strong-games.ts';

const MIXES = [[], ['tollkeepers'], ['labyrinth'], ['kingRobber'], ['tollkeepers', 'labyrinth', 'kingRobber']];
MIXES.push([...MIXES[4]!, 'innsCathedrals']);

/** The bit patterns of a read (its values and share of tiles to place), to compare to the last bit. */
function bitsOf(features: ValueFeatures): string {
  const values = new Float64Array([...features.values, features.toPlace]);
  return new Uint32Array(values.buffer).join(' ');
}

/**
 * Plays a `greedy` game; every eighth turn reads, with one kept reader and a fresh one, each pair of
 * the first placements and their follow-ups (the kept reader holding each placement's tiles over its
 * follow-ups, as `strong` does), and the position after a round of play from there.
 * Returns how many positions it compared.
 */
function compareReads(game: Game, deal: number): number {
  const state = game.newState(new Dealer(game).deal('value-features', deal));
  const agents = Array.from({ length: game.players }, (_, seat) => agentOf('greedy', 'value-features', deal, seat));
  const kept = new ValueFeatures(game);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const followUps = new Int32Array(MAX_ACTIONS_HINT);
  let compared = 0;
  const compare = (s: State) => {
    kept.read(s);
    const fresh = new ValueFeatures(game);
    fresh.read(s);
    const [a, b] = [bitsOf(kept), bitsOf(fresh)];
    // One expect per difference only: comparing a few hundred positions through it is slow.
    if (a !== b) expect(a, `deal ${deal}, ${s.placedCount} tiles placed`).toBe(b);
    compared++;
  };
  const play = () => state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE && state.placedCount % 8 === 0) {
      const placements = legal.slice(0, Math.min(4, state.legalActions(legal)));
      const level = state.checkpoint();
      for (const placement of placements) {
        state.apply(placement);
        const inner = state.checkpoint();
        const n = state.legalFollowUps(followUps);
        kept.holdTiles(state);
        for (let j = 0; j < n; j++) {
          state.apply(followUps[j]!);
          compare(state);
          state.rollback(inner, true);
        }
        kept.releaseTiles();
        state.rollback(inner);
        state.rollback(level, true);
      }
      for (let turn = 0; turn < 2 * game.players && !state.isOver(); turn++) play();
      compare(state);
      state.rollback(level);
    }
    play();
  }
  return compared;
}

describe('ValueFeatures.read, kept from one read to the next', () => {
  for (const players of [2, 3, 4, 5])
    it(`reads as a fresh reader does, ${players} players, every mix of expansions`, () => {
      for (const [i, names] of MIXES.entries()) {
        const game = newGame({ players, expansions: names.map((name) => expansionRegistry.get(name)!) });
        expect(compareReads(game, players * 10 + i)).toBeGreaterThan(40);
      }
    });
});

describe('the expansions evaluated with their open pays in one call', () => {
  it('adds and visits what evaluate and evaluateOpen do (the Tollkeepers walk their roads once)', () => {
    const game = newGame({ players: 4, expansions: MIXES[5]!.map((name) => expansionRegistry.get(name)!) });
    const state = game.newState(new Dealer(game).deal('value-features-open', 0));
    const agents = Array.from({ length: 4 }, (_, seat) => agentOf('greedy', 'value-features-open', 0, seat));
    const legal = new Int32Array(MAX_ACTIONS_HINT);
    let visits = 0;
    while (!state.isOver()) {
      for (let k = 0; k < game.expansions.length; k++) {
        const [apart, together] = [new Float64Array(4), new Float64Array(4)];
        const [seenApart, seenTogether]: number[][] = [[], []];
        game.evaluateExpansion(k, state, apart);
        game.openPaysOfExpansion(k, state, (p, root, points) => seenApart.push(p, root, points));
        game.evaluateExpansionWithOpen(k, state, together, (p, root, points) => seenTogether.push(p, root, points));
        expect(Array.from(together)).toEqual(Array.from(apart));
        expect(seenTogether).toEqual(seenApart);
        visits += seenApart.length;
      }
      state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
    }
    expect(visits).toBeGreaterThan(0);
  });
});

describe("ValueFeatures.read: the chance to hold the King or the Robber Baron at the end, times the card's pay", () => {
  // Two players, deck M, E, W, U. P0 puts M north of the start with a meeple on its city: the start's
  // cap and M (2 segments) with one open end, east of M; the city will have at least 3 tiles when
  // completed, more than the none completed so far. Of the 3 tiles to come only E fits there
  // (W and U have no city), so P0 completes it with its own 1.5 draws with chance 1 − (2/3)^1.5.
  // Then P1 closes it with E: P1 takes the King (a city of 3 tiles) and nothing can take it from it.
  const cards = (rules: Record<string, string | number>) => {
    const game = gameWith({ players: 2, expansions: [expansionRegistry.get('kingRobber')!], rules });
    const [m, e, w, u] = ['M', 'E', 'W', 'U'].map((id) => game.catalog.indexOf(id));
    const city = game.catalog.types[m!]!.segments.findIndex((seg) => seg.name === 'c1');
    const state = game.newState([m!, e!, w!, u!]);
    const features = new ValueFeatures(game);
    const read = () => {
      const v = features.read(state);
      const at = (name: string) =>
        [0, 1].map((p) => v[p * VALUE_FEATURE_COUNT + VALUE_FEATURES.indexOf(name as never)]!);
      return { hold: at('cardHold'), growth: at('cardHoldGrowth') };
    };
    state.apply(game.cellOf(0, -1) * 4 + 1);
    state.apply(meepleFollowUp(0, city));
    const open = read();
    state.setCurrentPlayer(1);
    state.apply(game.cellOf(1, -1) * 4 + 3);
    state.apply(FOLLOW_NOTHING);
    return { open, held: read() };
  };
  const own = 1 - (2 / 3) ** 1.5;
  it('values an open city larger than the record by the chance its owner completes it', () => {
    // flat10: each card pays 10 at the end, nothing per completion.
    const flat = cards({ kingRobberScoring: 'flat10' });
    expect(flat.open.hold[0]).toBeCloseTo(10 * own, 12);
    expect(flat.open.hold[1]).toBe(0);
    expect(flat.open.growth).toEqual([0, 0]);
    // official: the King pays 1 per completed city (none yet), so only its growth counts.
    const official = cards({});
    expect(official.open.hold).toEqual([0, 0]);
    expect(official.open.growth[0]).toBeCloseTo(own, 12);
    expect(cards({ kingRobberPointsPerFeature: 3 }).open.growth[0]).toBeCloseTo(3 * own, 12);
  });
  it('gives the holder its card in full when no open feature can take it', () => {
    expect(cards({ kingRobberScoring: 'flat10' }).held).toEqual({ hold: [0, 10], growth: [0, 0] });
    expect(cards({}).held).toEqual({ hold: [0, 1], growth: [0, 1] });
    expect(cards({ kingRobberScoring: 'incremental', kingRobberIncrementalPoints: 2 }).held).toEqual({
      hold: [0, 0],
      growth: [0, 2],
    });
  });
});
