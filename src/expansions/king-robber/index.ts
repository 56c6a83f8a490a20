/**
 * King and Robber Baron (`RULES.md` §4, `seeds/king-and-robber-baron.txt`). The player who completes
 * the first city takes the King; later, whoever completes a city of more tiles than the largest
 * completed so far takes it (equal size does not); the same for the Robber Baron with roads. It goes
 * to the completing player, whoever owns the feature; features completed with no meeple count
 * (R-K1). If one tile completes several, the largest counts. Scoring variants: `official` (1 per
 * completed city / road at the end), `flat10`, `flat15-40`, `incremental` (1 to the holder each time
 * a feature of its kind is completed; `kingRobberIncrementalTiming`: `after` any hand-over, the
 * project's ruling, or `before` it, as JCloisterZone's "continuously": the first completion pays nobody).
 */
import { SEG_CITY, SEG_ROAD, SOURCE, enumParam, intParam, rulesOf } from '../../engine/index.ts';
import type { Board, Expansion, FeatureScore } from '../../engine/index.ts';
import tileFile from './tiles.json' with { type: 'json' };

export const KING_ROBBER_PARAMS = {
  scoring: enumParam('kingRobberScoring', ['official', 'flat10', 'flat15-40', 'incremental'], 'official', 'how the King and the Robber Baron score'),
  perFeature: intParam('kingRobberPointsPerFeature', 1, 0, 20, 'official: points per completed city (King) or road (Robber Baron) at the end'),
  flat: intParam('kingRobberFlatPoints', 10, 0, 100, 'flat10: points per card held at the end'),
  flatEach: intParam('kingRobberFlatEachPoints', 15, 0, 100, 'flat15-40: points per card held at the end'),
  flatBoth: intParam('kingRobberFlatBothPoints', 40, 0, 100, 'flat15-40: points for one player holding both cards'),
  incremental: intParam('kingRobberIncrementalPoints', 1, 0, 20, 'incremental: points to the holder per completed feature of its kind'),
  incrementalTiming: enumParam('kingRobberIncrementalTiming', ['after', 'before'], 'after', 'incremental: the holder is paid after the turn\'s hand-over (ruling) or before it (the first completion pays nobody)'),
} as const;

const CARDS = [
  { name: 'king', title: 'King', kind: SEG_CITY, source: SOURCE.king, summary: 'kingHolder' },
  { name: 'robber', title: 'Robber Baron', kind: SEG_ROAD, source: SOURCE.robber, summary: 'robberHolder' },
] as const;
const STATS = CARDS.flatMap((c) => [`${c.name}FirstHolder`, `${c.name}FinalHolder`, `${c.name}Handovers`, `${c.name}Value`]);

export const kingRobber: Expansion = {
  name: 'kingRobber',
  title: 'King and Robber Baron',
  tiles: { data: tileFile, where: 'King and Robber Baron tiles (src/expansions/king-robber/tiles.json)' },
  params: Object.values(KING_ROBBER_PARAMS),
  stats: STATS,
  summaryKeys: CARDS.map((c) => c.summary),
  setup(ctx) {
    const { extOffset } = ctx;
    const rules = rulesOf(KING_ROBBER_PARAMS, ctx.rules);
    const scoring = rules.kingRobberScoring;
    const payBefore = rules.kingRobberIncrementalTiming === 'before';
    // State.ext per card c: holder (-1 none), largest completed size, completed features of its kind.
    const HOLDER = extOffset;
    const SIZE = extOffset + 2;
    const COMPLETED = extOffset + 4;
    const stat = (card: number, what: string) => ctx.stat(`${CARDS[card]!.name}${what}`);
    const feature: FeatureScore = {
      root: 0, kind: 0, completed: true, tiles: 0, pennants: 0, points: 0, bonus: 0, bonusSource: 0, meeples: 0, perPlayer: new Int32Array(ctx.players),
    };
    const pay = (state: Board, card: number, points: number) => {
      const holder = state.ext[HOLDER + card]!;
      if (holder < 0 || points === 0) return;
      state.addScore(holder, CARDS[card]!.source, points);
      state.stats[stat(card, 'Value')]! += points;
    };
    /** What card c pays its holder at the end under the scoring variant, as the board stands. */
    const endValue = (state: Board, c: number): number => {
      if (scoring === 'official') return state.ext[COMPLETED + c]! * rules.kingRobberPointsPerFeature;
      if (scoring === 'flat10') return rules.kingRobberFlatPoints;
      if (scoring !== 'flat15-40') return 0; // incremental: paid as features complete
      // One player with both cards: the 40 is split evenly between the two score sources.
      const both = state.ext[HOLDER]! >= 0 && state.ext[HOLDER]! === state.ext[HOLDER + 1]!;
      return both ? rules.kingRobberFlatBothPoints / 2 : rules.kingRobberFlatEachPoints;
    };

    return {
      extSlots: 6,
      initState(state) {
        for (let c = 0; c < 2; c++) {
          state.ext[HOLDER + c] = -1;
          state.stats[stat(c, 'FirstHolder')] = -1;
          state.stats[stat(c, 'FinalHolder')] = -1;
        }
      },
      afterScoring(state) {
        for (let c = 0; c < 2; c++) {
          let count = 0;
          let largest = 0;
          for (let i = 0; i < state.completedCount; i++) {
            const root = state.completedThisTurn[i]!;
            if (state.segmentKind(root) !== CARDS[c]!.kind) continue;
            count++;
            state.measure(root, feature);
            if (feature.tiles > largest) largest = feature.tiles;
          }
          if (count === 0) continue;
          state.ext[COMPLETED + c]! += count;
          const points = scoring === 'incremental' ? count * rules.kingRobberIncrementalPoints : 0;
          if (payBefore) pay(state, c, points);
          const holder = state.ext[HOLDER + c]!;
          if (holder < 0 || largest > state.ext[SIZE + c]!) {
            const taker = state.currentPlayer;
            if (holder < 0) state.stats[stat(c, 'FirstHolder')] = taker;
            else if (holder !== taker) state.stats[stat(c, 'Handovers')]! += 1;
            state.ext[HOLDER + c] = taker;
            state.ext[SIZE + c] = largest;
            state.stats[stat(c, 'FinalHolder')] = taker;
            if (state.sink && holder !== taker) state.sink({ type: 'expansion', turn: state.turnNumber(), expansion: 'kingRobber', what: `P${taker} takes the ${CARDS[c]!.name === 'king' ? 'King' : 'Robber Baron'}`, player: taker, points: 0, detail: `${CARDS[c]!.kind === SEG_CITY ? 'city' : 'road'} of ${largest} tiles` });
          }
          if (!payBefore) pay(state, c, points);
        }
      },
      finalScoring(state) {
        for (let c = 0; c < 2; c++) pay(state, c, endValue(state, c));
      },
      // Expected card value: the holder is credited what the card would pay at the end if the game
      // ended now (nothing under `incremental`, which pays as features complete).
      evaluate(state, expected) {
        for (let c = 0; c < 2; c++) {
          const holder = state.ext[HOLDER + c]!;
          if (holder >= 0) expected[holder]! += endValue(state, c);
        }
      },
      playerNotes(state, player) {
        return CARDS.flatMap((card, c) => (state.ext[HOLDER + c] === player ? [card.title] : []));
      },
      summary(state) {
        const holder = (c: number) => (state.ext[HOLDER + c]! >= 0 ? state.ext[HOLDER + c]! : null);
        return { kingHolder: holder(0), robberHolder: holder(1) };
      },
    };
  },
};
