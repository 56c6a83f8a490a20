/**
 * The base game as expansion zero (`RULES.md` §1): its tiles, its rule parameters, its score sources
 * and what its features pay, declared through the same contract as the three expansions. The engine
 * measures a feature (tiles, pennants, meeples; for a field the completed cities it borders), asks
 * this module what the feature pays (`scoreFeature`: points and the source they are booked under),
 * lets the expansions adjust it and pays the majority. Every point value is a rule parameter.
 */
import { SEG_CITY, SEG_FIELD, SEG_ROAD, defineExpansion, enumParam, intListParam, intParam, rulesOf } from '../../engine/index.ts';
import type { Expansion, FeatureScore, Rules, RulesOf } from '../../engine/index.ts';
import tileFile from './tiles.json' with { type: 'json' };

/** Base-game parameters (`RULES.md` §1). `meeples`, `farmers` and `seatCompensation` are read by the engine's mechanics too. */
export const BASE_PARAMS = {
  meeples: intParam('meeples', 7, 1, 30, 'meeples per player'),
  farmers: enumParam('farmers', ['on', 'off'], 'on', 'whether fields take farmers and score at the end'),
  roadPointsPerTile: intParam('roadPointsPerTile', 1, 0, 10, 'completed road: points per tile'),
  cityPointsPerTile: intParam('cityPointsPerTile', 2, 0, 10, 'completed city: points per tile'),
  cityPointsPerPennant: intParam('cityPointsPerPennant', 2, 0, 10, 'completed city: points per pennant'),
  monasteryPointsPerTile: intParam('monasteryPointsPerTile', 1, 0, 10, 'monastery: points per tile (itself and neighbours)'),
  finalRoadPointsPerTile: intParam('finalRoadPointsPerTile', 1, 0, 10, 'incomplete road at the end: points per tile'),
  finalCityPointsPerTile: intParam('finalCityPointsPerTile', 1, 0, 10, 'incomplete city at the end: points per tile'),
  finalCityPointsPerPennant: intParam('finalCityPointsPerPennant', 1, 0, 10, 'incomplete city at the end: points per pennant'),
  farmerPointsPerCity: intParam('farmerPointsPerCity', 3, 0, 10, 'field majority: points per completed bordering city'),
  seatCompensation: intListParam('seatCompensation', '0', 0, 100, 'house rule: points each seat starts with, in turn order ("0,1,2,3"); missing seats start with 0'),
} as const;

/** The base game's resolved rules, typed. */
export type BaseRules = RulesOf<typeof BASE_PARAMS>;

/** The base game's values in a game's resolved rules (every game has them). */
export function baseRules(game: { readonly rules: Rules }): BaseRules {
  return rulesOf(BASE_PARAMS, game.rules);
}

export const baseGame: Expansion = defineExpansion({
  name: 'base',
  title: 'Carcassonne',
  tiles: { data: tileFile, where: 'base tiles (src/expansions/base/tiles.json)' },
  params: Object.values(BASE_PARAMS),
  // The first columns of every game's score breakdown, in this order (`GameSetup.scoreSources`).
  scoreSources: ['road', 'city', 'monastery', 'field'],
  setup(ctx) {
    const rules = rulesOf(BASE_PARAMS, ctx.rules);
    const road = ctx.source('road');
    const city = ctx.source('city');
    const monastery = ctx.source('monastery');
    const field = ctx.source('field');
    return {
      /** What a measured feature pays its majority, and under which source. */
      scoreFeature(_state, f: FeatureScore): void {
        switch (f.kind) {
          case SEG_ROAD:
            f.source = road;
            f.points = f.tiles * (f.completed ? rules.roadPointsPerTile : rules.finalRoadPointsPerTile);
            break;
          case SEG_CITY:
            f.source = city;
            f.points = f.completed
              ? f.tiles * rules.cityPointsPerTile + f.pennants * rules.cityPointsPerPennant
              : f.tiles * rules.finalCityPointsPerTile + f.pennants * rules.finalCityPointsPerPennant;
            break;
          case SEG_FIELD:
            f.source = field;
            f.points = f.cities * rules.farmerPointsPerCity;
            break;
          default:
            f.source = monastery;
            f.points = f.tiles * rules.monasteryPointsPerTile;
        }
      },
    };
  },
});
