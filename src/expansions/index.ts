/**
 * The rule modules: the base game (expansion zero, in every game) and the expansion registry, name →
 * `Expansion`. Scenarios, experiments and the CLI resolve names here and build games with `newGame`;
 * the engine itself never imports a rule module.
 */
import { Game, scoreSourcesOf, tileFieldsOf } from '../engine/index.ts';
import type { Expansion, ExpansionRegistry, GameOptions } from '../engine/index.ts';
import { baseGame } from './base/index.ts';
import { innsCathedrals } from './inns-cathedrals/index.ts';
import { kingRobber } from './king-robber/index.ts';
import { labyrinth } from './labyrinth/index.ts';
import { tollkeepers } from './tollkeepers/index.ts';

export { BASE_PARAMS, baseGame, baseRules } from './base/index.ts';
export type { BaseRules } from './base/index.ts';

const registry = Object.assign(new Map<string, Expansion>(), { base: baseGame });

export function registerExpansion(expansion: Expansion): void {
  if (registry.has(expansion.name) || expansion.name === baseGame.name)
    throw new Error(`expansion ${expansion.name} is registered twice`);
  registry.set(expansion.name, expansion);
}

/** The optional expansions by name, with the base game's module as `base`. */
export const expansionRegistry: ExpansionRegistry = registry;

/** A game of the base game and the expansions (and rules, tiles) in `options`. */
export function newGame(options: GameOptions): Game {
  return new Game({ tileFields: tileFieldsOf([baseGame, ...registry.values()]), ...options }, baseGame);
}

/**
 * Every score source a game of registered expansions can have, in the order of the score columns
 * of summaries, tables and kept games (a source a game lacks is 0 there).
 */
export function registeredScoreSources(): string[] {
  return scoreSourcesOf([baseGame, ...registry.values()]);
}

registerExpansion(tollkeepers);
registerExpansion(labyrinth);
registerExpansion(kingRobber);
registerExpansion(innsCathedrals);
