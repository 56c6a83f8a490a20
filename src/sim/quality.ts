/**
 * Game-quality measures (issue 22; after the Ludii project's lead change, drama and decisiveness and
 * Browne's criteria), recorded per game and aggregated per arm when a plan asks (`plan.quality`):
 * recording costs a rule-aware evaluation of the board every turn, so runs that do not ask pay nothing.
 *
 * A game's trajectory: after each turn t = 1 … T, every player's *expected total* (score + what the
 * board promises under the resolved rules: the agents' rule-aware evaluation with no meeple charges,
 * `Evaluator` with zero weights, held in quarter points) and raw score; after the last turn, the final
 * scores. From it, per game:
 * - lead changes: how often the sole leader became a different player than the last sole leader
 *   (turns of a tie for the lead change nothing), on the expected totals and on the raw scores;
 * - for a game with one winner (the eventual winner w; a game tied for first has none and is left out
 *   of these), w's lead at turn t = w's expected total − the best other player's: the turns w was
 *   behind (lead < 0) and by how much in all, and the turns after the last turn w did not lead alone
 *   (the part of the game after which the leader never changed), and each turn's lead for the race chart;
 * - a close game: final margin (winner − runner-up) ≤ `CLOSE_MARGIN`.
 *
 * Everything is aggregated as per-deal sums (x, y) of a ratio x/y (the deal is the unit, docs/reasoning.md
 * 4) with their moments, all whole numbers: exact and mergeable like every other aggregate.
 */
import { Evaluator } from '../agents/index.ts';
import type { Game, State } from '../engine/index.ts';

/** A final margin of at most this many points makes a close game. */
export const CLOSE_MARGIN = 5;

/** Expected totals are held in quarter points (the evaluation's values are multiples of ¼ under the official rates). */
export const QUARTERS = 4;

/** Per-deal sums x and y of a ratio measure Σx / Σy and their moments over deals. */
export interface RatioData {
  n: number;
  x: number;
  y: number;
  xx: number;
  yy: number;
  xy: number;
}

export interface QualityData {
  /** Lead changes on the expected totals (x) per game (y). */
  leadChanges: RatioData;
  /** Lead changes on the raw scores (x) per game (y). */
  scoreLeadChanges: RatioData;
  /** Turns the eventual winner was behind (x) of the turns of games with one winner (y). */
  behind: RatioData;
  /** Quarter points the eventual winner was behind, summed over those turns (x), per turn behind (y). */
  deficit: RatioData;
  /** Turns after the last turn the eventual winner did not lead alone (x), of the turns of games with one winner (y). */
  decided: RatioData;
  /** Games with a final margin ≤ `CLOSE_MARGIN` (x) of all games (y). */
  close: RatioData;
  /** Per turn t = 1 … (tiles in the deck): the eventual winner's expected lead in quarter points (x) over games with one winner (y); a game that ended earlier keeps its final lead. */
  race: RatioData[];
}

/**
 * The measures whose paired differences between two arms are counted per deal (the race is not):
 * for each, the cross sums Σ x_a·x_b, Σ x_a·y_b, Σ y_a·x_b, Σ y_a·y_b over deals of arm a's and arm
 * b's per-deal sums, at 4·k … 4·k + 3 of `QualityCross` (with each arm's own sums, the delta method's
 * variance of the difference of the two ratios, `src/stats/quality.ts`).
 */
export const PAIRED_MEASURES = ['leadChanges', 'scoreLeadChanges', 'behind', 'deficit', 'decided', 'close'] as const;

/** The cross sums of two arms' per-deal quality sums, 4 per measure of `PAIRED_MEASURES`, whole numbers. */
export type QualityCross = number[];

export const emptyQualityCross = (): QualityCross => new Array<number>(4 * PAIRED_MEASURES.length).fill(0);

/** Adds one deal: `a` and `b` are the arms' per-deal (x, y) of each measure of `PAIRED_MEASURES` (`QualityRecorder.dealSums`). */
export function addQualityCross(cross: QualityCross, a: Float64Array, b: Float64Array): void {
  for (let k = 0; k < PAIRED_MEASURES.length; k++) {
    const [xa, ya, xb, yb] = [a[2 * k]!, a[2 * k + 1]!, b[2 * k]!, b[2 * k + 1]!];
    cross[4 * k]! += xa * xb;
    cross[4 * k + 1]! += xa * yb;
    cross[4 * k + 2]! += ya * xb;
    cross[4 * k + 3]! += ya * yb;
  }
}

const emptyRatio = (): RatioData => ({ n: 0, x: 0, y: 0, xx: 0, yy: 0, xy: 0 });

export function emptyQuality(turns: number): QualityData {
  return {
    leadChanges: emptyRatio(),
    scoreLeadChanges: emptyRatio(),
    behind: emptyRatio(),
    deficit: emptyRatio(),
    decided: emptyRatio(),
    close: emptyRatio(),
    race: Array.from({ length: turns }, emptyRatio),
  };
}

const addRatio = (r: RatioData, x: number, y: number): void => {
  r.n++;
  r.x += x;
  r.y += y;
  r.xx += x * x;
  r.yy += y * y;
  r.xy += x * y;
};

/** A sum of whole numbers that doubles no longer hold exactly is refused, as `mergeAggregates` does. */
const exact = (s: number): number => {
  if (!Number.isSafeInteger(s))
    throw new Error('a quality sum exceeds 2^53 and would no longer be exact; split the run into smaller ones');
  return s;
};

export function mergeRatio(a: RatioData, b: RatioData): RatioData {
  return {
    n: a.n + b.n,
    x: exact(a.x + b.x),
    y: exact(a.y + b.y),
    xx: exact(a.xx + b.xx),
    yy: exact(a.yy + b.yy),
    xy: exact(a.xy + b.xy),
  };
}

export function mergeQuality(a: QualityData, b: QualityData): QualityData {
  return {
    leadChanges: mergeRatio(a.leadChanges, b.leadChanges),
    scoreLeadChanges: mergeRatio(a.scoreLeadChanges, b.scoreLeadChanges),
    behind: mergeRatio(a.behind, b.behind),
    deficit: mergeRatio(a.deficit, b.deficit),
    decided: mergeRatio(a.decided, b.decided),
    close: mergeRatio(a.close, b.close),
    race: a.race.map((r, t) => mergeRatio(r, b.race[t]!)),
  };
}

/** What one game gives, from its trajectories (`gameQuality`). */
export interface GameQuality {
  leadChanges: number;
  scoreLeadChanges: number;
  /** The eventual winner, or -1 when several players tied for first. */
  winner: number;
  turns: number;
  behindTurns: number;
  /** Sum over the turns behind of how far behind (in the trajectory's units). */
  deficit: number;
  decidedTurns: number;
  /** The winner's lead after each turn (empty without a single winner). */
  lead: number[];
  margin: number;
}

/**
 * The per-game columns of a run that keeps games and records quality (`columns` group `quality`):
 * lead changes on the expected totals and on the scores, and, for a game with one winner (else 0),
 * the turns it was behind, how far behind in all (points), the turns after the last turn it did not
 * lead alone, and the game's turns; `q.won` is 1 for a game with one winner.
 */
export const QUALITY_COLUMNS = [
  'q.leadChanges',
  'q.scoreLeadChanges',
  'q.won',
  'q.behindTurns',
  'q.behindPoints',
  'q.decidedTurns',
  'q.turns',
] as const;

/** The value of each of `QUALITY_COLUMNS` in a game's measures. */
export const QUALITY_COLUMN_VALUES: Record<(typeof QUALITY_COLUMNS)[number], (g: GameQuality) => number> = {
  'q.leadChanges': (g) => g.leadChanges,
  'q.scoreLeadChanges': (g) => g.scoreLeadChanges,
  'q.won': (g) => (g.winner >= 0 ? 1 : 0),
  'q.behindTurns': (g) => (g.winner >= 0 ? g.behindTurns : 0),
  'q.behindPoints': (g) => (g.winner >= 0 ? g.deficit / QUARTERS : 0),
  'q.decidedTurns': (g) => (g.winner >= 0 ? g.decidedTurns : 0),
  'q.turns': (g) => (g.winner >= 0 ? g.turns : 0),
};

/** Sole leader of row t of a trajectory (players values per turn), or -1 on a tie for the lead. */
function leaderAt(values: ArrayLike<number>, t: number, players: number): number {
  let best = -Infinity;
  let leader = -1;
  for (let p = 0; p < players; p++) {
    const v = values[t * players + p]!;
    if (v > best) {
      best = v;
      leader = p;
    } else if (v === best) leader = -1;
  }
  return leader;
}

function leadChanges(values: ArrayLike<number>, turns: number, players: number): number {
  let last = -1;
  let changes = 0;
  for (let t = 0; t < turns; t++) {
    const leader = leaderAt(values, t, players);
    if (leader < 0) continue;
    if (last >= 0 && leader !== last) changes++;
    last = leader;
  }
  return changes;
}

/**
 * The measures of one game from its trajectories: `expected` and `scores` hold `turns` rows of
 * `players` values (row t − 1 = after turn t; the last row the final scores in both).
 */
export function gameQuality(
  expected: ArrayLike<number>,
  scores: ArrayLike<number>,
  turns: number,
  players: number,
): GameQuality {
  const final = turns - 1;
  const winner = leaderAt(scores, final, players);
  let best = -Infinity;
  let second = -Infinity;
  for (let p = 0; p < players; p++) {
    const v = scores[final * players + p]!;
    if (v > best) {
      second = best;
      best = v;
    } else if (v > second) second = v;
  }
  const result: GameQuality = {
    leadChanges: leadChanges(expected, turns, players),
    scoreLeadChanges: leadChanges(scores, turns, players),
    winner,
    turns,
    behindTurns: 0,
    deficit: 0,
    decidedTurns: 0,
    lead: [],
    margin: best - second,
  };
  if (winner < 0) return result;
  let lastNotAlone = 0;
  for (let t = 0; t < turns; t++) {
    let others = -Infinity;
    for (let p = 0; p < players; p++) if (p !== winner) others = Math.max(others, expected[t * players + p]!);
    const lead = expected[t * players + winner]! - others;
    result.lead.push(lead);
    if (lead < 0) {
      result.behindTurns++;
      result.deficit -= lead;
    }
    if (lead <= 0) lastNotAlone = t + 1;
  }
  result.decidedTurns = turns - lastNotAlone;
  return result;
}

/**
 * Records the trajectories of an arm's games and aggregates their measures by deal. `turn` is called
 * at the start of every turn (phase PLACE), `endGame` with the finished state.
 */
export class QualityRecorder {
  private readonly evaluator: Evaluator;
  private readonly players: number;
  private readonly maxTurns: number;
  private readonly expected: Float64Array;
  private readonly scores: Float64Array;
  private turns = 0;
  private readonly data: QualityData;
  // The current deal's sums.
  private readonly deal = new Float64Array(12);
  private readonly dealRace: Float64Array;
  private dealWon = 0;
  private readonly sums = new Float64Array(2 * PAIRED_MEASURES.length);
  /** The measures of the last game ended (for its row of kept columns). */
  lastGame: GameQuality | null = null;

  constructor(game: Game) {
    this.evaluator = new Evaluator(game, { meepleCost: 0, farmerCost: 0, emptyHand: 0 });
    this.players = game.players;
    this.maxTurns = game.deck.length;
    this.expected = new Float64Array((this.maxTurns + 1) * this.players);
    this.scores = new Float64Array((this.maxTurns + 1) * this.players);
    this.dealRace = new Float64Array(this.maxTurns);
    this.data = emptyQuality(this.maxTurns);
  }

  startGame(): void {
    this.turns = -1;
  }

  /** At the start of a turn: the position after the previous one (the first call, before any tile, is not kept). */
  turn(state: State): void {
    const t = this.turns++;
    if (t < 0) return;
    const totals = this.evaluator.totals(state);
    const P = this.players;
    for (let p = 0; p < P; p++) {
      this.expected[t * P + p] = Math.round(totals[p]! * QUARTERS);
      this.scores[t * P + p] = state.score(p);
    }
  }

  endGame(state: State): void {
    const P = this.players;
    const t = Math.max(0, this.turns);
    for (let p = 0; p < P; p++) {
      this.scores[t * P + p] = state.score(p);
      this.expected[t * P + p] = state.score(p) * QUARTERS;
    }
    const turns = t + 1;
    const g = gameQuality(this.expected, this.scores, turns, P);
    this.lastGame = g;
    const deal = this.deal;
    deal[0]! += g.leadChanges;
    deal[1]! += g.scoreLeadChanges;
    deal[2]! += 1;
    if (g.margin <= CLOSE_MARGIN) deal[3]! += 1;
    if (g.winner < 0) return;
    deal[4]! += g.behindTurns;
    deal[5]! += g.deficit;
    deal[6]! += g.decidedTurns;
    deal[7]! += turns;
    this.dealWon++;
    for (let k = 0; k < this.maxTurns; k++) this.dealRace[k]! += g.lead[Math.min(k, turns - 1)]!;
  }

  startDeal(): void {
    this.deal.fill(0);
    this.dealRace.fill(0);
    this.dealWon = 0;
  }

  endDeal(): void {
    const d = this.deal;
    const q = this.data;
    addRatio(q.leadChanges, d[0]!, d[2]!);
    addRatio(q.scoreLeadChanges, d[1]!, d[2]!);
    addRatio(q.close, d[3]!, d[2]!);
    addRatio(q.behind, d[4]!, d[7]!);
    addRatio(q.deficit, d[5]!, d[4]!);
    addRatio(q.decided, d[6]!, d[7]!);
    for (let k = 0; k < this.maxTurns; k++) addRatio(q.race[k]!, this.dealRace[k]!, this.dealWon);
  }

  /** The last deal's (x, y) of each measure of `PAIRED_MEASURES`, valid until the next `startDeal`. */
  dealSums(): Float64Array {
    const d = this.deal;
    const xy = [d[0]!, d[2]!, d[1]!, d[2]!, d[4]!, d[7]!, d[5]!, d[4]!, d[6]!, d[7]!, d[3]!, d[2]!];
    this.sums.set(xy);
    return this.sums;
  }

  toData(): QualityData {
    return structuredClone(this.data);
  }
}

/** Why a quality aggregate over `deals` deals of `games` games cannot come from playing them, or null. */
export function implausibleQuality(q: QualityData, at: string, deals: number, games: number): string | null {
  const ratios: [string, RatioData][] = [
    ['leadChanges', q.leadChanges],
    ['scoreLeadChanges', q.scoreLeadChanges],
    ['behind', q.behind],
    ['deficit', q.deficit],
    ['decided', q.decided],
    ['close', q.close],
    ...q.race.map((r, t): [string, RatioData] => [`race[${t}]`, r]),
  ];
  for (const [name, r] of ratios) {
    const where = `${at}.${name}`;
    if (r.n !== deals) return `${where}.n is ${r.n}, expected ${deals}`;
    for (const key of ['x', 'y', 'xx', 'yy', 'xy'] as const) {
      if (!Number.isSafeInteger(r[key])) return `${where}.${key} is ${r[key]}, expected a whole number`;
    }
    if (r.y < 0 || r.yy < 0 || r.xx < 0 || r.x * r.x > r.n * r.xx * (1 + 1e-12) || r.y * r.y > r.n * r.yy * (1 + 1e-12))
      return `${where}: its sums disagree`;
  }
  if (q.leadChanges.y !== games || q.close.y !== games)
    return `${at}: counts ${q.leadChanges.y} games, expected ${games}`;
  if (q.close.x < 0 || q.close.x > games) return `${at}.close.x is ${q.close.x}, expected 0 to ${games}`;
  if (q.behind.x < 0 || q.behind.x > q.behind.y || q.decided.x < 0 || q.decided.x > q.decided.y)
    return `${at}: more turns behind or decided than turns played`;
  if (q.deficit.y !== q.behind.x) return `${at}.deficit.y is ${q.deficit.y}, expected the ${q.behind.x} turns behind`;
  return null;
}
