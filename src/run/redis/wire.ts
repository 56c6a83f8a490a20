/**
 * What travels through Redis: the shard task as JSON (the plan is plain JSON already; the queue's
 * name carries the code that must play it, `presence.ts`), and the result with kept games' columns packed as base64 of the column
 * file format, the hash of the code that played it and the worker that sent it.
 */
import { columnLayout, decodeColumns, encodeColumns } from '../../sim/columns.ts';
import { armSetups } from '../../sim/plan.ts';
import type { ShardResult, ShardTask } from '../../sim/shard.ts';

export interface WireResult {
  aggregate: ShardResult['aggregate'];
  columns?: string;
  /** Hash of the code that played the shard. */
  code?: string;
  /** Who played it (host and PID), named when its result is rejected. */
  worker?: string;
}

export function toWire(task: ShardTask, result: ShardResult, code: string, worker: string): WireResult {
  if (!result.columns) return { aggregate: result.aggregate, code, worker };
  const layout = columnLayout(
    task.plan,
    armSetups(task.plan).map((s) => s.game),
  );
  return {
    aggregate: result.aggregate,
    columns: Buffer.from(encodeColumns(layout, result.columns)).toString('base64'),
    code,
    worker,
  };
}

export function fromWire(wire: WireResult, where: string): ShardResult {
  if (typeof wire !== 'object' || wire === null) return wire as unknown as ShardResult;
  if (typeof wire.columns !== 'string') return { aggregate: wire.aggregate };
  return { aggregate: wire.aggregate, columns: decodeColumns(Buffer.from(wire.columns, 'base64'), where) };
}
