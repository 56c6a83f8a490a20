/**
 * Shard files of a run directory: `shards/<start>-<end>.json`, plus `.cols` with kept games. Each
 * JSON file is an envelope holding the identity of the run it belongs to (run id, which hashes the
 * plan, seed, arms, deals and code; the seed and arm names for messages; the code hash), the deal
 * range, who played it, the aggregate and sha256 checksums of the envelope and of the columns file.
 * On load every file is checked (readable JSON, format, run identity, code hash, checksums, the
 * aggregate's shape, deal range and plausibility, no overlap with another shard); a bad one is named,
 * moved to `rejected/` and its deals are played again, so a truncated, edited or foreign shard (one
 * copied from a run of another seed) never reaches the results. The checksums catch accidents and
 * careless edits, not a forger who recomputes them; the plausibility checks (`validate.ts`) catch
 * numbers no game can give.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { mergeAggregates } from '../sim/aggregate.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import { encodeColumns } from '../sim/columns.ts';
import type { ColumnSpec } from '../sim/columns.ts';
import { makeDirectory, writeAtomic } from './files.ts';
import type { Plan } from '../sim/plan.ts';
import { emptyAggregate } from '../sim/shard.ts';
import type { ShardResult } from '../sim/shard.ts';
import { malformedShardResult } from '../sim/validate.ts';

export const SHARD_FILE_FORMAT = 'carclab-shard-file/2';

/** What a shard must belong to: the run (its id hashes plan, seed, arms, deals and code) and the code. */
export interface RunIdentity {
  runId: string;
  seed: string;
  arms: string[];
  code: string;
}

interface ShardEnvelope extends RunIdentity {
  format: typeof SHARD_FILE_FORMAT;
  start: number;
  end: number;
  /** The queue worker that played it, or `here` (this process and its threads). */
  playedBy: string;
  columnsSha256: string | null;
  aggregate: Aggregate;
  /** Of the envelope's JSON without this field (written last). */
  sha256: string;
}

export const runIdentity = (runId: string, plan: Plan, code: string): RunIdentity => ({
  runId,
  seed: plan.seed,
  arms: plan.arms.map((a) => a.name),
  code,
});

const pad = (n: number) => String(n).padStart(10, '0');
export const shardName = (start: number, end: number): string => `${pad(start)}-${pad(end)}`;
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Persists one finished shard: its columns first, then the envelope that vouches for them. */
export function writeShardFile(
  shardDir: string,
  start: number,
  end: number,
  result: ShardResult,
  identity: RunIdentity,
  specs: ColumnSpec[],
): void {
  const base = join(shardDir, shardName(start, end));
  let columnsSha256: string | null = null;
  if (result.columns) {
    const bytes = encodeColumns(specs, result.columns);
    columnsSha256 = sha256(bytes);
    writeAtomic(`${base}.cols`, bytes);
  }
  const body: Omit<ShardEnvelope, 'sha256'> = {
    format: SHARD_FILE_FORMAT,
    runId: identity.runId,
    seed: identity.seed,
    arms: identity.arms,
    code: identity.code,
    start,
    end,
    playedBy: result.playedBy ?? 'here',
    columnsSha256,
    aggregate: result.aggregate,
  };
  const envelope: ShardEnvelope = { ...body, sha256: sha256(JSON.stringify(body)) };
  writeAtomic(`${base}.json`, `${JSON.stringify(envelope)}\n`);
}

export interface LoadedShards {
  merged: Aggregate;
  /** One line per file moved aside: its name and why. */
  rejected: string[];
}

/**
 * Merges the shard files of a run that pass every check; with `needColumns` a shard counts only when
 * its columns file is there too, and only shards within `dealsLimit` count (the others are kept for a
 * larger limit). Bad files go to `<runDir>/rejected/`.
 */
export function loadShardFiles(
  runDir: string,
  plan: Plan,
  identity: RunIdentity,
  needColumns: boolean,
  dealsLimit = plan.deals,
): LoadedShards {
  const scanned = scanShards(runDir, plan, identity, needColumns, dealsLimit);
  for (const { file } of scanned.bad) moveToRejected(runDir, [file, file.replace(/\.json$/, '.cols')]);
  return { merged: scanned.merged, rejected: scanned.bad.map((b) => b.line) };
}

/**
 * The merged aggregate of the run's sound shards within `dealsLimit`, moving nothing: for readers
 * of a finished run (`verify.ts`), which refuse a run with a bad shard instead of replaying it.
 * `problems`: one line per bad file, as `loadShardFiles` names them.
 */
export function readShards(
  runDir: string,
  plan: Plan,
  identity: RunIdentity,
  dealsLimit = plan.deals,
): { merged: Aggregate; problems: string[] } {
  const { merged, bad } = scanShards(runDir, plan, identity, false, dealsLimit);
  return { merged, problems: bad.map((b) => b.line) };
}

function scanShards(
  runDir: string,
  plan: Plan,
  identity: RunIdentity,
  needColumns: boolean,
  dealsLimit: number,
): { merged: Aggregate; bad: { file: string; line: string }[] } {
  const shardDir = join(runDir, 'shards');
  let merged = emptyAggregate(plan);
  const bad: { file: string; line: string }[] = [];
  const names = existsSync(shardDir) ? readdirSync(shardDir) : [];
  for (const file of names.filter((f) => f.endsWith('.json')).sort()) {
    const path = join(shardDir, file);
    const cols = path.replace(/\.json$/, '.cols');
    const checked = checkShardFile(path, cols, plan, identity, needColumns);
    if (checked === 'no-columns') continue;
    if (typeof checked !== 'string' && checked.aggregate.ranges.some(([, end]) => end > dealsLimit)) continue; // kept for a larger limit
    const problem =
      typeof checked === 'string'
        ? checked
        : overlaps(merged.ranges, checked.aggregate.ranges)
          ? 'its deals overlap another shard (a second run with other --shard-deals?)'
          : null;
    if (problem !== null || typeof checked === 'string') {
      bad.push({ file: path, line: `shards/${file}: ${problem}` });
      continue;
    }
    merged = mergeAggregates(merged, checked.aggregate);
  }
  return { merged, bad };
}

/** Moves aside the shard files played by `worker` (found faulty); returns their deal ranges. */
export function dropShardsPlayedBy(runDir: string, worker: string): [number, number][] {
  const shardDir = join(runDir, 'shards');
  const ranges: [number, number][] = [];
  for (const file of readdirSync(shardDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const path = join(shardDir, file);
    let envelope: Partial<ShardEnvelope>;
    try {
      envelope = JSON.parse(readFileSync(path, 'utf8')) as Partial<ShardEnvelope>;
    } catch {
      continue; // unreadable: the next load names it
    }
    if (envelope.playedBy !== worker) continue;
    moveToRejected(runDir, [path, path.replace(/\.json$/, '.cols')]);
    ranges.push([envelope.start!, envelope.end!]);
  }
  return ranges;
}

/**
 * The kept games (column files) of the shards that pass every check, without moving any file: for a
 * reader that runs before the runner (which names and replays the bad ones).
 */
export function soundShardColumns(
  runDir: string,
  plan: Plan,
  identity: RunIdentity,
): { start: number; end: number; bytes: Uint8Array }[] {
  const shardDir = join(runDir, 'shards');
  if (!existsSync(shardDir)) return [];
  return readdirSync(shardDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const path = join(shardDir, file);
      const cols = path.replace(/\.json$/, '.cols');
      const checked = checkShardFile(path, cols, plan, identity, true);
      if (typeof checked === 'string') return [];
      const [[start, end]] = checked.aggregate.ranges as [[number, number]];
      return [{ start, end, bytes: readFileSync(cols) }];
    });
}

/** The file's aggregate when it is sound, `no-columns` when its kept games are missing, else what is wrong. */
function checkShardFile(
  path: string,
  colsPath: string,
  plan: Plan,
  identity: RunIdentity,
  needColumns: boolean,
): { aggregate: Aggregate } | 'no-columns' | string {
  let envelope: ShardEnvelope;
  try {
    envelope = JSON.parse(readFileSync(path, 'utf8')) as ShardEnvelope;
  } catch (error) {
    return `unreadable (${(error as Error).message}); truncated by a crash or a power cut?`;
  }
  if (typeof envelope !== 'object' || envelope === null || envelope.format !== SHARD_FILE_FORMAT)
    return `not a ${SHARD_FILE_FORMAT} file`;
  const { sha256: claimed, ...body } = envelope;
  if (sha256(JSON.stringify(body)) !== claimed) return 'its checksum does not match its content (edited or damaged)';
  const foreign = foreignShard(envelope, identity);
  if (foreign) return foreign;
  const { start, end, aggregate } = envelope;
  if (`${shardName(start, end)}.json` !== path.split(/[\\/]/).pop())
    return `its deal range ${start}-${end} does not match its name`;
  const malformed = malformedShardResult({ plan, start, end, keepGames: false }, { aggregate });
  if (malformed) return `malformed: ${malformed}`;
  if (needColumns) {
    if (!existsSync(colsPath)) return 'no-columns';
    if (envelope.columnsSha256 === null || sha256(readFileSync(colsPath)) !== envelope.columnsSha256)
      return 'its kept games (.cols) do not match their checksum';
  }
  return { aggregate };
}

/** Why a shard of another run (another seed, other arms, another plan, other code) does not belong here, or null. */
function foreignShard(envelope: ShardEnvelope, identity: RunIdentity): string | null {
  const other = `it belongs to run ${String(envelope.runId)}, not this run ${identity.runId}`;
  if (envelope.seed !== identity.seed)
    return `${other} (seed ${JSON.stringify(envelope.seed)}, this run's is ${JSON.stringify(identity.seed)})`;
  if (JSON.stringify(envelope.arms) !== JSON.stringify(identity.arms))
    return `${other} (arms ${JSON.stringify(envelope.arms)}, this run's are ${JSON.stringify(identity.arms)})`;
  if (envelope.code !== identity.code)
    return `written by other code (${String(envelope.code).slice(0, 10)}, this is ${identity.code.slice(0, 10)})`;
  if (envelope.runId !== identity.runId) return `${other} (another plan: deals, rules, agents or tiles)`;
  return null;
}

const overlaps = (ranges: readonly [number, number][], other: readonly [number, number][]) =>
  other.some(([start, end]) => ranges.some(([s, e]) => start < e && s < end));
/** Moves files (those that exist) into `<runDir>/rejected/`, each name prefixed with the time. */
export function moveToRejected(runDir: string, paths: string[]): void {
  const dir = join(runDir, 'rejected');
  makeDirectory(dir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const path of paths) {
    if (existsSync(path)) renameSync(path, join(dir, `${stamp}-${path.split(/[\\/]/).pop()}`));
  }
}
