/**
 * Agents: self-play policies. An agent sees only the engine's public contract and its own random
 * stream; it is asked for one action of the current phase, from the legal actions the caller
 * generated. An `AgentDefinition` declares its parameters (domain, default, description:
 * docs/parameters.md); a spec such as `mcts:iterations=2000,c=0.7` sets them (see `spec.ts`).
 */
import type { AgentState, ParamDef, ParamsOf, ParamValues, Rng } from '../engine/index.ts';

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
  /**
   * Optional, to explain a choice to people (the explorer's move analysis; never called in play, may
   * allocate): the candidate turns of `state` (phase PLACE, `legal[0..count)` its legal placements)
   * with the values this agent chooses between, computed as `choose` computes them. An agent whose
   * values depend on its random stream (a look-ahead on re-dealt decks) draws from it exactly as
   * `choose` would, so that the agent, replayed to this position with its stream, explains the very
   * choice it made. Leaves `state` as found.
   */
  valueCandidates?(state: AgentState, legal: Int32Array, count: number): CandidateValuation;
}

/**
 * An agent's valuation of the candidate turns of a position (`Agent.valueCandidates`). The values
 * come in stages, coarse to fine (greedy: one; strong: a one-ply pass over every pair, the learned
 * evaluation of the best placements' pairs, the look-ahead of the best pairs): a pair that reached a
 * later stage ranks by that stage's value above every pair that did not, and the agent plays the best
 * pair of the last stage any pair reached.
 */
export interface CandidateValuation {
  /** How the agent chooses, in a sentence or two. */
  readonly method: string;
  /** Each stage: a short name (a column heading) and what its values are. */
  readonly stages: readonly { readonly name: string; readonly about: string }[];
  /** Every (placement, follow-up) pair the agent considered; `values[k]`: its value at stage k, NaN where stage k did not value it. */
  readonly candidates: readonly ValuedCandidate[];
}

export interface ValuedCandidate {
  readonly placement: number;
  readonly followUp: number;
  readonly values: readonly number[];
}

/** Restricted play (`forbid=`, `forbid.ts`): removes the follow-ups the restricted seat may not choose. */
export interface Restriction {
  /** Whether it binds the player to move in `state`. */
  binds(state: AgentState): boolean;
  /** Removes from `legal[0..count)` the follow-ups forbidden to the player to move; returns the new count. hot path */
  filter(state: AgentState, legal: Int32Array, count: number): number;
}

/** Values `resolve` may change. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * An agent: its parameters (`intParam`, `realParam`, `enumParam`, `boolParam`, `intListParam` from
 * the engine; docs/parameters.md) and how to create it. `create` gets the values typed from the
 * declarations (`params.iterations` is a number), so write definitions with `defineAgent`.
 */
export interface AgentDefinition<D extends readonly ParamDef[] = readonly ParamDef[]> {
  readonly name: string;
  readonly description: string;
  /** Its parameters, in the order the canonical spec lists them. */
  readonly params: D;
  /**
   * Completes or checks a combination of values after each was checked alone (`given`: the keys the
   * spec set). May change `params`; returns a reason when the combination is not allowed.
   */
  resolve?(params: Mutable<ParamsOf<D>>, given: ReadonlySet<string>): string | undefined;
  /** Whether games depend only on the seed for these values (false e.g. for a time budget). Default true. */
  reproducible?(params: ParamsOf<D>): boolean;
  /**
   * A new agent. With a `restriction` (`forbid=`), the caller filters the agent's legal follow-ups;
   * an agent that searches filters its own follow-ups in the search by it (`Restriction.filter`).
   */
  create(rng: Rng, params: ParamsOf<D>, restriction?: Restriction): Agent;
}

/** An agent definition whose `create`, `resolve` and `reproducible` read the values typed from its `params`. */
export const defineAgent = <const D extends readonly ParamDef[]>(definition: AgentDefinition<D>): AgentDefinition =>
  definition;

/** A resolved agent spec: every parameter set (defaults filled in), with its canonical text. */
export interface AgentSpec {
  readonly name: string;
  /** Every parameter's value as written (`paramsOf(definition.params, spec.params)` types them). */
  readonly params: ParamValues;
  /** The mechanics it may not use (`forbid=`, `forbid.ts`), in the rule modules' declaration order; empty: none. */
  readonly forbid: readonly string[];
  /** `name` or `name:key=value,…` with every parameter, keys in the definition's order. */
  readonly text: string;
  /** False when results are not a function of the seed alone (a time budget). */
  readonly reproducible: boolean;
}

// The parameter declarations, for agent definitions.
export { boolParam, enumParam, intListParam, intParam, realParam } from '../engine/index.ts';
