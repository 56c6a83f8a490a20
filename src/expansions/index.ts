/**
 * The rule modules: the base game (expansion zero, in every game) and the expansion registry, name →
 * `Expansion`. Scenarios, experiments and the CLI resolve names here and build games with `newGame`;
 * the engine itself never imports a rule module.
 */
import { Game, parseAssignments, scoreSourcesOf, tileFieldsOf, writtenValues } from '../engine/index.ts';
import type { Expansion, ExpansionRegistry, GameOptions, ParamDef, ParamValues } from '../engine/index.ts';
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

/** Every registered module's rule parameters (a name is declared by one module only). */
export function registeredParams(): ParamDef[] {
  const params = [baseGame, ...registry.values()].flatMap((e) => e.params ?? []);
  const twice = params.find((p, i) => params.findIndex((q) => q.name === p.name) !== i);
  if (twice) throw new Error(`rule ${twice.name} is declared by two rule modules`);
  return params;
}

/**
 * `--rules k=v,k=v` (and the rules of a mechanics-study arm): the rules of any registered module, as
 * written, checked against their domains; a game checks that its expansions declare them. A part
 * without `=` continues a list (`seatCompensation=0,5`).
 * @example parseRules('labyrinth=advanced,seatCompensation=0,5', '--rules') // { labyrinth: 'advanced', seatCompensation: '0,5' }
 */
export function parseRules(text: string | undefined, where: string): ParamValues {
  const context = { where, code: 'usage' as const, noun: 'rule', known: 'known rules' };
  return writtenValues(parseAssignments(registeredParams(), text ?? '', context).values);
}

registerExpansion(tollkeepers);
registerExpansion(labyrinth);
registerExpansion(kingRobber);
registerExpansion(innsCathedrals);
