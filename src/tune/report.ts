/**
 * The report of a tuning (`report.md` with PNG charts, offline `report.html`): the answer with its
 * confirmation interval and the games spent, every candidate the search measured (table and sweep
 * chart of the target metric with 95 % intervals, the target as a dashed line), the method and why
 * the reported interval is honest under the search's repeated looks, and the search's decisions.
 */
import * as aq from 'arquero';
import { sweepChart } from '../charts/index.ts';
import { Report, writeReport } from '../report/report.ts';
import type { Tuning } from './definition.ts';
import type { TuneResult } from './result.ts';

const num = (x: number) => String(Number(x.toPrecision(4)));

/** One-paragraph answer, also printed by the CLI. */
export function answerText(tuning: Tuning, result: TuneResult): string {
  const value = tuning.parameters.map((p, i) => `${p.name} = ${result.point[i]}`).join(', ');
  const target =
    tuning.kind === 'equals'
      ? `${tuning.metric} = ${tuning.value}`
      : tuning.parts.length > 1
        ? `${tuning.metric} as small as possible`
        : `|${tuning.metric} − ${tuning.value}| as small as possible`;
  const status =
    result.status === 'unreachable'
      ? 'no value in the range reaches the target; the nearest end is'
      : result.status === 'budget'
        ? 'the budget ran out before the search finished; the best value so far is'
        : 'chosen';
  const reached = result.confirmation.reason === 'deals' ? `, not reached: ±${num(result.confirmation.halfWidth)}` : '';
  const set =
    result.notRejected.length > 1
      ? `; values the search did not reject: ${result.notRejected.map((v) => (Array.isArray(v) ? `(${v.join(', ')})` : String(v))).join(', ')}` +
        `${tuning.kind === 'equals' && tuning.parameters[0]!.integer === false ? ' (the ends of the range between them)' : ''} — the data do not tell them apart`
      : '';
  const warnings = result.warnings.map((w) => `\nWARNING: ${w}`).join('');
  return (
    `${tuning.name}: target ${target} (precision ±${tuning.precision}${reached}): ${status} ${value}${set}; there ${tuning.metric} = ${num(result.estimate)} ` +
    `[${num(result.lo)}, ${num(result.hi)}] (${result.interval}, ${result.confirmation.deals.toLocaleString('en')} fresh deals); ` +
    `${result.games.toLocaleString('en')} games (search ${result.searchGames.toLocaleString('en')}, confirmation ${result.confirmation.games.toLocaleString('en')})${warnings}`
  );
}

export async function writeTuneReport(tuning: Tuning, result: TuneResult, dir: string): Promise<void> {
  const report = new Report(`Tuning ${tuning.name}`, tuning.description);
  const game = `${tuning.players} players, agents ${JSON.stringify(tuning.agents)}, expansions ${tuning.expansions.join(', ') || 'none'}, fixed rules ${JSON.stringify(tuning.rules)}, rotation ${tuning.rotation}, seed ${tuning.seed}`;
  report
    .section('Answer')
    .text(`${answerText(tuning, result).replace(/\nWARNING: /g, '\n\n**Warning:** ')}\n\nGame: ${game}.`);

  const candidates = report.section('Every candidate measured');
  const columns: Record<string, (string | number)[]> = {};
  tuning.parameters.forEach((p, i) => {
    columns[p.name] = result.candidates.map((c) => c.point[i]!);
  });
  Object.assign(columns, {
    deals: result.candidates.map((c) => c.deals),
    estimate: result.candidates.map((c) => c.estimate),
    lo: result.candidates.map((c) => c.lo),
    hi: result.candidates.map((c) => c.hi),
    verdict: result.candidates.map((c) => c.verdict),
  });
  const quantity =
    tuning.kind === 'equals' || tuning.parts.length === 1
      ? tuning.metric
      : `${tuning.metric} (largest |seat win share − 1/${tuning.players}|)`;
  candidates.table(aq.table(columns), {
    caption: `Search deals (the tuning's seed; the same deals for every candidate): ${quantity} with its 95 % interval (${result.interval}). These intervals were looked at during the search; the answer's interval above comes from fresh deals.`,
  });
  if (tuning.parameters.length <= 2) {
    const [x, series] = tuning.parameters;
    // A degenerate candidate (every deal alike) has no interval on an open side: drawn as its point.
    const finiteOr = (x: number | null, fallback: number) => (x !== null && Number.isFinite(x) ? x : fallback);
    const rows = result.candidates.map((c) => ({
      x: c.point[0]!,
      series: series ? `${series.name} = ${c.point[1]}` : '',
      estimate: c.estimate,
      lower: finiteOr(c.lo, c.estimate),
      upper: finiteOr(c.hi, c.estimate),
    }));
    candidates.chart(
      'sweep',
      sweepChart(rows, {
        title: `${quantity} by ${x!.name}`,
        x: 'x',
        xTitle: x!.name,
        ...(series ? { series: 'series' as const, seriesTitle: series.name } : {}),
        valueTitle: `${quantity} (95 % interval)`,
        reference: tuning.kind === 'equals' ? tuning.value : undefined,
        referenceLabel: tuning.kind === 'equals' ? 'target' : undefined,
        runSize: `search deals per candidate: ${Math.min(...result.candidates.map((c) => c.deals))} to ${Math.max(...result.candidates.map((c) => c.deals))}`,
      }),
      {
        caption:
          'Search measurements: a point per candidate, its interval as the band; candidates with few deals were decided early.',
      },
    );
  }

  report
    .section('Method')
    .text(
      [
        `- Search: ${result.method}. Candidates get deals only while their side of the target (or, racing, their rank) is uncertain, so the values near the answer get most of the ${result.searchGames.toLocaleString('en')} search games.`,
        tuning.kind === 'equals'
          ? '- Bisection assumes the metric moves one way with the parameter; the table shows whether the measured candidates are in order.'
          : "- Racing drops a candidate once its distance from the target is surely larger than another's.",
        `- Optional stopping and selection (docs/reasoning.md §8, §11): the search looks at its intervals many times and picks the value by them, so its intervals are not reported. The answer's interval comes from a confirmation run of the chosen value on fresh deals (seed \`${result.confirmation.seed}\`), stopped by the rule of \`carclab run --precision\` (${result.confirmation.deals.toLocaleString('en')} deals; an interval whose coverage holds under that stop). The values the search did not reject are listed with the answer: between them the choice is close to a coin flip.`,
      ].join('\n'),
    );
  report.section('Search decisions').text(result.log.map((line) => `- ${line}`).join('\n'));
  await writeReport(report, dir);
}
