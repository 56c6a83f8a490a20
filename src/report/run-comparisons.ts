/**
 * The paired comparisons of a run's report (`run-report.ts`): per-deal differences between arms with
 * Holm-adjusted p, the pairs that played the same moves on every deal (a loud warning), how often the
 * winner changed (only with its references), and each seat's win-share difference.
 */
import * as aq from 'arquero';
import { forestChart, formatCount } from '../charts/index.ts';
import { comparisonTable } from '../stats/index.ts';
import type { recordsFromSummary } from '../stats/index.ts';
import type { Summary } from '../sim/summary.ts';
import type { Report, Section } from './report.ts';
import { WINNER_CHANGE_TEXT, winnerChangeRows } from './winner-change.ts';

type PairRecords = ReturnType<typeof recordsFromSummary>['pairs'];

/** The section of paired comparisons between the arms of a run that has pairs (`at`: as the run's other sections). */
export function addPairedComparisons(
  report: Report,
  summary: Summary,
  pairRecords: PairRecords,
  at: { level: 2 | 3; title: string; chart: string },
): void {
  const metrics = ['score', 'winnerScore', 'margin'];
  const table = comparisonTable(pairRecords.filter((r) => metrics.includes(r.metric)));
  const pairs = report.section(`${at.title}Paired comparisons between arms`, at.level);
  pairs.text(
    'Per-deal differences b − a on the same deals (common random numbers): mean with paired t 95 % interval, d_z = mean / sd of the differences, two-sided p and Holm-adjusted p within each metric. `score` is the mean score per player, `margin` the winner minus the runner-up.' +
      (summary.arms.length > 8 ? ' With more than 8 arms only pairs with the first arm are compared.' : ''),
  );
  const rows = table.objects() as {
    a: string;
    b: string;
    metric: string;
    meanDiff: number;
    lo: number;
    hi: number;
  }[];
  pairs.chart(
    `${at.chart}paired-differences`,
    forestChart(
      rows
        .filter((r) => r.metric !== 'winnerScore' && r.lo !== null)
        .map((r) => ({
          comparison: `${r.b} − ${r.a}, ${r.metric === 'score' ? 'mean score' : 'margin'}`,
          estimate: r.meanDiff,
          lower: r.lo,
          upper: r.hi,
        })),
      {
        title: 'Paired differences between arms',
        subtitle: 'same deals; paired t 95 % intervals',
        runSize: `${formatCount(summary.deals)} deals per comparison`,
        label: 'comparison',
        valueTitle: 'difference (points)',
        valueFormat: '+.2f',
        referenceLabel: 'no difference',
      },
    ),
  );
  pairs.table(table.select('a', 'b', 'metric', 'deals', 'meanDiff', 'lo', 'hi', 'sdDiff', 'dz', 'p', 'pHolm'));
  addPlayChecks(pairs, summary);
  addSeatWinDifferences(pairs, pairRecords);
}

/** The warning for pairs of arms that played the same moves on every deal, or null (docs/reasoning.md §1). */
export function identicalPlayWarning(summary: Summary, label = ''): string | null {
  const identical = summary.pairs.filter((p) => p.sameMoves === p.metrics.score?.deals && p.sameMoves > 0);
  if (!identical.length) return null;
  return `**Warning — identical play${label}: ${identical.map((p) => `\`${p.a}\` and \`${p.b}\``).join('; ')} played the same moves on every deal; this compares scoring only.** The agents' moves did not respond to what differs between these arms, so their differences are a rescoring of the same games, not a change in play (docs/reasoning.md §1).`;
}

/** Per pair of arms: the deals on which both arms played the same moves in every game. */
export function sameMovesRows(summary: Summary): { a: string; b: string; deals: number; sameMoves: number }[] {
  return summary.pairs.map((p) => ({ a: p.a, b: p.b, deals: summary.deals, sameMoves: p.sameMoves }));
}

/**
 * Pairs that played the same moves on every deal (a loud warning), and how often the winner changed,
 * shown only with its references (docs/reasoning.md §9): a run measures those when its plan asks for
 * effects (`carclab study`); other runs show no "winner changed" figure.
 */
function addPlayChecks(section: Section, summary: Summary): void {
  const warning = identicalPlayWarning(summary);
  if (warning) section.text(warning);
  if (summary.pairs.length) {
    section.text('`sameMoves`: the deals on which both arms played the same moves in every game.');
    section.table(aq.from(sameMovesRows(summary)), { caption: 'Deals with identical moves per pair of arms.' });
  }
  const rows = winnerChangeRows(summary);
  if (rows.length) {
    section.text(WINNER_CHANGE_TEXT);
    section.table(aq.from(rows), { caption: 'Winner changed, rescored, and the two no-effect references.' });
  } else if (summary.pairs.length) {
    section.text(NO_WINNER_CHANGE_TEXT);
  }
}

/** Why a run without effect counts shows no "winner changed" figure. */
export const NO_WINNER_CHANGE_TEXT =
  "How often the winner changed between arms is not shown: alone it measures how far play diverged, not the rule, and this run did not measure its no-effect references (the noise floor of an arm played twice, and the rescoring of the same games). `carclab study` measures the rule's direct effect with both references.";

/** Paired per-deal differences of each seat's win share (b − a), paired t with Holm over the seats and pairs. */
function addSeatWinDifferences(section: Section, pairs: PairRecords): void {
  const seatWins = pairs.filter((r) => /^seat\d+\.wins$/.test(r.metric));
  if (!seatWins.length) return;
  const table = comparisonTable(seatWins, { family: 'all' });
  section.text(
    'Win share of each seat, paired per deal (b − a, a share from 0 to 1): paired t 95 % intervals, Holm over every seat and pair in the table.',
  );
  section.table(table.select('a', 'b', 'metric', 'deals', 'meanDiff', 'lo', 'hi', 'p', 'pHolm'), {
    caption: 'Paired seat win-share differences.',
  });
}
