/**
 * `npm run train`: fits `strong`'s value networks, one per player count, and writes them into
 * src/agents/evaluation/value-weights.json (data, committed; docs/strong.md "Training"). Seeded and
 * reproducible: the same options give the same file.
 *
 * Per player count, `--rounds` rounds of `--games` games each over a spread of setups (any
 * expansions, official and other rule rates: `src/sim/training.ts`), with a few random moves:
 * the first round played by `greedy`, each later round by `strong` with the last round's network,
 * one ply (the lone `strong` among `greedy` players in two games of three, every seat `strong` in
 * the third). At the start of every turn each player's features are recorded with the points it
 * went on to score; a network (`src/agents/evaluation/mlp.ts`, fitted by `src/stats/mlp-fit.ts`) is fitted to those on nine games in ten, and
 * the tenth is held out to measure the fit. The last round's network is written.
 *
 * `--target round` (docs/strong.md "Distilling the look-ahead") fits instead what `strong`'s round
 * look-ahead computes: per position, the mean over `--target-deals` re-dealt decks of the points
 * scored in a round of `greedy` turns plus a teacher network's expectation after it
 * (`src/sim/round-targets.ts`), mixed with the final points by `--target-mix`. The teacher is, in the
 * first round, the `--teacher` file's network for each game (the one `strong` plays in it: `netFor` in
 * src/agents/evaluation/value-net.ts, e.g. the entry `4+kingRobber` in 4-player games with the King
 * and Robber Baron, else `4`), which also plays it, one ply; the last round's network after that. `--target-cards W` takes W × the points of the prizes that pay
 * their holder at the end (the King and the Robber Baron, from the rules in force: `evaluateRecords`)
 * at the round's end out of the target and puts in W × what they pay at the game's real end instead
 * (docs/strong.md "A target with the cards' final points at 4 players").
 *
 *   npx tsx scripts/train.ts [--players 2,3,4,5] [--games N] [--rounds R] [--seed S] [--hidden 32,16] [--epochs E] [--expansion-share X] [--out FILE]
 *     [--target final|round] [--target-deals K] [--target-mix L] [--target-cards W] [--teacher FILE]
 *     [--for-expansion NAME] [--without F[,F…]] [--opponents F[,F…]]
 *
 * `--for-expansion NAME` writes the network as the one `strong` plays in games with that expansion
 * (the entry `P+NAME` beside `P`: `netFor`); the training games and the teacher are as without it.
 * `--player SPEC` has the learner's seats play SPEC (e.g. the default `strong`, with the committed
 * networks) instead of `strong` one ply, so that the network is fitted on the positions that player
 * meets (docs/strong.md "The King/Robber network fitted on the default's own games").
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  createAgent,
  parseAgentSpec,
  netFor,
  netKey,
  othersLargest,
  StrongAgent,
  VALUE_FEATURES,
  VALUE_INPUTS,
  VALUE_PLAYERS,
} from '../src/agents/index.ts';
import type { Agent, NetRecord, NetSet } from '../src/agents/index.ts';
import { intFlag, numberFlag, parseFlags } from '../src/cli/args.ts';
import { InputError, isInputError } from '../src/engine/index.ts';
import { expansionRegistry } from '../src/expansions/index.ts';
import type { Game } from '../src/engine/index.ts';
import { makeRng } from '../src/sim/rng.ts';
import { buildSetupGame, PositionRows, recordGame, trainingSetup } from '../src/sim/training.ts';
import type { Bootstrap } from '../src/sim/training.ts';
import { RoundTargets } from '../src/sim/round-targets.ts';
import { Mlp } from '../src/agents/evaluation/mlp.ts';
import { fitMlp, mse } from '../src/stats/mlp-fit.ts';

const FLAGS = {
  players: {
    type: 'string',
    default: VALUE_PLAYERS.join(','),
    help: 'the player counts to train, e.g. 4 or 3,4 (2 to 5)',
  },
  games: { type: 'string', default: '4000', help: 'games per round and player count (at least 10)' },
  rounds: {
    type: 'string',
    default: '2',
    help: 'rounds: greedy plays the first, strong with the last network the others',
  },
  seed: { type: 'string', default: 'value-1', help: 'seed of the setups, the deals, every stream and the fit' },
  hidden: { type: 'string', default: '32,16', help: "the network's hidden layer sizes" },
  epochs: { type: 'string', default: '4', help: 'passes over the positions in a fit' },
  explore: { type: 'string', default: '0.03', help: 'share of random placements (0 to 1)' },
  'explore-follow-up': { type: 'string', default: '0.1', help: 'share of random follow-ups (0 to 1)' },
  out: { type: 'string', default: 'src/agents/evaluation/value-weights.json', help: 'the weights file to write' },
  target: {
    type: 'string',
    default: 'final',
    help: "final: the points still to score; round: a round of greedy turns then the teacher's value",
  },
  'expansion-share': {
    type: 'string',
    default: '0.5',
    help: 'share of games with each of the three mini-expansions (0 to 1)',
  },
  'target-deals': { type: 'string', default: '4', help: 'round target: re-dealt decks per position' },
  'target-mix': { type: 'string', default: '0', help: 'round target: weight of the final points in it (0 to 1)' },
  'target-cards': {
    type: 'string',
    default: '0',
    help: "round target: share of the King's and the Robber Baron's points taken at the game's end in place of the round's end (0 to 1)",
  },
  teacher: {
    type: 'string',
    default: 'src/agents/evaluation/value-weights.json',
    help: "round target: the weights file whose network is the first round's teacher",
  },
  'for-expansion': {
    type: 'string',
    help: 'write the network as the one for games with this expansion (entry P+NAME), not for all games of P',
  },
  player: {
    type: 'string',
    help: "the agent in the learner's seats (an agent spec, e.g. strong, which plays with the committed networks) instead of strong one ply (with --target final, instead of greedy); with --rounds 1 only",
  },
  without: {
    type: 'string',
    default: '',
    help: 'features the network does not read, e.g. cardHold,cardHoldGrowth (each read costs less)',
  },
  opponents: {
    type: 'string',
    default: '',
    help: "features of which the network reads the other players' largest value too, e.g. hand,sharedStake",
  },
  help: { type: 'boolean', help: 'this text' },
} as const;
const USAGE =
  'usage: npm run train -- [--players N[,N…]] [--games N] [--rounds R] [--seed S] [--hidden H[,H…]] [--epochs E] [--explore X] [--explore-follow-up X] [--expansion-share X] [--out FILE] [--target final|round] [--target-deals K] [--target-mix L] [--target-cards W] [--teacher FILE] [--for-expansion NAME] [--player SPEC] [--without F[,F…]] [--opponents F[,F…]]';

function fail(message: string): never {
  console.error(`train: ${message}\n${USAGE}`);
  process.exit(2);
}

/** Every option, checked before any game is played (bad input: exit 2 naming it). */
function readOptions() {
  const parsed = parseFlags(process.argv.slice(2), FLAGS);
  if (parsed.flags.help) {
    const help = Object.entries(FLAGS).map(
      ([name, f]) => `  --${name.padEnd(20)}${f.help}${'default' in f ? ` (default ${f.default})` : ''}`,
    );
    console.log([USAGE, '', "Fits strong's value networks to self-play.", '', 'options:', ...help].join('\n'));
    process.exit(0);
  }
  if (parsed.positionals.length)
    throw new InputError('usage', `takes no arguments besides its flags, got ${JSON.stringify(parsed.positionals[0])}`);
  const text = (name: keyof typeof FLAGS) => {
    const value = parsed.flags[name] ?? (FLAGS[name] as { default?: string }).default;
    return typeof value === 'string' ? value : undefined;
  };
  const share = (name: keyof typeof FLAGS) =>
    numberFlag(text(name), name, (x) => x >= 0 && x <= 1, 'a number from 0 to 1')!;
  const seed = text('seed')!;
  if (seed.trim() === '') throw new InputError('usage', `--seed must not be empty, got ${JSON.stringify(seed)}`);
  const out = text('out')!;
  if (out.trim() === '') throw new InputError('usage', '--out must name a file, got ""');
  if (!statSync(dirname(resolve(out)), { throwIfNoEntry: false })?.isDirectory())
    throw new InputError('usage', `--out ${out}: its folder ${dirname(resolve(out))} does not exist`);
  const list = text('players')!;
  const players = list.split(',').map((part) => {
    if (!(VALUE_PLAYERS as readonly number[]).map(String).includes(part.trim()))
      throw new InputError('usage', `--players must list player counts from 2 to 5, got ${JSON.stringify(list)}`);
    return Number(part.trim());
  });
  const target = text('target')!;
  if (target !== 'final' && target !== 'round')
    throw new InputError('usage', `--target must be final or round, got ${JSON.stringify(target)}`);
  const teacher = resolve(text('teacher')!);
  if (target === 'round' && !statSync(teacher, { throwIfNoEntry: false })?.isFile())
    throw new InputError('usage', `--teacher ${text('teacher')}: no such file`);
  const targetCards = share('target-cards');
  const forExpansion = text('for-expansion');
  if (forExpansion !== undefined && !expansionRegistry.has(forExpansion))
    throw new InputError(
      'usage',
      `--for-expansion must name an expansion (${[...expansionRegistry.keys()].join(', ')}), got ${JSON.stringify(forExpansion)}`,
    );
  if (targetCards > 0 && target !== 'round') throw new InputError('usage', '--target-cards needs --target round');
  const featureList = (name: 'without' | 'opponents') => {
    const names = text(name)!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    for (const feature of names)
      if (!(VALUE_FEATURES as readonly string[]).includes(feature))
        throw new InputError(
          'usage',
          `--${name} must name features of ${VALUE_FEATURES.join(',')}, got ${JSON.stringify(feature)}`,
        );
    return names;
  };
  const playerText = text('player');
  const player = playerText === undefined ? undefined : parseAgentSpec(playerText, '--player');
  const rounds = intFlag(text('rounds'), 'rounds', 2, 1, 100);
  if (player && rounds > 1)
    throw new InputError('usage', `--player plays every round alike: give --rounds 1, got --rounds ${rounds}`);
  const hidden = text('hidden')!
    .split(',')
    .map((part) => intFlag(part.trim(), 'hidden', 0, 1, 1024));
  return {
    players,
    games: intFlag(text('games'), 'games', 4000, 10, 1_000_000),
    rounds,
    player,
    playerText,
    epochs: intFlag(text('epochs'), 'epochs', 4, 1, 1000),
    hidden,
    play: { explore: share('explore'), exploreFollowUp: share('explore-follow-up') },
    expansionShare: share('expansion-share'),
    seed,
    out,
    target,
    targetDeals: intFlag(text('target-deals'), 'target-deals', 4, 1, 1000),
    targetMix: share('target-mix'),
    targetCards,
    forExpansion,
    teacher,
    teacherName: text('teacher')!,
    without: featureList('without'),
    opponents: featureList('opponents'),
  };
}

let options: ReturnType<typeof readOptions>;
try {
  options = readOptions();
} catch (error) {
  if (!isInputError(error)) throw error;
  fail((error as Error).message);
}
const { games, rounds, epochs, hidden, play, seed, expansionShare } = options;
const playerCounts = options.players;
const roundTarget = options.target === 'round';
const command = `npm run train -- --players ${playerCounts.join(',')} --games ${games} --rounds ${rounds} --seed ${seed} --hidden ${hidden.join(',')} --epochs ${epochs} --explore ${play.explore} --explore-follow-up ${play.exploreFollowUp}${expansionShare === 0.5 ? '' : ` --expansion-share ${expansionShare}`}${roundTarget ? ` --target round --target-deals ${options.targetDeals} --target-mix ${options.targetMix}${options.targetCards ? ` --target-cards ${options.targetCards}` : ''} --teacher ${options.teacherName}` : ''}${options.forExpansion ? ` --for-expansion ${options.forExpansion}` : ''}${options.playerText === undefined ? '' : ` --player ${options.playerText}`}${options.without.length ? ` --without ${options.without.join(',')}` : ''}${options.opponents.length ? ` --opponents ${options.opponents.join(',')}` : ''}`;
/** The weights file's entry the network of `players` is written to (`--for-expansion`). */
const entryOf = (players: number) =>
  options.forExpansion ? netKey(String(players), options.forExpansion) : String(players);
/**
 * The features the networks read (all of today's but `--without`'s), and their indices into a recorded
 * row; then `--opponents`' (the other players' largest value of each, from the position's other rows),
 * and the inputs beside the features.
 */
const features = VALUE_FEATURES.filter((name) => !options.without.includes(name));
const columns = features.map((name) => VALUE_FEATURES.indexOf(name));
const opponentColumns = options.opponents.map((name) => (VALUE_FEATURES as readonly string[]).indexOf(name));
const moreColumns = Array.from({ length: VALUE_INPUTS - VALUE_FEATURES.length }, (_, k) => VALUE_FEATURES.length + k);
const inputs = columns.length + opponentColumns.length + moreColumns.length;

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
  /** With `--target round`: what was fitted, and the teacher's own training command. */
  target?: string;
}

const round4 = (x: number) => Number(x.toPrecision(4));
const round6 = (x: number) => Number(x.toPrecision(6));

/**
 * The seat agents of game `index` of a round: `greedy`, or the learner (lone in two games of three):
 * `--player`'s agent, else `strong` one ply with `net`.
 */
function seatAgents(game: Game, roundSeed: string, index: number, net: NetRecord | undefined): Agent[] {
  const greedy = parseAgentSpec('greedy', 'train');
  const strongSeats = index % 3 === 2 ? game.players : 1;
  return Array.from({ length: game.players }, (_, seat) => {
    const rng = makeRng(roundSeed, 'agent', index, seat);
    const learnerSeat = (seat - index + 3 * game.players) % game.players < strongSeats;
    if (learnerSeat && options.player) return createAgent(options.player, rng);
    if (learnerSeat && net)
      return new StrongAgent(rng, { width: 8, lookahead: 0, nets: { [String(Math.min(game.players, 5))]: net } });
    return createAgent(greedy, rng);
  });
}

/** The network of a round's game: the teacher's for that game in the first round, the last round's after it. */
type NetOf = (game: Game) => NetRecord;

/**
 * Plays one round of `players`-player games and fits a network to them; with `teacher`, to the round
 * targets that network gives (`--target round`).
 */
function trainRound(players: number, round: number, previous: NetOf | undefined, teacher?: NetOf) {
  const roundSeed = `${seed}:${players}p:round${round}`;
  const rows = new PositionRows();
  const gameCache = new Map<string, Game>();
  const started = Date.now();
  for (let i = 0; i < games; i++) {
    const setup = trainingSetup(roundSeed, i, [players], expansionShare);
    const key = JSON.stringify(setup);
    let game = gameCache.get(key);
    if (!game) {
      game = buildSetupGame(setup, `training setup ${key}`);
      gameCache.set(key, game);
    }
    const bootstrap: Bootstrap | undefined = teacher && {
      targets: new RoundTargets(
        game,
        teacher(game),
        options.targetDeals,
        makeRng(roundSeed, 'redeal', i),
        options.targetCards,
      ),
      mix: options.targetMix,
    };
    recordGame(game, roundSeed, i, seatAgents(game, roundSeed, i, previous?.(game)), play, rows, bootstrap);
    if (i % 50 === 49 || i === games - 1)
      process.stderr.write(
        `\rtrain: ${players} players, round ${round}/${rounds}: ${i + 1}/${games} games, ${rows.rows} positions, ${((Date.now() - started) / 1000).toFixed(0)} s   `,
      );
  }
  process.stderr.write('\n');
  return fitRows(rows, players, makeRng(roundSeed, 'fit'), started);
}

/**
 * Writes row `from`'s network inputs into `x` at `at`: its features, the other players' largest value
 * of each of `--opponents`' (a position's rows are its players' in turn), the inputs beside them.
 */
function writeInputs(rows: PositionRows, players: number, from: number, x: Float32Array, at: number): void {
  const row = (r: number) => r * VALUE_INPUTS;
  let k = at;
  for (const column of columns) x[k++] = rows.inputs[row(from) + column]!;
  const first = from - (from % players);
  for (const column of opponentColumns)
    x[k++] = othersLargest(rows.inputs, row(first), VALUE_INPUTS, players, from - first, column);
  for (const column of moreColumns) x[k++] = rows.inputs[row(from) + column]!;
}

/** Fits a network to nine games in ten of `rows` (reordered so that they come first); measures it on the tenth. */
function fitRows(rows: PositionRows, players: number, rng: () => number, started: number) {
  const n = rows.rows;
  const held = (r: number) => rows.games[r]! % 10 === 9;
  const order = [
    ...Array.from({ length: n }, (_, r) => r).filter((r) => !held(r)),
    ...Array.from({ length: n }, (_, r) => r).filter(held),
  ];
  const fitted = n - order.filter(held).length;
  const x = new Float32Array(n * inputs);
  const y = new Float32Array(n);
  order.forEach((from, to) => {
    writeInputs(rows, players, from, x, to * inputs);
    y[to] = rows.targets[from]!;
  });
  const data = { x, y, rows: n };
  const net = new Mlp([inputs, ...hidden, 1]);
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
      features,
      ...(options.opponents.length > 0 && { opponentFeatures: options.opponents }),
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

const out = resolve(options.out);
let file: WeightsFile;
try {
  file = JSON.parse(readFileSync(out, 'utf8')) as WeightsFile;
  // A network fitted on other features than today's keeps them as its own list (strong reads them).
  if (file.features.join() !== VALUE_FEATURES.join()) {
    for (const net of Object.values(file.byPlayers)) if (!net.features) Object.assign(net, { features: file.features });
    file.features = [...VALUE_FEATURES];
  }
} catch {
  file = { features: [...VALUE_FEATURES], byPlayers: {} };
}
/**
 * The first round's teacher for `players` (`--teacher`): the file's network for each game (`netFor`), and
 * its entries for `players` with their records' commands.
 */
function teacherOf(players: number): { netOf: NetOf; commands: string } {
  const teachers = JSON.parse(readFileSync(options.teacher, 'utf8')) as WeightsFile;
  const group = String(players);
  if (!teachers.byPlayers[group]) fail(`--teacher ${options.teacherName} has no network for ${players} players`);
  const entries = Object.entries(teachers.byPlayers).filter(([key]) => key === group || key.startsWith(`${group}+`));
  const nets: NetSet = Object.fromEntries(
    entries.map(([key, record]) => [key, { ...record, features: record.features ?? teachers.features }]),
  );
  return {
    netOf: (game) => netFor(nets, game)!,
    commands: entries.map(([key, record]) => `${key}: ${record.training.command}`).join('; '),
  };
}

for (const players of playerCounts) {
  const teacher = roundTarget ? teacherOf(players) : undefined;
  let netOf: NetOf | undefined = teacher?.netOf;
  for (let round = 0; round < rounds; round++) {
    const fit = trainRound(players, round, netOf, teacher ? netOf : undefined);
    const net = fit.net;
    netOf = () => net;
    const training: TrainingRecord = {
      command,
      ...(teacher && {
        target: `round: ${options.targetDeals} re-dealt decks per position, a round of greedy turns, then the teacher's expectation${options.targetCards ? `, ${options.targetCards} of the King's and the Robber Baron's points at the game's end in place of those at the round's end` : ''}; ${options.targetMix} of the final points mixed in; teacher ${round === 0 ? `the network of ${options.teacherName} for each game (${teacher.commands})` : "the last round's network"}`,
      }),
      players:
        options.playerText !== undefined
          ? `${options.playerText} (with the committed networks) alone among greedy in 2 games of 3, every seat in the 3rd`
          : round === 0 && !teacher
            ? 'greedy'
            : `strong:lookahead=0 (${round === 0 ? "the teacher's" : "the last round's"} network) alone among greedy in 2 games of 3, every seat in the 3rd`,
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
    file.byPlayers[entryOf(players)] = { ...net, training };
    writeFileSync(out, `${JSON.stringify(file)}\n`);
  }
}
console.log(`train: wrote ${out}`);
