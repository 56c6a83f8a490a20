/**
 * The Labyrinth (docs/rules.md §3). Its tile joins four roads through the
 * labyrinth; it is not a crossing. Variant `basic`: an ordinary road. Variant `advanced`: a meeple
 * may go onto the labyrinth when it is placed even if connected roads are occupied, and onto a road
 * extending a labyrinth exit if that branch has no meeple (a branch is what is reached from one exit
 * without crossing a labyrinth tile; R-L1: each labyrinth tile separates branches). A completed
 * network pays its majority 1 per tile plus a bonus per meeple anywhere on it; no bonus at the end.
 * Mechanics (restricted play): a meeple on a labyrinth network; the advanced variant's placement on
 * one already occupied (a branch).
 */
import {
  RootMemo,
  blankFeatureScore,
  InputError,
  SEG_ROAD,
  addTo,
  defineExpansion,
  enumParam,
  intParam,
  majorityOf,
  meepleSegmentOf,
  paramsOf,
} from '../../engine/index.ts';
import type {
  BoardView,
  Expansion,
  ExpansionHooks,
  FeatureScore,
  ModulePreview,
  PreviewView,
  ProspectView,
  SetupContext,
} from '../../engine/index.ts';
import tileFile from './tiles.json' with { type: 'json' };

export const LABYRINTH_PARAMS = {
  variant: enumParam(
    'labyrinth',
    ['basic', 'advanced'],
    'basic',
    'basic: the labyrinth is an ordinary road; advanced: branch placement and meeple bonus',
  ),
  bonus: intParam(
    'labyrinthMeepleBonus',
    2,
    0,
    20,
    'advanced: points per meeple on a completed labyrinth network, to its majority',
  ),
} as const;

const STATS = [
  'labyrinthNetworksCompleted',
  'labyrinthBonusPoints',
  'labyrinthMeeplesOnCompleted',
  'labyrinthBranchPlacements',
] as const;
/** Per player: points (tiles and bonus) received from completed labyrinth networks. */
const PLAYER_STATS = ['labyrinthNetworkPoints'] as const;

/** What the Labyrinth reads of the board: which road segments are labyrinths, networks through one, and branches. */
function labyrinthBoard(ctx: SetupContext) {
  const field = ctx.segmentField((seg, type) => {
    if (seg.props.labyrinth !== 1) return 0;
    if (seg.ports.length < 2)
      throw new InputError('catalog', `tile ${type.id}: ${seg.name}: a labyrinth needs at least two edges`);
    return 1;
  });
  const members = new Int32Array(4096);
  const across = new Int32Array(8);
  let visited = new Int32Array(0);
  let stamp = 0;
  const isLabyrinth = (state: BoardView, g: number) => state.fieldAt(field, g) === 1;
  const networkHasLabyrinth = (state: BoardView, root: number): boolean => {
    const n = state.members(root, members);
    for (let i = 0; i < n; i++) if (isLabyrinth(state, members[i]!)) return true;
    return false;
  };
  return {
    field,
    isLabyrinth,
    networkHasLabyrinth,
    /** Whether the branch of road segment g (reached without crossing a labyrinth) holds no meeple. */
    branchIsFree(state: BoardView, g: number): boolean {
      if (visited.length < state.segmentIdLimit()) visited = new Int32Array(state.segmentIdLimit());
      const mark = ++stamp;
      const queue: number[] = [g];
      visited[g] = mark;
      while (queue.length) {
        const seg = queue.pop()!;
        if (state.occupantOf(seg) !== 0) return false;
        const n = state.segmentsAcross(seg, across);
        for (let i = 0; i < n; i++) {
          const other = across[i]!;
          if (visited[other] === mark || isLabyrinth(state, other)) continue;
          visited[other] = mark;
          queue.push(other);
        }
      }
      return true;
    },
    /** The root of the labyrinth network a follow-up puts a meeple on, or -1. */
    labyrinthRoot(state: BoardView, followUp: number): number {
      const g = meepleSegmentOf(state, followUp);
      if (g < 0 || state.segmentKind(g) !== SEG_ROAD) return -1;
      const root = state.find(g);
      return networkHasLabyrinth(state, root) ? root : -1;
    },
  };
}
type LabyrinthBoard = ReturnType<typeof labyrinthBoard>;

/**
 * The agents' placement preview (advanced variant): an occupied network with a labyrinth pays its
 * majority the bonus per meeple when completed, half of it expected while open. A placement that
 * lets the mover's meeple onto an occupied network (`allowOnOccupied`) is declined. Whether a
 * network on the board has a labyrinth is read once per position.
 */
function labyrinthPreview(board: LabyrinthBoard, bonusPerMeeple: number, players: number): ModulePreview {
  const feature: FeatureScore = blankFeatureScore(players);
  const hasLabyrinth = new RootMemo((state, root) => board.networkHasLabyrinth(state, root));
  /** Whether the road of representative g after the placement runs through a labyrinth. */
  const labyrinthGroup = (state: PreviewView, p: ProspectView, g: number): boolean => {
    if (p.kindOf(g) !== SEG_ROAD) return false;
    for (let s = 0; s < p.count; s++) if (p.group[s] === g && board.field.of(p.type, s) === 1) return true;
    for (let j = 0; j < p.joins; j++)
      if (p.joinFirst[j] !== 0 && p.group[p.joinSegment[j]!] === g && hasLabyrinth.of(state, p.joinRoot[j]!))
        return true;
    return false;
  };
  return {
    remember(state) {
      hasLabyrinth.forget(state);
    },
    placement(state, p, out) {
      for (let g = 0; g < p.count; g++) {
        if (p.group[g] !== g || p.meeples[g] === 0 || !labyrinthGroup(state, p, g)) continue;
        if (state.hasMeepleInHand(state.currentPlayer)) return false;
        // The halves of the bonus the open networks it joins were expected to bring, then its own.
        for (let j = 0; j < p.joins; j++) {
          const root = p.joinRoot[j]!;
          if (p.joinFirst[j] === 0 || p.group[p.joinSegment[j]!] !== g || state.meeplesOn(root) === 0) continue;
          if (!hasLabyrinth.of(state, root)) continue;
          state.measure(root, feature);
          addTo(out, majorityOf(feature.perPlayer, players), -(bonusPerMeeple * feature.meeples) / 2);
        }
        p.measure(g, feature);
        const bonus = bonusPerMeeple * feature.meeples;
        addTo(out, majorityOf(feature.perPlayer, players), feature.completed ? bonus : bonus / 2);
      }
      return true;
    },
    meeple(state, p, segment) {
      const g = p.group[segment]!;
      if (!labyrinthGroup(state, p, g)) return 0;
      return p.completes(g) ? bonusPerMeeple : bonusPerMeeple / 2;
    },
  };
}

/**
 * The advanced variant's hooks: a meeple onto an occupied network (the labyrinth itself, or a free
 * branch), and the expected bonus of an open occupied network with a labyrinth: half the bonus per
 * meeple it would pay its majority on completion (nothing at the end).
 */
function advancedHooks(board: LabyrinthBoard, ctx: SetupContext, bonusPerMeeple: number): ExpansionHooks {
  const branchPlacements = ctx.stat('labyrinthBranchPlacements');
  const feature: FeatureScore = blankFeatureScore(ctx.players);
  let roots = new Int32Array(0);
  return {
    allowOnOccupied(state, g) {
      if (state.segmentKind(g) !== SEG_ROAD || !board.networkHasLabyrinth(state, state.find(g))) return false;
      // The labyrinth itself (just placed, so free), or a road on a branch without a meeple.
      return board.isLabyrinth(state, g) ? state.occupantOf(g) === 0 : board.branchIsFree(state, g);
    },
    meepleDeployed(state, g) {
      const root = state.find(g);
      if (state.meeplesOn(root) > 1 && board.networkHasLabyrinth(state, root)) state.addStat(branchPlacements, 1);
    },
    evaluate(state, expected) {
      if (roots.length < state.segmentIdLimit()) roots = new Int32Array(state.segmentIdLimit());
      const n = state.openOccupiedWith(board.field, roots);
      for (let i = 0; i < n; i++) {
        state.measure(roots[i]!, feature);
        addTo(expected, majorityOf(feature.perPlayer, ctx.players), (bonusPerMeeple * feature.meeples) / 2);
      }
    },
  };
}

export const labyrinth: Expansion = defineExpansion({
  name: 'labyrinth',
  title: 'The Labyrinth',
  tiles: { data: tileFile, where: 'Labyrinth tile (src/expansions/labyrinth/tiles.json)' },
  tileFields: [
    {
      on: 'road',
      key: 'labyrinth',
      type: 'flag',
      description: 'the road runs through a labyrinth (it joins all its edges; not a crossing)',
    },
  ],
  params: Object.values(LABYRINTH_PARAMS),
  stats: STATS,
  playerStats: PLAYER_STATS,
  scoreSources: ['labyrinth'],
  mechanics: [
    {
      name: 'labyrinthMeeples',
      description: 'a meeple on a road network through a labyrinth tile (the labyrinth itself included)',
    },
    {
      name: 'labyrinthBranches',
      description:
        'advanced variant: a meeple on a labyrinth network that already holds meeples (the labyrinth or a free branch)',
    },
  ],
  setup(ctx) {
    const source = ctx.source('labyrinth');
    const networkPoints = ctx.playerStat('labyrinthNetworkPoints');
    const rules = paramsOf(LABYRINTH_PARAMS, ctx.rules);
    const advanced = rules.labyrinth === 'advanced';
    const bonusPerMeeple = rules.labyrinthMeepleBonus;
    const stat = Object.fromEntries(STATS.map((name) => [name, ctx.stat(name)])) as Record<
      (typeof STATS)[number],
      number
    >;
    const board = labyrinthBoard(ctx);
    /** The root of the completed labyrinth network `scoreFeature` saw last, or -1: `featurePriced` follows it for the same feature. */
    let scoredNetwork = -1;
    return {
      preview: advanced ? labyrinthPreview(board, bonusPerMeeple, ctx.players) : {},
      usesMechanic: {
        labyrinthMeeples: (state, followUp) => board.labyrinthRoot(state, followUp) >= 0,
        // Only the advanced variant lets a meeple onto an occupied network (`allowOnOccupied`).
        labyrinthBranches: advanced
          ? (state, followUp) => {
              const root = board.labyrinthRoot(state, followUp);
              return root >= 0 && state.meeplesOn(root) > 0;
            }
          : null,
      },
      ...(advanced ? advancedHooks(board, ctx, bonusPerMeeple) : {}),
      // The bonus is this module's adjustment; the statistics read the feature's final points (an
      // inn's, say) in `featurePriced`, so they do not depend on the order of the game's expansions.
      scoreFeature(state, f) {
        scoredNetwork = f.kind === SEG_ROAD && f.completed && board.networkHasLabyrinth(state, f.root) ? f.root : -1;
        if (scoredNetwork < 0 || !advanced || f.meeples === 0) return;
        f.bonus = bonusPerMeeple * f.meeples;
        f.bonusSource = source;
      },
      featurePriced(state, f) {
        if (f.root !== scoredNetwork) return;
        state.addStat(stat.labyrinthNetworksCompleted, 1);
        state.addStat(stat.labyrinthMeeplesOnCompleted, f.meeples);
        if (f.meeples === 0) return;
        for (let p = 0, majority = majorityOf(f.perPlayer, ctx.players); majority !== 0; p++, majority >>= 1) {
          if ((majority & 1) === 0) continue;
          state.addStat(networkPoints + p, f.points + f.bonus);
          state.addStat(stat.labyrinthBonusPoints, f.bonus);
        }
      },
    };
  },
});
