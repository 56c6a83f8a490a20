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
import type { State } from '../engine/index.ts';
import { Diff, checkExact } from './aggregate.ts';
import type { Aggregate } from './aggregate.ts';
import { allocColumns, columnLayout } from './columns.ts';
import { EffectAcc, NOISE_STREAM } from './effect.ts';
import type { Columns } from './columns.ts';
import { runLayout } from './metrics.ts';
import { playGame } from './play.ts';
import { AGGREGATE_FORMAT, armSetups, gamesPerDeal, rotationsOf, seatAgents } from './plan.ts';
import type { Plan } from './plan.ts';
import { ArmAcc, RowWriter } from './shard-acc.ts';

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
