/**
 * The front of the engine: `Game` (a game setup that makes states) and `State` (one game in
 * progress), the contract agents, simulation and CLI use (docs/architecture.md §3). A state is mutable and
 * cheap to clone: only numbers and typed arrays. Its floors, bottom up: the tables (`tables.ts`),
 * the position (`position.ts`), the board (`board.ts`), scoring (`scoring.ts`) and the turn
 * (`turn.ts`); this file only starts, restarts and clones.
 */
import { GameSetup } from './game.ts';
import { Turn } from './turn.ts';

export {
  FOLLOW_MEEPLE,
  FOLLOW_NOTHING,
  MAX_ACTIONS_HINT,
  followUpKind,
  followUpSegment,
  meepleFollowUp,
  meepleSegmentOf,
} from './turn.ts';
export type { FeatureScore } from './tables.ts';
export { blankFeatureScore } from './tables.ts';

export class Game extends GameSetup {
  /** A new game in its first turn; `order` is the deck to draw from, first tile first (default: unshuffled). */
  newState(order: ArrayLike<number> = this.deck): State {
    return State.start(this, Int16Array.from(order));
  }
}

export class State extends Turn<Game> {
  private constructor(game: Game, deck: Int16Array, from?: State) {
    super(game, deck, from);
  }

  /** A new game: the start tile (default: the catalog's, rotation 0) at (0,0), then the first draw. */
  static start(game: Game, deck: Int16Array, startType = game.startType, startRotation = 0, deferFinal = false): State {
    const state = new State(game, deck);
    state.deferFinal = deferFinal;
    state.begin(startType, startRotation);
    return state;
  }

  /**
   * Starts a new game with the given deck in this state's memory, as `Game.newState` would, but
   * without allocating: clears only what the last game touched. The start tile is the default one.
   * The deck is kept by reference (not copied): leave it unchanged until the game is over.
   */
  restart(deck: Int16Array): void {
    this.clear(deck);
    this.begin(this.game.startType, 0);
  }

  /**
   * An independent copy (the event sink is not copied; no checkpoint is open in it). With `deck`, the
   * copy draws from it (kept by reference, its drawn part as this state's): a search deals the tiles
   * to come its own way on a copy, and the state it was handed keeps its deck.
   */
  clone(deck: Int16Array = this.deck): State {
    return new State(this.game, deck, this);
  }

  /**
   * Makes this state what `from.clone(deck)` would be, without allocating: `from` must be a state of
   * the same game, and no checkpoint may be open in this one (the event sink is kept).
   */
  override copyFrom(from: State, deck: Int16Array = from.deck): void {
    super.copyFrom(from, deck);
  }
}
