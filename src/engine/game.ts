/**
 * The game setup floor: `GameSetup` is the immutable setup of a game (catalog, the base game's rule
 * module and the expansions, resolved rules, players, the deck, the statistics and expansion-state
 * layouts, the hooks) on top of the precomputed tables (`tables.ts`). The front `Game` (`state.ts`)
 * adds `newState`. The base game is expansion zero: a rule module given by the caller (the engine
 * names no rule), declared through the same contract as the expansions.
 */
import { MAX_SEGMENTS_PER_TILE, SEG_FIELD, SEGMENT_KINDS, buildCatalog } from './catalog/index.ts';
import type { Catalog, TileField, TileSource } from './catalog/index.ts';
import { InputError, suggestion } from './errors.ts';
import type {
  BoardView,
  Expansion,
  ExpansionHooks,
  FeatureRates,
  MechanicDef,
  MeepleKind,
  ModulePreview,
  PreviewView,
} from './expansion.ts';
import { ExpansionStateLayout } from './expansion-state.ts';
import { stateBehind } from './hook-view.ts';
import { expansionViews } from './position.ts';
import { SegmentField } from './segment-field.ts';
import { resolveParams } from './params/index.ts';
import type { ParamDef, ParamValues } from './params/index.ts';
import { blankFeatureScore, Tables } from './tables.ts';
import type { FeatureView } from './board.ts';
import type { ProspectView } from './prospect.ts';
import type { FeatureScore } from './tables.ts';
import {
  ACTION_BLOCK,
  COMPENSATION_SOURCE,
  FOLLOW_MEEPLE_CODE,
  MAX_PLAYERS,
  MAX_TILES,
  MIN_PLAYERS,
} from './constants.ts';

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

/** A mechanic of one of the game's rule modules (`Expansion.mechanics`), with its test. */
export interface GameMechanic extends MechanicDef {
  /** The rule module that declares it (`base`, `tollkeepers` …). */
  readonly module: string;
  /** Whether a legal follow-up uses it (the module's `usesMechanic` test). */
  readonly uses: (state: BoardView, followUp: number) => boolean;
}

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

export class GameSetup extends Tables {
  /** The base game's rule module (expansion zero). */
  readonly base: Expansion;
  readonly expansions: readonly Expansion[];
  /** Every resolved rule, as written (a list as "0,3"). */
  readonly rules: ParamValues;
  /** Only the rules that were given explicitly, as given (for manifests). */
  readonly explicitRules: ParamValues;
  readonly paramDefs: readonly ParamDef[];
  /** The meeple kinds of this game: the plain meeple (kind 0), then the expansions' (`Expansion.meepleKinds`). */
  readonly meepleKinds: readonly MeepleKind[];
  /** What a meeple of each kind counts in a majority. */
  readonly meepleWeights: Int8Array;
  /** Whether any kind counts other than 1 (else majorities count meeples one by one, the base game's fast path). */
  readonly weightedMeeples: boolean;
  /** Each player's starting supply by kind, [kind * players + player] (`Position.meeplesLeft`). */
  readonly meepleSupply: Int8Array;
  /** By tile segment (`type * segmentsPerTile + s`): 1 where the base game's rules let a meeple stand (`ExpansionHooks.meepleSpots`). */
  readonly meepleSpots: Uint8Array;
  /** The deck before shuffling: one entry per copy (tile type index), the start tile excluded. */
  readonly deck: Int16Array;
  /** Stable key of each deck entry, e.g. `U.garden#2`, for per-tile shuffle keys. */
  readonly deckKeys: readonly string[];
  readonly startType: number;

  // Statistics layout: per-game stats, then a block of `players` per per-player stat.
  readonly statNames: readonly string[];
  readonly playerStatNames: readonly string[];
  readonly statCount: number;
  /** The columns of every player's score breakdown (`scoreSourcesOf`). */
  readonly scoreSources: readonly string[];
  /** Where each expansion's declared state fields live in a position. */
  readonly expansionState: ExpansionStateLayout;
  /** The base game's hooks. */
  readonly baseHooks: BaseHooks;
  /** The expansions' hooks, in the order of `expansions`. */
  readonly hooks: readonly ExpansionHooks[];
  readonly hookLists: HookLists;
  /** The mechanics of the base game and the expansions, in that order (restricted play). */
  readonly mechanics: readonly GameMechanic[];
  /** Whether the agents' placement preview can value this game's placements (`previews`), and the modules' parts of it. */
  private readonly modulePreviews: readonly ModulePreview[] | undefined;
  /** Those of them that value placements, meeples, and follow-ups of their own. */
  private readonly modulePlacements: readonly ModulePreview[] | undefined;
  private readonly moduleMeeples: readonly ModulePreview[] | undefined;
  private readonly moduleFollowUps: readonly ModulePreview[] | undefined;
  // The state and position the module previews last remembered.
  private previewState: FeatureView | undefined = undefined;
  private previewPosition = -1;
  /** The feature `pays` measures and prices. */
  private readonly priced: FeatureScore = blankFeatureScore(0);

  /** A game of the base game's rule module `base` (expansion zero) and the optional expansions in `options`. */
  constructor(options: GameOptions, base: Expansion) {
    const setup = prepare(options, base);
    super(setup.catalog, setup.players, setup.deck.length + 1);
    this.base = base;
    this.baseHooks = setup.baseHooks;
    this.expansions = setup.expansions;
    this.rules = setup.rules;
    this.explicitRules = setup.explicitRules;
    this.paramDefs = setup.paramDefs;
    this.meepleKinds = setup.meepleKinds;
    this.meepleWeights = Int8Array.from(setup.meepleKinds, (k) => k.weight);
    this.weightedMeeples = setup.meepleKinds.some((k) => k.weight !== 1);
    this.meepleSupply = Int8Array.from(
      { length: setup.meepleKinds.length * setup.players },
      (_, i) => setup.meepleKinds[(i / setup.players) | 0]!.perPlayer,
    );
    this.meepleSpots = setup.baseHooks.meepleSpots.values;
    this.deck = setup.deck;
    this.deckKeys = setup.deckKeys;
    this.startType = setup.startType;
    this.statNames = setup.statNames;
    this.playerStatNames = setup.playerStatNames;
    this.statCount = setup.statCount;
    this.scoreSources = setup.scoreSources;
    this.expansionState = setup.expansionState;
    this.hooks = setup.hooks;
    this.hookLists = setup.hookLists;
    this.mechanics = setup.mechanics;
    this.modulePreviews = modulePreviews(setup.hooks);
    this.modulePlacements = this.modulePreviews?.filter((m) => m.placement !== undefined);
    this.moduleMeeples = this.modulePreviews?.filter((m) => m.meeple !== undefined);
    this.moduleFollowUps = this.modulePreviews?.filter((m) => m.followUps !== undefined);
  }

  /**
   * Whether a meeple may stand on some field segment of this game's tiles (`meepleSpots`): the
   * agents' placement preview asks it (`SpeedPathGame`).
   */
  get farmers(): boolean {
    const kinds = this.segmentKind;
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === SEG_FIELD && this.meepleSpots[i] === 1) return true;
    return false;
  }

  /**
   * What the base game's rule module says a feature of this measure pays its majority (its `price`,
   * as scoring pays): completed during the game, or open at the final scoring. For agents, which value
   * features by it and never by a rate of their own.
   */
  pays(kind: number, tiles: number, pennants: number, cities: number, completed: boolean): number {
    const f = this.priced;
    f.kind = kind;
    f.tiles = tiles;
    f.pennants = pennants;
    f.cities = cities;
    f.completed = completed;
    this.baseHooks.price(f);
    return f.points;
  }

  /**
   * Adds to `expected[p]` what the expansions' `evaluate` hooks expect player p to gain beyond the
   * score (nothing without such hooks). `state` is a game's state (every feature view is one).
   */
  evaluate(state: FeatureView, expected: Float64Array): void {
    const view = hooksViewOf(state);
    for (const h of this.hookLists.evaluate) h.evaluate(view, expected);
  }

  /**
   * Whether the agents' placement preview can value placements of this game without making them:
   * every expansion whose hooks change a turn's scores, follow-ups or evaluation has its `preview`.
   */
  get previews(): boolean {
    return this.modulePreviews !== undefined;
  }

  /**
   * Adds to `out` what the expansions add to each player's points for legal placement `prospect` of
   * `state`'s drawn tile with no follow-up (`ModulePreview.placement`); false when one cannot tell.
   * Only when `previews`.
   */
  previewPlacement(
    state: FeatureView & { readonly positionId: number },
    prospect: ProspectView,
    out: Float64Array,
  ): boolean {
    const modules = this.modulePlacements!;
    const view = state as unknown as PreviewView;
    if (state !== this.previewState || state.positionId !== this.previewPosition) {
      this.previewState = state;
      this.previewPosition = state.positionId;
      for (const m of this.modulePreviews!) m.remember?.(view);
    }
    for (let k = 0; k < modules.length; k++) if (!modules[k]!.placement!(view, prospect, out)) return false;
    return true;
  }

  /** What the expansions add to the mover's points for a meeple on free tile segment `segment` of `prospect` (`ModulePreview.meeple`), after `previewPlacement`. */
  previewMeeple(state: FeatureView, prospect: ProspectView, segment: number): number {
    const modules = this.moduleMeeples!;
    let value = 0;
    for (let k = 0; k < modules.length; k++)
      value += modules[k]!.meeple!(state as unknown as PreviewView, prospect, segment);
    return value;
  }

  /**
   * The expansions' follow-ups of `prospect` from `out[n]` with what each adds to the mover's points
   * (`ModulePreview.followUps`; without `every`, those that cannot be the first best may be left
   * out), after `previewPlacement`; returns the new end.
   */
  previewFollowUps(
    state: FeatureView,
    prospect: ProspectView,
    out: Int32Array,
    values: Float64Array,
    n: number,
    every: boolean,
  ): number {
    const modules = this.moduleFollowUps!;
    for (let k = 0; k < modules.length; k++)
      n = modules[k]!.followUps!(state as unknown as PreviewView, prospect, out, values, n, every);
    return n;
  }

  /** Whether legal follow-up `followUp` of `state` (phase FOLLOW) uses mechanic `mechanics[k]` (restricted play). */
  followUpUses(k: number, state: FeatureView, followUp: number): boolean {
    return this.mechanics[k]!.uses(hooksViewOf(state), followUp);
  }

  /** Adds to `expected[p]` what expansion `k`'s `evaluate` hook (the k-th of `expansions`) expects player p to gain; nothing without one. */
  evaluateExpansion(k: number, state: FeatureView, expected: Float64Array): void {
    this.hooks[k]!.evaluate?.(hooksViewOf(state), expected);
  }

  /** Whether any expansion adds to an evaluation (`evaluate`). */
  get evaluates(): boolean {
    return this.hookLists.evaluate.length > 0;
  }

  /** Whether the expansions' rules admit a catalog tile into this game (e.g. its edition). */
  admits(type: number): boolean {
    return admits(this.hookLists, this.catalog, type);
  }

  statIndex(name: string): number {
    return statIndex(this.statNames, name);
  }

  playerStatIndex(name: string, player: number): number {
    return playerStatIndex(this.statNames, this.playerStatNames, this.players, name, player);
  }
}

/** The view the rule modules' hooks get of a state (`Turn.hooksView`; every feature view is a state). */
function hooksViewOf(state: FeatureView): BoardView {
  return (state as unknown as { readonly hooksView: BoardView }).hooksView;
}

function statIndex(statNames: readonly string[], name: string): number {
  const i = statNames.indexOf(name);
  if (i < 0) throw new Error(`unknown stat ${name}`);
  return i;
}

function playerStatIndex(
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

function admits(hookLists: HookLists, catalog: Catalog, type: number): boolean {
  const tile = catalog.types[type]!;
  return hookLists.includeTile.every((h) => h.includeTile(tile));
}

/** Everything of a setup that the tables do not hold, checked and resolved in the order errors are reported. */
function prepare(options: GameOptions, base: Expansion) {
  const where = options.where ?? 'game';
  const players = options.players;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new InputError(
      'rules',
      `${where}: "players" must be a whole number from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${JSON.stringify(players)}`,
    );
  }
  const expansions = options.expansions ?? [];
  const names = new Set<string>();
  for (const e of [base, ...expansions]) {
    if (names.has(e.name)) throw new InputError('expansion', `${where}: expansion "${e.name}" is listed twice`);
    names.add(e.name);
  }

  // 1. Rules: the base game's parameters plus each expansion's.
  const modules = [base, ...expansions];
  const paramDefs = modules.flatMap((e) => e.params ?? []);
  const { values: rules, explicit: explicitRules } = resolveParams(paramDefs, options.rules ?? {}, {
    where,
    code: 'rules',
    noun: 'rule',
    known: 'known rules for this expansion mix',
  });

  // 2. Catalog: base tiles, expansion tiles, designer tiles.
  const sources = [...modules.flatMap((e) => (e.tiles ? [e.tiles] : [])), ...(options.extraTiles ?? [])];
  const catalog = buildCatalog(sources, options.tileFields ?? tileFieldsOf(modules));
  const startType = catalog.indexOf(catalog.startId);

  // Meeple kinds: the plain meeple (how many each player has: the base game's module says, below), then
  // the expansions' (their follow-up codes fit block 0: `meepleFollowUp`).
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

  // 3. Statistics and score sources, then the hooks (each reaching only its own state and events).
  const statNames = [...BASE_STATS, ...expansions.flatMap((e) => e.stats ?? [])];
  const playerStatNames = [...BASE_PLAYER_STATS, ...expansions.flatMap((e) => e.playerStats ?? [])];
  const statCount = statNames.length + playerStatNames.length * players;
  const scoreSources = scoreSourcesOf(modules);
  const twice = scoreSources.find((name, i) => scoreSources.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`score source ${twice} is declared twice by the game's expansions`);
  /** Sets a rule module up with a context that reaches its own statistics, sources, state and events only; `k` is its place among the expansions (-1: the base game, which keeps no state). */
  const setUp = (module: Expansion, k: number, featureRates: readonly FeatureRates[]): ExpansionHooks => {
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
      price: (f) => baseHooks.price!(f),
      featureRates,
    });
  };
  if (base.state !== undefined || base.stats !== undefined || base.playerStats !== undefined)
    throw new Error(`the base game's rule module ${base.name} may declare no state and no statistics`);
  const baseHooks = setUp(base, -1, []);
  if (!baseHooks.price || baseHooks.featureRates?.length !== SEGMENT_KINDS.length)
    throw new Error(
      `the base game's rule module ${base.name} must price features (price, and featureRates for every segment kind)`,
    );
  const { meeplesPerPlayer, meepleSpots } = baseHooks;
  if (!Number.isInteger(meeplesPerPlayer) || meeplesPerPlayer! < 1 || meeplesPerPlayer! > 30 || !meepleSpots)
    throw new Error(`the base game's rule module ${base.name} must say meeplesPerPlayer (1–30) and meepleSpots`);
  meepleKinds[0] = { ...meepleKinds[0]!, perPlayer: meeplesPerPlayer! };
  const hooks = expansions.map((expansion, k) => setUp(expansion, k, baseHooks.featureRates!));
  const hookLists = collectHooks(hooks);
  const mechanics = collectMechanics(modules, [baseHooks, ...hooks]);

  // 4. The deck: every copy of every tile the expansions admit, less the start tile; then the expansions' state laid out for a game of its size.
  const counts = options.tileCounts ?? {};
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
  const expansionState = new ExpansionStateLayout(
    expansions.map((e) => e.state),
    { players, maxTiles: deck.length + 1 },
    expansions.map((e) => e.name),
  );
  return {
    players,
    expansions,
    meepleKinds,
    baseHooks: baseHooks as BaseHooks,
    rules,
    explicitRules,
    paramDefs,
    catalog,
    startType,
    statNames,
    playerStatNames,
    statCount,
    scoreSources,
    expansionState,
    hooks,
    hookLists,
    mechanics,
    deck: Int16Array.from(deck),
    deckKeys,
  };
}

/** Each module's declared mechanics with its test, less those the rules rule out (a null test); a declaration without a test, or a test without one, is a programmer error. */
function collectMechanics(modules: readonly Expansion[], hooks: readonly ExpansionHooks[]): GameMechanic[] {
  const mechanics: GameMechanic[] = [];
  modules.forEach((module, k) => {
    const tests = hooks[k]!.usesMechanic ?? {};
    const declared = module.mechanics ?? [];
    for (const name of Object.keys(tests)) {
      if (!declared.some((m) => m.name === name))
        throw new Error(`rule module ${module.name} tests mechanic ${name} but does not declare it`);
    }
    for (const { name, description } of declared) {
      const uses = tests[name];
      if (uses === undefined)
        throw new Error(`rule module ${module.name} declares mechanic ${name} without its usesMechanic test`);
      if (uses === null) continue; // ruled out by the game's rules
      if (mechanics.some((m) => m.name === name))
        throw new Error(`mechanic ${name} is declared twice by the game's rule modules`);
      mechanics.push({ name, description, module: module.name, uses });
    }
  });
  return mechanics;
}

/** The hooks that change a turn's value: a module with any of them needs a `preview` for its games to be previewed. */
const VALUE_HOOKS = [
  'allowOnOccupied',
  'followUps',
  'applyFollowUp',
  'scoreFeature',
  'afterScoring',
  'endOfTurn',
  'evaluate',
] as const satisfies readonly (keyof ExpansionHooks)[];

/** The expansions' previews (those of every module that has one), or undefined when a module changes a turn's value without one. */
function modulePreviews(hooks: readonly ExpansionHooks[]): ModulePreview[] | undefined {
  const previews: ModulePreview[] = [];
  for (const h of hooks) {
    if (h.preview) previews.push(h.preview);
    else if (VALUE_HOOKS.some((key) => h[key] !== undefined)) return undefined;
  }
  return previews;
}

type Hooked<K extends keyof ExpansionHooks> = ExpansionHooks & Required<Pick<ExpansionHooks, K>>;
export interface HookLists {
  includeTile: Hooked<'includeTile'>[];
  allowOnOccupied: Hooked<'allowOnOccupied'>[];
  followUps: Hooked<'followUps'>[];
  meepleDeployed: Hooked<'meepleDeployed'>[];
  scoreFeature: Hooked<'scoreFeature'>[];
  featurePriced: Hooked<'featurePriced'>[];
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
    featurePriced: having('featurePriced'),
    afterScoring: having('afterScoring'),
    endOfTurn: having('endOfTurn'),
    finalScoring: having('finalScoring'),
    evaluate: having('evaluate'),
  };
}
