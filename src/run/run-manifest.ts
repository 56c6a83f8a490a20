/**
 * A run directory's `plan.json` and `manifest.json` (`runner.ts`): the check that they belong to this
 * plan and this code, the manifest of a session (what was played, by which code, with which rules,
 * and every session so far), and the manifest of a failed run, written even on a full disk.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { armSetups } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { codeIdentity } from './code.ts';
import { packageInfo, writeJsonAtomic } from './files.ts';
import type { gitInfo } from './files.ts';
import { GAMES_CHECKSUM_FILE, GAMES_FILE } from './kept-games.ts';
import { moveToRejected } from './shard-files.ts';

/**
 * The plan and code of a run directory must be this plan's and this code's. The directory's name
 * holds this code's hash, so a manifest naming other code was edited or damaged: with `newRun` it
 * is moved to rejected/ (the shards check their own code) and the run goes on, else it is refused.
 */
export function checkRunDir(
  runDir: string,
  plan: Plan,
  code: string,
  newRun: boolean,
  log: (line: string) => void,
): void {
  const planFile = join(runDir, 'plan.json');
  if (existsSync(planFile)) {
    if (readFileSync(planFile, 'utf8') !== `${JSON.stringify(plan, null, 2)}\n`)
      throw new InputError('usage', `${planFile}: this run directory holds a different plan`);
  } else {
    writeJsonAtomic(planFile, plan);
  }
  const manifestFile = join(runDir, 'manifest.json');
  const previous = existsSync(manifestFile) ? readManifest(manifestFile) : undefined;
  if (previous?.code?.hash === undefined || previous.code.hash === code) return;
  const what = `${manifestFile} names other code (${String(previous.code.hash).slice(0, 10)}) than its run directory's name and this code (${code.slice(0, 10)}): edited or damaged`;
  if (!newRun) throw new InputError('usage', `${what}; add --new-run to set it aside and go on with this code`);
  moveToRejected(runDir, [manifestFile]);
  log(`carclab: ${what}; moved to ${join(runDir, 'rejected')}/, the run goes on with a new manifest`);
}

interface ManifestSessions {
  sessions?: (object & { started?: string })[];
  code?: { hash?: string };
}

function readManifest(file: string): ManifestSessions {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ManifestSessions;
  } catch (error) {
    throw new InputError(
      'usage',
      `${file}: unreadable (${(error as Error).message}); move it away to start the run's manifest afresh`,
    );
  }
}

/**
 * Marks the run failed. When the disk is full the atomic write (a second copy) may not fit; then the
 * manifest is overwritten in place without indentation: about a fifth smaller than the indented
 * copy it replaces, so it fits in the room that copy had, although a failed manifest says more (its
 * end, its error; indented, it was cut at a 4 KiB block on a full disk).
 */
export function writeFailedManifest(file: string, manifest: object): void {
  try {
    writeJsonAtomic(file, manifest);
  } catch {
    try {
      writeFileSync(file, `${JSON.stringify(manifest)}\n`);
    } catch {
      // Nothing more can be done; the error that failed the run is reported by the caller.
    }
  }
}

/**
 * The manifest of a run with `status`: this session (`session`, replacing an entry of the same start)
 * after the earlier ones, the arms with their rules, the code and provenance, and its files.
 */
export function buildManifest(
  plan: Plan,
  options: { experimentFile?: string; keepGames: boolean; dealsLimit?: number },
  runDir: string,
  status: string,
  gamesDone: number,
  gamesTotal: number,
  session: object,
  git: ReturnType<typeof gitInfo>,
) {
  const manifestFile = join(runDir, 'manifest.json');
  let sessions: object[] = [];
  if (existsSync(manifestFile)) {
    sessions = (readManifest(manifestFile).sessions ?? []).filter(
      (s) => s.started !== (session as { started: string }).started,
    );
  }
  sessions.push({ ...session });
  const code = codeIdentity();
  const setups = armSetups(plan);
  const files = ['plan.json', 'manifest.json', 'summary.json', 'seats.csv', 'lineup.csv', 'stats.csv', 'pairs.csv'];
  if (options.keepGames && (options.dealsLimit ?? plan.deals) >= plan.deals)
    files.push(GAMES_FILE, GAMES_CHECKSUM_FILE);
  return {
    format: 'carclab-manifest/1',
    status,
    experiment: { name: plan.experiment, description: plan.description, file: options.experimentFile ?? null },
    runId: runDir.split(/[\\/]/).pop(),
    seed: plan.seed,
    deals: plan.deals,
    rotation: plan.rotation,
    games: { done: gamesDone, total: gamesTotal },
    keepGames: options.keepGames,
    columns: plan.columns,
    histogram: plan.histogram,
    arms: setups.map(({ arm, game }) => ({
      name: arm.name,
      players: arm.players,
      expansions: arm.expansions,
      agents: arm.agents,
      rules: {
        explicit: game.explicitRules,
        defaulted: Object.fromEntries(Object.entries(game.rules).filter(([name]) => !(name in game.explicitRules))),
      },
      tiles: arm.tiles.map((t) => t.where),
      tileCounts: arm.tileCounts,
      deckSize: game.deck.length,
      catalogHash: game.catalog.hash,
      reconstructedTiles: game.catalog.reconstructed,
    })),
    reconstructedTiles: setups.some((s) => s.game.catalog.reconstructed),
    // False when an agent has a time budget: then the same seed need not give the same games.
    reproducible: setups.every((s) => s.agents.every((a) => a.reproducible)),
    package: packageInfo(),
    // The code that played every shard (the same in every session: the run id holds it).
    code: { hash: code.hash, files: code.files, packages: code.packages },
    git,
    node: process.version,
    files: status === 'complete' ? files : ['plan.json', 'manifest.json', 'shards/'],
    wallSeconds: sessions.reduce((t, s) => t + ((s as { wallSeconds?: number }).wallSeconds ?? 0), 0),
    sessions,
  };
}
