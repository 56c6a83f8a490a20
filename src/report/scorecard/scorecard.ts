/**
 * `carclab study`'s work once the setup is checked (`setup.ts`): plays each level's paired run (with
 * the effect baseline → variant) and its skill matches, then gathers the scorecard: per level
 * "winner changed" with its references and the rescored games (`winner-change.ts`), the change in
 * mean score, the game-quality measures of both arms (`quality.ts`) and the skill depth (the level
 * against the one before it under each arm's rules, and their paired difference on the same deals).
 */
import { join } from 'node:path';
import type { Backend } from '../../run/pool.ts';
import { pairCI } from '../numbers.ts';
import { loadRun } from '../run.ts';
import type { LoadedRun } from '../run.ts';
import { playSkillMatch, skillDepthLevel } from '../skill-depth.ts';
import type { Estimate, SkillDifference, SkillShare } from '../skill-depth.ts';
import { runLevel } from '../run-level.ts';
import { winnerChange } from '../winner-change.ts';
import type { WinnerChange } from '../winner-change.ts';
import { levelMeasures } from './measures.ts';
import type { LevelMeasures } from './measures.ts';
import { qualityDifferenceOf, qualityOf } from './quality.ts';
import type { QualityDifferences, QualityMeasures } from './quality.ts';
import type { StudyArm, StudyLevel, StudySetup } from './setup.ts';

export type { Estimate, SkillShare } from '../skill-depth.ts';

export interface SkillDepth {
  level: string;
  against: string;
  baseline: SkillShare;
  variant: SkillShare;
  /** Variant minus baseline win share, paired over the shared deals (t over deals), in shares (−1 to 1). */
  difference: SkillDifference;
}

/** Also per level: points by source, meeples per feature kind, margin and seat fairness of both arms, with their paired differences (`measures.ts`). */
export interface LevelCard extends LevelMeasures {
  level: string;
  spec: string;
  deals: number;
  run: string;
  /** Shares of deals (0–1): the same games rescored, the games played out, and the two no-effect references. */
  winnerChanged: {
    total: number | null;
    rescored: number | null;
    independent: number | null;
    noiseFloor: number | null;
  };
  /** The same four with their 95 % intervals, and the rescored games' counts. */
  winnerChangedDetail: WinnerChange;
  /** Deals on which both arms played the same moves (a rescoring only, docs/reasoning.md §1). */
  sameMoves: number;
  /** Mean score per player, variant − baseline, paired t over deals (no interval when every deal gave the same difference). */
  scoreChange: Estimate;
  /**
   * The game-quality measures of both arms, and variant − baseline per measure paired per deal (delta
   * method, t over deals); null where the run does not have them (`quality.ts`).
   */
  quality: { baseline: QualityMeasures | null; variant: QualityMeasures | null; difference: QualityDifferences | null };
  /** Null for the first level (it has no level below it). */
  skillDepth: SkillDepth | null;
}

export interface Scorecard {
  format: 'carclab-study/1';
  /** The designer's question ("What changes when …?"), from the rule parameters' descriptions. */
  question: string;
  /** What is compared ("farmerPointsPerCity=4 against the official rules (2 players, base game)"). */
  comparison: string;
  players: number;
  seed: string;
  baseline: StudyArm;
  variant: StudyArm;
  levels: LevelCard[];
}

async function skillDepth(
  level: StudyLevel,
  setup: StudySetup,
  backend: Backend,
  outRoot: string,
  log: (l: string) => void,
  newRun: boolean,
): Promise<SkillDepth | null> {
  if (!level.skill) return null;
  // The same seed deals the same tiles to both arms' matches: the difference is paired per deal.
  const matches = [
    { arm: setup.baseline.name, match: await playSkillMatch(level.skill.baseline, backend, outRoot, log, newRun) },
    { arm: setup.variant.name, match: await playSkillMatch(level.skill.variant, backend, outRoot, log, newRun) },
  ];
  const depth = skillDepthLevel({ level: level.name, against: level.skill.against }, setup.players, matches);
  return {
    level: depth.level,
    against: depth.against,
    baseline: depth.arms[0]!.share,
    variant: depth.arms[1]!.share,
    difference: depth.differences[0]!.difference,
  };
}

function levelCard(level: StudyLevel, run: LoadedRun, setup: StudySetup, skill: SkillDepth | null): LevelCard {
  const effect = run.summary.effects?.[0];
  if (!effect) throw new Error(`${run.dir}: the run has no effect counts`);
  const w = winnerChange(effect);
  const score = pairCI(run.summary, setup.baseline.name, setup.variant.name, 'score');
  return {
    level: level.name,
    spec: level.spec,
    deals: level.deals,
    run: run.dir,
    winnerChanged: {
      total: w.total.share,
      rescored: w.rescored?.share ?? null,
      independent: w.independent.share,
      noiseFloor: w.noiseFloor.share,
    },
    winnerChangedDetail: w,
    sameMoves: run.summary.pairs[0]?.sameMoves ?? 0,
    // Every deal alike (e.g. a rule random play does not feel in the scores): no t interval (docs/reasoning.md §10).
    scoreChange:
      score.sdDiff === 0
        ? { estimate: score.meanDiff, lo: null, hi: null }
        : { estimate: score.meanDiff, lo: score.lo, hi: score.hi },
    quality: {
      baseline: qualityOf(run, setup.baseline.name),
      variant: qualityOf(run, setup.variant.name),
      difference: qualityDifferenceOf(run, setup.baseline.name, setup.variant.name),
    },
    skillDepth: skill,
    ...levelMeasures(run.summary, setup.baseline.name, setup.variant.name),
  };
}

/** Plays every level's runs into `<out>/runs` and returns the scorecard and the levels' runs. */
export async function playStudy(
  setup: StudySetup,
  backend: Backend,
  out: string,
  log: (l: string) => void,
  newRun = false,
): Promise<{ scorecard: Scorecard; runs: LoadedRun[] }> {
  const outRoot = join(out, 'runs');
  const levels: LevelCard[] = [];
  const runs: LoadedRun[] = [];
  for (const level of setup.levels) {
    const run = loadRun(await runLevel(level.plan, undefined, backend, outRoot, log, newRun));
    const skill = await skillDepth(level, setup, backend, outRoot, log, newRun);
    runs.push(run);
    levels.push(levelCard(level, run, setup, skill));
  }
  const { question, comparison, players, seed, baseline, variant } = setup;
  return {
    scorecard: { format: 'carclab-study/1', question, comparison, players, seed, baseline, variant, levels },
    runs,
  };
}
