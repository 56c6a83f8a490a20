/**
 * What a study's skill levels are worth, said beside their names in the reports of `npm start`,
 * the notebooks and `carclab study`: match figures measured once and committed here, each with the
 * command (seed and deals included) that produced it (docs/strong.md "Where it stands"), never
 * computed while a study runs. A figure belongs to one exact spec, compared canonically (`strong` is
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
  /** Games `agent` won (a tie for first counts 1/k to each of the k tied) of `games`. */
  wins: number;
  games: number;
  /** The command that measured it, and the day (UTC). */
  command: string;
  measured: string;
}

const THREE = ['tollkeepers', 'labyrinth', 'kingRobber'] as const;

/**
 * The committed figures: `greedy` against `random` and the default `strong` against `greedy`, at 2,
 * 3 and 4 players, in the base game and with the three expansions of the headline studies.
 */
export const MEASURED_STRENGTHS: readonly MeasuredStrength[] = [
  {
    agent: 'strong',
    against: 'greedy',
    players: 2,
    expansions: [],
    wins: 362,
    games: 400,
    command: 'carclab match strong greedy --deals 200 --seed strength --workers 2',
    measured: '2026-12-02',
  },
  {
    agent: 'strong',
    against: 'greedy',
    players: 2,
    expansions: THREE,
    wins: 356,
    games: 400,
    command:
      'carclab match strong greedy --deals 200 --seed strength --workers 2 --expansions tollkeepers,labyrinth,kingRobber',
    measured: '2026-12-02',
  },
];

/** The figures of `spec` at `players` players, the base game first. */
export function measuredStrengths(spec: string, players: number): MeasuredStrength[] {
  const canonical = parseAgentSpec(spec, 'level').text;
  return MEASURED_STRENGTHS.filter(
    (m) => m.players === players && parseAgentSpec(m.agent, 'level strength').text === canonical,
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

/** "strong — 1.93× fair share … (see `strengthText`)", or the bare name when no figure is committed. */
export const nameWithStrength = (name: string, spec: string, players: number): string => {
  const text = strengthText(spec, players);
  return text ? `${name} — ${text}` : name;
};
