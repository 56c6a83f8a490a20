/**
 * `npm run train`: fits the weights of `strong`'s learned evaluation to a search agent's choices and
 * writes them into src/agents/strong-weights.ts (data, committed). Seeded and reproducible: the same
 * options give the same file.
 *
 * Each round plays `--games` games of `strong` (one ply) with the current weights — the first round
 * starts from the rule-aware evaluation (`INITIAL_WEIGHTS`) — over a spread of setups (2–5 players,
 * any expansions, official and other rule rates: `src/sim/training.ts`), with a few random moves. At
 * a `--sample` share of the turns the teacher (`--teacher`, default `mcts:iterations=300`, which plays
 * even with the full `mcts`; in games of 3 players or more `--teacher-many`, the same without the
 * farmer charge) chooses the move, and the decision is recorded with the candidates
 * `strong` weighs (the best `--width` placements by one-ply value and the teacher's, with every
 * follow-up). Per player count, a conditional logit is fitted to those choices (`src/stats/choice-fit.ts`:
 * the value of a candidate is β·(score margin + w·feature differences)) on four games in five; the
 * fifth is held out to measure how often the top-valued candidate is the teacher's move. The weights
 * are w: the evaluation in points. Each round's weights are written as soon as they are fitted.
 *
 *   npx tsx scripts/train.ts [--games N] [--rounds R] [--teacher SPEC] [--teacher-many SPEC] [--seed S] [--out FILE] …
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  checkForbidden,
  createAgent,
  FEATURE_NAMES,
  INITIAL_WEIGHT_SET,
  INITIAL_WEIGHTS,
  parseAgentSpec,
  StrongAgent,
  WEIGHT_PLAYERS,
  weightVector,
} from '../src/agents/index.ts';
import type { FeatureWeights, WeightSet } from '../src/agents/index.ts';
import { STRONG_WEIGHTS } from '../src/agents/strong-weights.ts';
import { intFlag, numberFlag, parseFlags } from '../src/cli/args.ts';
import { InputError, isInputError } from '../src/engine/index.ts';
import type { Game } from '../src/engine/index.ts';
import { makeRng } from '../src/sim/rng.ts';
import { buildSetupGame, ChoiceRows, playChoiceGame, trainingSetup } from '../src/sim/training.ts';
import { choiceAccuracy, fitChoices } from '../src/stats/choice-fit.ts';

const FLAGS = {
  games: { type: 'string', default: '600', help: 'games per round (at least 10)' },
  rounds: { type: 'string', default: '1', help: 'rounds; each starts from the weights the round before fitted' },
  teacher: { type: 'string', default: 'mcts:iterations=300', help: 'agent spec of the teacher in 2-player games' },
  'teacher-many': {
    type: 'string',
    default: 'mcts:iterations=300,farmerCost=0',
    help: 'agent spec of the teacher in games of 3 players or more',
  },
  seed: { type: 'string', default: 'train-1', help: 'seed of the setups, the deals and every stream' },
  width: { type: 'string', default: '12', help: 'placements strong weighs (the best by one-ply value)' },
  sample: { type: 'string', default: '0.12', help: 'share of the turns the teacher chooses (above 0, at most 1)' },
  explore: { type: 'string', default: '0.03', help: 'share of random moves (0 to 1)' },
  'explore-follow-up': { type: 'string', default: '0.05', help: 'share of random follow-ups (0 to 1)' },
  lambda: { type: 'string', default: '0.0001', help: 'ridge penalty of the fit (0 to 1)' },
  players: { type: 'string', help: 'train only these player counts, e.g. 4 or 3,4 (2 to 6)' },
  out: { type: 'string', default: 'src/agents/strong-weights.ts', help: 'the weights module to write' },
  help: { type: 'boolean', help: 'this text' },
} as const;
const USAGE =
  'usage: npm run train -- [--games N] [--rounds R] [--teacher SPEC] [--teacher-many SPEC] [--seed S] [--width W] [--sample X] [--explore X] [--explore-follow-up X] [--lambda X] [--players N[,N…]] [--out FILE]';

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
    console.log(
      [USAGE, '', "Fits strong's learned evaluation to a teacher's choices.", '', 'options:', ...help].join('\n'),
    );
    process.exit(0);
  }
  if (parsed.positionals.length)
    throw new InputError('usage', `takes no arguments besides its flags, got ${JSON.stringify(parsed.positionals[0])}`);
  const text = (name: keyof typeof FLAGS) => {
    const value = parsed.flags[name] ?? (FLAGS[name] as { default?: string }).default;
    return typeof value === 'string' ? value : undefined;
  };
  const share = (name: keyof typeof FLAGS, above0 = false) =>
    numberFlag(
      text(name),
      name,
      (x) => (above0 ? x > 0 : x >= 0) && x <= 1,
      `a number ${above0 ? 'above 0' : 'from 0'} and at most 1`,
    )!;
  const seed = text('seed')!;
  if (seed.trim() === '') throw new InputError('usage', `--seed must not be empty, got ${JSON.stringify(seed)}`);
  const out = text('out')!;
  if (out.trim() === '') throw new InputError('usage', '--out must name a file, got ""');
  if (!statSync(dirname(resolve(out)), { throwIfNoEntry: false })?.isDirectory())
    throw new InputError('usage', `--out ${out}: its folder ${dirname(resolve(out))} does not exist`);
  const players = text('players');
  const onlyPlayers =
    players === undefined
      ? undefined
      : players.split(',').map((part) => {
          if (!/^[2-6]$/.test(part.trim()))
            throw new InputError(
              'usage',
              `--players must list player counts from 2 to 6, got ${JSON.stringify(players)}`,
            );
          return Number(part.trim());
        });
  return {
    games: intFlag(text('games'), 'games', 600, 10, 1_000_000),
    rounds: intFlag(text('rounds'), 'rounds', 1, 1, 1000),
    width: intFlag(text('width'), 'width', 12, 1, 10_000),
    play: { sample: share('sample', true), explore: share('explore'), exploreFollowUp: share('explore-follow-up') },
    lambda: share('lambda'),
    seed,
    out,
    onlyPlayers,
    teacher: parseAgentSpec(text('teacher')!, '--teacher'),
    manyTeacher: parseAgentSpec(text('teacher-many')!, '--teacher-many'),
    teacherText: text('teacher')!,
    manyTeacherText: text('teacher-many')!,
  };
}

let options: ReturnType<typeof readOptions>;
try {
  options = readOptions();
} catch (error) {
  if (!isInputError(error)) throw error;
  fail((error as Error).message);
}
const { games, rounds, width, play, lambda, seed, onlyPlayers } = options;
// The teacher of 2-player games, and of games of more players (docs/agents.md: with 3 and 4 players a farmer is worth more than the 2-player charge says).
const teacherSpec = options.teacher;
const manyTeacherSpec = options.manyTeacher;
const command = `npm run train -- --games ${games} --rounds ${rounds} --teacher ${options.teacherText} --teacher-many ${options.manyTeacherText} --seed ${seed} --width ${width} --sample ${play.sample} --explore ${play.explore} --explore-follow-up ${play.exploreFollowUp} --lambda ${lambda}${onlyPlayers ? ` --players ${onlyPlayers.join(',')}` : ''}`;

const gameCache = new Map<string, Game>();
function setupGame(index: number, roundSeed: string): Game {
  const setup = trainingSetup(roundSeed, index, onlyPlayers);
  const key = JSON.stringify(setup);
  const game = gameCache.get(key) ?? buildSetupGame(setup, `training setup ${key}`);
  gameCache.set(key, game);
  return game;
}

/**
 * A teacher that forbids a mechanic (`forbid=`) must find it in every game it teaches: each setup of
 * every round is checked before the first game is played (exit 2 naming the first that lacks it).
 */
function checkTeachers(): void {
  if (!teacherSpec.forbid.length && !manyTeacherSpec.forbid.length) return;
  for (let round = 1; round <= rounds; round++)
    for (let i = 0; i < games; i++) {
      const game = setupGame(i, `${seed}:round${round}`);
      const [spec, flag] = game.players <= 2 ? [teacherSpec, '--teacher'] : [manyTeacherSpec, '--teacher-many'];
      const expansions = game.expansions.map((e) => e.name).join(', ') || 'base game';
      checkForbidden(spec, game, `${flag} (game ${i + 1} of round ${round}: ${game.players} players, ${expansions})`);
    }
}
try {
  checkTeachers();
} catch (error) {
  if (!isInputError(error)) throw error;
  fail((error as Error).message);
}

/** The weight group of a player count (6 players train and play with the weights of 5). */
const groupOf = (players: number) => String(Math.min(players, WEIGHT_PLAYERS[WEIGHT_PLAYERS.length - 1]));
/** The weight groups this run fits. */
const trainedGroups = WEIGHT_PLAYERS.map(String).filter(
  (group) => !onlyPlayers || onlyPlayers.some((p) => groupOf(p) === group),
);

interface Fit {
  weights: FeatureWeights;
  games: number;
  fitted: number;
  heldOut: number;
  agreement: number;
  initialAgreement: number;
  logLikelihood: number;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
/** Fewer decisions than this for a player count and its fit is not trusted. */
const MIN_DECISIONS = 100;

/** Fits one player count's decisions: four games in five, measured on the fifth. */
function fit(rows: ChoiceRows, start: FeatureWeights): Fit {
  const C = ChoiceRows.COLUMNS;
  const fitted = (d: number) => rows.games[d]! % 5 !== 4;
  const held = (d: number) => !fitted(d);
  const thetaOf = (w: FeatureWeights, scale: number) =>
    Float64Array.from([scale, ...Array.from(weightVector(w), (x) => scale * x)]);
  let heldOut = 0;
  for (let d = 0; d < rows.decisions; d++) if (held(d)) heldOut++;
  if (rows.decisions - heldOut < MIN_DECISIONS)
    fail(
      `only ${rows.decisions - heldOut} decisions to fit for ${[...new Set(rows.games)].length} games of this player count (at least ${MIN_DECISIONS}): give more --games or a larger --sample`,
    );
  const result = fitChoices(rows, C, fitted, lambda, thetaOf(start, 0.3));
  const beta = result.theta[0]!;
  if (!(beta > 0))
    fail(`the fit gave the score margin a weight of ${beta}: no evaluation in points follows (more games?)`);
  return {
    weights: Object.fromEntries(FEATURE_NAMES.map((name, k) => [name, round6(result.theta[1 + k]! / beta)])),
    games: new Set(rows.games).size,
    fitted: rows.decisions - heldOut,
    heldOut,
    agreement: choiceAccuracy(rows, C, held, result.theta),
    initialAgreement: choiceAccuracy(rows, C, held, thetaOf(INITIAL_WEIGHTS, 1)),
    logLikelihood: result.logLikelihood,
  };
}

function playRound(round: number, weightSet: WeightSet): Map<string, ChoiceRows> {
  const roundSeed = `${seed}:round${round}`;
  const byGroup = new Map<string, ChoiceRows>(trainedGroups.map((group) => [group, new ChoiceRows()]));
  const started = Date.now();
  for (let i = 0; i < games; i++) {
    const game = setupGame(i, roundSeed);
    const agents = Array.from(
      { length: game.players },
      (_, seat) => new StrongAgent(makeRng(roundSeed, 'agent', i, seat), { width, weightSet }),
    );
    const teacher = (seat: number) =>
      createAgent(game.players <= 2 ? teacherSpec : manyTeacherSpec, makeRng(roundSeed, 'teacher', i, seat));
    playChoiceGame(game, roundSeed, i, agents, teacher, width, play, byGroup.get(groupOf(game.players))!);
    const decisions = [...byGroup.values()].reduce((n, r) => n + r.decisions, 0);
    process.stderr.write(
      `\rtrain: round ${round}/${rounds}: ${i + 1}/${games} games, ${decisions} decisions, ${((Date.now() - started) / 1000).toFixed(0)} s   `,
    );
  }
  process.stderr.write('\n');
  return byGroup;
}

interface GroupRecord {
  command: string;
  teacher: string;
  rounds: number;
  gamesPerRound: number;
  games: number;
  decisionsFitted: number;
  decisionsHeldOut: number;
  heldOutAgreement: number;
  heldOutAgreementOfInitialWeights: number;
}

/**
 * Writes the weight set into the weights module, each player count with how it was fitted (the
 * counts this run did not train keep their weights and their record).
 */
function writeWeights(fits: Map<string, Fit>, round: number): string {
  const kept = STRONG_WEIGHTS.training.byPlayers as Record<string, GroupRecord>;
  const groups = WEIGHT_PLAYERS.map(String).map((group) => {
    const f = fits.get(group);
    if (!f)
      return {
        group,
        weights: STRONG_WEIGHTS.byPlayers[group as keyof typeof STRONG_WEIGHTS.byPlayers],
        record: kept[`${group}p`]!,
      };
    const record: GroupRecord = {
      command,
      teacher: (group === '2' ? teacherSpec : manyTeacherSpec).text,
      rounds: round,
      gamesPerRound: games,
      games: f.games,
      decisionsFitted: f.fitted,
      decisionsHeldOut: f.heldOut,
      heldOutAgreement: round6(f.agreement),
      heldOutAgreementOfInitialWeights: round6(f.initialAgreement),
    };
    return { group, weights: f.weights, record };
  });
  const training = { byPlayers: Object.fromEntries(groups.map(({ group, record }) => [`${group}p`, record])) };
  const lines = [
    '/**',
    " * The learned evaluation's weights per player count (`learned.ts`), fitted to a search agent's",
    ' * choices. Written by `npm run train` (scripts/train.ts); do not edit by hand. `training` says how,',
    " * per player count: the command and the teacher, the last round's games and decisions, and how",
    " * often the candidate these weights value highest was the teacher's move in the held-out games (and",
    ' * with the initial weights).',
    ' */',
    'export const STRONG_WEIGHTS = {',
    '  byPlayers: {',
    ...groups.flatMap(({ group, weights }) => [
      `    '${group}': {`,
      ...FEATURE_NAMES.map((name) => `      ${name}: ${weights[name]},`),
      '    },',
    ]),
    '  },',
    `  training: ${JSON.stringify(training, null, 2).replace(/\n/g, '\n  ')},`,
    '};',
    '',
  ];
  const out = resolve(options.out);
  writeFileSync(out, lines.join('\n'));
  return out;
}

let weightSet: WeightSet = INITIAL_WEIGHT_SET;
for (let round = 1; round <= rounds; round++) {
  const fits = new Map([...playRound(round, weightSet)].map(([group, rows]) => [group, fit(rows, weightSet[group]!)]));
  weightSet = Object.fromEntries([...fits].map(([group, f]) => [group, f.weights]));
  const out = writeWeights(fits, round);
  for (const [group, f] of fits)
    console.log(
      `round ${round}, ${group} players: ${f.games} games, ${f.fitted} decisions fitted, ${f.heldOut} held out; the teacher's move valued highest in ${(f.agreement * 100).toFixed(1)} % of held-out decisions (initial weights ${(f.initialAgreement * 100).toFixed(1)} %)`,
    );
  console.log(`train: wrote ${out}`);
}
