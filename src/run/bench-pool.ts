/**
 * Pool scaling benchmark (`carclab bench --only pool-2w-scaling`): throughput of the piscina pool
 * with 2 workers divided by 1 worker on the same random 2-player base games, in shards of 5,000
 * games. Each pool is started and warmed up before it is timed; the runs alternate which pool goes
 * first, and the figure is the median ratio (the machine is shared and noisy).
 */
import { resolveExperiment } from '../sim/experiment.ts';
import { poolBackend } from './pool.ts';
import type { Backend } from './pool.ts';

export interface PoolScalingFigure {
  /** Median games/s on 2 workers. */
  gamesPerSecond: number;
  runs: number;
  /** Median of the per-run ratios, 2 workers ÷ 1 worker. */
  ratio: number;
  oneWorkerGamesPerSecond: number;
  twoWorkersGamesPerSecond: number;
  ratios: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;

/**
 * `n` rounds of one measurement of each of `first` and `second`, alternating which goes first (this
 * host's speed swings from one minute to the next); their figures and the per-round ratios,
 * first ÷ second, to 3 decimals. Shared by the benchmarks that compare two ways of playing.
 */
export async function alternatingRounds(
  n: number,
  first: () => number | Promise<number>,
  second: () => number | Promise<number>,
): Promise<{ first: number[]; second: number[]; ratios: number[] }> {
  const figures = { first: [] as number[], second: [] as number[] };
  for (let r = 0; r < n; r++) {
    if (r % 2 === 0) {
      figures.first.push(await first());
      figures.second.push(await second());
    } else {
      figures.second.push(await second());
      figures.first.push(await first());
    }
  }
  const ratios = figures.first.map((x, i) => Math.round((x / figures.second[i]!) * 1000) / 1000);
  return { ...figures, ratios };
}

async function timedRun(
  backend: Backend,
  plan: ReturnType<typeof resolveExperiment>,
  games: number,
  shard: number,
): Promise<number> {
  const tasks: Promise<unknown>[] = [];
  const start = performance.now();
  for (let d = 0; d < games; d += shard)
    tasks.push(backend.run({ plan, start: d, end: Math.min(games, d + shard), keepGames: false }));
  await Promise.all(tasks);
  return games / ((performance.now() - start) / 1000);
}

export async function benchPoolScaling(runs: number, scale = 1, games = 200_000): Promise<PoolScalingFigure> {
  const total = Math.max(2, Math.round(games * scale));
  const plan = resolveExperiment(
    { seed: 'bench-pool', deals: total, rotation: 'none', arms: [{ name: 'base-2p', players: 2 }] },
    {
      where: 'pool-2w-scaling',
      defaultName: 'pool-2w-scaling',
      readTileFile: () => {
        throw new Error('no tile files');
      },
    },
  );
  const shard = Math.min(5000, Math.ceil(total / 4));
  const pools = [poolBackend(1), poolBackend(2)] as const;
  try {
    // Warm-up: threads started, modules loaded, the JIT settled.
    for (const pool of pools) await timedRun(pool, plan, Math.min(total, 8000), Math.ceil(Math.min(total, 8000) / 4));
    const n = Math.max(1, Math.min(runs, 3));
    const {
      first: two,
      second: one,
      ratios,
    } = await alternatingRounds(
      n,
      () => timedRun(pools[1], plan, total, shard),
      () => timedRun(pools[0], plan, total, shard),
    );
    return {
      gamesPerSecond: Math.round(median(two)),
      runs: n,
      ratio: median(ratios),
      oneWorkerGamesPerSecond: Math.round(median(one)),
      twoWorkersGamesPerSecond: Math.round(median(two)),
      ratios,
    };
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}
