/**
 * The scorecard's report (report.md and an offline report.html in `carclab study`'s --out): the
 * question, one sentence per finding and level, then the tables — "winner changed" beside the rule's
 * direct effect and both no-effect references, the change in mean score, the skill depth per arm with
 * the paired difference — and, as the appendix, the generic sections of every level's run.
 */
import * as aq from 'arquero';
import { addQualitySection, qualityArms } from '../quality-report.ts';
import { Report, writeReport } from '../report.ts';
import type { ReportFiles } from '../report.ts';
import { addRunSections } from '../run-report.ts';
import type { LoadedRun } from '../run.ts';
import { INTERVALS_TEXT } from '../study.ts';
import { addVerdictPage } from '../verdict.ts';
import { WINNER_CHANGE_TEXT, winnerChangeRows, winnerChangeSentence } from '../winner-change.ts';
import type { Estimate, LevelCard, Scorecard, SkillShare } from './scorecard.ts';

const num = (x: number | null, digits: number, sign = false) => (x === null || !Number.isFinite(x) ? '–' : `${sign && x >= 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(digits)}`);
/** "+1.23 [+0.50, +1.96]"; a mean without an interval (every deal alike) says so. */
const points = (e: Estimate) => (e.lo === null && e.estimate !== null ? `${num(e.estimate, 2, true)} (every deal alike: no interval)` : `${num(e.estimate, 2, true)} [${num(e.lo, 2, true)}, ${num(e.hi, 2, true)}]`);
/** "81.5 % [79.0, 83.8]" */
const pct = (e: Estimate) => `${num(e.estimate === null ? null : e.estimate * 100, 1)} % [${num(e.lo === null ? null : e.lo * 100, 1)}, ${num(e.hi === null ? null : e.hi * 100, 1)}]`;
/** "+2.1 pp [−1.0, +5.2]" */
const pp = (e: Estimate) => `${num(e.estimate === null ? null : e.estimate * 100, 1, true)} pp [${num(e.lo === null ? null : e.lo * 100, 1, true)}, ${num(e.hi === null ? null : e.hi * 100, 1, true)}]`;

/** The findings of one level, one sentence each (Markdown). */
export function levelFindings(card: LevelCard, scorecard: Scorecard): string[] {
  const { baseline, variant } = scorecard;
  const lines = [
    `**${card.level}** (${card.deals.toLocaleString('en')} deals): ${winnerChangeSentence(card.winnerChangedDetail)}`,
    `**${card.level}**: mean score per player, ${variant.name} − ${baseline.name}: ${points(card.scoreChange)} points (paired t over deals).`,
  ];
  const s = card.skillDepth;
  if (s) {
    lines.push(`**${card.level}** against **${s.against}**: win share ${pct(s.baseline)} under ${baseline.name}, ${pct(s.variant)} under ${variant.name}; difference ${pp(s.difference)} (paired over ${s.difference.deals.toLocaleString('en')} deals): ${verdictOfDifference(s.difference)}.`);
  }
  if (card.sameMoves === card.deals) lines.push(`**Warning (${card.level}): both arms played the same moves on every deal; the rule does not change this level's play, so its total effect is a rescoring only (\`STUDIES.md\` 1).**`);
  return lines;
}

/** Whether the skill depth differs between the arms, read off the interval of the difference. */
function verdictOfDifference(d: Estimate): string {
  if (d.lo === null || d.hi === null) return 'too few deals to tell';
  if (d.lo > 0) return 'the rule rewards this skill gap more';
  if (d.hi < 0) return 'the rule rewards this skill gap less';
  return 'no difference established';
}

const skillRow = (card: LevelCard, arm: string, s: SkillShare) => ({
  level: card.level, against: card.skillDepth!.against, arm, games: s.games, 'win share': pct(s), 'margin per game (points)': points(s.margin),
});

/** The scorecard as a report: verdict first, then the tables, then every level's run as an appendix. */
export function scorecardReport(scorecard: Scorecard, runs: readonly LoadedRun[]): Report {
  const { baseline, variant } = scorecard;
  const describe = (a: typeof baseline) => `\`${a.name}\`: ${a.expansions.length ? a.expansions.join(' + ') : 'base game'}, ${Object.keys(a.rules).length ? Object.entries(a.rules).map(([k, v]) => `${k}=${v}`).join(', ') : 'official rules'}`;
  const report = new Report(`What changes: ${scorecard.question}`, [
    `Two arms on the same deals at every skill level (seed \`${scorecard.seed}\`, ${scorecard.players} players): ${describe(baseline)}; ${describe(variant)}.`,
    INTERVALS_TEXT,
  ].join('\n\n'));


  const winner = report.section('The rule\'s direct effect and "winner changed"');
  winner.text(WINNER_CHANGE_TEXT);
  winner.table(aq.from(runs.flatMap((r, k) => winnerChangeRows(r.summary).map((row) => ({ level: scorecard.levels[k]!.level, ...row })))), { caption: 'Per level: winner changed, rescored, and the two no-effect references.' });

  report.section('Mean score').table(aq.from(scorecard.levels.map((c) => ({ level: c.level, deals: c.deals, [`${variant.name} − ${baseline.name} (points per player)`]: points(c.scoreChange), 'identical-move deals': c.sameMoves }))), { caption: 'Paired per deal; t 95 % intervals.' });

  const skill = report.section('Skill depth');
  const cards = scorecard.levels.filter((c) => c.skillDepth);
  skill.text('Does the rule reward skill? Each level plays the level before it under each arm\'s rules (2 players: each deal twice, seats swapped; more: every lineup and rotation), on the same deals for both arms; the difference of the win shares is paired over those deals (t over deals). Win shares: Wilson 95 % (a perfect record: the one-sided Clopper–Pearson bound).');
  if (cards.length) {
    skill.table(aq.from(cards.flatMap((c) => [skillRow(c, baseline.name, c.skillDepth!.baseline), skillRow(c, variant.name, c.skillDepth!.variant)])), { caption: 'Win share of the level against the level before it, per arm.' });
    skill.table(aq.from(cards.map((c) => ({ level: c.level, against: c.skillDepth!.against, deals: c.skillDepth!.difference.deals, [`${variant.name} − ${baseline.name}`]: pp(c.skillDepth!.difference) }))), { caption: 'Paired difference of the win shares between the arms.' });
  } else skill.text('One level only: there is no level below it to play.');

  const runSize = scorecard.levels.map((c) => `${c.level} ${c.deals.toLocaleString('en')} deals`).join(', ');
  const qualityFindings = addQualitySection(report, runs.flatMap((r, k) => qualityArms(r.summary, scorecard.levels[k]!.level)), { runSize, chartPrefix: 'quality-' });
  addVerdictPage(report, {
    question: scorecard.question,
    findings: [...scorecard.levels.flatMap((c) => levelFindings(c, scorecard)).map((sentence) => ({ sentence })), ...qualityFindings],
    notes: ['The statistics and tables follow as the appendix; the game-quality measures of both arms per level are also in `scorecard.json` (`levels[].quality`).'],
  });

  runs.forEach((run, k) => addRunSections(report, run, { chartPrefix: `level${k}-`, titlePrefix: `Appendix ${String.fromCharCode(65 + k)} (${scorecard.levels[k]!.level}): ` }));
  return report;
}

export async function writeScorecardReport(scorecard: Scorecard, runs: readonly LoadedRun[], dir: string): Promise<ReportFiles> {
  return writeReport(scorecardReport(scorecard, runs), dir);
}
