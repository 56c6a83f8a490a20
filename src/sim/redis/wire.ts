/**
 * What travels through Redis: the shard task as JSON (the plan is plain JSON already), and the
 * result with kept games' columns packed as base64 of the column file format.
 */
import { columnLayout, decodeColumns, encodeColumns } from '../columns.ts';
import { armSetups } from '../plan.ts';
import type { ShardResult, ShardTask } from '../shard.ts';

export interface WireResult {
  aggregate: ShardResult['aggregate'];
  columns?: string;
}

export function toWire(task: ShardTask, result: ShardResult): WireResult {
  if (!result.columns) return { aggregate: result.aggregate };
  const layout = columnLayout(task.plan, armSetups(task.plan).map((s) => s.game));
  return { aggregate: result.aggregate, columns: Buffer.from(encodeColumns(layout, result.columns)).toString('base64') };
}

export function fromWire(wire: WireResult, where: string): ShardResult {
  if (typeof wire !== 'object' || wire === null) return wire as unknown as ShardResult;
  if (typeof wire.columns !== 'string') return { aggregate: wire.aggregate };
  return { aggregate: wire.aggregate, columns: decodeColumns(Buffer.from(wire.columns, 'base64'), where) };
}
