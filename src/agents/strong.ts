/**
 * `strong`: one ply on a learned evaluation with a short look through the next round of play, at some
 * tens of greedy games' cost (docs/agents.md: it beats `greedy`, not yet the full `mcts`).
 *
 * A turn: every distinct placement is valued first as `greedy` values it (one ply, the rule-aware
 * evaluation with the `mcts` weights: cheap, through the placement preview); the best `width` of them
 * are then tried with each of their follow-ups and the position after the turn is valued by the
 * learned evaluation: with a player count that has a value network (`value-net.ts`, today 2 to 5
 * players) the network, else the linear evaluation (`learned.ts`: rule-scaled features weighted by a
 * fit to a search's choices, `strong-weights.ts`); with 2 players the mean of the two (`blend`;
 * docs/strong.md says which plays better where). The best pairs (`lookahead` per opponent) are then valued again after a
 * round of greedy play on re-dealt decks, the weaker half dropped after each share of the deals
 * (`lookAhead`). The pair with the best value (own expected total minus the best opponent's) is
 * played; ties are broken by the agent's own stream. At the end of the game the value is the final
 * scores. Like every agent it reads only the public position: the features count
 * the tiles still to place from the tiles placed, and the look-ahead sees the undrawn tiles only as
 * their multiset.
 */
import { MAX_ACTIONS_HINT, PHASE_FOLLOW } from '../engine/index.ts';
import type { AgentGame, AgentState } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import { defineAgent, enumParam, intListParam, intParam, realParam } from './agent.ts';
import type { Agent, AgentDefinition, CandidateValuation, Restriction } from './agent.ts';
import { DEFAULT_WEIGHTS, EPSILON } from './evaluation/evaluation.ts';
import { marginOf, meanMarginOf, softMarginOf } from './evaluation/tallies.ts';
import type { Weights } from './evaluation/evaluation.ts';
import { sharedOnePly } from './greedy.ts';
import { RoundLookAhead } from './lookahead/round.ts';
import type { StageSeen } from './lookahead/round.ts';
import type { OnePly } from './speed-path/one-ply.ts';
import { INITIAL_WEIGHT_SET, LearnedEvaluator, weightsForPlayers, weightVector } from './evaluation/learned.ts';
import type { FeatureWeights, WeightSet } from './evaluation/learned.ts';
import { STRONG_WEIGHTS } from './evaluation/strong-weights.ts';
import { netFor, VALUE_NETS, valueEvaluatorOf } from './evaluation/value-net.ts';
import type { NetSet } from './evaluation/value-net.ts';
import { keepBest } from './keep-best.ts';

/**
 * The charges of the first, one-ply pass over all placements and of the look-ahead's greedy turns, by
 * player count: with 2 players those `mcts` evaluates with; with more, no charge for a farmer beyond
 * any meeple's. The farmer charge was set on 2-player games; with 3 and 4 players it kept `strong`
 * out of the fields, which pay most there (the lone `strong` among `greedy` players won 1.28 times
 * its fair share with 4 players with the charge, 1.87 times without: docs/agents.md).
 */
export function prefilterWeights(players: number): Weights {
  return players <= 2 ? TWO_PLAYER_CHARGES : MANY_PLAYER_CHARGES;
}
const TWO_PLAYER_CHARGES: Weights = { meepleCost: 1.25, farmerCost: 4, emptyHand: 2 };
const MANY_PLAYER_CHARGES: Weights = { meepleCost: 1.25, farmerCost: 0, emptyHand: 2 };

/**
 * From this many players the look-ahead tries each pair on `manySamples` deals: the round it plays
 * has the draws and turns of three or more opponents, and its values scatter more.
 */
export const MANY_PLAYERS = 4;

/**
 * The look-ahead with 2 players (`two`: lookahead, samples, halvings): with the linear weights and the
 * network blended (`TWO_PLAYER_BLEND`) a smaller look-ahead than the large one of 4 and 5 players
 * keeps the cost under 100 greedy games per game (docs/strong.md, seventh pass).
 */
export const TWO_PLAYERS: readonly number[] = [6, 4, 1];

/**
 * The look-ahead with 3 players (`three`: lookahead, samples, halvings): the 3-player network is fitted
 * to what a round of greedy play gives (`npm run train -- --target round`), so a small look-ahead
 * plays about as well there as the large one of the other counts, at about a third of its cost
 * (docs/strong.md "Distilling the look-ahead"); with the options that go with it
 * (`SMALL_LOOKAHEAD_OPTIONS`), as at 4 and 5 players (docs/strong.md, ninth pass).
 */
export const THREE_PLAYERS: readonly number[] = [4, 4, 1];

/**
 * The look-ahead with 4 players (`four`: lookahead, manySamples, halvings), as `three` is with 3, with
 * the options that go with it (`SMALL_LOOKAHEAD_OPTIONS`): a small look-ahead (about 94 greedy games
 * per game with the three expansions since the twelfth pass's savings, 111 when it was chosen), chosen
 * over the large `four=10,12,2` (stronger, about 970) so that the default plays in every study
 * (docs/strong.md, tenth pass); in the base game positions are valued by `soft`
 * (`FOUR_PLAYER_OPTIONS`, fifteenth pass).
 */
export const FOUR_PLAYERS: readonly number[] = [2, 6, 2];

/**
 * The look-ahead with 5 players (`five`: lookahead, manySamples, halvings), as `three` is with 3, and
 * the options that go with it (`SMALL_LOOKAHEAD_OPTIONS`): a small look-ahead that the options made
 * strong enough at under 100 greedy games per game (docs/strong.md "seventh pass"), played since the
 * tenth pass with a network distilled twice from the look-ahead and the lighter look-ahead turn
 * (docs/strong.md, tenth pass; its strength and cost: "Where it stands").
 */
export const FIVE_PLAYERS: readonly number[] = [1, 4, 1];

/** The look-ahead's options of a player count, where the spec leaves them to it (`followUps=-1`, `prior=-1`, `opponents=auto`, `value=auto`). */
interface CountOptions {
  readonly followUps: number;
  readonly prior: number;
  readonly opponents: 'charged' | 'greedy';
  readonly rolloutFollowUps: number;
  /** `value=auto` in games with no expansion (with any, `best`). */
  readonly baseGameValue: ValueKind;
}
const OPTIONS_OFF: CountOptions = {
  followUps: 0,
  prior: 0,
  opponents: 'charged',
  rolloutFollowUps: 0,
  baseGameValue: 'best',
};
/**
 * With 3, 4 and 5 players, when the look-ahead there is that count's default (`THREE_PLAYERS`,
 * `FOUR_PLAYERS`, `FIVE_PLAYERS`, by value) and runs: each count adopted them by its own fresh-deal rule
 * (docs/strong.md: 5 players seventh pass, 3 players ninth, 4 players and the lighter turn at 5 tenth).
 */
export const SMALL_LOOKAHEAD_OPTIONS: CountOptions = {
  followUps: 3,
  prior: 3,
  opponents: 'greedy',
  rolloutFollowUps: 1,
  baseGameValue: 'best',
};
/**
 * With 4 players the same, and in games with no expansion positions valued by `soft`, which won more
 * than `best` there on fresh deals (docs/strong.md, fifteenth pass).
 */
const FOUR_PLAYER_OPTIONS: CountOptions = { ...SMALL_LOOKAHEAD_OPTIONS, baseGameValue: 'soft' };
/** Per player count, its default look-ahead and the options that go with it. */
const COUNT_OPTIONS: Readonly<Record<number, readonly [readonly number[], CountOptions]>> = {
  3: [THREE_PLAYERS, SMALL_LOOKAHEAD_OPTIONS],
  4: [FOUR_PLAYERS, FOUR_PLAYER_OPTIONS],
  5: [FIVE_PLAYERS, SMALL_LOOKAHEAD_OPTIONS],
};

/** The options of a player count whose look-ahead (`sized`) runs: its own where `sized` is its default (by value). */
function countOptions(players: number, sized: readonly number[] | undefined): CountOptions {
  const own = COUNT_OPTIONS[players];
  return own && sized?.every((v, i) => v === own[0][i]) ? own[1] : OPTIONS_OFF;
}

/** How a `strong` agent plays (the spec's parameters; see `strongAgent.params`). */
export interface StrongOptions {
  /** Placements, the best by one-ply greedy value, whose follow-ups the learned evaluation values. */
  readonly width: number;
  /** The value networks per player count (`value-weights.json` unless given). */
  readonly nets?: NetSet;
  /** The linear evaluation's weights, for player counts without a network (`strong-weights.ts` unless given). */
  readonly weightSet?: WeightSet;
  /** Look-ahead: pairs revalued per opponent (0: one ply only). */
  readonly lookahead?: number;
  /** Look-ahead: deals of the undrawn tiles each pair is tried on (games of fewer than `MANY_PLAYERS`). */
  readonly samples?: number;
  /** Look-ahead: the same in games of `MANY_PLAYERS` or more (`samples` unless given). */
  readonly manySamples?: number;
  /** Look-ahead: times the pairs are halved, each time after an equal share of the deals, keeping the better half by mean (0: every pair on every deal). */
  readonly halvings?: number;
  /** Look-ahead: turns played after the pair (0: a round, the other players' turns and the mover's next). */
  readonly replies?: number;
  /** Follow-ups per shortlisted placement that the learned evaluation values, the best by greedy's value (0: all; -1: the player count's, `SMALL_LOOKAHEAD_OPTIONS` with 3–5 players at their default look-ahead; 0 unless given). */
  readonly followUps?: number;
  /** Look-ahead: the one-ply value counts as this many deals in a pair's mean (0: the deals alone; -1: the player count's; 0 unless given). */
  readonly prior?: number;
  /** Look-ahead: values a position by a smooth chance of winning, `winChance` with this scale (0: by the margin itself; 0 unless given). */
  readonly winScale?: number;
  /** Look-ahead: the deals at the first turn and at the last, in a line by the tiles drawn, in place of the size's deals (0,0: the size's at every turn; unless given). */
  readonly dealsRamp?: readonly number[];
  /** Look-ahead: the deals of each share between the halvings, in order, where they fit the size (`sharesFit`; equal shares unless given). */
  readonly dealShares?: readonly number[];
  /** Look-ahead: the decks dealt spread, their first tiles apart across the deals (`dealSpread`; false unless given). */
  readonly spreadDeals?: boolean;
  /** Look-ahead: how the other players' turns are played (`OPPONENT_MODELS`; `auto`: the player count's; `charged` unless given). */
  readonly opponents?: OpponentModel;
  /** Look ahead only in games of at most this many players (one ply beyond). */
  readonly lookaheadPlayers?: number;
  /** Look-ahead: the placements of each `greedy` turn whose follow-ups are valued, the best by their value with none (0: all, as `greedy`; -1: the player count's; 0 unless given). */
  readonly rolloutFollowUps?: number;
  /** Look-ahead: the same for the mover's own turns alone (-1: as `rolloutFollowUps`; -1 unless given). */
  readonly ownFollowUps?: number;
  /** With 2 players: `lookahead`, `samples` and `halvings` there, in their place (`TWO_PLAYERS`; those three unless given). */
  readonly two?: readonly number[];
  /** With 3 players: `lookahead`, `samples` and `halvings` there, in their place (`THREE_PLAYERS`; those three unless given). */
  readonly three?: readonly number[];
  /** With 4 players: `lookahead`, `manySamples` and `halvings` there, in their place (`FOUR_PLAYERS`; those three unless given). */
  readonly four?: readonly number[];
  /** With 5 players: `lookahead`, `manySamples` and `halvings` there, in their place (`FIVE_PLAYERS`; those three unless given). */
  readonly five?: readonly number[];
  /** What a position is worth to the mover (`POSITION_VALUES`; `auto` unless given). */
  readonly value?: PositionValueKind;
  /** `value=soft`: the scale of its temperature, points per square root of a turn (`SOFT_SCALE` unless given). */
  readonly softScale?: number;
  /** With 2 players: the network's weight in percent at the first and the last turn (`TWO_PLAYER_BLEND` unless given). */
  readonly blend?: readonly number[];
  /** With 4 players: the same (`FOUR_PLAYER_BLEND` unless given). */
  readonly fourBlend?: readonly number[];
  /** `forbid=`: the follow-ups it may not choose on its own turns (`forbid.ts`). */
  readonly restriction?: Restriction;
}

/**
 * What a position is worth to the mover, from each player's expected total: `best`, its own minus
 * the best opponent's; `soft`, its own minus a smooth maximum of the opponents' (`softMarginOf`), near
 * their mean early in the game and the best of them late (docs/strong.md, fifteenth pass); `mean`, its
 * own minus the opponents' mean; `own`, its own alone (max^n: each player values its own total);
 * `auto`, the player count's in games with no expansion (`CountOptions.baseGameValue`: `soft` with 4
 * players at their default look-ahead), else `best`.
 */
export const POSITION_VALUES = ['auto', 'best', 'soft', 'mean', 'own'] as const;
export type PositionValueKind = (typeof POSITION_VALUES)[number];
type ValueKind = Exclude<PositionValueKind, 'auto'>;

/** `value=soft`'s temperature scale: T is about 10 points of margin in mid-game (docs/strong.md, fifteenth pass). */
export const SOFT_SCALE = 3;

/**
 * How the look-ahead plays the other players' turns: `charged`, as `greedy` with `prefilterWeights`
 * (the charges of the mover's own turns); `greedy`, as the default `greedy` (its default weights);
 * `auto`, as the player count's options say (`SMALL_LOOKAHEAD_OPTIONS` with 3–5 players at their default look-ahead, else `charged`).
 */
export const OPPONENT_MODELS = ['auto', 'charged', 'greedy'] as const;
export type OpponentModel = (typeof OPPONENT_MODELS)[number];

export class StrongAgent implements Agent {
  readonly name = 'strong';
  private game: AgentGame | undefined;
  private onePly: OnePly | undefined;
  private learned: PositionValue | undefined;
  private readonly followUps = new Int32Array(MAX_ACTIONS_HINT);
  private candidates = new Int32Array(0);
  private candidateValues = new Float64Array(0);
  // Every pair valued by the learned evaluation in this choice: placement, follow-up, value.
  private pairPlacement = new Int32Array(256);
  private pairFollowUp = new Int32Array(256);
  private pairValue = new Float64Array(256);
  private pairs = 0;
  /** The round look-ahead (`lookahead/round.ts`). */
  private readonly round: RoundLookAhead;
  private opponents: OpponentModel = 'charged';
  /** The options as given (-1 and `auto`: the player count's, `prepare`). */
  private readonly given: {
    followUps: number;
    prior: number;
    opponents: OpponentModel;
    rolloutFollowUps: number;
    ownFollowUps: number;
  };
  // The follow-up chosen with the last placement, valid right after it.
  private pending = -1;
  private pendingPlaced = -1;
  private pendingDeckPos = -1;
  // The best pair of the current choice.
  private best = -Infinity;
  private ties = 0;
  private bestPlacement = -1;
  private bestFollowUp = -1;

  private readonly width: number;
  private readonly nets: NetSet;
  private readonly weightSet: WeightSet;
  private readonly lookahead: number;
  private readonly samples: number;
  private readonly manySamples: number;
  private readonly two: readonly number[] | undefined;
  private readonly three: readonly number[] | undefined;
  private readonly four: readonly number[] | undefined;
  private readonly five: readonly number[] | undefined;
  /** The look-ahead's pairs per opponent, deals and halvings in this game (`prepare`: by the player count). */
  private perOpponent = 0;
  private deals = 0;
  private halves = 0;
  private readonly halvings: number;
  private readonly replies: number;
  /** `dealsRamp`: the deals at the first turn and at the last (none: `deals` at every turn). */
  private readonly dealsRamp: readonly number[] | undefined;
  /** `dealShares`: the deals of each share as given (none: equal shares), and in this game (where they fit its size). */
  private readonly dealShares: readonly number[] | undefined;
  private shares: readonly number[] | undefined;
  /** This game's `prior`, `opponents` and `followUps` (`prepare`: the options, or the player count's). */
  private prior = 0;
  /** `winScale`: with it on, each pair's one-ply value as a chance of winning (the look-ahead's prior). */
  private readonly winScale: number;
  private pairChance = new Float64Array(256);
  private followUpsKept = 0;
  private readonly keptValues = new Float64Array(MAX_ACTIONS_HINT);
  private readonly lookaheadPlayers: number;
  /** `value` as given, and in this game (`prepare`: `auto` by the player count's options and the game's expansions). */
  private readonly givenValue: PositionValueKind;
  private value: ValueKind = 'best';
  private readonly softScale: number;
  private readonly blend: readonly number[];
  private readonly fourBlend: readonly number[];
  /** `forbid=`: the follow-ups it may not choose, on its own turns (the look-ahead's included). */
  private readonly restriction: Restriction | undefined;
  /** While `valueCandidates` runs `choose`: after each share of the look-ahead's deals, the mean of each pair still in (by pair index). */
  private stagesSeen: StageSeen[] | undefined;

  constructor(
    private readonly rng: Rng,
    options: StrongOptions,
  ) {
    this.width = options.width;
    this.nets = options.nets ?? VALUE_NETS;
    this.weightSet = options.weightSet ?? STRONG_WEIGHTS.byPlayers;
    this.lookahead = options.lookahead ?? 0;
    this.samples = options.samples ?? 0;
    this.manySamples = options.manySamples ?? this.samples;
    this.halvings = options.halvings ?? 0;
    this.replies = options.replies ?? 0;
    this.dealsRamp = options.dealsRamp?.some((deals) => deals > 0) ? options.dealsRamp : undefined;
    this.dealShares = options.dealShares?.some((deals) => deals > 0) ? options.dealShares : undefined;
    this.winScale = options.winScale ?? 0;
    this.given = {
      followUps: options.followUps ?? 0,
      prior: options.prior ?? 0,
      opponents: options.opponents ?? 'charged',
      rolloutFollowUps: options.rolloutFollowUps ?? 0,
      ownFollowUps: options.ownFollowUps ?? -1,
    };
    this.lookaheadPlayers = options.lookaheadPlayers ?? 6;
    this.two = options.two;
    this.three = options.three;
    this.four = options.four;
    this.five = options.five;
    this.givenValue = options.value ?? 'auto';
    this.softScale = options.softScale ?? SOFT_SCALE;
    this.blend = options.blend ?? TWO_PLAYER_BLEND;
    this.fourBlend = options.fourBlend ?? FOUR_PLAYER_BLEND;
    this.restriction = options.restriction;
    this.round = new RoundLookAhead(rng, options.spreadDeals ?? false);
  }

  choose(state: AgentState, legal: Int32Array, count: number): number {
    if (state.phase === PHASE_FOLLOW) {
      if (state.placedCount === this.pendingPlaced && state.deckPos === this.pendingDeckPos) {
        for (let i = 0; i < count; i++) if (legal[i] === this.pending) return this.pending;
      }
      return this.chooseFollowUp(state, legal, count);
    }
    this.prepare(state.game);
    const me = state.currentPlayer;
    const n = this.shortlist(state, legal, count);
    this.best = -Infinity;
    this.ties = 0;
    this.bestPlacement = this.candidates[0]!;
    this.bestFollowUp = -1;
    this.pairs = 0;
    const deferFinal = state.deferFinal;
    state.deferFinal = false; // a turn that ends the game is valued by the final scores
    const prune = this.followUpsKept > 0;
    const learned = this.learned!;
    if (prune) this.onePly!.remember(state);
    const level = state.checkpoint();
    for (let i = 0; i < n; i++) {
      const placement = this.candidates[i]!;
      state.apply(placement);
      let followUps = prune ? this.bestFollowUps(state, me) : state.legalFollowUps(this.followUps);
      if (!prune && this.restriction) followUps = this.restriction.filter(state, this.followUps, followUps);
      const inner = state.checkpoint();
      learned.holdTiles?.(state); // the follow-ups leave the tiles as they are
      for (let j = 0; j < followUps; j++) {
        const followUp = this.followUps[j]!;
        state.apply(followUp);
        const value = this.valueOf(state, me);
        this.consider(value, placement, followUp);
        this.keepPair(placement, followUp, value);
        state.rollback(inner, true);
      }
      learned.releaseTiles?.();
      state.rollback(inner);
      state.rollback(level, true);
    }
    state.rollback(level);
    if (prune) this.onePly!.forget();
    if (this.perOpponent > 0 && this.deals > 0 && this.pairs > 1 && state.game.players <= this.lookaheadPlayers)
      this.lookAhead(state, me);
    state.deferFinal = deferFinal;
    this.pending = this.bestFollowUp;
    this.pendingPlaced = state.placedCount + 1;
    this.pendingDeckPos = state.deckPos;
    return this.bestPlacement;
  }

  /**
   * The stages of `choose`, recorded while it runs (so the look-ahead deals the decks it would deal,
   * from the agent's stream): every distinct pair's one-ply value with `prefilterWeights` (the best
   * `width` placements by it go on), the learned value of their pairs, and the look-ahead's mean
   * after each share of its deals (the better half going on after each).
   */
  valueCandidates(state: AgentState, legal: Int32Array, count: number): CandidateValuation {
    this.prepare(state.game);
    const onePly = this.onePly!.valuePairs(state, legal, count, true, this.restriction);
    this.stagesSeen = [];
    let seen: NonNullable<typeof this.stagesSeen>;
    try {
      this.choose(state, legal, count);
    } finally {
      seen = this.stagesSeen;
      this.stagesSeen = undefined;
    }
    const key = (placement: number, followUp: number) => `${placement}/${followUp}`;
    const values = new Map<string, number[]>();
    const stageCount = 2 + seen.length;
    for (const p of onePly)
      values.set(key(p.placement, p.followUp), [p.value, ...new Array<number>(stageCount - 1).fill(NaN)]);
    const row = (k: number) => {
      const id = key(this.pairPlacement[k]!, this.pairFollowUp[k]!);
      if (!values.has(id)) values.set(id, new Array<number>(stageCount).fill(NaN));
      return values.get(id)!;
    };
    for (let k = 0; k < this.pairs; k++) row(k)[1] = this.pairValue[k]!;
    seen.forEach((stage, s) => {
      for (const [k, mean] of stage.means) row(k)[2 + s] = mean;
    });
    const w = prefilterWeights(state.game.players);
    const deals = this.dealsAt(state);
    return {
      method: `strong values every pair one ply ahead as greedy would (meepleCost ${w.meepleCost}, farmerCost ${w.farmerCost}, emptyHand ${w.emptyHand}), values the pairs of the best ${this.width} placements by its learned evaluation, then ${seen.length ? `plays the best pairs on re-dealt decks through a round of greedy play and keeps the better half after each share of the ${deals} deals; it plays the pair of best mean over all of them` : 'plays the pair of best learned value (no look-ahead here)'}. Values: ${this.valueText()}${seen.length && this.winScale > 0 ? `; the look-ahead's as a chance of winning, tanh(that / T), T = ${this.winScale} × sqrt(tiles still to draw / players + 1)` : ''}.`,
      stages: [
        { name: 'one ply', about: "greedy's one-ply value with strong's charges (ranks the placements)" },
        {
          name: 'learned',
          about: `the learned evaluation after the turn (pairs of the best ${this.width} placements)`,
        },
        ...seen.map((stage) => ({
          name: `look-ahead ${stage.deals}`,
          about: `mean learned value after a round of greedy play, over the first ${stage.deals} of ${deals} re-dealt decks`,
        })),
      ],
      candidates: [...values].map(([id, v]) => {
        const [placement, followUp] = id.split('/').map(Number) as [number, number];
        return { placement, followUp, values: v };
      }),
    };
  }

  private keepPair(placement: number, followUp: number, value: number): void {
    if (this.pairs === this.pairValue.length) {
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.pairPlacement = grow(this.pairPlacement);
      this.pairFollowUp = grow(this.pairFollowUp);
      this.pairValue = grow(this.pairValue);
    }
    this.pairPlacement[this.pairs] = placement;
    this.pairFollowUp[this.pairs] = followUp;
    this.pairValue[this.pairs] = value;
    this.pairs++;
  }

  /**
   * Writes the `followUpsKept` best follow-ups of the tile just placed by greedy's one-ply value into
   * `followUps`, best first (equal values in legal order); returns how many.
   */
  private bestFollowUps(state: AgentState, me: number): number {
    const onePly = this.onePly!;
    const count = onePly.valueFollowUps(state, me, this.restriction);
    const from = onePly.valuedFollowUps;
    const values = onePly.followUpValues;
    const kept = this.keptValues;
    let n = 0;
    for (let i = 0; i < count; i++) {
      n = keepBest(this.followUps, kept, n, this.followUpsKept, from[i]!, values[i]!);
    }
    return n;
  }

  /** The round look-ahead over the pairs kept (`RoundLookAhead.run`); the best mean is played. */
  private lookAhead(state: AgentState, me: number): void {
    const win = this.winScale > 0;
    if (win) {
      if (this.pairChance.length < this.pairs) this.pairChance = new Float64Array(this.pairValue.length);
      // The positions after the pairs have the tiles still to draw of this one's.
      for (let k = 0; k < this.pairs; k++) this.pairChance[k] = this.winChance(state, this.pairValue[k]!);
    }
    const pairs = {
      placement: this.pairPlacement,
      followUp: this.pairFollowUp,
      value: this.pairValue,
      priorValue: win ? this.pairChance : this.pairValue,
      count: this.pairs,
    };
    const size = {
      perOpponent: this.perOpponent,
      deals: this.dealsAt(state),
      halvings: this.halves,
      replies: this.replies,
      prior: this.prior,
      shares: this.shares,
    };
    const value = win
      ? (reached: AgentState) => this.winChance(reached, this.valueOf(reached, me))
      : (reached: AgentState) => this.valueOf(reached, me);
    const top = this.round.run(state, me, pairs, size, value, this.stagesSeen);
    this.best = -Infinity;
    this.ties = 0;
    for (const k of top) this.consider(this.round.meanOf(k), this.pairPlacement[k]!, this.pairFollowUp[k]!);
  }

  /** The look-ahead's deals at this choice: `deals`, or `dealsRamp`'s line at the tiles drawn so far (the first turn 0, the last 1). */
  private dealsAt(state: AgentState): number {
    const ramp = this.dealsRamp;
    if (!ramp) return this.deals;
    const progress = Math.min(1, Math.max(0, (state.deckPos - 1) / (state.deck.length - 1)));
    return Math.max(1, Math.round(ramp[0]! + (ramp[1]! - ramp[0]!) * progress));
  }

  private prepare(game: AgentGame): void {
    if (this.game === game) return;
    this.game = game;
    const sized = { 2: this.two, 3: this.three, 4: this.four, 5: this.five }[game.players];
    this.perOpponent = sized ? sized[0]! : this.lookahead;
    this.deals = sized ? sized[1]! : game.players >= MANY_PLAYERS ? this.manySamples : this.samples;
    this.halves = sized ? sized[2]! : this.halvings;
    this.shares = this.dealShares && sharesFit(this.dealShares, this.deals, this.halves) ? this.dealShares : undefined;
    const looks = this.perOpponent > 0 && this.deals > 0 && game.players <= this.lookaheadPlayers;
    const own = looks ? countOptions(game.players, sized) : OPTIONS_OFF;
    this.followUpsKept = this.given.followUps >= 0 ? this.given.followUps : own.followUps;
    this.prior = this.given.prior >= 0 ? this.given.prior : own.prior;
    this.opponents = this.given.opponents === 'auto' ? own.opponents : this.given.opponents;
    if (this.givenValue !== 'auto') this.value = this.givenValue;
    else this.value = game.expansions.length === 0 ? own.baseGameValue : 'best';
    const charged = prefilterWeights(game.players);
    this.onePly = sharedOnePly(game, charged);
    const rolloutFollowUps = this.given.rolloutFollowUps >= 0 ? this.given.rolloutFollowUps : own.rolloutFollowUps;
    this.round.prepare(
      game,
      charged,
      this.opponents === 'greedy' ? DEFAULT_WEIGHTS : charged,
      rolloutFollowUps,
      this.restriction,
      this.given.ownFollowUps >= 0 ? this.given.ownFollowUps : rolloutFollowUps,
    );
    const blend = { 2: this.blend, 4: this.fourBlend }[game.players] ?? NETWORK_ALONE;
    this.learned = sharedEvaluation(game, this.nets, this.weightSet, blend);
  }

  /** Writes the best `width` distinct placements into `candidates` (`shortlist`); returns how many. */
  private shortlist(state: AgentState, legal: Int32Array, count: number): number {
    if (this.candidates.length < count) {
      this.candidates = new Int32Array(count);
      this.candidateValues = new Float64Array(count);
    }
    return shortlist(
      state,
      legal,
      count,
      this.width,
      this.onePly!,
      this.candidates,
      this.candidateValues,
      this.restriction,
    );
  }

  /** A follow-up asked for without a placement of this agent's before it: the best by the learned value. */
  private chooseFollowUp(state: AgentState, legal: Int32Array, count: number): number {
    this.prepare(state.game);
    const me = state.currentPlayer;
    this.best = -Infinity;
    this.ties = 0;
    this.bestFollowUp = legal[0]!;
    const deferFinal = state.deferFinal;
    state.deferFinal = false;
    const level = state.checkpoint();
    for (let i = 0; i < count; i++) {
      state.apply(legal[i]!);
      this.consider(this.valueOf(state, me), -1, legal[i]!);
      state.rollback(level, true);
    }
    state.rollback(level);
    state.deferFinal = deferFinal;
    return this.bestFollowUp;
  }

  /** The position's worth to `me` by the learned evaluation (`value`). */
  private valueOf(state: AgentState, me: number): number {
    const totals = this.learned!.totals(state);
    if (this.value === 'best') return marginOf(totals, me);
    if (this.value === 'soft') return softMarginOf(totals, me, this.spread(state, this.softScale));
    if (this.value === 'own') return totals[me]!;
    return meanMarginOf(totals, me);
  }

  /** What `valueOf` values, in words (`valueCandidates`). */
  private valueText(): string {
    if (this.value === 'best') return "own expected total minus the best opponent's";
    if (this.value === 'soft')
      return `own expected total minus a smooth maximum of the opponents' (their log-mean-exp at temperature ${this.softScale} × sqrt(tiles still to draw / players + 1))`;
    if (this.value === 'own') return 'own expected total';
    return "own expected total minus the opponents' mean";
  }

  /**
   * The spread of the margin still to come at `state`, `scale` × sqrt(tiles still to draw / players +
   * 1): it grows as the square root of the turns each player has left, one more for what the evaluation
   * misses even at the end (`winScale`'s and `value=soft`'s temperature).
   */
  private spread(state: AgentState, scale: number): number {
    const left = state.isOver() ? 0 : state.deck.length - state.deckPos;
    return scale * Math.sqrt(left / state.game.players + 1);
  }

  /**
   * A margin `margin` at `state` as a smooth chance of winning, from -1 (lost) to 1 (won): tanh(margin
   * / T), T = `winScale` × sqrt(tiles still to draw / players + 1), the spread of the margin still to
   * come growing as the square root of the turns each player has left (one more for what the
   * evaluation misses). The mean of it over deals prefers a sure lead to a wide but uncertain one, and,
   * behind, a chance to catch up to a smaller loss.
   */
  private winChance(state: AgentState, margin: number): number {
    return Math.tanh(margin / this.spread(state, this.winScale));
  }

  /** Keeps a pair if it beats the best so far; among equals, each with the same chance. */
  private consider(value: number, placement: number, followUp: number): void {
    if (value > this.best + EPSILON) {
      this.best = value;
      this.ties = 1;
      this.bestPlacement = placement;
      this.bestFollowUp = followUp;
    } else if (value > this.best - EPSILON && this.rng() * ++this.ties < 1) {
      this.bestPlacement = placement;
      this.bestFollowUp = followUp;
    }
  }
}

/**
 * Writes the best `width` distinct legal placements of `state` (phase PLACE) by their one-ply value
 * to the mover (`greedy`'s valuation with `prefilterWeights`) into `out`, best first, their values
 * into `values`; returns how many. Equal values keep the legal order.
 */
function shortlist(
  state: AgentState,
  legal: Int32Array,
  count: number,
  width: number,
  onePly: OnePly,
  out: Int32Array,
  values: Float64Array,
  restriction?: Restriction,
): number {
  const me = state.currentPlayer;
  const distinct = state.game.distinctRotation;
  const t4 = state.drawn * 4;
  const deferFinal = state.deferFinal;
  state.deferFinal = true;
  onePly.remember(state);
  const open = state.checkpoint();
  let n = 0;
  for (let i = 0; i < count; i++) {
    const placement = legal[i]!;
    if (distinct[t4 + (placement & 3)] === 0) continue; // the same placement as a smaller rotation
    n = keepBest(out, values, n, width, placement, onePly.valuePlacement(state, placement, me, open, restriction));
  }
  state.rollback(open);
  onePly.forget();
  state.deferFinal = deferFinal;
  return n;
}

/** What `strong` values a position by: each player's expected total (the array is reused by the next call). */
interface PositionValue {
  totals(state: AgentState): Float64Array;
  /** Until `releaseTiles`, the positions valued are of `state` with the tiles it has now (a cache may keep what they fix). */
  holdTiles?(state: AgentState): void;
  releaseTiles?(): void;
}

/**
 * With 2 players: the value network's weight in percent at the game's first turn and at its last
 * (in between, in proportion to the tiles placed); the linear weights have the rest.
 */
export const TWO_PLAYER_BLEND: readonly number[] = [50, 50];
const NETWORK_ALONE: readonly number[] = [100, 100];
/** With 4 players: the network alone (`fourBlend=100,100`) unless the spec blends it too. */
export const FOUR_PLAYER_BLEND: readonly number[] = NETWORK_ALONE;

/**
 * The evaluation of a game of `game.players`: the value network of that player count (or of it with
 * one of the game's expansions: `netFor`) when `nets` has one, else the linear evaluation with `weightSet`'s weights (the player counts where no network has
 * yet played better than them: docs/strong.md); both, blended by `blend` (with 2 players
 * `TWO_PLAYER_BLEND`, with 4 `FOUR_PLAYER_BLEND`, the network alone otherwise). One evaluator per game and network or weights, shared by the agents of a
 * thread (an agent is made per seat and game; the evaluation's buffers are per game, and what it
 * keeps between two calls is each player's last answer with the inputs it answered).
 */
const evaluators = new WeakMap<AgentGame, Map<object, PositionValue>>();
function sharedEvaluation(
  game: AgentGame,
  nets: NetSet,
  weightSet: WeightSet,
  blend: readonly number[],
): PositionValue {
  let byModel = evaluators.get(game);
  if (!byModel) evaluators.set(game, (byModel = new Map()));
  const cached = (model: object, make: () => PositionValue): PositionValue => {
    let evaluator = byModel.get(model);
    if (!evaluator) byModel.set(model, (evaluator = make()));
    return evaluator;
  };
  const record = netFor(nets, game);
  const linear = () => {
    const weights = vectorOf(weightsForPlayers(weightSet, game.players));
    return cached(weights, () => new LearnedEvaluator(game, weights));
  };
  if (!record) return linear();
  const network = cached(record, () => valueEvaluatorOf(game, record));
  if (blend[0] === 100 && blend[1] === 100) return network;
  if (blend[0] === 0 && blend[1] === 0) return linear();
  return new BlendedValue(network, linear(), blend[0]! / 100, blend[1]! / 100);
}

/** Two evaluations' totals, the first weighted `first` at the game's first turn and `last` at its last, linearly in the tiles placed. */
class BlendedValue implements PositionValue {
  private out = new Float64Array(0);

  constructor(
    private readonly a: PositionValue,
    private readonly b: PositionValue,
    private readonly first: number,
    private readonly last: number,
  ) {}

  holdTiles(state: AgentState): void {
    this.a.holdTiles?.(state);
    this.b.holdTiles?.(state);
  }

  releaseTiles(): void {
    this.a.releaseTiles?.();
    this.b.releaseTiles?.();
  }

  // hot path
  totals(state: AgentState): Float64Array {
    const tiles = state.deck.length + 1;
    const placed = Math.min(1, state.placedCount / tiles);
    const w = this.first + (this.last - this.first) * placed;
    if (w >= 1) return this.a.totals(state);
    if (w <= 0) return this.b.totals(state);
    const a = this.a.totals(state);
    const b = this.b.totals(state);
    if (this.out.length !== a.length) this.out = new Float64Array(a.length);
    for (let p = 0; p < a.length; p++) this.out[p] = w * a[p]! + (1 - w) * b[p]!;
    return this.out;
  }
}

/** Each weight set's vector, made once. */
const vectors = new WeakMap<FeatureWeights, Float64Array>();
function vectorOf(weights: FeatureWeights): Float64Array {
  let vector = vectors.get(weights);
  if (!vector) vectors.set(weights, (vector = weightVector(weights)));
  return vector;
}

/** The player-count look-ahead sizes (`three`, `four`, `five`) and the parameters each stands in for. */
const LOOKAHEAD_SIZES = [
  ['two', ['lookahead', 'samples', 'halvings']],
  ['three', ['lookahead', 'samples', 'halvings']],
  ['four', ['lookahead', 'manySamples', 'halvings']],
  ['five', ['lookahead', 'manySamples', 'halvings']],
] as const;

/** Whether `dealShares`' list splits `deals` deals into the shares of `halvings` halvings (one more share than halvings). */
function sharesFit(shares: readonly number[], deals: number, halvings: number): boolean {
  return shares.length === halvings + 1 && shares.reduce((sum, share) => sum + share, 0) === deals;
}

/**
 * What is wrong with `dealShares=` (`shares`; `0` alone: off) beside `dealsRamp=` (`ramp`) and the
 * look-ahead sizes (`sizes`: `two=` … `five=`), or undefined when nothing is.
 */
function dealSharesProblem(
  shares: readonly number[],
  ramp: readonly number[],
  sizes: readonly (readonly number[])[],
): string | undefined {
  if (shares.length === 1 && shares[0] === 0) return undefined;
  if (shares.some((deals) => deals < 1))
    return `dealShares= takes deals of at least 1 per share, got ${shares.join(',')}`;
  if (ramp.some((deals) => deals > 0)) return 'dealShares= and dealsRamp= cannot both be set';
  const looking = sizes.filter(([per, deals]) => per! > 0 && deals! > 0);
  if (!looking.some(([, deals, halvings]) => sharesFit(shares, deals!, halvings!)))
    return `dealShares= ${shares.join(',')} fits no look-ahead size (halvings + 1 shares summing to the deals: ${looking.map((size) => size.join(',')).join('; ')})`;
  return undefined;
}

export const strongAgent: AgentDefinition = defineAgent({
  name: 'strong',
  description:
    "one ply on a learned evaluation: the best placements by greedy's value, each follow-up valued by the learned evaluation, the best pairs again after a round of greedy play (halving them as the deals add up)",
  params: [
    intParam(
      'width',
      8,
      1,
      10_000,
      'placements (the best by one-ply greedy value) whose follow-ups the learned evaluation values',
    ),
    intParam(
      'lookahead',
      10,
      0,
      1000,
      'best pairs of the one-ply pass per opponent revalued after a round of greedy play on re-dealt decks (0: one ply only)',
    ),
    intParam(
      'samples',
      6,
      1,
      1000,
      `look-ahead: deals of the undrawn tiles each pair is tried on (games of fewer than ${MANY_PLAYERS} players)`,
    ),
    intParam(
      'manySamples',
      12,
      1,
      1000,
      `look-ahead: deals of the undrawn tiles each pair is tried on in games of ${MANY_PLAYERS} players or more (their rounds scatter more)`,
    ),
    intParam(
      'halvings',
      2,
      0,
      10,
      'look-ahead: times the pairs are halved (the better half by mean kept), each after an equal share of the deals (0: every pair on every deal)',
    ),
    intParam(
      'replies',
      0,
      0,
      12,
      "look-ahead: turns played by greedy after the pair (0: a round, the other players' turns and the mover's next)",
    ),
    intParam(
      'followUps',
      -1,
      -1,
      1000,
      "follow-ups per shortlisted placement valued by the learned evaluation, the best by greedy's one-ply value (0: all; -1: 3 with 3, 4 and 5 players when three=, four= or five= is its default, else all)",
    ),
    realParam(
      'prior',
      -1,
      -1,
      1000,
      "look-ahead: the one-ply learned value counts as this many deals in each pair's mean (0: the deals alone; -1: 3 with 3, 4 and 5 players when three=, four= or five= is its default, else 0)",
    ),
    enumParam(
      'opponents',
      OPPONENT_MODELS,
      'auto',
      "look-ahead: how the other players' turns are played: charged, as greedy with strong's own charges; greedy, as the default greedy; auto: greedy with 3, 4 and 5 players when three=, four= or five= is its default, else charged",
    ),
    realParam(
      'winScale',
      0,
      0,
      1000,
      'look-ahead: values each position (the one-ply value its prior counts too) by a smooth chance of winning, tanh(margin / T), T = winScale × sqrt(tiles still to draw / players + 1), rather than by the margin (0: the margin)',
    ),
    intListParam(
      'dealsRamp',
      [0, 0],
      0,
      1000,
      "look-ahead: the deals each pair is tried on at the first turn and at the last, in a straight line by the tiles drawn, rounded, in place of the size's deals (the halvings after equal shares of each choice's deals; 0,0: the size's deals at every turn)",
    ),
    intListParam(
      'dealShares',
      [0],
      0,
      1000,
      'look-ahead: the deals of each share between the halvings, in order, in place of equal shares, at the player counts whose size (two=, three=, four=, five=) it fits: halvings + 1 numbers of at least 1 summing to the deals (e.g. four=2,8,2,dealShares=1,2,5); not with dealsRamp (0: equal shares)',
    ),
    intParam(
      'spreadDeals',
      0,
      0,
      1,
      "look-ahead: 1 deals the decks from one shuffle of the undrawn tiles, each deck rotated a stride further, so that the deals' first tiles (what a round reads) are drawn without replacement across the deals; each deck is still a uniformly random order (0: each deck shuffled on its own)",
    ),
    intParam(
      'lookaheadPlayers',
      6,
      2,
      6,
      "look ahead only in games of at most this many players, one ply beyond (the studies set 3 until the default's 4-player look-ahead became small: docs/strong.md, tenth pass)",
    ),
    intParam(
      'rolloutFollowUps',
      -1,
      -1,
      1000,
      "look-ahead: a lighter greedy turn that values every placement with no follow-up and the follow-ups of only this many placements, the best by that value (0: every placement's, as greedy; -1: 1 with 3, 4 and 5 players when three=, four= or five= is its default, else 0)",
    ),
    intParam(
      'ownFollowUps',
      -1,
      -1,
      1000,
      "look-ahead: the same as rolloutFollowUps for the mover's own turns alone, the other players' turns keeping rolloutFollowUps (0: every placement's, as greedy; -1: as rolloutFollowUps)",
    ),
    intListParam(
      'two',
      TWO_PLAYERS,
      0,
      1000,
      "with 2 players, where the network and the linear weights are blended: the look-ahead's lookahead, samples and halvings there, in place of those three (a spec that sets any of them sets these to them; docs/strong.md)",
    ),
    intListParam(
      'three',
      THREE_PLAYERS,
      0,
      1000,
      "with 3 players, where the network is fitted to the look-ahead's values: the look-ahead's lookahead, samples and halvings there, in place of those three (a spec that sets any of them sets these to them; docs/strong.md)",
    ),
    intListParam(
      'four',
      FOUR_PLAYERS,
      0,
      1000,
      "with 4 players: the look-ahead's lookahead, manySamples and halvings there, in place of those three (a spec that sets any of them sets these to them; docs/strong.md)",
    ),
    intListParam(
      'five',
      FIVE_PLAYERS,
      0,
      1000,
      "with 5 players: the look-ahead's lookahead, manySamples and halvings there, in place of those three (a spec that sets any of them sets these to them; docs/strong.md)",
    ),
    enumParam(
      'value',
      POSITION_VALUES,
      'auto',
      "what a position is worth to the mover: best, its expected total minus the best opponent's; soft, minus a smooth maximum of the opponents' (their log-mean-exp at temperature T = softScale × sqrt(tiles still to draw / players + 1): near their mean early, the best of them late); mean, minus the opponents' mean; own, its own total alone (max^n); auto: soft with 4 players and no expansion when four= is its default, else best",
    ),
    realParam(
      'softScale',
      SOFT_SCALE,
      0.01,
      1000,
      'value=soft: the scale of its temperature, T = softScale × sqrt(tiles still to draw / players + 1) points of margin',
    ),
    intListParam(
      'blend',
      TWO_PLAYER_BLEND,
      0,
      100,
      "with 2 players: the value network's weight in percent at the first turn and at the last, the linear weights having the rest (docs/strong.md)",
    ),
    intListParam(
      'fourBlend',
      FOUR_PLAYER_BLEND,
      0,
      100,
      'with 4 players: the same as blend (100,100: the network alone)',
    ),
    enumParam(
      'weights',
      ['learned', 'initial'],
      'learned',
      'learned: the value network where one is trained (value-weights.json), else the fitted linear weights (strong-weights.ts); initial: the rule-aware linear evaluation the training starts from, at every player count (to measure what the training adds)',
    ),
  ],
  // A spec that sizes the look-ahead sizes it at 2, 3, 4 and 5 players too: `lookahead`, `samples` or
  // `halvings` at 2 and 3, `lookahead`, `manySamples` or `halvings` at 4 and 5.
  resolve: (params, given) => {
    for (const [key, names] of LOOKAHEAD_SIZES) {
      if (params[key].length !== 3) return `${key}= takes 3 numbers (${names.join(',')}), got ${params[key].join(',')}`;
      if (!given.has(key) && names.some((name) => given.has(name))) params[key] = names.map((name) => params[name]);
    }
    for (const key of ['blend', 'fourBlend', 'dealsRamp'] as const)
      if (params[key].length !== 2) return `${key}= takes 2 numbers (first,last), got ${params[key].join(',')}`;
    const sizes = LOOKAHEAD_SIZES.map(([key]) => params[key]);
    return dealSharesProblem(params.dealShares, params.dealsRamp, sizes);
  },
  create: (rng, params, restriction) =>
    new StrongAgent(rng, {
      width: params.width,
      ...(params.weights === 'initial' ? { nets: {}, weightSet: INITIAL_WEIGHT_SET } : {}),
      lookahead: params.lookahead,
      samples: params.samples,
      manySamples: params.manySamples,
      halvings: params.halvings,
      replies: params.replies,
      dealsRamp: params.dealsRamp,
      dealShares: params.dealShares,
      spreadDeals: params.spreadDeals === 1,
      prior: params.prior,
      followUps: params.followUps,
      opponents: params.opponents,
      lookaheadPlayers: params.lookaheadPlayers,
      rolloutFollowUps: params.rolloutFollowUps,
      ownFollowUps: params.ownFollowUps,
      winScale: params.winScale,
      two: params.two,
      three: params.three,
      four: params.four,
      five: params.five,
      value: params.value,
      softScale: params.softScale,
      blend: params.blend,
      fourBlend: params.fourBlend,
      restriction,
    }),
});
