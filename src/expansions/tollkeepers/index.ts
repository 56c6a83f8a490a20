/**
 * The Tollkeepers (docs/rules.md §2). Each player has one two-sided tollhouse
 * (value 1 or 2). In a turn without a meeple the player may place it (showing 1) or relocate it
 * (keeping its value) onto any free crossroads. When a road is completed, each tollhouse on a
 * crossroads where the road ends pays its owner per illustration attached to the road's own segments
 * and per group of travellers on it (R-T1: once per road per tollhouse; R-T2: the tollhouse step
 * comes before scoring; R-T3: a tollhouse is not a meeple). A tollhouse that scored travellers flips
 * at the end of the turn. At the end, incomplete roads pay 1 per illustration and per travellers group.
 * Mechanics (restricted play): the tollhouse follow-ups, and of them the relocations.
 */
import { defineExpansion, paramsOf } from '../../engine/index.ts';
import type { Expansion, TileType } from '../../engine/index.ts';
import { tollsOf } from './crossroads.ts';
import { EVENTS, STATE, STATS, TOLLKEEPERS_PARAMS } from './definitions.ts';
import { freeCrossroadsOf, tollEvaluation, tollhouseMoves, tollPictures, tollScoring } from './hooks.ts';
import { tollPreview } from './preview.ts';
import tileFile from './tiles.json' with { type: 'json' };
import type { TollRates } from './tolls.ts';

export { TOLLKEEPERS_PARAMS } from './definitions.ts';

export const tollkeepers: Expansion = defineExpansion({
  name: 'tollkeepers',
  title: 'The Tollkeepers',
  tiles: { data: tileFile, where: 'Tollkeepers tiles (src/expansions/tollkeepers/tiles.json)' },
  tileFields: [
    {
      on: 'road',
      key: 'travellers',
      type: 'count',
      max: 255, // the travellers' segment field holds one byte per segment
      description: 'groups of travellers drawn on the road (they pay tolls)',
    },
  ],
  params: Object.values(TOLLKEEPERS_PARAMS),
  stats: STATS,
  scoreSources: ['toll'],
  scenarioKeys: ['tollhouse'],
  summaryKeys: ['tollValues'],
  pieceKinds: [{ kind: 'tollhouse', sampleLabel: '1', description: 'tollhouse, showing its value (1 or 2)' }],
  state: STATE,
  events: EVENTS,
  mechanics: [
    { name: 'tollhouses', description: 'placing or relocating the tollhouse' },
    { name: 'tollhouseRelocation', description: 'relocating a tollhouse already on the board' },
  ],
  setup(ctx) {
    const rules = paramsOf(TOLLKEEPERS_PARAMS, ctx.rules);
    const edition = rules.tollkeepersEdition;
    const pay: TollRates = {
      illustration: [0, rules.tollIllustrationPoints1, rules.tollIllustrationPoints2],
      travellers: [0, rules.tollTravellersPoints1, rules.tollTravellersPoints2],
      finalIllustration: rules.tollFinalIllustrationPoints,
      finalTravellers: rules.tollFinalTravellersPoints,
    };
    const tolls = tollsOf(ctx, pay);
    const freeCrossroads = freeCrossroadsOf(tolls);
    return {
      includeTile: (type: TileType) =>
        type.expansion !== 'tollkeepers' || type.edition === undefined || type.edition === edition,
      ...tollhouseMoves(tolls, freeCrossroads),
      ...tollScoring(tolls),
      ...tollEvaluation(tolls),
      preview: tollPreview({
        players: ctx.players,
        actionBase: ctx.actionBase,
        own: ctx.own,
        pay,
        villageRoadStart: tolls.villageRoadStart,
        villageRoads: tolls.villageRoads,
        mostRoads: tolls.mostRoads,
        crossroads: tolls.crossroadsType,
        illustrations: tolls.illustrations,
        travellers: tolls.travellers,
        freeCrossroads,
      }),
      ...tollPictures(tolls),
    };
  },
});
