/**
 * Inns & Cathedrals beyond the hand-scored scenarios (`test/scenarios/expansions/ic-*.json`): its tile
 * file matches the tile notes' totals, the agents' evaluation hook values inns by the rates, and the
 * big meeple is counted in the statistics.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEG_CITY, SEG_ROAD } from '../../src/engine/index.ts';
import type { GameEvent } from '../../src/engine/index.ts';
import { replayState } from '../../src/engine/scenario.ts';
import { formatEvent } from '../../src/cli/format.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';

const innsCathedrals = expansionRegistry.get('innsCathedrals')!;
const scenario = (name: string) =>
  JSON.parse(readFileSync(new URL(`../scenarios/expansions/${name}.json`, import.meta.url), 'utf8'));

describe('Inns & Cathedrals', () => {
  it('has the 18 tiles of the tile notes: 6 inns, 2 cathedrals, 3 pennants, 1 monastery', () => {
    const types = newGame({ players: 2, expansions: [innsCathedrals] }).catalog.types.filter(
      (t) => t.expansion === 'innsCathedrals',
    );
    const segments = types.flatMap((t) => t.segments.map((s) => ({ ...s, count: t.count })));
    const total = (test: (s: (typeof segments)[number]) => number) =>
      segments.reduce((n, s) => n + s.count * test(s), 0);
    expect(types.reduce((n, t) => n + t.count, 0)).toBe(18);
    expect(types.length).toBe(18); // 17 types, the cathedral's two artworks as two ids
    expect(total((s) => (s.kind === SEG_ROAD && s.props.inn === 1 ? 1 : 0))).toBe(6);
    expect(total((s) => (s.kind === SEG_CITY && s.props.cathedral === 1 ? 1 : 0))).toBe(2);
    expect(total((s) => s.pennants)).toBe(3);
    expect(types.filter((t) => t.segments.some((s) => s.name === 'm')).length).toBe(1);
  });

  it("adds to the agents' evaluation what an inn changes, only when the rates make the halfway values differ", () => {
    const position = (rules: Record<string, unknown>) =>
      replayState({ ...scenario('ic-inn-road-unfinished'), rules }, expansionRegistry, { noFinal: true });
    const official = position({});
    expect(official.game.hookLists.evaluate).toEqual([]);
    // innPointsPerTile 4: P0's open inn road (W(-1,0), D, IC.B: 3 tiles) is worth (4 + 0)/2 per tile
    // instead of the base game's (1 + 1)/2: 3 × 1 more to P0; P1's road has no inn.
    const doubled = position({ innPointsPerTile: 4 });
    const expected = new Float64Array(2);
    for (const h of doubled.game.hookLists.evaluate) h.evaluate(doubled, expected);
    expect(Array.from(expected)).toEqual([3, 0]);
  });

  it('says in the log which meeples are big', () => {
    const events: GameEvent[] = [];
    replayState(scenario('ic-big-meeple-city-majority'), expansionRegistry, { sink: (e) => events.push(e) });
    const lines = events.filter((e) => e.type === 'meeplePlaced').map((e) => formatEvent(e, [innsCathedrals]));
    expect(lines).toEqual(['turn 1: P0 puts a big meeple on city:E+S', 'turn 2: P1 puts a meeple on city:N']);
  });

  it('counts the big meeples each player placed', () => {
    const state = replayState(scenario('ic-six-players'), expansionRegistry);
    expect([0, 1, 2, 3, 4, 5].map((p) => state.stats[state.game.playerStatIndex('bigMeeplesDeployed', p)])).toEqual([
      0, 0, 0, 0, 0, 1,
    ]);
  });
});
