/**
 * The expansion contract: one module per expansion exports one `Expansion` (built with
 * `defineExpansion`). It declares its data — rule parameters, tiles, statistics, score sources, state
 * fields (`expansion-state.ts`), event kinds (`events.ts`), scenario keys, summary keys, board pieces — and
 * at `Game` build time it is `setup` with the resolved rules and returns hooks; the game keeps
 * per-hook lists so that unused hooks cost nothing. Through the setup context an expansion reaches
 * only its own state fields and events. Expansions never import each other, and the engine never
 * imports an expansion by name.
 *
 * Hooks see the game through `BoardView`: the feature API and the board's queries, no array of the
 * position (the types refuse a write to any of its arrays or scalars, and at run time the view
 * handed to hooks refuses it too: `test/engine/hook-access.test.ts`), so that no hook can change a
 * journaled array behind `record` and break a rollback. A hook changes the game
 * only through the view's methods (`addScore`, `addStat`, `setStat`: arrays a checkpoint copies
 * whole) and its own state fields (`SetupContext.own`, likewise copied).
 *
 * Restricted play: a module declares its mechanics (`mechanics`: name and one line) and says which
 * legal follow-ups use each (`ExpansionHooks.usesMechanic`); an agent given `forbid=` never chooses
 * one that uses a forbidden mechanic (`src/agents/forbid.ts`).
 */
import type { Catalog, TileSource } from './catalog/index.ts';
import type { Segment, TileField, TileType } from './catalog/types.ts';
import type { ParamDef, ParamValues } from './params/index.ts';
import type { Board, FeatureView } from './board.ts';
import type { EventData, EventKinds, EventSink } from './events.ts';
import type { StateFields, StateViews } from './expansion-state.ts';
import type { ProspectView } from './prospect.ts';
import type { SegmentField } from './segment-field.ts';
import type { FeatureScore } from './tables.ts';

/** A typed array a hook may read but not write (entries and length only). */
export interface ReadonlyNumbers {
  readonly [index: number]: number;
  readonly length: number;
}

/**
 * What a hook sees of a game in progress: the feature API the agents read too (`FeatureView`, with a
 * placed segment's module field, a feature's majority and the occupied open features carrying a
 * field), the board's queries by placed tile, the turn's scalars, and the methods through which a
 * hook may change the game. No array of the position: at run time hooks get a view over the state
 * (`hook-view.ts`) that has none and refuses writes. Segment ids as in `board.ts`.
 */
export interface BoardView
  extends FeatureView,
    Pick<
      Board,
      | 'game'
      | 'find'
      | 'segmentKind'
      | 'tileOf'
      | 'typeOf'
      | 'typeIndexOf'
      | 'segmentAt'
      | 'cellOf'
      | 'segmentIdLimit'
      | 'meepleKindOf'
      | 'hasMeepleInHand'
      | 'completedFeature'
      | 'tileAt'
      | 'orientation'
      | 'members'
      | 'segmentsAcross'
      | 'neighbourCount'
      | 'measure'
      | 'completedCitiesOf'
      | 'describeSegment'
      | 'turnNumber'
      | 'score'
      | 'addScore'
      | 'addStat'
      | 'setStat'
      | 'meepleWeight'
    > {
  readonly currentPlayer: number;
  readonly placedCount: number;
  /** Placed index of the tile placed this turn. */
  readonly lastPlaced: number;
  /** How many features this turn completed (`completedFeature`). */
  readonly completedCount: number;
  /** The event sink; send events through `SetupContext.emit`, only when it is set. */
  readonly sink: EventSink | undefined;
}

/**
 * What a module's part of the placement preview reads (`ModulePreview`): the hooks' view and, as the
 * agents' speed path does (`SpeedPathState`, `views.ts`), the position's arrays read-only, so that it
 * values a placement not made without rebuilding what the board keeps. At run time it is the state.
 */
export interface PreviewView extends BoardView, Pick<Board, 'positionId' | 'followsFrom'> {
  readonly grid: ReadonlyNumbers;
  readonly placedType: ReadonlyNumbers;
  readonly placedCell: ReadonlyNumbers;
  readonly parent: ReadonlyNumbers;
  readonly next: ReadonlyNumbers;
  readonly rootMeeples: ReadonlyNumbers;
  readonly meeple: ReadonlyNumbers;
  readonly done: ReadonlyNumbers;
  readonly meeplesLeft: ReadonlyNumbers;
}

type State = BoardView;

/**
 * A mechanic a rule module lets players choose, which restricted play may forbid an agent (Jaffe,
 * Miller, Andersen, Liu, Karlin, Popović, "Evaluating competitive game balance with restricted play",
 * AIIDE 2012): a kind of follow-up, such as a farmer or a tollhouse. Its name is unique among all
 * rule modules.
 */
export interface MechanicDef {
  /** As an agent's `forbid=` names it: a letter, then letters and digits (`farmers`, `tollhouses`). */
  readonly name: string;
  /** One line: which follow-ups use it. */
  readonly description: string;
}

/**
 * A kind of meeple an expansion adds (e.g. the big meeple): placed and returned as a meeple, from a
 * supply of its own, and counted `weight` times in every majority (fields included). The plain
 * meeple is kind 0, `meeple`, weight 1, `meeples` per player.
 */
export interface MeepleKind {
  /** Its name in scenarios (`"meepleKind"`), logs and actions, e.g. `big`. */
  readonly name: string;
  readonly weight: number;
  /** How many each player has. */
  readonly perPlayer: number;
  readonly description: string;
}

/** A player's piece standing on a placed tile (drawn as a marker in the player's colour with its label). */
export interface BoardPiece {
  /** What it is, e.g. `tollhouse` (the picture's class name). */
  kind: string;
  player: number;
  /** Placed index of the tile it stands on. */
  placed: number;
  /** A short text drawn on the marker, e.g. the tollhouse's value. */
  label: string;
}

export interface Expansion<F extends StateFields = StateFields, E extends EventKinds = EventKinds> {
  /** Registry name, as in scenarios and experiments (`tollkeepers`, `labyrinth`, `kingRobber`). */
  readonly name: string;
  readonly title: string;
  readonly tiles?: TileSource;
  /** The road and city fields its tiles carry (e.g. the Labyrinth's `labyrinth` flag), read from every tile file of a game that has it. */
  readonly tileFields?: readonly TileField[];
  /** The meeple kinds it adds to every player's supply. */
  readonly meepleKinds?: readonly MeepleKind[];
  readonly params?: readonly ParamDef[];
  /** Names of the per-game statistics this expansion records (docs/rules.md §6); values are whole numbers. */
  readonly stats?: readonly string[];
  /** Per-player statistics, recorded for each seat. */
  readonly playerStats?: readonly string[];
  /** Names of the score sources its points are booked under (`GameSetup.scoreSources`), e.g. `toll`. */
  readonly scoreSources?: readonly string[];
  /** Keys this expansion reads from a scenario turn (its `parseFollowUp`), e.g. `tollhouse`. */
  readonly scenarioKeys?: readonly string[];
  /** Keys its `summary` hook adds to the replay output (null there when the expansion is not in the game). */
  readonly summaryKeys?: readonly string[];
  /** The kinds of pieces its `boardPieces` hook puts on pictures, for the legend's key (with a sample label). */
  readonly pieceKinds?: readonly { kind: string; sampleLabel: string; description: string }[];
  /** Its state: fields kept with every game, cloned and rolled back with it, read and written through `SetupContext.own`. */
  readonly state?: F;
  /** Its event kinds (payload fields and log text), sent through `SetupContext.emit`. */
  readonly events?: E;
  /** The mechanics restricted play may forbid (none: a module without player choices, such as King and Robber Baron); each needs its `usesMechanic` test. */
  readonly mechanics?: readonly MechanicDef[];
  setup(context: SetupContext<F, E>): ExpansionHooks;
}

/**
 * The rule modules games are built from (`src/expansions`): the optional expansions by name, and the
 * base game's module, expansion zero, which every game has.
 */
export interface ExpansionRegistry extends ReadonlyMap<string, Expansion> {
  readonly base: Expansion;
}

/** An expansion with its state and event declarations checked against its hooks' use of them. */
export function defineExpansion<const F extends StateFields, const E extends EventKinds>(
  expansion: Expansion<F, E>,
): Expansion {
  return expansion as unknown as Expansion;
}

/** What an expansion learns when a game is built. */
export interface SetupContext<F extends StateFields = StateFields, E extends EventKinds = EventKinds> {
  /** The game's resolved rules as written; `paramsOf(MY_PARAMS, rules)` gives a module its own, typed. */
  readonly rules: ParamValues;
  /** The game's catalog (base, expansion and designer tiles). */
  readonly catalog: Catalog;
  readonly players: number;
  /** Where the game is set up (e.g. a scenario file), to begin the module's input errors with. */
  readonly where: string;
  /** Index of the last score source, `compensation` (the points a seat starts with), for the base game's module. */
  readonly seatSource: number;
  /** The views of this expansion's declared state fields in `state` (its own only; a clone has its own views, so look them up per call). */
  own(state: State): StateViews<F>;
  /** Sends one of its declared events to the state's sink; call it only when `state.sink` is set. */
  emit<K extends keyof E & string>(state: State, kind: K, data: EventData<E[K]['fields']>): void;
  /** Index in `State.stats` of a per-game statistic this expansion declared. */
  stat(name: string): number;
  /** Index in `State.stats` of a per-player statistic for seat 0; seat p adds p. */
  playerStat(name: string): number;
  /** Index of a score source this expansion declared, for `addScore` and `FeatureScore.bonusSource`. */
  source(name: string): number;
  /** Index of a meeple kind this expansion declared (`BoardView.meepleKindOf`). */
  meepleKind(name: string): number;
  /** A value per tile segment of the game's catalog (`pick`: 0 to 255), read on the board with `BoardView.fieldAt`. */
  segmentField(pick: (segment: Segment, type: TileType) => number): SegmentField;
  /**
   * Prices a measured feature as the game's scoring does: the base game's module's `price` as the
   * game holds it (a module wrapping the base game's prices so too). For hooks, once the game is built.
   */
  price(feature: FeatureScore): void;
  /** The rates the base game's features pay by (its `featureRates`), for an expansion that prices or values features against them; empty while the base game's own module is set up. */
  readonly featureRates: readonly FeatureRates[];
  /** Base of this expansion's follow-up action codes (`ACTION_BLOCK`, `constants.ts`; the encoding in `turn.ts`). */
  readonly actionBase: number;
}

/**
 * What a feature of one kind pays its majority, as rates (the base game's `featureRates`): per tile (a
 * monastery: itself and each neighbour), per pennant and, for a field, per completed city it borders;
 * when completed during the game and at the final scoring of an open feature. The base game's module
 * prices by them (`price`); scoring and the agents ask it, so no agent re-implements a point value.
 */
export interface FeatureRates {
  readonly tile: number;
  readonly pennant: number;
  readonly city: number;
  readonly finalTile: number;
  readonly finalPennant: number;
  readonly finalCity: number;
}

/** Hooks an expansion may implement; all optional. They read the game through a `BoardView` and change it only through its methods and their own state. */
export interface ExpansionHooks {
  /** Whether a catalog tile goes into the deck (e.g. an edition's distribution). */
  includeTile?(type: TileType): boolean;
  initState?(state: State): void;
  /**
   * Called when the default rule says a tile segment cannot take a meeple because its feature is
   * occupied; returning true allows it (e.g. the advanced Labyrinth's branches).
   */
  allowOnOccupied?(state: State, segment: number): boolean;
  /** Appends this expansion's legal follow-ups after the tile placement; returns the new count. */
  followUps?(state: State, out: Int32Array, count: number): number;
  /** After a meeple went onto segment g (the feature's meeple count already includes it). */
  meepleDeployed?(state: State, segment: number): void;
  /** Applies one of its own follow-up codes. */
  applyFollowUp?(state: State, action: number): void;
  describeFollowUp?(state: State, action: number): string;
  /**
   * Parses a scenario turn's own key (e.g. `"tollhouse": [x, y]`) into a follow-up code, or undefined;
   * error messages start with `prefix`, which names the file and the turn.
   */
  parseFollowUp?(state: State, turn: Readonly<Record<string, unknown>>, prefix: string): number | undefined;
  /**
   * Adjusts the points of a feature being scored (completed or in final scoring). The base game's
   * module prices it first (`price`): `points` and `source`.
   */
  scoreFeature?(state: State, feature: FeatureScore): void;
  /**
   * After every module's `scoreFeature` set a feature's points and bonus, before its majority is
   * paid: the final figures, whatever the order of the game's expansions, for statistics. It changes
   * nothing of the feature (a `scoreFeature` hook that read `points` would see only what the modules
   * before it set).
   */
  featurePriced?(state: State, feature: Readonly<FeatureScore>): void;
  /**
   * The base game's module only: what a measured feature pays its majority (`points`) and under which
   * source, from the measure alone (kind, completed or not, tiles, pennants, completed cities
   * bordered). Scoring pays by it, and agents value features by it (`GameSetup.pays`).
   */
  price?(feature: FeatureScore): void;
  /** The base game's module only: by segment kind (`SEG_ROAD` …), the rates `price` pays by (for expansions that price against them). */
  readonly featureRates?: readonly FeatureRates[];
  /** The base game's module only: how many plain meeples each player has. */
  readonly meeplesPerPlayer?: number;
  /**
   * The base game's module only: the tile segments a meeple may stand on by its rules (1; 0: none may),
   * made with `SetupContext.segmentField`. The turn lists meeple follow-ups only there.
   */
  readonly meepleSpots?: SegmentField;
  /** After all features completed this turn were scored (`State.completedThisTurn`). */
  afterScoring?(state: State): void;
  endOfTurn?(state: State): void;
  /** After the final scoring of the open features; the base game's module's runs before the expansions'. */
  finalScoring?(state: State): void;
  /**
   * Position evaluation for agents: adds to `expected[p]` the points player p can expect from this
   * expansion beyond `State.score(p)` (e.g. a tollhouse's income from its open roads, a card's end
   * value). Convention: an open feature counts halfway between what completing it would pay and what
   * the final scoring would. Values come from the resolved rules only; the state is not changed.
   * It reads the board, the pieces and the expansion's own state, never whose turn it is nor what
   * `endOfTurn` keeps for later turns: agents may call it on a turn's follow-up staged, before the
   * turn ends (`State.stageFollowUp`), when the turn completes nothing.
   */
  evaluate?(state: State, expected: Float64Array): void;
  /**
   * Agents' inputs beside `evaluate` (`strong`'s value network): adds to `gain[p]` the points player
   * p's holdings in this expansion bring per further completed feature of the kinds they count (e.g.
   * a card paying per completed city), from the resolved rules only; the state is not changed.
   */
  evaluateGrowth?(state: State, gain: Float64Array): void;
  /**
   * Agents' inputs beside `evaluate`: calls `visit(p, root, points)` for each open feature (by its
   * root) whose completion, by anyone, would pay player p `points` through this expansion (e.g. a
   * tollhouse's toll on a road ending at it); the state is not changed.
   */
  evaluateOpen?(state: State, visit: (player: number, root: number, points: number) => void): void;
  /**
   * `evaluate` and `evaluateOpen` in one call, for agents that read both of a position (one walk
   * over what they share): the same additions to `expected` and the same visits, each in its order.
   */
  evaluateWithOpen?(
    state: State,
    expected: Float64Array,
    visit: (player: number, root: number, points: number) => void,
  ): void;
  /**
   * Agents' inputs beside `evaluate`: calls `visit(kind, largest, holder, value, growth)` for each
   * prize that goes to whoever completes a feature of segment kind `kind` of more than `largest`
   * tiles (e.g. the King: a city larger than the largest completed so far; none completed: 0), with
   * its `holder` (-1: nobody yet), what it pays its holder at the end as the board stands (`value`)
   * and what each further completed feature of its kind adds (`growth`), from the resolved rules
   * only; the state is not changed.
   */
  evaluateRecords?(
    state: State,
    visit: (kind: number, largest: number, holder: number, value: number, growth: number) => void,
  ): void;
  /**
   * Agents' placement preview: what this module adds to a turn's value for a placement not made
   * (`ModulePreview`). A module with hooks that change a turn's scores, follow-ups or evaluation must
   * have it for placements of its games to be previewed (else agents make each placement to value it).
   */
  readonly preview?: ModulePreview;
  /** Keys this expansion adds to the replay output (e.g. `kingHolder`). */
  summary?(state: State): Record<string, unknown>;
  /** Its pieces on the board, for pictures (e.g. the tollhouses). */
  boardPieces?(state: State): BoardPiece[];
  /** Short notes about a player for a picture's legend (e.g. `King`, `tollhouse in supply`). */
  playerNotes?(state: State, player: number): string[];
  /**
   * For each mechanic the module declared (`Expansion.mechanics`, by name): whether a legal follow-up
   * (phase FOLLOW, the tile just placed at `state.lastPlaced`) uses it. Doing nothing uses none, so a
   * restricted player always has a move. `null` for a mechanic the game's resolved rules rule out
   * (the advanced Labyrinth's branches in the basic variant): the game does not have it. Called in
   * agents' searches: allocate nothing.
   */
  readonly usesMechanic?: Readonly<Record<string, ((state: State, followUp: number) => boolean) | null>>;
}

/**
 * A rule module's part of the agents' placement preview (`src/agents/speed-path/preview.ts`): for a placement of
 * the drawn tile not made (`ProspectView`, phase PLACE), what the module's `evaluate` and its scoring
 * would add to each player's total after the turn, each follow-up chosen, as differences from the
 * position before. Values come from the resolved rules and the board as the module's own hooks read
 * them; the state is not changed. A module with a preview changes features only through the tile
 * placed and the meeple put on it, as the engine's turn does, so that agents may value a position
 * by what changed since one they read before. `test/agents/preview-mixes.test.ts` holds every module
 * to making the placement and the follow-up and evaluating the position.
 */
export interface ModulePreview {
  /** A new position (phase PLACE): what the module read of the last one is stale. */
  remember?(state: PreviewView): void;
  /**
   * What the module's `evaluate` hook adds to `expected` in the position (after `remember`), to the
   * last bit, from what the preview keeps between positions: the agents' preview then asks this
   * instead of the hook. None: the hook is asked.
   */
  evaluate?(state: PreviewView, expected: Float64Array): void;
  /**
   * Adds to `out[p]` the change the placement with no follow-up makes to player p's points from this
   * module: its `evaluate` after the turn minus before, and what its scoring hooks add to the turn's
   * scoring of the features the placement completes. False when it cannot tell (e.g. a follow-up its
   * `allowOnOccupied` would allow): the agent then makes the placement. None: it adds nothing.
   * `followUps`: whether the agent asks `followUps` next for this placement (without, the module
   * may leave out what only they need).
   */
  placement?(state: PreviewView, prospect: ProspectView, out: Float64Array, followUps: boolean): boolean;
  /**
   * What a meeple of the mover, of any kind, on the unoccupied feature of tile segment `segment` adds
   * to the mover's points from this module beyond `placement`'s (the feature is the mover's alone).
   */
  meeple?(state: PreviewView, prospect: ProspectView, segment: number): number;
  /**
   * Writes this module's legal follow-ups of the placement (as its `followUps` hook would list them)
   * from `out[n]`, and into `values` at the same places what each adds to the mover's points beyond
   * `placement`'s (its own follow-ups change the mover's points only); returns the new end. Without
   * `every` it may leave out a follow-up worth at most what one it lists before it is worth (it
   * cannot be the first best), so that agents need not value it.
   */
  followUps?(
    state: PreviewView,
    prospect: ProspectView,
    out: Int32Array,
    values: Float64Array,
    n: number,
    every: boolean,
  ): number;
}
