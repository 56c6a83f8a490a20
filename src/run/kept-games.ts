/**
 * The kept games of a finished run: `games.arrow` (one row per game, Arrow IPC) and beside it
 * `games.arrow.sha256`, its checksum in the format `sha256sum -c` reads, after a comment line that
 * binds it to its run: the run id and the sha256 of the run's plan.json. Every reader checks, in
 * turn: the checksum (an edited or truncated file), the binding (a games.arrow copied with its
 * checksum from another run), that the file reads as Arrow, and that it agrees with the run's own
 * shards: games per arm, each seat's score sum and the games whose winner changed between two arms
 * (`gamesDisagree`). So a problem is named instead of silently changing a match's or a ladder's
 * result; the runner moves such a file aside and plays the run's games again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ColumnTable } from 'arquero';
import { InputError, MAX_PLAYERS } from '../engine/index.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import { concatColumns, decodeColumns } from '../sim/columns.ts';
import type { ColumnSpec, Columns } from '../sim/columns.ts';
import type { Plan } from '../sim/plan.ts';
import { codeIdentity } from './code.ts';
import { writeAtomic } from './files.ts';
import { readShards, runIdentity, shardName, soundShardColumns } from './shard-files.ts';

export const GAMES_FILE = 'games.arrow';
export const GAMES_CHECKSUM_FILE = 'games.arrow.sha256';

/** What a run's result files are bound to: its run id and the sha256 of its plan.json. */
export interface RunBinding {
  runId: string;
  planSha256: string;
}

/** Arquero's reader, passed in so that only callers that read games load arquero. */
export type FromArrow = (bytes: Uint8Array) => ColumnTable;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** The binding of the run in `runDir`: `runId` and its plan.json as written. */
export const runBinding = (runDir: string, runId: string): RunBinding => ({
  runId,
  planSha256: sha256(readFileSync(join(runDir, 'plan.json'))),
});

const bindingLine = (b: RunBinding) => `# carclab: ${GAMES_FILE} of run ${b.runId}; plan.json sha256 ${b.planSha256}`;

/** Concatenates the shards' columns in deal order into `games.arrow` and its checksum, then drops the shard copies. */
export async function writeGamesArrow(
  runDir: string,
  shardDir: string,
  specs: ColumnSpec[],
  rows: number,
  binding: RunBinding,
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
  writeAtomic(join(runDir, GAMES_CHECKSUM_FILE), `${bindingLine(binding)}\n${sha256(bytes)}  ${GAMES_FILE}\n`);
  for (const f of files) rmSync(join(shardDir, f), { force: true });
}

/** The bytes of the run's `games.arrow` when they match their checksum and run, else what is wrong (null: no such file). */
export function checkedGamesBytes(runDir: string, binding: RunBinding): Uint8Array | string | null {
  const file = join(runDir, GAMES_FILE);
  if (!existsSync(file)) return null;
  const checksumFile = join(runDir, GAMES_CHECKSUM_FILE);
  if (!existsSync(checksumFile))
    return `${file} has no checksum file ${GAMES_CHECKSUM_FILE} (written by an older carclab, or the run stopped while writing it)`;
  const lines = readFileSync(checksumFile, 'utf8').split('\n');
  const bound = lines.find((line) => line.startsWith('# carclab: '));
  const expected = lines.find((line) => /^[0-9a-f]{64} /.test(line))?.split(' ')[0];
  const bytes = readFileSync(file);
  if (sha256(bytes) !== expected)
    return `${file} does not match its checksum in ${GAMES_CHECKSUM_FILE} (edited, truncated or damaged)`;
  if (bound === undefined)
    return `${join(runDir, GAMES_CHECKSUM_FILE)} names no run (written by an older carclab), so ${file} cannot be told from another run's`;
  if (bound !== bindingLine(binding))
    return `${file} belongs to another run: ${join(runDir, GAMES_CHECKSUM_FILE)} says "${bound.slice(2)}", this run is ${binding.runId} with plan.json sha256 ${binding.planSha256}`;
  return bytes;
}

/**
 * The run's games as a table after every check (see the module comment), else what is wrong; null
 * when the run has no games.arrow. `shards`: the merged aggregate of the run's sound shards.
 */
export function checkedGames(
  runDir: string,
  binding: RunBinding,
  shards: Aggregate,
  fromArrow: FromArrow,
): ColumnTable | string | null {
  const bytes = checkedGamesBytes(runDir, binding);
  if (bytes === null || typeof bytes === 'string') return bytes;
  const file = join(runDir, GAMES_FILE);
  let table: ColumnTable;
  try {
    table = fromArrow(bytes);
  } catch (error) {
    return `${file} matches its checksum but is not a readable Arrow file (${(error as Error).message.split('\n')[0]}); truncated, with its checksum recomputed?`;
  }
  const disagreement = gamesDisagree(table, shards);
  return disagreement === null ? table : `${file} disagrees with the run's shards: ${disagreement}`;
}

/** The run's games after every check; an input error naming the problem otherwise. */
export function readGamesArrow(
  runDir: string,
  binding: RunBinding,
  shards: Aggregate,
  fromArrow: FromArrow,
): ColumnTable {
  const checked = checkedGames(runDir, binding, shards, fromArrow);
  if (checked === null)
    throw new InputError('usage', `${join(runDir, GAMES_FILE)}: no such file; the run kept no games`);
  if (typeof checked === 'string')
    throw new InputError('usage', `${checked}; run the same command again to play its games anew`);
  return checked;
}

/** A column's values as numbers (Arrow may give a typed array or a plain one). */
const numbers = (table: ColumnTable, name: string): ArrayLike<number> => table.array(name) as ArrayLike<number>;

/**
 * How the kept games disagree with the shards' own counts and sums (null when they agree): games per
 * arm; with score columns, each seat's score sum per arm and, per pair of arms the shards compare,
 * the games (matched by deal and rotation) whose set of winning seats differs.
 */
export function gamesDisagree(table: ColumnTable, shards: Aggregate): string | null {
  const names = new Set(table.columnNames());
  for (const name of ['arm', 'deal', 'rotation']) if (!names.has(name)) return `it has no column ${name}`;
  const arm = numbers(table, 'arm');
  const rows = table.numRows();
  const perArm = shards.arms.map(() => 0);
  for (let i = 0; i < rows; i++) {
    if (!(arm[i]! in perArm)) return `row ${i} names arm ${arm[i]}; the run has ${perArm.length}`;
    perArm[arm[i]!]!++;
  }
  const games = perArm.findIndex((n, a) => n !== shards.arms[a]!.games);
  if (games >= 0) return `arm ${games} has ${perArm[games]} games, the shards ${shards.arms[games]!.games}`;
  if (!names.has('score0')) return null;
  const seats = Math.max(...shards.arms.map((a) => a.seats.length));
  const scores = Array.from({ length: seats }, (_, s) => numbers(table, `score${s}`));
  for (const [a, data] of shards.arms.entries())
    for (const [s, seat] of data.seats.entries()) {
      let sum = 0;
      for (let i = 0; i < rows; i++) if (arm[i] === a) sum += scores[s]![i]!;
      if (sum !== seat.score.sum)
        return `arm ${a} seat ${s}: its scores sum to ${sum}, the shards' to ${seat.score.sum} (edited, or another run's games?)`;
    }
  const changed = winnerChanges(table, scores, shards);
  const wrong = shards.pairs.findIndex((p, i) => p.winnerChanged.n > 0 && p.winnerChanged.sum !== changed[i]);
  if (wrong >= 0) {
    const { a, b, winnerChanged } = shards.pairs[wrong]!;
    return `arms ${a} and ${b}: the winner changed in ${changed[wrong]} games, the shards counted ${winnerChanged.sum}`;
  }
  return null;
}

/** Per pair of the shards, the games whose winning seats differ between its two arms (same deal and rotation). */
function winnerChanges(table: ColumnTable, scores: ArrayLike<number>[], shards: Aggregate): number[] {
  const arm = numbers(table, 'arm');
  const deal = numbers(table, 'deal');
  const rotation = numbers(table, 'rotation');
  const players = numbers(table, 'players');
  const rows = table.numRows();
  let deals = 0;
  for (let i = 0; i < rows; i++) deals = Math.max(deals, deal[i]! + 1);
  // Per arm, the winning seats (a bit mask) of its game at (deal, rotation); 0 where it has none.
  const slot = (i: number) => deal[i]! * MAX_PLAYERS + rotation[i]!;
  const winners = shards.arms.map(() => new Int32Array(deals * MAX_PLAYERS));
  for (let i = 0; i < rows; i++) {
    let best = -Infinity;
    for (let s = 0; s < players[i]!; s++) best = Math.max(best, scores[s]![i]!);
    let mask = 0;
    for (let s = 0; s < players[i]!; s++) if (scores[s]![i] === best) mask |= 1 << s;
    winners[arm[i]!]![slot(i)] = mask;
  }
  return shards.pairs.map(({ a, b }) => {
    const [A, B] = [winners[a]!, winners[b]!];
    let n = 0;
    for (let k = 0; k < A.length; k++) if (A[k] !== 0 && B[k] !== 0 && A[k] !== B[k]) n++;
    return n;
  });
}

/**
 * The kept games of a run directory, as column sets with the deals they cover: `games.arrow` of a
 * complete run, else the shards' column files; only what passes its checksums and checks
 * (the module comment: before the run a bad games.arrow is passed over, and named and replayed by the
 * runner; after the run it is an input error).
 */
export async function readKeptGames(
  plan: Plan,
  runDir: string,
  beforeRun: boolean,
): Promise<{ start: number; end: number; columns: Columns }[]> {
  const identity = runIdentity(basename(runDir), plan, codeIdentity().hash);
  if (existsSync(join(runDir, GAMES_FILE))) {
    const { fromArrow } = await import('arquero');
    const binding = runBinding(runDir, basename(runDir));
    const { merged } = readShards(runDir, plan, identity);
    const table = beforeRun
      ? checkedGames(runDir, binding, merged, fromArrow)
      : readGamesArrow(runDir, binding, merged, fromArrow);
    if (table !== null && typeof table !== 'string') {
      const columns: Columns = {};
      for (const name of table.columnNames()) columns[name] = Float64Array.from(table.array(name) as ArrayLike<number>);
      return [{ start: 0, end: plan.deals, columns }];
    }
  }
  return soundShardColumns(runDir, plan, identity).map(({ start, end, bytes }) => ({
    start,
    end,
    columns: decodeColumns(bytes, join(runDir, 'shards', shardName(start, end))),
  }));
}
/**
 * What is wrong with the run's games.arrow, or null: every check of `checkedGames` when the shards
 * cover the run (`games` games), else (a shard was rejected and is played again) the checks that
 * need no shards; a reader checks the rest once the shards are whole again.
 */
export async function keptGamesProblem(
  runDir: string,
  binding: RunBinding,
  shards: Aggregate,
  games: number,
): Promise<string | null> {
  if (shards.games !== games) {
    const bytes = checkedGamesBytes(runDir, binding);
    return typeof bytes === 'string' ? bytes : null;
  }
  const { fromArrow } = await import('arquero'); // only for a run that kept games
  const checked = checkedGames(runDir, binding, shards, fromArrow);
  return typeof checked === 'string' ? checked : null;
}
