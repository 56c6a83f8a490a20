/**
 * The expansion registry: name → `Expansion`. Scenarios, experiments and the CLI resolve names
 * here; the engine itself never imports an expansion.
 */
import { scoreSourcesOf } from '../engine/index.ts';
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

/**
 * Every score source a game of registered expansions can have, in the order of the score columns
 * of summaries, tables and kept games (a source a game lacks is 0 there).
 */
export function registeredScoreSources(): string[] {
  return scoreSourcesOf(registry.values());
}

registerExpansion(tollkeepers);
registerExpansion(labyrinth);
registerExpansion(kingRobber);
