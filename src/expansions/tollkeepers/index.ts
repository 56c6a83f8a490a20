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
import {
  ACTION_BLOCK,
  InputError,
  SEG_ROAD,
  defineExpansion,
  enumParam,
  eventKind,
  intParam,
  paramsOf,
} from '../../engine/index.ts';
import type { BoardView, Expansion, GameSize, TileType } from '../../engine/index.ts';
import { tollPreview } from './preview.ts';
import tileFile from './tiles.json' with { type: 'json' };
import { expectedTolls } from './tolls.ts';
import type { CrossroadsRoads, TollRates } from './tolls.ts';

export const TOLLKEEPERS_PARAMS = {
  edition: enumParam(
    'tollkeepersEdition',
    ['C3', 'C2'],
    'C3',
    'tile distribution: C3 has a four-road crossroads (TK3) where C2 has a three-road one (TK3.C2)',
  ),
  illustration1: intParam(
    'tollIllustrationPoints1',
    1,
    0,
    20,
    'toll at value 1: points per farmhouse, shed, garden or highwaymen on the road',
  ),
  travellers1: intParam(
    'tollTravellersPoints1',
    3,
    0,
    20,
    'toll at value 1: points per group of travellers on the road',
  ),
  illustration2: intParam('tollIllustrationPoints2', 2, 0, 20, 'toll at value 2: points per illustration on the road'),
  travellers2: intParam(
    'tollTravellersPoints2',
    6,
    0,
    20,
    'toll at value 2: points per group of travellers on the road',
  ),
  finalIllustration: intParam(
    'tollFinalIllustrationPoints',
    1,
    0,
    20,
    'final scoring: points per illustration on an incomplete road ending at the tollhouse',
  ),
  finalTravellers: intParam(
    'tollFinalTravellersPoints',
    1,
    0,
    20,
    'final scoring: points per travellers group on an incomplete road ending at the tollhouse',
  ),
} as const;

const STATS = [
  'tollhousePlacements',
  'tollhouseRelocations',
  'tollFlips',
  'tollIllustrationIncome1',
  'tollTravellersIncome1',
  'tollIllustrationIncome2',
  'tollTravellersIncome2',
  'tollFinalIncome',
] as const;

/**
 * Per player: the placed index of its tollhouse's tile (-1: in supply), its value, whether it scored
 * travellers this turn. `crossroads`: bit k set when placed tile k is a crossroads (every tile of an
 * ended turn, and the start tile), so that the follow-ups need not look at every placed tile.
 */
const STATE = {
  tile: { type: 'i16', length: 'players', initial: -1 },
  value: { type: 'i8', length: 'players', initial: 1 },
  flips: { type: 'u8', length: 'players' },
  crossroads: { type: 'i32', length: (size: GameSize) => Math.ceil(size.maxTiles / 32) },
} as const;

/** A log line as the expansion events have always read: what, then points to whom, then details. */
const line = (what: string, points: number, player: number, detail: string) =>
  `${what}${points ? `: ${points} to P${player}` : ''} (${detail})`;
const carried = (e: { illustrations: number; travellers: number }) =>
  `${e.illustrations} illustration(s), ${e.travellers} travellers group(s)`;

const EVENTS = {
  tollhousePlaced: eventKind(
    { player: 'player', x: 'int', y: 'int', value: 'int' },
    (e) => `P${e.player} puts the tollhouse on the crossroads at (${e.x},${e.y}) (value ${e.value})`,
  ),
  tollPaid: eventKind(
    { owner: 'player', points: 'points', value: 'int', illustrations: 'int', travellers: 'int' },
    (e) => line('toll', e.points, e.owner, `value ${e.value}: ${carried(e)}`),
  ),
  tollhouseFlipped: eventKind(
    { player: 'player', value: 'int' },
    (e) => `P${e.player}'s tollhouse flips (now value ${e.value})`,
  ),
  finalTollPaid: eventKind({ owner: 'player', points: 'points', illustrations: 'int', travellers: 'int' }, (e) =>
    line('final toll', e.points, e.owner, carried(e)),
  ),
} as const;

/** Whether an earlier village road of the tile (index from `start` to before `k`) belongs to road `root` (R-T1: once per road). */
function alreadyCounted(
  state: BoardView,
  placed: number,
  roads: Int8Array,
  start: number,
  k: number,
  root: number,
): boolean {
  const S = state.game.segmentsPerTile;
  for (let j = start; j < k; j++) if (state.find(placed * S + roads[j]!) === root) return true;
  return false;
}

/** What a road carries for tolls, gathered from its segments. */
/** What a road carries to its tollhouses: `owners[0 … ownerCount)` in the order the road reaches them. */
interface RoadTolls {
  illustrations: number;
  travellers: number;
  owners: Int8Array;
  ownerCount: number;
}

export const tollkeepers: Expansion = defineExpansion({
  name: 'tollkeepers',
  title: 'The Tollkeepers',
  tiles: { data: tileFile, where: 'Tollkeepers tiles (src/expansions/tollkeepers/tiles.json)' },
  tileFields: [
    {
      on: 'road',
      key: 'travellers',
      type: 'count',
      max: 255, // segmentTravellers below is a Uint8Array
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
    const source = ctx.source('toll');
    const { players, actionBase, own, emit } = ctx;
    const rules = paramsOf(TOLLKEEPERS_PARAMS, ctx.rules);
    const stat = Object.fromEntries(STATS.map((name) => [name, ctx.stat(name)])) as Record<
      (typeof STATS)[number],
      number
    >;
    const edition = rules.tollkeepersEdition;
    const pay: TollRates = {
      illustration: [0, rules.tollIllustrationPoints1, rules.tollIllustrationPoints2],
      travellers: [0, rules.tollTravellersPoints1, rules.tollTravellersPoints2],
      finalIllustration: rules.tollFinalIllustrationPoints,
      finalTravellers: rules.tollFinalTravellersPoints,
    };

    /** The player whose tollhouse stands on placed tile `placed`, or -1 (`tile`: the state's `tile` field). */
    const holderOf = (tile: Int16Array, placed: number): number => {
      for (let p = 0; p < players; p++) if (tile[p] === placed) return p;
      return -1;
    };
    const crossroads = Uint8Array.from(ctx.catalog.types, (t) => (t.crossroads ? 1 : 0));
    const isCrossroads = (state: BoardView, placed: number) => crossroads[state.placedType[placed]!] === 1;
    // Per (type, segment): toll-paying illustrations, travellers, whether it is a road ending at a
    // village; and each crossroads type's village roads: villageRoads[villageRoadStart[t] … [t + 1]).
    const S = ctx.catalog.maxSegments;
    const segmentIllustrations = new Uint8Array(ctx.catalog.types.length * S);
    const segmentTravellers = new Uint8Array(ctx.catalog.types.length * S);
    const segmentAtVillage = new Uint8Array(ctx.catalog.types.length * S);
    const villageRoadStart = new Int32Array(ctx.catalog.types.length + 1);
    const villageList: number[] = [];
    ctx.catalog.types.forEach((type, t) => {
      type.segments.forEach((seg, s) => {
        segmentIllustrations[t * S + s] = seg.illustrations.filter((kind) => kind !== 'watertower').length;
        segmentTravellers[t * S + s] = seg.props.travellers ?? 0;
        segmentAtVillage[t * S + s] = seg.end === 'village' ? 1 : 0;
        if (type.crossroads && seg.kind === SEG_ROAD && seg.end === 'village') villageList.push(s);
      });
      villageRoadStart[t + 1] = villageList.length;
    });
    const villageRoads = Int8Array.from(villageList);
    /** The most village roads of one crossroads. */
    const mostRoads = Math.max(0, ...ctx.catalog.types.map((_, t) => villageRoadStart[t + 1]! - villageRoadStart[t]!));
    /** Final scoring's scratch: the open roads ending at a tollhouse. */
    const openRoads = new Int32Array(players * mostRoads);
    /** The evaluation's scratch: the roads ending at one crossroads. */
    const roads: CrossroadsRoads = {
      count: 0,
      open: new Uint8Array(mostRoads),
      illustrations: new Int32Array(mostRoads),
      travellers: new Int32Array(mostRoads),
    };

    /** Writes from `out[count]` the tollhouse moves to the crossroads of ended turns that hold no tollhouse, in placed order; returns the new end. hot path */
    const freeCrossroads = (state: BoardView, out: Int32Array, count: number): number => {
      const { tile, crossroads: recorded } = own(state);
      const words = (state.placedCount + 31) >> 5;
      for (let w = 0; w < words; w++) {
        let bits = recorded[w]!;
        for (let p = 0; p < players; p++) if (tile[p]! >> 5 === w) bits &= ~(1 << (tile[p]! & 31)); // not the tollhouses' tiles
        for (; bits !== 0; bits &= bits - 1) out[count++] = actionBase + (w << 5) + 31 - Math.clz32(bits & -bits);
      }
      return count;
    };

    /** Whether a follow-up is this expansion's (placing or relocating the tollhouse). */
    const isTollhouseMove = (followUp: number) => followUp >= actionBase && followUp < actionBase + ACTION_BLOCK;

    /** Writes the illustrations and travellers on road `root` into entry k of `roads`. */
    const roadSums = (state: BoardView, root: number, roads: CrossroadsRoads, k: number): void => {
      let illustrations = 0;
      let travellers = 0;
      let g = root;
      do {
        const i = state.placedType[(g / S) | 0]! * S + (g % S);
        illustrations += segmentIllustrations[i]!;
        travellers += segmentTravellers[i]!;
        g = state.next[g]!;
      } while (g !== root);
      roads.illustrations[k] = illustrations;
      roads.travellers[k] = travellers;
    };

    const road: RoadTolls = { illustrations: 0, travellers: 0, owners: new Int8Array(players), ownerCount: 0 };
    /** Illustrations (never water towers), travellers and tollhouse owners at the ends of road `root` (into `road`, reused). */
    const roadTolls = (state: BoardView, root: number): RoadTolls => {
      const tile = own(state).tile;
      road.illustrations = 0;
      road.travellers = 0;
      road.ownerCount = 0;
      let listed = 0; // bit p: player p's tollhouse is in `owners`
      let g = root;
      do {
        const placed = (g / S) | 0;
        const i = state.placedType[placed]! * S + (g % S);
        road.illustrations += segmentIllustrations[i]!;
        road.travellers += segmentTravellers[i]!;
        if (segmentAtVillage[i] === 1) {
          const owner = holderOf(tile, placed);
          // R-T1: once per tollhouse.
          if (owner >= 0 && ((listed >> owner) & 1) === 0) {
            listed |= 1 << owner;
            road.owners[road.ownerCount++] = owner;
          }
        }
        g = state.next[g]!;
      } while (g !== root);
      return road;
    };

    return {
      includeTile: (type: TileType) =>
        type.expansion !== 'tollkeepers' || type.edition === undefined || type.edition === edition,
      initState(state) {
        if (isCrossroads(state, 0)) own(state).crossroads[0] = 1; // the start tile
      },
      // The free crossroads in placed order: the recorded ones, then this turn's tile (recorded at the end of the turn). hot path
      followUps(state, out, count) {
        const { tile, crossroads: recorded } = own(state);
        count = freeCrossroads(state, out, count);
        const last = state.lastPlaced;
        if (isCrossroads(state, last) && ((recorded[last >> 5]! >>> (last & 31)) & 1) === 0 && holderOf(tile, last) < 0)
          out[count++] = actionBase + last;
        return count;
      },
      usesMechanic: {
        tollhouses: (_state, followUp) => isTollhouseMove(followUp),
        tollhouseRelocation: (state, followUp) =>
          isTollhouseMove(followUp) && own(state).tile[state.currentPlayer] !== -1,
      },
      applyFollowUp(state, action) {
        const p = state.currentPlayer;
        const placed = action - actionBase;
        const { tile, value } = own(state);
        if (tile[p] === -1) state.addStat(stat.tollhousePlacements, 1);
        else state.addStat(stat.tollhouseRelocations, 1);
        tile[p] = placed;
        if (state.sink) {
          const cell = state.placedCell[placed]!;
          emit(state, 'tollhousePlaced', {
            player: p,
            x: state.game.xOf(cell),
            y: state.game.yOf(cell),
            value: value[p]!,
          });
        }
      },
      describeFollowUp(state, action) {
        const cell = state.placedCell[action - actionBase]!;
        return `tollhouse to (${state.game.xOf(cell)},${state.game.yOf(cell)})`;
      },
      parseFollowUp(state, turn, where) {
        const at = turn.tollhouse;
        if (at === undefined) return undefined;
        if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isInteger))
          throw new InputError('scenario', `${where}"tollhouse" must be [x, y]`);
        const placed = state.tileAt(at[0] as number, at[1] as number);
        if (placed < 0) throw new InputError('illegal-turn', `${where}tollhouse: no tile at (${at.join(',')})`);
        if (!isCrossroads(state, placed))
          throw new InputError('illegal-turn', `${where}tollhouse: the tile at (${at.join(',')}) is not a crossroads`);
        if (holderOf(own(state).tile, placed) >= 0)
          throw new InputError(
            'illegal-turn',
            `${where}tollhouse: the crossroads at (${at.join(',')}) already holds a tollhouse`,
          );
        return actionBase + placed;
      },
      afterScoring(state) {
        for (let c = 0; c < state.completedCount; c++) {
          const root = state.completedThisTurn[c]!;
          if (state.segmentKind(root) !== SEG_ROAD) continue;
          const road = roadTolls(state, root);
          for (let k = 0; k < road.ownerCount; k++) {
            const owner = road.owners[k]!;
            const { value: values, flips } = own(state);
            // All roads a tollhouse scores this turn use its value from the start of the turn (flip at end).
            const value = values[owner]!;
            const fromIllustrations = road.illustrations * pay.illustration[value]!;
            const fromTravellers = road.travellers * pay.travellers[value]!;
            state.addScore(owner, source, fromIllustrations + fromTravellers);
            state.addStat(value === 1 ? stat.tollIllustrationIncome1 : stat.tollIllustrationIncome2, fromIllustrations);
            state.addStat(value === 1 ? stat.tollTravellersIncome1 : stat.tollTravellersIncome2, fromTravellers);
            if (road.travellers > 0) flips[owner] = 1;
            if (state.sink)
              emit(state, 'tollPaid', {
                owner,
                points: fromIllustrations + fromTravellers,
                value,
                illustrations: road.illustrations,
                travellers: road.travellers,
              });
          }
        }
      },
      endOfTurn(state) {
        const { value, flips, crossroads: recorded } = own(state);
        const last = state.lastPlaced;
        if (isCrossroads(state, last)) recorded[last >> 5]! |= 1 << (last & 31);
        for (let p = 0; p < players; p++) {
          if (flips[p] === 0) continue;
          flips[p] = 0;
          value[p] = 3 - value[p]!;
          state.addStat(stat.tollFlips, 1);
          if (state.sink) emit(state, 'tollhouseFlipped', { player: p, value: value[p]! });
        }
      },
      // Only roads ending at a tollhouse pay: those of the tollhouses' village roads still open, each
      // once, in increasing root order (the order of their events).
      finalScoring(state) {
        const tile = own(state).tile;
        let n = 0;
        for (let p = 0; p < players; p++) {
          const placed = tile[p]!;
          if (placed < 0) continue;
          const type = state.placedType[placed]!;
          for (let k = villageRoadStart[type]!; k < villageRoadStart[type + 1]!; k++) {
            const root = state.find(placed * S + villageRoads[k]!);
            if (state.done[root] !== 0) continue;
            // Insertion in increasing order, each root once (a few at most).
            let i = n;
            while (i > 0 && openRoads[i - 1]! > root) i--;
            if (i > 0 && openRoads[i - 1] === root) continue;
            openRoads.copyWithin(i + 1, i, n++);
            openRoads[i] = root;
          }
        }
        for (let i = 0; i < n; i++) {
          const road = roadTolls(state, openRoads[i]!);
          const points =
            road.illustrations * rules.tollFinalIllustrationPoints + road.travellers * rules.tollFinalTravellersPoints;
          for (let k = 0; k < road.ownerCount; k++) {
            const owner = road.owners[k]!;
            state.addScore(owner, source, points);
            state.addStat(stat.tollFinalIncome, points);
            if (state.sink && points)
              emit(state, 'finalTollPaid', {
                owner,
                points,
                illustrations: road.illustrations,
                travellers: road.travellers,
              });
          }
        }
      },
      // Expected toll income (docs/agents.md): for each tollhouse and each open road ending at its
      // crossroads, the mean of what completing the road would pay at the tollhouse's value and what
      // the final scoring would. A road with travellers flips the tollhouse when it pays, so only the
      // first such road is valued at the current value, the others at the mean of both values.
      evaluate(state, expected) {
        const S = state.game.segmentsPerTile;
        const { tile, value: values } = own(state);
        for (let p = 0; p < players; p++) {
          const placed = tile[p]!;
          if (placed < 0) continue;
          const type = state.placedType[placed]!;
          const start = villageRoadStart[type]!;
          roads.count = villageRoadStart[type + 1]! - start;
          for (let k = start; k < start + roads.count; k++) {
            const root = state.find(placed * S + villageRoads[k]!);
            const open = state.done[root] === 0 && !alreadyCounted(state, placed, villageRoads, start, k, root);
            roads.open[k - start] = open ? 1 : 0;
            if (open) roadSums(state, root, roads, k - start);
          }
          expected[p]! += expectedTolls(pay, values[p]!, roads);
        }
      },
      preview: tollPreview({
        players,
        actionBase,
        own,
        pay,
        villageRoadStart,
        villageRoads,
        mostRoads,
        crossroads,
        segmentIllustrations,
        segmentTravellers,
        freeCrossroads,
      }),
      boardPieces(state) {
        const pieces = [];
        const { tile, value } = own(state);
        for (let p = 0; p < players; p++) {
          const placed = tile[p]!;
          if (placed >= 0) pieces.push({ kind: 'tollhouse', player: p, placed, label: String(value[p]!) });
        }
        return pieces;
      },
      playerNotes(state, player) {
        const { tile, value } = own(state);
        const placed = tile[player]!;
        if (placed < 0) return ['tollhouse in supply'];
        const cell = state.placedCell[placed]!;
        return [`tollhouse at (${state.game.xOf(cell)},${state.game.yOf(cell)}) value\u00a0${value[player]!}`];
      },
      summary(state) {
        const { tile, value } = own(state);
        return { tollValues: Array.from({ length: players }, (_, p) => (tile[p] === -1 ? null : value[p]!)) };
      },
    };
  },
});
