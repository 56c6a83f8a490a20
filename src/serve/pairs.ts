/**
 * Paired games: one deal under two arms of a run, side by side, with the first turn where their
 * moves part; and the deals where the winner changed between two arms — read from the run's kept
 * games (`games.arrow`, every deal, after the checks of `runs.ts` `readRunGames`) or, when it kept
 * none, found by playing the deals again here (the first `limit` deals, within a time budget,
 * yielding to other requests between deals) — with the references a share of "winner changed" needs
 * (docs/reasoning.md §9): the independent-games rate of the compared games, and, from a study's run,
 * the noise floor and the games rescored under the other arm's rules.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { Plan } from '../sim/plan.ts';
import { independentChangeRate, wilsonInterval } from '../stats/index.ts';
import type { EffectSummary } from '../sim/summary.ts';
import { winnerChange } from '../report/winner-change.ts';
import type { Share } from '../report/winner-change.ts';
import type { FlipEffect, FlipsView, GameView, PairView, ShareCI } from './api-types.ts';
import { gameView, planGame, playDeal, rotationOf } from './games.ts';

/** What a turn did, for comparing two games: the tile and where it went, and the follow-up. */
const moveOf = (turn: GameView['turns'][number]) =>
  JSON.stringify([turn.changes.filter((c) => c.kind === 'placed' || c.kind === 'discarded'), turn.followUp]);

export function firstDivergence(a: GameView, b: GameView): number | null {
  const n = Math.max(a.turns.length, b.turns.length);
  for (let t = 0; t < n; t++) {
    const ta = a.turns[t];
    const tb = b.turns[t];
    if (!ta || !tb || moveOf(ta) !== moveOf(tb)) return t + 1;
  }
  return null;
}

export function pairView(
  runPath: string,
  plan: Plan,
  a: number,
  b: number,
  deal: number,
  rotation: number | undefined,
): PairView {
  const r = rotationOf(plan, a, deal, rotation);
  const viewA = gameView(planGame(runPath, plan, a, deal, r));
  const viewB = gameView(planGame(runPath, plan, b, deal, rotationOf(plan, b, deal, r)));
  return { deal, rotation: r, a: viewA, b: viewB, divergence: firstDivergence(viewA, viewB) };
}

/** Seats holding the top score. */
const winnersOf = (scores: readonly number[]) => scores.flatMap((s, seat) => (s === Math.max(...scores) ? [seat] : []));
const sameSeats = (x: readonly number[], y: readonly number[]) =>
  x.length === y.length && x.every((v, i) => v === y[i]);
const maskOf = (seats: readonly number[]) => seats.reduce((m, s) => m | (1 << s), 0);

type Flip = FlipsView['flips'][number];

/** Each compared game of a deal under both arms: its winners and scores. */
interface Compared {
  deal: number;
  rotation: number;
  scoresA: number[];
  scoresB: number[];
}

function keptGames(games: ColumnTable, a: number, b: number): Compared[] {
  const rows = games.filter(aq.escape((d: { arm: number }) => d.arm === a || d.arm === b)).objects() as Record<
    string,
    number
  >[];
  const byGame = new Map<string, { a?: number[]; b?: number[] }>();
  for (const row of rows) {
    const scores = Array.from({ length: row.players! }, (_, s) => row[`score${s}`]!);
    const key = `${row.deal}:${row.rotation}`;
    const entry = byGame.get(key) ?? {};
    if (row.arm === a) entry.a = scores;
    if (row.arm === b) entry.b = scores;
    byGame.set(key, entry);
  }
  const compared: Compared[] = [];
  for (const [key, { a: scoresA, b: scoresB }] of byGame) {
    if (!scoresA || !scoresB) continue;
    const [deal, rotation] = key.split(':').map(Number) as [number, number];
    compared.push({ deal, rotation, scoresA, scoresB });
  }
  return compared;
}

const shareOf = (changed: number, games: number): ShareCI => {
  const w = wilsonInterval({ games, wins: changed });
  return { share: w.rate, lo: w.lo, hi: w.hi };
};

/** The flips among compared games, with the share changed and the independent-games reference. */
function flipsView(names: { a: string; b: string }, compared: Compared[], players: number) {
  const flips: Flip[] = [];
  const setsA = new Array<number>(1 << players).fill(0);
  const setsB = new Array<number>(1 << players).fill(0);
  for (const { deal, rotation, scoresA, scoresB } of compared) {
    const winnersA = winnersOf(scoresA);
    const winnersB = winnersOf(scoresB);
    setsA[maskOf(winnersA)]!++;
    setsB[maskOf(winnersB)]!++;
    if (!sameSeats(winnersA, winnersB)) flips.push({ deal, rotation, winnersA, winnersB, scoresA, scoresB });
  }
  const independent = independentChangeRate(setsA, setsB);
  return {
    ...names,
    changed: shareOf(flips.length, compared.length),
    independent: { share: independent.rate, lo: independent.lo, hi: independent.hi },
    flips: flips.sort((x, y) => x.deal - y.deal || x.rotation - y.rotation),
  };
}

/** A study's effect counts as the page shows them: shares with their intervals, as `winner-change.ts` computes them. */
export function flipEffect(e: EffectSummary): FlipEffect {
  const w = winnerChange(e);
  const ci = (s: Share) => ({ share: s.share, lo: s.lo, hi: s.hi });
  return {
    a: e.a,
    b: e.b,
    games: e.games,
    total: { ...ci(w.total), changed: e.totalChanged },
    rescored: w.rescored
      ? { ...ci(w.rescored), flipped: e.flipped, replayed: e.replayed, notReplayable: w.notReplayable }
      : null,
    noiseFloor: { ...ci(w.noiseFloor), changed: e.noiseChanged },
    independent: ci(w.independent),
  };
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deals where the winning seats differ between arms `a` and `b` (same deal, same rotation), with the
 * references beside them: the independent-games rate of the compared games, and the study's own
 * figures (`effect`: the rescored games and the noise floor) when the run measured them.
 */
export async function flipsOf(
  kept: ColumnTable | null,
  plan: Plan,
  a: number,
  b: number,
  limit: number,
  budgetMs: number,
  effect: EffectSummary | null = null,
): Promise<FlipsView> {
  const names = { a: plan.arms[a]!.name, b: plan.arms[b]!.name };
  const players = plan.arms[a]!.players;
  const study = effect ? flipEffect(effect) : null;
  if (kept !== null) {
    return {
      ...flipsView(names, keptGames(kept, a, b), players),
      effect: study,
      source: 'kept games',
      dealsCompared: plan.deals,
      dealsInRun: plan.deals,
    };
  }
  const compared: Compared[] = [];
  const started = Date.now();
  let deal = 0;
  for (; deal < Math.min(limit, plan.deals) && Date.now() - started < budgetMs; deal++) {
    const rotation = rotationOf(plan, a, deal, undefined);
    const scoresA = playDeal(plan, a, deal, rotation).state.totals();
    const scoresB = playDeal(plan, b, deal, rotationOf(plan, b, deal, rotation)).state.totals();
    compared.push({ deal, rotation, scoresA, scoresB });
    await nextTick();
  }
  return {
    ...flipsView(names, compared, players),
    effect: study,
    source: 'replayed',
    dealsCompared: deal,
    dealsInRun: plan.deals,
  };
}
