/**
 * Meeples placed per feature kind (issue 39 item 3): per player, the engine counts every meeple it
 * puts on a road, a city, a field (a farmer) or a monastery beside `meeplesDeployed`. The expected
 * counts are read off the scenarios' turns by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { replayState } from '../../src/engine/scenario.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { playGame } from '../../src/sim/play.ts';
import { makeRng } from '../../src/sim/rng.ts';
import type { State } from '../../src/engine/index.ts';

const KINDS = ['meeplesDeployed', 'roadMeeplesPlaced', 'cityMeeplesPlaced', 'farmersPlaced', 'monasteryMeeplesPlaced'];

const scenario = (dir: string, name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', dir, `${name}.json`), 'utf8'));

/** Per player: [deployed, road, city, field, monastery]. */
const counts = (state: State) =>
  Array.from({ length: state.game.players }, (_, p) => KINDS.map((k) => state.stats[state.game.playerStatIndex(k, p)]));

describe('meeples placed per feature kind', () => {
  it('final-every-kind: P0 city, city, monastery; P1 road, field, city', () => {
    expect(counts(replayState(scenario('base', 'final-every-kind'), expansionRegistry))).toEqual([
      [3, 0, 2, 0, 1],
      [3, 1, 1, 1, 0],
    ]);
  });

  it('field-majority: P0 two farmers, P1 one; the tiles without a meeple count nothing', () => {
    expect(counts(replayState(scenario('base', 'field-majority'), expansionRegistry))).toEqual([
      [2, 0, 0, 2, 0],
      [1, 0, 0, 1, 0],
    ]);
  });

  it('a big meeple on a field is a farmer too (one placement, whatever its weight)', () => {
    expect(counts(replayState(scenario('expansions', 'ic-big-meeple-field-majority'), expansionRegistry))).toEqual([
      [1, 0, 0, 1, 0],
      [1, 0, 0, 1, 0],
    ]);
  });

  it('in played games every placement is counted under exactly one kind', () => {
    for (const [players, expansions] of [
      [2, []],
      [3, ['labyrinth', 'innsCathedrals']],
      [4, ['tollkeepers', 'kingRobber']],
    ] as const) {
      const game = newGame({ players, expansions: expansions.map((name) => expansionRegistry.get(name)!) });
      const spec = parseAgentSpec('greedy', 'test');
      const agents = Array.from({ length: players }, (_, seat) => createAgent(spec, makeRng('meeple-stats', 0, seat)));
      const state = playGame(game, new Dealer(game).deal('meeple-stats', 0), agents);
      const c = counts(state);
      for (const [deployed, ...kinds] of c) expect(kinds.reduce((t, x) => t + x, 0)).toBe(deployed);
      expect(c.some(([deployed]) => deployed! > 0)).toBe(true);
    }
  });
});
