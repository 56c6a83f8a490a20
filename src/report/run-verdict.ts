/**
 * The verdict page of a single run's report (`carclab report`): what each arm's rules change against
 * the first arm (the baseline), paired on the same deals — mean score per player and margin — and
 * the arms the joint seat-fairness test flags; with the game-quality measures when the run recorded
 * them (`quality: true`), whose section it adds to the appendix.
 */
import { estimatesChart, forestChart, formatCount } from '../charts/index.ts';
import { comparisonTable, recordsFromSummary, seatFairness, wilsonInterval } from '../stats/index.ts';
import { addQualitySection, qualityArms } from './quality-report.ts';
import type { Report } from './report.ts';
import { signed } from './numbers.ts';
import type { LoadedRun } from './run.ts';
import { runSizeText } from './run-report.ts';
import { levelLabel } from './study.ts';
import { addVerdictPage } from './verdict.ts';
import type { Finding } from './verdict.ts';

/** At most this many arms are compared with the baseline on the verdict page (the appendix has every pair). */
const VERDICT_PAIRS = 6;

const rulesOf = (run: Pick<LoadedRun, 'manifest'>, arm: string) => {
  const a = run.manifest.arms.find((x) => x.name === arm);
  const rules = Object.entries(a?.rules.explicit ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const mix = a?.expansions.length ? a.expansions.join('+') : 'base game';
  return `${mix}${rules ? `, \`${rules}\`` : ''}`;
};

export function addRunVerdict(report: Report, run: Pick<LoadedRun, 'summary' | 'manifest'>): void {
  const { summary } = run;
  const arms = summary.arms;
  const base = arms[0]!;
  const size = runSizeText(summary);
  const findings: Finding[] = [];
  // 1. Each arm against the baseline, paired per deal.
  const table = comparisonTable(
    recordsFromSummary(summary).pairs.filter(
      (r) => r.a === base.name && (r.metric === 'score' || r.metric === 'margin'),
    ),
  );
  const rows = table.objects() as {
    b: string;
    metric: string;
    deals: number;
    meanDiff: number | null;
    lo: number | null;
    hi: number | null;
  }[];
  for (const arm of arms.slice(1, 1 + VERDICT_PAIRS)) {
    const of = (metric: string) => rows.find((r) => r.b === arm.name && r.metric === metric);
    const score = of('score');
    const margin = of('margin');
    if (!score || !margin) continue;
    const text = (r: typeof score, what: string) =>
      `${what} ${signed(r.meanDiff)} points [${signed(r.lo)}, ${signed(r.hi)}]${r.lo !== null && r.hi !== null && (r.lo > 0 || r.hi < 0) ? '' : ' (no difference established)'}`;
    findings.push({
      sentence: `**${arm.name}** (${rulesOf(run, arm.name)}) against **${base.name}** (${rulesOf(run, base.name)}), on the same ${formatCount(score.deals)} deals: ${text(score, 'mean score per player')}, ${text(margin, 'margin (winner − runner-up)')}; paired t 95 % intervals.`,
      chart: {
        name: arm.name.replace(/[^A-Za-z0-9_.-]/g, '_'),
        spec: forestChart(
          [score, margin]
            .filter((r) => r.lo !== null && r.meanDiff !== null)
            .map((r) => ({
              comparison: r.metric === 'score' ? 'mean score per player' : 'margin',
              estimate: r.meanDiff!,
              lower: r.lo!,
              upper: r.hi!,
            })),
          {
            title: `${arm.name} − ${base.name}`,
            subtitle: 'same deals; paired t 95 % intervals',
            runSize: size,
            label: 'comparison',
            valueTitle: 'difference (points)',
            valueFormat: '+.2f',
            referenceLabel: 'no difference',
          },
        ),
      },
    });
  }
  // 2. Seat fairness: one joint test per arm, Holm over the arms.
  const fairness = seatFairness(arms.map((a) => ({ name: a.name, seats: a.seats })));
  const flagged = fairness.filter((f) => f.pHolm <= 0.05);
  const first = arms.map((a) => {
    const w = wilsonInterval({ games: a.seats[0]!.games, wins: a.seats[0]!.wins });
    return { arm: a.name, fair: 1 / a.players, estimate: w.rate ?? 0, lower: w.lo ?? 0, upper: w.hi ?? 1 };
  });
  findings.push({
    sentence: `**Seat fairness**: ${flagged.length ? `the joint seat test (chi-square per arm, Holm over the ${arms.length} arms) flags ${flagged.map((f) => `${f.name} (p ${f.pHolm.toPrecision(2)}${f.seats.length ? `; ${f.seats.map((s) => `seat ${s.seat} ${(s.rate * 100).toFixed(1)} %`).join(', ')}` : ''})`).join(', ')}` : `no arm's joint seat test is significant (chi-square per arm, Holm over the ${arms.length} arms)`}. The first player wins ${first.map((r) => `${(r.estimate * 100).toFixed(1)} % [${(r.lower * 100).toFixed(1)}, ${(r.upper * 100).toFixed(1)}] in ${r.arm}`).join(', ')} (Wilson 95 %).`,
    chart: {
      name: 'first-player',
      spec: estimatesChart(first, {
        title: "The first player's win share",
        subtitle: 'Wilson 95 % intervals; dashed: the fair share 1 / players',
        runSize: size,
        category: 'arm',
        orient: 'horizontal',
        categoryTitle: null,
        valueTitle: 'win share',
        valueFormat: '.0%',
        reference: { field: 'fair' },
        valueDomain: [0, 1],
        width: 420,
        height: Math.max(60, 30 * arms.length),
      }),
    },
  });
  // 3. How the games play, when recorded.
  findings.push(
    ...addQualitySection(report, qualityArms(summary, levelLabel(run.manifest.arms[0]!.agents[0]!)), { runSize: size }),
  );
  const described = run.manifest.experiment.description;
  addVerdictPage(report, {
    question: `What do the rules of each arm change against **${base.name}**${described ? ` (${described})` : ''}? ${formatCount(summary.deals)} deals per arm, every arm on the same deals.`,
    findings,
    notes: [
      summary.arms.some((a) => a.quality)
        ? ''
        : 'Lead changes, drama, decisiveness and the score race are measured when the run records them (`quality: true` in the experiment, or `carclab run --quality`).',
    ].filter(Boolean),
  });
}
