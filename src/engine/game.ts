/**
 * The game setup floor: `GameSetup` is the immutable setup of a game (catalog, the base game's rule
 * module and the expansions, resolved rules, players, the deck, the statistics and expansion-state
 * layouts, the hooks) on top of the precomputed tables (`tables.ts`), prepared from the options by
 * `prepare.ts`. The front `Game` (`state.ts`) adds `newState`. The base game is expansion zero: a
 * rule module given by the caller (the engine names no rule), declared through the same contract as
 * the expansions.
 */
import type { BoardView, Expansion, ExpansionHooks, MeepleKind, ModulePreview, PreviewView } from './expansion.ts';
import type { ExpansionStateLayout } from './expansion-state.ts';
import type { ParamDef, ParamValues } from './params/index.ts';
import { admits, modulePreviews } from './hook-lists.ts';
import type { GameMechanic, HookLists } from './hook-lists.ts';
import { playerStatIndex, prepare, statIndex } from './prepare.ts';
import type { BaseHooks, GameOptions } from './prepare.ts';
import { blankFeatureScore, Tables } from './tables.ts';
import type { FeatureView } from './board.ts';
import type { ProspectView } from './prospect.ts';
import type { FeatureScore } from './tables.ts';

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
  /** Whether a meeple may stand on every segment (`meepleSpots` all 1): the turn then skips the lookup. */
  readonly meepleEverywhere: boolean;
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
    this.meepleEverywhere = this.segmentKind.every((kind, i) => kind < 0 || this.meepleSpots[i] === 1);
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
   * `state`'s drawn tile with no follow-up (`ModulePreview.placement`; `followUps`: whether
   * `previewFollowUps` is asked next); false when one cannot tell. Only when `previews`.
   */
  previewPlacement(
    state: FeatureView & { readonly positionId: number },
    prospect: ProspectView,
    out: Float64Array,
    followUps: boolean,
  ): boolean {
    const modules = this.modulePlacements!;
    const view = this.rememberPreview(state);
    for (let k = 0; k < modules.length; k++) if (!modules[k]!.placement!(view, prospect, out, followUps)) return false;
    return true;
  }

  /**
   * Adds to `expected` what `evaluate` adds, in the same order to the last bit, asking a module's
   * preview instead of its hook when it has that answer at hand (`ModulePreview.evaluate`). Only
   * when `previews`.
   */
  previewEvaluate(state: FeatureView & { readonly positionId: number }, expected: Float64Array): void {
    const view = this.rememberPreview(state);
    const hooks = this.hookLists.evaluate;
    for (let k = 0; k < hooks.length; k++) {
      const preview = hooks[k]!.preview;
      if (preview?.evaluate) preview.evaluate(view, expected);
      else hooks[k]!.evaluate(hooksViewOf(state), expected);
    }
  }

  /** The module previews' view of `state`, once they remembered its position. */
  private rememberPreview(state: FeatureView & { readonly positionId: number }): PreviewView {
    const view = state as unknown as PreviewView;
    if (state !== this.previewState || state.positionId !== this.previewPosition) {
      this.previewState = state;
      this.previewPosition = state.positionId;
      for (const m of this.modulePreviews!) m.remember?.(view);
    }
    return view;
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

  /** Adds to `gain[p]` what expansion `k`'s `evaluateGrowth` hook says p gains per further completion; nothing without one. */
  growthOfExpansion(k: number, state: FeatureView, gain: Float64Array): void {
    this.hooks[k]!.evaluateGrowth?.(hooksViewOf(state), gain);
  }

  /** Visits what expansion `k`'s `evaluateOpen` hook says open features would pay on completion; nothing without one. */
  openPaysOfExpansion(
    k: number,
    state: FeatureView,
    visit: (player: number, root: number, points: number) => void,
  ): void {
    this.hooks[k]!.evaluateOpen?.(hooksViewOf(state), visit);
  }

  /** `evaluateExpansion` and `openPaysOfExpansion` of expansion `k` together (its `evaluateWithOpen` hook when it has one). */
  evaluateExpansionWithOpen(
    k: number,
    state: FeatureView,
    expected: Float64Array,
    visit: (player: number, root: number, points: number) => void,
  ): void {
    const hooks = this.hooks[k]!;
    const view = hooksViewOf(state);
    if (hooks.evaluateWithOpen) hooks.evaluateWithOpen(view, expected, visit);
    else {
      hooks.evaluate?.(view, expected);
      hooks.evaluateOpen?.(view, visit);
    }
  }

  /** Visits the prizes expansion `k`'s `evaluateRecords` hook names (who holds each, its record, its value); nothing without one. */
  recordsOfExpansion(
    k: number,
    state: FeatureView,
    visit: (kind: number, largest: number, holder: number, value: number, growth: number) => void,
  ): void {
    this.hooks[k]!.evaluateRecords?.(hooksViewOf(state), visit);
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
