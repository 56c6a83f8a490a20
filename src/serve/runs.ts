/**
 * The runs under the results folder, as the explorer lists them: every folder at any depth (up to
 * `MAX_DEPTH`) holding a `manifest.json` beside a `plan.json` (a run, match or ladder of the runner,
 * a study's level) or a `game.json` (a game played in the explorer, `play.ts`); and the studies, the
 * folders of `carclab study` (a `scorecard.json`), with their reports and the runs below them.
 * Symbolic links to folders are not followed, and every file is read through `realInside` (a run
 * whose manifest leads outside the folder is not listed, nor a report that does), a run's plan only
 * after `verify.ts` checked it against the run id. Nothing here writes.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isInputError } from '../engine/index.ts';
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { checkedGames, GAMES_CHECKSUM_FILE, GAMES_FILE, readGamesArrow } from '../run/kept-games.ts';
import { checkedSummary, readRunFiles, runShards } from '../run/verify.ts';
import type { Plan } from '../sim/plan.ts';
import type { EffectSummary, Summary } from '../sim/summary.ts';
import { HttpError } from './http.ts';
import { checkRunFilesInside, existsInside, insideRoot, readTextInside, realInside } from './files.ts';
import type { Root } from './files.ts';
import type { PlayedGameFile, RunDetail, RunListItem, StudyItem } from './api-types.ts';

/**
 * Folders below the root searched for runs: any depth a results folder has (results/<experiment>/<run-id>
 * is 2, a study's levels results/study/<rules>/runs/<experiment>/<run-id> 5), bounded only against a
 * pathological tree (symbolic links are not followed, so there are no cycles).
 */
const MAX_DEPTH = 32;
/** Folders a run keeps its own parts in, never runs themselves. */
const SKIPPED = new Set(['shards', 'charts', 'node_modules', '.git']);

interface ManifestFields {
  status?: string;
  experiment?: { name?: string; description?: string };
  runId?: string;
  seed?: string;
  deals?: number;
  rotation?: string;
  games?: { done?: number; total?: number };
  keepGames?: boolean;
  arms?: {
    name: string;
    players: number;
    expansions: string[];
    agents: string[];
    rules?: { explicit?: Record<string, string | number> };
  }[];
  package?: { version?: string };
  code?: { hash?: string };
  git?: { commit?: string; dirty?: boolean } | null;
  reproducible?: boolean;
}

/** A JSON file below the root, or undefined when it is unreadable, not JSON or leads outside the root. */
function readJson<T>(root: Root, file: string): T | undefined {
  try {
    return JSON.parse(readTextInside(root, file)) as T;
  } catch {
    return undefined;
  }
}

/** What a search of the root found: run folders and study folders (real paths). */
interface Found {
  runs: string[];
  studies: string[];
}

/** A run is a leaf (its own parts below it); a study's runs lie below its scorecard. */
function search(dir: string, depth: number, found: Found): void {
  if (
    existsSync(join(dir, 'manifest.json')) &&
    (existsSync(join(dir, 'plan.json')) || existsSync(join(dir, 'game.json')))
  ) {
    found.runs.push(dir);
    return;
  }
  if (existsSync(join(dir, STUDY_FILE))) found.studies.push(dir);
  if (depth >= MAX_DEPTH) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.'))
      search(join(dir, entry.name), depth + 1, found);
  }
}

/** The file that makes a folder a study (`carclab study` writes it beside its report). */
const STUDY_FILE = 'scorecard.json';

const toUrlPath = (root: Root, dir: string): string => relative(root.real, dir).split(sep).join('/');

function listItem(root: Root, dir: string): RunListItem | undefined {
  const manifest = readJson<ManifestFields>(root, join(dir, 'manifest.json'));
  if (!manifest) return undefined;
  const played = existsSync(join(dir, 'game.json'));
  return {
    path: toUrlPath(root, dir),
    kind: played ? 'played' : 'run',
    experiment: manifest.experiment?.name ?? '?',
    description: manifest.experiment?.description ?? '',
    status: manifest.status ?? 'unknown',
    seed: manifest.seed ?? '',
    deals: manifest.deals ?? 0,
    rotation: manifest.rotation ?? '',
    games: manifest.games?.done ?? 0,
    keepGames: manifest.keepGames === true,
    arms: (manifest.arms ?? []).map((arm) => ({
      name: arm.name,
      players: arm.players,
      expansions: arm.expansions,
      agents: arm.agents,
      rules: arm.rules?.explicit ?? {},
    })),
    code: manifest.code?.hash?.slice(0, 10) ?? '',
    git: manifest.git
      ? `${manifest.git.commit?.slice(0, 12) ?? '?'}${manifest.git.dirty ? ' (uncommitted changes)' : ''}`
      : '',
    version: manifest.package?.version ?? '',
  };
}

/** Every run and study under the root, by path; each run in a study names it. */
function searchRoot(root: Root): { runs: RunListItem[]; studies: StudyItem[] } {
  const found: Found = { runs: [], studies: [] };
  search(root.real, 0, found);
  const studies = found.studies.sort().flatMap((dir) => studyItem(root, dir) ?? []);
  const runs = found.runs.sort().flatMap((dir) => {
    const item = listItem(root, dir);
    if (!item) return [];
    const study = studyOf(studies, item.path);
    if (study) study.runs.push(item.path);
    return [study ? { ...item, study: study.path } : item];
  });
  return { runs, studies };
}

/** The innermost study whose folder holds `path`. */
const studyOf = (studies: StudyItem[], path: string): StudyItem | undefined =>
  studies
    .filter((s) => s.path === '' || path.startsWith(`${s.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];

export const listRuns = (root: Root): RunListItem[] => searchRoot(root).runs;
export const listStudies = (root: Root): StudyItem[] => searchRoot(root).studies;

interface ScorecardFields {
  format?: string;
  question?: string;
  comparison?: string;
}

/** A study folder, when its scorecard reads as one (inside the root); its reports only when they lie inside the root. */
function studyItem(root: Root, dir: string): StudyItem | undefined {
  const card = readJson<ScorecardFields>(root, join(dir, STUDY_FILE));
  if (typeof card?.format !== 'string' || !card.format.startsWith('carclab-study/')) return undefined;
  const path = toUrlPath(root, dir);
  const prefix = path === '' ? '' : `${path}/`;
  return {
    path,
    question: typeof card.question === 'string' ? card.question : '',
    comparison: typeof card.comparison === 'string' ? card.comparison : '',
    reports: ['report.html', 'report.md', STUDY_FILE]
      .filter((f) => existsInside(root, join(dir, f)))
      .map((f) => `${prefix}${f}`),
    runs: [],
  };
}

/** The folder of the run at `path` (relative to the root), checked to be a run. */
export function runDir(root: Root, path: string): string {
  const dir = insideRoot(root, path);
  if (!existsSync(join(dir, 'manifest.json'))) throw new HttpError(404, `${path} is not a run (no manifest.json)`);
  realInside(root, join(dir, 'manifest.json'));
  return dir;
}

/** Verified plans by run folder, with the modification times they were read at. */
const plans = new Map<string, { stamp: string; plan: Plan }>();

/**
 * A run's plan (runs of the runner only), checked against its run id (`verify.ts`: an edited plan
 * would replay games the run never played); cached until plan.json or manifest.json change.
 */
export function readRunPlan(root: Root, path: string): Plan {
  const dir = runDir(root, path);
  const files = ['plan.json', 'manifest.json'].map((name) => realInside(root, join(dir, name)));
  const stamp = files.map((f) => `${statSync(f).mtimeMs}:${statSync(f).size}`).join(' ');
  const known = plans.get(dir);
  if (known?.stamp === stamp) return known.plan;
  let plan: Plan;
  try {
    plan = readRunFiles(dir).plan;
  } catch (error) {
    if (isInputError(error)) throw new HttpError(422, relativeMessage(root, (error as Error).message));
    throw error;
  }
  if (plans.size >= 64) plans.delete(plans.keys().next().value!);
  plans.set(dir, { stamp, plan });
  return plan;
}

/**
 * A run's kept games (null when it kept none) after every check of `kept-games.ts` against its run
 * and its shards, every file it reads inside the results folder; a 422 naming what is wrong.
 */
export function readRunGames(root: Root, path: string): ColumnTable | null {
  const dir = runDir(root, path);
  if (!existsSync(join(dir, GAMES_FILE))) return null;
  checkRunFilesInside(root, dir, ['plan.json', 'manifest.json', GAMES_FILE, GAMES_CHECKSUM_FILE]);
  try {
    const files = readRunFiles(dir);
    return readGamesArrow(dir, files.binding, runShards(files), aq.fromArrow);
  } catch (error) {
    if (isInputError(error)) throw new HttpError(422, relativeMessage(root, (error as Error).message));
    throw error;
  }
}

/** Results of `checkedRun` by run folder, with the state of the files they were found for. */
const checked = new Map<string, { stamp: string; refused: string | null; summary: Summary | null }>();

/**
 * What the checks refuse in a finished run's files (`refused`, null: nothing): plan and manifest
 * against the run id, the shards, summary.json against the shards, games.arrow against its checksum,
 * run and shards; and the run's summary when they refuse nothing. Cached until one of those files
 * changes.
 */
function checkedRun(root: Root, dir: string): { refused: string | null; summary: Summary | null } {
  const names = ['plan.json', 'manifest.json', 'summary.json', GAMES_FILE, GAMES_CHECKSUM_FILE, 'shards'];
  const stamp = names
    .map((name) => statSync(join(dir, name), { throwIfNoEntry: false }))
    .map((s) => (s ? `${s.mtimeMs}:${s.size}` : '-'))
    .join(' ');
  const known = checked.get(dir);
  if (known?.stamp === stamp) return known;
  let refused: string | null = null;
  let summary: Summary | null = null;
  try {
    checkRunFilesInside(root, dir, names.slice(0, -1));
    const files = readRunFiles(dir);
    const shards = runShards(files);
    summary = checkedSummary(files, shards);
    const games = checkedGames(dir, files.binding, shards, aq.fromArrow);
    if (typeof games === 'string') refused = games;
  } catch (error) {
    if (!isInputError(error) && !(error instanceof HttpError)) throw error;
    refused = (error as Error).message;
  }
  const result = { stamp, refused: refused === null ? null : relativeMessage(root, refused), summary };
  if (checked.size >= 64) checked.delete(checked.keys().next().value!);
  checked.set(dir, result);
  return result;
}

/**
 * The effect counts of a study's pair of arms a → b (`Summary.effects`: the rule's direct effect and
 * the references of "winner changed"), from a finished run whose files every check accepts; null when
 * the run measured none for these arms (either way round) or is not finished.
 */
export function runEffect(root: Root, path: string, a: string, b: string): EffectSummary | null {
  const dir = runDir(root, path);
  const item = listItem(root, dir);
  if (item?.kind !== 'run' || item.status !== 'complete') return null;
  const { refused, summary } = checkedRun(root, dir);
  if (refused !== null) throw new HttpError(422, refused);
  const effects = summary?.effects ?? [];
  return effects.find((e) => e.a === a && e.b === b) ?? effects.find((e) => e.a === b && e.b === a) ?? null;
}

/** A message naming files by their path under the root (never a machine path). */
export const relativeMessage = (root: Root, message: string): string => message.split(`${root.real}${sep}`).join('');

/** A game played in the explorer (`game.json`), as written; `played.ts` replays it before anything uses it. */
export function readPlayedGame(root: Root, path: string): PlayedGameFile | undefined {
  const file = join(runDir(root, path), 'game.json');
  if (!existsSync(file)) return undefined;
  const game = readJson<PlayedGameFile>(root, file);
  if (game?.format !== 'carclab-played/1')
    throw new HttpError(422, `${path}/game.json is not a played game (or leads outside the results folder)`);
  return game;
}

/** The innermost study folder holding the run folder `dir` (up to the root), if any. */
function enclosingStudy(root: Root, dir: string): StudyItem | undefined {
  for (let up = dirname(dir); up.startsWith(root.real); up = dirname(up)) {
    const study = existsSync(join(up, STUDY_FILE)) ? studyItem(root, up) : undefined;
    if (study || up === root.real) return study;
  }
  return undefined;
}

/** One run with its reports and charts (paths relative to the root, for `/files/`). */
export function runDetail(root: Root, path: string): RunDetail {
  const dir = runDir(root, path);
  const item = listItem(root, dir);
  if (!item) throw new HttpError(404, `${path}: manifest.json is not readable`);
  const files = readdirSync(dir);
  const reports = files
    .filter((f) => (f === 'report.html' || f === 'report.md') && existsInside(root, join(dir, f)))
    .sort()
    .map((f) => `${item.path}/${f}`);
  const chartDir = join(dir, 'charts');
  const charts = existsInside(root, chartDir)
    ? readdirSync(chartDir)
        .filter((f) => f.endsWith('.vl.json'))
        .sort()
        .map((f) => ({ name: f.slice(0, -'.vl.json'.length), spec: `${item.path}/charts/${f}` }))
    : [];
  const study = enclosingStudy(root, dir);
  return {
    ...item,
    ...(study ? { study: study.path } : {}),
    studyOf: study
      ? { path: study.path, question: study.question, comparison: study.comparison, reports: study.reports }
      : null,
    refused: item.kind === 'run' && item.status === 'complete' ? checkedRun(root, dir).refused : null,
    reports,
    charts,
    tables: files
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => `${item.path}/${f}`),
  };
}
