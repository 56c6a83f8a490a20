/**
 * The report of a balance search (`report.md` with PNG charts, offline `report.html`): the bottom
 * line first (the best rule set and how it does on fresh deals), then what the file searches, the
 * rule sets not rejected and their confirmations with an interval for every target, the warnings,
 * the Pareto front of the targets, each knob's main effect on each target, the games spent against a
 * full grid's, every rule set measured, the method and the search's decisions.
 */
import * as aq from 'arquero';
import { estimatesChart, paretoChart } from '../charts/index.ts';
import type { Estimate } from '../charts/fields.ts';
import { Report, writeReport } from '../report/report.ts';
import type { Balance } from './definition.ts';
import type { BalanceResult } from './result.ts';
import { describeBalance, ruleSetText } from './summary.ts';
import { wishText } from './targets.ts';
import type { BalanceTarget } from './targets.ts';

const num = (x: number) => String(Number(x.toPrecision(3)));
const count = (n: number) => Math.round(n).toLocaleString('en');
/** A metric value as shown: shares in %, the rest as they are. */
const shown = (x: number, share: boolean) => (share ? `${num(100 * x)} %` : num(x));

/** The bottom line in one to three sentences (also printed by the command line). */
export function answerText(balance: Balance, result: BalanceResult): string {
  const best = result.confirmed[0];
  if (!best) return `${balance.name}: no rule set was confirmed.`;
  const met = best.targets.filter((t) => t.met === 'yes').length;
  const judged = best.targets.filter((t) => t.met !== 'n/a').length;
  const lines = balance.targets.map((t, i) => {
    const c = best.targets[i]!;
    const tag = c.met === 'yes' ? 'met' : c.met === 'no' ? 'MISSED' : c.met === 'undecided' ? 'undecided' : '';
    return `  ${t.label} ${wishText(t)}: ${shown(c.estimate, t.metric.share)} [${shown(c.lo, t.metric.share)}, ${shown(c.hi, t.metric.share)}]${tag ? ` (${tag})` : ''}`;
  });
  const others = result.notRejected.length - 1;
  const distinct = new Set(result.notRejected.map((r) => r.group)).size;
  const same =
    distinct < result.notRejected.length
      ? `; ${result.notRejected.length - distinct} of them played the same games as another`
      : '';
  return [
    `${balance.name}: best rule set ${ruleSetText(balance, best.point)}; on fresh deals it meets ${met} of ${judged} targets surely:`,
    ...lines,
    `${others > 0 ? `${others} other rule set${others === 1 ? ' is' : 's are'} not rejected as the best (the data do not tell them apart${same}). ` : ''}Games: search ${count(result.games.search)}, confirmation ${count(result.games.confirmation)}; a full grid to the same precision: about ${count(result.games.grid)}.`,
    ...result.warnings.map((w) => `WARNING: ${w}`),
  ].join('\n');
}

export async function writeBalanceReport(balance: Balance, result: BalanceResult, dir: string): Promise<void> {
  const report = new Report(`Balance ${balance.name}`);
  const verdict = report.verdict('Bottom line');
  verdict.text(
    answerText(balance, result)
      .replace(/\nWARNING: /g, '\n\n**Warning:** ')
      .replace(/\n {2}/g, '\n- '),
  );
  report.section('What is searched').text(describeBalance(balance));
  answerSection(report, balance, result);
  paretoSection(report, balance, result);
  effectsSection(report, balance, result);
  const g = result.games;
  report
    .section('Games spent')
    .text(
      `The search played **${count(g.search)}** games (charged by the deals it asked for; runs shared by rule sets counted once) and the confirmation **${count(g.confirmation)}**. Measuring every rule set's games to each target's precision (the deals the leader's spread asks for, at the confirmation's level) would take about **${count(g.grid)}** games, ${num(g.grid / Math.max(1, g.search))} × the search's.`,
    );
  candidatesSection(report, balance, result);
  report
    .section('Method')
    .text(
      [
        `- Search: ${result.method}. Every rule set plays the same deals (seed \`${result.seed}\`), so two rule sets are compared on their per-deal differences (common random numbers).`,
        `- A rule set is rejected as the best when the lower bound of its loss minus the leader's is above 0, with every interval of the test at the two-sided level ${(result.levels.search * 100).toPrecision(8)} % (Bonferroni over the most rule sets the search may measure, the looks each may get and the intervals of a test). Halving sets rule sets aside by an unadjusted paired test at 99 %, by their estimate or by the model: those are listed apart, not as rejected.`,
        `- Optional stopping and selection: the search's intervals were looked at many times and chose the finalists, so the intervals of the answer come from fresh deals (seed \`${result.seed}/confirm\`), each context played by the stop rule of \`carclab run --precision\`; each part of each target at the nominal ${Number((result.levels.confirmationNominal * 100).toPrecision(6))} % (Bonferroni over the targets' parts), covering ≥ ${result.levels.confirmation * 100} % under the stop. A share: Wilson (on the effective games when a deal has several); a count per game: exact Poisson; anything else: Student t on the per-deal influences (delta method of a ratio, the deal the unit); a sample without spread: the distribution-free bound, or where its terms never moved the exact Poisson bound of each term's points.`,
        '- Main effects: the additive model (a constant and one effect per knob value) fitted by ordinary least squares on the first deals of every rule set measured, with no penalty on a measured value (the search\u2019s own model, which draws neighbouring values together to propose rule sets, shrinks them); each value against the mean of the knob\u2019s measured values, unbiased where the knobs add up; 95 % t intervals over those deals from each deal\u2019s influences (pointwise, not adjusted; they describe the search\u2019s games, rule sets chosen by it included). A value no rule set measured, or whose effect the rule sets measured cannot separate from other knobs\u2019, has no estimate. Under each chart: the rule sets\u2019 sum of squared residuals about the fit over its expectation from the deals\u2019 noise (each deal\u2019s influences put through the same fit), against the 99 % point of a chi-square on the rule sets beyond the fit\u2019s parameters: above it, the knobs interact.',
      ].join('\n'),
    );
  report.section('Search decisions').text(result.log.map((line) => `- ${line}`).join('\n'));
  await writeReport(report, dir);
}

function answerSection(report: Report, balance: Balance, result: BalanceResult): void {
  const section = report.section('Rule sets not rejected as the best');
  const knobColumns = (rows: { values: unknown[] }[]) =>
    Object.fromEntries(balance.knobs.map((k, i) => [k.name, rows.map((r) => String(r.values[i]))]));
  // A rule set that played the same games as an earlier row names that row by its number.
  const firstRow = (group: number) => result.notRejected.findIndex((r) => r.group === group) + 1;
  section.table(
    aq.table({
      '#': result.notRejected.map((_, i) => i + 1),
      ...knobColumns(result.notRejected),
      'search loss': result.notRejected.map((r) => r.loss),
      'same games as': result.notRejected.map((r, i) => (firstRow(r.group) === i + 1 ? '' : `#${firstRow(r.group)}`)),
    }),
    {
      caption: `Best search estimate first, on up to ${count(Math.max(...result.candidates.map((c) => c.deals)))} deals each (the loss: Σ weight × shortfall / precision; same games as: the row whose games it played on every deal).`,
    },
  );
  if (!result.confirmed.length) return;
  const rows = result.confirmed.flatMap((c) =>
    balance.targets.map((t, i) => ({
      'rule set': c.label,
      target: `${t.label} ${wishText(t)}`,
      estimate: shown(c.targets[i]!.estimate, t.metric.share),
      interval: `[${shown(c.targets[i]!.lo, t.metric.share)}, ${shown(c.targets[i]!.hi, t.metric.share)}]`,
      met: c.targets[i]!.met,
      deals: c.contexts.find((x) => x.key === t.context)!.deals,
    })),
  );
  report.section('Confirmed on fresh deals', 3).table(aq.from(rows), {
    caption:
      'Each target with its interval (see Method); `met`: yes when the whole interval meets the wish, no when none of it does.',
  });
  if (result.warnings.length) report.section('Warnings', 3).text(result.warnings.map((w) => `- ${w}`).join('\n'));
}

/** The two targets whose estimates pull most against each other across the rule sets measured. */
function conflictingPairs(balance: Balance, result: BalanceResult): [number, number][] {
  const T = balance.targets.length;
  const score = (i: number, j: number) => {
    const xs = result.candidates.map((c) => c.first[i]!);
    const ys = result.candidates.map((c) => c.first[j]!);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const sign = (t: number) =>
      balance.targets[t]!.kind === 'maximize' || balance.targets[t]!.kind === 'atLeast' ? -1 : 1;
    return xs.reduce((s, x, k) => s + sign(i) * sign(j) * (x - mx) * (ys[k]! - my), 0);
  };
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < T; i++) for (let j = i + 1; j < T; j++) pairs.push([i, j, score(i, j)]);
  return pairs
    .sort((a, b) => a[2] - b[2])
    .slice(0, 2)
    .map(([i, j]) => [i, j]);
}

/** A target's metric (a skill-matrix entry with its two levels), with its player count and level where they tell it from the other target. */
function short(t: BalanceTarget, other: BalanceTarget): string {
  const name = t.versus === null ? t.metric.name : `${t.metric.name} ${t.level} vs ${t.versus}`;
  const extra = [
    t.players !== other.players ? `${t.players} players` : '',
    t.versus === null && t.level !== other.level ? t.level : '',
  ].filter(Boolean);
  return extra.length ? `${name} (${extra.join(', ')})` : name;
}

/** Two targets against each other, with what they share (player count, level): `x against y (2 players, strong)`. */
function pairTitle(a: BalanceTarget, b: BalanceTarget): string {
  const sameLevel = a.level === b.level && a.versus === null && b.versus === null;
  const both = [a.players === b.players ? `${a.players} players` : '', sameLevel ? a.level : ''].filter(Boolean);
  const [x, y] = [short(a, b), short(b, a)];
  if (!both.length) return `${x} against ${y}`;
  // No second pair of brackets after a target's own: `seatWinGap (3 players) against seatWinGap (5 players), greedy`.
  return x.endsWith(')') || y.endsWith(')')
    ? `${x} against ${y}, ${both.join(', ')}`
    : `${x} against ${y} (${both.join(', ')})`;
}

function paretoSection(report: Report, balance: Balance, result: BalanceResult): void {
  if (balance.targets.length < 2) return;
  const section = report.section('Pareto front of the targets');
  const front = new Set(result.pareto);
  const confirmed = new Set(result.confirmed.map((c) => c.point.join()));
  section.text(
    `${front.size} of ${result.candidates.length} rule sets measured are on the Pareto front (no other does at least as well on every target and better on one; estimates on the shared first ${result.games.firstDeals} deals).`,
  );
  for (const [i, j] of conflictingPairs(balance, result)) {
    const [a, b] = [balance.targets[i]!, balance.targets[j]!];
    const rows = result.candidates.map((c, k) => ({
      x: c.first[i]!,
      y: c.first[j]!,
      front: front.has(k),
      marked: confirmed.has(c.point.join()),
      label: c.label,
    }));
    section.chart(
      `pareto-${i}-${j}`,
      paretoChart(rows, {
        title: pairTitle(a, b),
        subtitle: 'each point a rule set; dashed and shaded: the wishes',
        runSize: `first ${result.games.firstDeals} deals of each rule set`,
        xTitle: `${short(a, b)} (${wishText(a)})`,
        yTitle: `${short(b, a)} (${wishText(b)})`,
        xFormat: a.metric.share ? '.1%' : '.3~g',
        yFormat: b.metric.share ? '.1%' : '.3~g',
        xTarget: a.kind === 'minimize' || a.kind === 'maximize' ? undefined : a.value,
        yTarget: b.kind === 'minimize' || b.kind === 'maximize' ? undefined : b.value,
        ...(a.kind === 'equals' ? { xBand: [a.value - a.tolerance, a.value + a.tolerance] as const } : {}),
        ...(b.kind === 'equals' ? { yBand: [b.value - b.tolerance, b.value + b.tolerance] as const } : {}),
      }),
      {
        caption:
          'Grey: measured; blue: on the Pareto front of all targets (joined); red rings: confirmed on fresh deals (a point inside one is at the same place). Dashed: a target’s value; shaded: the band an `equals` target allows.',
      },
    );
  }
}

function effectsSection(report: Report, balance: Balance, result: BalanceResult): void {
  const section = report.section('Which knob moves which target');
  section.text(
    "Each knob value's main effect on each target's metric — for `seatWinGap` on each seat's win share, whose effects add up where the largest gap does not — against the mean of the knob's measured values: least squares over every rule set measured, without shrinkage, so each is an unbiased estimate of the value's effect where the knobs add up (95 % t intervals over the search's first deals; wide where few rule sets had the value; see Method). A flat panel: the knob does not move that target.",
  );
  balance.targets.forEach((t, i) => {
    // Numbers in increasing order (the panels' categories follow the first appearance over all rows).
    const ordered = [...result.effects[i]!].sort((a, b) =>
      typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : 0,
    );
    const rows = ordered.flatMap((e) =>
      e.estimate === null || e.lo === null || e.hi === null
        ? []
        : [
            {
              knob: e.knob,
              value: String(e.value),
              seat: e.part === null ? '' : `seat ${e.part}`,
              estimate: e.estimate,
              lower: e.lo,
              upper: e.hi,
            },
          ],
    );
    if (rows.length) section.chart(`effects-${i}`, effectsChart(rows, t, result));
    const unknown = unestimated(ordered);
    const notes = [misfitText(result.effectsFit[i]!), unknown ? `No estimate for ${unknown}.` : ''];
    section.text(`${t.label}: ${notes.filter(Boolean).join(' ')}`);
  });
}

function effectsChart(
  rows: (Estimate & { knob: string; value: string; seat: string })[],
  t: BalanceTarget,
  result: BalanceResult,
) {
  const perSeat = t.metric.combine === 'gap';
  return estimatesChart(rows, {
    title: perSeat ? `Main effects on each seat's win share (${t.label})` : `Main effects on ${t.label}`,
    ...(perSeat ? { color: 'seat' as const, colorTitle: null } : {}),
    runSize: `${result.candidates.length} rule sets × ${result.games.firstDeals} deals`,
    category: 'value',
    facet: 'knob',
    facetTitle: null,
    categoryTitle: null,
    valueTitle: t.metric.share ? 'effect (95 % t), points of share' : 'effect (95 % t)',
    valueFormat: t.metric.share ? '+.1%' : '+.3~g',
    reference: 0,
    width: 200,
    height: 160,
    columns: 4,
  });
}

/** Whether the knobs add up on a target (per part): the misfit of the additive fit, in words. */
function misfitText(misfits: BalanceResult['effectsFit'][number]): string {
  const worst = misfits.reduce((a, b) => (b.ratio / b.limit > a.ratio / a.limit ? b : a));
  const where = worst.part === null ? '' : ` (seat ${worst.part}'s share, the worst)`;
  if (!worst.df) return 'every rule set has its own parameters here, so nothing tells whether the knobs add up.';
  const ratio = `${num(worst.ratio)} × what the deals' noise explains (${worst.df} degree${worst.df === 1 ? '' : 's'} of freedom; 1 % limit ${num(worst.limit)})`;
  return worst.ratio > worst.limit
    ? `**the knobs do not add up here**: the rule sets scatter about the additive fit${where} ${ratio}, so each effect also carries interactions of the rule sets that had the value, which its interval does not show; compare rule sets in \`candidates.csv\`.`
    : `the rule sets scatter about the additive fit${where} ${ratio}: no sign that the knobs interact.`;
}

/** The values without an estimate, by reason and knob, each once (a `seatWinGap` lists every value once per seat). */
function unestimated(effects: BalanceResult['effects'][number]): string {
  const why = {
    'not measured': 'no rule set measured',
    'not separable': 'the rule sets measured cannot tell apart from other knobs’ values',
  } as const;
  return (['not measured', 'not separable'] as const)
    .flatMap((reason) => {
      const byKnob = new Map<string, Set<string>>();
      for (const e of effects)
        if (e.unknown === reason) byKnob.set(e.knob, (byKnob.get(e.knob) ?? new Set()).add(String(e.value)));
      const list = [...byKnob].map(([knob, values]) => `${knob} = ${[...values].join(', ')}`).join('; ');
      return list ? [`the values ${why[reason]}: ${list}`] : [];
    })
    .join('; ');
}

function candidatesSection(report: Report, balance: Balance, result: BalanceResult): void {
  const rows = [...result.candidates].sort((a, b) => a.loss.estimate - b.loss.estimate).slice(0, 40);
  const columns: Record<string, (string | number)[]> = Object.fromEntries(
    balance.knobs.map((k, i) => [k.name, rows.map((r) => String(r.values[i]))]),
  );
  Object.assign(columns, {
    deals: rows.map((r) => r.deals),
    loss: rows.map((r) => r.loss.estimate),
    lo: rows.map((r) => r.loss.lo),
    hi: rows.map((r) => r.loss.hi),
    status: rows.map((r) => r.status),
  });
  report.section('Rule sets measured').table(aq.table(columns), {
    caption: `The ${rows.length} best of ${result.candidates.length} by search loss (95 % interval at their deals; looked at repeatedly, so not an answer's interval). All of them, with every target and verdict: \`candidates.csv\`.`,
  });
}
