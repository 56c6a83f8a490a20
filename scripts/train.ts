/**
 * `npm run train`: fits the weights of `strong`'s learned evaluation and writes them into
 * src/agents/strong-weights.ts (data, committed). Seeded and reproducible: the same options give the
 * same file.
 *
 * Each round plays `--games` self-play games of `strong` with the current weights (the first round
 * starts from the rule-aware evaluation, `INITIAL_WEIGHTS`) over a spread of setups (2–5 players, any
 * expansions, official and other rule rates: `src/sim/training.ts`), samples positions, labels each
 * player's row by the points it went on to score, and fits the weights by ridge least squares on four
 * games in five; the fifth is held out to measure the fit (root mean square error, R²). The next
 * round plays with the new weights.
 *
 *   npx tsx scripts/train.ts [--games N] [--rounds R] [--seed S] [--width W] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FEATURE_COUNT, FEATURE_NAMES, INITIAL_WEIGHTS, StrongAgent } from '../src/agents/index.ts';
import type { FeatureWeights } from '../src/agents/index.ts';
import type { Game } from '../src/engine/index.ts';
import { makeRng } from '../src/sim/rng.ts';
import { TrainingRows, buildSetupGame, playTrainingGame, trainingSetup } from '../src/sim/training.ts';
import { RidgeAccumulator } from '../src/stats/least-squares.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    seed: { type: 'string', default: 'train-1' },
    width: { type: 'string', default: '8' },
    sample: { type: 'string', default: '0.25' },
    explore: { type: 'string', default: '0.05' },
    lambda: { type: 'string', default: '0.001' },
    out: { type: 'string', default: 'src/agents/strong-weights.ts' },
  },
});

function wholeNumber(name: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) {
    console.error(`train: --${name} must be a whole number ≥ ${min}, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return Number(text);
}
function share(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || value < 0 || value > 1) {
    console.error(`train: --${name} must be a number from 0 to 1, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}

const games = wholeNumber('games', values.games!, 10);
const rounds = wholeNumber('rounds', values.rounds!, 1);
const width = wholeNumber('width', values.width!, 1);
const sample = share('sample', values.sample!);
const explore = share('explore', values.explore!);
const lambda = share('lambda', values.lambda!);
const seed = values.seed!;

const gameCache = new Map<string, Game>();
function setupGame(index: number, roundSeed: string): Game {
  const setup = trainingSetup(roundSeed, index);
  const key = JSON.stringify(setup);
  let game = gameCache.get(key);
  if (!game) gameCache.set(key, (game = buildSetupGame(setup, `training setup ${key}`)));
  return game;
}

interface Fit { weights: FeatureWeights; rmse: number; r2: number; trainRows: number; testRows: number }

function fitRound(round: number, weights: FeatureWeights): Fit {
  const roundSeed = `${seed}:round${round}`;
  const rows = new TrainingRows();
  const started = Date.now();
  for (let i = 0; i < games; i++) {
    const game = setupGame(i, roundSeed);
    const agents = Array.from({ length: game.players }, (_, seat) => new StrongAgent(makeRng(roundSeed, 'agent', i, seat), width, weights));
    playTrainingGame(game, roundSeed, i, agents, { sample, explore }, rows);
    if ((i + 1) % 100 === 0 || i + 1 === games) {
      const seconds = (Date.now() - started) / 1000;
      process.stderr.write(`\rtrain: round ${round}/${rounds}: ${i + 1}/${games} games, ${rows.count} rows, ${seconds.toFixed(0)} s   `);
    }
  }
  process.stderr.write('\n');
  // Four games in five fit, the fifth measures.
  const held = (r: number) => rows.games[r]! % 5 === 4;
  const fit = new RidgeAccumulator(FEATURE_COUNT);
  for (let r = 0; r < rows.count; r++) if (!held(r)) fit.add(rows.features, r * FEATURE_COUNT, rows.labels[r]!);
  const w = fit.solve(lambda);
  let squares = 0;
  let n = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let r = 0; r < rows.count; r++) {
    if (!held(r)) continue;
    let prediction = 0;
    for (let k = 0; k < FEATURE_COUNT; k++) prediction += w[k]! * rows.features[r * FEATURE_COUNT + k]!;
    const y = rows.labels[r]!;
    squares += (y - prediction) ** 2;
    sum += y;
    sumSquares += y * y;
    n++;
  }
  const variance = sumSquares / n - (sum / n) ** 2;
  const rmse = Math.sqrt(squares / n);
  return {
    weights: Object.fromEntries(FEATURE_NAMES.map((name, k) => [name, round6(w[k]!)])),
    rmse,
    r2: 1 - squares / n / variance,
    trainRows: fit.count,
    testRows: n,
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

let weights: FeatureWeights = INITIAL_WEIGHTS;
let last: Fit | undefined;
for (let round = 1; round <= rounds; round++) {
  last = fitRound(round, weights);
  weights = last.weights;
  console.log(`round ${round}: rows ${last.trainRows} fitted, ${last.testRows} held out; held-out RMSE ${last.rmse.toFixed(2)} points, R² ${last.r2.toFixed(3)}`);
}

const training = {
  command: `npm run train -- --games ${games} --rounds ${rounds} --seed ${seed} --width ${width} --sample ${sample} --explore ${explore} --lambda ${lambda}`,
  gamesPerRound: games,
  rounds,
  rowsFitted: last!.trainRows,
  rowsHeldOut: last!.testRows,
  heldOutRmse: round6(last!.rmse),
  heldOutR2: round6(last!.r2),
};
const lines = [
  '/**',
  ' * The learned evaluation\'s weights (`learned.ts`). Written by `npm run train` (scripts/train.ts);',
  ' * do not edit by hand. `training` says how: the command, the last round\'s rows and its held-out fit',
  ' * (each row one player at one sampled position; the label the points the player scored from there).',
  ' */',
  'export const STRONG_WEIGHTS = {',
  '  weights: {',
  ...FEATURE_NAMES.map((name) => `    ${name}: ${weights[name]},`),
  '  },',
  `  training: ${JSON.stringify(training, null, 2).replace(/\n/g, '\n  ')} as null | Record<string, unknown>,`,
  '};',
  '',
];
const out = resolve(values.out!);
writeFileSync(out, lines.join('\n'));
console.log(`train: wrote ${out}`);
