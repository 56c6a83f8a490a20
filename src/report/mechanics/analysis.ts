/**
 * The mechanics study's figures and report (`notebooks/mechanics.ts`). A mechanic's **importance**
 * at a level, under an arm's rules, is the win share of the level's agent against the same agent
 * forbidden that mechanic, on paired deals with the seats swapped (Jaffe et al., AIIDE 2012): 50 % —
 * the mechanic is worth nothing to that player; above — giving it up costs that many points of win
 * share (the pp above 50 %); below — the player does better without it (its use of the mechanic is
 * a mistake at that level).
 *
 * Per match: the win share with its Wilson interval over games (ties shared) and the deal-clustered t
 * interval beside it (docs/reasoning.md §4: two games of a deal are not independent), the margin per game
 * (t over deals), and the p-value of "worth nothing" (t over the deals' scores) Holm-adjusted over the
 * level's matches: one family, "which mechanics matter at this level" (docs/reasoning.md §3). Whether a
 * mechanic matters more at one level than another is the paired difference of the deal scores on the
 * deals the levels share (docs/reasoning.md §2; `skillDifference`: the exact bound when every shared deal
 * gave the same difference, as when both levels won every game), shown with both levels' shares on
 * those deals (12). A perfect record's share has the one-sided bound over its deals (`pairResult`).
 * How often each restriction bound is counted on every game of its match (`binding.ts`), with its
 * interval; a share that is not established says when the restriction seldom or never came up.
 */
import * as aq from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart } from '../../charts/index.ts';
import { dealScore } from '../../match/outcomes.ts';
import type { DealOutcomes } from '../../match/outcomes.ts';
import { pairResult } from '../../match/stats.ts';
import { holmAdjust, pairedComparison } from '../../stats/index.ts';
import { count, percent, signed } from '../numbers.ts';
import { Report } from '../report.ts';
import { skillDifference } from '../skill-depth.ts';
import { addVerdictPage } from '../verdict.ts';
import type { Finding } from '../verdict.ts';
import { bindingRate } from './binding.ts';
import type { Binding } from './binding.ts';
import type { MechanicsSetup } from './setup.ts';

export interface MechanicResult {
  level: string;
  arm: string;
  mechanic: string;
  /** The title of the rule module that declares it. */
  module: string;
  deals: number;
  games: number;
  /** The unrestricted agent's win share against the restricted one (0–1), Wilson 95 % over games. */
  importance: number | null;
  lo: number | null;
  hi: number | null;
  /** The same share's deal-clustered 95 % interval (t over deal scores; an exact bound when every deal scored alike). */
  dealLo: number | null;
  dealHi: number | null;
  /** Unrestricted minus restricted points per game, t over deals. */
  margin: number | null;
  marginLo: number | null;
  marginHi: number | null;
  /** Two-sided p of "importance 50 %" (t over deal scores; the exact sign test when every deal scored alike), and Holm-adjusted over the level's matches. */
  p: number | null;
  pHolm: number | null;
  /** How often the restriction bound, counted on every game of the match played again (`binding.ts`). */
  binding: Binding;
  run: string;
}

/** A level's importance minus the first level's, paired over their shared deals (shares, −1 to 1). */
export interface LevelChange {
  arm: string;
  mechanic: string;
  level: string;
  against: string;
  deals: number;
  estimate: number | null;
  lo: number | null;
  hi: number | null;
  /** The first level's and this level's importance on those deals. */
  onDeals: [number, number];
  /** Every shared deal gave the same difference (e.g. both levels won every game): the interval is the exact bound. */
  degenerate: boolean;
  /** Two-sided p of "no change" (paired t; null for an exact bound), and Holm-adjusted over the level's changes. */
  p: number | null;
  pHolm: number | null;
}

export interface MechanicsResults {
  results: MechanicResult[];
  changes: LevelChange[];
}

const momentsOf = (values: readonly number[]) => ({
  n: values.length,
  sum: values.reduce((t, x) => t + x, 0),
  sumSquares: values.reduce((t, x) => t + x * x, 0),
});

/**
 * Two-sided p of "the deal scores average 50 %": t over deals; when every deal scored alike the t
 * test has no spread (docs/reasoning.md §10), so the exact sign test is used (all n on one side: 2 · ½ⁿ).
 */
function worthNothing(scores: readonly number[]): { p: number | null } {
  const n = scores.length;
  if (n < 2) return { p: null };
  if (scores.every((x) => x === scores[0])) return { p: scores[0] === 0.5 ? 1 : Math.min(1, 2 * 0.5 ** n) };
  return pairedComparison(momentsOf(scores.map((x) => x - 0.5)));
}

/** The figures of every match (`outcomes[k]`, `bindings[k]` and `runs[k]` of `setup.matches[k]`). */
export function mechanicsResults(
  setup: MechanicsSetup,
  outcomes: readonly DealOutcomes[],
  bindings: readonly Binding[],
  runs: readonly string[],
): MechanicsResults {
  const scores = outcomes.map((o) => Array.from({ length: o.end - o.start }, (_, d) => dealScore(o, o.start + d, 0)));
  const results = setup.matches.map((m, k): MechanicResult => {
    const r = pairResult(outcomes[k]!, 0, { a: m.design.specs[0]!, b: m.design.specs[1]! }, setup.players);
    const test = worthNothing(scores[k]!);
    return {
      level: setup.levels[m.level]!.name,
      arm: setup.arms[m.arm]!.name,
      mechanic: m.mechanic,
      module: setup.arms[m.arm]!.mechanics.find((x) => x.name === m.mechanic)!.module,
      deals: r.deals,
      games: r.games,
      importance: r.winRateA,
      lo: r.winRateALo,
      hi: r.winRateAHi,
      dealLo: r.winRateADealLo,
      dealHi: r.winRateADealHi,
      margin: r.marginA,
      marginLo: r.marginALo,
      marginHi: r.marginAHi,
      p: test.p,
      pHolm: null,
      binding: bindings[k]!,
      run: runs[k]!,
    };
  });
  for (const [l] of setup.levels.entries()) {
    const at = setup.matches.flatMap((m, k) => (m.level === l ? [k] : []));
    const adjusted = holmAdjust(at.map((k) => results[k]!.p));
    at.forEach((k, i) => {
      results[k]!.pHolm = adjusted[i]!;
    });
  }
  const changes = setup.matches.flatMap((m, k): LevelChange[] => {
    if (m.level === 0) return [];
    const first = setup.matches.findIndex((x) => x.level === 0 && x.arm === m.arm && x.mechanic === m.mechanic);
    const shared = Math.min(scores[k]!.length, scores[first]!.length);
    const d = skillDifference(outcomes[first]!, outcomes[k]!);
    const mean = (v: number[]) => v.slice(0, shared).reduce((t, x) => t + x, 0) / shared;
    return [
      {
        arm: setup.arms[m.arm]!.name,
        mechanic: m.mechanic,
        level: setup.levels[m.level]!.name,
        against: setup.levels[0]!.name,
        deals: d.deals,
        estimate: d.estimate,
        lo: d.lo,
        hi: d.hi,
        onDeals: [mean(scores[first]!), mean(scores[k]!)],
        // skillDifference gives no p only for a sample without spread (its exact bound) or under 2 deals.
        degenerate: d.deals >= 2 && d.p === null,
        p: d.p,
        pHolm: null,
      },
    ];
  });
  // One family per level: "whose worth differs between this level and the first" (docs/reasoning.md §3).
  for (const level of new Set(changes.map((c) => c.level))) {
    const at = changes.filter((c) => c.level === level);
    holmAdjust(at.map((c) => c.p)).forEach((p, i) => {
      at[i]!.pHolm = p;
    });
  }
  return { results, changes };
}

/** A difference of shares in percentage points. */
const diffPp = (x: number | null) => signed(x === null ? null : x * 100, 1);
/** A share's distance from one half in percentage points. */
const pp = (x: number | null) => diffPp(x === null ? null : x - 0.5);
const shareText = (r: MechanicResult) => `${percent(r.importance)} % [${percent(r.lo)}, ${percent(r.hi)}]`;
/** Importance as the cost of giving the mechanic up: pp of win share above 50 %. */
const costText = (r: MechanicResult) => `${pp(r.importance)} pp [${pp(r.lo)}, ${pp(r.hi)}]`;
const marginText = (r: MechanicResult) =>
  `${signed(r.margin, 1)} points per game [${signed(r.marginLo, 1)}, ${signed(r.marginHi, 1)}]`;
const matters = (r: MechanicResult) => r.pHolm !== null && r.pHolm <= 0.05;
const perGame = (x: number, b: Binding) => (b.games === 0 ? '–' : (x / b.games).toFixed(1));
/** The share of the restricted player's follow-up choices at which the mechanic was legal, with its interval over the deals. */
function boundText(b: Binding): string {
  const r = bindingRate(b);
  if (r.overDeals) return `never, in ${count(b.deals)} deals: it binds on at most ${percent(r.hi)} % of deals`;
  return `${percent(r.share)} % [${percent(r.lo)}, ${percent(r.hi)}]`;
}
/** A restriction whose bound share lies below this, interval and all, is called seldom binding. */
const SELDOM = 0.05;
/**
 * How often the restriction bound, in words. Beside a share that is not established it says when the
 * restriction never or seldom came up (its whole interval below `SELDOM`): the share then says
 * nothing or little about the mechanic. An established share needs no such excuse.
 */
function bindingText(r: MechanicResult): string {
  const b = r.binding;
  const rate = bindingRate(b);
  const base = `the restriction bound at ${count(b.bound)} of the restricted player's ${count(b.restrictedChoices)} follow-up choices (${boundText(b)}; over the ${count(b.deals)} deals) and the unrestricted player used the mechanic ${perGame(b.unrestrictedUses, b)} times a game, in the match's ${count(b.games)} games`;
  if (matters(r) || rate.share === null) return base;
  if (b.bound === 0) return `${base} — it never came up, so the share says nothing about the mechanic`;
  return rate.hi! < SELDOM ? `${base} — it seldom came up, so the share says little about the mechanic` : base;
}

/** A change between levels in pp with its interval; the exact bound when every shared deal gave the same difference. */
const changeText = (c: LevelChange) =>
  `${diffPp(c.estimate)} pp [${diffPp(c.lo)}, ${diffPp(c.hi)}]${c.degenerate ? ' (every shared deal alike: exact bound)' : ''}`;

/** What the study concludes of one match, in words: which way, and whether it is established. */
function judgement(r: MechanicResult): string {
  if (!matters(r)) return `not established (Holm p ${r.pHolm === null ? '–' : r.pHolm.toPrecision(2)})`;
  return r.importance! > 0.5
    ? `giving it up costs (Holm p ${r.pHolm!.toPrecision(2)})`
    : `the agent does better without it (Holm p ${r.pHolm!.toPrecision(2)})`;
}

/** "farmers (base)" — a mechanic in an arm, for charts and sentences. */
export const mechanicLabel = (arm: string, mechanic: string) => `${mechanic} (${arm})`;

/** One finding per mechanic and arm: its importance at every level, and the change between levels. */
function mechanicFinding(setup: MechanicsSetup, results: MechanicsResults, arm: string, mechanic: string): Finding {
  const rows = results.results.filter((r) => r.arm === arm && r.mechanic === mechanic);
  const per = rows
    .map(
      (r) =>
        `at **${r.level}** ${shareText(r)}, cost ${costText(r)}, margin ${marginText(r)} — ${judgement(r)}; ${bindingText(r)}`,
    )
    .join('; ');
  const changes = results.changes
    .filter((c) => c.arm === arm && c.mechanic === mechanic)
    .map(
      (c) =>
        `${c.level} − ${c.against} ${changeText(c)} on the ${count(c.deals)} shared deals (${c.against} ${percent(c.onDeals[0])} %, ${c.level} ${percent(c.onDeals[1])} % there${c.pHolm === null ? '' : `; Holm p ${c.pHolm.toPrecision(2)} over the level's changes`})`,
    );
  const description = setup.arms.find((a) => a.name === arm)!.mechanics.find((m) => m.name === mechanic)!.description;
  return {
    sentence: `**${mechanicLabel(arm, mechanic)}**, ${description}: ${per}.${changes.length ? ` Between levels (paired t): ${changes.join('; ')}.` : ''}`,
  };
}

/** Importance of every mechanic tested, per level, with Wilson intervals (the verdict page's chart). */
export function importanceChart(results: readonly MechanicResult[], runSize: string): TopLevelSpec {
  const rows = results
    .filter((r) => r.importance !== null)
    .map((r) => ({
      mechanic: mechanicLabel(r.arm, r.mechanic),
      level: r.level,
      reference: 0.5,
      estimate: r.importance!,
      lower: r.lo ?? r.importance!,
      upper: r.hi ?? r.importance!,
    }));
  const mechanics = new Set(rows.map((r) => r.mechanic)).size;
  return estimatesChart(rows, {
    title: "Importance of each mechanic: the agent's win share against itself forbidden the mechanic",
    subtitle: 'Wilson 95 % intervals; dashed: 50 % (the mechanic worth nothing to that player)',
    runSize,
    category: 'mechanic',
    color: 'level',
    colorTitle: 'level',
    orient: 'horizontal',
    categoryTitle: null,
    valueTitle: 'win share of the unrestricted agent',
    valueFormat: '.0%',
    reference: 0.5,
    zero: false,
    width: 460,
    height: Math.max(80, 22 * mechanics * 2),
  });
}

export const METHOD_TEXT =
  "Restricted play (Jaffe, Miller, Andersen, Liu, Karlin, Popović, \"Evaluating competitive game balance with restricted play\", AIIDE 2012): for each mechanic, the level's agent plays the same agent forbidden that mechanic (`forbid=`: it never chooses a follow-up that uses it, nor for its own turns in its searches; it models the other player unrestricted). Importance = the unrestricted agent's win share (ties shared): 50 % means the mechanic is worth nothing to that player; the cost of giving it up is the share above 50 %, in percentage points (pp). Every deal is played twice with the seats swapped; every level and arm plays the same seed, so a mechanic's matches at two levels share their deals.";
export const INTERVALS_TEXT =
  'Intervals are 95 %: Wilson over games for win shares (a perfect record: the one-sided Clopper–Pearson bound over its deals; beside it in the tables, the deal-clustered t interval: the two games of a deal share their tiles), t over deals for margins, paired t over shared deals for the change between levels (the exact bound when every shared deal gave the same difference). "Established" means the Holm-adjusted p (t over the deals\' scores against 50 %, Holm over the matches of one level: the family "which mechanics matter at this level") is at most 0.05.';

/** The report: the verdict page (the overview with its chart, then a sentence per mechanic), then the tables. */
export function mechanicsReport(setup: MechanicsSetup, results: MechanicsResults): Report {
  const runSize = setup.levels.map((l) => `${l.name} ${count(l.deals)} deals`).join(', ');
  const report = new Report(`How much each mechanic matters: restricted play (${setup.players} players)`, METHOD_TEXT);
  const overview = levelOverviews(setup, results);
  const none = setup.arms.filter((a) => !a.mechanics.length).map((a) => a.name);
  const findings: Finding[] = [
    {
      sentence: `Established at 5 % (Holm over the level's matches): ${overview.join('; ')}.`,
      chart: { name: 'importance', spec: importanceChart(results.results, runSize) },
    },
    ...setup.arms.flatMap((a) => a.mechanics.map((m) => mechanicFinding(setup, results, a.name, m.name))),
  ];
  addVerdictPage(report, {
    question: 'How much does each mechanic matter to a player of each skill level — what does giving it up cost?',
    findings,
    notes: [
      ...(none.length
        ? [`Arms without a mechanic to forbid (their expansions declare none: no player choice): ${none.join(', ')}.`]
        : []),
      INTERVALS_TEXT,
    ],
  });
  addImportanceTable(report, results);
  if (results.changes.length) {
    report.section('Does a mechanic matter more at another level?').table(
      aq.from(
        results.changes.map((c) => ({
          arm: c.arm,
          mechanic: c.mechanic,
          difference: `${c.level} − ${c.against}`,
          deals: c.deals,
          'difference [95 %]': changeText(c),
          'Holm p': c.pHolm === null ? '–' : c.pHolm.toPrecision(2),
          'first level %': percent(c.onDeals[0]),
          'this level %': percent(c.onDeals[1]),
        })),
      ),
      {
        caption:
          "Importance at a level minus at the first level, paired t over the deals both played (the deal scores: the unrestricted agent's share of the deal's two games; the exact bound when every deal gave the same difference), with both levels' importance on those deals; Holm over the level's changes (one family: whose worth differs between the levels).",
      },
    );
  }
  report
    .section('Runs')
    .text(
      [
        ...setup.levels.map(
          (l) => `- **${l.name}**: \`${l.spec}\`, ${count(l.deals)} deals per match, seed \`${setup.seed}\``,
        ),
        ...results.results.map((r) => `- ${r.level}, ${mechanicLabel(r.arm, r.mechanic)}: \`${r.run}\``),
      ].join('\n'),
    );
  return report;
}

/** Per level, what the established mechanics cost when given up and which ones the agent does better without. */
function levelOverviews(setup: MechanicsSetup, results: MechanicsResults): string[] {
  return setup.levels.map((level) => {
    const at = results.results.filter((r) => r.level === level.name);
    const costly = at
      .filter((r) => matters(r) && r.importance! > 0.5)
      .map((r) => `${mechanicLabel(r.arm, r.mechanic)} ${costText(r)}`);
    const harmful = at
      .filter((r) => matters(r) && r.importance! < 0.5)
      .map((r) => `${mechanicLabel(r.arm, r.mechanic)} ${costText(r)}`);
    return `at **${level.name}** (${count(level.deals)} deals per match), of ${at.length} mechanics ${costly.length} ${costly.length === 1 ? 'costs' : 'cost'} win share when given up${costly.length ? ` (${costly.join('; ')})` : ''} and ${harmful.length} ${harmful.length === 1 ? 'is one' : 'are ones'} the agent does better without${harmful.length ? ` (${harmful.join('; ')})` : ''}`;
  });
}

/** The table of every mechanic's importance, per arm and level, with how often the restriction mattered. */
function addImportanceTable(report: Report, results: MechanicsResults): void {
  const table = report.section('Importance per mechanic, arm and level');
  table.text(INTERVALS_TEXT);
  table.table(
    aq.from(
      results.results.map((r) => ({
        level: r.level,
        arm: r.arm,
        mechanic: r.mechanic,
        module: r.module,
        deals: r.deals,
        games: r.games,
        'win share %': shareText(r),
        'deal-clustered %': `[${percent(r.dealLo)}, ${percent(r.dealHi)}]`,
        'cost pp': costText(r),
        margin: `${signed(r.margin, 1)} [${signed(r.marginLo, 1)}, ${signed(r.marginHi, 1)}]`,
        p: r.p,
        pHolm: r.pHolm,
        'bound % [95 %]': boundText(r.binding),
        'uses a game': perGame(r.binding.unrestrictedUses, r.binding),
      })),
    ),
    {
      caption: `The unrestricted agent against itself forbidden the mechanic: win share (Wilson), cost of giving it up (pp above 50 %), margin per game (points, t over deals), p of "worth nothing" and Holm over the level's matches. How often the restriction mattered, on every game of the match played again: "bound %", the restricted player's follow-up choices at which the mechanic was legal, with its 95 % interval over the deals (exact Poisson on the count, widened by its spread over the deals; never bound: the one-sided bound on the share of deals it binds on); "uses a game", how often the unrestricted player chose it.`,
    },
  );
}
