/**
 * The piscina worker: a thin adapter that runs one shard and hands the columns' buffers back
 * without copying (`move`).
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { columnBuffers } from '../sim/columns.ts';
import { runShard } from '../sim/shard.ts';
import type { ShardResult, ShardTask } from '../sim/shard.ts';

export default function runShardTask(task: ShardTask): ShardResult {
  const result = runShard(task);
  if (!result.columns) return result;
  const buffers = columnBuffers(result.columns);
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return result;
    },
  }) as unknown as ShardResult;
}
