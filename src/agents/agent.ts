/**
 * Agents: self-play policies. An agent sees only the engine's public contract and its own random
 * stream; it is asked for one action of the current phase, from the legal actions the caller
 * generated.
 */
import type { State } from '../engine/index.ts';
import type { Rng } from '../sim/rng.ts';

export interface Agent {
  readonly name: string;
  /** Picks one of `legal[0..count)`. */
  choose(state: State, legal: Int32Array, count: number): number;
}

export interface AgentDefinition {
  readonly name: string;
  readonly description: string;
  create(rng: Rng): Agent;
}
