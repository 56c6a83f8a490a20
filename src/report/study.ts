/**
 * Studies: a notebook (`notebooks/<name>.ts`) plays the arms of one experiment
 * (`experiments/<name>.ts`) at several skill levels — each level replaces every arm's agents by one
 * agent spec (`random`, `greedy`, `mcts:iterations=200` …) and runs on the same seed, so a smaller
 * level's deals are the first deals of a larger one — analyses the runs and writes report.md and
 * report.html into the first level's run folder (docs/reasoning.md: every conclusion per level).
 * `runStudy` runs (or loads) the levels' runs and writes the report; a notebook's command line is
 * `studyMain` (`study-cli.ts`). Everything given is checked — flags, agent specs, the experiment,
 * finished run directories and the arms the study needs — before any game is played.
 */
import type { ColumnTable } from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import { parseAgentSpec } from '../agents/index.ts';
import { InputError } from '../engine/index.ts';
import { loadExperiment } from '../run/load.ts';
import { armSetups } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { defaultWorkers, poolBackend } from '../run/pool.ts';
import type { Backend } from '../run/pool.ts';
import { Report, writeReport } from './report.ts';
import type { ReportFiles } from './report.ts';
import { addRunSections } from './run-report.ts';
import { armPlayerCounts, nameWithStrength } from './level-strength.ts';
import { levelSizes } from './levels.ts';
import type { Conclusion, LevelRun } from './levels.ts';
import { addQualitySection, qualityArms } from './quality-report.ts';
import { runLevel } from './run-level.ts';
import { loadRun } from './run.ts';
import type { LoadedRun } from './run.ts';
import { addSkillDepthSection, playSkillDepth, skillDepthSentence, skillPlans as skillPlansOf } from './skill-depth.ts';
import type { SkillDepthLevel, SkillPlan } from './skill-depth.ts';
import { addPlayCheck, INTERVALS_TEXT, studyIntro } from './study-sections.ts';
import { studyBottomLine } from './study-bottom-line.ts';
import { addVerdictPage, conclusionFinding } from './verdict.ts';
import type { Finding } from './verdict.ts';

export type { LevelRun } from './levels.ts';
export { INTERVALS_TEXT } from './study-sections.ts';

/** What a study shows in the suite report besides its own report. */
export interface StudyHighlights {
  /** Headline sentences (Markdown), numbers with intervals and run sizes. */
  headlines: string[];
  /** The question the study answers, in a designer's words: the verdict page opens with it (default: the title). */
  question?: string;
  /** The conclusions the verdict page states, a sentence and a chart each (`conclusionFinding`). */
  verdict?: readonly Conclusion[];
  tables: { table: ColumnTable; caption: string }[];
  charts: { name: string; spec: TopLevelSpec; caption?: string }[];
}

/** A level to run: an agent spec, its deals, and optionally a short name for it (default `levelLabel(agents)`). */
export interface LevelPlan {
  agents: string;
  deals: number;
  label?: string;
  /**
   * Deals of the level's match against the level before it under each arm's rules (the skill depth,
   * `skill-depth.ts`); absent or 0: none.
   */
  skillDeals?: number;
}

/**
 * The studies' strong level: the default `strong`, at every player count the player `carclab match`
 * plays. Its small look-aheads cost about 85–111 greedy games per game at 2–5 players (docs/strong.md,
 * "Where it stands"); until the 4-player default became one of them (tenth pass) the studies played
 * `strong:lookaheadPlayers=3`, one ply with 4 and 5 players. Its measured strength is said beside its
 * name in every report (`level-strength.ts`).
 */
export const STUDY_STRONG = 'strong';

/**
 * A study's three skill levels, random, greedy and strong (`STUDY_STRONG`), with their deals and, for a
 * study that compares rules, the deals of greedy's and strong's matches against the level before them
 * (skill depth).
 */
export function skillLevels(
  deals: { random: number; greedy: number; strong: number },
  skill?: { greedy: number; strong: number },
): LevelPlan[] {
  return [
    { agents: 'random', deals: deals.random },
    { agents: 'greedy', deals: deals.greedy, ...(skill ? { skillDeals: skill.greedy } : {}) },
    { agents: STUDY_STRONG, deals: deals.strong, label: 'strong', ...(skill ? { skillDeals: skill.strong } : {}) },
  ];
}

/** A level's short name: the one given, else `levelLabel` of its spec. */
export const levelName = (level: LevelPlan): string => level.label ?? levelLabel(level.agents);

/** The arms of a run or plan, as far as a study checks them. */
export type StudyArms = readonly { name: string; players: number; expansions: readonly string[] }[];

export interface Study {
  /** The notebook's and the experiment's name (`experiments/<name>.ts`). */
  name: string;
  /** Title; `players` is the player count of the runs (null when the arms differ in it). */
  title(players: number | null): string;
  /** Full-size levels (a notebook run without `--agents`/`--deals`); deals per agent kind. */
  levels: readonly LevelPlan[];
  /** The suite's reduced levels (`npm start`). */
  suiteLevels: readonly LevelPlan[];
  /** What the study needs of the arms, or null when they have it (e.g. "an arm named base"). */
  checkArms(arms: StudyArms): string | null;
  /** Adds the study's sections to `report` and returns its highlights. */
  analyse(report: Report, levels: readonly LevelRun[]): StudyHighlights | Promise<StudyHighlights>;
}

/**
 * The arms an expansion study needs: a base-game arm, at least one arm with `expansion`, one player
 * count throughout. Null when the arms have them, else what is missing (for `Study.checkArms`).
 */
export function expansionStudyArms(expansion: string): (arms: StudyArms) => string | null {
  return (arms) => {
    if (!arms.some((a) => a.expansions.length === 0)) return 'it needs a base-game arm (no expansions)';
    if (!arms.some((a) => a.expansions.includes(expansion)))
      return `it needs at least one arm with the ${expansion} expansion`;
    if (new Set(arms.map((a) => a.players)).size !== 1) return 'all arms must have the same player count';
    return null;
  };
}

export interface StudyOptions {
  /** Finished runs (one per level) instead of running the experiment. */
  runs?: string[];
  /** Levels to run (default: the study's `levels`, leaving out agents this build does not have). */
  levels?: readonly LevelPlan[];
  /** Experiment name or file instead of `experiments/<study>.ts` (same study, other arms, e.g. 4 players). */
  experiment?: string;
  /** Players per game (`--players`): every arm at this count, or, when the arms have several counts, the arms that have it. */
  players?: number;
  workers?: number;
  outRoot?: string;
  /** Play the levels again with this code although runs of them by other code exist (`--new-run`). */
  newRun?: boolean;
  /** Shared backend (the suite runs several studies on one pool; or Redis workers). */
  backend?: Backend;
  log?: (line: string) => void;
}

export interface StudyOutcome {
  levels: LevelRun[];
  files: ReportFiles;
  highlights: StudyHighlights;
  /** The skill depth per pair of levels (none for a study that plays no skill matches, or for finished runs). */
  skill: SkillDepthLevel[];
  /** Its findings (a sentence and a chart per pair of levels), as on the study's verdict page. */
  skillFindings: Finding[];
}

/** Whether this build has the agent of a spec (`mcts:iterations=200` needs `mcts`). */
export function hasAgent(spec: string): boolean {
  try {
    parseAgentSpec(spec, '--agents');
    return true;
  } catch {
    return false;
  }
}

/**
 * A level's short name: the agent and the parameters that differ from its defaults
 * (`greedy:eval=rules` → `greedy`, `mcts:iterations=200,c=1,…` → `mcts:iterations=200`).
 */
export function levelLabel(spec: string): string {
  const parsed = parseAgentSpec(spec, 'agents');
  let defaults: Record<string, unknown> = {};
  try {
    defaults = parseAgentSpec(parsed.name, 'agents').params;
  } catch {
    return parsed.text; // an agent without a default for every parameter
  }
  const changed = Object.entries(parsed.params)
    .filter(([k, v]) => defaults[k] !== v)
    .map(([k, v]) => `${k}=${v}`);
  return changed.length ? `${parsed.name}:${changed.join(',')}` : parsed.name;
}

/** `mcts:iterations=200` → `mcts-iterations=200` (a directory-safe experiment-name suffix). */
const slug = (spec: string) => spec.replace(/[^A-Za-z0-9_.=+-]+/g, '-');

/**
 * The plan of one level: the experiment with every seat's agent replaced, on the experiment's seed,
 * recording the game-quality measures (the report's "How the games play").
 */
export function levelPlan(plan: Plan, level: LevelPlan): Plan {
  const agents = parseAgentSpec(level.agents, '--agents').text;
  return {
    ...plan,
    experiment: `${plan.experiment}-${slug(levelName(level))}`.slice(0, 64),
    deals: level.deals,
    arms: plan.arms.map((arm) => ({ ...arm, agents: arm.agents.map(() => agents) })),
    quality: true,
  };
}

/**
 * The experiment at another player count (`--players N`): every arm at N players when the arms share
 * one count (each lineup repeated to N seats), else only the arms with N players; the games are
 * built here, so a count an expansion does not allow fails before anything is played.
 */
export function withPlayers(plan: Plan, players: number | undefined, where: string): Plan {
  if (players === undefined) return plan;
  const counts = [...new Set(plan.arms.map((a) => a.players))];
  const arms =
    counts.length > 1
      ? plan.arms.filter((a) => a.players === players)
      : plan.arms.map((a) => ({
          ...a,
          players,
          agents: Array.from({ length: players }, (_, i) => a.agents[i % a.agents.length]!),
        }));
  if (!arms.length)
    throw new InputError(
      'usage',
      `${where}: --players ${players}: no arm has ${players} players (the arms have ${counts.join(', ')})`,
    );
  const changed: Plan = { ...plan, arms };
  armSetups(changed);
  return changed;
}

/** Per level, the mean score per player of the base-game arm (else the first arm): the scale of a bottom line's points. */
export const baseMeanScores = (levels: readonly LevelRun[]): (number | null)[] =>
  levels.map((l) => {
    const arms = l.run.summary.arms;
    return (arms.find((a) => a.expansions.length === 0) ?? arms[0])?.perDeal.score?.mean ?? null;
  });

/** The agent spec every seat of a run played, or an input error naming the run. */
function specOf(run: LoadedRun): string {
  const agents = new Set(run.manifest.arms.flatMap((a) => a.agents));
  if (agents.size !== 1)
    throw new InputError(
      'usage',
      `${run.dir}: a study level is one agent in every seat; this run has ${[...agents].join(', ')}`,
    );
  return [...agents][0]!;
}

/** The levels of finished runs (`options.runs`): each kept its games, is a run of this study, and had one agent in every seat. */
function givenLevels(study: Study, dirs: readonly string[]): LevelRun[] {
  return dirs.map((dir) => {
    const run = loadRun(dir);
    if (!run.manifest.keepGames)
      throw new InputError('usage', `${dir}: the run kept no games (games.arrow); run it again with --keep-games`);
    const problem = study.checkArms(run.manifest.arms);
    if (problem) throw new InputError('usage', `${dir}: not a run of the ${study.name} study: ${problem}`);
    const spec = specOf(run);
    return { agents: levelLabel(spec), spec, run };
  });
}

/** The plans of the levels to play and of their skill-depth matches, checked before any game. */
async function plannedLevels(
  study: Study,
  options: StudyOptions,
  log: (line: string) => void,
): Promise<{ planned: { plan: Plan; file: string; name: string }[]; skillPlans: SkillPlan[] }> {
  const levels = options.levels ?? study.levels.filter((l) => hasAgent(l.agents));
  for (const l of options.levels ?? study.levels)
    if (!options.levels && !hasAgent(l.agents))
      log(`${study.name}: level ${l.agents} skipped (this build has no such agent)`);
  for (const l of levels) parseAgentSpec(l.agents, '--agents');
  const names = levels.map(levelName);
  const twice = names.find((n, k) => names.indexOf(n) !== k);
  if (twice !== undefined)
    throw new InputError(
      'usage',
      `--agents: two levels are named ${JSON.stringify(twice)}; give them names of their own (NAME=SPEC)`,
    );
  const loaded = await loadExperiment(options.experiment ?? study.name);
  const file = loaded.file;
  const plan = withPlayers(loaded.plan, options.players, file);
  const problem = study.checkArms(plan.arms);
  if (problem) throw new InputError('usage', `${file}: not an experiment of the ${study.name} study: ${problem}`);
  return {
    planned: levels.map((l) => ({ plan: levelPlan(plan, l), file, name: levelName(l) })),
    skillPlans: skillPlansOf(
      plan,
      levels.map((l) => ({ ...l, name: levelName(l) })),
    ),
  };
}

/**
 * The play check and the headlines (its warnings first, also in `highlights`), moved before the
 * study's sections; the generic appendix of every level's run comes after them. Returns the warnings.
 */
function addHeadlines(report: Report, levels: readonly LevelRun[], highlights: StudyHighlights): string[] {
  const warnings = addPlayCheck(report, levels);
  report.section('Headlines').text([...warnings, ...highlights.headlines].map((h) => `- ${h}`).join('\n'));
  const [play, headlines] = report.sections.splice(-2, 2);
  report.sections.unshift(headlines!, play!);
  highlights.headlines.unshift(...warnings);
  return warnings;
}

/** Step 4 of `runStudy`: the verdict page, a bottom line over the study's conclusions and their findings. */
function addStudyVerdict(
  report: Report,
  levels: readonly LevelRun[],
  highlights: StudyHighlights,
  moreFindings: readonly Finding[],
  warnings: readonly string[],
): void {
  const names = levels.map((l) => l.agents);
  const size = levelSizes(levels);
  const conclusions = highlights.verdict ?? [];
  addVerdictPage(report, {
    question: highlights.question ?? report.title,
    bottomLine: studyBottomLine(
      conclusions.map((conclusion, k) => ({
        conclusion,
        levels: names,
        finding: k + 1,
        meanScore: baseMeanScores(levels),
        players: levels[0]!.run.manifest.arms[0]!.players,
      })),
    ),
    glossary: ['interval', 'measurable', 'paired', 'pp', 'jointTest', 'holm', 'skill', 'expected', 'level'],
    findings: [
      ...(highlights.verdict ?? []).map((c, k) => conclusionFinding(c, names, `finding-${k + 1}`, size)),
      ...moreFindings,
    ],
    notes: [
      ...warnings,
      INTERVALS_TEXT,
      'The appendix below has every conclusion of the study, the skill levels and their runs.',
    ],
  });
}

/** The study's levels: checked, then run (or loaded), then analysed into a report in the first level's folder. */
export async function runStudy(study: Study, options: StudyOptions = {}): Promise<StudyOutcome> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const outRoot = options.outRoot ?? 'results';
  // 1. Check everything before any game: the given runs, or the experiment and the level specs.
  const given = options.runs?.length ? givenLevels(study, options.runs) : undefined;
  const { planned, skillPlans } = given ? { planned: [], skillPlans: [] } : await plannedLevels(study, options, log);
  for (const p of planned)
    log(`${study.name}: ${nameWithStrength(p.name, p.plan.arms[0]!.agents[0]!, armPlayerCounts(p.plan.arms))}`);
  // 2. Run the levels (smallest budget first is no faster: they run one after another on the backend).
  let backend = options.backend;
  const own = !backend && !given;
  if (own) backend = poolBackend(options.workers ?? defaultWorkers());
  try {
    const levels = given ?? [];
    for (const { plan, file, name } of planned)
      levels.push({
        agents: name,
        spec: plan.arms[0]!.agents[0]!,
        run: loadRun(await runLevel(plan, file, backend!, outRoot, log, options.newRun)),
      });
    const skill = await playSkillDepth(skillPlans, backend!, outRoot, log, options.newRun);
    // 3. Analyse and write the report.
    const players = new Set(levels[0]!.run.manifest.arms.map((a) => a.players));
    const report = new Report(study.title(players.size === 1 ? [...players][0]! : null), studyIntro(levels));
    const highlights = await study.analyse(report, levels);
    const warnings = addHeadlines(report, levels, highlights);
    // 4. How the games play, then the verdict page (first), then the generic appendix of every level's run.
    const size = levelSizes(levels);
    const quality = addQualitySection(
      report,
      levels.flatMap((l) => qualityArms(l.run.summary, l.agents)),
      { runSize: size },
    );
    const wantsSkill = (options.levels ?? study.levels).some((l) => (l.skillDeals ?? 0) > 0);
    const skillFindings =
      wantsSkill || skill.length
        ? addSkillDepthSection(report, skill, {
            missing: given
              ? 'Not played: the notebook analysed finished runs; skill depth needs matches of its own (run the notebook without RUN_DIR arguments).'
              : undefined,
          })
        : [];
    highlights.headlines.push(...skill.map((s) => `Skill depth: ${skillDepthSentence(s)}`));
    addStudyVerdict(report, levels, highlights, [...skillFindings, ...quality], warnings);
    levels.forEach((l, k) => {
      addRunSections(report, l.run, {
        chartPrefix: `level${k}-`,
        titlePrefix: `Appendix ${String.fromCharCode(65 + k)} (${l.agents}): `,
      });
    });
    const files = await writeReport(report, levels[0]!.run.dir);
    log(`${study.name}: report ${files.html}`);
    return { levels, files, highlights, skill, skillFindings };
  } finally {
    if (own) await backend!.close();
  }
}
