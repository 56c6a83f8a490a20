/**
 * `npm run train`: fits `strong`'s value networks, one per player count, and writes them into
 * src/agents/value-weights.json (data, committed; docs/strong.md "Training"). Seeded and
 * reproducible: the same options give the same file.
 *
 * Per player count, `--rounds` rounds of `--games` games each over a spread of setups (any
 * expansions, official and other rule rates: `src/sim/training.ts`), with a few random moves:
 * the first round played by `greedy`, each later round by `strong` with the last round's network,
 * one ply (the lone `strong` among `greedy` players in two games of three, every seat `strong` in
 * the third). At the start of every turn each player's features are recorded with the points it
 * went on to score; a network (`src/stats/mlp.ts`) is fitted to those on nine games in ten, and
 * the tenth is held out to measure the fit. The last round's network is written.
 *
 *   npx tsx scripts/train.ts [--players 2,3,4,5] [--games N] [--rounds R] [--seed S] [--hidden 32,16] [--epochs E] [--out FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createAgent,
  parseAgentSpec,
  StrongAgent,
  VALUE_FEATURES,
  VALUE_INPUTS,
  VALUE_PLAYERS,
} from '../src/agents/index.ts';
import type { Agent, NetRecord } from '../src/agents/index.ts';
import type { Game } from '../src/engine/index.ts';
import { makeRng } from '../src/sim/rng.ts';
import { buildSetupGame, PositionRows, recordGame, trainingSetup } from '../src/sim/training.ts';
import { fitMlp, Mlp, mse } from '../src/stats/mlp.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: VALUE_PLAYERS.join(',') },
    games: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'value-1' },
    hidden: { type: 'string', default: '32,16' },
    epochs: { type: 'string', default: '4' },
    explore: { type: 'string', default: '0.03' },
    'explore-follow-up': { type: 'string', default: '0.1' },
    out: { type: 'string', default: 'src/agents/value-weights.json' },
  },
});

function fail(message: string): never {
  console.error(`train: ${message}`);
  process.exit(2);
}
function wholeNumber(name: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min)
    fail(`--${name} must be a whole number ≥ ${min}, got ${JSON.stringify(text)}`);
  return Number(text);
}
function share(name: string, text: string): number {
  if (!/^(0|1|0?\.\d+)$/.test(text)) fail(`--${name} must be a number from 0 to 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

const games = wholeNumber('games', values.games!, 10);
const rounds = wholeNumber('rounds', values.rounds!, 1);
const epochs = wholeNumber('epochs', values.epochs!, 1);
const seed = values.seed!;
const play = {
  explore: share('explore', values.explore!),
  exploreFollowUp: share('explore-follow-up', values['explore-follow-up']!),
};
const hidden = values.hidden!.split(',').map((text) => wholeNumber('hidden', text.trim(), 1));
const playerCounts = values.players!.split(',').map((part) => {
  const text = part.trim();
  if (!(VALUE_PLAYERS as readonly number[]).includes(Number(text)) || !/^\d$/.test(text))
    fail(`--players must list player counts from ${VALUE_PLAYERS.join(', ')}, got ${JSON.stringify(values.players)}`);
  return Number(text);
});
const command = `npm run train -- --players ${playerCounts.join(',')} --games ${games} --rounds ${rounds} --seed ${seed} --hidden ${hidden.join(',')} --epochs ${epochs} --explore ${play.explore} --explore-follow-up ${play.exploreFollowUp}`;

/** How a player count's network was fitted, as the weights file records it. */
interface TrainingRecord {
  command: string;
  /** Who played the last round's games. */
  players: string;
  rounds: number;
  games: number;
  positionsFitted: number;
  positionsHeldOut: number;
  /** Mean squared error of the points still to score on the held-out games, and their variance. */
  heldOutMse: number;
  heldOutVariance: number;
  heldOutR2: number;
  seconds: number;
}

const round4 = (x: number) => Number(x.toPrecision(4));
const round6 = (x: number) => Number(x.toPrecision(6));

/** The seat agents of game `index` of a round: `greedy`, or `strong` one ply with `net` (lone in two games of three). */
function seatAgents(game: Game, roundSeed: string, index: number, net: NetRecord | undefined): Agent[] {
  const greedy = parseAgentSpec('greedy', 'train');
  const strongSeats = index % 3 === 2 ? game.players : 1;
  return Array.from({ length: game.players }, (_, seat) => {
    const rng = makeRng(roundSeed, 'agent', index, seat);
    const strong = net !== undefined && (seat - index + 3 * game.players) % game.players < strongSeats;
    return strong
      ? new StrongAgent(rng, { width: 8, lookahead: 0, nets: { [String(Math.min(game.players, 5))]: net } })
      : createAgent(greedy, rng);
  });
}

/** Plays one round of `players`-player games and fits a network to them. */
function trainRound(players: number, round: number, previous: NetRecord | undefined) {
  const roundSeed = `${seed}:${players}p:round${round}`;
  const rows = new PositionRows();
  const gameCache = new Map<string, Game>();
  const started = Date.now();
  for (let i = 0; i < games; i++) {
    const setup = trainingSetup(roundSeed, i, [players]);
    const key = JSON.stringify(setup);
    let game = gameCache.get(key);
    if (!game) {
      game = buildSetupGame(setup, `training setup ${key}`);
      gameCache.set(key, game);
    }
    recordGame(game, roundSeed, i, seatAgents(game, roundSeed, i, previous), play, rows);
    if (i % 50 === 49 || i === games - 1)
      process.stderr.write(
        `\rtrain: ${players} players, round ${round}/${rounds}: ${i + 1}/${games} games, ${rows.rows} positions, ${((Date.now() - started) / 1000).toFixed(0)} s   `,
      );
  }
  process.stderr.write('\n');
  return fitRows(rows, makeRng(roundSeed, 'fit'), started);
}

/** Fits a network to nine games in ten of `rows` (reordered so that they come first); measures it on the tenth. */
function fitRows(rows: PositionRows, rng: () => number, started: number) {
  const n = rows.rows;
  const held = (r: number) => rows.games[r]! % 10 === 9;
  const order = [
    ...Array.from({ length: n }, (_, r) => r).filter((r) => !held(r)),
    ...Array.from({ length: n }, (_, r) => r).filter(held),
  ];
  const fitted = n - order.filter(held).length;
  const x = new Float32Array(n * VALUE_INPUTS);
  const y = new Float32Array(n);
  order.forEach((from, to) => {
    x.set(rows.inputs.subarray(from * VALUE_INPUTS, (from + 1) * VALUE_INPUTS), to * VALUE_INPUTS);
    y[to] = rows.targets[from]!;
  });
  const data = { x, y, rows: n };
  const net = new Mlp([VALUE_INPUTS, ...hidden, 1]);
  fitMlp(net, data, fitted, { epochs, batch: 256, rate: 0.002, decay: 1e-5 }, rng);
  let mean = 0;
  for (let r = fitted; r < n; r++) mean += y[r]!;
  mean /= Math.max(1, n - fitted);
  let variance = 0;
  for (let r = fitted; r < n; r++) variance += (y[r]! - mean) ** 2;
  variance /= Math.max(1, n - fitted);
  const error = mse(net, data, fitted, n);
  return {
    net: {
      sizes: net.sizes,
      layers: net.layers.map((layer) => Array.from(layer, round6)),
      inputMean: Array.from(net.inputMean, round6),
      inputScale: Array.from(net.inputScale, round6),
      outputMean: round6(net.outputMean),
      outputScale: round6(net.outputScale),
    } satisfies NetRecord,
    fitted,
    heldOut: n - fitted,
    heldOutMse: round4(error),
    heldOutVariance: round4(variance),
    heldOutR2: round4(1 - error / variance),
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

interface WeightsFile {
  features: string[];
  byPlayers: Record<string, NetRecord & { training: TrainingRecord }>;
}

const out = resolve(values.out!);
let file: WeightsFile;
try {
  file = JSON.parse(readFileSync(out, 'utf8')) as WeightsFile;
  if (file.features.join() !== VALUE_FEATURES.join()) file = { features: [...VALUE_FEATURES], byPlayers: {} };
} catch {
  file = { features: [...VALUE_FEATURES], byPlayers: {} };
}
for (const players of playerCounts) {
  let net: NetRecord | undefined;
  for (let round = 0; round < rounds; round++) {
    const fit = trainRound(players, round, net);
    net = fit.net;
    const training: TrainingRecord = {
      command,
      players:
        round === 0
          ? 'greedy'
          : "strong:lookahead=0 (the last round's network) alone among greedy in 2 games of 3, every seat in the 3rd",
      rounds: round + 1,
      games,
      positionsFitted: fit.fitted,
      positionsHeldOut: fit.heldOut,
      heldOutMse: fit.heldOutMse,
      heldOutVariance: fit.heldOutVariance,
      heldOutR2: fit.heldOutR2,
      seconds: fit.seconds,
    };
    console.log(
      `train: ${players} players, round ${round}: ${fit.fitted} positions fitted, ${fit.heldOut} held out; held-out R² ${fit.heldOutR2} (MSE ${fit.heldOutMse}, variance ${fit.heldOutVariance}); ${fit.seconds} s`,
    );
    file.byPlayers[String(players)] = { ...net, training };
    writeFileSync(out, `${JSON.stringify(file)}\n`);
  }
}
console.log(`train: wrote ${out}`);
