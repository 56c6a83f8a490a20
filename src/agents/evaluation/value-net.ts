/**
 * `strong`'s learned value (docs/strong.md): each player's expected final total is its score plus
 * what a small network (`mlp.ts`) expects it still to score from its own features
 * (`value-features.ts`) and the share of tiles still to place; at the end of the game the totals are
 * the scores. `strong` values a position from these totals (its `value=`: by default a player's own
 * minus the best opponent's).
 * One network per player count (`value-weights.json`, written by `npm run train`).
 *
 * A player's expectation reads its own features and, for a network trained with `--opponents`, the
 * largest of the other players' values of some features (`NetRecord.opponentFeatures`: their meeples in
 * hand, their stakes, …). When a move leaves a player's inputs as they were, the network's answer for
 * that player is the last one (`totals` keeps each player's last inputs and answer); and inputs met
 * again (any player's: a look-ahead's deals often reach the same features for a player by other lines)
 * get the answer they got then.
 */
import { PHASE_OVER } from '../../engine/index.ts';
import type { AgentGame, AgentState } from '../../engine/index.ts';
import { Mlp } from './mlp.ts';
import type { Folded } from './mlp.ts';
import { VALUE_FEATURE_COUNT, VALUE_FEATURES, ValueFeatures } from './value-features.ts';
import VALUE_WEIGHTS from './value-weights.json' with { type: 'json' };

/** The inputs per player beside its features: the share of tiles still to place, which expansions the game has. */
const MORE_INPUTS = 1 + 4;

/** A network's inputs per player with every feature of today (what `npm run train` fits). */
export const VALUE_INPUTS = VALUE_FEATURE_COUNT + MORE_INPUTS;

/** How many recent inputs and their answers `ValueEvaluator` keeps. */
const RECENT = 16;

/** Every feature of today, in order: the inputs of a network trained now. */
const ALL_FEATURES = Int32Array.from(VALUE_FEATURES, (_, k) => k);

/** No features of the other players (a network trained without `--opponents`). */
const NO_FEATURES = new Int32Array(0);

/**
 * Writes player `p`'s inputs from the last `read` of `features` into `out` at `at`: the features
 * `select` names (indices into `VALUE_FEATURES`, in a network's order; all of them unless given), for
 * each feature `opponents` names the largest value any other player has of it, the share of tiles
 * still to place, the expansion flags.
 */
// hot path
export function valueInputs(
  features: ValueFeatures,
  p: number,
  out: Float64Array | Float32Array,
  at: number,
  select: Int32Array = ALL_FEATURES,
  opponents: Int32Array = NO_FEATURES,
): void {
  const K = VALUE_FEATURE_COUNT;
  const v = features.values;
  const n = select.length;
  for (let k = 0; k < n; k++) out[at + k] = v[p * K + select[k]!]!;
  const m = opponents.length;
  for (let k = 0; k < m; k++) out[at + n + k] = othersLargest(v, 0, K, v.length / K, p, opponents[k]!);
  out[at + n + m] = features.toPlace;
  for (let k = 0; k < 4; k++) out[at + n + m + 1 + k] = features.expansionFlags[k]!;
}

/**
 * The largest value in column `column` of the rows of the players other than `p`: a position's
 * `players` rows start at `start`, `stride` apart. What a network trained with `--opponents` reads of
 * the others, the same while it plays (`valueInputs`) and while it is fitted (`npm run train`).
 */
// hot path
export function othersLargest(
  values: ArrayLike<number>,
  start: number,
  stride: number,
  players: number,
  p: number,
  column: number,
): number {
  let most = Number.NEGATIVE_INFINITY;
  for (let q = 0; q < players; q++) {
    const value = values[start + q * stride + column]!;
    if (q !== p && value > most) most = value;
  }
  return most;
}

/** A trained network as `npm run train` writes it (`value-weights.json`). */
export interface NetRecord {
  readonly sizes: readonly number[];
  readonly layers: readonly (readonly number[])[];
  readonly inputMean: readonly number[];
  readonly inputScale: readonly number[];
  readonly outputMean: number;
  readonly outputScale: number;
  /** The features it was trained on, in its input order (the file's `features` when absent). */
  readonly features?: readonly string[];
  /** The features of which it reads the largest value of the other players too, in its input order (none when absent). */
  readonly opponentFeatures?: readonly string[];
}

/**
 * Networks by player count ("2" … "5"; games of 6 players use those of 5), and optionally by player
 * count and expansion ("4+kingRobber": 4-player games with the King and Robber Baron; `netFor`).
 */
export type NetSet = Readonly<Record<string, NetRecord>>;

/** The player counts with a network of their own (larger games use the last). */
export const VALUE_PLAYERS = [2, 3, 4, 5] as const;

/** The committed networks (`npm run train`). */
export const VALUE_NETS: NetSet = VALUE_WEIGHTS.byPlayers as unknown as NetSet;

/** The committed file's feature list: that of each network that records none of its own. */
export const VALUE_NET_FEATURES: readonly string[] = VALUE_WEIGHTS.features;

/** The features network `record` reads, in its input order: its own list, else the file's. */
export const featuresOf = (record: NetRecord): readonly string[] => record.features ?? VALUE_NET_FEATURES;

/**
 * Indices into today's `VALUE_FEATURES` of the features `record` was trained on, in its input order;
 * a name today's features lack is refused (retrain).
 */
export function inputsOf(record: NetRecord): Int32Array {
  return featureIndices(featuresOf(record));
}

/** Indices into today's `VALUE_FEATURES` of the other players' features `record` reads (`opponentFeatures`). */
export function opponentInputsOf(record: NetRecord): Int32Array {
  return featureIndices(record.opponentFeatures ?? []);
}

/** Indices into today's `VALUE_FEATURES` of `names`, each checked to be one of them. */
function featureIndices(names: readonly string[]): Int32Array {
  checkFeatures(names);
  return Int32Array.from(names, (name) => VALUE_FEATURES.indexOf(name as (typeof VALUE_FEATURES)[number]));
}

/** The network record's player count group for a game of `players`. */
const netGroup = (players: number): string => String(Math.min(players, VALUE_PLAYERS[VALUE_PLAYERS.length - 1]!));

/** The key of the network for games of player count group `group` with expansion `expansion` (e.g. `4+kingRobber`). */
export const netKey = (group: string, expansion: string): string => `${group}+${expansion}`;

/**
 * The network of `nets` for `game`: the one for its player count group with one of its expansions
 * (`netKey`; the first of the game's expansions, in its order, that has one), else the one for its
 * player count group; none when `nets` has neither.
 */
export function netFor(nets: NetSet, game: AgentGame): NetRecord | undefined {
  const group = netGroup(game.players);
  for (const expansion of game.expansions) {
    const record = nets[netKey(group, expansion.name)];
    if (record) return record;
  }
  return nets[group];
}

/** The evaluator of network `record` in `game`. */
export function valueEvaluatorOf(game: AgentGame, record: NetRecord): ValueEvaluator {
  return new ValueEvaluator(game, mlpOf(record), inputsOf(record), opponentInputsOf(record));
}

/** The network of `record` as an `Mlp`. */
export function mlpOf(record: NetRecord): Mlp {
  const inputs = featuresOf(record).length + (record.opponentFeatures?.length ?? 0) + MORE_INPUTS;
  if (record.sizes[0] !== inputs)
    throw new Error(`value network: ${record.sizes[0]} inputs, its features give ${inputs} (retrain: npm run train)`);
  const net = new Mlp(record.sizes);
  for (const [l, layer] of record.layers.entries()) net.layers[l]!.set(layer);
  net.inputMean.set(record.inputMean);
  net.inputScale.set(record.inputScale);
  net.outputMean = record.outputMean;
  net.outputScale = record.outputScale;
  return net;
}

/** A network's feature names, checked at load: each must be one of today's. */
export function checkFeatures(names: readonly string[]): void {
  const gone = names.filter((name) => !(VALUE_FEATURES as readonly string[]).includes(name));
  if (gone.length > 0)
    throw new Error(
      `value network: trained on features today's lack (${gone.join(', ')}); today's are ${VALUE_FEATURES.join(', ')} (retrain: npm run train)`,
    );
}

export class ValueEvaluator {
  readonly features: ValueFeatures;
  private readonly net: Folded;
  private readonly totalsOut: Float64Array;
  /** Per player: the inputs of its last answer and the answer. */
  private readonly lastInputs: Float64Array;
  private readonly lastAnswer: Float64Array;
  /**
   * The last `RECENT` inputs the network answered (at `e * size`), a sum of each weighted by its
   * place (a key that equal inputs share; NaN: none yet), and the answers; `recentNext` is replaced next.
   */
  private readonly recentInputs: Float64Array;
  private readonly recentKey = new Float64Array(RECENT).fill(Number.NaN);
  private readonly recentAnswer = new Float64Array(RECENT);
  private recentNext = 0;
  private readonly input: Float64Array;
  /** The network's inputs per player. */
  private readonly size: number;

  /**
   * `select`: the features the network reads, in its order (`inputsOf`; all of today's unless given);
   * `opponents`: those it reads the other players' largest value of (`opponentInputsOf`; none unless given).
   */
  constructor(
    readonly game: AgentGame,
    net: Mlp,
    private readonly select: Int32Array = ALL_FEATURES,
    private readonly opponents: Int32Array = NO_FEATURES,
  ) {
    const reads = (name: string) => {
      const k = VALUE_FEATURES.indexOf(name as (typeof VALUE_FEATURES)[number]);
      return select.includes(k) || opponents.includes(k);
    };
    this.features = new ValueFeatures(
      game,
      reads('expansionGrowth') || reads('expansionOpenChance'),
      reads('cardHold') || reads('cardHoldGrowth'),
    );
    this.net = net.fold();
    this.size = select.length + opponents.length + MORE_INPUTS;
    if (net.sizes[0] !== this.size)
      throw new Error(`value network: ${net.sizes[0]} inputs for ${this.size} (retrain: npm run train)`);
    this.input = new Float64Array(this.size);
    this.totalsOut = new Float64Array(game.players);
    this.lastInputs = new Float64Array(game.players * this.size).fill(Number.NaN);
    this.lastAnswer = new Float64Array(game.players);
    this.recentInputs = new Float64Array(RECENT * this.size);
  }

  /** Reads of `state` until `releaseTiles` see the tiles it has now (`ValueFeatures.holdTiles`). */
  holdTiles(state: AgentState): void {
    this.features.holdTiles(state);
  }

  releaseTiles(): void {
    this.features.releaseTiles();
  }

  /** Each player's expected final total; the returned array is reused by the next call. */
  // hot path
  totals(state: AgentState): Float64Array {
    const out = this.totalsOut;
    const players = this.game.players;
    if (state.phase === PHASE_OVER) {
      for (let p = 0; p < players; p++) out[p] = state.score(p);
      return out;
    }
    this.features.read(state);
    const input = this.input;
    const last = this.lastInputs;
    for (let p = 0; p < players; p++) {
      valueInputs(this.features, p, input, 0, this.select, this.opponents);
      const size = this.size;
      const o = p * size;
      let same = true;
      for (let i = 0; i < size; i++) if (input[i] !== last[o + i]) same = false;
      if (!same) {
        last.set(input, o);
        this.lastAnswer[p] = this.answer(input);
      }
      out[p] = state.score(p) + this.lastAnswer[p]!;
    }
    return out;
  }

  /** The network's answer for `input`: the one kept when the same inputs were answered recently, else its forward pass (then kept). */
  // hot path
  private answer(input: Float64Array): number {
    const size = this.size;
    const recent = this.recentInputs;
    let key = 0;
    for (let i = 0; i < size; i++) key += input[i]! * (i + 1);
    for (let e = 0; e < RECENT; e++) {
      if (this.recentKey[e] !== key) continue;
      const at = e * size;
      let i = 0;
      while (i < size && input[i] === recent[at + i]) i++;
      if (i === size) return this.recentAnswer[e]!;
    }
    const answer = this.net.forward(input);
    const e = this.recentNext;
    this.recentNext = e === RECENT - 1 ? 0 : e + 1;
    this.recentKey[e] = key;
    recent.set(input, e * size);
    this.recentAnswer[e] = answer;
    return answer;
  }
}
