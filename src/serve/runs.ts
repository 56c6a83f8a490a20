/**
 * The runs under the results folder, as the explorer lists them: every folder (up to a few levels
 * down) holding a `manifest.json` beside a `plan.json` (a run, match or ladder of the runner) or a
 * `game.json` (a game played in the explorer, `play.ts`). Every file is read through `realInside`
 * (a run whose manifest leads outside the folder is not listed), and a run's plan only after
 * `verify.ts` checked it against the run id. Nothing here writes.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isInputError } from '../engine/index.ts';
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { checkedGames, GAMES_CHECKSUM_FILE, GAMES_FILE, readGamesArrow } from '../run/kept-games.ts';
import { checkedSummary, readRunFiles, runShards } from '../run/verify.ts';
import type { Plan } from '../sim/plan.ts';
import { HttpError } from './http.ts';
import { checkRunFilesInside, existsInside, insideRoot, readTextInside, realInside } from './files.ts';
import type { Root } from './files.ts';
import type { PlayedGameFile, RunDetail, RunListItem } from './api-types.ts';

/** Folders below the root searched for runs (results/<experiment>/<run-id> is 2; a suite's levels 3). */
const MAX_DEPTH = 4;
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

function runFolders(dir: string, depth: number, out: string[]): void {
  if (
    existsSync(join(dir, 'manifest.json')) &&
    (existsSync(join(dir, 'plan.json')) || existsSync(join(dir, 'game.json')))
  )
    out.push(dir);
  if (depth >= MAX_DEPTH) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.'))
      runFolders(join(dir, entry.name), depth + 1, out);
  }
}

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

/** Every run under the root, by path. */
export function listRuns(root: Root): RunListItem[] {
  const dirs: string[] = [];
  runFolders(root.real, 0, dirs);
  return dirs.sort().flatMap((dir) => listItem(root, dir) ?? []);
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

/** Results of `refusedFiles` by run folder, with the state of the files they were found for. */
const refusals = new Map<string, { stamp: string; refused: string | null }>();

/**
 * What the checks refuse in a finished run's files (null: nothing): plan and manifest against the
 * run id, the shards, summary.json against the shards, games.arrow against its checksum, run and
 * shards. Cached until one of those files changes.
 */
function refusedFiles(root: Root, dir: string): string | null {
  const names = ['plan.json', 'manifest.json', 'summary.json', GAMES_FILE, GAMES_CHECKSUM_FILE, 'shards'];
  const stamp = names
    .map((name) => statSync(join(dir, name), { throwIfNoEntry: false }))
    .map((s) => (s ? `${s.mtimeMs}:${s.size}` : '-'))
    .join(' ');
  const known = refusals.get(dir);
  if (known?.stamp === stamp) return known.refused;
  let refused: string | null = null;
  try {
    checkRunFilesInside(root, dir, names.slice(0, -1));
    const files = readRunFiles(dir);
    const shards = runShards(files);
    checkedSummary(files, shards);
    const games = checkedGames(dir, files.binding, shards, aq.fromArrow);
    if (typeof games === 'string') refused = games;
  } catch (error) {
    if (!isInputError(error) && !(error instanceof HttpError)) throw error;
    refused = (error as Error).message;
  }
  refused = refused === null ? null : relativeMessage(root, refused);
  if (refusals.size >= 64) refusals.delete(refusals.keys().next().value!);
  refusals.set(dir, { stamp, refused });
  return refused;
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

/** One run with its reports and charts (paths relative to the root, for `/files/`). */
export function runDetail(root: Root, path: string): RunDetail {
  const dir = runDir(root, path);
  const item = listItem(root, dir);
  if (!item) throw new HttpError(404, `${path}: manifest.json is not readable`);
  const files = readdirSync(dir);
  const reports = files
    .filter((f) => f === 'report.html' || f === 'report.md')
    .sort()
    .map((f) => `${item.path}/${f}`);
  const chartDir = join(dir, 'charts');
  const charts = existsInside(root, chartDir)
    ? readdirSync(chartDir)
        .filter((f) => f.endsWith('.vl.json'))
        .sort()
        .map((f) => ({ name: f.slice(0, -'.vl.json'.length), spec: `${item.path}/charts/${f}` }))
    : [];
  return {
    ...item,
    refused: item.kind === 'run' && item.status === 'complete' ? refusedFiles(root, dir) : null,
    reports,
    charts,
    tables: files
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => `${item.path}/${f}`),
  };
}
