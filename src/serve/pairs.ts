/**
 * Paired games: one deal under two arms of a run, side by side, with the first turn where their
 * moves part; and the deals where the winner changed between two arms — read from the run's kept
 * games (`games.arrow`, every deal, after the checks of `runs.ts` `readRunGames`) or, when it kept none, found by playing the deals again here
 * (the first `limit` deals, within a time budget, yielding to other requests between deals).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { Plan } from '../sim/plan.ts';
import type { FlipsView, GameView, PairView } from './api-types.ts';
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

type Flip = FlipsView['flips'][number];

function keptFlips(games: ColumnTable, a: number, b: number): Flip[] {
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
  const flips: Flip[] = [];
  for (const [key, { a: scoresA, b: scoresB }] of byGame) {
    if (!scoresA || !scoresB) continue;
    const [deal, rotation] = key.split(':').map(Number) as [number, number];
    const winnersA = winnersOf(scoresA);
    const winnersB = winnersOf(scoresB);
    if (!sameSeats(winnersA, winnersB)) flips.push({ deal, rotation, winnersA, winnersB, scoresA, scoresB });
  }
  return flips.sort((x, y) => x.deal - y.deal || x.rotation - y.rotation);
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deals where the winning seats differ between arms `a` and `b` (same deal, same rotation). */
export async function flipsOf(
  kept: ColumnTable | null,
  plan: Plan,
  a: number,
  b: number,
  limit: number,
  budgetMs: number,
): Promise<FlipsView> {
  const names = { a: plan.arms[a]!.name, b: plan.arms[b]!.name };
  if (kept !== null) {
    return {
      ...names,
      source: 'kept games',
      dealsCompared: plan.deals,
      dealsInRun: plan.deals,
      flips: keptFlips(kept, a, b),
    };
  }
  const flips: Flip[] = [];
  const started = Date.now();
  let deal = 0;
  for (; deal < Math.min(limit, plan.deals) && Date.now() - started < budgetMs; deal++) {
    const rotation = rotationOf(plan, a, deal, undefined);
    const scoresA = playDeal(plan, a, deal, rotation).state.totals();
    const scoresB = playDeal(plan, b, deal, rotationOf(plan, b, deal, rotation)).state.totals();
    const winnersA = winnersOf(scoresA);
    const winnersB = winnersOf(scoresB);
    if (!sameSeats(winnersA, winnersB)) flips.push({ deal, rotation, winnersA, winnersB, scoresA, scoresB });
    await nextTick();
  }
  return { ...names, source: 'replayed', dealsCompared: deal, dealsInRun: plan.deals, flips };
}
