/**
 * The final `State` of a scenario replay, for drawing it. `replayScenario` (src/engine/scenario.ts)
 * checks every turn but returns only the scores; this runs it and keeps the state it built, by
 * watching `State.start` for the duration of the (synchronous) call. Every check and error message
 * is the engine's own.
 *
 * TODO(engine): replace with an engine accessor (e.g. `replayScenario(..., { keepState: true })`
 * returning the state) when one exists.
 */
import { State } from '../../engine/index.ts';
import type { Expansion } from '../../engine/index.ts';
import { replayScenario } from '../../engine/scenario.ts';
import type { ReplayOptions, ReplayResult } from '../../engine/scenario.ts';

export function replayScenarioState(raw: unknown, registry: ReadonlyMap<string, Expansion>, options: ReplayOptions = {}): { state: State; result: ReplayResult } {
  const start = State.start;
  let state: State | undefined;
  State.start = function watched(...args: Parameters<typeof State.start>): State {
    const s = start.apply(State, args);
    state ??= s;
    return s;
  };
  let result: ReplayResult;
  try {
    result = replayScenario(raw, registry, options);
  } finally {
    State.start = start;
  }
  if (!state) throw new Error('replayScenario built no state');
  return { state, result };
}
