/**
 * `carclab match A B`: agents A and B play the same deals in every seat arrangement (2 players: each
 * deal twice, seats swapped) as an ordinary run (progress bar, resume, results folder with manifest
 * and kept games), optionally stopped by an SPRT on the deals. Prints A's win share (Wilson), its Elo
 * equivalent, A's mean margin per game (t interval over deal means) and the SPRT decision, as text
 * or one JSON object; the same object is written to `match.json` in the run directory.
 */
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import type { ParamValue } from '../engine/index.ts';
import { pairResult } from '../match/stats.ts';
import type { PairResult } from '../match/stats.ts';
import { percent, signed } from '../report/numbers.ts';
import { writeJsonAtomic } from '../run/files.ts';
import { sprtBounds } from '../stats/sprt.ts';
import type { SprtHypotheses, SprtState } from '../stats/sprt.ts';
import type { Command } from './args.ts';
import { PAIRING_FLAGS, parsePairingRun, playPairings, setupText } from './pairings.ts';

/** Deals played at most under `--sprt` when `--deals` is not given. */
const SPRT_DEFAULT_DEALS = 20_000;

/** The largest |Elo| an SPRT hypothesis may name (an expected score of 0.997). */
export const SPRT_MAX_ELO = 1000;

/** What the intervals printed after an SPRT stop are worth (`--json`, match.json and the text say it). */
export const SPRT_INTERVALS_NOTE =
  'the intervals are not adjusted for the sequential stop: they cover less than 95 % (about 92 % in an independent audit of this command)';

/** `--sprt elo0,elo1[,alpha,beta]`. */
export function parseSprtFlag(text: string): Required<SprtHypotheses> {
  const parts = text.split(',').map((s) => s.trim());
  const values = parts.map(Number);
  const bad = (why: string): never => {
    throw new InputError(
      'usage',
      `--sprt must be elo0,elo1[,alpha,beta] (e.g. --sprt 0,10 or --sprt 0,10,0.05,0.05): ${why}, got ${JSON.stringify(text)}`,
    );
  };
  if (
    (parts.length !== 2 && parts.length !== 4) ||
    parts.some((p) => p === '') ||
    values.some((v) => !Number.isFinite(v))
  )
    bad('two or four numbers');
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = values as [number, number, number?, number?];
  if (!(elo1 > elo0)) bad('elo1 must exceed elo0');
  // Past that an expected score rounds to 0 or 1 and the likelihood ratio does not exist.
  if (Math.abs(elo0) > SPRT_MAX_ELO || Math.abs(elo1) > SPRT_MAX_ELO)
    bad(`elo0 and elo1 must lie within ±${SPRT_MAX_ELO}`);
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) bad('alpha and beta must lie between 0 and 0.5');
  return { elo0, elo1, alpha, beta };
}

export interface MatchJson extends PairResult {
  format: 'carclab-match/1';
  players: number;
  /** The lineups played: numbers of copies of A (`--lineups`; every one from 1 to players − 1 by default). */
  lineups: number[];
  /** A's win share if every player were as good as every other: its mean share of the seats. */
  fairShareA: number;
  expansions: string[];
  rules: Record<string, ParamValue>;
  seed: string;
  /** Deals the run was planned with (with an SPRT: the most it would play). */
  dealsPlanned: number;
  sprt:
    | (Required<SprtHypotheses> & {
        lower: number;
        upper: number;
        llr: number;
        decision: 'H0' | 'H1' | 'inconclusive';
        intervals: string | null;
      })
    | null;
  results: string;
}

/** An Elo figure; null (an infinite Elo) where its win share is 0 or 1. */
const elo = (x: number | null, rate: number | null) =>
  x !== null ? signed(x, 0) : rate === 1 ? '+∞' : rate === 0 ? '−∞' : '–';

function sprtJson(hypotheses: Required<SprtHypotheses>, state: SprtState): NonNullable<MatchJson['sprt']> {
  const { lower, upper } = sprtBounds(hypotheses.alpha, hypotheses.beta);
  const decision = state.decision === 'continue' ? 'inconclusive' : state.decision;
  return {
    ...hypotheses,
    lower,
    upper,
    llr: state.llr,
    decision,
    intervals: decision === 'inconclusive' ? null : SPRT_INTERVALS_NOTE,
  };
}

/** The share's interval and its method: one-sided bounds for a perfect record. */
function shareText(m: MatchJson): string {
  if (m.perfectRecord)
    return `[${percent(m.winRateALo)}, ${percent(m.winRateAHi)}] (one-sided Clopper–Pearson 95 % over the ${m.deals.toLocaleString('en')} deals: every game ${m.winsA === 0 ? 'lost' : 'won'}, a bound only`;
  return `[${percent(m.winRateALo)}, ${percent(m.winRateAHi)}] (Wilson 95 %`;
}

/** The Elo and its interval; a perfect record gives a bound ("≥ +477"), never a finite upper end. */
function eloText(m: MatchJson): string {
  if (m.perfectRecord)
    return m.winsA === 0 ? `Elo ≤ ${elo(m.eloAHi, m.winRateAHi)}` : `Elo ≥ ${elo(m.eloALo, m.winRateALo)}`;
  return `Elo ${elo(m.eloA, m.winRateA)} [${elo(m.eloALo, m.winRateALo)}, ${elo(m.eloAHi, m.winRateAHi)}]`;
}

/** Below this many deals the intervals say so: they rest on a handful of units. */
export const FEW_DEALS = 10;

export function matchText(m: MatchJson, labels: readonly string[]): string {
  const [a, b] = labels;
  const lines = [
    `${a} against ${b}: ${m.games.toLocaleString('en')} games on ${m.deals.toLocaleString('en')} deals${m.deals < FEW_DEALS ? ` (only ${m.deals} deal${m.deals === 1 ? '' : 's'}: the intervals below are rough)` : ''}`,
    `  ${a} win share ${percent(m.winRateA)} % ${shareText(m)}, ties shared: ${m.ties}; deal-clustered ${m.dealsAlike ? 'bound (every deal scored alike; exact, distribution-free)' : 't'} [${percent(m.winRateADealLo)}, ${percent(m.winRateADealHi)}]), ${eloText(m)}`,
    `  ${a} margin per game ${signed(m.marginA, 2)} [${signed(m.marginALo, 2)}, ${signed(m.marginAHi, 2)}] points (t 95 %, the deal is the unit)`,
  ];
  if (m.players > 2 && m.winRateA !== null) {
    const copies =
      m.lineups.length === m.players - 1
        ? 'every lineup'
        : `${m.lineups.map((k) => `${k} ${a}`).join(' and ')} among ${m.players}`;
    lines.push(
      `  ${a}'s fair share ${percent(m.fairShareA)} % (${copies}): its win share is ${(m.winRateA / m.fairShareA).toFixed(2)}× that`,
    );
  }
  if (m.pentanomial) lines.push(`  deals by ${a}'s points of 2 (0, ½, 1, 1½, 2): ${m.pentanomial.join(', ')}`);
  if (m.sprt) {
    const s = m.sprt;
    // An SPRT chooses between two simple hypotheses; it does not bound the advantage (at the midpoint it accepts either half the time).
    const verdict =
      s.decision === 'H1'
        ? `H1 accepted: the games favour an advantage of ${s.elo1} Elo for ${a} over one of ${s.elo0} (not a proof that it is ${s.elo1} or more)`
        : s.decision === 'H0'
          ? `H0 accepted: the games favour an advantage of ${s.elo0} Elo for ${a} over one of ${s.elo1} (not a proof that it is ${s.elo0} or less)`
          : 'no decision';
    lines.push(
      `  SPRT elo0 ${s.elo0}, elo1 ${s.elo1}, α ${s.alpha}, β ${s.beta}: ${verdict} after ${m.deals} of at most ${m.dealsPlanned} deals; LLR ${s.llr.toFixed(3)}, bounds [${s.lower.toFixed(3)}, ${s.upper.toFixed(3)}]`,
    );
    if (s.intervals) lines.push(`  (${s.intervals})`);
  }
  return lines.join('\n');
}

export const matchCommand: Command = {
  name: 'match',
  usage:
    'carclab match A B [--players N] [--expansions NAME,…] [--rules k=v,…] [--deals N] [--workers K] [--seed S] [--out DIR] [--json] [--new-run] [--sprt elo0,elo1[,alpha,beta]] [--lineups K,…]',
  summary: 'Two agent specs play the same deals in every seat arrangement: win share, Elo, margin, optional SPRT.',
  flags: {
    ...PAIRING_FLAGS,
    deals: {
      ...PAIRING_FLAGS.deals!,
      help: 'deals, each played in every seat arrangement (default 100; with --sprt the most to play, default 20000)',
    },
    lineups: {
      type: 'string',
      help: 'more than 2 players: only the lineups with K copies of A (e.g. 1: A alone against the others as B, in every seat; default every K from 1 to players − 1)',
    },
    sprt: {
      type: 'string',
      help: 'sequential test on the deals, stopping when it decides: elo0,elo1[,alpha,beta] (default α = β = 0.05)',
    },
  },
  async run(positionals, flags) {
    if (positionals.length !== 2)
      throw new InputError(
        'usage',
        `carclab match: needs two agent specs, got ${positionals.length}\nusage: ${matchCommand.usage}`,
      );
    const sprt = flags.sprt === undefined ? undefined : parseSprtFlag(flags.sprt as string);
    const run = parsePairingRun('match', positionals, flags, sprt ? SPRT_DEFAULT_DEALS : undefined);
    const { design } = run;
    if (!flags.json)
      process.stderr.write(`carclab: ${design.specs[0]} against ${design.specs[1]} (${setupText(design)})\n`);
    const outcome = await playPairings(run, sprt);
    if (!outcome) return 130;
    const arm = design.plan.arms[0]!;
    const result: MatchJson = {
      format: 'carclab-match/1',
      ...pairResult(outcome.outcomes!, 0, { a: design.specs[0]!, b: design.specs[1]! }, design.players),
      players: design.players,
      lineups: design.lineups,
      fairShareA: design.lineups.reduce((sum, k) => sum + k, 0) / design.lineups.length / design.players,
      expansions: arm.expansions,
      rules: arm.rules,
      seed: design.plan.seed,
      dealsPlanned: design.plan.deals,
      sprt: sprt && outcome.sprt ? sprtJson(sprt, outcome.sprt) : null,
      results: outcome.runDir,
    };
    writeJsonAtomic(join(outcome.runDir, 'match.json'), result);
    process.stdout.write(
      flags.json ? `${JSON.stringify(result)}\n` : `${matchText(result, design.labels)}\nresults: ${outcome.runDir}\n`,
    );
    return 0;
  },
};
