/**
 * `strong`'s round look-ahead: the best pairs of its one-ply pass valued again after a round of
 * `greedy` play on re-dealt decks, the weaker half dropped after each share of the deals (successive
 * halving). It sees the undrawn tiles only as their multiset: each deal is that multiset shuffled by
 * the agent's own stream (or, `spread`, `dealSpread`'s rotations of shared shuffles). The deals are
 * played on one copy of the position, kept from choice to choice.
 */
import { copyUndrawnUnordered, MAX_ACTIONS_HINT, PHASE_FOLLOW, shuffleFrom } from '../../engine/index.ts';
import type { AgentGame, AgentState, Rng } from '../../engine/index.ts';
import type { Restriction } from '../agent.ts';
import type { Weights } from '../evaluation/evaluation.ts';
import { GreedyAgent, sharedOnePly } from '../greedy.ts';
import { keepBest } from '../keep-best.ts';
import type { RememberingEvaluator } from '../speed-path/remembered.ts';

/**
 * The pairs of the one-ply pass: placement, follow-up and one-ply learned value of each (`count` of
 * them); `priorValue`, the one-ply value on the scale of the look-ahead's `value` (what the prior counts).
 */
export interface Pairs {
  readonly placement: Int32Array;
  readonly followUp: Int32Array;
  readonly value: Float64Array;
  readonly priorValue: Float64Array;
  readonly count: number;
}

/** The look-ahead's size in this game (`StrongAgent.prepare`: by the player count). */
export interface LookAheadSize {
  /** Pairs revalued per opponent. */
  readonly perOpponent: number;
  /** Deals each pair is tried on (the best pairs; the others fewer, by the halvings). */
  readonly deals: number;
  readonly halvings: number;
  /** Turns played after the pair (0: a round). */
  readonly replies: number;
  /** The one-ply value counts as this many deals in a pair's mean. */
  readonly prior: number;
  /** The deals of each share in order (`halvings` + 1 of them, summing to `deals`; none: equal shares). */
  readonly shares?: readonly number[] | undefined;
}

/** After a share of the deals: the mean of each pair still in (pair index, mean). */
export interface StageSeen {
  readonly deals: number;
  readonly means: (readonly [number, number])[];
}

export class RoundLookAhead {
  /** The determinized decks (`deals`, and one more that the copy draws from). */
  private decks: Int16Array[] = [];
  /** Each pair's sum of values over the deals it was tried on (with its prior). */
  private sums = new Float64Array(256);
  /** The pairs still in (indices into the pairs, best first by one-ply value until halved), and their one-ply values. */
  private top = new Int32Array(0);
  private topValues = new Float64Array(0);
  private readonly legal = new Int32Array(MAX_ACTIONS_HINT);
  /** The players of the mover's own turns and of the other players' (the same one unless `opponents=greedy`). */
  private own: GreedyAgent | undefined;
  private others: GreedyAgent | undefined;
  /**
   * The evaluations the `greedy` turns remember positions with (theirs are shared per game and
   * weights): each deal starts from their tables at the root (`markRoot`), so that the first position
   * of a deal is remembered by what the pair changed, not by a scan of the whole board.
   */
  private evaluators: RememberingEvaluator[] = [];
  /** The position the deals are played on (`copyOf`). */
  private copy: AgentState | undefined;
  /**
   * The first turn played after each pair in this `run`, by pair and drawn tile (`pair * 65536 +
   * tile`): its placement and follow-up. Kept only when the other players' turns break no ties
   * (`followUpsOf` 1: a `greedy` turn then values a single placement with its follow-ups, and draws
   * nothing from the stream): the first turn after a pair is the next player's, never the mover's, so
   * it depends on its position and drawn tile alone; and the position after a pair is the same on every
   * deal but for the tile it draws. Then `run` also plays the deals in their order with every pair in,
   * not pair by pair (`run` says when that changes moves).
   */
  private firstTurns: Map<number, readonly [number, number]> | undefined;
  /** The deals of the last `run` plus its prior: a pair's mean is its sum over this. */
  private weight = 1;

  /**
   * `rng`: the agent's stream, which deals the decks and breaks the `greedy` turns' ties; `spread`: the
   * decks dealt by `dealSpread` rather than each shuffled on its own.
   */
  constructor(
    private readonly rng: Rng,
    private readonly spread = false,
  ) {}

  /**
   * A new game: the `greedy` players of the turns, with `own` weights for the mover's and `others` for
   * the rest; `followUpsOf`: their `GreedyAgent` option (0: as `greedy` plays; `rolloutFollowUps=`),
   * `ownFollowUpsOf` the mover's own turns' (`ownFollowUps=`; `followUpsOf` unless given).
   */
  prepare(
    game: AgentGame,
    own: Weights,
    others: Weights,
    followUpsOf: number,
    restriction?: Restriction,
    ownFollowUpsOf = followUpsOf,
  ): void {
    this.own = new GreedyAgent(this.rng, true, own, restriction, ownFollowUpsOf);
    this.others =
      others === own && ownFollowUpsOf === followUpsOf
        ? this.own
        : new GreedyAgent(this.rng, true, others, restriction, followUpsOf);
    this.evaluators = [...new Set([own, others].map((weights) => sharedOnePly(game, weights).evaluator))];
    this.firstTurns = followUpsOf === 1 ? new Map() : undefined;
  }

  /**
   * Revalues the best pairs (`perOpponent` per opponent, by one-ply value) by what the next turns do to
   * them: on each deal the pair is played, then `replies` turns (0: a round, each other player's turn
   * and the mover's next) as `greedy` plays them, and `value` values the position reached; a pair's
   * value is its mean (with its `priorValue` counted as `prior` deals). Successive halving: the deals
   * are split into `halvings` + 1 equal shares (or `shares`); after each share but the last the better half of the
   * pairs by mean goes on. Returns the pairs left (valid until the next `run`), their means in `meanOf`;
   * `stages` gets each share's means.
   */
  run(
    state: AgentState,
    me: number,
    pairs: Pairs,
    size: LookAheadSize,
    value: (state: AgentState) => number,
    stages?: StageSeen[],
  ): Int32Array {
    const players = state.game.players;
    const m = Math.min(size.perOpponent * (players - 1), pairs.count);
    if (this.top.length < m) {
      this.top = new Int32Array(m);
      this.topValues = new Float64Array(m);
    }
    const top = this.top;
    let n = topPairs(pairs, m, top, this.topValues);
    const turns = size.replies > 0 ? size.replies : players;
    this.dealDecks(state, size.deals, turns);
    // The deals are played on a copy that draws from `deck`, each deal copied into it in turn.
    const deck = this.decks[size.deals]!;
    const copy = this.copyOf(state, deck);
    if (this.sums.length < pairs.count) this.sums = new Float64Array(pairs.placement.length);
    const sums = this.sums;
    for (let k = 0; k < pairs.count; k++) sums[k] = size.prior * pairs.priorValue[k]!;
    const shares = size.shares?.length ?? Math.min(size.halvings + 1, size.deals);
    const level = copy.checkpoint();
    for (const evaluator of this.evaluators) evaluator.markRoot(copy);
    this.firstTurns?.clear();
    // Pair `k` on deal `d`: the deal copied into the deck the copy draws from, the evaluators back at
    // the root, the pair and the turns after it played, the value reached added to the pair's sum.
    const tryPair = (k: number, d: number): void => {
      deck.set(this.decks[d]!);
      for (const evaluator of this.evaluators) evaluator.restoreRoot();
      copy.apply(pairs.placement[k]!);
      copy.apply(pairs.followUp[k]!);
      this.playTurns(copy, me, 2 * turns, k);
      sums[k] += value(copy);
      copy.rollback(level, true);
    };
    let dealt = 0;
    for (let share = 0; share < shares; share++) {
      const until = size.shares ? dealt + size.shares[share]! : Math.round((size.deals * (share + 1)) / shares);
      // Pair by pair, or, when the other players' turns draw nothing from the stream (`firstTurns`),
      // deal by deal with every pair in, so that the reads of one deal's positions see the same tiles
      // to come. When the mover's own turns draw nothing either (`ownFollowUps=` 1, as the others),
      // the moves are the same: a pair's sum adds its deals in their order either way. When they break
      // ties by the stream, the order decides which number each tie draws: another order, as
      // deterministic.
      if (this.firstTurns) {
        for (let d = dealt; d < until; d++) for (let i = 0; i < n; i++) tryPair(top[i]!, d);
      } else {
        for (let i = 0; i < n; i++) for (let d = dealt; d < until; d++) tryPair(top[i]!, d);
      }
      dealt = until;
      const weight = dealt + size.prior;
      stages?.push({ deals: dealt, means: Array.from(top.subarray(0, n), (k) => [k, sums[k]! / weight] as const) });
      if (share < shares - 1 && n > 1) n = halve(top, n, sums);
    }
    copy.rollback(level);
    for (const evaluator of this.evaluators) evaluator.unmarkRoot();
    this.weight = dealt + size.prior;
    return top.subarray(0, n);
  }

  /** A copy of `state` drawing from `deck`: the one of the last `run`, overwritten, when it is of the same game. */
  private copyOf(state: AgentState, deck: Int16Array): AgentState {
    if (this.copy?.game === state.game) this.copy.copyFrom(state, deck);
    else this.copy = state.clone(deck);
    return this.copy;
  }

  /** The mean of pair `k` over the deals of the last `run`. */
  meanOf(k: number): number {
    return this.sums[k]! / this.weight;
  }

  /**
   * Plays `steps` actions (placements and follow-ups) of `greedy` on `copy` after pair `pair`, or to
   * the game's end; the first turn as it was played after the pair on an earlier deal that drew the
   * same tile, when one did (`firstTurns`).
   */
  private playTurns(copy: AgentState, me: number, steps: number, pair: number): void {
    let step = 0;
    const first = this.firstTurns;
    if (first && steps >= 2 && !copy.isOver()) {
      const key = pair * 65536 + copy.drawn;
      const known = first.get(key);
      if (known) {
        copy.apply(known[0]);
        copy.apply(known[1]);
      } else {
        const placement = this.playTurn(copy, me);
        first.set(key, [placement, this.playTurn(copy, me)]);
      }
      step = 2;
    }
    for (; step < steps && !copy.isOver(); step++) this.playTurn(copy, me);
  }

  /** Plays the action `greedy` chooses on `copy` (the mover's own or another player's); returns it. */
  private playTurn(copy: AgentState, me: number): number {
    const player = (copy.currentPlayer === me ? this.own : this.others)!;
    // A follow-up is the one the player chose with the placement just made, legal after it: the legal
    // follow-ups need no listing to confirm it.
    const action =
      copy.phase === PHASE_FOLLOW
        ? player.chosenFollowUp
        : player.choose(copy, this.legal, copy.legalActions(this.legal));
    copy.apply(action);
    return action;
  }

  /**
   * The decks of `deals` deals, and one more that the copy draws from: the drawn part as it is, the
   * undrawn tiles (their multiset, sorted: no order is read) ordered by the agent's stream, each deck
   * shuffled on its own or (`spread`) by `dealSpread` for rounds of `turns` turns.
   */
  private dealDecks(state: AgentState, deals: number, turns: number): void {
    const n = state.deck.length;
    if (this.decks.length !== deals + 1 || this.decks[0]!.length !== n)
      this.decks = Array.from({ length: deals + 1 }, () => new Int16Array(n));
    const from = state.deckPos;
    // The spare deck holds the sorted multiset until the copy draws from it.
    const sorted = this.decks[deals]!;
    copyUndrawnUnordered(sorted, state.deck, from);
    if (this.spread) {
      dealSpread(this.decks, deals, from, turns, this.rng);
      return;
    }
    for (let d = 0; d < deals; d++) {
      this.decks[d]!.set(sorted);
      shuffleFrom(this.decks[d]!, from, this.rng);
    }
  }
}

/**
 * Deals `decks[0..deals)` from the sorted multiset of undrawn tiles in `decks[deals]` (from `from`; the
 * drawn part copied as it is), spread over the deals. A round of `turns` turns reads a deck's first
 * `turns` undrawn tiles (a few more when one is discarded) and the leaf value the rest as a multiset;
 * decks shuffled one by one draw those first tiles with replacement across the deals. Here the N
 * undrawn tiles are shuffled once and that order is cut into `per` = min(deals, ⌊N / turns⌋) (at least
 * 1) strides of ⌊N / per⌋ tiles; the block's deck i is the shuffle rotated to begin at stride i. A
 * rotation of a uniformly random order is one too, so each deck alone is dealt as before and each
 * deal's value is unbiased; but the decks' first strides are disjoint parts of one order, so across
 * the deals their first tiles are drawn without replacement. That lowers the variance of a pair's
 * mean, and of two pairs' difference on the same decks, far less than the finite population's factor
 * 1 − deals·turns/N suggests: each turn's slot gets only `deals` of the N tiles, and a tile counts for
 * or against the mover by the slot it falls in (5–15 % measured at 4 players: docs/strong.md, "Spread
 * deals"). Every run of decks from 0 is spread so, so each halving's share is too. Near
 * the game's end (N < deals·turns) a block holds the decks whose first strides fit, and the next block
 * is a fresh shuffle: wrapping around one order would deal the same deck again (N = 8 and 4 turns: 2
 * distinct decks of 6). With N < 2·turns every deck is shuffled on its own.
 */
export function dealSpread(decks: Int16Array[], deals: number, from: number, turns: number, rng: Rng): void {
  const sorted = decks[deals]!;
  const n = sorted.length - from;
  const per = Math.max(1, Math.min(deals, Math.floor(n / turns)));
  const stride = Math.floor(n / per);
  for (let d = 0; d < deals; d++) {
    const i = d % per;
    const deck = decks[d]!;
    if (i === 0) {
      deck.set(sorted);
      shuffleFrom(deck, from, rng);
      continue;
    }
    // The block's shuffle, in its first deck, rotated: [at, end) then [from, at).
    const shuffled = decks[d - i]!;
    const at = from + i * stride;
    deck.set(shuffled.subarray(0, from));
    deck.set(shuffled.subarray(at), from);
    deck.set(shuffled.subarray(from, at), from + shuffled.length - at);
  }
}

/** Writes the indices of the `m` best pairs by one-ply value into `out`, best first (of equal values the earlier; their values into `values`); returns how many. */
function topPairs(pairs: Pairs, m: number, out: Int32Array, values: Float64Array): number {
  let n = 0;
  if (m > 0) for (let k = 0; k < pairs.count; k++) n = keepBest(out, values, n, m, k, pairs.value[k]!);
  return n;
}

/** Per pair being halved, how many come before it (`halve`). */
let ahead = new Int32Array(16);

/**
 * Keeps in `pairs[0..n)` (indices into `sums`) the better half (rounded up) by their sums, in their
 * order; of equal sums the earlier. Returns how many are kept.
 */
export function halve(pairs: Int32Array, n: number, sums: Float64Array): number {
  if (ahead.length < n) ahead = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const sum = sums[pairs[i]!]!;
    let before = 0;
    for (let j = 0; j < n; j++) {
      const other = sums[pairs[j]!]!;
      if (other > sum || (other === sum && j < i)) before++;
    }
    ahead[i] = before;
  }
  const keep = Math.ceil(n / 2);
  let kept = 0;
  for (let i = 0; i < n; i++) if (ahead[i]! < keep) pairs[kept++] = pairs[i]!;
  return kept;
}
