/**
 * The sections every study report has besides the study's own (`study.ts`): its introduction (the
 * levels, their runs, the intervals used) and the check that the arms played differently (identical
 * play warned loudly; "winner changed" only beside its two references).
 */
import { relative } from 'node:path';
import * as aq from 'arquero';
import { parseAgentSpec } from '../agents/index.ts';
import type { LevelRun } from './levels.ts';
import { armPlayerCounts, strengthTextForCounts } from './level-strength.ts';
import type { Report } from './report.ts';
import { identicalPlayWarning, NO_WINNER_CHANGE_TEXT, sameMovesRows } from './run-comparisons.ts';
import { WINNER_CHANGE_TEXT, winnerChangeRows } from './winner-change.ts';

/**
 * Per level and pair of arms: identical play (warned loudly) and, where the runs measured it, how
 * often the winner changed with its two references (never without them); returns the warnings.
 */
export function addPlayCheck(report: Report, levels: readonly LevelRun[]): string[] {
  const section = report.section('Did the arms play differently?');
  const warnings = levels.flatMap((l) => identicalPlayWarning(l.run.summary, ` (${l.agents})`) ?? []);
  const rows = levels.flatMap((l) => sameMovesRows(l.run.summary).map((r) => ({ level: l.agents, ...r })));
  const changes = levels.flatMap((l) => winnerChangeRows(l.run.summary).map((r) => ({ level: l.agents, ...r })));
  section.text(
    [
      "A house rule is studied only when the agents' moves respond to it (docs/reasoning.md §1). Per level and pair of arms: the deals on which both arms played the same moves in every game.",
      ...warnings,
    ].join('\n\n'),
  );
  if (rows.length) section.table(aq.from(rows), { caption: 'Identical-move deals per pair of arms.' });
  if (changes.length) {
    section.text(WINNER_CHANGE_TEXT);
    section.table(aq.from(changes), { caption: 'Winner changed, rescored, and the two no-effect references.' });
  } else if (rows.length) section.text(NO_WINNER_CHANGE_TEXT);
  return warnings;
}

/** A level's committed measured strength at each player count its run plays, as a sentence; or that none is committed. */
export function levelStrength(level: LevelRun): string {
  const counts = armPlayerCounts(level.run.manifest.arms);
  const text = strengthTextForCounts(level.spec, counts);
  if (text) return `Measured strength: ${text}.`;
  return parseAgentSpec(level.spec, 'level').name === 'random'
    ? 'The floor: a uniformly random legal move.'
    : `No committed strength figure for this level at ${counts.join(', ')} players.`;
}

/** The intervals a study report uses, named once (docs/reasoning.md §7). */
export const INTERVALS_TEXT =
  'Intervals are 95 %: Wilson for win shares (one game per deal), Student t over deals for means (per-player means average the seats of a deal first: the deal is the unit), paired t for differences between arms on the same deals and between skill levels on the deals they share; Holm where several tests answer one question.';

export function studyIntro(levels: readonly LevelRun[]): string {
  const first = levels[0]!.run;
  return [
    `${levels.length} skill level${levels.length === 1 ? '' : 's'} on the seed \`${first.summary.seed}\` (a smaller level's deals are the first deals of a larger one, so levels are compared on their shared deals):`,
    levels
      .map(
        (l) =>
          `- **${l.agents}** (\`${l.spec}\`): ${l.run.summary.deals.toLocaleString('en')} deals (${l.run.summary.games.toLocaleString('en')} games), run \`${l.run.manifest.runId}\`${l.run === first ? '' : `, folder \`${relative(first.dir, l.run.dir)}\``}. ${levelStrength(l)}`,
      )
      .join('\n'),
    "Uniform-random play is a floor, not a model of people; greedy plays the best immediate move by the rules in force; strong plays one ply on an evaluation learned from self-play, with a look through the next round of play on re-dealt decks (docs/agents.md); search agents (mcts) look ahead further. A level's measured strength is a committed match figure (its command in docs/strong.md), not measured by this study.",
    INTERVALS_TEXT,
    levels.some((l) => l.run.manifest.reconstructedTiles)
      ? '**The Tollkeepers land tiles used here are a documented reconstruction** (marked in every manifest), not the published tiles.'
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
