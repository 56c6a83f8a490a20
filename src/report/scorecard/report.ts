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
import { signed, signedIntervalText } from '../numbers.ts';
import { addSkillDepthSection, skillDepthSentence } from '../skill-depth.ts';
import type { SkillDepthLevel } from '../skill-depth.ts';
import { INTERVALS_TEXT } from '../study.ts';
import { addVerdictPage } from '../verdict.ts';
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
    `**${card.level}** (${card.deals.toLocaleString('en')} deals): ${winnerChangeSentence(card.winnerChangedDetail)}`,
    `**${card.level}**: mean score per player, ${variant.name} − ${baseline.name}: ${points(card.scoreChange)} points (paired t over deals).`,
  ];
  const depth = depthOf(card, scorecard);
  if (depth && options.skill !== false) lines.push(`Skill depth: ${skillDepthSentence(depth)}`);
  if (card.sameMoves === card.deals)
    lines.push(
      `**Warning (${card.level}): both arms played the same moves on every deal; the rule does not change this level's play, so its total effect is a rescoring only (docs/reasoning.md §1).**`,
    );
  return lines;
}

/** The scorecard as a report: verdict first, then the tables, then every level's run as an appendix. */
export function scorecardReport(scorecard: Scorecard, runs: readonly LoadedRun[]): Report {
  const { baseline, variant } = scorecard;
  const describe = (a: typeof baseline) =>
    `\`${a.name}\`: ${a.expansions.length ? a.expansions.join(' + ') : 'base game'}, ${
      Object.keys(a.rules).length
        ? Object.entries(a.rules)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')
        : 'official rules'
    }`;
  const report = new Report(
    `What changes: ${scorecard.comparison}`,
    [
      `Two arms on the same deals at every skill level (seed \`${scorecard.seed}\`, ${scorecard.players} players): ${describe(baseline)}; ${describe(variant)}.`,
      INTERVALS_TEXT,
    ].join('\n\n'),
  );

  const winner = report.section('The rule\'s direct effect and "winner changed"');
  winner.text(WINNER_CHANGE_TEXT);
  winner.table(
    aq.from(
      runs.flatMap((r, k) => winnerChangeRows(r.summary).map((row) => ({ level: scorecard.levels[k]!.level, ...row }))),
    ),
    { caption: 'Per level: winner changed, rescored, and the two no-effect references.' },
  );

  report.section('Mean score').table(
    aq.from(
      scorecard.levels.map((c) => ({
        level: c.level,
        deals: c.deals,
        [`${variant.name} − ${baseline.name} (points per player)`]: points(c.scoreChange),
        'identical-move deals': c.sameMoves,
      })),
    ),
    { caption: 'Paired per deal; t 95 % intervals.' },
  );

  const depths = scorecard.levels.flatMap((c) => depthOf(c, scorecard) ?? []);
  const skillFindings = addSkillDepthSection(report, depths);

  const runSize = scorecard.levels.map((c) => `${c.level} ${c.deals.toLocaleString('en')} deals`).join(', ');
  const qualityFindings = addQualitySection(
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
  addVerdictPage(report, {
    question: scorecard.question,
    findings: [
      ...scorecard.levels.flatMap((c) =>
        levelFindings(c, scorecard, { skill: false }).map((sentence) => ({ sentence })),
      ),
      ...skillFindings,
      ...qualityFindings,
    ],
    notes: [
      'The statistics and tables follow as the appendix; the game-quality measures of both arms per level and their paired differences are also in `scorecard.json` (`levels[].quality`).',
    ],
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
