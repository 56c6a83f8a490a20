/**
 * The rule modules' mechanics (restricted play): what each module declares, and that each test says
 * of every legal follow-up what the follow-up does on the board — checked against the engine's own
 * record of it (the meeple's feature, the tollhouse statistics, the advanced Labyrinth's branch count).
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_ACTIONS_HINT,
  PHASE_FOLLOW,
  SEG_CITY,
  SEG_FIELD,
  SEG_MONASTERY,
  SEG_ROAD,
  defineExpansion,
  meepleSegmentOf,
} from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { baseGame, expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { playChecked } from '../util.ts';

const ALL = ['tollkeepers', 'labyrinth', 'kingRobber', 'innsCathedrals'];
const gameOf = (expansions: string[], rules = {}) =>
  newGame({ players: 3, expansions: expansions.map((name) => expansionRegistry.get(name)!), rules });

describe('mechanics declared by the rule modules', () => {
  it('the base game: farmers and meeples on roads, cities and monasteries; each expansion adds its own (Inns & Cathedrals the big meeple), King and Robber Baron none', () => {
    expect(gameOf([]).mechanics.map((m) => m.name)).toEqual([
      'farmers',
      'roadMeeples',
      'cityMeeples',
      'monasteryMeeples',
    ]);
    expect(gameOf(['kingRobber']).mechanics.map((m) => m.name)).toEqual([
      'farmers',
      'roadMeeples',
      'cityMeeples',
      'monasteryMeeples',
    ]);
    // The basic Labyrinth rules its branches out: its games do not have them.
    expect(gameOf(['labyrinth']).mechanics.map((m) => m.name)).toEqual([
      'farmers',
      'roadMeeples',
      'cityMeeples',
      'monasteryMeeples',
      'labyrinthMeeples',
    ]);
    const all = gameOf(ALL, { labyrinth: 'advanced' }).mechanics;
    expect(all.map((m) => `${m.module}:${m.name}`)).toEqual([
      'base:farmers',
      'base:roadMeeples',
      'base:cityMeeples',
      'base:monasteryMeeples',
      'tollkeepers:tollhouses',
      'tollkeepers:tollhouseRelocation',
      'labyrinth:labyrinthMeeples',
      'labyrinth:labyrinthBranches',
      'innsCathedrals:bigMeeples',
    ]);
    for (const m of all) expect(m.description.length).toBeGreaterThan(10);
  });

  it('names are unique across every registered module and read as agent parameters', () => {
    const names = [baseGame, ...expansionRegistry.values()].flatMap((e) => (e.mechanics ?? []).map((m) => m.name));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('a module declaring a mechanic without its test (or testing an undeclared one) is refused when a game is built', () => {
    const bare = { name: 'bare', title: 'Bare', setup: () => ({}) };
    const untested = defineExpansion({ ...bare, mechanics: [{ name: 'bareThing', description: 'something' }] });
    expect(() => newGame({ players: 2, expansions: [untested] })).toThrow(
      /declares mechanic bareThing without its usesMechanic test/,
    );
    const undeclared = defineExpansion({ ...bare, setup: () => ({ usesMechanic: { bareThing: () => false } }) });
    expect(() => newGame({ players: 2, expansions: [undeclared] })).toThrow(
      /tests mechanic bareThing but does not declare it/,
    );
  });
});

/** What a follow-up does, read off the board after staging it (the turn not ended, nothing scored). */
function observed(state: State, followUp: number): Set<string> {
  const game = state.game;
  const stat = (name: string) => state.stats[game.statIndex(name)]!;
  const before = {
    placements: stat('tollhousePlacements'),
    relocations: stat('tollhouseRelocations'),
    branches: stat('labyrinthBranchPlacements'),
  };
  const level = state.checkpoint();
  state.stageFollowUp(followUp);
  const uses = new Set<string>();
  const g = meepleSegmentOf(state, followUp);
  if (g >= 0) {
    expect(state.meeple[g]).toBe(state.currentPlayer + 1);
    const kind = state.segmentKind(g);
    if (kind === SEG_FIELD) uses.add('farmers');
    if (kind === SEG_ROAD) uses.add('roadMeeples');
    if (kind === SEG_CITY) uses.add('cityMeeples');
    if (kind === SEG_MONASTERY) uses.add('monasteryMeeples');
    if (game.meepleKinds[state.meepleKind[g]!]!.name === 'big') uses.add('bigMeeples');
    // A labyrinth network: one of the road's segments is a labyrinth segment of its tile type.
    const members = new Int32Array(4096);
    const n = kind === SEG_ROAD ? state.members(state.find(g), members) : 0;
    const S = game.segmentsPerTile;
    for (let i = 0; i < n; i++) {
      const m = members[i]!;
      if (game.catalog.types[state.placedType[state.tileOf(m)]!]!.segments[m % S]!.props.labyrinth === 1)
        uses.add('labyrinthMeeples');
    }
  }
  if (stat('tollhousePlacements') > before.placements) uses.add('tollhouses');
  if (stat('tollhouseRelocations') > before.relocations) uses.add('tollhouses').add('tollhouseRelocation');
  if (stat('labyrinthBranchPlacements') > before.branches) uses.add('labyrinthBranches');
  state.rollback(level);
  return uses;
}

describe('each mechanic test agrees with what the follow-up does', () => {
  for (const labyrinth of ['basic', 'advanced']) {
    it(`every legal follow-up of 30 random 3-player games with the four expansions (${labyrinth} Labyrinth)`, () => {
      const game = gameOf(ALL, { labyrinth });
      const legal = new Int32Array(MAX_ACTIONS_HINT);
      const seen = new Map<string, number>();
      for (let deal = 0; deal < 30; deal++) {
        playChecked(game, 'mechanics', deal, (state) => {
          if (state.phase !== PHASE_FOLLOW) return;
          const n = state.legalActions(legal);
          for (let i = 0; i < n; i++) {
            const followUp = legal[i]!;
            const said = new Set(game.mechanics.filter((m) => m.uses(state, followUp)).map((m) => m.name));
            expect([...said].sort(), `${state.actionToString(followUp)} at turn ${state.turnNumber()}`).toEqual(
              [...observed(state, followUp)].sort(),
            );
            for (const name of said) seen.set(name, (seen.get(name) ?? 0) + 1);
          }
        });
      }
      // Not vacuous: every mechanic of the game was legal; the basic variant rules the branches out.
      expect(game.mechanics.some((m) => m.name === 'labyrinthBranches')).toBe(labyrinth === 'advanced');
      for (const m of game.mechanics) expect(seen.get(m.name) ?? 0, m.name).toBeGreaterThan(0);
    });
  }
});
