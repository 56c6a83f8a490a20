/**
 * What the Tollkeepers read of the tiles and the board: per tile its village roads (a crossroads is
 * a tile where 2–4 roads end at a village), per road segment its toll-paying illustrations (never a
 * water tower) and travellers, declared as the module's own segment fields; and per road on the
 * board what it carries and the tollhouses at its ends (R-T1: once per road per tollhouse).
 */
import { SEG_ROAD } from '../../engine/index.ts';
import type { BoardView, SegmentField } from '../../engine/index.ts';
import { STATS } from './definitions.ts';
import type { TollContext } from './definitions.ts';
import type { CrossroadsRoads, TollRates } from './tolls.ts';

/** What a road carries to its tollhouses: `owners[0 … ownerCount)` in the order the road reaches them. */
export interface RoadTolls {
  illustrations: number;
  travellers: number;
  owners: Int8Array;
  ownerCount: number;
}

/** The Tollkeepers' set-up: its context, rates, tile tables, and the reading of roads and tollhouses. */
export interface Tolls {
  readonly ctx: TollContext;
  readonly players: number;
  /** Score source `toll`, and the statistics by name. */
  readonly source: number;
  readonly stat: Readonly<Record<(typeof STATS)[number], number>>;
  readonly pay: TollRates;
  /** Per tile type: 1 for a crossroads. */
  readonly crossroadsType: Uint8Array;
  /** Each tile type's village roads (segments): `villageRoads[villageRoadStart[t] … villageRoadStart[t + 1])`, and the most of one. */
  readonly villageRoadStart: Int32Array;
  readonly villageRoads: Int8Array;
  readonly mostRoads: number;
  readonly illustrations: SegmentField;
  readonly travellers: SegmentField;
  /** The player whose tollhouse stands on placed tile `placed`, or -1 (`tile`: the state's `tile` field). */
  holderOf(tile: Int16Array, placed: number): number;
  isCrossroads(state: BoardView, placed: number): boolean;
  /** Illustrations, travellers and tollhouse owners at the ends of road `root` (the answer is reused). */
  roadTolls(state: BoardView, root: number): RoadTolls;
  /** Writes the illustrations and travellers on road `root` into entry k of `roads`. */
  roadSums(state: BoardView, root: number, roads: CrossroadsRoads, k: number): void;
}

/** Reads the tile tables from the game's catalog and sets up the reading of roads. */
export function tollsOf(ctx: TollContext, pay: TollRates): Tolls {
  const { players, catalog } = ctx;
  const illustrations = ctx.segmentField((seg) => seg.illustrations.filter((kind) => kind !== 'watertower').length);
  const travellers = ctx.segmentField((seg) => seg.props.travellers ?? 0);
  const atVillage = ctx.segmentField((seg) => (seg.kind === SEG_ROAD && seg.end === 'village' ? 1 : 0));
  const villageRoadStart = new Int32Array(catalog.types.length + 1);
  const villageList: number[] = [];
  catalog.types.forEach((type, t) => {
    type.segments.forEach((_, s) => {
      if (atVillage.of(t, s) === 1) villageList.push(s);
    });
    villageRoadStart[t + 1] = villageList.length;
  });
  const crossroadsType = Uint8Array.from(catalog.types, (_, t) =>
    villageRoadStart[t + 1]! - villageRoadStart[t]! >= 2 ? 1 : 0,
  );
  const holderOf = (tile: Int16Array, placed: number): number => {
    for (let p = 0; p < players; p++) if (tile[p] === placed) return p;
    return -1;
  };
  let members = new Int32Array(0);
  /** The segments of feature `root` into `members`; returns how many. */
  const membersOf = (state: BoardView, root: number): number => {
    if (members.length < state.segmentIdLimit()) members = new Int32Array(state.segmentIdLimit());
    return state.members(root, members);
  };
  const road: RoadTolls = { illustrations: 0, travellers: 0, owners: new Int8Array(players), ownerCount: 0 };
  return {
    ctx,
    players,
    source: ctx.source('toll'),
    stat: Object.fromEntries(STATS.map((name) => [name, ctx.stat(name)])) as Tolls['stat'],
    pay,
    crossroadsType,
    villageRoadStart,
    villageRoads: Int8Array.from(villageList),
    mostRoads: Math.max(0, ...catalog.types.map((_, t) => villageRoadStart[t + 1]! - villageRoadStart[t]!)),
    illustrations,
    travellers,
    holderOf,
    isCrossroads: (state, placed) => crossroadsType[state.typeIndexOf(placed)] === 1,
    roadTolls(state, root) {
      const tile = ctx.own(state).tile;
      road.illustrations = 0;
      road.travellers = 0;
      road.ownerCount = 0;
      let listed = 0; // bit p: player p's tollhouse is in `owners`
      const n = membersOf(state, root);
      for (let i = 0; i < n; i++) {
        const g = members[i]!;
        road.illustrations += state.fieldAt(illustrations, g);
        road.travellers += state.fieldAt(travellers, g);
        if (state.fieldAt(atVillage, g) === 0) continue;
        const owner = holderOf(tile, state.tileOf(g));
        // R-T1: once per tollhouse.
        if (owner >= 0 && ((listed >> owner) & 1) === 0) {
          listed |= 1 << owner;
          road.owners[road.ownerCount++] = owner;
        }
      }
      return road;
    },
    roadSums(state, root, roads, k) {
      roads.illustrations[k] = state.fieldSum(illustrations, root);
      roads.travellers[k] = state.fieldSum(travellers, root);
    },
  };
}
