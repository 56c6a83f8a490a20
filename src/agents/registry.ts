/** The agent registry: name → definition. Specs, listings and help texts read this one map. */
import type { AgentDefinition } from './agent.ts';
import { greedyAgent } from './greedy.ts';
import { mctsAgent } from './mcts.ts';
import { strongAgent } from './strong.ts';
import { randomAgent } from './random.ts';

const registry = new Map<string, AgentDefinition>();

export function registerAgent(definition: AgentDefinition): void {
  if (registry.has(definition.name)) throw new Error(`agent ${definition.name} is registered twice`);
  registry.set(definition.name, definition);
}

export const agentDefinition = (name: string): AgentDefinition | undefined => registry.get(name);

export const agentNames = (): string[] => [...registry.keys()];

registerAgent(randomAgent);
registerAgent(greedyAgent);
registerAgent(mctsAgent);
registerAgent(strongAgent);
