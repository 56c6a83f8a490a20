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
import type { BoardView, Expansion, FeatureScore, ModulePreview, ProspectView } from '../../engine/index.ts';
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
    // Labyrinth flag per (tile type, segment), sized by the catalog's widest tile.
    const S = ctx.catalog.maxSegments;
    const isLabyrinthType = new Uint8Array(ctx.catalog.types.length * S);
    ctx.catalog.types.forEach((type, t) => {
      type.segments.forEach((seg, s) => {
        if (seg.props.labyrinth !== 1) return;
        if (seg.ports.length < 2)
          throw new InputError('catalog', `tile ${type.id}: ${seg.name}: a labyrinth needs at least two edges`);
        isLabyrinthType[t * S + s] = 1;
      });
    });
    const members = new Int32Array(4096);
    // Evaluation scratch: the networks already valued, and one feature measurement.
    const roots = new Int32Array(16);
    const feature: FeatureScore = blankFeatureScore(ctx.players);
    const across = new Int32Array(8);
    let visited = new Int32Array(0);
    let stamp = 0;
    /** The root of the completed labyrinth network `scoreFeature` saw last, or -1: `featurePriced` follows it for the same feature. */
    let scoredNetwork = -1;

    const isLabyrinth = (state: BoardView, g: number) =>
      isLabyrinthType[state.placedType[state.tileOf(g)]! * S + (g % S)] === 1;
    const networkHasLabyrinth = (state: BoardView, root: number): boolean => {
      const n = state.members(root, members);
      for (let i = 0; i < n; i++) if (isLabyrinth(state, members[i]!)) return true;
      return false;
    };
    /** Whether the branch of road segment g (reached without crossing a labyrinth) holds no meeple. */
    const branchIsFree = (state: BoardView, g: number): boolean => {
      if (visited.length < state.parent.length) visited = new Int32Array(state.parent.length);
      const mark = ++stamp;
      const queue: number[] = [g];
      visited[g] = mark;
      while (queue.length) {
        const seg = queue.pop()!;
        if (state.meeple[seg] !== 0) return false;
        const n = state.segmentsAcross(seg, across);
        for (let i = 0; i < n; i++) {
          const other = across[i]!;
          if (visited[other] === mark || isLabyrinth(state, other)) continue;
          visited[other] = mark;
          queue.push(other);
        }
      }
      return true;
    };

    /** The root of the labyrinth network a follow-up puts a meeple on, or -1. */
    const labyrinthRoot = (state: BoardView, followUp: number): number => {
      const g = meepleSegmentOf(state, followUp);
      if (g < 0 || state.segmentKind(g) !== SEG_ROAD) return -1;
      const root = state.find(g);
      return networkHasLabyrinth(state, root) ? root : -1;
    };

    // The agents' placement preview (nothing in the basic variant): an occupied network with a labyrinth pays its
    // majority the bonus per meeple when completed, half of it expected while open. A placement that
    // lets the mover's meeple onto an occupied network (`allowOnOccupied`) is declined. Whether a
    // network on the board has a labyrinth is read once per position.
    let labyrinthIn = new Int32Array(0);
    let labyrinthOf = new Uint8Array(0);
    let positionStamp = 0;
    const readLabyrinth = (state: BoardView, root: number): boolean => {
      if (labyrinthIn[root] !== positionStamp) {
        labyrinthIn[root] = positionStamp;
        labyrinthOf[root] = networkHasLabyrinth(state, root) ? 1 : 0;
      }
      return labyrinthOf[root] === 1;
    };
    /** Whether the road of representative g after the placement runs through a labyrinth. */
    const labyrinthGroup = (state: BoardView, p: ProspectView, g: number): boolean => {
      if (p.kindOf(g) !== SEG_ROAD) return false;
      for (let s = 0; s < p.count; s++) if (p.group[s] === g && isLabyrinthType[p.type * S + s] === 1) return true;
      for (let j = 0; j < p.joins; j++)
        if (p.joinFirst[j] !== 0 && p.group[p.joinSegment[j]!] === g && readLabyrinth(state, p.joinRoot[j]!))
          return true;
      return false;
    };
    /** Whether the mover has a meeple of any kind in hand. */
    const moverHasMeeple = (state: BoardView): boolean => {
      for (let i = state.currentPlayer; i < state.meeplesLeft.length; i += ctx.players)
        if (state.meeplesLeft[i]! > 0) return true;
      return false;
    };
    const preview: ModulePreview = !advanced
      ? {}
      : {
          remember(state) {
            if (labyrinthIn.length < state.parent.length) {
              labyrinthIn = new Int32Array(state.parent.length);
              labyrinthOf = new Uint8Array(state.parent.length);
            }
            positionStamp++;
          },
          placement(state, p, out) {
            for (let g = 0; g < p.count; g++) {
              if (p.group[g] !== g || p.meeples[g] === 0 || !labyrinthGroup(state, p, g)) continue;
              if (moverHasMeeple(state)) return false;
              // The halves of the bonus the open networks it joins were expected to bring, then its own.
              for (let j = 0; j < p.joins; j++) {
                const root = p.joinRoot[j]!;
                if (p.joinFirst[j] === 0 || p.group[p.joinSegment[j]!] !== g || state.rootMeeples[root] === 0) continue;
                if (!readLabyrinth(state, root)) continue;
                state.measure(root, feature);
                addTo(out, majorityOf(feature.perPlayer, ctx.players), -(bonusPerMeeple * feature.meeples) / 2);
              }
              p.measure(g, feature);
              const bonus = bonusPerMeeple * feature.meeples;
              addTo(out, majorityOf(feature.perPlayer, ctx.players), feature.completed ? bonus : bonus / 2);
            }
            return true;
          },
          meeple(state, p, segment) {
            const g = p.group[segment]!;
            if (!labyrinthGroup(state, p, g)) return 0;
            return p.completes(g) ? bonusPerMeeple : bonusPerMeeple / 2;
          },
        };

    return {
      preview,
      usesMechanic: {
        labyrinthMeeples: (state, followUp) => labyrinthRoot(state, followUp) >= 0,
        // Only the advanced variant lets a meeple onto an occupied network (`allowOnOccupied`).
        labyrinthBranches: advanced
          ? (state, followUp) => {
              const root = labyrinthRoot(state, followUp);
              return root >= 0 && state.rootMeeples[root]! > 0;
            }
          : null,
      },
      ...(advanced
        ? {
            allowOnOccupied(state: BoardView, g: number): boolean {
              if (state.segmentKind(g) !== SEG_ROAD || !networkHasLabyrinth(state, state.find(g))) return false;
              // The labyrinth itself (just placed, so free), or a road on a branch without a meeple.
              return isLabyrinth(state, g) ? state.meeple[g] === 0 : branchIsFree(state, g);
            },
            meepleDeployed(state: BoardView, g: number): void {
              const root = state.find(g);
              if (state.rootMeeples[root]! > 1 && networkHasLabyrinth(state, root))
                state.addStat(stat.labyrinthBranchPlacements, 1);
            },
          }
        : {}),
      // Expected bonus (advanced): an open occupied network with a labyrinth would pay its majority
      // the bonus per meeple on completion and nothing at the end: half of it is expected.
      ...(advanced
        ? {
            evaluate(state: BoardView, expected: Float64Array): void {
              let counted = 0;
              for (let k = 0; k < state.placedCount; k++) {
                const t = state.placedType[k]!;
                for (let s = 0; s < S; s++) {
                  if (isLabyrinthType[t * S + s] !== 1) continue;
                  const root = state.find(k * S + s);
                  if (
                    state.done[root] !== 0 ||
                    state.rootMeeples[root] === 0 ||
                    counted === roots.length ||
                    roots.subarray(0, counted).includes(root)
                  )
                    continue;
                  roots[counted++] = root;
                  state.measure(root, feature);
                  addTo(expected, majorityOf(feature.perPlayer, ctx.players), (bonusPerMeeple * feature.meeples) / 2);
                }
              }
            },
          }
        : {}),
      // The bonus is this module's adjustment; the statistics read the feature's final points (an
      // inn's, say) in `featurePriced`, so they do not depend on the order of the game's expansions.
      scoreFeature(state, f) {
        scoredNetwork = f.kind === SEG_ROAD && f.completed && networkHasLabyrinth(state, f.root) ? f.root : -1;
        if (scoredNetwork < 0 || !advanced || f.meeples === 0) return;
        f.bonus = bonusPerMeeple * f.meeples;
        f.bonusSource = source;
      },
      featurePriced(state, f) {
        if (f.root !== scoredNetwork) return;
        state.addStat(stat.labyrinthNetworksCompleted, 1);
        state.addStat(stat.labyrinthMeeplesOnCompleted, f.meeples);
        if (f.meeples === 0) return;
        let max = 0;
        for (let p = 0; p < ctx.players; p++) if (f.perPlayer[p]! > max) max = f.perPlayer[p]!;
        for (let p = 0; p < ctx.players; p++) {
          if (f.perPlayer[p] !== max) continue;
          state.addStat(networkPoints + p, f.points + f.bonus);
          state.addStat(stat.labyrinthBonusPoints, f.bonus);
        }
      },
    };
  },
});
