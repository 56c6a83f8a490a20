/**
 * A rule's direct effect and the no-effect references of "winner changed" (docs/reasoning.md §9), for a
 * pair of arms (a, b) of a plan (`Plan.effects`; `carclab study` asks for them). Per game of arm a:
 *   1. **Rescored**: the game is replayed move for move under arm b's rules (`replayGame`): the same
 *      tiles in the same order, the same actions. The first action b's rules do not allow, or a game
 *      that ends earlier or later under b, makes the game "not replayable" (counted). A replayed game
 *      is scored by b's rules: the winner flipped when the set of winning seats differs from a's
 *      game; the margin change is a's winner's lead over the best other seat under b minus under a.
 *   2. **Noise floor**: the same arm a played again on the same deal and rotation by the same agents
 *      with other random streams (`NOISE_STREAM`): how often the winner changes by chance alone.
 *   3. **Total**: a's game against b's own game of the same deal and rotation (play included).
 *   4. **Independent**: every arm's winning-seat sets are counted, so the rate at which two
 *      independent games would change winner, 1 − Σ_S pₐ(S)·p_b(S), follows (`independentChangeRate`);
 *      so are the pairs of sets (a's and b's game of the same deal and rotation), which its interval
 *      needs: the arms share deals, so their shares are not independent samples.
 * Every figure is a count or a sum of whole numbers: shards merge by addition, exactly, for any
 * worker count. The arms must draw the same tiles for a replay: otherwise every game of a counts as
 * not replayable and nothing is rescored.
 */
import type { Agent } from '../agents/index.ts';
import { MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { Game, State } from '../engine/index.ts';
import { playGame } from './play.ts';
import { addQualityCross, emptyQualityCross } from './quality.ts';
import type { QualityCross } from './quality.ts';

/** The extra part of the agents' stream names in the noise-floor games: `(seed, deal, player, NOISE_STREAM)`. */
export const NOISE_STREAM = 'noise';

/** A pair of arms, by index: a's games are rescored under b's rules. */
export interface PlanEffect {
  a: number;
  b: number;
}

/** One effect's counts over the deals of a shard or a run. */
export interface EffectData {
  a: number;
  b: number;
  /** Games of arm a. */
  games: number;
  /** Games of a replayed to the end under b's rules (the rest are not replayable). */
  replayed: number;
  /** Replayed games whose set of winning seats differs under b's rules. */
  flipped: number;
  /** Sum and sum of squares over replayed games of the change in a's winner's lead (b's scoring − a's). */
  marginChangeSum: number;
  marginChangeSumSq: number;
  /** Games whose replay by the same agents with other streams had another set of winning seats. */
  noiseChanged: number;
  /** Games whose set of winning seats differs from b's game of the same deal and rotation. */
  totalChanged: number;
  /** Games of arm a (and b) per set of winning seats (index: bit mask of the seats). */
  winnersA: number[];
  winnersB: number[];
  /** Pairs of games (a's and b's of the same deal and rotation) per pair of sets: index maskA · 2^players + maskB. */
  winnersJoint: number[];
  /** When the plan records the game-quality measures: the cross sums of the two arms' per-deal quality sums (`QualityCross`). */
  quality?: QualityCross;
}

/** The bit mask of the seats holding the top score. */
export function winnerMask(state: State): number {
  const P = state.game.players;
  let best = -Infinity;
  for (let s = 0; s < P; s++) best = Math.max(best, state.score(s));
  let mask = 0;
  for (let s = 0; s < P; s++) if (state.score(s) === best) mask |= 1 << s;
  return mask;
}

/** The lead of `seat` over the best other seat (negative when behind). */
export function leadOf(state: State, seat: number): number {
  let other = -Infinity;
  for (let s = 0; s < state.game.players; s++) if (s !== seat) other = Math.max(other, state.score(s));
  return state.score(seat) - other;
}

const legalBuffer = new Int32Array(MAX_ACTIONS_HINT);

/**
 * Replays `actions` in `game` on the tile order `order`, checking each action against the legal
 * ones; returns the finished state, or null when an action is not legal there or the game does not
 * end exactly after the last action (the game is not replayable under these rules).
 * @example replayGame(farmers4Game, order, farmers3Actions) // the same game, scored at 4 per city
 */
export function replayGame(game: Game, order: Int16Array, actions: readonly number[], reuse?: State): State | null {
  let state: State;
  if (reuse && reuse.game === game) {
    reuse.restart(order);
    state = reuse;
  } else state = game.newState(order);
  for (const action of actions) {
    if (state.isOver()) return null;
    const n = state.legalActions(legalBuffer);
    let legal = false;
    for (let i = 0; i < n && !legal; i++) legal = legalBuffer[i] === action;
    if (!legal) return null;
    state.apply(action);
  }
  return state.isOver() ? state : null;
}

/** Whether two games deal the same tiles (same copies, same catalog), so a's moves can be tried under b. */
export const sameTiles = (a: Game, b: Game): boolean =>
  a.players === b.players &&
  a.catalog.hash === b.catalog.hash &&
  a.deckKeys.length === b.deckKeys.length &&
  a.deckKeys.every((k, i) => k === b.deckKeys[i]);

/** Accumulates one effect over the deals of a shard. */
export class EffectAcc {
  private readonly data: EffectData;
  private readonly replayable: boolean;
  private replayState: State | undefined;
  private noiseState: State | undefined;

  constructor(
    effect: PlanEffect,
    private readonly gameA: Game,
    private readonly gameB: Game,
    quality = false,
  ) {
    const masks = 1 << gameA.players;
    this.replayable = sameTiles(gameA, gameB);
    this.data = {
      a: effect.a,
      b: effect.b,
      games: 0,
      replayed: 0,
      flipped: 0,
      marginChangeSum: 0,
      marginChangeSumSq: 0,
      noiseChanged: 0,
      totalChanged: 0,
      winnersA: new Array<number>(masks).fill(0),
      winnersB: new Array<number>(masks).fill(0),
      winnersJoint: new Array<number>(masks * masks).fill(0),
      ...(quality ? { quality: emptyQualityCross() } : {}),
    };
  }

  /** After the deal, when quality is recorded: both arms' per-deal quality sums (`QualityRecorder.dealSums`). */
  addQualityDeal(a: Float64Array, b: Float64Array): void {
    addQualityCross(this.data.quality!, a, b);
  }

  /**
   * After a game of arm a (`state`, played on `order` with `actions`): rescores it under b and plays it
   * again with the noise agents. Call before `state` is reused.
   */
  addGameA(state: State, order: Int16Array, actions: readonly number[], noiseAgents: readonly Agent[]): void {
    const d = this.data;
    const mask = winnerMask(state);
    d.games++;
    if (this.replayable) {
      const replay = replayGame(this.gameB, order, actions, this.replayState);
      if (replay) {
        this.replayState = replay;
        d.replayed++;
        if (winnerMask(replay) !== mask) d.flipped++;
        const winner = 31 - Math.clz32(mask & -mask); // the lowest winning seat
        const change = leadOf(replay, winner) - leadOf(state, winner);
        d.marginChangeSum += change;
        d.marginChangeSumSq += change * change;
      }
    }
    const noise = playGame(this.gameA, order, noiseAgents, this.noiseState);
    this.noiseState = noise;
    if (winnerMask(noise) !== mask) d.noiseChanged++;
  }

  /** After the deal: a's and b's winning-seat masks of its games, in rotation order. */
  endDeal(winnersA: Int32Array, winnersB: Int32Array, games: number): void {
    const masks = this.data.winnersA.length;
    for (let k = 0; k < games; k++) {
      this.data.winnersA[winnersA[k]!]!++;
      this.data.winnersB[winnersB[k]!]!++;
      this.data.winnersJoint[winnersA[k]! * masks + winnersB[k]!]!++;
      if (winnersA[k] !== winnersB[k]) this.data.totalChanged++;
    }
  }

  toData(): EffectData {
    return {
      ...this.data,
      winnersA: [...this.data.winnersA],
      winnersB: [...this.data.winnersB],
      winnersJoint: [...this.data.winnersJoint],
      ...(this.data.quality ? { quality: [...this.data.quality] } : {}),
    };
  }
}

/** The sum of two effects' counts over disjoint deals. */
export function mergeEffect(x: EffectData, y: EffectData): EffectData {
  const add = (u: number, v: number) => {
    const s = u + v;
    if (!Number.isSafeInteger(s))
      throw new Error('an effect sum exceeds 2^53 and would no longer be exact; split the run into smaller ones');
    return s;
  };
  return {
    a: x.a,
    b: x.b,
    games: add(x.games, y.games),
    replayed: add(x.replayed, y.replayed),
    flipped: add(x.flipped, y.flipped),
    marginChangeSum: add(x.marginChangeSum, y.marginChangeSum),
    marginChangeSumSq: add(x.marginChangeSumSq, y.marginChangeSumSq),
    noiseChanged: add(x.noiseChanged, y.noiseChanged),
    totalChanged: add(x.totalChanged, y.totalChanged),
    winnersA: x.winnersA.map((c, i) => add(c, y.winnersA[i]!)),
    winnersB: x.winnersB.map((c, i) => add(c, y.winnersB[i]!)),
    winnersJoint: x.winnersJoint.map((c, i) => add(c, y.winnersJoint[i]!)),
    ...(x.quality && y.quality ? { quality: x.quality.map((c, i) => add(c, y.quality![i]!)) } : {}),
  };
}

/** Why an effect's pairs of winning-seat sets cannot be its games', or null: a whole count per pair, summing to the arms' counts. */
function jointProblem(e: EffectData, at: string): string | null {
  const masks = e.winnersA.length;
  if (!Array.isArray(e.winnersJoint) || e.winnersJoint.length !== masks * masks)
    return `${at}.winnersJoint must hold ${masks * masks} counts (a pair of winning-seat sets each)`;
  if (e.winnersJoint.some((c) => !Number.isSafeInteger(c) || c < 0))
    return `${at}.winnersJoint must hold whole numbers ≥ 0`;
  for (let s = 0; s < masks; s++) {
    let row = 0;
    let column = 0;
    for (let t = 0; t < masks; t++) {
      row += e.winnersJoint[s * masks + t]!;
      column += e.winnersJoint[t * masks + s]!;
    }
    if (row !== e.winnersA[s] || column !== e.winnersB[s])
      return `${at}.winnersJoint does not add up to the arms' winning-seat counts (set ${s})`;
  }
  return null;
}

/** Why an effect's counts over `games` games of arm a cannot come from playing them, or null. */
export function implausibleEffect(
  e: EffectData,
  at: string,
  games: number,
  effect: PlanEffect,
  quality = false,
): string | null {
  const whole = (x: number, what: string, max: number) =>
    Number.isSafeInteger(x) && x >= 0 && x <= max
      ? null
      : `${at}.${what} is ${x}, expected a whole number from 0 to ${max}`;
  if (e.a !== effect.a || e.b !== effect.b)
    return `${at} is the effect of arms ${e.a} → ${e.b}, expected ${effect.a} → ${effect.b}`;
  if (e.games !== games) return `${at}.games is ${e.games}, expected ${games}`;
  const sumOf = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
  const problem =
    whole(e.replayed, 'replayed', games) ??
    whole(e.flipped, 'flipped', e.replayed) ??
    whole(e.noiseChanged, 'noiseChanged', games) ??
    whole(e.totalChanged, 'totalChanged', games) ??
    whole(e.marginChangeSumSq, 'marginChangeSumSq', Number.MAX_SAFE_INTEGER) ??
    e.winnersA.reduce<string | null>((p, c, i) => p ?? whole(c, `winnersA[${i}]`, games), null) ??
    e.winnersB.reduce<string | null>((p, c, i) => p ?? whole(c, `winnersB[${i}]`, games), null) ??
    jointProblem(e, at);
  if (problem) return problem;
  if (!Number.isSafeInteger(e.marginChangeSum))
    return `${at}.marginChangeSum is ${e.marginChangeSum}, expected a whole number`;
  if (sumOf(e.winnersA) !== games || sumOf(e.winnersB) !== games)
    return `${at}: the winning-seat counts do not add up to ${games} games`;
  if (e.winnersA[0] !== 0 || e.winnersB[0] !== 0) return `${at}: a game without a winner`;
  if (e.marginChangeSum * e.marginChangeSum > e.replayed * e.marginChangeSumSq)
    return `${at}: the margin changes' sum and sum of squares are inconsistent`;
  if (quality !== (e.quality !== undefined))
    return `${at}.quality is ${quality ? 'missing' : 'there'}, but the plan ${quality ? 'records' : 'does not record'} the game-quality measures`;
  if (e.quality && (e.quality.length !== emptyQualityCross().length || e.quality.some((x) => !Number.isSafeInteger(x))))
    return `${at}.quality must be ${emptyQualityCross().length} whole numbers`;
  return null;
}
