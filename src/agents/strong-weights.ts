/**
 * The learned evaluation's weights per player count (`learned.ts`). Written by `npm run train`
 * (scripts/train.ts); do not edit by hand.
 */
export const STRONG_WEIGHTS = {
  byPlayers: {
    '2': {
      roadComplete: 0.5, roadFinal: 0.5, roadCompleteEarly: 0, roadFinalEarly: 0,
      cityComplete: 0.5, cityFinal: 0.5, cityCompleteEarly: 0, cityFinalEarly: 0, cityCompleteWide: 0, cityFinalWide: 0,
      monasteryNow: 1, monasteryRest: 0, monasteryRestEarly: 0,
      farmCompleted: 1, farmOpen: 0, farmOpenEarly: 0,
      minorityStake: 0,
      hand: 1.25, handEarly: 0, emptyHand: -2, farmers: -4,
      turnsLeft: 0, constant: 0,
      expansions: 1,
    },
    '3': {
      roadComplete: 0.5, roadFinal: 0.5, roadCompleteEarly: 0, roadFinalEarly: 0,
      cityComplete: 0.5, cityFinal: 0.5, cityCompleteEarly: 0, cityFinalEarly: 0, cityCompleteWide: 0, cityFinalWide: 0,
      monasteryNow: 1, monasteryRest: 0, monasteryRestEarly: 0,
      farmCompleted: 1, farmOpen: 0, farmOpenEarly: 0,
      minorityStake: 0,
      hand: 1.25, handEarly: 0, emptyHand: -2, farmers: -4,
      turnsLeft: 0, constant: 0,
      expansions: 1,
    },
    '4': {
      roadComplete: 0.5, roadFinal: 0.5, roadCompleteEarly: 0, roadFinalEarly: 0,
      cityComplete: 0.5, cityFinal: 0.5, cityCompleteEarly: 0, cityFinalEarly: 0, cityCompleteWide: 0, cityFinalWide: 0,
      monasteryNow: 1, monasteryRest: 0, monasteryRestEarly: 0,
      farmCompleted: 1, farmOpen: 0, farmOpenEarly: 0,
      minorityStake: 0,
      hand: 1.25, handEarly: 0, emptyHand: -2, farmers: -4,
      turnsLeft: 0, constant: 0,
      expansions: 1,
    },
    '5': {
      roadComplete: 0.5, roadFinal: 0.5, roadCompleteEarly: 0, roadFinalEarly: 0,
      cityComplete: 0.5, cityFinal: 0.5, cityCompleteEarly: 0, cityFinalEarly: 0, cityCompleteWide: 0, cityFinalWide: 0,
      monasteryNow: 1, monasteryRest: 0, monasteryRestEarly: 0,
      farmCompleted: 1, farmOpen: 0, farmOpenEarly: 0,
      minorityStake: 0,
      hand: 1.25, handEarly: 0, emptyHand: -2, farmers: -4,
      turnsLeft: 0, constant: 0,
      expansions: 1,
    },
  },
  training: null as null | Record<string, unknown>,
};
