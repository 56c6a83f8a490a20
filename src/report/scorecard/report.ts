/**
 * The scorecard's report (report.md and an offline report.html in `carclab study`'s --out): the
 * question, one sentence per finding and level, then the tables — "winner changed" beside the rule's
 * direct effect and both no-effect references, the change in mean score, the skill depth per arm with
 * the paired difference — and, as the appendix, the generic sections of every level's run.
 */
import * as aq from 'arquero';
import type { GlossaryWord } from '../glossary.ts';
import { addQualitySection, qualityArms } from '../quality-report.ts';
import { Report, writeReport } from '../report.ts';
import type { ReportFiles } from '../report.ts';
import { addRunSections } from '../run-report.ts';
import type { LoadedRun } from '../run.ts';
import { intervalText, percentText, ppText, signed, signedIntervalText } from '../numbers.ts';
import { addSkillDepthSection, skillDepthSentence } from '../skill-depth.ts';
import type { SkillDepthLevel } from '../skill-depth.ts';
import { nameWithStrength } from '../level-strength.ts';
import { INTERVALS_TEXT } from '../study.ts';
import { addVerdictPage, findingLink } from '../verdict.ts';
import type { Finding } from '../verdict.ts';
import { bottomLine } from './bottom-line.ts';
import type { FindingKey } from './bottom-line.ts';
import {
  closenessFinding,
  differenceText,
  meeplesFinding,
  narrow,
  seatsFinding,
  sourcesFinding,
  winnerFinding,
  dealsOtherTiles,
} from './findings.ts';
import type { ArmPair } from './measures.ts';
import { WINNER_CHANGE_TEXT, winnerChangeRows, winnerChangeSentence } from '../winner-change.ts';
import type { Estimate, LevelCard, Scorecard } from './scorecard.ts';

/** "+1.23 [+0.50, +1.96]"; a mean without an interval (every deal alike) says so. */
const points = (e: Estimate) =>
  e.lo === null && e.estimate !== null
    ? `${signed(e.estimate)} (every deal alike: no interval)`
    : signedIntervalText(e);

/** The skill depth of a level in the shared form (`skill-depth.ts`): the baseline arm first. */
function depthOf(card: LevelCard, scorecard: Scorecard): SkillDepthLevel | null {
  const s = card.skillDepth;
  if (!s) return null;
  const { baseline, variant } = scorecard;
  return {
    level: s.level,
    against: s.against,
    baseline: baseline.name,
    skipped: [],
    arms: [
      { arm: baseline.name, share: s.baseline },
      { arm: variant.name, share: s.variant },
    ],
    differences: [{ arm: variant.name, difference: s.difference, holm: null }],
  };
}

/** The findings of one level, one sentence each (Markdown); `skill: false` leaves out the skill depth (the report's finding has its chart). */
export function levelFindings(card: LevelCard, scorecard: Scorecard, options: { skill?: boolean } = {}): string[] {
  const { baseline, variant } = scorecard;
  const lines = [
    `**${card.level}** (${card.deals.toLocaleString('en')} deals): ${winnerChangeSentence(card.winnerChangedDetail, { otherTiles: dealsOtherTiles(scorecard) })}`,
    `**${card.level}**: mean score per player, ${variant.name} − ${baseline.name}: ${points(card.scoreChange)} points (paired t over deals).`,
  ];
  const depth = depthOf(card, scorecard);
  if (depth && options.skill !== false) lines.push(`Skill depth: ${skillDepthSentence(depth)}`);
  if (card.sameMoves === card.deals) lines.push(identicalPlayText(card.level));
  return lines;
}

/** The warning for a level whose arms played the same moves on every deal. */
const identicalPlayText = (level: string) =>
  `**Warning (${level}): both arms played the same moves on every deal: the agents of this level do not react to the rule, so here it changes the scoring only, not the play.**`;

/** The scorecard's arms as the report names them: `name`: expansions, rules, designer tiles. */
export function armText(a: Scorecard['baseline']): string {
  const rules = Object.entries(a.rules).map(([k, v]) => `${k}=${v}`);
  const tiles = [...(a.tiles ?? []), ...Object.entries(a.tileCounts ?? {}).map(([id, n]) => `${n}× ${id}`)];
  return `\`${a.name}\`: ${a.expansions.length ? a.expansions.join(' + ') : 'base game'}, ${rules.length ? rules.join(', ') : 'official rules'}${tiles.length ? `, tiles ${tiles.join(', ')}` : ''}`;
}

/** The tables behind the verdict's findings: points by source, meeples per feature kind, seat fairness. */
function addMeasureTables(report: Report, scorecard: Scorecard): void {
  const { baseline, variant } = scorecard;
  const pairRow = (p: ArmPair, digits = 2) => ({
    [baseline.name]: intervalText(p.baseline, digits),
    [variant.name]: intervalText(p.variant, digits),
    [`${variant.name} − ${baseline.name}`]: differenceText(p.difference, digits),
  });
  report
    .section('Where the points come from')
    .table(
      aq.from(
        scorecard.levels.flatMap((c) => [
          ...c.sources.map((s) => ({ level: c.level, source: s.source, ...pairRow(s) })),
          { level: c.level, source: 'mean score', ...pairRow(c.score) },
        ]),
      ),
      {
        caption:
          'Points per player and game by source: t 95 % over deals; the change paired over the same deals (paired t).',
      },
    );
  if (scorecard.levels.some((c) => c.meeples.length))
    report
      .section('Meeples placed per feature kind')
      .table(
        aq.from(
          scorecard.levels.flatMap((c) => c.meeples.map((k) => ({ level: c.level, meeples: k.label, ...pairRow(k) }))),
        ),
        {
          caption: 'Meeples placed per player and game by the feature they went on (a farmer is a meeple on a field).',
        },
      );
  report.section('Seat fairness').table(
    aq.from(
      scorecard.levels.flatMap((c) =>
        c.seats.seats.map((s) => ({
          level: c.level,
          seat: s.seat + 1,
          [baseline.name]: percentText(s.baseline),
          [variant.name]: percentText(s.variant),
          [`${variant.name} − ${baseline.name}`]: ppText(s.difference),
          ...(s.holm !== null ? { 'Holm p': s.holm.toPrecision(2) } : {}),
          [`joint test p, ${baseline.name}`]: c.seats.joint.baseline.toPrecision(2),
          [`joint test p, ${variant.name}`]: c.seats.joint.variant.toPrecision(2),
        })),
      ),
    ),
    {
      caption: `Win share per seat (seat 1 moves first): Wilson 95 %; the change paired over the same deals (t, within ±100 pp${scorecard.players > 2 ? ', Holm over the seats' : '; with 2 players the two seats are one question'}); the joint seat test per arm (chi-square, Holm over the two arms).`,
    },
  );
}

/** The rule's direct effect beside "winner changed" and its two no-effect references, per level. */
function addWinnerChangeTable(report: Report, scorecard: Scorecard, runs: readonly LoadedRun[]): void {
  const winner = report.section('The rule\'s direct effect and "winner changed"');
  winner.text(WINNER_CHANGE_TEXT);
  winner.table(
    aq.from(
      runs.flatMap((r, k) => winnerChangeRows(r.summary).map((row) => ({ level: scorecard.levels[k]!.level, ...row }))),
    ),
    { caption: 'Per level: winner changed, rescored, and the two no-effect references.' },
  );
}

type KeyedFinding = [FindingKey | 'race', Finding];

/** The verdict's findings in a fixed order, each with its key (the bottom line points at them by key). */
function verdictFindings(
  scorecard: Scorecard,
  skillFindings: readonly Finding[],
  race: Finding | undefined,
): KeyedFinding[] {
  const keyed: [FindingKey | 'race', Finding | null | undefined][] = [
    ['sources', sourcesFinding(scorecard)],
    ['winner', winnerFinding(scorecard)],
    ['meeples', meeplesFinding(scorecard)],
    ['seats', seatsFinding(scorecard)],
    ['closeness', closenessFinding(scorecard)],
    ...skillFindings.map((f): [FindingKey, Finding] => ['skill', f]),
    ['race', race],
  ];
  // The verdict's copies of the shared charts fit a phone too (the appendix keeps their desktop layout).
  for (const k of keyed) if (k[1]?.chart) k[1] = { ...k[1], chart: { ...k[1].chart, spec: narrow(k[1].chart.spec) } };
  return keyed.filter((k): k is KeyedFinding => !!k[1]);
}

/** The bottom line's sentences, each with links to the findings it rests on. */
function linkedBottomLine(scorecard: Scorecard, shown: readonly KeyedFinding[]): string[] {
  const number = (key: FindingKey) => shown.findIndex(([k]) => k === key) + 1;
  const line = bottomLine(scorecard);
  return [
    ...line.sentences.map((s) => {
      const links = s.findings
        .map(number)
        .filter((n) => n > 0)
        .map(findingLink);
      return links.length ? `${s.text.replace(/\.$/, '')} (${links.join(', ')}).` : s.text;
    }),
    ...(line.more
      ? [`${line.more} smaller measurable change${line.more === 1 ? '' : 's'} in the findings below.`]
      : []),
  ];
}

/** The words the verdict's glossary explains. */
const VERDICT_GLOSSARY: readonly GlossaryWord[] = [
  'interval',
  'measurable',
  'paired',
  'pp',
  'rescored',
  'noiseFloor',
  'independent',
  'jointTest',
  'skill',
  'expected',
  'level',
];

/** The levels with their committed measured strength (`level-strength.ts`), one line each. */
export function levelsText(scorecard: Scorecard): string {
  const line = (c: LevelCard) =>
    `- ${nameWithStrength(c.level, c.spec, scorecard.players)} (${c.deals.toLocaleString('en')} deals here)`;
  return `Levels (measured strength from committed match figures, docs/strong.md):\n${scorecard.levels.map(line).join('\n')}`;
}

/** The scorecard as a report: the verdict (bottom line, findings), then the tables, then every level's run as an appendix. */
export function scorecardReport(scorecard: Scorecard, runs: readonly LoadedRun[]): Report {
  const { baseline, variant } = scorecard;
  const report = new Report(
    `What changes: ${scorecard.comparison}`,
    [
      `Two arms on the same deals at every skill level (seed \`${scorecard.seed}\`, ${scorecard.players} players): ${armText(baseline)}; ${armText(variant)}.`,
      levelsText(scorecard),
      INTERVALS_TEXT,
    ].join('\n\n'),
  );
  addMeasureTables(report, scorecard);
  addWinnerChangeTable(report, scorecard, runs);
  const depths = scorecard.levels.flatMap((c) => depthOf(c, scorecard) ?? []);
  const skillFindings = addSkillDepthSection(report, depths);
  const runSize = scorecard.levels.map((c) => `${c.level} ${c.deals.toLocaleString('en')} deals`).join(', ');
  const [race] = addQualitySection(
    report,
    runs.flatMap((r, k) => qualityArms(r.summary, scorecard.levels[k]!.level)),
    {
      runSize,
      chartPrefix: 'quality-',
      pairs: scorecard.levels.flatMap((c) =>
        c.quality.difference
          ? [{ level: c.level, a: baseline.name, b: variant.name, difference: c.quality.difference }]
          : [],
      ),
    },
  );
  // The verdict: the findings in a fixed order, and the bottom line pointing at them.
  const shown = verdictFindings(scorecard, skillFindings, race);
  addVerdictPage(report, {
    question: scorecard.question,
    bottomLine: linkedBottomLine(scorecard, shown),
    warnings: scorecard.levels.flatMap((c) => (c.sameMoves === c.deals ? [identicalPlayText(c.level)] : [])),
    findings: shown.map(([, f]) => f),
    notes: [
      "The tables and every level's run follow as the appendix; `scorecard.json` and `scorecard.csv` hold every figure.",
      INTERVALS_TEXT,
    ],
    glossary: VERDICT_GLOSSARY,
  });

  runs.forEach((run, k) => {
    addRunSections(report, run, {
      chartPrefix: `level${k}-`,
      titlePrefix: `Appendix ${String.fromCharCode(65 + k)} (${scorecard.levels[k]!.level}): `,
    });
  });
  return report;
}

export async function writeScorecardReport(
  scorecard: Scorecard,
  runs: readonly LoadedRun[],
  dir: string,
): Promise<ReportFiles> {
  return writeReport(scorecardReport(scorecard, runs), dir);
}
