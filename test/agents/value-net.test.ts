/**
 * The committed value networks (`value-weights.json`, docs/strong.md): every player count that has one
 * loads it, on today's features, with its training record; `strong` plays it deterministically and
 * reads the rules through it.
 */
import { describe, expect, it } from 'vitest';
import { VALUE_FEATURE_COUNT, VALUE_FEATURES, ValueFeatures } from '../../src/agents/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import {
  checkFeatures,
  featuresOf,
  inputsOf,
  mlpOf,
  netFor,
  opponentInputsOf,
  VALUE_NETS,
  ValueEvaluator,
  valueEvaluatorOf,
  valueInputs,
} from '../../src/agents/evaluation/value-net.ts';
import type { NetRecord } from '../../src/agents/evaluation/value-net.ts';
import VALUE_WEIGHTS from '../../src/agents/evaluation/value-weights.json' with { type: 'json' };
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { agentOf, legal, midGame, transcript } from './strong-games.ts';

/** The player counts with a network (the table at the top of docs/strong.md); not the entries by expansion. */
const NET_PLAYERS = Object.keys(VALUE_NETS)
  .filter((key) => !key.includes('+'))
  .map(Number);
const TOLLS = expansionRegistry.get('tollkeepers')!;

describe('the committed value networks', () => {
  it('are the player counts docs/strong.md lists, each on features of today with its training record', () => {
    expect(NET_PLAYERS).toEqual([2, 3, 4, 5]);
    expect(VALUE_WEIGHTS.features).toEqual([...VALUE_FEATURES]);
    const records = VALUE_WEIGHTS.byPlayers as Record<string, { training: Record<string, unknown> }>;
    // Every entry, those by player count and expansion too (`4+kingRobber`: written by `--for-expansion`).
    expect(Object.keys(VALUE_NETS).filter((key) => key.includes('+'))).toEqual(['4+kingRobber']);
    for (const key of Object.keys(VALUE_NETS)) {
      const [players, expansion] = key.split('+');
      const record = VALUE_NETS[key]!;
      expect(() => checkFeatures(featuresOf(record))).not.toThrow();
      const net = mlpOf(record);
      expect(net.sizes[0]).toBe(featuresOf(record).length + 5);
      expect(net.sizes[net.sizes.length - 1]).toBe(1);
      const training = records[key]!.training;
      expect(training.command, key).toMatch(new RegExp(`^npm run train -- --players ${players} `));
      if (expansion) expect(training.command, key).toMatch(new RegExp(` --for-expansion ${expansion}$`));
      expect(training.positionsFitted).toBeGreaterThan(100_000);
      expect(training.heldOutR2).toBeGreaterThan(0.5);
    }
  });

  it('value a position the same from a fresh evaluator, every player by a finite number', () => {
    for (const players of NET_PLAYERS) {
      const game = newGame({ players, expansions: [TOLLS] });
      const state = midGame(game, players, 20);
      const record = VALUE_NETS[String(players)]!;
      const evaluator = () => new ValueEvaluator(game, mlpOf(record), inputsOf(record));
      const once = Array.from(evaluator().totals(state));
      expect(Array.from(evaluator().totals(state))).toEqual(once);
      expect(once.every(Number.isFinite)).toBe(true);
    }
  });

  it('read the features they were trained on, by name, and refuse a name today lacks', () => {
    const record = VALUE_NETS['4']!;
    const names = featuresOf(record);
    expect(Array.from(inputsOf(record), (k) => VALUE_FEATURES[k])).toEqual(names);
    // A list in another order reads the same features in that order.
    const reversed: NetRecord = { ...record, features: [...names].reverse() };
    expect(Array.from(inputsOf(reversed), (k) => VALUE_FEATURES[k])).toEqual([...names].reverse());
    const renamed: NetRecord = { ...record, features: [...names.slice(1), 'noSuchFeature'] };
    expect(() => inputsOf(renamed)).toThrow(/noSuchFeature.*retrain: npm run train/);
    // A network whose input count does not match its list is refused.
    expect(() => mlpOf({ ...record, features: names.slice(1) })).toThrow(/retrain/);
  });

  it("may read the other players' largest values of some features (opponentFeatures), refused when the sizes do not fit", () => {
    const game = newGame({ players: 4, expansions: [TOLLS, expansionRegistry.get('kingRobber')!] });
    const state = midGame(game, 4, 30);
    const features = new ValueFeatures(game);
    features.read(state);
    const select = Int32Array.from(VALUE_FEATURES, (_, k) => k);
    const named = ['hand', 'tolls', 'standing'] as const;
    const opponents = Int32Array.from(named, (name) => VALUE_FEATURES.indexOf(name));
    const K = VALUE_FEATURE_COUNT;
    const out = new Float64Array(K + named.length + 5);
    for (let p = 0; p < 4; p++) {
      valueInputs(features, p, out, 0, select, opponents);
      for (const [i, k] of opponents.entries()) {
        const theirs = [0, 1, 2, 3].filter((q) => q !== p).map((q) => features.values[q * K + k]!);
        expect(out[K + i]).toBe(Math.max(...theirs));
      }
      expect(out[K + named.length]).toBe(features.toPlace);
    }
    // A record with the list, whose one hidden unit passes on the first of them (the others' most
    // meeples in hand): each player's total is its score plus that.
    const names = featuresOf(VALUE_NETS['4+kingRobber']!);
    const inputs = names.length + named.length + 5;
    const zero = (n: number) => new Array<number>(n).fill(0);
    const first = zero(inputs + 1);
    first[names.length] = 1;
    const reading: NetRecord = {
      sizes: [inputs, 1, 1],
      layers: [first, [1, 0]],
      inputMean: zero(inputs),
      inputScale: zero(inputs).map(() => 1),
      outputMean: 0,
      outputScale: 1,
      features: names,
      opponentFeatures: [...named],
    };
    expect(Array.from(opponentInputsOf(reading))).toEqual(Array.from(opponents));
    const totals = valueEvaluatorOf(game, reading).totals(state);
    const hand = VALUE_FEATURES.indexOf('hand');
    for (let p = 0; p < 4; p++) {
      const theirs = [0, 1, 2, 3].filter((q) => q !== p).map((q) => features.values[q * K + hand]!);
      expect(totals[p]).toBeCloseTo(state.score(p) + Math.max(...theirs), 9);
    }
    expect(() => mlpOf({ ...reading, opponentFeatures: ['hand'] })).toThrow(/retrain/);
    expect(() => opponentInputsOf({ ...reading, opponentFeatures: ['meeples'] })).toThrow(/meeples.*retrain/);
  });

  it("read the expansions' growth and open pays by the rules: a held card's gain per completion, a tollhouse's tolls", () => {
    // The same 60 random actions under each scoring (the scoring changes no legal move): per player,
    // what its cards gain per further completion, and its tolls' pay on completion times the chance.
    const inputs = (rules: Record<string, string | number>) => {
      const game = newGame({ players: 3, expansions: [TOLLS, expansionRegistry.get('kingRobber')!], rules });
      const state = game.newState(new Dealer(game).deal('growth', 0));
      const random = agentOf('random', 'growth', 0);
      for (let i = 0; i < 60; i++) state.apply(random.choose(state, legal, state.legalActions(legal)));
      const features = new ValueFeatures(game);
      const v = features.read(state);
      const at = (name: string) =>
        [0, 1, 2].map((p) => v[p * VALUE_FEATURE_COUNT + VALUE_FEATURES.indexOf(name as never)]!);
      return { growth: at('expansionGrowth'), open: at('expansionOpenChance'), tolls: at('tolls') };
    };
    const official = inputs({});
    // Both cards are held by now: 1 point per further completion each (official, 1 per feature).
    expect(official.growth.reduce((a, b) => a + b)).toBe(2);
    expect(inputs({ kingRobberPointsPerFeature: 3 }).growth).toEqual(official.growth.map((g) => 3 * g));
    expect(inputs({ kingRobberScoring: 'incremental', kingRobberIncrementalPoints: 2 }).growth).toEqual(
      official.growth.map((g) => 2 * g),
    );
    expect(inputs({ kingRobberScoring: 'flat10' }).growth).toEqual([0, 0, 0]);
    // A tollhouse with open roads: their completion tolls weighed by a chance, so at most what they pay.
    expect(official.open.some((x) => x > 0)).toBe(true);
    const doubled = inputs({
      tollIllustrationPoints1: 2,
      tollTravellersPoints1: 6,
      tollIllustrationPoints2: 4,
      tollTravellersPoints2: 12,
    });
    for (let p = 0; p < 3; p++) expect(doubled.open[p]).toBeCloseTo(2 * official.open[p]!, 9);
  });

  it("make strong's choice the same for a stream and leave the position as they found it", () => {
    for (const players of NET_PLAYERS) {
      const game = newGame({ players, expansions: [TOLLS] });
      const state = midGame(game, players, 18);
      const seen = () => JSON.stringify([Array.from(state.scores), state.deckPos, state.placedCount, state.drawn]);
      const before = seen();
      const chosen = agentOf('strong:lookahead=1,samples=2', 'same', players).choose(
        state,
        legal,
        state.legalActions(legal),
      );
      expect(seen()).toBe(before);
      expect(
        agentOf('strong:lookahead=1,samples=2', 'same', players).choose(state, legal, state.legalActions(legal)),
      ).toBe(chosen);
    }
  });

  it("read the rules: farmers at 4 points per city change the one-ply strong's moves on most deals", () => {
    for (const players of NET_PLAYERS) {
      const official = newGame({ players });
      const house = newGame({ players, rules: { farmerPointsPerCity: 4 } });
      let differ = 0;
      for (let deal = 0; deal < 6; deal++)
        if (
          transcript(house, 'strong:lookahead=0', 'house', deal) !==
          transcript(official, 'strong:lookahead=0', 'house', deal)
        )
          differ++;
      expect(differ, `${players} players`).toBeGreaterThanOrEqual(4);
    }
  });

  it('are chosen by player count, or by player count and expansion where the file has such an entry', () => {
    const plain = VALUE_NETS['4']!;
    const cards = { ...plain, outputMean: plain.outputMean + 1 };
    const nets = { '4': plain, '4+kingRobber': cards };
    const kingRobber = expansionRegistry.get('kingRobber')!;
    expect(netFor(nets, newGame({ players: 4, expansions: [TOLLS, kingRobber] }))).toBe(cards);
    expect(netFor(nets, newGame({ players: 4, expansions: [TOLLS] }))).toBe(plain);
    expect(netFor(nets, newGame({ players: 4, expansions: [] }))).toBe(plain);
    expect(netFor(nets, newGame({ players: 3, expansions: [kingRobber] }))).toBeUndefined();
    expect(netFor(VALUE_NETS, newGame({ players: 6, expansions: [] }))).toBe(VALUE_NETS['5']);
  });
});
