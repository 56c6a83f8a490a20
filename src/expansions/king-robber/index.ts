/**
 * King and Robber Baron (docs/rules.md §4). The player who completes
 * the first city takes the King; later, whoever completes a city of more tiles than the largest
 * completed so far takes it (equal size does not); the same for the Robber Baron with roads. It goes
 * to the completing player, whoever owns the feature; features completed with no meeple count
 * (R-K1). If one tile completes several, the largest counts. Scoring variants: `official` (1 per
 * completed city / road at the end), `flat10`, `flat15-40`, `incremental` (1 to the holder each time
 * a feature of its kind is completed; `kingRobberIncrementalTiming`: `after` any hand-over, the
 * project's ruling, or `before` it, as JCloisterZone's "continuously": the first completion pays nobody).
 * It declares no mechanics for restricted play: the cards go by the rules alone, no player chooses
 * anything of them.
 */
import {
  blankFeatureScore,
  SEG_CITY,
  SEG_ROAD,
  defineExpansion,
  enumParam,
  eventKind,
  intParam,
  paramsOf,
} from '../../engine/index.ts';
import type {
  BoardView,
  Expansion,
  ExpansionHooks,
  FeatureScore,
  ModulePreview,
  ReadonlyNumbers,
  SetupContext,
} from '../../engine/index.ts';
import tileFile from './tiles.json' with { type: 'json' };

export const KING_ROBBER_PARAMS = {
  scoring: enumParam(
    'kingRobberScoring',
    ['official', 'flat10', 'flat15-40', 'incremental'],
    'official',
    'how the King and the Robber Baron score',
  ),
  perFeature: intParam(
    'kingRobberPointsPerFeature',
    1,
    0,
    20,
    'official: points per completed city (King) or road (Robber Baron) at the end',
  ),
  flat: intParam('kingRobberFlatPoints', 10, 0, 100, 'flat10: points per card held at the end'),
  flatEach: intParam('kingRobberFlatEachPoints', 15, 0, 100, 'flat15-40: points per card held at the end'),
  flatBoth: intParam('kingRobberFlatBothPoints', 40, 0, 100, 'flat15-40: points for one player holding both cards'),
  incremental: intParam(
    'kingRobberIncrementalPoints',
    1,
    0,
    20,
    'incremental: points to the holder per completed feature of its kind',
  ),
  incrementalTiming: enumParam(
    'kingRobberIncrementalTiming',
    ['after', 'before'],
    'after',
    "incremental: the holder is paid after the turn's hand-over (ruling) or before it (the first completion pays nobody)",
  ),
} as const;

const CARDS = [
  { name: 'king', title: 'King', kind: SEG_CITY, summary: 'kingHolder' },
  { name: 'robber', title: 'Robber Baron', kind: SEG_ROAD, summary: 'robberHolder' },
] as const;
const STATS = CARDS.flatMap((c) => [
  `${c.name}FirstHolder`,
  `${c.name}FinalHolder`,
  `${c.name}Handovers`,
  `${c.name}Value`,
]);

/** Per card (King, Robber Baron): its holder (-1: none), the largest completed size, the completed features of its kind. */
const STATE = {
  holder: { type: 'i8', length: CARDS.length, initial: -1 },
  largest: { type: 'i16', length: CARDS.length },
  completed: { type: 'i16', length: CARDS.length },
} as const;

const EVENTS = {
  kingHandedOver: eventKind(
    { from: 'player', to: 'player', cityTiles: 'int' },
    (e) => `P${e.to} takes the King (city of ${e.cityTiles} tiles)`,
  ),
  robberHandedOver: eventKind(
    { from: 'player', to: 'player', roadTiles: 'int' },
    (e) => `P${e.to} takes the Robber Baron (road of ${e.roadTiles} tiles)`,
  ),
} as const;

type CardContext = SetupContext<typeof STATE, typeof EVENTS>;

/** The cards' set-up: the scoring variant's values, the statistics and sources, and what a card pays. */
function cardsOf(ctx: CardContext) {
  const { own } = ctx;
  const rules = paramsOf(KING_ROBBER_PARAMS, ctx.rules);
  const scoring = rules.kingRobberScoring;
  // Per card, the indices of its statistics in `State.stats` (looked up once, not per scoring).
  const stat = CARDS.map((c) => ({
    firstHolder: ctx.stat(`${c.name}FirstHolder`),
    finalHolder: ctx.stat(`${c.name}FinalHolder`),
    handovers: ctx.stat(`${c.name}Handovers`),
    value: ctx.stat(`${c.name}Value`),
  }));
  const sources = CARDS.map((c) => ctx.source(c.name));
  /** What card c pays its holder at the end under the scoring variant, with `completed` features of each card's kind and the cards' `holder`s. */
  const endValueOf = (c: number, completed: ReadonlyNumbers, holder: ReadonlyNumbers): number => {
    if (scoring === 'official') return completed[c]! * rules.kingRobberPointsPerFeature;
    if (scoring === 'flat10') return rules.kingRobberFlatPoints;
    if (scoring !== 'flat15-40') return 0; // incremental: paid as features complete
    if (holder[0]! < 0 || holder[0] !== holder[1]) return rules.kingRobberFlatEachPoints;
    // One player with both cards: the points are split between the two score sources in whole
    // points (scores are integers), the King taking the odd one, so both add up to the parameter.
    const robberShare = Math.floor(rules.kingRobberFlatBothPoints / 2);
    return c === 0 ? rules.kingRobberFlatBothPoints - robberShare : robberShare;
  };
  return {
    ctx,
    stat,
    payBefore: rules.kingRobberIncrementalTiming === 'before',
    /** What the completion of one feature of a card's kind pays its holder (`incremental` only). */
    perCompletion: scoring === 'incremental' ? rules.kingRobberIncrementalPoints : 0,
    /** What one more completed feature of a card's kind adds to its holder's points, now or at the end. */
    growth:
      scoring === 'official'
        ? rules.kingRobberPointsPerFeature
        : scoring === 'incremental'
          ? rules.kingRobberIncrementalPoints
          : 0,
    feature: blankFeatureScore(ctx.players, true) as FeatureScore,
    pay(state: BoardView, card: number, points: number) {
      const holder = own(state).holder[card]!;
      if (holder < 0 || points === 0) return;
      state.addScore(holder, sources[card]!, points);
      state.addStat(stat[card]!.value, points);
    },
    /** What card c pays its holder at the end, as the board stands. */
    endValue: (state: BoardView, c: number): number => endValueOf(c, own(state).completed, own(state).holder),
    /** Adds to `expected` each card's end value to its holder. */
    addEndValues(expected: Float64Array, completed: ReadonlyNumbers, holder: ReadonlyNumbers, sign: number) {
      for (let c = 0; c < 2; c++) if (holder[c]! >= 0) expected[holder[c]!]! += sign * endValueOf(c, completed, holder);
    },
  };
}
type Cards = ReturnType<typeof cardsOf>;

/**
 * The agents' placement preview: the cards change only when the placement completes a city or a
 * road, as `afterScoring` hands them over and pays them, and `evaluate` credits them after.
 */
function cardPreview(cards: Cards): ModulePreview {
  const { own } = cards.ctx;
  const { feature, payBefore, perCompletion } = cards;
  const completedAfter = new Int32Array(CARDS.length);
  const holderAfter = new Int32Array(CARDS.length);
  return {
    placement(state, prospect, out) {
      if (prospect.completed === 0) return true;
      const { holder, largest: largestDone, completed } = own(state);
      let changed = false;
      for (let c = 0; c < 2; c++) {
        completedAfter[c] = completed[c]!;
        holderAfter[c] = holder[c]!;
        let count = 0;
        let largest = 0;
        for (let s = 0; s < prospect.count; s++) {
          if (prospect.group[s] !== s || prospect.kindOf(s) !== CARDS[c]!.kind || !prospect.completes(s)) continue;
          count++;
          prospect.measure(s, feature);
          if (feature.tiles > largest) largest = feature.tiles;
        }
        if (count === 0) continue;
        changed = true;
        completedAfter[c]! += count;
        const points = count * perCompletion;
        if (payBefore && holder[c]! >= 0) out[holder[c]!]! += points;
        if (holder[c]! < 0 || largest > largestDone[c]!) holderAfter[c] = state.currentPlayer;
        if (!payBefore) out[holderAfter[c]!]! += points;
      }
      if (changed) {
        cards.addEndValues(out, completed, holder, -1);
        cards.addEndValues(out, completedAfter, holderAfter, 1);
      }
      return true;
    },
  };
}

/** After a turn's scoring: the cards go to the completing player of a larger feature, and `incremental` pays. */
function handOver(cards: Cards): ExpansionHooks['afterScoring'] {
  const { own, emit } = cards.ctx;
  const { feature, payBefore, perCompletion, stat } = cards;
  return (state) => {
    for (let c = 0; c < 2; c++) {
      let count = 0;
      let largest = 0;
      for (let i = 0; i < state.completedCount; i++) {
        const root = state.completedFeature(i);
        if (state.segmentKind(root) !== CARDS[c]!.kind) continue;
        count++;
        state.measure(root, feature);
        if (feature.tiles > largest) largest = feature.tiles;
      }
      if (count === 0) continue;
      const { holder: holders, largest: largestDone, completed } = own(state);
      completed[c]! += count;
      if (payBefore) cards.pay(state, c, count * perCompletion);
      const holder = holders[c]!;
      if (holder < 0 || largest > largestDone[c]!) {
        const taker = state.currentPlayer;
        if (holder < 0) state.setStat(stat[c]!.firstHolder, taker);
        else if (holder !== taker) state.addStat(stat[c]!.handovers, 1);
        holders[c] = taker;
        largestDone[c] = largest;
        state.setStat(stat[c]!.finalHolder, taker);
        if (state.sink && holder !== taker) {
          if (c === 0) emit(state, 'kingHandedOver', { from: holder, to: taker, cityTiles: largest });
          else emit(state, 'robberHandedOver', { from: holder, to: taker, roadTiles: largest });
        }
      }
      if (!payBefore) cards.pay(state, c, count * perCompletion);
    }
  };
}

export const kingRobber: Expansion = defineExpansion({
  name: 'kingRobber',
  title: 'King and Robber Baron',
  tiles: { data: tileFile, where: 'King and Robber Baron tiles (src/expansions/king-robber/tiles.json)' },
  params: Object.values(KING_ROBBER_PARAMS),
  stats: STATS,
  scoreSources: CARDS.map((c) => c.name),
  summaryKeys: CARDS.map((c) => c.summary),
  state: STATE,
  events: EVENTS,
  setup(ctx) {
    const { own } = ctx;
    const cards = cardsOf(ctx);
    return {
      initState(state) {
        for (let c = 0; c < 2; c++) {
          state.setStat(cards.stat[c]!.firstHolder, -1);
          state.setStat(cards.stat[c]!.finalHolder, -1);
        }
      },
      afterScoring: handOver(cards),
      finalScoring(state) {
        for (let c = 0; c < 2; c++) cards.pay(state, c, cards.endValue(state, c));
      },
      // Expected card value: the holder is credited what the card would pay at the end if the game
      // ended now (nothing under `incremental`, which pays as features complete).
      evaluate(state, expected) {
        cards.addEndValues(expected, own(state).completed, own(state).holder, 1);
      },
      // For the value network: each holder gains `growth` per further completion of its card's kind.
      evaluateGrowth(state, gain) {
        const holder = own(state).holder;
        for (let c = 0; c < 2; c++) if (holder[c]! >= 0) gain[holder[c]!]! += cards.growth;
      },
      // For the value network: each card goes to the completer of a feature of its kind larger than
      // the largest completed so far, and pays its end value (as the board stands) and its growth.
      evaluateRecords(state, visit) {
        const { holder, largest } = own(state);
        for (let c = 0; c < 2; c++)
          visit(CARDS[c]!.kind, largest[c]!, holder[c]!, cards.endValue(state, c), cards.growth);
      },
      preview: cardPreview(cards),
      playerNotes(state, player) {
        const holder = own(state).holder;
        return CARDS.flatMap((card, c) => (holder[c] === player ? [card.title] : []));
      },
      summary(state) {
        const holder = (c: number) => (own(state).holder[c]! >= 0 ? own(state).holder[c]! : null);
        return { kingHolder: holder(0), robberHolder: holder(1) };
      },
    };
  },
});
