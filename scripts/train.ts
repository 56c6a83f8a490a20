/**
 * `npm run train`: fits the weights of `strong`'s learned evaluation and writes them into
 * src/agents/strong-weights.ts (data, committed). Seeded and reproducible: the same options give the
 * same file.
 *
 * Each round plays `--games` self-play games of `strong` (one ply) with the current weights — the
 * first round starts from the rule-aware evaluation (`INITIAL_WEIGHTS`) — over a spread of setups
 * (2–5 players, any expansions, official and other rule rates: `src/sim/training.ts`), with a share
 * of random placements and follow-ups, samples positions, labels each player's row by the points it
 * went on to score, and fits one weight vector per player count by ridge least squares on four games
 * in five; the fifth is held out to measure the fit (root mean square error, R²). The next round
 * plays with the new weights; each round's weights are written as soon as they are fitted.
 *
 *   npx tsx scripts/train.ts [--games N] [--rounds R] [--seed S] [--out FILE] …
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FEATURE_COUNT, FEATURE_NAMES, INITIAL_WEIGHT_SET, StrongAgent, WEIGHT_PLAYERS } from '../src/agents/index.ts';
import type { FeatureWeights, WeightSet } from '../src/agents/index.ts';
import type { Game } from '../src/engine/index.ts';
import { makeRng } from '../src/sim/rng.ts';
import { TrainingRows, buildSetupGame, playTrainingGame, trainingSetup } from '../src/sim/training.ts';
import { RidgeAccumulator } from '../src/stats/least-squares.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'train-1' },
    width: { type: 'string', default: '8' },
    sample: { type: 'string', default: '0.25' },
    explore: { type: 'string', default: '0.05' },
    'explore-follow-up': { type: 'string', default: '0.1' },
    lambda: { type: 'string', default: '0.001' },
    out: { type: 'string', default: 'src/agents/strong-weights.ts' },
  },
});

function fail(message: string): never {
  console.error(`train: ${message}`);
  process.exit(2);
}
function wholeNumber(name: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) fail(`--${name} must be a whole number ≥ ${min}, got ${JSON.stringify(text)}`);
  return Number(text);
}
function share(name: string, text: string): number {
  if (!/^(0|1|0?\.\d+)$/.test(text)) fail(`--${name} must be a number from 0 to 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

const games = wholeNumber('games', values.games!, 10);
const rounds = wholeNumber('rounds', values.rounds!, 1);
const width = wholeNumber('width', values.width!, 1);
const play = { sample: share('sample', values.sample!), explore: share('explore', values.explore!), exploreFollowUp: share('explore-follow-up', values['explore-follow-up']!) };
const lambda = share('lambda', values.lambda!);
const seed = values.seed!;
const command = `npm run train -- --games ${games} --rounds ${rounds} --seed ${seed} --width ${width} --sample ${play.sample} --explore ${play.explore} --explore-follow-up ${play.exploreFollowUp} --lambda ${lambda}`;

const gameCache = new Map<string, Game>();
function setupGame(index: number, roundSeed: string): Game {
  const setup = trainingSetup(roundSeed, index);
  const key = JSON.stringify(setup);
  let game = gameCache.get(key);
  if (!game) gameCache.set(key, (game = buildSetupGame(setup, `training setup ${key}`)));
  return game;
}

/** The weight group of a player count (6 players train and play with the weights of 5). */
const groupOf = (players: number) => String(Math.min(players, WEIGHT_PLAYERS[WEIGHT_PLAYERS.length - 1]));

interface Fit { weights: FeatureWeights; rmse: number; r2: number; rowsFitted: number; rowsHeldOut: number; games: number }

/** Fits one player count's rows: four games in five, measured on the fifth. */
function fit(rows: TrainingRows): Fit {
  const held = (r: number) => rows.games[r]! % 5 === 4;
  const acc = new RidgeAccumulator(FEATURE_COUNT);
  for (let r = 0; r < rows.count; r++) if (!held(r)) acc.add(rows.features, r * FEATURE_COUNT, rows.labels[r]!);
  const w = acc.solve(lambda);
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
  return {
    weights: Object.fromEntries(FEATURE_NAMES.map((name, k) => [name, round6(w[k]!)])),
    rmse: Math.sqrt(squares / n),
    r2: 1 - squares / n / (sumSquares / n - (sum / n) ** 2),
    rowsFitted: acc.count,
    rowsHeldOut: n,
    games: new Set(rows.games.subarray(0, rows.count)).size,
  };
}

function playRound(round: number, weightSet: WeightSet): Map<string, TrainingRows> {
  const roundSeed = `${seed}:round${round}`;
  const byGroup = new Map<string, TrainingRows>(WEIGHT_PLAYERS.map((p) => [String(p), new TrainingRows()]));
  const started = Date.now();
  for (let i = 0; i < games; i++) {
    const game = setupGame(i, roundSeed);
    const agents = Array.from({ length: game.players }, (_, seat) => new StrongAgent(makeRng(roundSeed, 'agent', i, seat), width, weightSet));
    playTrainingGame(game, roundSeed, i, agents, play, byGroup.get(groupOf(game.players))!);
    if ((i + 1) % 50 === 0 || i + 1 === games) process.stderr.write(`\rtrain: round ${round}/${rounds}: ${i + 1}/${games} games, ${((Date.now() - started) / 1000).toFixed(0)} s   `);
  }
  process.stderr.write('\n');
  return byGroup;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Writes the weight set with how it was fitted into the weights module. */
function writeWeights(fits: Map<string, Fit>, round: number): string {
  const training = {
    command,
    rounds: round,
    gamesPerRound: games,
    lastRound: Object.fromEntries([...fits].map(([group, f]) => [`${group}p`, { games: f.games, rowsFitted: f.rowsFitted, rowsHeldOut: f.rowsHeldOut, heldOutRmse: round6(f.rmse), heldOutR2: round6(f.r2) }])),
  };
  const lines = [
    '/**',
    ' * The learned evaluation\'s weights per player count (`learned.ts`). Written by `npm run train`',
    ' * (scripts/train.ts); do not edit by hand. `training` says how: the command, and per player count the',
    ' * last round\'s games, its rows (one player at one sampled position; the label the points the player',
    ' * scored from there) and the fit on the held-out games (points).',
    ' */',
    'export const STRONG_WEIGHTS = {',
    '  byPlayers: {',
    ...[...fits].flatMap(([group, f]) => [`    '${group}': {`, ...FEATURE_NAMES.map((name) => `      ${name}: ${f.weights[name]},`), '    },']),
    '  },',
    `  training: ${JSON.stringify(training, null, 2).replace(/\n/g, '\n  ')} as null | Record<string, unknown>,`,
    '};',
    '',
  ];
  const out = resolve(values.out!);
  writeFileSync(out, lines.join('\n'));
  return out;
}

let weightSet: WeightSet = INITIAL_WEIGHT_SET;
for (let round = 1; round <= rounds; round++) {
  const fits = new Map([...playRound(round, weightSet)].map(([group, rows]) => [group, fit(rows)]));
  weightSet = Object.fromEntries([...fits].map(([group, f]) => [group, f.weights]));
  const out = writeWeights(fits, round);
  for (const [group, f] of fits) console.log(`round ${round}, ${group} players: ${f.games} games, ${f.rowsFitted} rows fitted, ${f.rowsHeldOut} held out; held-out RMSE ${f.rmse.toFixed(2)} points, R² ${f.r2.toFixed(3)}`);
  console.log(`train: wrote ${out}`);
}
