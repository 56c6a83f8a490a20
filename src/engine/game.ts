/**
 * The game setup floor: `GameSetup` is the immutable setup of a game (catalog, expansions, resolved
 * rules, players, the deck, the statistics and expansion-state layouts, the expansions' hooks) on top
 * of the precomputed tables (`tables.ts`). The front `Game` (`state.ts`) adds `newState`.
 */
import { BASE_TILE_SOURCE, buildCatalog } from './catalog/index.ts';
import type { Catalog, TileSource } from './catalog/index.ts';
import { InputError, suggestion } from './errors.ts';
import type { Expansion, ExpansionHooks } from './expansion.ts';
import { ExpansionStateLayout } from './expansion-state.ts';
import { expansionViews } from './position.ts';
import { BASE_PARAMS, parseListParam, resolveRules } from './rules.ts';
import type { BaseRules, ParamDef, Rules } from './rules.ts';
import { Tables } from './tables.ts';
import { ACTION_BLOCK, BASE_SCORE_SOURCES, COMPENSATION_SOURCE, MAX_PLAYERS, MAX_TILES, MIN_PLAYERS } from './constants.ts';

export const BASE_STATS = ['tilesPlaced', 'tilesDiscarded', 'turns'] as const;
export const BASE_PLAYER_STATS = ['meeplesDeployed'] as const;

/**
 * The score sources of a game with these expansions, the columns of its breakdowns (`Position.scores`):
 * the base game's, each expansion's own in the given order, then seat compensation. Over a registry's
 * expansions it gives every source any game can have.
 */
export function scoreSourcesOf(expansions: Iterable<Expansion>): string[] {
  return [...BASE_SCORE_SOURCES, ...[...expansions].flatMap((e) => e.scoreSources ?? []), COMPENSATION_SOURCE];
}

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

export class GameSetup extends Tables {
  readonly expansions: readonly Expansion[];
  /** Every resolved rule; the base game's typed. */
  readonly rules: Rules & BaseRules;
  /** Only the rules that were given explicitly (for manifests). */
  readonly explicitRules: Rules;
  readonly paramDefs: readonly ParamDef[];
  /** Meeples each player starts with (`meeples`). */
  readonly meeplesPerPlayer: number;
  /** Whether fields take farmers and score (`farmers`). */
  readonly farmers: boolean;
  /** Points each seat starts with (`seatCompensation`), one per player. */
  readonly seatCompensation: Int32Array;
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
  readonly hooks: readonly ExpansionHooks[];
  readonly hookLists: HookLists;

  constructor(options: GameOptions) {
    const setup = prepare(options);
    super(setup.catalog, setup.players, setup.deck.length + 1);
    this.expansions = setup.expansions;
    this.rules = setup.rules;
    this.explicitRules = setup.explicitRules;
    this.paramDefs = setup.paramDefs;
    this.meeplesPerPlayer = this.rules.meeples;
    this.farmers = this.rules.farmers === 'on';
    this.seatCompensation = setup.seatCompensation;
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

function statIndex(statNames: readonly string[], name: string): number {
  const i = statNames.indexOf(name);
  if (i < 0) throw new Error(`unknown stat ${name}`);
  return i;
}

function playerStatIndex(statNames: readonly string[], playerStatNames: readonly string[], players: number, name: string, player: number): number {
  const i = playerStatNames.indexOf(name);
  if (i < 0) throw new Error(`unknown player stat ${name}`);
  return statNames.length + i * players + player;
}

function admits(hookLists: HookLists, catalog: Catalog, type: number): boolean {
  const tile = catalog.types[type]!;
  return hookLists.includeTile.every((h) => h.includeTile(tile));
}

/** Everything of a setup that the tables do not hold, checked and resolved in the order errors are reported. */
function prepare(options: GameOptions) {
  const where = options.where ?? 'game';
  const players = options.players;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new InputError('rules', `${where}: "players" must be a whole number from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${JSON.stringify(players)}`);
  }
  const expansions = options.expansions ?? [];
  const names = new Set<string>();
  for (const e of expansions) {
    if (names.has(e.name)) throw new InputError('expansion', `${where}: expansion "${e.name}" is listed twice`);
    names.add(e.name);
  }

  // 1. Rules: base parameters plus each expansion's.
  const paramDefs = [...Object.values(BASE_PARAMS), ...expansions.flatMap((e) => e.params ?? [])];
  const rules = resolveRules(paramDefs, options.rules ?? {}, where) as Rules & BaseRules; // every base parameter was resolved
  const explicitRules: Rules = { ...(options.rules as Rules | undefined) };
  const compensation = parseListParam(rules.seatCompensation);
  if (compensation.length > players) {
    throw new InputError('rules', `${where}: rule "seatCompensation" lists ${compensation.length} seats for ${players} players`);
  }
  const seatCompensation = Int32Array.from({ length: players }, (_, p) => compensation[p] ?? 0);

  // 2. Catalog: base tiles, expansion tiles, designer tiles.
  const sources = [BASE_TILE_SOURCE, ...expansions.flatMap((e) => (e.tiles ? [e.tiles] : [])), ...(options.extraTiles ?? [])];
  const catalog = buildCatalog(sources);
  const startType = catalog.indexOf(catalog.startId);

  // 3. Statistics and score sources, then the hooks (each reaching only its own state and events).
  const statNames = [...BASE_STATS, ...expansions.flatMap((e) => e.stats ?? [])];
  const playerStatNames = [...BASE_PLAYER_STATS, ...expansions.flatMap((e) => e.playerStats ?? [])];
  const statCount = statNames.length + playerStatNames.length * players;
  const scoreSources = scoreSourcesOf(expansions);
  const twice = scoreSources.find((name, i) => scoreSources.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`score source ${twice} is declared twice by the game's expansions`);
  const hooks: ExpansionHooks[] = [];
  expansions.forEach((expansion, k) => {
    const own = new Set(expansion.stats ?? []);
    const ownPlayer = new Set(expansion.playerStats ?? []);
    const ownSources = new Set(expansion.scoreSources ?? []);
    const h = expansion.setup({
      rules,
      catalog,
      players,
      own: (state) => expansionViews(state, k) as never,
      emit: (state, kind, data) => state.sink!({ type: 'expansion', turn: state.turnNumber(), expansion: expansion.name, kind, data }),
      actionBase: ACTION_BLOCK * (k + 1),
      stat: (name) => {
        if (!own.has(name)) throw new Error(`expansion ${expansion.name} did not declare stat ${name}`);
        return statIndex(statNames, name);
      },
      playerStat: (name) => {
        if (!ownPlayer.has(name)) throw new Error(`expansion ${expansion.name} did not declare player stat ${name}`);
        return playerStatIndex(statNames, playerStatNames, players, name, 0);
      },
      source: (name) => {
        if (!ownSources.has(name)) throw new Error(`expansion ${expansion.name} did not declare score source ${name}`);
        return scoreSources.indexOf(name);
      },
    });
    hooks.push(h);
  });
  const hookLists = collectHooks(hooks);

  // 4. The deck: every copy of every tile the expansions admit, less the start tile; then the expansions' state laid out for a game of its size.
  const counts = options.tileCounts ?? {};
  for (const [id, count] of Object.entries(counts)) {
    if (!catalog.has(id)) throw new InputError('catalog', `${where}: "tileCounts" names unknown tile ${JSON.stringify(id)}${suggestion(id, catalog.types.map((t) => t.id))}`);
    if (!Number.isInteger(count) || count < 0 || count > MAX_TILES) throw new InputError('catalog', `${where}: tile count for ${id} must be a whole number from 0 to ${MAX_TILES}, got ${JSON.stringify(count)}`);
  }
  const admitted = (index: number) => admits(hookLists, catalog, index);
  const copies = catalog.types.reduce((n, type, index) => n + (admitted(index) ? counts[type.id] ?? type.count : 0), 0);
  if (copies > MAX_TILES) throw new InputError('catalog', `${where}: the game would have ${copies} tiles; at most ${MAX_TILES}`);
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
  const expansionState = new ExpansionStateLayout(expansions.map((e) => e.state), { players, maxTiles: deck.length + 1 }, expansions.map((e) => e.name));
  return {
    players, expansions, rules, explicitRules, paramDefs, seatCompensation, catalog, startType,
    statNames, playerStatNames, statCount, scoreSources, expansionState, hooks, hookLists,
    deck: Int16Array.from(deck), deckKeys,
  };
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
