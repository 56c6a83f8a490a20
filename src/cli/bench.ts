/**
 * `carclab bench [--json]` (also `npm run bench`): throughput of complete self-play games, single
 * thread, after a warm-up; each figure is the median of several timed runs. Keys are stable so
 * results can be compared over time.
 */
import { performance } from 'node:perf_hooks';
import { createAgent, parseAgentSpec } from '../agents/index.ts';
import type { Agent } from '../agents/index.ts';
import { InputError } from '../engine/index.ts';
import type { GameOptions, State } from '../engine/index.ts';
import { expansionRegistry, newGame } from '../expansions/index.ts';
import { Dealer } from '../sim/deal.ts';
import { benchPoolScaling } from '../run/bench-pool.ts';
import { benchMctsIterations, benchMove } from './bench-mcts.ts';
import { benchProcessRatio, benchRunVsMain } from './bench-run.ts';
import { playGame } from '../sim/play.ts';
import { QualityRecorder } from '../sim/quality.ts';
import { makeRng } from '../sim/rng.ts';
import { intFlag, numberFlag } from './args.ts';
import type { Command } from './args.ts';

interface BenchCase {
  key: string;
  description: string;
  options: GameOptions;
  /** Agent spec for every seat. */
  agent: string;
  games: number;
  /** A benchmark with its own runner (e.g. the worker pool) instead of `benchCase`. */
  run?: (runs: number, scale: number, cpu: boolean) => Promise<Figure>;
  /** Whether `--cpu` applies to a case with its own runner (it always does to plain self-play cases). */
  cpuClock?: boolean;
  /** The figure's key and unit when it is not games per second. */
  metric?: { key: string; unit: string };
  /** Record the game-quality measures' trajectories, as a run with `quality: true` does. */
  quality?: boolean;
}

/** What a benchmark prints: its figure (games per second unless the case says) and the number of runs. */
interface Figure {
  runs: number;
  ratio?: number;
}

const ALL_EXPANSIONS = ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!);
/** The three with Inns & Cathedrals (`all-4p-random` keeps the three, so that its figures stay comparable with earlier ones). */
const FOUR_EXPANSIONS = [...ALL_EXPANSIONS, expansionRegistry.get('innsCathedrals')!];

/** Self-play cases: complete games timed in this process (`benchCase`). */
const SELF_PLAY_CASES: BenchCase[] = [
  {
    key: 'base-2p-random',
    description: '2-player base games with farmers, random agents',
    options: { players: 2 },
    agent: 'random',
    games: 2000,
  },
  {
    key: 'all-4p-random',
    description: '4-player games with all three expansions, random agents',
    options: { players: 4, expansions: ALL_EXPANSIONS },
    agent: 'random',
    games: 1000,
  },
  {
    key: 'base-2p-greedy',
    description: '2-player base games with farmers, greedy agents',
    options: { players: 2 },
    agent: 'greedy',
    games: 100,
  },
  {
    key: 'base-4p-random',
    description: '4-player base games with farmers, random agents',
    options: { players: 4 },
    agent: 'random',
    games: 1000,
  },
  {
    key: 'base-4p-greedy',
    description: '4-player base games with farmers, greedy agents',
    options: { players: 4 },
    agent: 'greedy',
    games: 50,
  },
  {
    key: 'base-2p-random-quality',
    description: 'base-2p-random recording the game-quality measures (an evaluation per turn)',
    options: { players: 2 },
    agent: 'random',
    games: 2000,
    quality: true,
  },
  {
    key: 'base-2p-greedy-quality',
    description: 'base-2p-greedy recording the game-quality measures',
    options: { players: 2 },
    agent: 'greedy',
    games: 100,
    quality: true,
  },
  {
    key: 'base-2p-strong',
    description: '2-player base games with farmers, strong agents',
    options: { players: 2 },
    agent: 'strong',
    games: 20,
  },
  {
    key: 'all-4p-greedy',
    description: '4-player games with all three expansions, greedy agents',
    options: { players: 4, expansions: ALL_EXPANSIONS },
    agent: 'greedy',
    games: 25,
  },
  {
    key: 'greedy-3p-expansions',
    description: '3-player games with all three expansions, greedy agents',
    options: { players: 3, expansions: ALL_EXPANSIONS },
    agent: 'greedy',
    games: 25,
  },
  // The strong cases play enough deals for a per-game mean: a game's cost depends much on its deal,
  // and with 6 deals the 3-player key measured those deals (172 greedy games per game on an idle
  // machine, against 117 over 24).
  {
    key: 'all-3p-strong',
    description: '3-player games with all three expansions, strong agents',
    options: { players: 3, expansions: ALL_EXPANSIONS },
    agent: 'strong',
    games: 24,
  },
  {
    key: 'all-4p-strong',
    description: '4-player games with all three expansions, strong agents',
    options: { players: 4, expansions: ALL_EXPANSIONS },
    agent: 'strong',
    games: 8,
  },
  {
    key: 'base-5p-greedy',
    description: '5-player base games with farmers, greedy agents',
    options: { players: 5 },
    agent: 'greedy',
    games: 50,
  },
  {
    key: 'base-5p-strong',
    description: '5-player base games with farmers, strong agents',
    options: { players: 5 },
    agent: 'strong',
    games: 16,
  },
  {
    key: 'four-4p-random',
    description: '4-player games with all four expansions (Inns & Cathedrals too), random agents',
    options: { players: 4, expansions: FOUR_EXPANSIONS },
    agent: 'random',
    games: 1000,
  },
  {
    key: 'four-4p-greedy',
    description: '4-player games with all four expansions (Inns & Cathedrals too), greedy agents',
    options: { players: 4, expansions: FOUR_EXPANSIONS },
    agent: 'greedy',
    games: 25,
  },
];

/** A ratio key: the games/s of two self-play cases, each timed by processes of its own in turn. */
interface RatioCase {
  key: string;
  numerator: string;
  denominator: string;
  /** The setting, when the two keys' names do not say it. */
  setting?: string;
  /** What the ratio is for (its target). */
  note: string;
}

/** The bench cases of ratio keys; each carries its numerator's game settings. */
function ratioCases(ratios: RatioCase[]): BenchCase[] {
  return ratios.map(({ key, numerator, denominator, setting, note }) => {
    const { options, agent, games } = SELF_PLAY_CASES.find((c) => c.key === numerator)!;
    return {
      key,
      description: `games/s of ${numerator} ÷ ${denominator}${setting ? ` (${setting})` : ''}, each timed by its own \`carclab bench --runs 5\` process, in alternating order (median of at most 7 pairs; ${note})`,
      options,
      agent,
      games,
      cpuClock: true,
      run: (runs, scale, cpu) => benchProcessRatio(numerator, denominator, runs, scale, cpu),
    };
  });
}

export const BENCH_CASES: BenchCase[] = [
  ...SELF_PLAY_CASES,
  ...ratioCases([
    { key: 'random-per-greedy', numerator: 'base-2p-random', denominator: 'base-2p-greedy', note: 'target ≤ 25' },
    {
      key: 'base-4p-random-per-greedy',
      numerator: 'base-4p-random',
      denominator: 'base-4p-greedy',
      note: "the base game's yardstick for the 4-player keys below",
    },
    { key: 'all-4p-random-per-greedy', numerator: 'all-4p-random', denominator: 'all-4p-greedy', note: 'target ≤ 30' },
    {
      key: 'four-4p-random-per-greedy',
      numerator: 'four-4p-random',
      denominator: 'four-4p-greedy',
      note: 'target ≤ 40',
    },
    { key: 'strong-per-greedy', numerator: 'base-2p-greedy', denominator: 'base-2p-strong', note: 'target ≤ 100' },
    {
      key: 'strong-per-greedy-3p',
      numerator: 'greedy-3p-expansions',
      denominator: 'all-3p-strong',
      setting: '3 players, the three expansions',
      note: 'target ≤ 100',
    },
    {
      key: 'strong-per-greedy-4p',
      numerator: 'all-4p-greedy',
      denominator: 'all-4p-strong',
      setting: '4 players, the three expansions',
      note: 'target ≤ 100',
    },
    {
      key: 'strong-per-greedy-5p',
      numerator: 'base-5p-greedy',
      denominator: 'base-5p-strong',
      setting: '5 players, the base game',
      note: 'target ≤ 100',
    },
  ]),
  {
    key: 'pool-2w-scaling',
    description:
      'games/s on 2 pool workers ÷ 1 worker, 200,000 random 2-player base games per run (median of at most 3 runs)',
    options: { players: 2 },
    agent: 'random',
    games: 200_000,
    run: (runs, scale) => benchPoolScaling(runs, scale),
  },
  {
    key: 'mcts-2p-iterations',
    description: 'default mcts deciding mid-game placements of 2-player base games (30 tiles down), one thread',
    options: { players: 2 },
    agent: 'mcts',
    games: 8,
    run: benchMctsIterations,
    metric: { key: 'iterationsPerSecond', unit: 'iterations/s' },
  },
  {
    key: 'mcts-2p-move-ms',
    description: 'wall time of one default mcts decision in those positions, one thread',
    options: { players: 2 },
    agent: 'mcts',
    games: 8,
    run: (runs, scale) => benchMove('mcts', runs, scale),
    metric: { key: 'msPerMove', unit: 'ms/move' },
  },
  {
    key: 'strong-2p-move-ms',
    description: 'wall time of one strong decision in those positions (64 a run), one thread',
    options: { players: 2 },
    agent: 'strong',
    games: 64,
    run: (runs, scale) => benchMove('strong', runs, scale, 64),
    metric: { key: 'msPerMove', unit: 'ms/move' },
  },
  {
    key: 'run-2w-vs-main',
    description:
      'games/s of `carclab run default --deals 100000` on 2 pool workers ÷ the same run --in-process, whole processes (median of at most 3 pairs)',
    options: { players: 2 },
    agent: 'random',
    games: 200_000,
    run: (runs, scale) => benchRunVsMain(runs, scale),
  },
];

export interface BenchFigure {
  gamesPerSecond: number;
  runs: number;
}

/** Seconds of the process's CPU time (user + system), steadier than the wall clock on a shared machine. */
const cpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const wallSeconds = () => performance.now() / 1000;

/** The least time (CPU with `--cpu`) the warm-up plays at `--scale 1`, in whole runs. */
const WARM_UP_SECONDS = 2;

/** The largest --scale: the default games per run times 100. */
const MAX_SCALE = 100;

/**
 * Games/s of one case: `runs` timed runs of `games` games each after warm-up runs of at least
 * `WARM_UP_SECONDS × scale` seconds; the median. With `cpu`, per second of the process's CPU time
 * instead of the wall clock.
 */
export function benchCase(c: BenchCase, runs: number, scale = 1, cpu = false): BenchFigure {
  const clock = cpu ? cpuSeconds : wallSeconds;
  const game = newGame(c.options);
  const dealer = new Dealer(game);
  const spec = parseAgentSpec(c.agent, `bench ${c.key}`);
  const games = Math.max(1, Math.round(c.games * scale));
  let deal = 0;
  let last: State | undefined;
  const recorder = c.quality ? new QualityRecorder(game) : undefined;
  const timed = () => {
    const start = clock();
    for (let g = 0; g < games; g++, deal++) {
      const agents: Agent[] = [];
      for (let seat = 0; seat < game.players; seat++) agents.push(createAgent(spec, makeRng('bench', deal, seat)));
      recorder?.startGame();
      last = playGame(game, dealer.deal('bench', deal), agents, last, undefined, recorder);
      recorder?.endGame(last);
    }
    return games / (clock() - start);
  };
  // Warm-up: runs until the JIT has settled. One run was not enough for the slow cases: a greedy game
  // with the expansions was still compiling after 25 games (docs/performance.md, sixth round).
  const warmUntil = clock() + WARM_UP_SECONDS * scale;
  do timed();
  while (clock() < warmUntil);
  const rates = Array.from({ length: runs }, timed).sort((a, b) => a - b);
  const rate = rates[(rates.length - 1) >> 1]!;
  // Whole games per second, but three significant digits for slow cases (a strong self-play game with three players takes a good part of a second).
  return { gamesPerSecond: rate >= 100 ? Math.round(rate) : Number(rate.toPrecision(3)), runs };
}

export const benchCommand: Command = {
  name: 'bench',
  usage: 'carclab bench [--json] [--runs N] [--only KEY] [--scale X] [--cpu]',
  summary:
    'Measures games per second of complete self-play games on one thread (median of several runs after a warm-up).',
  flags: {
    json: { type: 'boolean', help: 'print one JSON object keyed by benchmark' },
    runs: { type: 'string', help: 'timed runs per benchmark', default: '7' },
    only: { type: 'string', help: 'run only the benchmark with this key' },
    scale: { type: 'string', help: 'multiply the games per run (e.g. 0.1 for a quick look)', default: '1' },
    cpu: {
      type: 'boolean',
      help: 'games per second of CPU time, not of the wall clock (steadier when other processes share the cores; self-play cases only)',
    },
  },
  async run(_positionals, flags) {
    const runs = intFlag(flags.runs, 'runs', 7, 1, 1000);
    // Bounded: 100 × the default games already takes hours; a larger factor would run until killed.
    const scale = numberFlag(
      flags.scale,
      'scale',
      (x) => x > 0 && x <= MAX_SCALE,
      `a number above 0 and at most ${MAX_SCALE}`,
    )!;
    const cases = BENCH_CASES.filter((c) => flags.only === undefined || c.key === flags.only);
    if (cases.length === 0)
      throw new InputError(
        'usage',
        `--only: unknown benchmark ${JSON.stringify(flags.only)}; known: ${BENCH_CASES.map((c) => c.key).join(', ')}`,
      );
    const results: Record<string, Figure> = {};
    for (const c of cases) {
      const cpu = flags.cpu === true;
      const figure: Figure = c.run ? await c.run(runs, scale, cpu) : benchCase(c, runs, scale, cpu);
      results[c.key] = figure;
      const metric = c.metric ?? { key: 'gamesPerSecond', unit: 'games/s' };
      if (!flags.json)
        process.stderr.write(
          `${c.key.padEnd(20)} ${String((figure as unknown as Record<string, number>)[metric.key]).padStart(8)} ${metric.unit}  ${figure.ratio === undefined ? '' : `ratio ${figure.ratio}  `}(median of ${figure.runs}${flags.cpu && (!c.run || c.cpuClock) ? ', per CPU second' : ''}; ${c.description})\n`,
        );
    }
    if (flags.json) process.stdout.write(`${JSON.stringify(results)}\n`);
    return 0;
  },
};
