/**
 * Bootstrapped training targets for `strong`'s value network (`npm run train -- --target round`,
 * docs/strong.md "Distilling the look-ahead"): what `strong`'s round look-ahead computes at its
 * leaves, so that a network fitted to it values a position in one evaluation as the look-ahead would.
 *
 * From a turn-start position, on `deals` re-dealt decks (the undrawn tiles, their multiset, shuffled
 * by the training's own seeded stream: never the real order), one round of `greedy` turns is played
 * as `strong`'s look-ahead plays it (`GreedyAgent` with `prefilterWeights`, a turn per player), and
 * each player's target is the points it scored in the round plus what the teacher network expects it
 * still to score at the round's end (nothing when the game ended): the mean over the deals.
 *
 * With `cards` W (`--target-cards W`), W × what the prizes that pay their holder at the end (the King
 * and the Robber Baron: `evaluateRecords`) are worth to each player at the round's end as that board
 * stands (what the teacher is credited with them there) is taken out of the target, for the trainer to
 * put in W × their points at the game's real end instead (`prizePoints`, `recordGame`).
 */
import { copyUndrawnUnordered, MAX_ACTIONS_HINT, shuffleFrom } from '../engine/index.ts';
import type { Game, Rng, State } from '../engine/index.ts';
import { GreedyAgent, prefilterWeights, valueEvaluatorOf } from '../agents/index.ts';
import type { NetRecord, ValueEvaluator } from '../agents/index.ts';

/**
 * Adds `sign` × what each prize of `game`'s expansions (`evaluateRecords`, from the rules in force:
 * the King, the Robber Baron) pays its holder at the end as `state` stands to `out[holder]`.
 */
export function prizePoints(game: Game, state: State, out: Float32Array | Float64Array, sign = 1): void {
  const visit = (_kind: number, _largest: number, holder: number, value: number) => {
    if (holder >= 0) out[holder] += sign * value;
  };
  for (let k = 0; k < game.expansions.length; k++) game.recordsOfExpansion(k, state, visit);
}

export class RoundTargets {
  private readonly teacher: ValueEvaluator;
  private readonly reply: GreedyAgent;
  private readonly legal = new Int32Array(MAX_ACTIONS_HINT);
  /** The re-dealt deck the copy draws from. */
  private deck = new Int16Array(0);
  private readonly sums: Float64Array;

  /**
   * `teacher`: the network that values the round's end; `rng`: the stream of the re-deals and of
   * `greedy`'s tie-breaks (one per game, so that a game's targets do not depend on the others);
   * `cards`: the share of the prizes' points at the round's end left out (`prizePoints`; 0: none).
   */
  constructor(
    readonly game: Game,
    teacher: NetRecord,
    readonly deals: number,
    private readonly rng: Rng,
    readonly cards = 0,
  ) {
    this.teacher = valueEvaluatorOf(game, teacher);
    this.reply = new GreedyAgent(rng, true, prefilterWeights(game.players));
    this.sums = new Float64Array(game.players);
  }

  /**
   * Writes into `out` (one entry per player) each player's mean over the deals of the points it
   * scores in a round of `greedy` turns from `state` plus the teacher's expectation of what it still
   * scores after them (less `cards` × the prizes' points there). `state` is left as it was.
   */
  targets(state: State, out: Float32Array | Float64Array): void {
    const players = this.game.players;
    const n = state.deck.length;
    if (this.deck.length !== n) this.deck = new Int16Array(n);
    const deck = this.deck;
    const copy = state.clone(deck);
    const level = copy.checkpoint();
    const sums = this.sums.fill(0);
    const legal = this.legal;
    for (let d = 0; d < this.deals; d++) {
      copyUndrawnUnordered(deck, state.deck, state.deckPos);
      shuffleFrom(deck, state.deckPos, this.rng);
      // A round as `strong`'s look-ahead plays it: a placement and its follow-up per player.
      for (let step = 0; step < 2 * players && !copy.isOver(); step++)
        copy.apply(this.reply.choose(copy, legal, copy.legalActions(legal)));
      const totals = this.teacher.totals(copy);
      for (let p = 0; p < players; p++) sums[p] += totals[p]! - state.score(p);
      if (this.cards > 0) prizePoints(this.game, copy, sums, -this.cards);
      copy.rollback(level, true);
    }
    for (let p = 0; p < players; p++) out[p] = sums[p]! / this.deals;
  }
}
