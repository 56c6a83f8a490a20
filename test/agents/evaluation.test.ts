/**
 * The rule-aware evaluation on positions built from hand-scored scenarios (before final scoring).
 * Every expected total is counted by hand from the rules and the evaluation's documented
 * convention (docs/agents.md): an open occupied feature is worth, to its majority, the mean of its
 * completed and final value; a meeple on the board costs 1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Evaluator } from '../../src/agents/evaluation/evaluation.ts';
import { RememberingEvaluator } from '../../src/agents/speed-path/remembered.ts';
import type { Weights } from '../../src/agents/evaluation/evaluation.ts';
import {
  ACTION_BLOCK,
  FOLLOW_NOTHING,
  Game,
  MAX_ACTIONS_HINT,
  PHASE_FOLLOW,
  PHASE_PLACE,
  SEG_FIELD,
  SEG_MONASTERY,
  followUpKind,
  followUpSegment,
  meepleFollowUp,
} from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { replayState } from '../../src/engine/scenario.ts';
import { baseGame, expansionRegistry } from '../../src/expansions/index.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { gameWith, playChecked, steepFields } from '../util.ts';

const FOUR = ['tollkeepers', 'labyrinth', 'kingRobber', 'innsCathedrals'].map((name) => expansionRegistry.get(name)!);

const scenario = (file: string, rules: Record<string, unknown> = {}) => {
  const raw = JSON.parse(readFileSync(new URL(`../scenarios/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
  return { ...raw, rules: { ...(raw.rules as object | undefined), ...rules } };
};
const totals = (file: string, rules: Record<string, unknown> = {}) => {
  const state = replayState(scenario(file, rules), expansionRegistry, { noFinal: true });
  return Array.from(new Evaluator(state.game).totals(state));
};

describe('rule-aware evaluation', () => {
  it('values an open city by the mean of its completed and final points, from the rules', () => {
    // Start + M (pennant), P0's meeple: completed 2×2 + 1×2 = 6, final 2×1 + 1×1 = 3, mean 4.5, meeple −1.
    expect(totals('base/city-incomplete-final.json')).toEqual([3.5, 0]);
    // cityPointsPerTile 4: completed 2×4 + 2 = 10, final 3, mean 6.5, meeple −1.
    expect(totals('base/city-incomplete-final.json', { cityPointsPerTile: 4 })).toEqual([5.5, 0]);
  });
  it("expects a tollhouse's income from its open roads at its current value", () => {
    // Scores 3–3. P0's tollhouse (value 2 after the flip) on X: the open road south carries 1 illustration
    // and 1 travellers group: completed 1×2 + 1×6 = 8, final 1 + 1 = 2, mean 5 → P0 8. The roads west and
    // north carry nothing; east is completed. P1's meeple on that road (X, TK6, U: 3 tiles, rate 1): 3 − 1 → P1 5.
    expect(totals('expansions/tk-final-incomplete-road.json')).toEqual([8, 5]);
    // Travellers paying 10 at value 2: completed 2 + 10 = 12, mean (12 + 2) / 2 = 7 → P0 10.
    expect(totals('expansions/tk-final-incomplete-road.json', { tollTravellersPoints2: 10 })).toEqual([10, 5]);
  });
  it("adds half the advanced Labyrinth bonus to an open network's majority, nothing in the basic game", () => {
    // Network U, start, LAB, U (4 segments, rate 1), one meeple each (tied): 4 − 1 = 3 each;
    // advanced: bonus 2 per meeple × 2 meeples, halved: + 2 each.
    expect(totals('expansions/lab-adv-branch-allowed-no-final-bonus.json')).toEqual([5, 5]);
    expect(totals('expansions/lab-adv-branch-allowed-no-final-bonus.json', { labyrinthMeepleBonus: 6 })).toEqual([
      9, 9,
    ]);
  });
  it('credits the King and the Robber Baron with their end value under the scoring variant', () => {
    // King P1 with 3 completed cities, Robber P0 with 4 completed roads, no meeples, scores 0–0.
    expect(totals('expansions/kr-variant-official-split.json')).toEqual([4, 3]);
    expect(totals('expansions/kr-variant-official-split.json', { kingRobberScoring: 'flat10' })).toEqual([10, 10]);
    expect(
      totals('expansions/kr-variant-official-split.json', {
        kingRobberScoring: 'flat15-40',
        kingRobberFlatEachPoints: 20,
      }),
    ).toEqual([20, 20]);
  });
});

describe('the evaluation asks the rule module', () => {
  // Feature by feature, in positions of random games: every occupied open feature's worth is what the
  // base game's rule module answers for its own measure (\`Game.pays\`: the mean of completed and final
  // pay for roads and cities by segments and pennants, the final pay now for monasteries and fields),
  // so the per-game rates the evaluation takes from it for one tile, pennant or city are its answer.
  const byTheModule = (state: State): number[] => {
    const game = state.game;
    const out = Array.from(
      { length: game.players },
      (_, p) => state.score(p) - (game.rules.meeples as number) + state.meeplesLeft[p]!,
    );
    const seen = new Set<number>();
    const perPlayer = new Int32Array(game.players);
    for (let g = 0; g < state.placedCount * game.segmentsPerTile; g++) {
      if (state.occupantOf(g) === 0 || seen.has(state.find(g))) continue;
      const root = state.find(g);
      seen.add(root);
      perPlayer.fill(0);
      const kind = state.segmentKind(root);
      const halfway = (tiles: number, pennants: number) =>
        (game.pays(kind, tiles, pennants, 0, true) + game.pays(kind, tiles, pennants, 0, false)) / 2;
      let worth: number;
      if (kind === SEG_FIELD) worth = game.pays(kind, 0, 0, state.completedCitiesOf(root, perPlayer), false);
      else if (kind === SEG_MONASTERY) {
        perPlayer[state.occupantOf(root) - 1] = 1;
        worth = game.pays(kind, 1 + state.neighboursOf(state.tileOf(root)), 0, 0, false);
      } else {
        const [segments, pennants] = state.tally(root, perPlayer);
        worth = halfway(segments!, pennants!);
      }
      const max = Math.max(...perPlayer);
      for (let p = 0; p < game.players; p++) if (perPlayer[p] === max) out[p]! += worth;
    }
    return out;
  };
  it.each([
    ['official rules', new Game({ players: 3 }, baseGame)],
    [
      'other rates',
      new Game(
        {
          players: 3,
          rules: {
            roadPointsPerTile: 3,
            finalRoadPointsPerTile: 0,
            cityPointsPerTile: 5,
            finalCityPointsPerPennant: 4,
            monasteryPointsPerTile: 2,
            farmerPointsPerCity: 7,
          },
        },
        baseGame,
      ),
    ],
    ['a field pay not linear in the cities', new Game({ players: 3 }, steepFields)],
  ])('values every occupied feature as the module pays it: %s', (_name, game) => {
    const evaluator = new Evaluator(game, { meepleCost: 1, farmerCost: 0, emptyHand: 0 });
    let compared = 0;
    for (let deal = 0; deal < 2; deal++) {
      playChecked(game, 'asks-module', deal, (state) => {
        if (state.phase !== PHASE_PLACE) return;
        expect(Array.from(evaluator.totals(state))).toEqual(byTheModule(state));
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('valuing a turn by what it changes', () => {
  // Before every placement of random games: each placement, and each follow-up after it, is valued
  // from the remembered position and by a full scan; the two must be the same numbers.
  const compareEveryTurn = (state: State, evaluator: RememberingEvaluator, counts: { compared: number }) => {
    if (state.phase !== PHASE_PLACE) return;
    const players = state.game.players;
    const since = new Float64Array(players);
    const full = new Float64Array(players);
    const placements = new Int32Array(MAX_ACTIONS_HINT);
    const followUps = new Int32Array(MAX_ACTIONS_HINT);
    const deferFinal = state.deferFinal;
    state.deferFinal = true;
    evaluator.remember(state);
    const outer = state.checkpoint();
    const n = state.legalPlacements(placements);
    for (let i = 0; i < n; i += 3) {
      state.apply(placements[i]!);
      const inner = state.checkpoint();
      const m = state.legalFollowUps(followUps);
      for (let j = -1; j < m; j++) {
        if (j >= 0) state.apply(followUps[j]!);
        expect(evaluator.remembersBefore(state)).toBe(true);
        evaluator.baseTotalsSince(state, since);
        evaluator.baseTotals(state, full);
        expect(Array.from(since)).toEqual(Array.from(full));
        counts.compared++;
        state.rollback(inner, true);
      }
      state.rollback(inner);
      state.rollback(outer, true);
    }
    state.rollback(outer);
    evaluator.forget();
    state.deferFinal = deferFinal;
  };
  it.each([
    ['the base game, 2 players', { players: 2 }],
    [
      'all three expansions, 4 players',
      {
        players: 4,
        expansions: ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!),
      },
    ],
    [
      'two meeples each, farmer and empty-hand charges',
      { players: 2, rules: { meeples: 2 } },
      { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 },
    ],
    [
      'all four expansions (big meeples placed and returned), two meeples each, charges',
      { players: 3, expansions: FOUR, rules: { meeples: 2 } },
      { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 },
    ],
  ])("gives the full evaluation's numbers: %s", (_name, options, weights?: Weights) => {
    const game = gameWith(options);
    const evaluator = new RememberingEvaluator(game, weights);
    const counts = { compared: 0 };
    for (let deal = 0; deal < 2; deal++)
      playChecked(game, 'since', deal, (state) => compareEveryTurn(state, evaluator, counts));
    expect(counts.compared).toBeGreaterThan(1000);
  });

  // From every fifth turn of random games, up to eight turns of random play under a checkpoint (as a
  // search's descent and rollout): after every action, the totals from the remembered position and by
  // a full scan must be the same numbers.
  const compareLaterTurns = (
    state: State,
    evaluator: RememberingEvaluator,
    rng: () => number,
    counts: { compared: number },
  ) => {
    if (state.phase !== PHASE_PLACE || state.placedCount % 5 !== 0) return;
    const players = state.game.players;
    const since = new Float64Array(players);
    const full = new Float64Array(players);
    const legal = new Int32Array(MAX_ACTIONS_HINT);
    const deferFinal = state.deferFinal;
    state.deferFinal = true;
    evaluator.remember(state);
    const level = state.checkpoint();
    for (let actions = 0; actions < 16 && !state.isOver(); actions++) {
      const n = state.legalActions(legal);
      state.apply(legal[Math.floor(rng() * n)]!);
      evaluator.baseTotalsSince(state, since);
      evaluator.baseTotals(state, full);
      expect(Array.from(since)).toEqual(Array.from(full));
      counts.compared++;
    }
    state.rollback(level);
    evaluator.forget();
    state.deferFinal = deferFinal;
  };
  it.each([
    ['the base game, 2 players', { players: 2 }],
    [
      'all three expansions, 3 players',
      {
        players: 3,
        expansions: ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!),
      },
    ],
  ])("gives the full evaluation's numbers several turns later: %s", (_name, options) => {
    const game = gameWith(options);
    const evaluator = new RememberingEvaluator(game);
    const counts = { compared: 0 };
    for (let deal = 0; deal < 4; deal++) {
      const rng = makeRng('since-later', deal);
      playChecked(game, 'since-later', deal, (state) => compareLaterTurns(state, evaluator, rng, counts));
    }
    expect(counts.compared).toBeGreaterThan(500);
  });
});

describe('a meeple of any kind valued without placing it', () => {
  // After every placement of random games with Inns & Cathedrals (and the advanced Labyrinth) that completes nothing, each meeple
  // follow-up (plain or big) is valued by addMeeple from the position before it and, separately,
  // staged and scanned: the same numbers (one-ply valuation relies on it; the big meeple counts 2).
  it.each([2, 3])("gives the staged meeple's numbers, %i players, with farmer and empty-hand charges", (players) => {
    // The advanced Labyrinth lets a meeple join an occupied network, where a big one's weight can change the majority.
    const game = gameWith({
      players,
      expansions: ['labyrinth', 'innsCathedrals'].map((name) => expansionRegistry.get(name)!),
      rules: { meeples: 2, labyrinth: 'advanced' },
    });
    const evaluator = new Evaluator(game, { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 });
    const added = new Float64Array(players);
    const staged = new Float64Array(players);
    const followUps = new Int32Array(MAX_ACTIONS_HINT);
    const compared = [0, 0];
    const check = (state: State) => {
      if (state.phase !== PHASE_FOLLOW || state.closesFeature(state.lastPlaced)) return;
      const me = state.currentPlayer;
      const level = state.checkpoint();
      const n = state.legalFollowUps(followUps);
      for (let j = 0; j < n; j++) {
        const followUp = followUps[j]!;
        if (followUp === FOLLOW_NOTHING || followUp >= ACTION_BLOCK) continue;
        evaluator.baseTotals(state, added);
        evaluator.addMeeple(
          state,
          state.find(state.lastPlaced * game.segmentsPerTile + followUpSegment(followUp)),
          me,
          added,
          followUpKind(followUp),
        );
        state.stageFollowUp(followUp);
        evaluator.baseTotals(state, staged);
        state.rollback(level, true);
        expect(Array.from(added), state.actionToString(followUp)).toEqual(Array.from(staged));
        compared[followUpKind(followUp)]!++;
      }
      state.rollback(level);
    };
    for (let deal = 0; deal < 6; deal++) playChecked(game, 'kinds', deal, check);
    expect(compared[1]).toBeGreaterThan(20); // big meeples among them
  });
});

describe('a big meeple joining an occupied network', () => {
  // Advanced Labyrinth (lab-adv-branch-allowed-no-final-bonus's first turns): P0's meeple on U (-1,0),
  // LAB (1,0), then P1's U (2,0) on the free east branch; P1's big meeple there counts 2 against P0's
  // 1, so the network's worth goes to P1 alone (with a weight of 1 it would be shared).
  it('is valued with its weight, as placing it would', () => {
    const game = gameWith({
      players: 2,
      expansions: ['labyrinth', 'innsCathedrals'].map((name) => expansionRegistry.get(name)!),
      rules: { labyrinth: 'advanced' },
    });
    const [u, lab] = ['U', 'LAB'].map((id) => game.catalog.indexOf(id));
    const road = game.catalog.types[u!]!.segments.findIndex((seg) => seg.name === 'r1');
    const state = game.newState([u!, lab!, u!]);
    state.apply(game.cellOf(-1, 0) * 4 + 1);
    state.apply(meepleFollowUp(0, road));
    state.apply(game.cellOf(1, 0) * 4);
    state.apply(FOLLOW_NOTHING);
    state.setCurrentPlayer(1);
    state.apply(game.cellOf(2, 0) * 4 + 1);
    const big = meepleFollowUp(1, road);
    expect(state.isLegal(big)).toBe(true);
    const evaluator = new Evaluator(game);
    const added = new Float64Array(2);
    const staged = new Float64Array(2);
    evaluator.baseTotals(state, added);
    evaluator.addMeeple(state, state.find(state.lastPlaced * game.segmentsPerTile + road), 1, added, 1);
    const level = state.checkpoint();
    state.stageFollowUp(big);
    evaluator.baseTotals(state, staged);
    state.rollback(level);
    expect(Array.from(added)).toEqual(Array.from(staged));
    expect(staged[1]).toBeGreaterThan(staged[0]!); // the network's worth is P1's alone
  });
});

describe('a follow-up staged without ending the turn', () => {
  // After every placement of random games that completes nothing, each follow-up is applied (the turn
  // ends: scoring, end-of-turn hooks, the next draw) and, separately, only staged; the expansions'
  // evaluation must give the same numbers for both (one-ply valuation relies on it).
  it.each([2, 4])(
    'gets the same expansion evaluation as the applied one, all three expansions (advanced Labyrinth), %i players',
    (players) => {
      const game = gameWith({
        players,
        expansions: ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!),
        rules: { labyrinth: 'advanced' },
      });
      const evaluator = new Evaluator(game);
      const applied = new Float64Array(players);
      const staged = new Float64Array(players);
      const followUps = new Int32Array(MAX_ACTIONS_HINT);
      let compared = 0;
      let nonZero = 0;
      const check = (state: State) => {
        if (state.phase !== PHASE_FOLLOW || state.closesFeature(state.lastPlaced)) return;
        const deferFinal = state.deferFinal;
        state.deferFinal = true;
        const level = state.checkpoint();
        const n = state.legalFollowUps(followUps);
        for (let j = 0; j < n; j++) {
          applied.fill(0);
          staged.fill(0);
          state.apply(followUps[j]!);
          evaluator.addHooks(state, applied);
          state.rollback(level, true);
          state.stageFollowUp(followUps[j]!);
          evaluator.addHooks(state, staged);
          state.rollback(level, true);
          expect(Array.from(staged)).toEqual(Array.from(applied));
          compared++;
          if (applied.some((v) => v !== 0)) nonZero++;
        }
        state.rollback(level);
        state.deferFinal = deferFinal;
      };
      for (let deal = 0; deal < 3; deal++) playChecked(game, 'staged', deal, check, undefined, 'greedy');
      expect(compared).toBeGreaterThan(300);
      expect(nonZero).toBeGreaterThan(100); // the hooks had something to value
    },
  );
});
