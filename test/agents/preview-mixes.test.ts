/**
 * The placement preview (`preview.ts`, with the rule modules' `preview` hooks) against the placement
 * made, on every mix of expansions at every player count 2–5: for every legal placement of every turn of
 * a game (random or greedy play), the previewed value and best follow-up equal those of making the
 * placement, making each legal follow-up and evaluating the position from scratch (the first best in
 * legal order), to the last bit: with weights that are multiples of ¼ every worth is one too, so the
 * sums are exact in any order; so does the preview as agents run it, which lists only the follow-ups
 * that can be the first best, and the preview valuing the placement with no follow-up (the Tollkeepers'
 * part then lists no tollhouse move). A placement the preview declines (NaN) is counted; it must stay rare.
 * Each case also shows that it met what the modules preview: tolls paid, cards handed over, inn roads
 * and cathedral cities completed, Labyrinth bonuses, tollhouse moves and big meeples chosen.
 */
import { describe, expect, it, vi } from 'vitest';
import { EPSILON, Evaluator } from '../../src/agents/evaluation/evaluation.ts';
import type { Weights } from '../../src/agents/evaluation/evaluation.ts';
import { OnePly } from '../../src/agents/speed-path/one-ply.ts';
import { PlacementPreview } from '../../src/agents/speed-path/preview.ts';
import { ACTION_BLOCK, FOLLOW_NOTHING, MAX_ACTIONS_HINT, PHASE_PLACE, followUpKind } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { gameWith, playChecked } from '../util.ts';

/** Calls of the Tollkeepers' listing of the tollhouse moves to free crossroads (the hook's and the preview's). */
const listed = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/expansions/tollkeepers/hooks.ts', async (original) => {
  const hooks = await original<typeof import('../../src/expansions/tollkeepers/hooks.ts')>();
  return {
    ...hooks,
    freeCrossroadsOf: (...args: Parameters<typeof hooks.freeCrossroadsOf>) => {
      const list = hooks.freeCrossroadsOf(...args);
      return (...call: Parameters<typeof list>) => {
        listed.calls++;
        return list(...call);
      };
    },
  };
});

/** The statistics that tell a module scored in a turn (the ones the game has). */
const SCORED = [
  'tollIllustrationIncome1',
  'tollTravellersIncome1',
  'tollIllustrationIncome2',
  'tollTravellersIncome2',
  'kingHandovers',
  'robberHandovers',
  'kingValue',
  'robberValue',
  'innRoadsCompleted',
  'cathedralCitiesCompleted',
  'labyrinthBonusPoints',
];

/** The `SCORED` statistics that moved after a previewed placement, over all cases. */
const scoredStats = new Set<string>();

interface Counts {
  placements: number;
  declined: number;
  /** Previewed placements after which some follow-up makes a module score (a `SCORED` statistic moves). */
  moduleScored: number;
  /** Follow-ups of previewed placements that are an expansion's own, or a meeple of another kind (each valued both ways). */
  moduleFollowUps: number;
  otherKinds: number;
  /** Tollhouse move listings while previewing with the follow-ups valued. */
  listings: number;
}

/** The made placement's legal follow-ups, each made and the position evaluated from scratch, and whether a module scored after one. */
interface Made {
  n: number;
  followUps: Int32Array;
  values: Float64Array;
  moduleScored: boolean;
}

function madeAndEvaluated(state: State, evaluator: Evaluator, me: number, scored: string[], out: Made): void {
  out.n = state.legalFollowUps(out.followUps);
  const level = state.checkpoint();
  const stats = scored.map((name) => state.game.statIndex(name));
  const before = stats.map((i) => state.stats[i]!);
  out.moduleScored = false;
  for (let j = 0; j < out.n; j++) {
    state.apply(out.followUps[j]!);
    out.values[j] = evaluator.margin(state, me);
    for (const [k, i] of stats.entries()) {
      if (state.stats[i] === before[k]) continue;
      out.moduleScored = true;
      scoredStats.add(scored[k]!);
    }
    state.rollback(level, true);
  }
  state.rollback(level);
}

/** Compares preview and made placement on every placement of every turn of deal `deal`. */
function compareOn(game: Game, deal: number, agent: string, weights?: Weights): Counts {
  const onePly = new OnePly(game, weights);
  const preview = new PlacementPreview(onePly.evaluator, true);
  // As agents preview: without every follow-up listed; and with no follow-up valued.
  const quick = new PlacementPreview(onePly.evaluator);
  const alone = new PlacementPreview(onePly.evaluator);
  expect(preview.applies).toBe(true);
  const fresh = new Evaluator(game, weights);
  const scored = SCORED.filter((name) => game.statNames.includes(name));
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  const counts: Counts = {
    placements: 0,
    declined: 0,
    moduleScored: 0,
    moduleFollowUps: 0,
    otherKinds: 0,
    listings: 0,
  };
  const made: Made = {
    n: 0,
    followUps: new Int32Array(MAX_ACTIONS_HINT),
    values: new Float64Array(MAX_ACTIONS_HINT),
    moduleScored: false,
  };
  const check = (state: State) => {
    if (state.phase !== PHASE_PLACE) return;
    const me = state.currentPlayer;
    state.deferFinal = true;
    onePly.remember(state);
    const n = state.legalPlacements(legal);
    for (let i = 0; i < n; i++) {
      const what = `turn ${state.placedCount}: ${state.actionToString(legal[i]!)}`;
      // First in the position (i = 0) and after the others: with no follow-up valued, no tollhouse move is listed.
      const calls = listed.calls;
      const valueAlone = alone.value(state, legal[i]!, me, false) ? alone.best : NaN;
      expect(listed.calls, what).toBe(calls);
      const value = preview.value(state, legal[i]!, me) ? preview.best : NaN;
      counts.listings += listed.calls - calls;
      const level = state.checkpoint();
      state.apply(legal[i]!);
      madeAndEvaluated(state, fresh, me, scored, made);
      state.rollback(level);
      counts.placements++;
      if (Number.isNaN(value)) {
        counts.declined++;
        continue;
      }
      // Every legal follow-up, in legal order, with its value; then the first best.
      expect(preview.count, what).toBe(made.n);
      expect(Array.from(preview.followUps.subarray(0, made.n)), what).toEqual(
        Array.from(made.followUps.subarray(0, made.n)),
      );
      expect(Array.from(preview.values.subarray(0, made.n)), what).toEqual(Array.from(made.values.subarray(0, made.n)));
      let best = 0;
      for (let j = 1; j < made.n; j++) if (made.values[j]! > made.values[best]! + EPSILON) best = j;
      expect(value, what).toBe(made.values[best]);
      expect(preview.followUp, what).toBe(made.followUps[best]);
      expect(quick.value(state, legal[i]!, me), what).toBe(true);
      expect([quick.best, quick.followUp], what).toEqual([value, preview.followUp]);
      expect([valueAlone, alone.followUp], what).toEqual([made.values[0], FOLLOW_NOTHING]);
      if (made.moduleScored) counts.moduleScored++;
      for (let j = 0; j < made.n; j++) {
        if (made.followUps[j]! >= ACTION_BLOCK) counts.moduleFollowUps++;
        else if (made.followUps[j]! > 0 && followUpKind(made.followUps[j]!) > 0) counts.otherKinds++;
      }
    }
    onePly.forget();
    state.deferFinal = false;
  };
  playChecked(game, 'preview-mixes', deal, check, undefined, agent);
  return counts;
}

const ALL = ['tollkeepers', 'labyrinth', 'kingRobber', 'innsCathedrals'];
const gameOf = (names: readonly string[], players: number, rules: Readonly<Record<string, unknown>>) =>
  gameWith({ players, expansions: names.map((name) => expansionRegistry.get(name)!), rules });
/** The charges `strong` values its shortlist with (multiples of ¼, as the defaults). */
const CHARGED: Weights = { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 };

/**
 * Every mix of the four expansions (the base game alone too) at every player count 2–5: the
 * advanced Labyrinth at even player counts, greedy play in every third case, `strong`'s charges in
 * every other.
 */
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
    weights: i % 2 ? CHARGED : undefined,
  };
});

/** Other rules: the scoring variants and rates each module previews by, farmers off, hands that run empty. */
const VARIANTS = [
  { names: ['kingRobber'], players: 2, rules: { kingRobberScoring: 'incremental' } },
  {
    names: ['kingRobber', 'tollkeepers'],
    players: 3,
    rules: { kingRobberScoring: 'incremental', kingRobberIncrementalTiming: 'before' },
  },
  { names: ['kingRobber'], players: 4, rules: { kingRobberScoring: 'flat15-40' } },
  { names: ['kingRobber', 'innsCathedrals'], players: 5, rules: { kingRobberScoring: 'flat10' } },
  {
    names: ['innsCathedrals'],
    players: 3,
    rules: { innPointsPerTile: 3, cathedralPointsPerTile: 4, finalCathedralPointsPerPennant: 1 },
  },
  { names: ['labyrinth'], players: 2, rules: { labyrinth: 'advanced', labyrinthMeepleBonus: 3 } },
  {
    names: ['tollkeepers'],
    players: 5,
    rules: { tollkeepersEdition: 'C2', tollTravellersPoints2: 7, tollFinalTravellersPoints: 2 },
  },
  { names: ALL, players: 3, rules: { farmers: 'off', labyrinth: 'advanced' } },
  { names: ALL, players: 2, rules: { meeples: 2, farmerPointsPerCity: 4 }, weights: CHARGED },
].map((v, k) => ({ agent: k % 2 ? 'greedy' : 'random', weights: undefined as Weights | undefined, ...v }));

const title = (c: (typeof MIXES)[number]) =>
  `${c.names.join(' + ') || 'base game'}, ${c.players} players${Object.keys(c.rules).length ? ` (${JSON.stringify(c.rules)})` : ''}, ${c.agent} play`;

describe('placement preview with expansions', () => {
  for (const [k, c] of [...MIXES, ...VARIANTS].entries()) {
    it(`values every placement as made: ${title(c)}`, () => {
      const counts = compareOn(gameOf(c.names, c.players, c.rules), k, c.agent, c.weights);
      expect(counts.declined).toBeLessThan(counts.placements / 20);
      if (c.names.some((name) => name !== 'labyrinth')) expect(counts.moduleScored).toBeGreaterThan(0);
      if (c.names.includes('tollkeepers')) expect(counts.moduleFollowUps).toBeGreaterThan(0);
      if (c.names.includes('tollkeepers')) expect(counts.listings).toBeGreaterThan(0);
      if (c.names.includes('innsCathedrals')) expect(counts.otherKinds).toBeGreaterThan(0);
    });
  }
  it('met every way a module scores in the cases above (each statistic moved after a previewed placement)', () => {
    expect([...scoredStats].sort()).toEqual([...SCORED].sort());
  });
});
