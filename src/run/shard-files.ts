/**
 * Shard files of a run directory: `shards/<start>-<end>.json`, plus `.cols` with kept games. Each
 * JSON file is an envelope holding the code hash, the deal range, the aggregate and sha256 checksums
 * of the aggregate and of the columns file. On load every file is checked (readable JSON, format,
 * code hash, checksums, the aggregate's shape and deal range, no overlap with another shard); a bad
 * one is named, moved to `rejected/` and its deals are played again, so a truncated, edited or
 * foreign shard never reaches the results. The checksums catch accidents and careless edits, not a
 * forger who recomputes them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { mergeAggregates } from '../sim/aggregate.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import { encodeColumns } from '../sim/columns.ts';
import type { ColumnSpec } from '../sim/columns.ts';
import { writeAtomic } from './files.ts';
import type { Plan } from '../sim/plan.ts';
import { emptyAggregate } from '../sim/shard.ts';
import type { ShardResult } from '../sim/shard.ts';
import { malformedShardResult } from '../sim/validate.ts';

export const SHARD_FILE_FORMAT = 'carclab-shard-file/1';

interface ShardEnvelope {
  format: typeof SHARD_FILE_FORMAT;
  code: string;
  start: number;
  end: number;
  sha256: string;
  columnsSha256: string | null;
  aggregate: Aggregate;
}

const pad = (n: number) => String(n).padStart(10, '0');
export const shardName = (start: number, end: number): string => `${pad(start)}-${pad(end)}`;
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Persists one finished shard: its columns first, then the envelope that vouches for them. */
export function writeShardFile(shardDir: string, start: number, end: number, result: ShardResult, code: string, specs: ColumnSpec[]): void {
  const base = join(shardDir, shardName(start, end));
  let columnsSha256: string | null = null;
  if (result.columns) {
    const bytes = encodeColumns(specs, result.columns);
    columnsSha256 = sha256(bytes);
    writeAtomic(`${base}.cols`, bytes);
  }
  const aggregate = result.aggregate;
  const envelope: ShardEnvelope = { format: SHARD_FILE_FORMAT, code, start, end, sha256: sha256(JSON.stringify(aggregate)), columnsSha256, aggregate };
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
export function loadShardFiles(runDir: string, plan: Plan, code: string, needColumns: boolean, dealsLimit = plan.deals): LoadedShards {
  const shardDir = join(runDir, 'shards');
  let merged = emptyAggregate(plan);
  const rejected: string[] = [];
  for (const file of readdirSync(shardDir).filter((f) => f.endsWith('.json')).sort()) {
    const path = join(shardDir, file);
    const cols = path.replace(/\.json$/, '.cols');
    const checked = checkShardFile(path, cols, plan, code, needColumns);
    if (checked === 'no-columns') continue;
    if (typeof checked !== 'string' && checked.aggregate.ranges.some(([, end]) => end > dealsLimit)) continue; // kept for a larger limit
    const problem = typeof checked === 'string' ? checked
      : overlaps(merged.ranges, checked.aggregate.ranges) ? 'its deals overlap another shard (a second run with other --shard-deals?)' : null;
    if (problem !== null || typeof checked === 'string') {
      rejected.push(`shards/${file}: ${problem}`);
      moveAside(runDir, [path, cols]);
      continue;
    }
    merged = mergeAggregates(merged, checked.aggregate);
  }
  return { merged, rejected };
}

/** The file's aggregate when it is sound, `no-columns` when its kept games are missing, else what is wrong. */
function checkShardFile(path: string, colsPath: string, plan: Plan, code: string, needColumns: boolean): { aggregate: Aggregate } | 'no-columns' | string {
  let envelope: ShardEnvelope;
  try {
    envelope = JSON.parse(readFileSync(path, 'utf8')) as ShardEnvelope;
  } catch (error) {
    return `unreadable (${(error as Error).message}); truncated by a crash or a power cut?`;
  }
  if (typeof envelope !== 'object' || envelope === null || envelope.format !== SHARD_FILE_FORMAT) return `not a ${SHARD_FILE_FORMAT} file`;
  if (envelope.code !== code) return `written by other code (${String(envelope.code).slice(0, 10)}, this is ${code.slice(0, 10)})`;
  const { start, end, aggregate } = envelope;
  if (`${shardName(start, end)}.json` !== path.split(/[\\/]/).pop()) return `its deal range ${start}-${end} does not match its name`;
  if (sha256(JSON.stringify(aggregate)) !== envelope.sha256) return 'its checksum does not match its content (edited or damaged)';
  const malformed = malformedShardResult({ plan, start, end, keepGames: false }, { aggregate });
  if (malformed) return `malformed: ${malformed}`;
  if (needColumns) {
    if (!existsSync(colsPath)) return 'no-columns';
    if (envelope.columnsSha256 === null || sha256(readFileSync(colsPath)) !== envelope.columnsSha256) return 'its kept games (.cols) do not match their checksum';
  }
  return { aggregate };
}

const overlaps = (ranges: readonly [number, number][], other: readonly [number, number][]) => other.some(([start, end]) => ranges.some(([s, e]) => start < e && s < end));
function moveAside(runDir: string, paths: string[]): void {
  const dir = join(runDir, 'rejected');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const path of paths) {
    if (existsSync(path)) renameSync(path, join(dir, `${stamp}-${path.split(/[\\/]/).pop()}`));
  }
}
