/**
 * What a shard accumulates (`shard.ts`): per arm and seat the exact aggregates of its games, with the
 * running sums, winners and move hashes of the current deal's games (`ArmAcc`, `SeatAcc`), and per
 * game, when games are kept, its row of the per-game columns (`RowWriter`).
 */
import type { Game, State } from '../engine/index.ts';
import { registeredScoreSources } from '../expansions/index.ts';
import { Diff, Dist, WIN_UNITS } from './aggregate.ts';
import type { ArmData, SeatData } from './aggregate.ts';
import type { ColumnArray, Columns } from './columns.ts';
import type { ArmMetrics } from './metrics.ts';
import { QUALITY_COLUMNS, QUALITY_COLUMN_VALUES, QualityRecorder } from './quality.ts';
import { playerInSeat } from './plan.ts';
import type { HistogramSpec, Plan } from './plan.ts';

export class SeatAcc {
  games = 0;
  winUnits = 0;
  readonly ranks: Float64Array;
  readonly score: Dist;
  /** Points per registered score source (`registeredScoreSources` order). */
  readonly sources: Float64Array;
  readonly playerStats: Dist[];

  constructor(players: number, sources: number, playerStats: number, spec: HistogramSpec) {
    this.ranks = new Float64Array(players);
    this.sources = new Float64Array(sources);
    this.score = new Dist(spec);
    this.playerStats = Array.from({ length: playerStats }, () => new Dist(spec));
  }

  toData(): SeatData {
    return {
      games: this.games,
      winUnits: this.winUnits,
      ranks: Array.from(this.ranks),
      score: this.score.toData(),
      sources: Array.from(this.sources),
      playerStats: this.playerStats.map((d) => d.toData()),
    };
  }
}

/** Aggregates of one arm, plus the running sums, winners and move hashes of the current deal's games. */
export class ArmAcc {
  games = 0;
  /** Games of the current deal so far. */
  gamesInDeal = 0;
  readonly seats: SeatAcc[];
  readonly players: SeatAcc[];
  readonly winnerScore: Dist;
  readonly margin: Dist;
  readonly stats: Dist[];
  readonly deal: Float64Array;
  readonly dealSums: Diff[];
  /** Per game of the current deal (rotation order): bit mask of the winning seats, hash of the moves. */
  readonly winners: Int32Array;
  readonly moves: Int32Array;
  /** Records the game-quality measures when the plan asks for them. */
  readonly quality: QualityRecorder | undefined;
  private readonly scores: Float64Array;
  private readonly playerStatBase: number;
  /** Per score source of the game, its place among the registered ones (the summary's columns). */
  private readonly sourceColumns: Int32Array;

  constructor(
    private readonly game: Game,
    private readonly metrics: ArmMetrics,
    spec: HistogramSpec,
    gamesPerDealOfArm: number,
    quality: boolean,
  ) {
    const P = game.players;
    const ps = game.playerStatNames.length;
    const registered = registeredScoreSources();
    this.sourceColumns = Int32Array.from(game.scoreSources, (name) => registered.indexOf(name));
    this.seats = Array.from({ length: P }, () => new SeatAcc(P, registered.length, ps, spec));
    this.players = Array.from({ length: P }, () => new SeatAcc(P, registered.length, ps, spec));
    this.winnerScore = new Dist(spec);
    this.margin = new Dist(spec);
    this.stats = game.statNames.map(() => new Dist(spec));
    this.deal = new Float64Array(metrics.names.length);
    this.dealSums = metrics.names.map(() => new Diff());
    this.winners = new Int32Array(gamesPerDealOfArm);
    this.moves = new Int32Array(gamesPerDealOfArm);
    this.scores = new Float64Array(P);
    this.playerStatBase = game.statNames.length;
    this.quality = quality ? new QualityRecorder(game) : undefined;
  }

  startDeal(): void {
    this.deal.fill(0);
    this.gamesInDeal = 0;
    this.quality?.startDeal();
  }

  endDeal(): void {
    for (let k = 0; k < this.dealSums.length; k++) this.dealSums[k]!.add(this.deal[k]!);
    this.quality?.endDeal();
  }

  // hot path
  addGame(state: State, rotation: number, moveHash: number): void {
    const game = this.game;
    const P = game.players;
    const m = this.metrics;
    const deal = this.deal;
    const scores = this.scores;
    let best = -Infinity;
    let second = -Infinity;
    let total = 0;
    for (let s = 0; s < P; s++) {
      const v = state.score(s);
      scores[s] = v;
      total += v;
      if (v > best) {
        second = best;
        best = v;
      } else if (v > second) second = v;
    }
    let winners = 0;
    let mask = 0;
    for (let s = 0; s < P; s++) {
      if (scores[s] === best) {
        winners++;
        mask |= 1 << s;
      }
    }
    this.winners[this.gamesInDeal] = mask;
    this.moves[this.gamesInDeal] = moveHash;
    this.gamesInDeal++;
    const share = WIN_UNITS / winners;
    this.games++;
    this.winnerScore.add(best);
    this.margin.add(best - second);
    deal[m.score]! += total;
    deal[m.winnerScore]! += best;
    deal[m.margin]! += best - second;
    const stats = state.stats;
    for (let k = 0; k < this.stats.length; k++) {
      this.stats[k]!.add(stats[k]!);
      deal[m.stats + k]! += stats[k]!;
    }
    for (let s = 0; s < P; s++) {
      const v = scores[s]!;
      let rank = 1;
      for (let t = 0; t < P; t++) if (scores[t]! > v) rank++;
      const units = v === best ? share : 0;
      this.addSeat(this.seats[s]!, state, s, v, rank, units);
      this.addSeat(this.players[playerInSeat(s, rotation, P)]!, state, s, v, rank, units);
      deal[m.seats + 2 * s]! += v;
      deal[m.seats + 2 * s + 1]! += units;
      const W = this.sourceColumns.length;
      for (let j = 0; j < W; j++) deal[m.sources + this.sourceColumns[j]!]! += state.scores[s * W + j]!;
      for (let k = 0; k < this.seats[s]!.playerStats.length; k++)
        deal[m.playerStats + k]! += stats[this.playerStatBase + k * P + s]!;
    }
  }

  // hot path
  private addSeat(acc: SeatAcc, state: State, seat: number, score: number, rank: number, units: number): void {
    const P = this.game.players;
    acc.games++;
    acc.winUnits += units;
    acc.ranks[rank - 1]!++;
    acc.score.add(score);
    const W = this.sourceColumns.length;
    for (let j = 0; j < W; j++) acc.sources[this.sourceColumns[j]!]! += state.scores[seat * W + j]!;
    for (let k = 0; k < acc.playerStats.length; k++)
      acc.playerStats[k]!.add(state.stats[this.playerStatBase + k * P + seat]!);
  }

  toData(): ArmData {
    return {
      games: this.games,
      seats: this.seats.map((s) => s.toData()),
      players: this.players.map((s) => s.toData()),
      winnerScore: this.winnerScore.toData(),
      margin: this.margin.toData(),
      stats: this.stats.map((d) => d.toData()),
      deal: this.dealSums.map((d) => d.toData()),
      ...(this.quality ? { quality: this.quality.toData() } : {}),
    };
  }
}

/** Writes one game's row into the shard's columns; a column the arm lacks stays NaN. */
export class RowWriter {
  private readonly writes: ((state: State, row: number) => void)[] = [];

  constructor(columns: Columns, game: Game, armIndex: number, plan: Plan, quality: QualityRecorder | undefined) {
    const P = game.players;
    const col = (name: string) => columns[name] as ColumnArray | undefined;
    const perSeat = (prefix: string, value: (state: State, s: number) => number) => {
      for (let s = 0; s < P; s++) {
        const c = col(`${prefix}${s}`);
        if (c) this.writes.push((state, row) => (c[row] = value(state, s)));
      }
    };
    const arm = col('arm')!;
    const players = col('players')!;
    this.writes.push((_state, row) => {
      arm[row] = armIndex;
      players[row] = P;
    });
    if (plan.columns.includes('score')) perSeat('score', (state, s) => state.score(s));
    if (plan.columns.includes('rank')) perSeat('rank', (state, s) => state.rank(s));
    if (plan.columns.includes('breakdown')) {
      // Every registered source has its columns; one the game lacks is 0.
      const W = game.scoreSources.length;
      for (const source of registeredScoreSources()) {
        const j = game.scoreSources.indexOf(source);
        perSeat(source, j < 0 ? () => 0 : (state, s) => state.scores[s * W + j]!);
      }
    }
    if (plan.columns.includes('stats')) {
      game.statNames.forEach((stat, k) => {
        const c = col(`stat.${stat}`);
        if (c) this.writes.push((state, row) => (c[row] = state.stats[k]!));
      });
      game.playerStatNames.forEach((stat) => {
        perSeat(`stat.${stat}`, (state, s) => state.stats[game.playerStatIndex(stat, s)]!);
      });
    }
    if (plan.columns.includes('quality') && quality) {
      for (const name of QUALITY_COLUMNS) {
        const c = col(name)!;
        const value = QUALITY_COLUMN_VALUES[name];
        this.writes.push((_state, row) => (c[row] = value(quality.lastGame!)));
      }
    }
  }

  write(state: State, row: number): void {
    for (const w of this.writes) w(state, row);
  }
}
