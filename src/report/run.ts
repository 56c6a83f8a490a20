/**
 * A finished run read back from its directory: `summary.json`, `manifest.json` and, when the run
 * kept games, `games.arrow` (loaded lazily with arquero). A directory that is not a finished run is
 * an `InputError` naming it (the CLI exits 2).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { InputError } from '../engine/index.ts';
import { GAMES_FILE, readGamesArrow } from '../run/kept-games.ts';
import { checkedSummary, readRunFiles, runShards } from '../run/verify.ts';
import type { Summary } from '../sim/summary.ts';

/** The parts of `manifest.json` the reports use. */
export interface Manifest {
  status: string;
  experiment: { name: string; description: string; file: string | null };
  runId: string;
  seed: string;
  deals: number;
  rotation: string;
  games: { done: number; total: number };
  keepGames: boolean;
  arms: {
    name: string;
    players: number;
    expansions: string[];
    agents: string[];
    rules: { explicit: Record<string, string | number>; defaulted: Record<string, string | number> };
    /** Designer tile files the arm added (where they were read from). */
    tiles?: string[];
    /** Copies per tile id replacing the catalog's. */
    tileCounts?: Record<string, number>;
    deckSize: number;
    catalogHash: string;
    reconstructedTiles: boolean;
  }[];
  reconstructedTiles: boolean;
  package: { name: string; version: string };
  git: { commit: string; dirty: boolean } | null;
  node: string;
  wallSeconds: number;
  sessions: { backend: string; workers: number; wallSeconds: number; games: number }[];
}

export interface LoadedRun {
  dir: string;
  summary: Summary;
  manifest: Manifest;
  /** One row per game (`games.arrow`), or null when the run kept no games. */
  games(): ColumnTable | null;
}

function readJson<T>(dir: string, name: string): T {
  const file = join(dir, name);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(
      'usage',
      `${dir}: not a finished run directory (cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new InputError('usage', `${file}: not valid JSON (${(error as Error).message})`);
  }
}

/**
 * Reads a finished run; anything missing or of another format is an input error naming the
 * directory, and so is a file that is not its run's (`verify.ts`: plan.json and summary.json
 * against the run id and the shards; games.arrow against its checksum, its run and the shards).
 */
export function loadRun(dir: string): LoadedRun {
  const manifest = readJson<Manifest>(dir, 'manifest.json');
  if (manifest.status !== 'complete')
    throw new InputError(
      'usage',
      `${dir}: the run is not complete (status ${JSON.stringify(manifest.status)}); run its experiment again to finish it`,
    );
  const summary = readJson<Summary>(dir, 'summary.json');
  if (summary.format !== 'carclab-summary/1')
    throw new InputError(
      'usage',
      `${join(dir, 'summary.json')}: not a carclab summary (format ${JSON.stringify(summary.format)})`,
    );
  const files = readRunFiles(dir);
  const shards = runShards(files);
  checkedSummary(files, shards);
  let games: ColumnTable | null | undefined;
  return {
    dir,
    summary,
    manifest,
    games() {
      if (games === undefined)
        games = existsSync(join(dir, GAMES_FILE)) ? readGamesArrow(dir, files.binding, shards, aq.fromArrow) : null;
      return games;
    },
  };
}
