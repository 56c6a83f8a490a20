/**
 * Skill depth (issue 22 item 4): does a rule reward skill? Per arm, a skill level against the level
 * before it (greedy against random, strong against greedy) under that arm's rules, as `carclab match`
 * plays it (2 players: each deal twice, seats swapped; more: every lineup of the two in every seat
 * rotation), on the same seed — so the same deals — for every arm; then the paired difference of the
 * win shares between each arm and the baseline arm over those deals: the rule's effect on skill depth.
 *
 * Intervals: a win share is Wilson 95 % over games (a perfect record: the one-sided Clopper–Pearson
 * bound); a difference between arms is a paired t interval over deals (per deal, the level's share
 * of the deal's wins under the arm minus under the baseline), clamped to [−1, 1], with the exact
 * bound of `degenerateInterval` when every deal gave the same difference (docs/reasoning.md §10); Holm over
 * the arms' differences at one pair of levels when there are several.
 *
 * `carclab study`'s scorecard and the study notebooks (`src/report/study.ts`) use it.
 */
import * as aq from 'arquero';
import { estimatesChart } from '../charts/index.ts';
import { designMatch } from '../match/design.ts';
import type { MatchDesign } from '../match/design.ts';
import { dealScore } from '../match/outcomes.ts';
import type { DealOutcomes } from '../match/outcomes.ts';
import { runMatch } from '../match/run.ts';
import { pairResult } from '../match/stats.ts';
import type { Backend } from '../run/pool.ts';
import type { Plan } from '../sim/plan.ts';
import { progressBar } from '../run/progress-bar.ts';
import { degenerateInterval } from '../stats/exact.ts';
import { holmAdjust } from '../stats/holm.ts';
import { pairedComparison } from '../stats/index.ts';
import type { ParamValue, TileSource } from '../engine/index.ts';
import { count, percentText, ppText, signedIntervalText } from './numbers.ts';
import type { Interval } from './numbers.ts';
import type { Report } from './report.ts';
import type { Finding } from './verdict.ts';

/** A share or mean with its 95 % interval. */
export type Estimate = Interval;

/** A level's win share against the level before it under one arm's rules. */
export interface SkillShare extends Estimate {
  games: number;
  deals: number;
  /** Mean points per game over the weaker level (t over deals). */
  margin: Estimate;
  run: string;
}

/** An arm's win share minus the baseline arm's, paired over the shared deals, in shares (−1 to 1). */
export interface SkillDifference extends Estimate {
  deals: number;
  /** Two-sided p of "no difference" (paired t); null without spread. */
  p: number | null;
}

/** A played skill match: its per-deal outcomes and its run folder. */
export interface SkillMatch {
  outcomes: DealOutcomes;
  runDir: string;
}

/** The skill depth at one pair of levels, for every arm, with each arm's difference from the baseline arm. */
export interface SkillDepthLevel {
  level: string;
  against: string;
  baseline: string;
  arms: { arm: string; share: SkillShare }[];
  differences: { arm: string; difference: SkillDifference; holm: number | null }[];
  /** Arms not played, with the reason (e.g. designer tile files, which a match does not take). */
  skipped: { arm: string; reason: string }[];
}

/** An arm as a skill match needs it. */
export interface SkillArm {
  name: string;
  players: number;
  expansions: readonly string[];
  rules: Readonly<Record<string, ParamValue>>;
  /** Designer tile files, read already, and copies per tile id. */
  tiles?: readonly TileSource[];
  tileCounts?: Readonly<Record<string, number>>;
}

const slug = (s: string) => s.replace(/[^A-Za-z0-9_.=+-]+/g, '-');

/**
 * The match of level `spec` against `against` under one arm's rules, named `<prefix>-<level>-<arm>`
 * (its run folder); checked here, so a bad pair fails before anything is played.
 */
export function skillDesign(
  arm: SkillArm,
  specs: { level: string; spec: string; against: string },
  deals: number,
  seed: string,
  prefix: string,
): MatchDesign {
  const design = designMatch({
    kind: 'match',
    specs: [specs.spec, specs.against],
    players: arm.players,
    expansions: arm.expansions,
    rules: arm.rules,
    deals,
    seed,
    // The files by the names they were read under, so the match's plan and manifest name them.
    tiles: arm.tiles?.map((t) => t.where),
    tileCounts: arm.tileCounts,
    readTileFile: (where) => arm.tiles!.find((t) => t.where === where)!,
  });
  return {
    ...design,
    plan: { ...design.plan, experiment: `${prefix}-${slug(specs.level)}-${slug(arm.name)}`.slice(0, 64) },
  };
}

/** Plays a skill match (resumed or reused like any run) with a progress bar. */
export async function playSkillMatch(
  design: MatchDesign,
  backend: Backend,
  outRoot: string,
  log: (l: string) => void,
  newRun = false,
): Promise<SkillMatch> {
  const bar = progressBar(design.plan.experiment.slice(0, 24));
  const outcome = await runMatch({
    design,
    outRoot,
    backend,
    newRun,
    shardDeals: Math.max(1, Math.ceil(design.plan.deals / (4 * backend.concurrency))),
    onStart: ({ runDir, progress }) => {
      log(
        `${design.plan.experiment}: ${design.specs[0]} against ${design.specs[1]}, ${design.plan.deals.toLocaleString('en')} deals, ${progress.gamesTotal.toLocaleString('en')} games into ${runDir}`,
      );
      bar.start(progress.gamesTotal, progress.gamesDone);
    },
    onProgress: (p) => bar.update(Math.min(p.gamesTotal, p.gamesDone + p.gamesRunning)),
  }).finally(() => bar.stop());
  if (outcome.status !== 'complete' || !outcome.outcomes) throw new Error(`${design.plan.experiment}: run interrupted`);
  return { outcomes: outcome.outcomes, runDir: outcome.runDir };
}

/** The level's win share (Wilson over games) and margin (t over deals) in a skill match. */
export function skillShare(match: SkillMatch, names: { level: string; against: string }, players: number): SkillShare {
  const r = pairResult(match.outcomes, 0, { a: names.level, b: names.against }, players);
  return {
    estimate: r.winRateA,
    lo: r.winRateALo,
    hi: r.winRateAHi,
    games: r.games,
    deals: r.deals,
    margin: { estimate: r.marginA, lo: r.marginALo, hi: r.marginAHi },
    run: match.runDir,
  };
}

/** The level's win share under `variant` minus under `baseline`, paired over the deals both matches played. */
export function skillDifference(baseline: DealOutcomes, variant: DealOutcomes): SkillDifference {
  const start = Math.max(baseline.start, variant.start);
  const end = Math.min(baseline.end, variant.end);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let d = start; d < end; d++) {
    const x = dealScore(variant, d, 0) - dealScore(baseline, d, 0);
    n++;
    sum += x;
    sumSq += x * x;
  }
  // Every deal scored alike (e.g. both perfect records): no t interval, the exact bound on [−1, 1]
  // (docs/reasoning.md §10).
  if (n >= 2 && n * sumSq === sum * sum) {
    const d = degenerateInterval({ n, value: sum / n, min: -1, max: 1 });
    return { estimate: d.estimate, lo: d.lo, hi: d.hi, deals: n, p: null };
  }
  const t = pairedComparison({ n, sum, sumSq });
  return {
    estimate: t.meanDiff,
    lo: t.lo === null ? null : Math.max(-1, t.lo),
    hi: t.hi === null ? null : Math.min(1, t.hi),
    deals: n,
    p: t.p,
  };
}

/**
 * The skill depth at one pair of levels from the arms' matches (the first arm is the baseline): each
 * arm's share, each other arm's difference from the baseline with Holm over those differences.
 */
export function skillDepthLevel(
  names: { level: string; against: string },
  players: number,
  matches: readonly { arm: string; match: SkillMatch }[],
  skipped: SkillDepthLevel['skipped'] = [],
): SkillDepthLevel {
  const [base, ...others] = matches;
  if (!base) throw new Error('skill depth needs at least one arm');
  const differences = others.map((o) => ({
    arm: o.arm,
    difference: skillDifference(base.match.outcomes, o.match.outcomes),
  }));
  const holm = holmAdjust(differences.map((d) => d.difference.p));
  return {
    ...names,
    baseline: base.arm,
    skipped,
    arms: matches.map((m) => ({ arm: m.arm, share: skillShare(m.match, names, players) })),
    differences: differences.map((d, k) => ({ ...d, holm: differences.length > 1 ? holm[k]! : null })),
  };
}

/** The skill matches of one pair of levels: every arm's design (the experiment's arms, in order: the first is the baseline). */
export interface SkillPlan {
  names: { level: string; against: string };
  players: number;
  arms: { arm: string; design: MatchDesign }[];
  skipped: SkillDepthLevel['skipped'];
}

/**
 * Each level with `skillDeals` against the level before it, under every arm of `plan`, on the plan's
 * seed; checked here (a pair of identical specs is an input error) before any game.
 */
export function skillPlans(
  plan: Plan,
  levels: readonly { name: string; agents: string; skillDeals?: number }[],
): SkillPlan[] {
  return levels.flatMap((level, k): SkillPlan[] => {
    if (k === 0 || !(level.skillDeals! > 0)) return [];
    const before = levels[k - 1]!;
    const names = { level: level.name, against: before.name };
    const specs = { level: level.name, spec: level.agents, against: before.agents };
    return [
      {
        names,
        players: plan.arms[0]!.players,
        arms: plan.arms.map((a) => ({
          arm: a.name,
          design: skillDesign(a, specs, level.skillDeals!, plan.seed, `${plan.experiment}-skill`),
        })),
        skipped: [],
      },
    ];
  });
}

/** Plays the skill matches of `plans`, one after another, and gives the skill depth of each pair of levels. */
export async function playSkillDepth(
  plans: readonly SkillPlan[],
  backend: Backend,
  outRoot: string,
  log: (l: string) => void,
  newRun = false,
): Promise<SkillDepthLevel[]> {
  const levels: SkillDepthLevel[] = [];
  for (const p of plans) {
    const matches: { arm: string; match: SkillMatch }[] = [];
    for (const { arm, design } of p.arms)
      matches.push({ arm, match: await playSkillMatch(design, backend, outRoot, log, newRun) });
    levels.push(skillDepthLevel(p.names, p.players, matches, p.skipped));
  }
  return levels;
}

/**
 * Whether the skill depth differs between the arms, read off the interval of the difference and,
 * where several arms are compared with the baseline, their Holm-adjusted p (docs/reasoning.md §3).
 */
export function differenceVerdict(d: Estimate, holm: number | null = null): string {
  if (d.lo === null || d.hi === null) return 'too few deals to tell';
  if (d.lo <= 0 && d.hi >= 0) return 'no difference established';
  if (holm !== null && holm > 0.05) return 'not established once Holm adjusts for the arms compared';
  return d.lo > 0 ? 'the rule rewards this skill gap more' : 'the rule rewards this skill gap less';
}

/** One sentence (Markdown) for one pair of levels: each arm's win share and each difference from the baseline. */
export function skillDepthSentence(s: SkillDepthLevel): string {
  const shares = s.arms.map((a) => `${percentText(a.share)} under ${a.arm}`).join(', ');
  const diffs = s.differences
    .map(
      (d) =>
        `${d.arm} − ${s.baseline} ${ppText(d.difference)}${d.holm !== null ? ` (Holm p ${d.holm.toPrecision(2)})` : ''}: ${differenceVerdict(d.difference, d.holm)}`,
    )
    .join('; ');
  const deals = s.differences[0]?.difference.deals ?? s.arms[0]?.share.deals ?? 0;
  return `**${s.level}** against **${s.against}**: win share ${shares}${diffs ? `; ${diffs} (paired over ${count(deals)} deals)` : ''}.`;
}

/** How the section computes its numbers (named on the page, docs/reasoning.md §7). */
export const SKILL_DEPTH_TEXT =
  "Does the rule reward skill? Each level plays the level before it under each arm's rules (2 players: each deal twice, seats swapped; more: every lineup of the two levels in every seat rotation), on the same deals for every arm. Win shares (ties for first shared; 50 % is no skill gap): Wilson 95 % over games (a perfect record: the one-sided Clopper–Pearson bound). The rule's effect on skill depth is the difference of the win shares between an arm and the baseline arm, paired per deal (the level's share of each deal's wins under the arm minus under the baseline): a Student t 95 % interval over deals, within [−100, +100] pp, or the exact bound when every deal gave the same difference; Holm over the arms' differences at one pair of levels when there are several.";

const skillRow = (s: SkillDepthLevel, a: SkillDepthLevel['arms'][number]) => ({
  level: s.level,
  against: s.against,
  arm: a.arm,
  deals: a.share.deals,
  games: a.share.games,
  'win share': percentText(a.share),
  'margin per game (points)': signedIntervalText(a.share.margin),
});

/**
 * Adds the section "Skill depth" (the method, the shares per arm, the differences between arms, a
 * chart) and returns one finding per pair of levels for the verdict page.
 */
export function addSkillDepthSection(
  report: Report,
  levels: readonly SkillDepthLevel[],
  options: { chartPrefix?: string; missing?: string } = {},
): Finding[] {
  const section = report.section('Skill depth');
  section.text(SKILL_DEPTH_TEXT);
  if (!levels.length) {
    section.text(options.missing ?? 'One level only: there is no level below it to play.');
    return [];
  }
  const skipped = levels.flatMap((s) =>
    s.skipped.map((k) => `${k.arm} (${s.level} against ${s.against}): ${k.reason}`),
  );
  if (skipped.length) section.text(`Not played: ${skipped.join('; ')}.`);
  section.table(aq.from(levels.flatMap((s) => s.arms.map((a) => skillRow(s, a)))), {
    caption: 'Win share of the level against the level before it, per arm.',
  });
  const diffs = levels.flatMap((s) =>
    s.differences.map((d) => ({
      level: s.level,
      against: s.against,
      deals: d.difference.deals,
      difference: `${d.arm} − ${s.baseline}`,
      'win share (pp)': ppText(d.difference),
      ...(d.holm !== null ? { 'Holm p': d.holm.toPrecision(2) } : {}),
      verdict: differenceVerdict(d.difference, d.holm),
    })),
  );
  if (diffs.length)
    section.table(aq.from(diffs), {
      caption: "The rule's effect on skill depth: paired difference of the win shares between the arms (t over deals).",
    });
  const prefix = options.chartPrefix ?? '';
  return levels.map((s) => {
    const rows = s.arms
      .filter((a) => a.share.estimate !== null)
      .map((a) => ({
        arm: a.arm,
        estimate: a.share.estimate!,
        lower: a.share.lo ?? a.share.estimate!,
        upper: a.share.hi ?? a.share.estimate!,
        reference: 0.5,
      }));
    const name = `${prefix}skill-${slug(s.level)}`;
    const spec = estimatesChart(rows, {
      title: `Skill depth: ${s.level} against ${s.against}`,
      subtitle: 'win share per arm, Wilson 95 %; dashed: no skill gap (50 %)',
      runSize: `${count(s.arms[0]?.share.deals ?? 0)} deals per arm`,
      category: 'arm',
      orient: 'horizontal',
      categoryTitle: null,
      valueTitle: 'win share',
      valueFormat: '.1%',
      reference: 0.5,
      zero: false,
      width: 420,
      height: Math.max(60, 34 * rows.length),
    });
    // A chart of perfect records (100 % against 100 %) says nothing the sentence does not: left out.
    const perfect = rows.every((r) => r.estimate === rows[0]!.estimate && (r.estimate === 0 || r.estimate === 1));
    if (perfect) return { sentence: `**Skill depth**: ${skillDepthSentence(s)}` };
    section.chart(name, spec);
    return { sentence: `**Skill depth**: ${skillDepthSentence(s)}`, chart: { name, spec } };
  });
}
