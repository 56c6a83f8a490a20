/**
 * Agents' public face. Name an agent by a spec, `name[:key=value,…]`:
 *
 *   const spec = parseAgentSpec('mcts:iterations=2000', 'my-experiment.ts: arms[0]');
 *   spec.text          // canonical, every default filled in: store this (plans, manifests, run ids)
 *   spec.reproducible  // false for a time budget (`ms`)
 *   const agent = createAgent(spec, rng);   // rng: the player's own stream
 *
 * Bad specs are `InputError('usage')` (exit 2) listing the known agents or parameters and domains.
 * Every agent takes `forbid=a+b` (restricted play, `forbid.ts`); `checkForbidden(spec, game, where)`
 * refuses a mechanic the game does not have.
 * `agentNames()` lists the registry; `searchIterations(agent)` is the iterations of an mcts agent's last search.
 */
export { Evaluator } from './evaluation/evaluation.ts';
export type { Agent, AgentDefinition, AgentSpec } from './agent.ts';
export { defineAgent } from './agent.ts';
export { FEATURE_COUNT, FEATURE_NAMES, FeatureReader } from './evaluation/features.ts';
export { INITIAL_WEIGHT_SET, INITIAL_WEIGHTS, WEIGHT_PLAYERS, weightVector } from './evaluation/learned.ts';
export type { FeatureWeights, WeightSet } from './evaluation/learned.ts';
export { VALUE_FEATURE_COUNT, VALUE_FEATURES, ValueFeatures } from './evaluation/value-features.ts';
export {
  VALUE_INPUTS,
  VALUE_NETS,
  VALUE_PLAYERS,
  netFor,
  netKey,
  othersLargest,
  valueEvaluatorOf,
  valueInputs,
  ValueEvaluator,
} from './evaluation/value-net.ts';
export type { NetRecord, NetSet } from './evaluation/value-net.ts';
export { prefilterWeights, StrongAgent } from './strong.ts';
export { GreedyAgent } from './greedy.ts';
export type { StrongOptions } from './strong.ts';
export { searchIterations } from './mcts.ts';
export { agentNames, registerAgent } from './registry.ts';
export { createAgent, parseAgentSpec } from './spec.ts';
export { checkForbidden, FORBID_KEY } from './forbid.ts';
