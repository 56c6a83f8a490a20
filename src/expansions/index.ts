/**
 * The expansion registry: name → `Expansion`. Scenarios, experiments and the CLI resolve names
 * here; the engine itself never imports an expansion.
 */
import type { Expansion } from '../engine/index.ts';

const registry = new Map<string, Expansion>();

export function registerExpansion(expansion: Expansion): void {
  if (registry.has(expansion.name)) throw new Error(`expansion ${expansion.name} is registered twice`);
  registry.set(expansion.name, expansion);
}

export const expansionRegistry: ReadonlyMap<string, Expansion> = registry;
