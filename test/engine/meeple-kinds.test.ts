/**
 * The open tile schema and meeple kinds (issue 26 item 4): a rule module declares the road and city
 * fields its tiles carry and the meeple kinds it adds; the engine compiles the fields into
 * `Segment.props` and counts a kind's weight in every majority. Tested with a module of the test's
 * own, so that nothing here depends on a real expansion.
 */
import { describe, expect, it } from 'vitest';
import {
  compileTileFile,
  defineExpansion,
  followUpKind,
  followUpSegment,
  meepleFollowUp,
} from '../../src/engine/index.ts';
import type { Expansion, ExpansionRegistry } from '../../src/engine/index.ts';
import { replayScenario } from '../../src/engine/scenario.ts';
import { baseGame, newGame } from '../../src/expansions/index.ts';
import { inputError } from '../util.ts';

const heavy: Expansion = defineExpansion({
  name: 'heavy',
  title: 'A test module',
  tileFields: [
    { on: 'road', key: 'lake', type: 'flag', description: 'a lake beside the road' },
    { on: 'city', key: 'towers', type: 'count', max: 255, description: 'towers' },
  ],
  meepleKinds: [{ name: 'big', weight: 2, perPlayer: 1, description: 'counts twice' }],
  setup: () => ({}),
});
const registry: ExpansionRegistry = Object.assign(new Map([['heavy', heavy]]), { base: baseGame });

const tileFile = (road: Record<string, unknown>, city: Record<string, unknown> = {}) => ({
  format: 'carclab-tiles/1',
  expansion: 'mine',
  tiles: [
    {
      id: 'Z1',
      count: 1,
      edges: 'CRFR',
      cities: [{ edges: 'N', ...city }],
      roads: [{ edges: 'W+E', ...road }],
      fields: [{ halves: 'Wn En', cities: ['c1'] }, { halves: 'Es Se Sw Ws' }],
    },
  ],
});
const fields = heavy.tileFields!;

describe('declared tile fields', () => {
  it("compile into the segment's props (a flag as 1, a count as its number; absent or false/0 left out)", () => {
    const [type] = compileTileFile(tileFile({ lake: true }, { towers: 2 }), 'z.json', fields);
    expect(type!.segments.find((s) => s.name === 'r1')!.props).toEqual({ lake: 1 });
    expect(type!.segments.find((s) => s.name === 'c1')!.props).toEqual({ towers: 2 });
    expect(
      compileTileFile(tileFile({ lake: false }), 'z.json', fields)[0]!.segments.every(
        (s) => Object.keys(s.props).length === 0,
      ),
    ).toBe(true);
  });
  it('are unknown keys where no module of the game declares them, and checked by type', () => {
    expect(inputError(() => compileTileFile(tileFile({ lake: true }), 'z.json')).message).toBe(
      'z.json: tile Z1: r1: unknown key "lake"; known: edges, end',
    );
    expect(inputError(() => compileTileFile(tileFile({}, { lake: true }), 'z.json', fields)).message).toMatch(
      /^z\.json: tile Z1: c1: unknown key "lake"/,
    );
    expect(inputError(() => compileTileFile(tileFile({ lake: 1 }), 'z.json', fields)).message).toBe(
      'z.json: tile Z1: r1: "lake" must be true or false',
    );
    expect(inputError(() => compileTileFile(tileFile({}, { towers: -1 }), 'z.json', fields)).message).toBe(
      'z.json: tile Z1: c1: "towers" must be a whole number from 0 to 255, got -1',
    );
  });
});

describe('meeple kinds', () => {
  it('have follow-up codes of their own in block 0', () => {
    const code = meepleFollowUp(1, 3);
    expect([followUpKind(code), followUpSegment(code)]).toEqual([1, 3]);
    expect(meepleFollowUp(0, 3)).toBe(4); // the plain meeple's codes are the base game's 1 + s
  });

  it('give each player a supply per kind, the plain meeples first', () => {
    const game = newGame({ players: 3, expansions: [heavy] });
    expect(game.meepleKinds.map((k) => k.name)).toEqual(['meeple', 'big']);
    expect(Array.from(game.newState().meeplesLeft)).toEqual([7, 7, 7, 1, 1, 1]);
    expect(newGame({ players: 3 }).weightedMeeples).toBe(false);
  });

  // A road loop through a village: start D (0,0), V (1,0) [P0's big meeple], W (-1,0) [P1's meeple
  // on its south road], V (-1,1) r180, V (1,1) r90, U (0,1) r90 closes it: 6 tiles, 1 point each.
  // Big meeple 2 against 1: P0 alone scores 6 (with every meeple counted once, both would).
  const loop = (p0Kind?: string) => ({
    players: 2,
    expansions: ['heavy'],
    turns: [
      { tile: 'V', at: [1, 0], rotation: 0, meeple: 'road', ...(p0Kind ? { meepleKind: p0Kind } : {}) },
      { tile: 'W', at: [-1, 0], rotation: 0, meeple: 'road:S' },
      { tile: 'V', at: [-1, 1], rotation: 180 },
      { tile: 'V', at: [1, 1], rotation: 90 },
      { tile: 'U', at: [0, 1], rotation: 90 },
    ],
  });

  it('count their weight in a majority, and a big meeple returns to its own supply', () => {
    expect(replayScenario(loop('big'), registry).scores).toEqual([6, 0]);
    expect(replayScenario(loop(), registry).scores).toEqual([6, 6]);
  });

  it('are taken back by a rollback with the supply', () => {
    const game = newGame({ players: 2, expansions: [heavy] });
    const state = game.newState();
    const placements = new Int32Array(4096);
    state.legalPlacements(placements);
    state.apply(placements[0]!);
    const level = state.checkpoint();
    const big = meepleFollowUp(1, 0);
    expect(state.isLegal(big)).toBe(true);
    state.apply(big);
    expect(state.meeplesLeft[2]).toBe(0);
    state.rollback(level);
    expect(state.meeplesLeft[2]).toBe(1);
    expect(Array.from(state.meepleKind).every((k) => k === 0)).toBe(true);
  });

  it('are refused by name when the game lacks them, or when the supply is empty', () => {
    const scenario = loop('giant');
    expect(inputError(() => replayScenario(scenario, registry)).message).toMatch(
      /turn 1 .*unknown meeple kind "giant"; this game has meeple, big/,
    );
    const twice = {
      ...loop('big'),
      turns: [
        loop('big').turns[0]!,
        { tile: 'W', at: [-1, 0], rotation: 0 },
        { tile: 'U', at: [-2, 0], rotation: 90, meeple: 'road', meepleKind: 'big' },
      ],
    };
    expect(inputError(() => replayScenario(twice, registry)).message).toMatch(/player 0 has no big meeple left/);
  });
});
