/**
 * `carclab study`'s work once the setup is checked (`setup.ts`): plays each level's paired run (with
 * the effect baseline → variant) and its skill matches, then gathers the scorecard: per level
 * "winner changed" with its references and the rescored games (`winner-change.ts`), the change in
 * mean score, the game-quality measures of both arms (`quality.ts`) and the skill depth (the level
 * against the one before it under each arm's rules, and their paired difference on the same deals).
 */
import { join } from 'node:path';
import { runMatch } from '../../match/run.ts';
import { dealScore } from '../../match/outcomes.ts';
import { pairResult } from '../../match/stats.ts';
import type { MatchDesign } from '../../match/design.ts';
import type { Backend } from '../../run/pool.ts';
import { progressBar } from '../../run/progress-bar.ts';
import { degenerateInterval } from '../../stats/exact.ts';
import { meanInterval } from '../../stats/index.ts';
import { pairCI } from '../numbers.ts';
import { loadRun } from '../run.ts';
import type { LoadedRun } from '../run.ts';
import { runLevel } from '../study.ts';
import { winnerChange } from '../winner-change.ts';
import type { WinnerChange } from '../winner-change.ts';
import { qualityOf } from './quality.ts';
import type { QualityMeasures } from './quality.ts';
import type { StudyArm, StudyLevel, StudySetup } from './setup.ts';

/** A share or mean with its 95 % interval. */
export interface Estimate {
  estimate: number | null;
  lo: number | null;
  hi: number | null;
}

/** The level's win share against the level before it under one arm's rules. */
export interface SkillShare extends Estimate {
  games: number;
  deals: number;
  /** Mean points per game over the weaker level (t over deals). */
  margin: Estimate;
  run: string;
}

export interface SkillDepth {
  level: string;
  against: string;
  baseline: SkillShare;
  variant: SkillShare;
  /** Variant minus baseline win share, paired over the shared deals (t over deals), in shares (−1 to 1). */
  difference: Estimate & { deals: number };
}

export interface LevelCard {
  level: string;
  spec: string;
  deals: number;
  run: string;
  /** Shares of deals (0–1): the same games rescored, the games played out, and the two no-effect references. */
  winnerChanged: { total: number | null; rescored: number | null; independent: number | null; noiseFloor: number | null };
  /** The same four with their 95 % intervals, and the rescored games' counts. */
  winnerChangedDetail: WinnerChange;
  /** Deals on which both arms played the same moves (a rescoring only, `STUDIES.md` 1). */
  sameMoves: number;
  /** Mean score per player, variant − baseline, paired t over deals (no interval when every deal gave the same difference). */
  scoreChange: Estimate;
  /** The game-quality measures of both arms; null where this build does not measure them (`quality.ts`). */
  quality: { baseline: QualityMeasures | null; variant: QualityMeasures | null };
  /** Null for the first level (it has no level below it). */
  skillDepth: SkillDepth | null;
}

export interface Scorecard {
  format: 'carclab-study/1';
  question: string;
  players: number;
  seed: string;
  baseline: StudyArm;
  variant: StudyArm;
  levels: LevelCard[];
}

/** Plays a match design with a progress bar (resuming or reusing its run) and returns its outcomes and run folder. */
export async function playSkill(design: MatchDesign, backend: Backend, outRoot: string, log: (l: string) => void) {
  const bar = progressBar(design.plan.experiment.slice(0, 24));
  const outcome = await runMatch({
    design, outRoot, backend,
    shardDeals: Math.max(1, Math.ceil(design.plan.deals / (4 * backend.concurrency))),
    onStart: ({ runDir, progress }) => {
      log(`${design.plan.experiment}: ${design.specs[0]} against ${design.specs[1]}, ${design.plan.deals.toLocaleString('en')} deals, ${progress.gamesTotal.toLocaleString('en')} games into ${runDir}`);
      bar.start(progress.gamesTotal, progress.gamesDone);
    },
    onProgress: (p) => bar.update(Math.min(p.gamesTotal, p.gamesDone + p.gamesRunning)),
  }).finally(() => bar.stop());
  if (outcome.status !== 'complete' || !outcome.outcomes) throw new Error(`${design.plan.experiment}: run interrupted`);
  return { outcomes: outcome.outcomes, runDir: outcome.runDir };
}

async function skillDepth(level: StudyLevel, setup: StudySetup, backend: Backend, outRoot: string, log: (l: string) => void): Promise<SkillDepth | null> {
  if (!level.skill) return null;
  const base = await playSkill(level.skill.baseline, backend, outRoot, log);
  const variant = await playSkill(level.skill.variant, backend, outRoot, log);
  const share = (o: typeof base): SkillShare => {
    const r = pairResult(o.outcomes, 0, { a: level.name, b: level.skill!.against }, setup.players);
    return {
      estimate: r.winRateA, lo: r.winRateALo, hi: r.winRateAHi, games: r.games, deals: r.deals,
      margin: { estimate: r.marginA, lo: r.marginALo, hi: r.marginAHi }, run: o.runDir,
    };
  };
  // The same seed deals the same tiles to both arms' matches: the difference is paired per deal.
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let d = 0; d < level.deals; d++) {
    const x = dealScore(variant.outcomes, d, 0) - dealScore(base.outcomes, d, 0);
    n++;
    sum += x;
    sumSq += x * x;
  }
  // Every deal scored alike (e.g. both perfect records): no t interval, the exact bound on [−1, 1] (`STUDIES.md` 10).
  const diff = n >= 2 && n * sumSq === sum * sum ? degenerateInterval({ n, value: sum / n, min: -1, max: 1 }) : meanInterval({ n, sum, sumSq });
  const mean = 'mean' in diff ? diff.mean : diff.estimate;
  return {
    level: level.name, against: level.skill.against, baseline: share(base), variant: share(variant),
    difference: { estimate: mean, lo: diff.lo === null ? null : Math.max(-1, diff.lo), hi: diff.hi === null ? null : Math.min(1, diff.hi), deals: n },
  };
}

function levelCard(level: StudyLevel, run: LoadedRun, setup: StudySetup, skill: SkillDepth | null): LevelCard {
  const effect = run.summary.effects?.[0];
  if (!effect) throw new Error(`${run.dir}: the run has no effect counts`);
  const w = winnerChange(effect);
  const score = pairCI(run.summary, setup.baseline.name, setup.variant.name, 'score');
  return {
    level: level.name, spec: level.spec, deals: level.deals, run: run.dir,
    winnerChanged: { total: w.total.share, rescored: w.rescored?.share ?? null, independent: w.independent.share, noiseFloor: w.noiseFloor.share },
    winnerChangedDetail: w,
    sameMoves: run.summary.pairs[0]?.sameMoves ?? 0,
    // Every deal alike (e.g. a rule random play does not feel in the scores): no t interval (`STUDIES.md` 10).
    scoreChange: score.sdDiff === 0 ? { estimate: score.meanDiff, lo: null, hi: null } : { estimate: score.meanDiff, lo: score.lo, hi: score.hi },
    quality: { baseline: qualityOf(run, setup.baseline.name), variant: qualityOf(run, setup.variant.name) },
    skillDepth: skill,
  };
}

/** Plays every level's runs into `<out>/runs` and returns the scorecard and the levels' runs. */
export async function playStudy(setup: StudySetup, backend: Backend, out: string, log: (l: string) => void): Promise<{ scorecard: Scorecard; runs: LoadedRun[] }> {
  const outRoot = join(out, 'runs');
  const levels: LevelCard[] = [];
  const runs: LoadedRun[] = [];
  for (const level of setup.levels) {
    const run = loadRun(await runLevel(level.plan, undefined, backend, outRoot, log));
    const skill = await skillDepth(level, setup, backend, outRoot, log);
    runs.push(run);
    levels.push(levelCard(level, run, setup, skill));
  }
  const { question, players, seed, baseline, variant } = setup;
  return { scorecard: { format: 'carclab-study/1', question, players, seed, baseline, variant, levels }, runs };
}
