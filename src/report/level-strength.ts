/**
 * What a study's skill levels are worth, said beside their names in the reports of `npm start`,
 * the notebooks and `carclab study`: match figures measured once and committed here, each with the
 * command (seed and deals included) that produced it (docs/strong.md "Where it stands"), never
 * computed while a study runs. A figure over several fresh seeds pools their games
 * (no seed chosen for its result). A figure belongs to one exact spec, compared canonically (`strong` is
 * the default `strong`; `strong:lookahead=3` has no figure), and one player count; the share and its
 * Wilson 95 % interval are computed here from the committed wins and games.
 */
import { parseAgentSpec } from '../agents/index.ts';
import { wilsonInterval } from '../stats/index.ts';

/** One match: `agent` alone among `against` players in every seat (`carclab match A B --lineups 1`). */
export interface MeasuredStrength {
  agent: string;
  against: string;
  players: number;
  /** The expansions, as `--expansions` takes them; empty for the base game. */
  expansions: readonly string[];
  /** Games `agent` won (a tie for first counts 1/k to each of the k tied) of `games`, over every command. */
  wins: number;
  games: number;
  /** The commands that measured it (seed and deals in each; several seeds pooled), and the day (UTC). */
  commands: readonly string[];
  measured: string;
  /** Other specs that play the same moves at this player count (so the figure is theirs too). */
  sameMoves?: readonly string[];
}

const THREE = ['tollkeepers', 'labyrinth', 'kingRobber'] as const;
const ON_THREE = '--expansions tollkeepers,labyrinth,kingRobber';
/**
 * The studies' strong until the tenth pass (`STUDY_STRONG` is the default `strong` since): the default
 * with 2 and 3 players, one ply with 4 and 5, so runs made with it keep their figures.
 */
const STUDIES_STRONG = ['strong:lookaheadPlayers=3'];
/** With 2 players every `lookaheadPlayers` from 2 up plays the default's moves (the studies' former spec too). */
const DEFAULT_AT_2 = ['strong:lookaheadPlayers=2', ...STUDIES_STRONG];

/** `agent` alone among `against` players in every seat, on `seed`. */
const loneCommand = (agent: string, against: string, players: number, deals: number, seed: string, three: boolean) =>
  `carclab match ${agent} ${against} --players ${players} --lineups 1 --deals ${deals} --seed ${seed} --workers 1${three ? ` ${ON_THREE}` : ''}`;

/** A lone-agent match of issue 34's confirmation (fresh seeds `cost-c2`, `cost-c3`, `cost-c4`; 100 deals). */
const lone = (agent: string, against: string, players: number, three: boolean, wins: number): MeasuredStrength => ({
  agent,
  against,
  players,
  expansions: three ? THREE : [],
  wins,
  games: 100 * players,
  commands: [loneCommand(agent, against, players, 100, `cost-c${players}`, three)],
  measured: '2026-12-05',
});

/**
 * 3-player lone-agent matches against `greedy`, 100 deals a seed, with the 3-player network fitted to
 * the look-ahead's values on games with the expansions in four of five, and the small 3-player
 * look-ahead with its options, the lighter look-ahead turn among them (docs/strong.md, ninth pass):
 * the default on the fresh seeds `fresh-s9-3p-3` and `fresh-s9-3p-4` (`wins` are the seeds' sum,
 * measured 2026-12-06), the one ply on `fresh-d1`; the default plays the former studies'
 * `strong:lookaheadPlayers=3` moves, the one-ply `strong:lookahead=0` those of `strong:lookaheadPlayers=2`.
 */
const threePlayers = (agent: string, three: boolean, seeds: readonly string[], wins: number): MeasuredStrength => ({
  ...lone(agent, 'greedy', 3, three, wins),
  measured: agent === 'strong' ? '2026-12-06' : '2026-12-05',
  games: 300 * seeds.length,
  commands: seeds.map((seed) => loneCommand(agent, 'greedy', 3, 100, seed, three)),
  sameMoves: agent === 'strong' ? STUDIES_STRONG : ['strong:lookaheadPlayers=2'],
});

/**
 * 4-player lone-agent matches against `greedy`, 100 deals a seed, with the 4-player network distilled
 * from the look-ahead (docs/strong.md, sixth pass) and, in games with the King and Robber Baron, the
 * wide network of its entry `4+kingRobber` (eleventh pass): the default `strong` (its small look-ahead,
 * tenth pass) with the three expansions on `fresh-s11-4p-2` (the rule's seed), `-3`, `-4` and the twelfth,
 * fifteenth, sixteenth and seventeenth passes' seeds (`wins` are the seeds' sum; the twelfth and fifteenth
 * passes' cells are the default's spelled out, in their rules for `width=12`, `dealsRamp=3,8` and
 * `value=soft`: the same moves, `test/agents/strong.test.ts`; the sixteenth's and seventeenth's are the
 * default's own); in the base game, where it
 * values positions by `soft` since the fifteenth pass, on the twelve fresh seeds of that pass's base-game
 * check and rule (`value=soft` spelled out: the same moves); the one-ply `strong:lookahead=0` in the base
 * game on `fresh-s6-4p-1`, which plays the moves of the former studies' `strong:lookaheadPlayers=3` at 4
 * players.
 */
const fourPlayers = (agent: string, three: boolean, seeds: readonly string[], wins: number): MeasuredStrength => ({
  ...lone(agent, 'greedy', 4, three, wins),
  games: 400 * seeds.length,
  commands: seeds.map((seed) => loneCommand(agent, 'greedy', 4, 100, seed, three)),
  measured: agent === 'strong' ? '2026-12-06' : '2026-12-05',
  ...(agent === 'strong' ? {} : { sameMoves: STUDIES_STRONG }),
});

/** Seeds `prefix-1` to `prefix-count`, as the passes name their fresh seeds. */
const numberedSeeds = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, k) => `${prefix}-${k + 1}`);

/** The twelfth pass's fresh 4-player seeds on which the default played (docs/strong.md, twelfth pass). */
const FRESH_S12_4P = ['fresh-s12-4p-width-1', 'fresh-s12-4p-width-2', 'fresh-s12-4p-ramp-1', 'fresh-s12-4p-ramp-2'];
/**
 * The eleventh pass's fresh 4-player seeds with the three expansions and the twelfth's, and the
 * default's wins on them summed (docs/strong.md, eleventh and twelfth passes).
 */
const FRESH_S11_S12_4P = ['fresh-s11-4p-2', 'fresh-s11-4p-3', 'fresh-s11-4p-4', ...FRESH_S12_4P];
const FRESH_S11_S12_4P_THREE = 192 + 185.5 + 201 + 201 + 593 / 3 + 395 / 2 + 559 / 3;

/** The fifteenth pass's fresh 4-player seeds with the three expansions, and the default's wins on them summed. */
const FRESH_S15_4P = numberedSeeds('fresh-s15-4p', 6);
const FRESH_S15_4P_THREE = 1247 / 6 + 184 + 216.5 + 580 / 3 + 182 + 206;
/** The sixteenth pass's fresh 4-player seeds with the three expansions, and the default's wins on them summed. */
const FRESH_S16_4P = numberedSeeds('fresh-s16-4p', 12);
const FRESH_S16_4P_THREE =
  638 / 3 + 385 / 2 + 1139 / 6 + 389 / 2 + 1121 / 6 + 193 + 210 + 184 + 369 / 2 + 423 / 2 + 1163 / 6 + 180;
/** The seventeenth pass's fresh 4-player seeds with the three expansions, and the default's wins on them summed. */
const FRESH_S17_4P = numberedSeeds('fresh-s17-4p', 12);
const FRESH_S17_4P_THREE =
  583 / 3 + 192 + 417 / 2 + 210 + 1139 / 6 + 592 / 3 + 381 / 2 + 191 + 550 / 3 + 381 / 2 + 375 / 2 + 1181 / 6;
/**
 * The eighteenth pass's fresh 4-player seeds with the three expansions, and the default's wins on them
 * summed (in sixths of a win: ties for first count 1/k).
 */
const FRESH_S18_4P = numberedSeeds('fresh-s18-4p', 32);
const FRESH_S18_4P_THREE =
  (1275 + 1188 + 1164 + 1047 + 1185 + 1329 + 1155 + 1092 + 1223 + 980 + 1209 + 1127 + 1145 + 1059 + 1188 + 1140) / 6 +
  (1133 + 1197 + 1098 + 1170 + 1178 + 1083 + 1156 + 1227 + 1110 + 1104 + 1182 + 1167 + 1122 + 1185 + 1167 + 1182) / 6;

/**
 * The fifteenth pass's fresh 4-player base-game seeds of its check and its rule for `value=soft`, and
 * the default's wins on them summed (docs/strong.md, fifteenth pass).
 */
const FRESH_S15_4P_BASE = [...numberedSeeds('fresh-s15-4p-base', 6), ...numberedSeeds('fresh-s15-4p-auto', 6)];
const FRESH_S15_4P_BASE_WINS =
  646 / 3 + 213.5 + 201.5 + 205.5 + 1159 / 6 + 221 + (1181 / 6 + 194.5 + 607 / 3 + 1147 / 6 + 607 / 3 + 1231 / 6);

/** The fresh seeds of the 5-player default's strength (docs/strong.md, tenth pass). */
const FRESH_S10_5P = numberedSeeds('fresh-s10-5p', 6);

/**
 * 5-player lone-agent matches against `greedy`, 50 deals a seed, with the 5-player network distilled
 * twice from the look-ahead and the small 5-player look-ahead with its options, the lighter look-ahead
 * turn among them (docs/strong.md, tenth pass): in the base game on the six fresh seeds
 * `fresh-s10-5p-1` to `-6` (`wins` are the seeds' sum), with the three expansions on the first.
 */
const fivePlayers = (agent: string, three: boolean, seeds: readonly string[], wins: number): MeasuredStrength => ({
  ...lone(agent, 'greedy', 5, three, wins),
  measured: '2026-12-06',
  games: 250 * seeds.length,
  commands: seeds.map((seed) => loneCommand(agent, 'greedy', 5, 50, seed, three)),
});

/**
 * The committed figures: the default `strong` (the studies' `strong`; the former studies'
 * `strong:lookaheadPlayers=3` with 2 and 3 players; at 2 players the blend of the network and the
 * linear weights, docs/strong.md seventh pass)
 * and the one-ply `strong` against `greedy` at 2 and 3 players, and `greedy` against `random` at 2, 3
 * and 4 players, in the base game and with the three expansions of the headline studies, and the
 * default and one-ply `strong` at 4 players with the network committed since, and the default at 5
 * players (fractional wins: ties for first count 1/k).
 */
export const MEASURED_STRENGTHS: readonly MeasuredStrength[] = [
  {
    agent: 'strong',
    against: 'greedy',
    players: 2,
    expansions: [],
    wins: 373.5,
    games: 400,
    commands: ['carclab match strong greedy --deals 200 --seed strength-s7 --workers 1'],
    measured: '2026-12-05',
    sameMoves: DEFAULT_AT_2,
  },
  {
    agent: 'strong',
    against: 'greedy',
    players: 2,
    expansions: THREE,
    wins: 361.5,
    games: 400,
    commands: [`carclab match strong greedy --deals 200 --seed strength-s7 --workers 1 ${ON_THREE}`],
    measured: '2026-12-05',
    sameMoves: DEFAULT_AT_2,
  },
  threePlayers('strong', false, ['fresh-s9-3p-3', 'fresh-s9-3p-4'], 222.5 + 194.5),
  threePlayers('strong', true, ['fresh-s9-3p-3', 'fresh-s9-3p-4'], 201.5 + 199.5),
  threePlayers('strong:lookahead=0', false, ['fresh-d1'], 520 / 3),
  threePlayers('strong:lookahead=0', true, ['fresh-d1'], 181),
  fourPlayers('strong', false, FRESH_S15_4P_BASE, FRESH_S15_4P_BASE_WINS),
  fourPlayers(
    'strong',
    true,
    [...FRESH_S11_S12_4P, ...FRESH_S15_4P, ...FRESH_S16_4P, ...FRESH_S17_4P, ...FRESH_S18_4P],
    FRESH_S11_S12_4P_THREE + FRESH_S15_4P_THREE + FRESH_S16_4P_THREE + FRESH_S17_4P_THREE + FRESH_S18_4P_THREE,
  ),
  fourPlayers('strong:lookahead=0', false, ['fresh-s6-4p-1'], 1129 / 6),
  fivePlayers('strong', false, FRESH_S10_5P, 553),
  fivePlayers('strong', true, ['fresh-s10-5p-1'], 527 / 6),
  ...[false, true].map((three) => ({
    agent: 'greedy',
    against: 'random',
    players: 2,
    expansions: three ? THREE : [],
    wins: 200,
    games: 200,
    commands: [`carclab match greedy random --deals 100 --seed cost-c2 --workers 1${three ? ` ${ON_THREE}` : ''}`],
    measured: '2026-12-05',
  })),
  lone('greedy', 'random', 3, false, 300),
  lone('greedy', 'random', 3, true, 300),
  lone('greedy', 'random', 4, false, 400),
  lone('greedy', 'random', 4, true, 400),
];

/** The figures of `spec` at `players` players, the base game first. */
export function measuredStrengths(spec: string, players: number): MeasuredStrength[] {
  const canonical = parseAgentSpec(spec, 'level').text;
  const same = (text: string) => parseAgentSpec(text, 'level strength').text === canonical;
  return MEASURED_STRENGTHS.filter(
    (m) => m.players === players && (same(m.agent) || (m.sameMoves ?? []).some(same)),
  ).sort((a, b) => a.expansions.length - b.expansions.length);
}

/** A figure as "1.93× fair share [1.72, 2.13]": the win share over the fair share (1/players), with its interval. */
export function fairShareText(m: MeasuredStrength): string {
  const { rate, lo, hi } = wilsonInterval({ wins: m.wins, games: m.games });
  const x = (v: number | null) => (v! * m.players).toFixed(2);
  return `${x(rate)}× fair share [${x(lo)}, ${x(hi)}]`;
}

/**
 * A level's measured strength at `players` players, to stand beside its name: "1.93× fair share
 * [1.72, 2.13] against greedy at 3 players (base game, 300 games; with tollkeepers, labyrinth,
 * kingRobber 1.70× fair share [1.48, 1.91], 300 games)"; null when nothing is committed for it.
 */
export function strengthText(spec: string, players: number): string | null {
  const figures = measuredStrengths(spec, players);
  if (!figures.length) return null;
  const games = (m: MeasuredStrength) => `${m.games.toLocaleString('en')} games`;
  const [first, ...others] = figures;
  const game = (m: MeasuredStrength) => (m.expansions.length ? `with ${m.expansions.join(', ')}` : 'base game');
  return `${fairShareText(first!)} against ${first!.against} at ${players} players (${game(first!)}, ${games(first!)}${others.map((m) => `; ${game(m)} ${fairShareText(m)}, ${games(m)}`).join('')})`;
}

/**
 * A level's measured strength over the player counts its arms play (a study may play several, as the
 * seat study plays 2–5): each count's `strengthText` in turn, and the counts with no committed figure
 * named; null when no count has one.
 */
export function strengthTextForCounts(spec: string, counts: readonly number[]): string | null {
  const sorted = [...new Set(counts)].sort((a, b) => a - b);
  const texts = sorted.map((players) => strengthText(spec, players));
  if (texts.every((t) => t === null)) return null;
  const missing = sorted.filter((_, i) => texts[i] === null);
  const none = missing.length ? [`no committed figure at ${missing.join(', ')} players`] : [];
  return [...texts.filter((t) => t !== null), ...none].join('; ');
}

/** The distinct player counts of a run's arms, smallest first. */
export const armPlayerCounts = (arms: readonly { players: number }[]): number[] =>
  [...new Set(arms.map((a) => a.players))].sort((a, b) => a - b);

/** "strong — 1.93× fair share … (see `strengthTextForCounts`)", or the bare name when no figure is committed. */
export const nameWithStrength = (name: string, spec: string, players: number | readonly number[]): string => {
  const text = strengthTextForCounts(spec, typeof players === 'number' ? [players] : players);
  return text ? `${name} — ${text}` : name;
};
