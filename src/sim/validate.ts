/**
 * Checks a shard result that came from outside this process (a queue worker on another machine):
 * it must have exactly the shape of this plan's aggregates, cover exactly the task's deals with the
 * right number of games, and hold only finite numbers. Returns the reason it is malformed, or null.
 */
import { gamesPerDealOf } from './plan.ts';
import { emptyAggregate } from './shard.ts';
import type { ShardResult, ShardTask } from './shard.ts';

export function malformedShardResult(task: ShardTask, result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return 'not an object';
  const { aggregate } = result as ShardResult;
  const expectedGames = (task.end - task.start) * gamesPerDealOf(task.plan);
  const shape = sameShape(emptyAggregate(task.plan), aggregate, 'aggregate', ['ranges']);
  if (shape) return shape;
  const ranges = JSON.stringify(aggregate.ranges);
  if (ranges !== JSON.stringify(task.end > task.start ? [[task.start, task.end]] : [])) return `aggregate.ranges is ${ranges}, expected [[${task.start},${task.end}]]`;
  if (aggregate.games !== expectedGames) return `aggregate.games is ${aggregate.games}, expected ${expectedGames}`;
  if (task.keepGames) {
    const columns = (result as ShardResult).columns;
    if (!columns || typeof columns !== 'object') return 'kept games are missing';
    for (const [name, column] of Object.entries(columns)) {
      if (!ArrayBuffer.isView(column) || column.length !== expectedGames) return `column ${name} does not have ${expectedGames} rows`;
    }
  }
  return null;
}

/** The first place where `actual` differs in shape from `expected` (keys, array lengths, number vs other). */
function sameShape(expected: unknown, actual: unknown, path: string, free: readonly string[]): string | null {
  if (typeof expected === 'number') {
    return typeof actual === 'number' && Number.isFinite(actual) ? null : `${path} is ${JSON.stringify(actual)}, expected a finite number`;
  }
  if (typeof expected === 'string' || typeof expected === 'boolean') {
    return actual === expected ? null : `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path} is not an array`;
    // An empty aggregate has empty histograms: any number of bins, all finite.
    if (expected.length === 0) {
      const bad = actual.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
      return bad < 0 ? null : `${path}[${bad}] is ${JSON.stringify(actual[bad])}, expected a finite number`;
    }
    if (actual.length !== expected.length) return `${path} has ${actual.length} entries, expected ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const problem = sameShape(expected[i], actual[i], `${path}[${i}]`, free);
      if (problem) return problem;
    }
    return null;
  }
  // min/max of an empty distribution: null there, a number once it has values.
  if (expected === null) return actual === null || (typeof actual === 'number' && Number.isFinite(actual)) ? null : `${path} is ${JSON.stringify(actual)}`;
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return `${path} is not an object`;
    const keys = Object.keys(expected as object);
    const extra = Object.keys(actual).filter((k) => !keys.includes(k));
    if (extra.length) return `${path} has unexpected key ${extra[0]}`;
    for (const key of keys) {
      if (free.includes(key)) continue;
      const problem = sameShape((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${path}.${key}`, free);
      if (problem) return problem;
    }
    return null;
  }
  return null;
}

