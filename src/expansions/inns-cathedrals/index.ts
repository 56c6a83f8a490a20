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
  RootMemo,
  blankFeatureScore,
  ACTION_BLOCK,
  FOLLOW_MEEPLE,
  SEG_CITY,
  SEG_ROAD,
  addTo,
  defineExpansion,
  followUpKind,
  intParam,
  majorityOf,
  paramsOf,
} from '../../engine/index.ts';
import type {
  BoardView,
  Expansion,
  ExpansionHooks,
  FeatureScore,
  ModulePreview,
  ProspectView,
  SegmentField,
  SetupContext,
} from '../../engine/index.ts';
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

/**
 * What a road with an inn or a city with a cathedral pays, completed or at the end, and what agents
 * expect of an open one beyond the base game's rates: they value an open feature halfway between
 * what completing it pays and what the final scoring pays (`ExpansionHooks.evaluate`), so an inn or
 * cathedral adds the difference to the feature's majority. Under the official values the two
 * halfway points agree (road (2 + 0)/2 = (1 + 1)/2, city (3 + 0)/2 = (2 + 1)/2): `evaluates` is then
 * false and the module sets no `evaluate` hook.
 */
function specialValues(ctx: SetupContext) {
  const rules = paramsOf(INNS_CATHEDRALS_PARAMS, ctx.rules);
  /** By segment kind: [completed per tile, per pennant, final per tile, per pennant]. */
  const rates: number[][] = [];
  rates[SEG_ROAD] = [rules.innPointsPerTile, 0, rules.finalInnPointsPerTile, 0];
  rates[SEG_CITY] = [
    rules.cathedralPointsPerTile,
    rules.cathedralPointsPerPennant,
    rules.finalCathedralPointsPerTile,
    rules.finalCathedralPointsPerPennant,
  ];
  const baseRates = ctx.featureRates;
  const halfway = (kind: number, perTile: boolean) => {
    const mine = rates[kind]!;
    const base = baseRates[kind]!;
    return perTile
      ? (mine[0]! + mine[2]! - base.tile - base.finalTile) / 2
      : (mine[1]! + mine[3]! - base.pennant - base.finalPennant) / 2;
  };
  const extra = [halfway(SEG_ROAD, true), halfway(SEG_CITY, true), halfway(SEG_CITY, false)];
  return {
    evaluates: extra.some((x) => x !== 0),
    /** What a measured road with an inn or city with a cathedral pays (completed or at the end). */
    points(f: FeatureScore): number {
      const r = rates[f.kind]!;
      return f.completed ? f.tiles * r[0]! + f.pennants * r[1]! : f.tiles * r[2]! + f.pennants * r[3]!;
    },
    /** What the base game's rates pay a completed feature of this measure. */
    basePoints(f: FeatureScore): number {
      const r = baseRates[f.kind]!;
      return f.tiles * r.tile + f.pennants * r.pennant;
    },
    /** What an open measured road with an inn or city with a cathedral adds to its majority's expectation. */
    extraWorth: (f: FeatureScore): number =>
      f.kind === SEG_ROAD ? f.tiles * extra[0]! : f.tiles * extra[1]! + f.pennants * extra[2]!,
  };
}
type SpecialValues = ReturnType<typeof specialValues>;

/**
 * The agents' placement preview: a road or city with an inn or a cathedral the placement completes
 * pays its majority what `scoreFeature` pays, not the base game's rates; with the `evaluate` hook,
 * an open one adds its extra to its majority. Whether a feature on the board has an inn or a
 * cathedral is read once per position.
 */
function specialPreview(
  special: SegmentField,
  hasSpecial: (state: BoardView, root: number) => boolean,
  values: SpecialValues,
  players: number,
): ModulePreview {
  const feature: FeatureScore = blankFeatureScore(players);
  const specialRoot = new RootMemo(hasSpecial);
  /** The features after the placement (bit g: representative g) that have an inn or a cathedral (`placement` reads them). */
  let specialGroups = 0;
  /** What the feature of representative g adds to its majority from this module: the completed pay beyond the base game's, or the open extra. */
  const groupWorth = (p: ProspectView, g: number): number => {
    p.measure(g, feature);
    if (feature.completed) return values.points(feature) - values.basePoints(feature);
    return values.evaluates ? values.extraWorth(feature) : 0;
  };
  return {
    remember(state) {
      specialRoot.forget(state);
    },
    placement(state, p, out) {
      specialGroups = 0;
      if (special.onType(p.type))
        for (let s = 0; s < p.count; s++) if (special.of(p.type, s) === 1) specialGroups |= 1 << p.group[s]!;
      for (let j = 0; j < p.joins; j++)
        if (p.joinFirst[j] !== 0 && specialRoot.of(state, p.joinRoot[j]!))
          specialGroups |= 1 << p.group[p.joinSegment[j]!]!;
      for (let g = 0; specialGroups >> g !== 0; g++) {
        if (((specialGroups >> g) & 1) === 0) continue;
        // The extras the open occupied features it joins were expected to bring.
        for (let j = 0; j < p.joins && values.evaluates; j++) {
          const root = p.joinRoot[j]!;
          if (p.joinFirst[j] === 0 || p.group[p.joinSegment[j]!] !== g || state.meeplesOn(root) === 0) continue;
          if (!specialRoot.of(state, root)) continue;
          state.measure(root, feature);
          addTo(out, majorityOf(feature.perPlayer, players), -values.extraWorth(feature));
        }
        if (p.meeples[g] === 0) continue;
        const worth = groupWorth(p, g);
        addTo(out, majorityOf(feature.perPlayer, players), worth);
      }
      return true;
    },
    meeple(_state, p, segment) {
      const g = p.group[segment]!;
      return ((specialGroups >> g) & 1) === 0 ? 0 : groupWorth(p, g);
    },
  };
}

/** The expected extra of every open occupied road with an inn and city with a cathedral, to its majority. */
function specialEvaluation(special: SegmentField, values: SpecialValues, players: number): ExpansionHooks['evaluate'] {
  const feature: FeatureScore = blankFeatureScore(players);
  let roots = new Int32Array(0);
  return (state, expected) => {
    if (roots.length < state.segmentIdLimit()) roots = new Int32Array(state.segmentIdLimit());
    const n = state.openOccupiedWith(special, roots);
    for (let i = 0; i < n; i++) {
      state.measure(roots[i]!, feature);
      addTo(expected, majorityOf(feature.perPlayer, players), values.extraWorth(feature));
    }
  };
}

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
    const stat = Object.fromEntries(STATS.map((name) => [name, ctx.stat(name)])) as Record<
      (typeof STATS)[number],
      number
    >;
    const bigDeployed = ctx.playerStat('bigMeeplesDeployed');
    const bigKind = ctx.meepleKind('big');
    // The inn and cathedral segments.
    const special = ctx.segmentField((seg) =>
      (seg.kind === SEG_ROAD && seg.props.inn === 1) || (seg.kind === SEG_CITY && seg.props.cathedral === 1) ? 1 : 0,
    );
    const members = new Int32Array(4096);
    /** Whether the feature of `root` has an inn (a road) or a cathedral (a city) on any of its segments. */
    const hasSpecial = (state: BoardView, root: number): boolean => {
      const n = state.members(root, members);
      for (let i = 0; i < n; i++) if (state.fieldAt(special, members[i]!) === 1) return true;
      return false;
    };
    const values = specialValues(ctx);
    return {
      usesMechanic: {
        bigMeeples: (_state, followUp) =>
          followUp >= FOLLOW_MEEPLE && followUp < ACTION_BLOCK && followUpKind(followUp) === bigKind,
      },
      preview: specialPreview(special, hasSpecial, values, ctx.players),
      meepleDeployed(state, g) {
        if (state.meepleKindOf(g) === bigKind) state.addStat(bigDeployed + state.currentPlayer, 1);
      },
      scoreFeature(state, f) {
        if ((f.kind !== SEG_ROAD && f.kind !== SEG_CITY) || !hasSpecial(state, f.root)) return;
        f.points = values.points(f);
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
      ...(values.evaluates ? { evaluate: specialEvaluation(special, values, ctx.players) } : {}),
    };
  },
});
