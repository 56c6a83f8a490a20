/**
 * `runShard`: plays deals [start, end) under every arm and returns their exact aggregates and,
 * when asked, the per-game columns. Pure: the result depends only on the task (the plan's seed and
 * arms, and the deal range); the piscina worker, the in-process backend and a queue processor are
 * thin adapters around it.
 *
 * Per deal d and arm: the tile order comes from the arm's `Dealer` (per-tile keys from (seed, d, copy
 * key), so arms share the base tiles' relative order), lineup player i draws from (seed, d, i), and
 * each rotation of the arm's scheme is one game.
 */
import type { Game, State } from '../engine/index.ts';
import { registeredScoreSources } from '../expansions/index.ts';
import { Diff, Dist, WIN_UNITS, checkExact } from './aggregate.ts';
import type { Aggregate, ArmData, SeatData } from './aggregate.ts';
import { allocColumns, columnLayout } from './columns.ts';
import { EffectAcc, NOISE_STREAM } from './effect.ts';
import type { ColumnArray, Columns } from './columns.ts';
import { runLayout } from './metrics.ts';
import type { ArmMetrics } from './metrics.ts';
import { playGame } from './play.ts';
import { QUALITY_COLUMNS, QUALITY_COLUMN_VALUES, QualityRecorder } from './quality.ts';
import { AGGREGATE_FORMAT, armSetups, gamesPerDeal, playerInSeat, rotationsOf, seatAgents } from './plan.ts';
import type { HistogramSpec, Plan } from './plan.ts';

export interface ShardTask {
  plan: Plan;
  start: number;
  end: number;
  keepGames: boolean;
  /**
   * A live count of games played (one Int32 over a SharedArrayBuffer, shared with pool threads): each
   * game adds 1, so a progress bar moves per game, not per shard. Not part of the result.
   */
  gamesPlayed?: Int32Array;
}

export interface ShardResult {
  aggregate: Aggregate;
  columns?: Columns;
  /** The queue worker that played it (set by the Redis backend; absent when played here). */
  playedBy?: string;
}

class SeatAcc {
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
class ArmAcc {
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
class RowWriter {
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

/** What `runShard` keeps from deal to deal. */
interface DealRun {
  readonly plan: Plan;
  readonly setups: ReturnType<typeof armSetups>;
  readonly arms: ArmAcc[];
  readonly layout: ReturnType<typeof runLayout>;
  readonly pairs: { metrics: Diff[]; sameMoves: number; winnerChanged: Diff }[];
  readonly trace: { hash: number; actions?: number[] };
  /** The plan's effects (`src/sim/effect.ts`), none when it asks for none. */
  readonly effects: EffectAcc[];
  readonly columns: Columns | undefined;
  readonly writers: RowWriter[];
  readonly last: (State | undefined)[];
  readonly counter: Int32Array | undefined;
  row: number;
  games: number;
}

/**
 * Plays deal `d` under every arm and adds its paired differences. A function of its own, not the body
 * of `runShard`'s loop: V8 then optimizes it as a whole, instead of compiling and recompiling
 * `runShard` with the whole game inlined while its loop runs (about 0.4 s of compiler time per thread).
 */
function playDeal(run: DealRun, d: number): void {
  const { plan, setups, arms, layout, pairs, trace, effects, columns, writers, last, counter } = run;
  for (let a = 0; a < setups.length; a++) {
    const setup = setups[a]!;
    const acc = arms[a]!;
    acc.startDeal();
    const order = setup.dealer.deal(plan.seed, d);
    for (const r of rotationsOf(plan.rotation, setup.game.players, d)) {
      acc.quality?.startGame();
      const state = playGame(setup.game, order, seatAgents(setup, plan.seed, d, r), last[a], trace, acc.quality);
      acc.quality?.endGame(state);
      last[a] = state;
      acc.addGame(state, r, trace.hash);
      effects.forEach((e, k) => {
        if (plan.effects![k]!.a === a)
          e.addGameA(state, order, trace.actions!, seatAgents(setup, plan.seed, d, r, NOISE_STREAM));
      });
      run.games++;
      if (counter) Atomics.add(counter, 0, 1);
      if (columns) {
        const row = run.row++;
        writers[a]!.write(state, row);
        (columns.deal as Int32Array)[row] = d;
        (columns.rotation as Uint8Array)[row] = r;
        (columns.moves as Int32Array)[row] = trace.hash;
      }
    }
    acc.endDeal();
  }
  layout.pairs.forEach((pair, i) => {
    const A = arms[pair.a]!;
    const B = arms[pair.b]!;
    const acc = pairs[i]!;
    pair.metrics.forEach((m, j) => {
      acc.metrics[j]!.add(B.deal[m.indexB]! * m.mulB - A.deal[m.indexA]! * m.mulA);
    });
    // Same moves in every game of the deal; winners compared game by game (same rotation order).
    const n = A.gamesInDeal;
    let same = n === B.gamesInDeal;
    for (let k = 0; same && k < n; k++) same = A.moves[k] === B.moves[k];
    if (same) acc.sameMoves++;
    if (setups[pair.a]!.game.players === setups[pair.b]!.game.players) {
      let changed = 0;
      for (let k = 0; k < n; k++) if (A.winners[k] !== B.winners[k]) changed++;
      acc.winnerChanged.add(changed);
    }
  });
  effects.forEach((e, k) => {
    const { a, b } = plan.effects![k]!;
    e.endDeal(arms[a]!.winners, arms[b]!.winners, arms[a]!.gamesInDeal);
    if (arms[a]!.quality && arms[b]!.quality)
      e.addQualityDeal(arms[a]!.quality.dealSums(), arms[b]!.quality.dealSums());
  });
}

export function runShard(task: ShardTask): ShardResult {
  const { plan, start, end } = task;
  // 1. The arms' games, dealers and agents (built once per process), and the metric layout.
  const setups = armSetups(plan);
  const layout = runLayout(
    plan,
    setups.map((s) => s.game),
  );
  const arms = setups.map(
    (s, a) =>
      new ArmAcc(
        s.game,
        layout.arms[a]!,
        plan.histogram,
        gamesPerDeal(plan.rotation, s.game.players),
        plan.quality === true,
      ),
  );
  const pairs = layout.pairs.map((p) => ({
    metrics: p.metrics.map(() => new Diff()),
    sameMoves: 0,
    winnerChanged: new Diff(),
  }));
  const effects = (plan.effects ?? []).map(
    (e) => new EffectAcc(e, setups[e.a]!.game, setups[e.b]!.game, plan.quality === true),
  );
  const trace = effects.length ? { hash: 0, actions: [] as number[] } : { hash: 0 };

  // 2. Columns, when kept: one row per game, NaN where an arm has no such seat or statistic.
  let columns: Columns | undefined;
  let writers: RowWriter[] = [];
  if (task.keepGames) {
    const rows = (end - start) * setups.reduce((n, s) => n + gamesPerDeal(plan.rotation, s.game.players), 0);
    const specs = columnLayout(
      plan,
      setups.map((s) => s.game),
    );
    columns = allocColumns(specs, rows);
    for (const spec of specs) if (spec.type === 'f64') (columns[spec.name] as Float64Array).fill(NaN);
    writers = setups.map((s, a) => new RowWriter(columns!, s.game, a, plan, arms[a]!.quality));
  }

  // 3. Deals: every arm, every rotation of the scheme; then the deal's paired differences.
  // Each arm plays in the memory of its previous game (`State.restart`): no allocation per game.
  const run: DealRun = {
    plan,
    setups,
    arms,
    layout,
    pairs,
    trace,
    effects,
    columns,
    writers,
    last: setups.map(() => undefined),
    counter: task.gamesPlayed,
    row: 0,
    games: 0,
  };
  for (let d = start; d < end; d++) playDeal(run, d);
  const games = run.games;

  const aggregate: Aggregate = {
    format: AGGREGATE_FORMAT,
    ranges: end > start ? [[start, end]] : [],
    games,
    arms: arms.map((a) => a.toData()),
    pairs: layout.pairs.map((p, i) => ({
      a: p.a,
      b: p.b,
      metrics: pairs[i]!.metrics.map((d) => d.toData()),
      sameMoves: pairs[i]!.sameMoves,
      winnerChanged: pairs[i]!.winnerChanged.toData(),
    })),
    ...(effects.length ? { effects: effects.map((e) => e.toData()) } : {}),
  };
  checkExact(aggregate);
  return columns ? { aggregate, columns } : { aggregate };
}

/** An aggregate of no deals, the identity of `mergeAggregates`. */
export function emptyAggregate(plan: Plan): Aggregate {
  return runShard({ plan, start: 0, end: 0, keepGames: false }).aggregate;
}
