/**
 * What the agents see of a game (docs/architecture.md §5): the feature API, the play contract and the
 * game's answers about its rules, as types of the `State` and `Game` themselves (no copy, no wrapper:
 * every call stays the board's own method). Agent code is typed against `AgentState` and `AgentGame`,
 * which lack the position's arrays, the union-find and the precomputed tables, so that an agent reads
 * a feature only as the rules see it and never re-implements joining, completion or a point value
 * (`test/agents/agent-access.test.ts` checks that reading an internal does not compile). The one
 * exception is named: the placement preview's speed path (`speedPathOf`), kept honest by its
 * differential test against applying the placement.
 */
import type { FeatureView } from './board.ts';
import type { Game, State } from './state.ts';

/** What an agent reads of a game's setup: its size, the legal moves' shape, and what its rule modules answer (`pays`, `evaluate`). */
export type AgentGame = Pick<
  Game,
  | 'players'
  | 'maxTiles'
  | 'segmentsPerTile'
  | 'distinctRotation'
  | 'meepleWeights'
  | 'mechanics'
  | 'base'
  | 'expansions'
  | 'pays'
  | 'evaluate'
  | 'evaluateExpansion'
  | 'growthOfExpansion'
  | 'openPaysOfExpansion'
  | 'evaluateExpansionWithOpen'
  | 'recordsOfExpansion'
  | 'evaluates'
  | 'previews'
  | 'previewPlacement'
  | 'previewEvaluate'
  | 'previewMeeple'
  | 'previewFollowUps'
  | 'followUpUses'
>;

/**
 * A game in progress as an agent sees it: the play contract (phase, whose turn, the drawn tile, legal
 * moves, apply with checkpoint and rollback, scores, meeples in hand, tiles placed and the deck) and
 * the feature API.
 */
export interface AgentState
  extends FeatureView,
    Pick<
      State,
      | 'phase'
      | 'currentPlayer'
      | 'drawn'
      | 'placedCount'
      | 'lastPlaced'
      | 'deckPos'
      | 'deferFinal'
      | 'isOver'
      | 'legalActions'
      | 'legalPlacements'
      | 'legalFollowUps'
      | 'samplePlacement'
      | 'apply'
      | 'stageFollowUp'
      | 'checkpoint'
      | 'rollback'
      | 'score'
    > {
  readonly game: AgentGame;
  /** Tile types in draw order (read-only: a search deals the tiles to come on a copy, `clone(deck)`). */
  readonly deck: Int16Array;
  /** Meeples in each player's supply by kind: [kind * players + player]. */
  readonly meeplesLeft: { readonly [index: number]: number; readonly length: number };
  clone(deck?: Int16Array): AgentState;
  /** Makes this state what `from.clone(deck)` would be, in its own memory (`State.copyFrom`). */
  copyFrom(from: AgentState, deck?: Int16Array): void;
}

/**
 * The placement preview's speed path (`src/agents/speed-path/preview.ts` and the tables it keeps): what it reads
 * beyond the agents' view to value a placement without applying it, and to keep what it read from one
 * position to the next — the union-find, the grid and frontier, the placed tiles, the position's id.
 * Only the files `agent-access.test.ts` lists reach it.
 */
export interface SpeedPathState
  extends AgentState,
    Pick<
      State,
      | 'grid'
      | 'frontier'
      | 'placedType'
      | 'placedCell'
      | 'monasteryTiles'
      | 'monasteryCount'
      | 'next'
      | 'openEnds'
      | 'rootMeeples'
      | 'meeple'
      | 'meepleKind'
      | 'done'
      | 'positionId'
      | 'followsFrom'
      | 'neighbourCount'
      | 'orientation'
    > {
  readonly game: SpeedPathGame;
}

/** The game's tables the speed path reads (`SpeedPathState`). */
export type SpeedPathGame = AgentGame &
  Pick<
    Game,
    | 'segmentKind'
    | 'segmentCount'
    | 'segmentPorts'
    | 'segmentPennants'
    | 'portSegment'
    | 'monasterySegment'
    | 'fieldCityStart'
    | 'fieldCities'
    | 'gridSide'
    | 'meepleSpots'
    | 'meepleEverywhere'
  >;

/** The speed path's view of the state behind an agent's view (the same object). */
export function speedPathOf(state: AgentState): SpeedPathState {
  return state as SpeedPathState;
}

/** The speed path's view of the game behind an agent's view (the same object). */
export function speedPathGameOf(game: AgentGame): SpeedPathGame {
  return game as SpeedPathGame;
}
