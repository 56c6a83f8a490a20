/**
 * `Game`: the immutable setup of a game (catalog, expansions, resolved rules, players) that owns every
 * precomputed table the hot loop reads. Build once, then create any number of `State`s from it.
 */
import { BASE_TILE_SOURCE, buildCatalog, edgeCode } from './catalog/index.ts';
import type { Catalog, TileSource, TileType } from './catalog/index.ts';
import { SEG_CITY, SEG_MONASTERY, SEG_ROAD } from './catalog/types.ts';
import { InputError, suggestion } from './errors.ts';
import type { Expansion, ExpansionHooks } from './expansion.ts';
import { PORTS, rotatePort } from './geometry.ts';
import { BASE_PARAMS, parseListParam, resolveRules } from './rules.ts';
import type { ParamDef, Rules } from './rules.ts';
import { State } from './state.ts';
import type { FeatureScore } from './state.ts';
import { ACTION_BLOCK, MAX_PLAYERS, MAX_TILES, MIN_PLAYERS } from './constants.ts';


export const BASE_STATS = ['tilesPlaced', 'tilesDiscarded', 'turns'] as const;
export const BASE_PLAYER_STATS = ['meeplesDeployed'] as const;

export interface GameOptions {
  players: number;
  expansions?: readonly Expansion[];
  /** Rule parameters by name; unknown names and bad values are input errors. */
  rules?: Readonly<Record<string, unknown>>;
  /** Designer tile files added to the catalog. */
  extraTiles?: readonly TileSource[];
  /** Copies per tile id, replacing the catalog counts (0 removes a tile). */
  tileCounts?: Readonly<Record<string, number>>;
  /** Named in error messages. */
  where?: string;
}

export class Game {
  readonly players: number;
  readonly catalog: Catalog;
  readonly expansions: readonly Expansion[];
  readonly rules: Rules;
  /** Only the rules that were given explicitly (for manifests). */
  readonly explicitRules: Rules;
  readonly paramDefs: readonly ParamDef[];
  /** Points each seat starts with (`seatCompensation`), one per player. */
  readonly seatCompensation: Int32Array;
  /** The deck before shuffling: one entry per copy (tile type index), the start tile excluded. */
  readonly deck: Int16Array;
  /** Stable key of each deck entry, e.g. `U.garden#2`, for per-tile shuffle keys. */
  readonly deckKeys: readonly string[];
  readonly startType: number;

  // Geometry: a square grid big enough for any layout of the deck, origin in the middle.
  readonly maxTiles: number;
  readonly gridSide: number;
  readonly originCell: number;
  /** Segment slots per placed tile. */
  readonly segmentsPerTile: number;

  // Precomputed tables, indexed by orientation o = type * 4 + rotation.
  readonly edgeCode: Uint8Array;
  readonly sideEdge: Uint8Array; // [o * 4 + side]
  readonly portSegment: Int8Array; // [o * 12 + boardPort] -> segment index or -1
  readonly segmentKind: Int8Array; // [type * S + s], -1 past the tile's segments
  readonly segmentPorts: Uint8Array; // road/city edge ports per segment (open ends when placed)
  readonly segmentCount: Uint8Array; // [type]
  readonly monasterySegment: Int8Array; // [type] or -1
  /** 1 when rotation r of a type looks different from every smaller rotation (search agents skip the rest). [o] */
  readonly distinctRotation: Uint8Array;
  readonly segmentPennants: Uint8Array; // [type * S + s]
  /**
   * For field segments, the tile's city segments they border: `fieldCities[fieldCityStart[i] …
   * fieldCityStart[i + 1])` for i = type * S + s.
   */
  readonly fieldCityStart: Uint16Array;
  readonly fieldCities: Int8Array;
  /** Working memory of one `apply` call; a game is used by one thread at a time. */
  readonly scratch: Scratch;

  // Statistics layout: per-game stats, then a block of `players` per per-player stat.
  readonly statNames: readonly string[];
  readonly playerStatNames: readonly string[];
  readonly statCount: number;
  readonly extSlots: number;
  /** Where each expansion's integers start in `State.ext`. */
  private readonly extOffsets: ReadonlyMap<string, number>;
  readonly hooks: readonly ExpansionHooks[];
  readonly hookLists: HookLists;

  constructor(options: GameOptions) {
    const where = options.where ?? 'game';
    const players = options.players;
    if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
      throw new InputError('rules', `${where}: "players" must be a whole number from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${JSON.stringify(players)}`);
    }
    this.players = players;
    const expansions = options.expansions ?? [];
    const names = new Set<string>();
    for (const e of expansions) {
      if (names.has(e.name)) throw new InputError('expansion', `${where}: expansion "${e.name}" is listed twice`);
      names.add(e.name);
    }
    this.expansions = expansions;

    // 1. Rules: base parameters plus each expansion's.
    this.paramDefs = [...Object.values(BASE_PARAMS), ...expansions.flatMap((e) => e.params ?? [])];
    this.rules = resolveRules(this.paramDefs, options.rules ?? {}, where);
    this.explicitRules = { ...(options.rules as Rules | undefined) };
    const compensation = parseListParam(this.rules.seatCompensation!);
    if (compensation.length > players) {
      throw new InputError('rules', `${where}: rule "seatCompensation" lists ${compensation.length} seats for ${players} players`);
    }
    this.seatCompensation = Int32Array.from({ length: players }, (_, p) => compensation[p] ?? 0);

    // 2. Catalog: base tiles, expansion tiles, designer tiles.
    const sources = [BASE_TILE_SOURCE, ...expansions.flatMap((e) => (e.tiles ? [e.tiles] : [])), ...(options.extraTiles ?? [])];
    this.catalog = buildCatalog(sources);
    this.startType = this.catalog.indexOf(this.catalog.startId);

    // 3. Statistics and expansion state layout, then the hooks.
    this.statNames = [...BASE_STATS, ...expansions.flatMap((e) => e.stats ?? [])];
    this.playerStatNames = [...BASE_PLAYER_STATS, ...expansions.flatMap((e) => e.playerStats ?? [])];
    this.statCount = this.statNames.length + this.playerStatNames.length * players;
    let extOffset = 0;
    const hooks: ExpansionHooks[] = [];
    const offsets = new Map<string, number>();
    expansions.forEach((expansion, k) => {
      offsets.set(expansion.name, extOffset);
      const own = new Set(expansion.stats ?? []);
      const ownPlayer = new Set(expansion.playerStats ?? []);
      const h = expansion.setup({
        rules: this.rules,
        catalog: this.catalog,
        players,
        extOffset,
        actionBase: ACTION_BLOCK * (k + 1),
        stat: (name) => {
          if (!own.has(name)) throw new Error(`expansion ${expansion.name} did not declare stat ${name}`);
          return this.statIndex(name);
        },
        playerStat: (name) => {
          if (!ownPlayer.has(name)) throw new Error(`expansion ${expansion.name} did not declare player stat ${name}`);
          return this.playerStatIndex(name, 0);
        },
      });
      extOffset += h.extSlots ?? 0;
      hooks.push(h);
    });
    this.extSlots = extOffset;
    this.extOffsets = offsets;
    this.hooks = hooks;
    this.hookLists = collectHooks(hooks);

    // 4. The deck: every copy of every tile the expansions admit, less the start tile.
    const counts = options.tileCounts ?? {};
    for (const [id, count] of Object.entries(counts)) {
      if (!this.catalog.has(id)) throw new InputError('catalog', `${where}: "tileCounts" names unknown tile ${JSON.stringify(id)}${suggestion(id, this.catalog.types.map((t) => t.id))}`);
      if (!Number.isInteger(count) || count < 0 || count > MAX_TILES) throw new InputError('catalog', `${where}: tile count for ${id} must be a whole number from 0 to ${MAX_TILES}, got ${JSON.stringify(count)}`);
    }
    const copies = this.catalog.types.reduce((n, type, index) => n + (this.admits(index) ? counts[type.id] ?? type.count : 0), 0);
    if (copies > MAX_TILES) throw new InputError('catalog', `${where}: the game would have ${copies} tiles; at most ${MAX_TILES}`);
    const deck: number[] = [];
    const keys: string[] = [];
    this.catalog.types.forEach((type, index) => {
      if (!this.admits(index)) return;
      let copies = counts[type.id] ?? type.count;
      if (index === this.startType) copies = Math.max(0, copies - 1);
      for (let c = 0; c < copies; c++) {
        deck.push(index);
        keys.push(`${type.id}#${c + 1}`);
      }
    });
    this.deck = Int16Array.from(deck);
    this.deckKeys = keys;

    // 5. Geometry and tables.
    this.maxTiles = deck.length + 1;
    this.gridSide = 2 * this.maxTiles + 3;
    this.originCell = (this.maxTiles + 1) * this.gridSide + (this.maxTiles + 1);
    const S = this.catalog.maxSegments;
    this.segmentsPerTile = S;
    const T = this.catalog.types.length;
    this.edgeCode = new Uint8Array(T * 4);
    this.sideEdge = new Uint8Array(T * 16);
    this.portSegment = new Int8Array(T * 4 * PORTS).fill(-1);
    this.segmentKind = new Int8Array(T * S).fill(-1);
    this.segmentPorts = new Uint8Array(T * S);
    this.segmentCount = new Uint8Array(T);
    this.monasterySegment = new Int8Array(T).fill(-1);
    this.segmentPennants = new Uint8Array(T * S);
    this.distinctRotation = new Uint8Array(T * 4);
    const cityLists = Array.from({ length: T * S }, (_, i) => this.catalog.types[(i / S) | 0]!.segments[i % S]?.cities ?? []);
    this.fieldCityStart = new Uint16Array(T * S + 1);
    cityLists.forEach((list, i) => { this.fieldCityStart[i + 1] = this.fieldCityStart[i]! + list.length; });
    this.fieldCities = Int8Array.from(cityLists.flat());
    this.scratch = {
      stamp: 0,
      tileStamp: new Int32Array(this.maxTiles),
      rootStamp: new Int32Array(this.maxTiles * S),
      feature: {
        root: 0, kind: 0, completed: false, tiles: 0, pennants: 0, points: 0, bonus: 0, bonusSource: 0, meeples: 0,
        perPlayer: new Int32Array(MAX_PLAYERS),
      },
    };
    this.catalog.types.forEach((type, t) => this.compileType(type, t));
  }

  private compileType(type: TileType, t: number): void {
    const S = this.segmentsPerTile;
    this.segmentCount[t] = type.segments.length;
    type.segments.forEach((seg, s) => {
      this.segmentKind[t * S + s] = seg.kind;
      this.segmentPennants[t * S + s] = seg.pennants;
      if (seg.kind === SEG_ROAD || seg.kind === SEG_CITY) this.segmentPorts[t * S + s] = seg.ports.length;
      if (seg.kind === SEG_MONASTERY) this.monasterySegment[t] = s;
    });
    for (let r = 0; r < 4; r++) {
      const o = t * 4 + r;
      const rotated = [0, 1, 2, 3].map((side) => type.edges[(side - r + 4) % 4]!);
      this.edgeCode[o] = edgeCode(rotated);
      for (let side = 0; side < 4; side++) this.sideEdge[o * 4 + side] = rotated[side]!;
      type.segments.forEach((seg, s) => {
        for (const port of seg.ports) this.portSegment[o * PORTS + rotatePort(port, r)] = s;
      });
    }
    const looks = [0, 1, 2, 3].map((r) => rotationSignature(type, r));
    for (let r = 0; r < 4; r++) this.distinctRotation[t * 4 + r] = looks.indexOf(looks[r]!) === r ? 1 : 0;
  }

  /** Offset of an expansion's integers in `State.ext`, or -1 when it is not in this game. */
  extOffsetOf(expansion: string): number {
    return this.extOffsets.get(expansion) ?? -1;
  }

  /** Whether the expansions' rules admit a catalog tile into this game (e.g. its edition). */
  admits(type: number): boolean {
    const tile = this.catalog.types[type]!;
    return this.hookLists.includeTile.every((h) => h.includeTile(tile));
  }

  statIndex(name: string): number {
    const i = this.statNames.indexOf(name);
    if (i < 0) throw new Error(`unknown stat ${name}`);
    return i;
  }

  playerStatIndex(name: string, player: number): number {
    const i = this.playerStatNames.indexOf(name);
    if (i < 0) throw new Error(`unknown player stat ${name}`);
    return this.statNames.length + i * this.players + player;
  }

  /** A new game in its first turn; `order` is the deck to draw from, first tile first (default: unshuffled). */
  newState(order: ArrayLike<number> = this.deck): State {
    return State.start(this, Int16Array.from(order));
  }

  /** Cell of board coordinates (x east, y south). */
  cellOf(x: number, y: number): number {
    return this.originCell + y * this.gridSide + x;
  }

  xOf(cell: number): number {
    return ((cell % this.gridSide) - (this.originCell % this.gridSide));
  }

  yOf(cell: number): number {
    return Math.floor(cell / this.gridSide) - Math.floor(this.originCell / this.gridSide);
  }

  /** Whether (x, y) lies on the grid. */
  onGrid(x: number, y: number): boolean {
    const lim = this.maxTiles;
    return Number.isInteger(x) && Number.isInteger(y) && Math.abs(x) <= lim && Math.abs(y) <= lim;
  }
}

/**
 * What a rotated tile looks like on the board, independent of how its segments are numbered: the
 * segment at each board port (renumbered in order of first appearance) and each segment's properties.
 * Two rotations with the same signature are the same placement.
 */
function rotationSignature(type: TileType, r: number): string {
  const label = new Map<number, number>();
  const atPort: number[] = [];
  for (let p = 0; p < PORTS; p++) {
    const s = type.segments.findIndex((seg) => seg.ports.some((q) => rotatePort(q, r) === p));
    if (s >= 0 && !label.has(s)) label.set(s, label.size);
    atPort.push(s >= 0 ? label.get(s)! : -1);
  }
  type.segments.forEach((_, s) => {
    if (!label.has(s)) label.set(s, label.size);
  });
  const props = [...label.entries()].sort((a, b) => a[1] - b[1]).map(([s]) => {
    const seg = type.segments[s]!;
    return [seg.kind, seg.pennants, seg.end, seg.labyrinth, seg.travellers, [...seg.illustrations].sort(), seg.cities.map((c) => label.get(c)).sort()];
  });
  return JSON.stringify([atPort, props]);
}

export interface Scratch {
  stamp: number;
  tileStamp: Int32Array;
  rootStamp: Int32Array;
  feature: FeatureScore;
}

type Hooked<K extends keyof ExpansionHooks> = ExpansionHooks & Required<Pick<ExpansionHooks, K>>;
export interface HookLists {
  includeTile: Hooked<'includeTile'>[];
  allowOnOccupied: Hooked<'allowOnOccupied'>[];
  followUps: Hooked<'followUps'>[];
  meepleDeployed: Hooked<'meepleDeployed'>[];
  scoreFeature: Hooked<'scoreFeature'>[];
  afterScoring: Hooked<'afterScoring'>[];
  endOfTurn: Hooked<'endOfTurn'>[];
  finalScoring: Hooked<'finalScoring'>[];
  evaluate: Hooked<'evaluate'>[];
}

function collectHooks(hooks: ExpansionHooks[]): HookLists {
  const having = <K extends keyof ExpansionHooks>(key: K) => hooks.filter((h): h is Hooked<K> => h[key] !== undefined);
  return {
    includeTile: having('includeTile'),
    allowOnOccupied: having('allowOnOccupied'),
    followUps: having('followUps'),
    meepleDeployed: having('meepleDeployed'),
    scoreFeature: having('scoreFeature'),
    afterScoring: having('afterScoring'),
    endOfTurn: having('endOfTurn'),
    finalScoring: having('finalScoring'),
    evaluate: having('evaluate'),
  };
}
