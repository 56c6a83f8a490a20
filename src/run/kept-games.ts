/**
 * The kept games of a finished run: `games.arrow` (one row per game, Arrow IPC) and beside it
 * `games.arrow.sha256` (its checksum, in the format `sha256sum -c` reads). Every reader checks the
 * checksum first, so an edited or truncated file is named instead of silently changing a match's or
 * a ladder's result (or failing deep inside the Arrow reader); the runner moves such a file aside and
 * plays the run's games again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { concatColumns, decodeColumns } from '../sim/columns.ts';
import type { ColumnSpec, Columns } from '../sim/columns.ts';
import type { Plan } from '../sim/plan.ts';
import { codeIdentity } from './code.ts';
import { writeAtomic } from './files.ts';
import { runIdentity, shardName, soundShardColumns } from './shard-files.ts';

export const GAMES_FILE = 'games.arrow';
export const GAMES_CHECKSUM_FILE = 'games.arrow.sha256';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Concatenates the shards' columns in deal order into `games.arrow` and its checksum, then drops the shard copies. */
export async function writeGamesArrow(
  runDir: string,
  shardDir: string,
  specs: ColumnSpec[],
  rows: number,
): Promise<void> {
  const aq = await import('arquero'); // loaded only when games are kept (it costs the main process ~17 MB)
  const files = readdirSync(shardDir)
    .filter((f) => f.endsWith('.cols'))
    .sort();
  const parts: Columns[] = files.map((f) => decodeColumns(readFileSync(join(shardDir, f)), join(shardDir, f)));
  const columns = concatColumns(specs, parts);
  if (columns.deal!.length !== rows)
    throw new Error(`${shardDir}: kept games cover ${columns.deal!.length} of ${rows} games`);
  const bytes = aq.toArrowIPC(aq.table(columns));
  writeAtomic(join(runDir, GAMES_FILE), bytes);
  writeAtomic(join(runDir, GAMES_CHECKSUM_FILE), `${sha256(bytes)}  ${GAMES_FILE}\n`);
  for (const f of files) rmSync(join(shardDir, f), { force: true });
}

/** The bytes of the run's `games.arrow` when they match their checksum, else what is wrong (null: no such file). */
function checkedGames(runDir: string): Uint8Array | string | null {
  const file = join(runDir, GAMES_FILE);
  if (!existsSync(file)) return null;
  const checksumFile = join(runDir, GAMES_CHECKSUM_FILE);
  if (!existsSync(checksumFile))
    return `${file} has no checksum file ${GAMES_CHECKSUM_FILE} (written by an older carclab, or the run stopped while writing it)`;
  const bytes = readFileSync(file);
  const expected = readFileSync(checksumFile, 'utf8').split(/\s/)[0];
  if (sha256(bytes) !== expected)
    return `${file} does not match its checksum in ${GAMES_CHECKSUM_FILE} (edited, truncated or damaged)`;
  return bytes;
}

/** What is wrong with the run's kept games, or null when they are sound or there are none. */
export function gamesArrowProblem(runDir: string): string | null {
  const checked = checkedGames(runDir);
  return typeof checked === 'string' ? checked : null;
}

/** The run's `games.arrow` after its checksum passed; an input error naming the file otherwise. */
export function readGamesArrow(runDir: string): Uint8Array {
  const checked = checkedGames(runDir);
  if (checked === null)
    throw new InputError('usage', `${join(runDir, GAMES_FILE)}: no such file; the run kept no games`);
  if (typeof checked === 'string')
    throw new InputError('usage', `${checked}; run the same command again to play its games anew`);
  return checked;
}

/**
 * The kept games of a run directory, as column sets with the deals they cover: `games.arrow` of a
 * complete run, else the shards' column files; only what passes its checksums and checks (a bad file
 * is named and replayed by the runner; after the run, a bad `games.arrow` is an input error).
 * `beforeRun`: read before the runner has checked the directory, so a bad `games.arrow` is skipped.
 */
export async function readKeptGames(
  plan: Plan,
  runDir: string,
  beforeRun: boolean,
): Promise<{ start: number; end: number; columns: Columns }[]> {
  if (existsSync(join(runDir, GAMES_FILE)) && !(beforeRun && gamesArrowProblem(runDir) !== null)) {
    const aq = await import('arquero');
    const table = aq.fromArrow(readGamesArrow(runDir));
    const columns: Columns = {};
    for (const name of table.columnNames()) columns[name] = Float64Array.from(table.array(name) as ArrayLike<number>);
    return [{ start: 0, end: plan.deals, columns }];
  }
  const identity = runIdentity(basename(runDir), plan, codeIdentity().hash);
  return soundShardColumns(runDir, plan, identity).map(({ start, end, bytes }) => ({
    start,
    end,
    columns: decodeColumns(bytes, join(runDir, 'shards', shardName(start, end))),
  }));
}
