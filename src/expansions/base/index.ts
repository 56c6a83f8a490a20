/**
 * The base game as expansion zero (docs/rules.md §1): its tiles, its rule parameters, its score sources
 * and what its features pay, declared through the same contract as the three expansions. What a
 * feature pays is one table of rates per kind (`featureRates`: per tile, pennant and bordering
 * completed city; completed and at the end). The engine measures a feature (tiles, pennants,
 * meeples; for a field the completed cities it borders), asks this module what it pays (`price`:
 * points by the rates, and the source), lets the expansions adjust it and pays the majority; agents
 * value open features by the same answer (`Game.pays`). Every point value is a rule parameter. The
 * farmers are this module's too: which segments take a meeple (`meepleSpots`: no field without
 * farmers) and the fields' final scoring (`farmers.ts`). Its mechanics, for restricted play: a meeple
 * on each kind of feature.
 */
import {
  SEG_CITY,
  SEG_FIELD,
  SEG_MONASTERY,
  SEG_ROAD,
  InputError,
  defineExpansion,
  enumParam,
  intListParam,
  intParam,
  meepleSegmentOf,
  paramsOf,
} from '../../engine/index.ts';
import type { BoardView, Expansion, FeatureRates, FeatureScore, ParamValues, ParamsOf } from '../../engine/index.ts';
import { fieldScoring } from './farmers.ts';
import tileFile from './tiles.json' with { type: 'json' };

/** Base-game parameters (docs/rules.md §1). */
export const BASE_PARAMS = {
  meeples: intParam('meeples', 7, 1, 30, 'meeples per player'),
  farmers: enumParam('farmers', ['on', 'off'], 'on', 'whether fields take farmers and score at the end'),
  roadPointsPerTile: intParam('roadPointsPerTile', 1, 0, 10, 'completed road: points per tile'),
  cityPointsPerTile: intParam('cityPointsPerTile', 2, 0, 10, 'completed city: points per tile'),
  cityPointsPerPennant: intParam('cityPointsPerPennant', 2, 0, 10, 'completed city: points per pennant'),
  monasteryPointsPerTile: intParam(
    'monasteryPointsPerTile',
    1,
    0,
    10,
    'monastery: points per tile (itself and neighbours)',
  ),
  finalRoadPointsPerTile: intParam('finalRoadPointsPerTile', 1, 0, 10, 'incomplete road at the end: points per tile'),
  finalCityPointsPerTile: intParam('finalCityPointsPerTile', 1, 0, 10, 'incomplete city at the end: points per tile'),
  finalCityPointsPerPennant: intParam(
    'finalCityPointsPerPennant',
    1,
    0,
    10,
    'incomplete city at the end: points per pennant',
  ),
  farmerPointsPerCity: intParam('farmerPointsPerCity', 3, 0, 10, 'field majority: points per completed bordering city'),
  seatCompensation: intListParam(
    'seatCompensation',
    [0],
    0,
    100,
    'house rule: points each seat starts with, in turn order ("0,1,2,3"); missing seats start with 0',
  ),
} as const;

/** The base game's resolved rules, typed. */
export type BaseRules = ParamsOf<typeof BASE_PARAMS>;

/** The base game's values in a game's resolved rules (every game has them). */
export function baseRules(game: { readonly rules: ParamValues }): BaseRules {
  return paramsOf(BASE_PARAMS, game.rules);
}

export const baseGame: Expansion = defineExpansion({
  name: 'base',
  title: 'Carcassonne',
  tiles: { data: tileFile, where: 'base tiles (src/expansions/base/tiles.json)' },
  params: Object.values(BASE_PARAMS),
  // The first columns of every game's score breakdown, in this order (`GameSetup.scoreSources`).
  scoreSources: ['road', 'city', 'monastery', 'field'],
  mechanics: [
    { name: 'farmers', description: 'a meeple in a field (a farmer)' },
    { name: 'roadMeeples', description: 'a meeple on a road (a Labyrinth network is a road too)' },
    { name: 'cityMeeples', description: 'a meeple in a city' },
    { name: 'monasteryMeeples', description: 'a meeple on a monastery' },
  ],
  setup(ctx) {
    const rules = paramsOf(BASE_PARAMS, ctx.rules);
    const farmers = rules.farmers === 'on';
    const compensation = rules.seatCompensation;
    if (compensation.length > ctx.players)
      throw new InputError(
        'rules',
        `${ctx.where}: rule "seatCompensation" lists ${compensation.length} seats for ${ctx.players} players`,
      );
    // By segment kind (SEG_ROAD, SEG_CITY, SEG_FIELD, SEG_MONASTERY): the rates and the score source.
    const rates: FeatureRates[] = [];
    rates[SEG_ROAD] = {
      tile: rules.roadPointsPerTile,
      pennant: 0,
      city: 0,
      finalTile: rules.finalRoadPointsPerTile,
      finalPennant: 0,
      finalCity: 0,
    };
    rates[SEG_CITY] = {
      tile: rules.cityPointsPerTile,
      pennant: rules.cityPointsPerPennant,
      city: 0,
      finalTile: rules.finalCityPointsPerTile,
      finalPennant: rules.finalCityPointsPerPennant,
      finalCity: 0,
    };
    // A field is never completed; with farmers off it holds no farmer and pays nothing.
    const perCity = farmers ? rules.farmerPointsPerCity : 0;
    rates[SEG_FIELD] = { tile: 0, pennant: 0, city: perCity, finalTile: 0, finalPennant: 0, finalCity: perCity };
    rates[SEG_MONASTERY] = {
      tile: rules.monasteryPointsPerTile,
      pennant: 0,
      city: 0,
      finalTile: rules.monasteryPointsPerTile,
      finalPennant: 0,
      finalCity: 0,
    };
    const sources: number[] = [];
    sources[SEG_ROAD] = ctx.source('road');
    sources[SEG_CITY] = ctx.source('city');
    sources[SEG_FIELD] = ctx.source('field');
    sources[SEG_MONASTERY] = ctx.source('monastery');
    /** Whether a follow-up puts a meeple on a segment of kind `kind`. */
    const meepleOn =
      (kind: number) =>
      (state: BoardView, followUp: number): boolean => {
        const g = meepleSegmentOf(state, followUp);
        return g >= 0 && state.segmentKind(g) === kind;
      };
    /** What a measured feature pays its majority (tiles, pennants, completed cities bordered: the engine's measure), and under which source. */
    const price = (f: FeatureScore): void => {
      const r = rates[f.kind]!;
      f.source = sources[f.kind]!;
      f.points = f.completed
        ? f.tiles * r.tile + f.pennants * r.pennant + f.cities * r.city
        : f.tiles * r.finalTile + f.pennants * r.finalPennant + f.cities * r.finalCity;
    };
    return {
      // House rule `seatCompensation`: each seat starts with its points.
      initState(state) {
        for (let p = 0; p < compensation.length; p++) state.addScore(p, ctx.seatSource, compensation[p]!);
      },
      featureRates: rates,
      meeplesPerPlayer: rules.meeples,
      // A meeple may stand on every segment, but on a field only with farmers.
      meepleSpots: ctx.segmentField((segment) => (farmers || segment.kind !== SEG_FIELD ? 1 : 0)),
      // An object of one shape (no spread): scoring and the agents read its `price` in their hot paths.
      finalScoring: farmers ? fieldScoring(ctx.players, ctx.price) : undefined,
      usesMechanic: {
        farmers: meepleOn(SEG_FIELD),
        roadMeeples: meepleOn(SEG_ROAD),
        cityMeeples: meepleOn(SEG_CITY),
        monasteryMeeples: meepleOn(SEG_MONASTERY),
      },
      price,
    };
  },
});
