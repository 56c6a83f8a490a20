/**
 * The verdict page of a single run's report (`carclab report`): a bottom line, then what each arm
 * changes against the baseline of its own level — the first arm with the same players and agents, so
 * that a designer's arm played by `greedy` is compared with the base game played by `greedy`, never
 * across levels — paired on the same deals (mean score per player, margin, each seat's win share),
 * seat fairness (the joint test per arm), and the game-quality measures when the run recorded them
 * (`quality: true`), whose section it adds to the appendix. Arms are labelled by their rules, tiles and
 * agents.
 */
import { estimatesChart, forestChart, formatCount } from '../charts/index.ts';
import { comparisonTable, holmAdjust, recordsFromSummary, seatFairness, wilsonInterval } from '../stats/index.ts';
import type { ArmSummary, Summary } from '../sim/summary.ts';
import { addQualitySection } from './quality-report.ts';
import type { QualityArm } from './quality-report.ts';
import type { Report } from './report.ts';
import { pairCI, ppText, signed } from './numbers.ts';
import type { LoadedRun, Manifest } from './run.ts';
import { runSizeText } from './run-report.ts';
import { levelLabel } from './study.ts';
import { addVerdictPage, findingLink } from './verdict.ts';
import type { Finding } from './verdict.ts';

/** At most this many arms are compared with their baselines on the verdict page (the appendix has every pair). */
const VERDICT_PAIRS = 8;

type Run = Pick<LoadedRun, 'summary' | 'manifest'>;

/** The level of an arm: its agent's short name, or the lineup's when the seats differ. */
export const armLevel = (agents: readonly string[]): string =>
  new Set(agents).size === 1 ? levelLabel(agents[0]!) : agents.map(levelLabel).join(' + ');

/** "base game + tiles village.json, `farmerPointsPerCity=4`": what an arm plays, from the manifest. */
export function armRules(manifest: Manifest, arm: string): string {
  const a = manifest.arms.find((x) => x.name === arm);
  const rules = Object.entries(a?.rules.explicit ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const tiles = [
    ...(a?.tiles ?? []).map((t) => `tiles ${t.split(/[\\/]/).pop()}`),
    ...Object.entries(a?.tileCounts ?? {}).map(([id, n]) => `${n}× ${id}`),
  ];
  const mix = [a?.expansions.length ? a.expansions.join(' + ') : 'base game', ...tiles].join(' + ');
  return `${mix}${rules ? `, \`${rules}\`` : ''}`;
}

/** An arm compared with the baseline of its level (the first arm with its players and agents). */
export interface LevelPair {
  level: string;
  base: ArmSummary;
  arm: ArmSummary;
  /** Whether the run compared the two (past 8 arms it compares each arm with the first only). */
  paired: boolean;
}

export function levelPairs(summary: Summary): LevelPair[] {
  const key = (a: ArmSummary) => `${a.players}|${a.agents.join(',')}`;
  const firsts = new Map<string, ArmSummary>();
  const pairs: LevelPair[] = [];
  for (const arm of summary.arms) {
    const base = firsts.get(key(arm));
    if (!base) firsts.set(key(arm), arm);
    else {
      const paired = summary.pairs.some((p) => p.a === base.name && p.b === arm.name);
      pairs.push({ level: armLevel(arm.agents), base, arm, paired });
    }
  }
  return pairs;
}

interface Diff {
  meanDiff: number | null;
  lo: number | null;
  hi: number | null;
  deals: number;
}
const measured = (d: Diff) => d.lo !== null && d.hi !== null && (d.lo > 0 || d.hi < 0);

/** Each seat's win share, paired per deal (b − a): one question with 2 players (seat 1), Holm over the seats with more. */
function seatDifferences(summary: Summary, p: LevelPair): { seat: number; d: Diff; holm: number | null }[] {
  const seats = p.arm.players === 2 ? [0] : p.arm.seats.map((s) => s.seat);
  const diffs = seats.map((seat) => {
    const c = pairCI(summary, p.base.name, p.arm.name, `seat${seat}.wins`);
    const clamp = (x: number | null) => (x === null ? null : Math.min(1, Math.max(-1, x)));
    return { seat, d: { meanDiff: c.meanDiff, lo: clamp(c.lo), hi: clamp(c.hi), deals: c.n }, p: c.p };
  });
  const holm = holmAdjust(diffs.map((x) => x.p));
  return diffs.map((x, k) => ({ seat: x.seat, d: x.d, holm: seats.length > 1 ? holm[k]! : null }));
}

/** One compared pair: its sentence and chart, and its measured changes for the bottom line. */
function pairFinding(run: Run, p: LevelPair, size: string, rows: ReturnType<typeof pairRows>) {
  const of = (metric: string) => rows.find((r) => r.a === p.base.name && r.b === p.arm.name && r.metric === metric)!;
  const score = of('score');
  const margin = of('margin');
  const seats = seatDifferences(run.summary, p);
  const text = (r: Diff, what: string) =>
    `${what} ${signed(r.meanDiff)} points [${signed(r.lo)}, ${signed(r.hi)}]${measured(r) ? '' : ' (no difference established)'}`;
  const seatText = seats
    .map((s) => `seat ${s.seat + 1}'s win share ${ppText({ estimate: s.d.meanDiff, lo: s.d.lo, hi: s.d.hi })}`)
    .join(', ');
  const finding: Finding = {
    sentence: `**${p.arm.name}** (${armRules(run.manifest, p.arm.name)}) against **${p.base.name}** (${armRules(run.manifest, p.base.name)}), both played by ${p.level}, on the same ${formatCount(score.deals)} deals: ${text(score, 'mean score per player')}, ${text(margin, 'margin (winner − runner-up)')}; ${seatText}${seats.some((s) => s.holm !== null) ? ' (Holm over the seats)' : ''}. Paired t 95 % intervals.`,
    chart: {
      name: `pair-${p.arm.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`,
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
          title: `${p.arm.name} − ${p.base.name} (${p.level})`,
          subtitle: 'same deals; paired t 95 % intervals',
          runSize: size,
          label: 'comparison',
          valueTitle: 'difference (points)',
          valueFormat: '+.2f',
          referenceLabel: 'no difference',
        },
      ),
    },
  };
  const baseMean = (metric: 'score' | 'margin') => p.base.perDeal[metric]?.mean ?? null;
  const relative = (r: Diff, metric: 'score' | 'margin') => {
    const m = baseMean(metric);
    return m ? Math.abs(r.meanDiff! / m) : 0;
  };
  const changes = [
    ...(measured(score)
      ? [
          {
            size: relative(score, 'score'),
            text: `the mean score per player ${score.meanDiff! > 0 ? 'rises' : 'falls'} by ${Math.round(relative(score, 'score') * 100)} % (${signed(score.meanDiff, 1)} points)`,
            what: 'score',
          },
        ]
      : []),
    ...(measured(margin)
      ? [
          {
            size: relative(margin, 'margin'),
            text: `the winner's margin ${margin.meanDiff! > 0 ? 'grows' : 'shrinks'} by ${Math.round(relative(margin, 'margin') * 100)} % (${signed(margin.meanDiff, 1)} points)`,
            what: 'margin',
          },
        ]
      : []),
    ...seats
      .filter((s) => measured(s.d) && (s.holm === null || s.holm <= 0.05))
      .map((s) => ({
        size: Math.abs(s.d.meanDiff!),
        text: `seat ${s.seat + 1}'s win share moves ${ppText({ estimate: s.d.meanDiff, lo: s.d.lo, hi: s.d.hi })}`,
        what: 'seats',
      })),
  ];
  return { finding, changes };
}

const pairRows = (summary: Summary) =>
  comparisonTable(
    recordsFromSummary(summary).pairs.filter((r) => r.metric === 'score' || r.metric === 'margin'),
  ).objects() as {
    a: string;
    b: string;
    metric: string;
    deals: number;
    meanDiff: number | null;
    lo: number | null;
    hi: number | null;
  }[];

/** Seat fairness: one joint test per arm (Holm over the arms), and the first seat's share per arm. */
function seatFinding(summary: Summary, size: string): { finding: Finding; flagged: string[] } {
  const arms = summary.arms;
  const fairness = seatFairness(arms.map((a) => ({ name: a.name, seats: a.seats })));
  const flagged = fairness.filter((f) => f.pHolm <= 0.05);
  const first = arms.map((a) => {
    const w = wilsonInterval({ games: a.seats[0]!.games, wins: a.seats[0]!.wins });
    return { arm: a.name, fair: 1 / a.players, estimate: w.rate ?? 0, lower: w.lo ?? 0, upper: w.hi ?? 1 };
  });
  return {
    flagged: flagged.map((f) => f.name),
    finding: {
      sentence: `**Seat fairness** (is each arm fair to every seat?): ${flagged.length ? `the joint seat test (chi-square per arm, Holm over the ${arms.length} arms) flags ${flagged.map((f) => `${f.name} (p ${f.pHolm.toPrecision(2)}${f.seats.length ? `; ${f.seats.map((s) => `seat ${s.seat + 1} ${(s.rate * 100).toFixed(1)} %`).join(', ')}` : ''})`).join(', ')}` : `no arm's joint seat test is significant (chi-square per arm, Holm over the ${arms.length} arms)`}. The first player wins ${first.map((r) => `${(r.estimate * 100).toFixed(1)} % [${(r.lower * 100).toFixed(1)}, ${(r.upper * 100).toFixed(1)}] in ${r.arm}`).join(', ')} (Wilson 95 %). Whether an arm changes a seat's share is its paired difference against its level's baseline (above).`,
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
    },
  };
}

/** The bottom line: the largest measured changes against each arm's level baseline, then what none changes. */
function bottomLine(
  pairs: { p: LevelPair; changes: { size: number; text: string; what: string }[]; k: number }[],
  flagged: string[],
  seatK: number,
): string[] {
  const all = pairs
    .flatMap(({ p, changes, k }) => changes.map((c) => ({ ...c, p, k })))
    .sort((x, y) => y.size - x.size);
  const lines = all
    .slice(0, 2)
    .map((c) => `Against ${c.p.base.name} (${c.p.level}), in ${c.p.arm.name} ${c.text} (${findingLink(c.k)}).`);
  const unchanged = [
    ['score', 'the mean score'],
    ['margin', 'the margin'],
    ['seats', "a seat's win share"],
  ].filter(([what]) => !all.some((c) => c.what === what));
  if (pairs.length && unchanged.length)
    lines.push(
      `No arm changes ${unchanged
        .map(([, w]) => w)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')} measurably against its level's baseline (every interval includes zero).`,
    );
  if (!pairs.length) lines.push('No two arms share a level (players and agents): no arm is compared with another.');
  // A flagged arm's own baseline may be as unfair: say whether its seats moved against it.
  const flags = flagged.map((name) => {
    const pair = pairs.find((x) => x.p.arm.name === name);
    if (!pair) return name;
    const moved = pair.changes.some((c) => c.what === 'seats');
    return `${name} (against ${pair.p.base.name}, its seats' shares ${moved ? 'do' : 'do not'} change measurably: ${findingLink(pair.k)})`;
  });
  lines.push(
    flags.length
      ? `The joint seat test flags ${flags.join(', ')} as unfair to some seat (${findingLink(seatK)}).`
      : `No arm's joint seat test is significant (${findingLink(seatK)}).`,
  );
  return lines.slice(0, 3);
}

export function addRunVerdict(report: Report, run: Run): void {
  const { summary } = run;
  const size = runSizeText(summary);
  const rows = pairRows(summary);
  const pairs = levelPairs(summary)
    .filter((p) => p.paired)
    .slice(0, VERDICT_PAIRS);
  const compared = pairs.map((p, k) => ({ p, k: k + 1, ...pairFinding(run, p, size, rows) }));
  const seats = seatFinding(summary, size);
  // How the games play, each arm at its own level.
  const quality: QualityArm[] = summary.arms.flatMap((a) =>
    a.quality
      ? [
          {
            level: armLevel(a.agents),
            arm: a.name,
            quality: a.quality,
            margin: { dist: a.margin, histogram: summary.histogram },
          },
        ]
      : [],
  );
  const unpaired = levelPairs(summary).filter((p) => !p.paired);
  const described = run.manifest.experiment.description;
  addVerdictPage(report, {
    question: `${described ? `${described}: w` : 'W'}hat does each arm change against the baseline of its level (the first arm played by the same agents)? ${formatCount(summary.deals)} deals per arm, every arm on the same deals.`,
    bottomLine: bottomLine(compared, seats.flagged, compared.length + 1),
    findings: [
      ...compared.map((c) => c.finding),
      seats.finding,
      ...addQualitySection(report, quality, { runSize: size }),
    ],
    notes: [
      unpaired.length
        ? `Not compared (past 8 arms a run compares each arm with its first arm only): ${unpaired.map((p) => `${p.arm.name} with ${p.base.name}`).join(', ')}.`
        : '',
      summary.arms.some((a) => a.quality)
        ? ''
        : 'Lead changes, drama, decisiveness and the score race are measured when the run records them (`quality: true` in the experiment, or `carclab run --quality`).',
    ].filter(Boolean),
    glossary: ['interval', 'measurable', 'paired', 'pp', 'jointTest', 'holm', 'level'],
  });
}
