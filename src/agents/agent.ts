/**
 * Agents: self-play policies. An agent sees only the engine's public contract and its own random
 * stream; it is asked for one action of the current phase, from the legal actions the caller
 * generated. An `AgentDefinition` declares typed parameters (int, real, enum, bool: default, domain,
 * description); a spec such as `mcts:iterations=2000,c=0.7` sets them (see `spec.ts`).
 */
import type { AgentState } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';

export interface Agent {
  readonly name: string;
  /** Picks one of `legal[0..count)`. */
  choose(state: AgentState, legal: Int32Array, count: number): number;
  /**
   * For agents whose choice depends only on how many legal actions there are (uniform random): the
   * index in the legal list of the action `choose` would pick. Lets the caller skip listing the
   * placements (`State.legalPlacementAt`).
   */
  chooseIndex?(count: number): number;
}

/** Restricted play (`forbid=`, `forbid.ts`): removes the follow-ups the restricted seat may not choose. */
export interface Restriction {
  /** Whether it binds the player to move in `state`. */
  binds(state: AgentState): boolean;
  /** Removes from `legal[0..count)` the follow-ups forbidden to the player to move; returns the new count. hot path */
  filter(state: AgentState, legal: Int32Array, count: number): number;
}

export type AgentParamValue = number | string | boolean;
export type AgentParams = Readonly<Record<string, AgentParamValue>>;

/** One typed agent parameter. Numbers are checked against [min, max]; enums against `values`. */
export type AgentParamDef =
  | {
      readonly name: string;
      readonly kind: 'int' | 'real';
      readonly default: number;
      readonly min: number;
      readonly max: number;
      readonly description: string;
    }
  | {
      readonly name: string;
      readonly kind: 'enum';
      readonly default: string;
      readonly values: readonly string[];
      readonly description: string;
    }
  | { readonly name: string; readonly kind: 'bool'; readonly default: boolean; readonly description: string };

export interface AgentDefinition {
  readonly name: string;
  readonly description: string;
  /** Its parameters, in the order the canonical spec lists them. */
  readonly params: readonly AgentParamDef[];
  /**
   * Completes or checks a combination of values after each was checked alone (`given`: the keys the
   * spec set). May change `params`; returns a reason when the combination is not allowed.
   */
  resolve?(params: Record<string, AgentParamValue>, given: ReadonlySet<string>): string | undefined;
  /** Whether games depend only on the seed for these values (false e.g. for a time budget). Default true. */
  reproducible?(params: AgentParams): boolean;
  /**
   * A new agent. With a `restriction` (`forbid=`), the caller filters the agent's legal follow-ups;
   * an agent that searches filters its own follow-ups in the search by it (`Restriction.filter`).
   */
  create(rng: Rng, params: AgentParams, restriction?: Restriction): Agent;
}

/** A resolved agent spec: every parameter set (defaults filled in), with its canonical text. */
export interface AgentSpec {
  readonly name: string;
  readonly params: AgentParams;
  /** The mechanics it may not use (`forbid=`, `forbid.ts`), in the rule modules' declaration order; empty: none. */
  readonly forbid: readonly string[];
  /** `name` or `name:key=value,…` with every parameter, keys in the definition's order. */
  readonly text: string;
  /** False when results are not a function of the seed alone (a time budget). */
  readonly reproducible: boolean;
}

// Parameter declarations (one line each in a definition).
export const intParam = (
  name: string,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): AgentParamDef => ({ name, kind: 'int', default: defaultValue, min, max, description });
export const realParam = (
  name: string,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): AgentParamDef => ({ name, kind: 'real', default: defaultValue, min, max, description });
export const enumParam = (
  name: string,
  values: readonly string[],
  defaultValue: string,
  description: string,
): AgentParamDef => ({ name, kind: 'enum', default: defaultValue, values, description });
export const boolParam = (name: string, defaultValue: boolean, description: string): AgentParamDef => ({
  name,
  kind: 'bool',
  default: defaultValue,
  description,
});
