/**
 * The expansion registry: name → `Expansion`. Scenarios, experiments and the CLI resolve names
 * here; the engine itself never imports an expansion.
 */
import type { Expansion } from '../engine/index.ts';
import { kingRobber } from './king-robber/index.ts';
import { labyrinth } from './labyrinth/index.ts';
import { tollkeepers } from './tollkeepers/index.ts';

const registry = new Map<string, Expansion>();

export function registerExpansion(expansion: Expansion): void {
  if (registry.has(expansion.name)) throw new Error(`expansion ${expansion.name} is registered twice`);
  registry.set(expansion.name, expansion);
}

export const expansionRegistry: ReadonlyMap<string, Expansion> = registry;

registerExpansion(tollkeepers);
registerExpansion(labyrinth);
registerExpansion(kingRobber);
