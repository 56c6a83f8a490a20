/**
 * Preparing a game's setup (`GameSetup`, `game.ts`): the options checked and resolved in the order
 * their errors are reported — players, rule modules, rules, the catalog, meeple kinds, statistics
 * and score sources, the rule modules set up (each with a context that reaches only its own
 * statistics, sources, state and events) and their hooks collected, and the deck.
 */
import { MAX_SEGMENTS_PER_TILE, SEGMENT_KINDS, buildCatalog } from './catalog/index.ts';
import type { Catalog, TileField, TileSource } from './catalog/index.ts';
import {
  ACTION_BLOCK,
  COMPENSATION_SOURCE,
  FOLLOW_MEEPLE_CODE,
  MAX_PLAYERS,
  MAX_TILES,
  MIN_PLAYERS,
} from './constants.ts';
import { InputError, suggestion } from './errors.ts';
import type { Expansion, ExpansionHooks, FeatureRates, MeepleKind } from './expansion.ts';
import { admits, collectHooks, collectMechanics } from './hook-lists.ts';
import type { HookLists } from './hook-lists.ts';
import { ExpansionStateLayout } from './expansion-state.ts';
import { stateBehind } from './hook-view.ts';
import { resolveParams } from './params/index.ts';
import type { ParamValues } from './params/index.ts';
import { expansionViews } from './position.ts';
import { SegmentField } from './segment-field.ts';
import type { FeatureScore } from './tables.ts';

export const BASE_STATS = ['tilesPlaced', 'tilesDiscarded', 'turns'] as const;
/**
 * Per player: meeples placed, then the same by the kind of feature they went on, in the order of
 * `SEGMENT_KINDS` (road, city, field, monastery) — `turn.ts` indexes them so; a meeple on a field is
 * a farmer.
 */
export const BASE_PLAYER_STATS = [
  'meeplesDeployed',
  'roadMeeplesPlaced',
  'cityMeeplesPlaced',
  'farmersPlaced',
  'monasteryMeeplesPlaced',
] as const;

/**
 * The score sources of a game of these rule modules (the base game first, then the expansions), the
 * columns of its breakdowns (`Position.scores`): each module's own in the given order, then seat
 * compensation. Over a registry's modules it gives every source any game can have.
 */
export function scoreSourcesOf(modules: Iterable<Expansion>): string[] {
  return [...[...modules].flatMap((e) => e.scoreSources ?? []), COMPENSATION_SOURCE];
}

/** The segment fields the rule modules declare for tile files; one key is declared once. */
export function tileFieldsOf(modules: readonly Expansion[]): TileField[] {
  const fields = modules.flatMap((e) => e.tileFields ?? []);
  const twice = fields.find((f, i) => fields.findIndex((g) => g.on === f.on && g.key === f.key) !== i);
  if (twice !== undefined)
    throw new Error(`tile field ${twice.on}.${twice.key} is declared twice by the game's rule modules`);
  return fields;
}

/** The base game's hooks the engine requires: pricing a measured feature, the rates it prices by, the meeples' supply and spots. */
export type BaseHooks = ExpansionHooks &
  Required<Pick<ExpansionHooks, 'price' | 'featureRates' | 'meeplesPerPlayer' | 'meepleSpots'>>;

export interface GameOptions {
  players: number;
  expansions?: readonly Expansion[];
  /** Rule parameters by name; unknown names and bad values are input errors. */
  rules?: Readonly<Record<string, unknown>>;
  /** Designer tile files added to the catalog. */
  extraTiles?: readonly TileSource[];
  /**
   * The segment fields tile files may carry (`Expansion.tileFields`); default: those of the game's
   * rule modules. A registry passes every registered module's, so that one tile file serves every
   * expansion mix (a field is inert in a game without the module that reads it).
   */
  tileFields?: readonly TileField[];
  /** Copies per tile id, replacing the catalog counts (0 removes a tile). */
  tileCounts?: Readonly<Record<string, number>>;
  /** Named in error messages. */
  where?: string;
}

/** What `prepare` resolves: everything of a game's setup that the tables do not hold. */
export type Prepared = ReturnType<typeof prepare>;

/** Everything of a setup that the tables do not hold, checked and resolved in the order errors are reported. */
export function prepare(options: GameOptions, base: Expansion) {
  const where = options.where ?? 'game';
  const players = checkedPlayers(options.players, where);
  const expansions = options.expansions ?? [];
  const modules = [base, ...expansions];
  checkListedOnce(modules, where);

  // 1. Rules: the base game's parameters plus each expansion's.
  const paramDefs = modules.flatMap((e) => e.params ?? []);
  const { values: rules, explicit: explicitRules } = resolveParams(paramDefs, options.rules ?? {}, {
    where,
    code: 'rules',
    noun: 'rule',
    known: 'known rules for this expansion mix',
  });

  // 2. Catalog: base tiles, expansion tiles, designer tiles; then the meeple kinds.
  const sources = [...modules.flatMap((e) => (e.tiles ? [e.tiles] : [])), ...(options.extraTiles ?? [])];
  const catalog = buildCatalog(sources, options.tileFields ?? tileFieldsOf(modules));
  const startType = catalog.indexOf(catalog.startId);
  const meepleKinds = meepleKindsOf(expansions);

  // 3. Statistics and score sources, then the hooks (each reaching only its own state and events).
  const layout = statsLayoutOf(base, expansions, players);
  const { baseHooks, hooks } = setUpModules(base, expansions, { rules, catalog, players, where, meepleKinds, layout });
  const hookLists = collectHooks(hooks);
  const mechanics = collectMechanics(modules, [baseHooks, ...hooks]);

  // 4. The deck: every copy of every tile the expansions admit, less the start tile; then the expansions' state laid out for a game of its size.
  const { deck, deckKeys } = deckOf(options.tileCounts ?? {}, catalog, hookLists, startType, where);
  const expansionState = new ExpansionStateLayout(
    expansions.map((e) => e.state),
    { players, maxTiles: deck.length + 1 },
    expansions.map((e) => e.name),
  );
  return {
    players,
    expansions,
    meepleKinds,
    baseHooks,
    rules,
    explicitRules,
    paramDefs,
    catalog,
    startType,
    ...layout,
    expansionState,
    hooks,
    hookLists,
    mechanics,
    deck,
    deckKeys,
  };
}

function checkedPlayers(players: number, where: string): number {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new InputError(
      'rules',
      `${where}: "players" must be a whole number from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${JSON.stringify(players)}`,
    );
  }
  return players;
}

/** The base game's module and the expansions, each listed once. */
function checkListedOnce(modules: readonly Expansion[], where: string): void {
  const names = new Set<string>();
  for (const e of modules) {
    if (names.has(e.name)) throw new InputError('expansion', `${where}: expansion "${e.name}" is listed twice`);
    names.add(e.name);
  }
}

/**
 * The plain meeple (how many each player has: the base game's module says, `setUpModules`), then the
 * expansions' kinds (their follow-up codes fit block 0: `meepleFollowUp`), checked.
 */
function meepleKindsOf(expansions: readonly Expansion[]): MeepleKind[] {
  const meepleKinds: MeepleKind[] = [
    { name: 'meeple', weight: 1, perPlayer: 0, description: 'the plain meeple' },
    ...expansions.flatMap((e) => e.meepleKinds ?? []),
  ];
  for (const [k, kind] of meepleKinds.entries()) {
    if (meepleKinds.findIndex((other) => other.name === kind.name) !== k)
      throw new Error(`meeple kind ${kind.name} is declared twice by the game's rule modules`);
    if (
      !Number.isInteger(kind.weight) ||
      kind.weight < 1 ||
      kind.weight > 9 ||
      !Number.isInteger(kind.perPlayer) ||
      kind.perPlayer < 0 ||
      kind.perPlayer > 30
    )
      throw new Error(`meeple kind ${kind.name}: weight 1–9 and 0–30 per player`);
  }
  if (meepleKinds.length * MAX_SEGMENTS_PER_TILE + FOLLOW_MEEPLE_CODE > ACTION_BLOCK)
    throw new Error('too many meeple kinds for the follow-up codes');
  return meepleKinds;
}

/** The statistics layout (per-game stats, then a block of `players` per per-player stat) and the score sources. */
function statsLayoutOf(base: Expansion, expansions: readonly Expansion[], players: number) {
  const statNames = [...BASE_STATS, ...expansions.flatMap((e) => e.stats ?? [])];
  const playerStatNames = [...BASE_PLAYER_STATS, ...expansions.flatMap((e) => e.playerStats ?? [])];
  const scoreSources = scoreSourcesOf([base, ...expansions]);
  const twice = scoreSources.find((name, i) => scoreSources.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`score source ${twice} is declared twice by the game's expansions`);
  return { statNames, playerStatNames, statCount: statNames.length + playerStatNames.length * players, scoreSources };
}

/** What every rule module's setup context is made from. */
interface ModuleShare {
  readonly rules: ParamValues;
  readonly catalog: Catalog;
  readonly players: number;
  readonly where: string;
  readonly meepleKinds: MeepleKind[];
  readonly layout: ReturnType<typeof statsLayoutOf>;
}

/** Sets the base game's module up, checks what the engine needs of it, then the expansions; the plain meeple gets its supply. */
function setUpModules(base: Expansion, expansions: readonly Expansion[], share: ModuleShare) {
  if (base.state !== undefined || base.stats !== undefined || base.playerStats !== undefined)
    throw new Error(`the base game's rule module ${base.name} may declare no state and no statistics`);
  // The game's pricing, for hooks (`SetupContext.price`): the base hooks are there by the time a hook runs.
  const priced: { hooks?: BaseHooks } = {};
  const price = (f: FeatureScore) => priced.hooks!.price(f);
  const hooks = setUpModule(base, -1, [], share, price);
  if (!hooks.price || hooks.featureRates?.length !== SEGMENT_KINDS.length)
    throw new Error(
      `the base game's rule module ${base.name} must price features (price, and featureRates for every segment kind)`,
    );
  const { meeplesPerPlayer, meepleSpots } = hooks;
  if (!Number.isInteger(meeplesPerPlayer) || meeplesPerPlayer! < 1 || meeplesPerPlayer! > 30 || !meepleSpots)
    throw new Error(`the base game's rule module ${base.name} must say meeplesPerPlayer (1–30) and meepleSpots`);
  const baseHooks = hooks as BaseHooks;
  priced.hooks = baseHooks;
  share.meepleKinds[0] = { ...share.meepleKinds[0]!, perPlayer: meeplesPerPlayer! };
  return {
    baseHooks,
    hooks: expansions.map((expansion, k) => setUpModule(expansion, k, baseHooks.featureRates, share, price)),
  };
}

/** Sets a rule module up with a context that reaches its own statistics, sources, state and events only; `k` is its place among the expansions (-1: the base game, which keeps no state). */
function setUpModule(
  module: Expansion,
  k: number,
  featureRates: readonly FeatureRates[],
  share: ModuleShare,
  price: (f: FeatureScore) => void,
): ExpansionHooks {
  const { rules, catalog, players, where, meepleKinds } = share;
  const { statNames, playerStatNames, scoreSources } = share.layout;
  const own = new Set(module.stats ?? []);
  const ownKinds = new Set((module.meepleKinds ?? []).map((kind) => kind.name));
  const ownPlayer = new Set(module.playerStats ?? []);
  const ownSources = new Set(module.scoreSources ?? []);
  return module.setup({
    rules,
    catalog,
    players,
    where,
    seatSource: scoreSources.length - 1,
    own: (state) => {
      if (k < 0) throw new Error(`the base game's rule module ${module.name} keeps no state`);
      return expansionViews(stateBehind(state), k) as never;
    },
    emit: (state, kind, data) =>
      state.sink!({ type: 'expansion', turn: state.turnNumber(), expansion: module.name, kind, data }),
    // Block 0 holds the base game's own follow-ups (a meeple on a segment).
    actionBase: ACTION_BLOCK * (k + 1),
    stat: (name) => {
      if (!own.has(name)) throw new Error(`expansion ${module.name} did not declare stat ${name}`);
      return statIndex(statNames, name);
    },
    playerStat: (name) => {
      if (!ownPlayer.has(name)) throw new Error(`expansion ${module.name} did not declare player stat ${name}`);
      return playerStatIndex(statNames, playerStatNames, players, name, 0);
    },
    source: (name) => {
      if (!ownSources.has(name)) throw new Error(`expansion ${module.name} did not declare score source ${name}`);
      return scoreSources.indexOf(name);
    },
    meepleKind: (name) => {
      if (!ownKinds.has(name)) throw new Error(`expansion ${module.name} did not declare meeple kind ${name}`);
      return meepleKinds.findIndex((kind) => kind.name === name);
    },
    segmentField: (pick) => new SegmentField(catalog, pick),
    price,
    featureRates,
  });
}

/** The deck before shuffling (every copy of every admitted tile, `counts` replacing the catalog's, less the start tile) and each copy's key. */
function deckOf(
  counts: Readonly<Record<string, number>>,
  catalog: Catalog,
  hookLists: HookLists,
  startType: number,
  where: string,
): { deck: Int16Array; deckKeys: string[] } {
  checkTileCounts(counts, catalog, where);
  const admitted = (index: number) => admits(hookLists, catalog, index);
  const copies = catalog.types.reduce(
    (n, type, index) => n + (admitted(index) ? (counts[type.id] ?? type.count) : 0),
    0,
  );
  if (copies > MAX_TILES)
    throw new InputError('catalog', `${where}: the game would have ${copies} tiles; at most ${MAX_TILES}`);
  const deck: number[] = [];
  const deckKeys: string[] = [];
  catalog.types.forEach((type, index) => {
    if (!admitted(index)) return;
    let n = counts[type.id] ?? type.count;
    if (index === startType) n = Math.max(0, n - 1);
    for (let c = 0; c < n; c++) {
      deck.push(index);
      deckKeys.push(`${type.id}#${c + 1}`);
    }
  });
  return { deck: Int16Array.from(deck), deckKeys };
}

/** Option `tileCounts`: known tile ids, whole counts in range. */
function checkTileCounts(counts: Readonly<Record<string, number>>, catalog: Catalog, where: string): void {
  for (const [id, count] of Object.entries(counts)) {
    if (!catalog.has(id))
      throw new InputError(
        'catalog',
        `${where}: "tileCounts" names unknown tile ${JSON.stringify(id)}${suggestion(
          id,
          catalog.types.map((t) => t.id),
        )}`,
      );
    if (!Number.isInteger(count) || count < 0 || count > MAX_TILES)
      throw new InputError(
        'catalog',
        `${where}: tile count for ${id} must be a whole number from 0 to ${MAX_TILES}, got ${JSON.stringify(count)}`,
      );
  }
}

export function statIndex(statNames: readonly string[], name: string): number {
  const i = statNames.indexOf(name);
  if (i < 0) throw new Error(`unknown stat ${name}`);
  return i;
}

export function playerStatIndex(
  statNames: readonly string[],
  playerStatNames: readonly string[],
  players: number,
  name: string,
  player: number,
): number {
  const i = playerStatNames.indexOf(name);
  if (i < 0) throw new Error(`unknown player stat ${name}`);
  return statNames.length + i * players + player;
}
