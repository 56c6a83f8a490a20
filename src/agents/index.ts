/** The agent registry: name → definition. Listing commands and experiments read this one map. */
import { InputError } from '../engine/index.ts';
import type { AgentDefinition } from './agent.ts';
import { greedyAgent } from './greedy.ts';
import { randomAgent } from './random.ts';

export type { Agent, AgentDefinition } from './agent.ts';

const registry = new Map<string, AgentDefinition>();

export function registerAgent(definition: AgentDefinition): void {
  if (registry.has(definition.name)) throw new Error(`agent ${definition.name} is registered twice`);
  registry.set(definition.name, definition);
}

export function agentNamed(name: string, where = 'agents'): AgentDefinition {
  const definition = registry.get(name);
  if (!definition) throw new InputError('usage', `${where}: unknown agent ${JSON.stringify(name)}; known: ${[...registry.keys()].join(', ')}`);
  return definition;
}

export const agentNames = (): string[] => [...registry.keys()];

registerAgent(randomAgent);
registerAgent(greedyAgent);
