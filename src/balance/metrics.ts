/**
 * The metrics a balance target may name, and how each is measured per deal from a run's kept games
 * (`src/sim/columns.ts`). Every metric is built of *atoms*, each a ratio of per-deal sums Σx / Σy
 * over the deals (the deal is the unit), e.g. seat 1's wins (x: its wins in the deal's games, a tie
 * for first shared; y: the games) or the winner's points from the King and Robber Baron (x) over the
 * winner's score (y). A metric is one atom, a difference of two (`score.king - score.robber`), or,
 * for `seatWinGap`, one atom per seat whose largest distance from 1/players counts.
 *
 * Names: every metric of `carclab run --precision` (`score`, `winnerScore`, `margin`,
 * `score.<source>`, `stat.<name>`, `seat<s>.score`, `seat<s>.wins`), `seatWinGap`, the game-quality
 * measures of `src/stats/quality.ts` (`leadChanges`, `scoreLeadChanges`, `behindShare`, `behindBy`,
 * `decidedShare`, `closeShare`), `winnerShare.<source or expansion>` (that part of the winner's
 * points) and `beats` (a skill-matrix entry: the level's share of the wins against `versus`, played
 * as `carclab match` plays it).
 */
import { InputError, suggestion } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import { expansionRegistry } from '../expansions/index.ts';
import type { MatchDesign } from '../match/design.ts';
import { dealOutcomes } from '../match/outcomes.ts';
import { WIN_UNITS } from '../sim/aggregate.ts';
import type { Columns } from '../sim/columns.ts';
import type { Rotation } from '../sim/plan.ts';
import { CLOSE_MARGIN } from '../sim/quality.ts';
import { metricNamesOf } from '../tune/metric.ts';

export type QualityMeasure = 'leadChanges' | 'scoreLeadChanges' | 'behindShare' | 'behindBy' | 'decidedShare';
export const QUALITY_METRICS = ['leadChanges', 'scoreLeadChanges', 'behindShare', 'behindBy', 'decidedShare'] as const;

/** A ratio of per-deal sums, measured from a game's columns. */
export type Atom =
  | { kind: 'seatWins' | 'seatScore'; seat: number }
  | { kind: 'score' | 'winnerScore' | 'margin' | 'close' | 'beats' }
  | { kind: 'source'; source: string }
  | { kind: 'gameStat' | 'playerStat'; stat: string }
  | { kind: 'quality'; measure: QualityMeasure }
  | { kind: 'winnerShare'; sources: string[] };

/** How an atom's interval is made: a share of games (Wilson), a count per game (Poisson), or a mean (t). */
export type AtomScale = 'share' | 'count' | 'mean';

export interface Part {
  terms: { coef: number; atom: Atom }[];
  /** `seatWinGap`: the value the part's distance is measured from (1/players). */
  around: number;
}

export interface MetricSpec {
  /** As written in the file. */
  name: string;
  parts: Part[];
  /** `value`: the one part's value; `gap`: the largest |part − around| (`seatWinGap`). */
  combine: 'value' | 'gap';
  /** The range of the metric's value (for degenerate samples and impossible targets). */
  range: [number, number];
  /** A share of games or turns (shown in % and pp). */
  share: boolean;
  /** Column groups its context must keep. */
  needs: { breakdown: boolean; stats: boolean; quality: boolean };
}

export const atomKey = (atom: Atom): string => JSON.stringify(atom);

/** The scale of an atom's interval. */
export function atomScale(atom: Atom): AtomScale {
  if (atom.kind === 'seatWins' || atom.kind === 'close' || atom.kind === 'beats') return 'share';
  if (atom.kind === 'gameStat' || atom.kind === 'playerStat') return 'count';
  return 'mean';
}

/** The values one unit of an atom can take. */
export function atomRange(atom: Atom): [number, number] {
  switch (atom.kind) {
    case 'seatWins':
    case 'close':
    case 'beats':
      return [0, 1];
    case 'quality':
      return atom.measure === 'behindShare' || atom.measure === 'decidedShare' ? [0, 1] : [0, Infinity];
    case 'winnerShare':
      return [-Infinity, Infinity]; // sources may score negative points
    case 'gameStat':
    case 'playerStat':
      return [-Infinity, Infinity];
    default:
      return [0, Infinity];
  }
}

/**
 * The exposure one game gives an atom whose numerator is a whole count ≥ 0 (points, statistics),
 * for the exact Poisson bound of a sample that never moved: its players for a sum over seats, else
 * 1 (the winner's share: its points per game). Undefined for shares and quality ratios.
 */
export function atomCountUnits(atom: Atom, players: number): number | undefined {
  switch (atom.kind) {
    case 'score':
    case 'source':
    case 'playerStat':
      return players;
    case 'seatScore':
    case 'winnerScore':
    case 'margin':
    case 'gameStat':
    case 'winnerShare':
      return 1;
    default:
      return undefined;
  }
}

const SEAT = /^seat(\d+)\.(wins|score)$/;

/** The atom a single metric name measures, or an input error naming it. */
function atomOf(name: string, game: Game, rotation: Rotation, where: string, isMatch: boolean): Atom {
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  if (name === 'beats') {
    if (!isMatch) fail('"beats" compares two levels: give "versus", the level it plays against');
    return { kind: 'beats' };
  }
  if (isMatch) fail(`"versus" goes with the metric "beats" only; ${JSON.stringify(name)} is measured at one level`);
  if (name === 'closeShare') return { kind: 'close' };
  if ((QUALITY_METRICS as readonly string[]).includes(name))
    return { kind: 'quality', measure: name as QualityMeasure };
  if (name.startsWith('winnerShare.'))
    return { kind: 'winnerShare', sources: winnerSources(name.slice(12), game, fail) };
  const known = metricNamesOf(game, rotation);
  if (!known.includes(name)) {
    const all = [
      ...known,
      'seatWinGap',
      'closeShare',
      ...QUALITY_METRICS,
      'winnerShare.<source or expansion>',
      'beats',
    ];
    fail(`unknown metric ${JSON.stringify(name)} for ${game.players} players${suggestion(name, all)}`);
  }
  const seat = SEAT.exec(name);
  if (seat) return { kind: seat[2] === 'wins' ? 'seatWins' : 'seatScore', seat: Number(seat[1]) };
  if (name === 'score' || name === 'winnerScore' || name === 'margin') return { kind: name };
  if (name.startsWith('score.')) return { kind: 'source', source: name.slice(6) };
  const stat = name.slice(5);
  return game.statNames.includes(stat) ? { kind: 'gameStat', stat } : { kind: 'playerStat', stat };
}

/** The score sources of `winnerShare.<name>`: one source of the game, or every source of an expansion it plays. */
function winnerSources(name: string, game: Game, fail: (message: string) => never): string[] {
  if (game.scoreSources.includes(name)) return [name];
  const expansion = expansionRegistry.get(name);
  const played = expansion && game.expansions.some((e) => e.name === name);
  const own = played ? (expansion.scoreSources ?? []).filter((s) => game.scoreSources.includes(s)) : [];
  if (own.length) return own;
  return fail(
    `winnerShare.${name}: not a score source or a played expansion with sources; sources of this game: ${game.scoreSources.join(', ')}`,
  );
}

const needsOf = (atoms: readonly Atom[]): MetricSpec['needs'] => ({
  breakdown: atoms.some((a) => a.kind === 'source' || a.kind === 'winnerShare'),
  stats: atoms.some((a) => a.kind === 'gameStat' || a.kind === 'playerStat'),
  quality: atoms.some((a) => a.kind === 'quality'),
});

/**
 * Parses a target's metric for a context's game: `seatWinGap`, `A - B` (two metrics of the context),
 * or one metric. Unknown names are input errors naming `where` and the nearest known name.
 */
export function parseMetric(text: string, game: Game, rotation: Rotation, where: string, isMatch: boolean): MetricSpec {
  const name = text.trim();
  if (name === 'seatWinGap') {
    if (isMatch) atomOf(name, game, rotation, where, true);
    const parts = Array.from({ length: game.players }, (_, seat) => ({
      terms: [{ coef: 1, atom: { kind: 'seatWins' as const, seat } }],
      around: 1 / game.players,
    }));
    return { name, parts, combine: 'gap', range: [0, 1 - 1 / game.players], share: true, needs: needsOf([]) };
  }
  const sides = name.split(/\s+-\s+/);
  if (sides.length > 2)
    throw new InputError(
      'experiment',
      `${where}: a metric is one name or a difference "A - B", got ${JSON.stringify(name)}`,
    );
  const atoms = sides.map((side) => atomOf(side, game, rotation, where, isMatch));
  const ranges = atoms.map(atomRange);
  const range: [number, number] =
    atoms.length === 1 ? ranges[0]! : [ranges[0]![0] - ranges[1]![1], ranges[0]![1] - ranges[1]![0]];
  return {
    name,
    parts: [{ terms: atoms.map((atom, i) => ({ coef: i === 0 ? 1 : -1, atom })), around: 0 }],
    combine: 'value',
    range,
    share: atoms.every((a) => atomRange(a)[1] === 1) && atoms.every((a) => a.kind !== 'quality' || atoms.length === 1),
    needs: needsOf(atoms),
  };
}

/** Per-deal sums of an atom over deals [start, end): x and y, indexed by deal − start. */
export interface AtomSums {
  x: Float64Array;
  y: Float64Array;
}

/**
 * The per-deal sums of `atoms` from columns that hold every game of deals [start, end) of one
 * context's run (other rows are skipped). `design`: the match design of a `beats` context.
 */
export function atomSums(
  atoms: readonly Atom[],
  columns: Columns,
  start: number,
  end: number,
  players: number,
  design?: MatchDesign,
): AtomSums[] {
  const out = atoms.map(() => ({ x: new Float64Array(end - start), y: new Float64Array(end - start) }));
  const deal = columns.deal!;
  const P = players;
  const score = Array.from({ length: P }, (_, s) => columns[`score${s}`]!);
  const column = (name: string) => {
    const c = columns[name];
    if (!c) throw new Error(`the kept games lack the column ${name}`);
    return c;
  };
  const adders = atoms.map((atom, k) => rowAdder(atom, out[k]!, column, P));
  const winners = new Uint8Array(P);
  for (let row = 0; row < deal.length; row++) {
    const d = deal[row]! - start;
    if (d < 0 || d >= end - start) continue;
    let best = -Infinity;
    let second = -Infinity;
    for (let s = 0; s < P; s++) {
      const v = score[s]![row]!;
      if (v > best) {
        second = best;
        best = v;
      } else if (v > second) second = v;
    }
    let count = 0;
    for (let s = 0; s < P; s++) {
      winners[s] = score[s]![row] === best ? 1 : 0;
      count += winners[s]!;
    }
    for (const add of adders) add?.(row, d, { best, second, winners, count });
  }
  atoms.forEach((atom, k) => {
    if (atom.kind !== 'beats') return;
    const outcomes = dealOutcomes(design!, columns, start, end);
    for (let d = 0; d < end - start; d++) {
      out[k]!.x[d] = outcomes.winUnitsA[d * outcomes.pairs]! / WIN_UNITS;
      out[k]!.y[d] = outcomes.games[d * outcomes.pairs]!;
    }
  });
  return out;
}

interface RowFacts {
  best: number;
  second: number;
  winners: Uint8Array;
  count: number;
}

type RowAdd = (row: number, d: number, facts: RowFacts) => void;

/** What one game adds to an atom's sums (`beats` is counted per deal from the match outcomes). */
function rowAdder(
  atom: Atom,
  sums: AtomSums,
  column: (name: string) => ArrayLike<number>,
  P: number,
): RowAdd | undefined {
  const { x, y } = sums;
  const perSeat = (prefix: string) => Array.from({ length: P }, (_, s) => column(`${prefix}${s}`));
  const sumOver =
    (cols: ArrayLike<number>[]): RowAdd =>
    (row, d) => {
      for (const c of cols) x[d]! += c[row]!;
      y[d]! += P;
    };
  switch (atom.kind) {
    case 'beats':
      return undefined;
    case 'seatWins':
      return (_row, d, f) => {
        x[d]! += f.winners[atom.seat]! / f.count;
        y[d]!++;
      };
    case 'seatScore': {
      const c = column(`score${atom.seat}`);
      return (row, d) => {
        x[d]! += c[row]!;
        y[d]!++;
      };
    }
    case 'score':
      return sumOver(perSeat('score'));
    case 'source':
      return sumOver(perSeat(atom.source));
    case 'playerStat':
      return sumOver(perSeat(`stat.${atom.stat}`));
    case 'winnerScore':
    case 'margin':
    case 'close':
      return (_row, d, f) => {
        const margin = f.best - f.second;
        x[d]! +=
          atom.kind === 'winnerScore' ? f.best : atom.kind === 'margin' ? margin : margin <= CLOSE_MARGIN ? 1 : 0;
        y[d]!++;
      };
    case 'gameStat': {
      const c = column(`stat.${atom.stat}`);
      return (row, d) => {
        x[d]! += c[row]!;
        y[d]!++;
      };
    }
    case 'quality':
      return qualityAdder(atom.measure, sums, column);
    case 'winnerShare': {
      const cols = atom.sources.map((s) => perSeat(s));
      return (row, d, f) => {
        let points = 0;
        for (let s = 0; s < P; s++) if (f.winners[s]) for (const c of cols) points += c[s]![row]!;
        x[d]! += points / f.count;
        y[d]! += f.best;
      };
    }
  }
}

/** The ratio of `src/stats/quality.ts` for each quality measure, from the game's `q.*` columns. */
function qualityAdder(measure: QualityMeasure, sums: AtomSums, column: (name: string) => ArrayLike<number>): RowAdd {
  const [num, den] = {
    leadChanges: ['q.leadChanges', null],
    scoreLeadChanges: ['q.scoreLeadChanges', null],
    behindShare: ['q.behindTurns', 'q.turns'],
    behindBy: ['q.behindPoints', 'q.behindTurns'],
    decidedShare: ['q.decidedTurns', 'q.turns'],
  }[measure] as [string, string | null];
  const xs = column(num);
  const ys = den === null ? null : column(den);
  return (row, d) => {
    sums.x[d]! += xs[row]!;
    sums.y[d]! += ys === null ? 1 : ys[row]!;
  };
}
