/**
 * The inputs of `strong`'s value network (`value-net.ts`): per player, numbers read off the public
 * position, every one that stands for points a rule rate times a count (so that a house rule moves
 * them, and the network's answer with them). Per player p, over the open occupied features whose
 * meeple majority p holds (ties: every tied player):
 * - roads: what completing them would pay, what the final scoring would, and the completion pay of
 *   those with one open end left;
 * - cities: the same, the completion pay split by open ends (1, 2, 3 or more);
 * - monasteries: what they pay now and what completing them would add;
 * - fields (farmers, counted one each): what their completed bordering cities pay, and what the open
 *   ones would add completed;
 * - the completion pay of roads and cities where p has meeples but not the majority, and of those
 *   where p ties for it;
 * - the expansions' expectations (their `evaluate` hooks): the Tollkeepers', the Labyrinth's, King
 *   and Robber Baron's each apart, any other expansion's together; what p's holdings gain per further
 *   completion (`evaluateGrowth`: a card under the scoring in force); and what open features would
 *   pay p through an expansion on completion (`evaluateOpen`: a tollhouse's roads) times the chance
 *   that anyone completes them;
 * - the expansions' prizes for the largest completed feature of a kind (`evaluateRecords`: the King,
 *   the Robber Baron): p's chance to hold each at the end, times what it pays then as the board
 *   stands (`cardHold`) and times its gain per further completion (`cardHoldGrowth`). The chance is
 *   read off the open occupied features of the prize's kind that will be larger than the record
 *   when completed (their segments and open-end cells at least): one takes it for its majority with
 *   its chance of completion by their own draws (split among tied owners), and keeps it unless a
 *   larger one (or one as large read before it) is completed by anyone; the holder keeps the prize
 *   unless one of them is completed;
 * - meeples in hand, an empty hand, meeples standing on roads, cities and monasteries, farmers;
 * - p's turns still to come.
 * Tiles still to place are counted from the tiles placed, never from the deck's position (which
 * would tell whether the next draws fit).
 */
import { MAX_PLAYERS, SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../../engine/index.ts';
import type { AgentGame, AgentState } from '../../engine/index.ts';
import { worthRates } from './evaluation.ts';
import type { WorthRates } from './evaluation.ts';
import { advanceStamp, majorityOf } from './tallies.ts';

export const VALUE_FEATURES = [
  'roadComplete',
  'roadFinal',
  'roadOneEnd',
  'cityComplete',
  'cityFinal',
  'cityOneEnd',
  'cityTwoEnds',
  'cityWide',
  'monasteryNow',
  'monasteryRest',
  'monasteryDead',
  'monasteryChance',
  'farmCompleted',
  'farmOpen',
  'farmChance',
  'minorityStake',
  'sharedStake',
  'roadDead',
  'cityDead',
  'roadChance',
  'cityChance',
  'cityCells',
  'tolls',
  'labyrinth',
  'kingRobber',
  'otherExpansions',
  'expansionGrowth',
  'expansionOpenChance',
  'cardHold',
  'cardHoldGrowth',
  'hand',
  'emptyHand',
  'standing',
  'farmers',
  'turnsLeft',
] as const;
export const VALUE_FEATURE_COUNT = VALUE_FEATURES.length;
const F = Object.fromEntries(VALUE_FEATURES.map((name, i) => [name, i])) as Record<
  (typeof VALUE_FEATURES)[number],
  number
>;

/** The feature each expansion's `evaluate` hook goes to, by expansion name (any other: `otherExpansions`). */
const EXPANSION_FEATURES: Readonly<Record<string, number>> = {
  tollkeepers: F.tolls,
  labyrinth: F.labyrinth,
  kingRobber: F.kingRobber,
};

export class ValueFeatures {
  /** The last `read`: `values[p * VALUE_FEATURE_COUNT + k]` is feature k of player p. */
  readonly values: Float64Array;
  /** The last `read`'s share of the game's tiles still to place (1 at the start, 0 at the end). */
  toPlace = 0;
  /**
   * Which expansions the game has, 1 or 0 each, in the order of `EXPANSION_INPUTS`: the Tollkeepers,
   * the Labyrinth, King and Robber Baron, any other.
   */
  readonly expansionFlags = new Float64Array(4);
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly perPlayer = new Int32Array(MAX_PLAYERS);
  private readonly hookTotals: Float64Array;
  /** Per expansion of the game (in its order), the feature its `evaluate` hook's expectations go to. */
  private readonly expansionFeature: Int32Array;
  private readonly occupied: Int32Array;
  private readonly bordered = new Int32Array(2);
  /** Per tile type, how many are still to place (`FeatureView.tilesLeft`), read once per `read`. */
  private left = new Int32Array(0);
  /** The `tilesLeft` of the `read` before (swapped with `left`), to tell whether they changed. */
  private leftBefore = new Int32Array(0);
  private tilesToCome = 0;
  /** The draws a player can expect before the end: tiles to come over players. */
  private draws = 0;
  /**
   * Per edge pattern a cell requires (`FeatureView.cellPattern`): how many tiles to come fit it (-1:
   * not counted yet). The count depends on nothing else: it holds from one `read` to the next while
   * `tilesLeft` stays the same (the pairs of one choice all place the drawn tile), and moves by the
   * change of each tile type's count that fits the pattern (`FeatureView.fitsPattern`) when it does not.
   */
  private readonly patternFits = new Int32Array(256).fill(-1);
  /** The patterns counted in `patternFits` (`counted` of them), and per pattern whether one was asked since `tilesLeft` last changed. */
  private readonly countedPatterns = new Int32Array(256);
  private counted = 0;
  private readonly patternAsked = new Uint8Array(256);
  private readonly cells = new Int32Array(256);
  /** The open cities a field borders (`citiesBordered`). */
  private readonly openCities: Int32Array;
  /** The rule module's pay per road and city tile, pennant and monastery tile, completed and at the end; a field's by its cities. */
  private readonly rates: WorthRates;
  /**
   * While `holdTiles` holds: the state and count of tiles placed of the board every read then sees (the
   * follow-ups of one placement differ only in meeples and an expansion's pieces, not in tiles).
   */
  private heldState: AgentState | undefined;
  private heldPlaced = -1;
  /** Whether the board stamp (`board`) stands for the held board (a read of it took it). */
  private boardKept = false;
  /**
   * Stamps what depends only on the tiles on the board and the tiles still to place: advanced by every
   * read, but kept over the reads of one held board (`holdTiles`).
   */
  private board = 0;
  /** Per city root: the board stamp its chance of completion by anyone was valued at (`cityStamp`) and the chance. */
  private readonly cityStamp: Int32Array;
  private readonly cityChance: Float64Array;
  /**
   * Per occupied feature's root: the board stamp its board-only answers were taken at (`shapeStamp`),
   * and the answers (`shapeCount`, `shapeCells`, `shapeChance`): of a road or city its open-end cells and
   * its chance by its owners' draws; of a monastery its neighbours and chance; of a field the cities it
   * borders completed and open and the open ones' chances summed.
   */
  private readonly shapeStamp: Int32Array;
  private readonly shapeCount: Int32Array;
  private readonly shapeCells: Int32Array;
  private readonly shapeChance: Float64Array;
  /**
   * `cellChance`'s answers by fitting count and owner or anyone (NaN: not yet), for the tiles still to
   * place they were taken with (`chanceLeft`): they depend on nothing else, so they hold from one
   * `read` to the next while that count stays (a look-ahead's rollouts all end with the same count).
   */
  private readonly chanceMemo: Float64Array;
  private chanceLeft = -1;
  /**
   * The open occupied roads and cities of the last `read` (`records` of them) whose completion could
   * take a prize (`evaluateRecords`): per one its segment kind, its size when completed at least
   * (segments and open-end cells), the chances of completion by its majority's draws and by anyone's,
   * and its majority (a bit mask).
   */
  private records = 0;
  private readonly recordKind: Int32Array;
  private readonly recordSize: Int32Array;
  private readonly recordOwn: Float64Array;
  private readonly recordAny: Float64Array;
  private readonly recordMajority: Int32Array;
  /** Adds each player's chance to hold a prize at the end times what it pays (`cardHold`, `cardHoldGrowth`). */
  private readonly visitRecord = (
    kind: number,
    largest: number,
    holder: number,
    value: number,
    growth: number,
  ): void => {
    const n = this.records;
    const kinds = this.recordKind;
    const sizes = this.recordSize;
    let kept = 1;
    for (let i = 0; i < n; i++) {
      const size = sizes[i]!;
      if (kinds[i] !== kind || size <= largest) continue;
      kept *= 1 - this.recordAny[i]!;
      let unbeaten = this.recordOwn[i]!;
      // Beaten by a larger one, or by one as large noted before it (an order, so the chances add up to 1 at most).
      for (let j = 0; j < n; j++)
        if (kinds[j] === kind && (sizes[j]! > size || (sizes[j] === size && j < i))) unbeaten *= 1 - this.recordAny[j]!;
      this.add(this.recordMajority[i]!, F.cardHold, value * unbeaten);
      this.add(this.recordMajority[i]!, F.cardHoldGrowth, growth * unbeaten);
    }
    if (holder < 0) return;
    this.values[holder * VALUE_FEATURE_COUNT + F.cardHold]! += value * kept;
    this.values[holder * VALUE_FEATURE_COUNT + F.cardHoldGrowth]! += growth * kept;
  };
  /** The state `read` is reading, for `visitOpen`. */
  private reading: AgentState | undefined;
  /** Adds an open feature's pay on completion (an expansion's `evaluateOpen`) times its chance. */
  private readonly visitOpen = (player: number, root: number, points: number): void => {
    this.values[player * VALUE_FEATURE_COUNT + F.expansionOpenChance]! +=
      points * this.cityChanceOf(this.reading!, root);
  };

  /**
   * `expansionInputs`: whether `read` computes `expansionGrowth` and `expansionOpenChance`;
   * `recordInputs`: `cardHold` and `cardHoldGrowth` (0 without: a network that reads none saves
   * their cost).
   */
  constructor(
    readonly game: AgentGame,
    private readonly expansionInputs = true,
    private readonly recordInputs = true,
  ) {
    const segments = game.maxTiles * game.segmentsPerTile;
    this.values = new Float64Array(game.players * VALUE_FEATURE_COUNT);
    this.seen = new Int32Array(segments);
    this.occupied = new Int32Array(segments);
    this.hookTotals = new Float64Array(game.players);
    this.expansionFeature = Int32Array.from(game.expansions, (e) => EXPANSION_FEATURES[e.name] ?? F.otherExpansions);
    for (const f of this.expansionFeature) this.expansionFlags[f - F.tolls] = 1;
    this.rates = worthRates(game);
    this.openCities = new Int32Array(segments);
    this.cityStamp = new Int32Array(segments);
    this.cityChance = new Float64Array(segments);
    this.shapeStamp = new Int32Array(segments);
    this.shapeCount = new Int32Array(segments);
    this.shapeCells = new Int32Array(segments);
    this.shapeChance = new Float64Array(segments);
    this.chanceMemo = new Float64Array(2 * game.maxTiles + 2);
    this.recordKind = new Int32Array(segments);
    this.recordSize = new Int32Array(segments);
    this.recordOwn = new Float64Array(segments);
    this.recordAny = new Float64Array(segments);
    this.recordMajority = new Int32Array(segments);
  }

  /**
   * Until `releaseTiles`, every read of `state` with as many tiles placed is of the board it has now
   * (the same tiles where they are: the caller tries the follow-ups of one placement), so what depends
   * only on the tiles is taken once, by the first of those reads.
   */
  holdTiles(state: AgentState): void {
    this.heldState = state;
    this.heldPlaced = state.placedCount;
    this.boardKept = false;
  }

  /** Ends `holdTiles`. */
  releaseTiles(): void {
    this.heldState = undefined;
    this.boardKept = false;
  }

  /** Fills `values` (and `toPlace`) with every player's features in `state`; returns `values`. */
  // hot path
  read(state: AgentState): Float64Array {
    const players = this.game.players;
    const v = this.values;
    v.fill(0);
    const left = Math.max(0, state.deck.length + 1 - state.placedCount);
    this.toPlace = left / (state.deck.length + 1);
    const next = state.currentPlayer;
    for (let p = 0; p < players; p++) {
      const o = p * VALUE_FEATURE_COUNT;
      const hand = state.meeplesLeft[p]!;
      v[o + F.hand] = hand;
      v[o + F.emptyHand] = hand === 0 ? 1 : 0;
      const offset = (p - next + players) % players;
      v[o + F.turnsLeft] = left > offset ? Math.floor((left - 1 - offset) / players) + 1 : 0;
    }
    this.stamp = advanceStamp(this.stamp, this.seen);
    const stamp = this.stamp;
    const held = state === this.heldState && state.placedCount === this.heldPlaced;
    if (!held || !this.boardKept) {
      this.board = advanceStamp(this.board, this.cityStamp, this.shapeStamp);
      this.boardKept = held;
      this.readTilesLeft(state);
    }
    this.tilesToCome = Math.max(1, left);
    this.draws = left / players;
    if (left !== this.chanceLeft) {
      this.chanceLeft = left;
      this.chanceMemo.fill(Number.NaN);
    }
    const occupied = this.occupied;
    this.records = 0;
    const n = state.meepleSegments(occupied);
    for (let i = 0; i < n; i++) {
      const g = occupied[i]!;
      const kind = state.segmentKind(g);
      v[(state.occupantOf(g) - 1) * VALUE_FEATURE_COUNT + (kind === SEG_FIELD ? F.farmers : F.standing)]! += 1;
      const root = state.find(g);
      if (this.seen[root] === stamp) continue;
      this.seen[root] = stamp;
      if (!state.isCompleted(root)) this.feature(state, root, kind);
    }
    // With the expansions' inputs, each expansion's evaluation and open pays in one call (one walk
    // over what they share, `evaluateWithOpen`); they add to features of their own.
    const withOpen = this.game.evaluates && this.expansionInputs;
    if (this.game.evaluates) {
      const totals = this.hookTotals;
      this.reading = state;
      for (let k = 0; k < this.expansionFeature.length; k++) {
        totals.fill(0);
        if (withOpen) this.game.evaluateExpansionWithOpen(k, state, totals, this.visitOpen);
        else this.game.evaluateExpansion(k, state, totals);
        const f = this.expansionFeature[k]!;
        for (let p = 0; p < players; p++) v[p * VALUE_FEATURE_COUNT + f]! += totals[p]!;
      }
      this.reading = undefined;
    }
    if (this.expansionInputs) this.readExpansionInputs(state, !withOpen);
    if (this.recordInputs)
      for (let k = 0; k < this.expansionFeature.length; k++) this.game.recordsOfExpansion(k, state, this.visitRecord);
    return v;
  }

  /**
   * Reads `tilesLeft` into `left`. When it changed: forgets the fitting counts of the patterns not
   * asked since the last change, and moves the others by the types whose count changed (fewer than
   * the types a count goes over: the look-ahead's deals differ by the few tiles their turns drew).
   */
  private readTilesLeft(state: AgentState): void {
    if (this.left.length === 0) {
      this.left = new Int32Array(Math.max(...state.deck) + 1);
      this.leftBefore = new Int32Array(this.left.length);
    }
    const now = this.leftBefore;
    state.tilesLeft(now);
    const before = this.left;
    this.leftBefore = before;
    this.left = now;
    let t = 0;
    while (t < now.length && now[t] === before[t]) t++;
    if (t === now.length) return;
    const fits = this.patternFits;
    const patterns = this.countedPatterns;
    const asked = this.patternAsked;
    let kept = 0;
    for (let i = 0; i < this.counted; i++) {
      const pattern = patterns[i]!;
      if (asked[pattern] === 0) fits[pattern] = -1;
      else {
        asked[pattern] = 0;
        patterns[kept++] = pattern;
      }
    }
    this.counted = kept;
    for (; t < now.length; t++) {
      const change = now[t]! - before[t]!;
      if (change === 0) continue;
      for (let i = 0; i < kept; i++) if (state.fitsPattern(t, patterns[i]!)) fits[patterns[i]!]! += change;
    }
  }

  /** Adds every player's `expansionGrowth`, and with `openPays` `expansionOpenChance` (the expansions' agent-input hooks). */
  private readExpansionInputs(state: AgentState, openPays: boolean): void {
    const players = this.game.players;
    const v = this.values;
    this.reading = state;
    for (let k = 0; k < this.expansionFeature.length; k++) {
      const totals = this.hookTotals;
      totals.fill(0);
      this.game.growthOfExpansion(k, state, totals);
      for (let p = 0; p < players; p++) v[p * VALUE_FEATURE_COUNT + F.expansionGrowth]! += totals[p]!;
      if (openPays) this.game.openPaysOfExpansion(k, state, this.visitOpen);
    }
    this.reading = undefined;
  }

  /** Adds open occupied feature `root` of kind `kind` to its players' features. */
  private feature(state: AgentState, root: number, kind: number): void {
    const perPlayer = this.perPlayer;
    const players = this.game.players;
    for (let p = 0; p < players; p++) perPlayer[p] = 0; // cheaper than \`fill\` for a handful
    if (kind === SEG_FIELD) {
      if (!this.rates.fieldsPay) return;
      state.figures(root, perPlayer);
      if (this.shapeStamp[root] !== this.board) {
        this.shapeStamp[root] = this.board;
        state.citiesBordered(root, this.bordered, this.openCities);
        const open = this.bordered[1]!;
        let chances = 0;
        for (let i = 0; i < open; i++) chances += this.cityChanceOf(state, this.openCities[i]!);
        this.shapeCount[root] = this.bordered[0]!;
        this.shapeCells[root] = open;
        this.shapeChance[root] = chances;
      }
      const majority = majorityOf(perPlayer, players);
      const done = this.shapeCount[root]!;
      const open = this.shapeCells[root]!;
      const completed = this.rates.fieldWorth[done]!;
      const more = this.rates.fieldWorth[done + open]! - completed;
      this.add(majority, F.farmCompleted, completed);
      this.add(majority, F.farmOpen, more);
      if (open > 0) this.add(majority, F.farmChance, (more / open) * this.shapeChance[root]!);
      return;
    }
    if (kind === SEG_MONASTERY) {
      if (this.shapeStamp[root] !== this.board) {
        this.shapeStamp[root] = this.board;
        const tile = state.tileOf(root);
        this.shapeCount[root] = state.neighboursOf(tile);
        this.shapeChance[root] = this.chanceOfCells(state, state.emptyCellsAround(tile, this.cells), false);
      }
      const neighbours = this.shapeCount[root]!;
      const majority = 1 << (state.occupantOf(root) - 1);
      this.add(majority, F.monasteryNow, this.rates.monastery * (1 + neighbours));
      const rest = this.rates.monastery * (8 - neighbours);
      this.add(majority, F.monasteryRest, rest);
      const chance = this.shapeChance[root]!;
      this.add(majority, chance === 0 ? F.monasteryDead : F.monasteryChance, chance === 0 ? rest : rest * chance);
      return;
    }
    const counts = state.tally(root, perPlayer);
    const majority = majorityOf(perPlayer, players);
    const ends = state.openEndsOf(root);
    let complete: number;
    if (kind === SEG_ROAD) {
      complete = this.rates.completedRoad * counts[0]!;
      this.add(majority, F.roadComplete, complete);
      this.add(majority, F.roadFinal, this.rates.finalRoad * counts[0]!);
      if (ends <= 1) this.add(majority, F.roadOneEnd, complete);
    } else if (kind === SEG_CITY) {
      complete = this.rates.completedCityTile * counts[0]! + this.rates.completedCityPennant * counts[1]!;
      this.add(majority, F.cityComplete, complete);
      this.add(majority, F.cityFinal, this.rates.finalCityTile * counts[0]! + this.rates.finalCityPennant * counts[1]!);
      this.add(majority, ends <= 1 ? F.cityOneEnd : ends === 2 ? F.cityTwoEnds : F.cityWide, complete);
    } else {
      return; // a kind an expansion values through its hook
    }
    this.chances(state, root, kind === SEG_ROAD, majority, complete);
    if (this.recordInputs) this.addRecord(state, root, kind, counts[0]!, majority);
    const shared = (majority & (majority - 1)) !== 0;
    for (let p = 0; p < players; p++) {
      if (perPlayer[p]! === 0) continue;
      const o = p * VALUE_FEATURE_COUNT;
      if ((majority & (1 << p)) === 0) this.values[o + F.minorityStake]! += complete;
      else if (shared) this.values[o + F.sharedStake]! += complete;
    }
  }

  /** Adds open road or city `root`'s completion pay by its chance to be completed by its majority's own draws (or as dead). */
  private chances(state: AgentState, root: number, road: boolean, majority: number, complete: number): void {
    if (this.shapeStamp[root] !== this.board) {
      this.shapeStamp[root] = this.board;
      const cells = state.openEndCells(root, this.cells);
      this.shapeCells[root] = cells;
      this.shapeChance[root] = this.chanceOfCells(state, cells, false);
      this.cityChanceOf(state, root, cells); // while its cells are at hand: a field or a tollhouse may ask
    }
    const n = this.shapeCells[root]!;
    const chance = this.shapeChance[root]!;
    if (chance === 0) this.add(majority, road ? F.roadDead : F.cityDead, complete);
    else this.add(majority, road ? F.roadChance : F.cityChance, complete * chance);
    if (!road) this.add(majority, F.cityCells, n);
  }

  /** Notes open road or city `root` of `segments` segments for the prizes (`visitRecord`; after `chances`). */
  private addRecord(state: AgentState, root: number, kind: number, segments: number, majority: number): void {
    const i = this.records++;
    this.recordKind[i] = kind;
    this.recordSize[i] = segments + this.shapeCells[root]!;
    let owners = 0;
    for (let m = majority; m !== 0; m &= m - 1) owners++;
    this.recordOwn[i] = this.shapeChance[root]! / owners; // tied owners: each as likely to complete it
    this.recordAny[i] = this.cityChanceOf(state, root);
    this.recordMajority[i] = majority;
  }

  /**
   * Open city's or road's `root` chance to be completed by anyone's draws (once per board stamp); `cellsRead`:
   * its open-end cells are the first that many of `cells` already (-1: they are read here).
   */
  private cityChanceOf(state: AgentState, root: number, cellsRead = -1): number {
    if (this.cityStamp[root] !== this.board) {
      this.cityStamp[root] = this.board;
      const n = cellsRead >= 0 ? cellsRead : state.openEndCells(root, this.cells);
      this.cityChance[root] = this.chanceOfCells(state, n, true);
    }
    return this.cityChance[root]!;
  }

  /**
   * The chance that each of the first `n` empty cells of `cells` gets a tile fitting there among
   * `draws` draws from the tiles to come (a product over the cells; 0 when nothing fits one).
   */
  private chanceOfCells(state: AgentState, n: number, byAnyone: boolean): number {
    let chance = 1;
    for (let i = 0; i < n; i++) {
      const fitting = this.fitting(state, this.cells[i]!);
      if (fitting === 0) return 0;
      chance *= this.cellChance(fitting, byAnyone);
    }
    return chance;
  }

  /**
   * The chance that a tile of `fitting` among the tiles to come is drawn by the owner (a player's
   * share of the draws) or by anyone (all of them), remembered per count (`chanceMemo`).
   */
  private cellChance(fitting: number, byAnyone: boolean): number {
    const i = 2 * fitting + (byAnyone ? 1 : 0);
    let chance = this.chanceMemo[i]!;
    if (Number.isNaN(chance)) {
      const draws = byAnyone ? this.tilesToCome : this.draws;
      chance = 1 - (1 - Math.min(1, fitting / this.tilesToCome)) ** draws;
      this.chanceMemo[i] = chance;
    }
    return chance;
  }

  /** How many tiles to come fit empty cell `cell` (counted once per pattern, then moved with `tilesLeft`: `readTilesLeft`). */
  private fitting(state: AgentState, cell: number): number {
    const pattern = state.cellPattern(cell);
    this.patternAsked[pattern] = 1;
    let n = this.patternFits[pattern]!;
    if (n < 0) {
      n = state.fittingTiles(cell, this.left);
      this.patternFits[pattern] = n;
      this.countedPatterns[this.counted++] = pattern;
    }
    return n;
  }

  /** Adds `value` to feature `k` of each player in bit mask `players`. */
  private add(players: number, k: number, value: number): void {
    for (let p = 0; players !== 0; p++, players >>= 1)
      if (players & 1) this.values[p * VALUE_FEATURE_COUNT + k]! += value;
  }
}
