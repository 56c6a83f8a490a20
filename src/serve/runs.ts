/**
 * The runs under the results folder, as the explorer lists them: every folder (up to a few levels
 * down) holding a `manifest.json` beside a `plan.json` (a run, match or ladder of the runner) or a
 * `game.json` (a game played in the explorer, `play.ts`). Nothing here writes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plan } from '../sim/plan.ts';
import { HttpError } from './http.ts';
import { insideRoot } from './files.ts';
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

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
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
  const manifest = readJson<ManifestFields>(join(dir, 'manifest.json'));
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
  return dir;
}

/** A run's plan (runs of the runner only). */
export function readRunPlan(root: Root, path: string): Plan {
  const plan = readJson<Plan>(join(runDir(root, path), 'plan.json'));
  if (plan?.format !== 'carclab-plan/1') throw new HttpError(404, `${path} has no readable plan.json`);
  return plan;
}

/** A game played in the explorer (`game.json`). */
export function readPlayedGame(root: Root, path: string): PlayedGameFile | undefined {
  const file = join(runDir(root, path), 'game.json');
  if (!existsSync(file)) return undefined;
  const game = readJson<PlayedGameFile>(file);
  if (game?.format !== 'carclab-played/1') throw new HttpError(404, `${path}/game.json is not a played game`);
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
  const charts = existsSync(chartDir)
    ? readdirSync(chartDir)
        .filter((f) => f.endsWith('.vl.json'))
        .sort()
        .map((f) => ({ name: f.slice(0, -'.vl.json'.length), spec: `${item.path}/charts/${f}` }))
    : [];
  return {
    ...item,
    reports,
    charts,
    tables: files
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => `${item.path}/${f}`),
  };
}
