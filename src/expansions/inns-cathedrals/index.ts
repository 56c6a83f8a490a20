/**
 * Inns & Cathedrals (docs/rules.md §5): 18 land tiles, one big meeple per player. A completed road
 * with an inn beside one of its segments pays its majority 2 per tile instead of 1, an unfinished one
 * 0 at the end; a completed city with a cathedral pays 3 per tile and per pennant, an unfinished one 0
 * (a second inn or cathedral adds nothing). The big meeple counts 2 in every majority, fields included
 * (the engine counts a kind's weight). An inn marks the road segment it lies beside (a tile field,
 * `inn`), so on a junction it changes only that road; a labyrinth network with an inn is a road like
 * any other (the Labyrinth's published case 1). An inn never changes a toll (ruling docs/rules.md
 * R-IC1): the Tollkeepers' module pays tolls by the road's illustrations and travellers alone. Its
 * mechanic, for restricted play: the big meeple (a big meeple on a road is a `roadMeeples` follow-up
 * too, and so on).
 */
import {
  ACTION_BLOCK,
  FOLLOW_MEEPLE,
  SEG_CITY,
  SEG_ROAD,
  defineExpansion,
  followUpKind,
  intParam,
  paramsOf,
} from '../../engine/index.ts';
import type { BoardView, Expansion, FeatureScore } from '../../engine/index.ts';
import tileFile from './tiles.json' with { type: 'json' };

export const INNS_CATHEDRALS_PARAMS = {
  inn: intParam('innPointsPerTile', 2, 0, 10, 'completed road with an inn: points per tile'),
  finalInn: intParam('finalInnPointsPerTile', 0, 0, 10, 'unfinished road with an inn at the end: points per tile'),
  cathedral: intParam('cathedralPointsPerTile', 3, 0, 10, 'completed city with a cathedral: points per tile'),
  cathedralPennant: intParam(
    'cathedralPointsPerPennant',
    3,
    0,
    10,
    'completed city with a cathedral: points per pennant',
  ),
  finalCathedral: intParam(
    'finalCathedralPointsPerTile',
    0,
    0,
    10,
    'unfinished city with a cathedral at the end: points per tile',
  ),
  finalCathedralPennant: intParam(
    'finalCathedralPointsPerPennant',
    0,
    0,
    10,
    'unfinished city with a cathedral at the end: points per pennant',
  ),
} as const;

const STATS = [
  'innRoadsCompleted',
  'innRoadsUnfinishedScored',
  'cathedralCitiesCompleted',
  'cathedralCitiesUnfinishedScored',
] as const;
/** Per player: big meeples placed. */
const PLAYER_STATS = ['bigMeeplesDeployed'] as const;

export const innsCathedrals: Expansion = defineExpansion({
  name: 'innsCathedrals',
  title: 'Inns & Cathedrals',
  tiles: { data: tileFile, where: 'Inns & Cathedrals tiles (src/expansions/inns-cathedrals/tiles.json)' },
  tileFields: [
    { on: 'road', key: 'inn', type: 'flag', description: 'an inn (a lake) lies beside this road segment' },
    { on: 'city', key: 'cathedral', type: 'flag', description: 'a cathedral stands in this city segment' },
  ],
  meepleKinds: [
    { name: 'big', weight: 2, perPlayer: 1, description: 'the big meeple: counts as 2 meeples in every majority' },
  ],
  mechanics: [{ name: 'bigMeeples', description: 'the big meeple, on any feature' }],
  params: Object.values(INNS_CATHEDRALS_PARAMS),
  stats: STATS,
  playerStats: PLAYER_STATS,
  setup(ctx) {
    const rules = paramsOf(INNS_CATHEDRALS_PARAMS, ctx.rules);
    const stat = Object.fromEntries(STATS.map((name) => [name, ctx.stat(name)])) as Record<
      (typeof STATS)[number],
      number
    >;
    const bigDeployed = ctx.playerStat('bigMeeplesDeployed');
    // The inn and cathedral segments by (tile type, segment), sized by the catalog's widest tile.
    const S = ctx.catalog.maxSegments;
    const special = new Uint8Array(ctx.catalog.types.length * S);
    ctx.catalog.types.forEach((type, t) => {
      type.segments.forEach((seg, s) => {
        if ((seg.kind === SEG_ROAD && seg.props.inn === 1) || (seg.kind === SEG_CITY && seg.props.cathedral === 1))
          special[t * S + s] = 1;
      });
    });
    const members = new Int32Array(4096);
    /** Whether the feature of `root` has an inn (a road) or a cathedral (a city) on any of its segments. */
    const hasSpecial = (state: BoardView, root: number): boolean => {
      const n = state.members(root, members);
      for (let i = 0; i < n; i++) {
        const g = members[i]!;
        if (special[state.placedType[state.tileOf(g)]! * S + (g % S)] === 1) return true;
      }
      return false;
    };
    /** The rates of a road with an inn and a city with a cathedral, by segment kind: [completed per tile, per pennant, final per tile, per pennant]. */
    const rates: number[][] = [];
    rates[SEG_ROAD] = [rules.innPointsPerTile, 0, rules.finalInnPointsPerTile, 0];
    rates[SEG_CITY] = [
      rules.cathedralPointsPerTile,
      rules.cathedralPointsPerPennant,
      rules.finalCathedralPointsPerTile,
      rules.finalCathedralPointsPerPennant,
    ];
    const bigKind = ctx.meepleKind('big');

    // Agents value an open feature halfway between what completing it pays and what the final
    // scoring pays (`ExpansionHooks.evaluate`); the base game's rates are already counted, so an inn
    // or cathedral adds the difference to the feature's majority. Under the official values the two
    // halfway points agree (road (2 + 0)/2 = (1 + 1)/2, city (3 + 0)/2 = (2 + 1)/2), so the hook is
    // set only when a rule makes them differ.
    const baseRates = ctx.featureRates;
    const halfway = (kind: number, perTile: boolean) => {
      const mine = rates[kind]!;
      const base = baseRates[kind]!;
      return perTile
        ? (mine[0]! + mine[2]! - base.tile - base.finalTile) / 2
        : (mine[1]! + mine[3]! - base.pennant - base.finalPennant) / 2;
    };
    const extra = [halfway(SEG_ROAD, true), halfway(SEG_CITY, true), halfway(SEG_CITY, false)];
    const feature: FeatureScore = {
      root: 0,
      kind: 0,
      completed: false,
      tiles: 0,
      pennants: 0,
      cities: 0,
      points: 0,
      source: 0,
      bonus: 0,
      bonusSource: 0,
      meeples: 0,
      perPlayer: new Int32Array(ctx.players),
    };
    const valued = new Int32Array(64);

    return {
      usesMechanic: {
        bigMeeples: (_state, followUp) =>
          followUp >= FOLLOW_MEEPLE && followUp < ACTION_BLOCK && followUpKind(followUp) === bigKind,
      },
      meepleDeployed(state, g) {
        if (state.meepleKind[g] === bigKind) state.addStat(bigDeployed + state.currentPlayer, 1);
      },
      scoreFeature(state, f) {
        if ((f.kind !== SEG_ROAD && f.kind !== SEG_CITY) || !hasSpecial(state, f.root)) return;
        const r = rates[f.kind]!;
        f.points = f.completed ? f.tiles * r[0]! + f.pennants * r[1]! : f.tiles * r[2]! + f.pennants * r[3]!;
        const road = f.kind === SEG_ROAD;
        state.addStat(
          f.completed
            ? road
              ? stat.innRoadsCompleted
              : stat.cathedralCitiesCompleted
            : road
              ? stat.innRoadsUnfinishedScored
              : stat.cathedralCitiesUnfinishedScored,
          1,
        );
      },
      ...(extra.some((x) => x !== 0)
        ? {
            evaluate(state: BoardView, expected: Float64Array): void {
              let counted = 0;
              for (let k = 0; k < state.placedCount; k++) {
                const t = state.placedType[k]!;
                for (let s = 0; s < S; s++) {
                  if (special[t * S + s] !== 1) continue;
                  const root = state.find(k * S + s);
                  if (
                    state.done[root] !== 0 ||
                    state.rootMeeples[root] === 0 ||
                    valued.subarray(0, counted).includes(root)
                  )
                    continue;
                  if (counted < valued.length) valued[counted++] = root;
                  state.measure(root, feature);
                  const worth =
                    feature.kind === SEG_ROAD
                      ? feature.tiles * extra[0]!
                      : feature.tiles * extra[1]! + feature.pennants * extra[2]!;
                  const perPlayer = feature.perPlayer;
                  let max = 0;
                  for (let p = 0; p < ctx.players; p++) if (perPlayer[p]! > max) max = perPlayer[p]!;
                  for (let p = 0; p < ctx.players; p++) if (perPlayer[p] === max) expected[p]! += worth;
                }
              }
            },
          }
        : {}),
    };
  },
});
