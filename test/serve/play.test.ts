/**
 * Games played in the explorer: a human's moves are checked before anything changes, the agents
 * answer, and the finished game's scenario file replays to the same scores (with every expansion,
 * so meeples, tollhouses and discards all go through the file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayScenario } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { PlayRoom, checkPlayRequest } from '../../src/serve/play.ts';
import type { PlayedGameFile, PlayState } from '../../src/serve/api-types.ts';
import { gameView, playedGame } from '../../src/serve/games.ts';
import { HttpError } from '../../src/serve/http.ts';
import { tempDir } from '../sim/helpers.ts';

const ALL = ['tollkeepers', 'labyrinth', 'kingRobber'];

function savedScenario(root: string, state: PlayState): unknown {
  expect(state.saved).not.toBeNull();
  return JSON.parse(readFileSync(join(root, state.saved!.scenario), 'utf8'));
}

describe('play against the agents', () => {
  it('a game of agents alone is saved as a scenario that replays to its final scores', () => {
    for (const [seed, expansions] of [
      ['p1', ALL],
      ['p2', ALL],
      ['p3', []],
    ] as const) {
      const root = tempDir('carclab-play-');
      const room = new PlayRoom(root);
      const state = room.start(
        checkPlayRequest({ players: 3, expansions, seats: ['greedy', 'random', 'greedy:meepleCost=2'], seed }),
      );
      expect(state.over).toBe(true);
      const replayed = replayScenario(savedScenario(root, state), expansionRegistry);
      expect(replayed.scores).toEqual(state.final!.scores);
      expect(replayed.breakdown.map((b) => Object.values(b).reduce((x, y) => x + y, 0))).toEqual(state.final!.scores);
      expect(existsSync(join(root, state.saved!.run, 'manifest.json'))).toBe(true);
      expect(existsSync(join(root, state.saved!.run, 'game.json'))).toBe(true);
    }
  });

  it("a human's moves go through only when legal; the agents answer; the file replays to the final scores", () => {
    const root = tempDir('carclab-play-');
    const room = new PlayRoom(root);
    let state = room.start(
      checkPlayRequest({
        players: 2,
        expansions: ALL,
        rules: { farmerPointsPerCity: 4 },
        seats: ['human', 'random'],
        seed: 'h1',
      }),
    );
    expect(state.humanToMove).toBe(true);
    // An illegal placement or follow-up changes nothing.
    const before = JSON.stringify(room.state(state.id));
    expect(() => room.move(state.id, -1, 0)).toThrow(HttpError);
    const placement = state.legal[0]!.rotations[0]!.action;
    expect(() => room.move(state.id, placement, 99_999)).toThrow(/not a legal follow-up/);
    expect(JSON.stringify(room.state(state.id))).toBe(before);
    let turns = 0;
    const followUpKinds = new Set<string>();
    while (!state.over) {
      // The last cell and rotation offered, and the last follow-up of its preview (a tollhouse or meeple when there is one).
      const cell = state.legal[turns % state.legal.length]!;
      const action = cell.rotations.at(-1)!.action;
      const preview = room.preview(state.id, action);
      const followUp = preview.followUps.at(-1)!;
      followUpKinds.add(followUp.label.split(' ')[0]!);
      state = room.move(state.id, action, followUp.action);
      turns++;
    }
    expect(turns).toBeGreaterThan(30);
    expect([...followUpKinds].sort()).toEqual(['meeple', 'nothing', 'tollhouse']);
    expect(() => room.move(state.id, placement, 0)).toThrow(/the game is over/);
    const replayed = replayScenario(savedScenario(root, state), expansionRegistry);
    expect(replayed.scores).toEqual(state.final!.scores);
    // The explorer's game view of the saved game ends with the same scores.
    const file = JSON.parse(readFileSync(join(root, state.saved!.run, 'game.json'), 'utf8')) as PlayedGameFile;
    expect(gameView(playedGame(state.saved!.run, file)).final.scores).toEqual(state.final!.scores);
  });

  it('refuses bad game settings with a message naming them', () => {
    const room = new PlayRoom(tempDir('carclab-play-'));
    expect(() => checkPlayRequest({ players: 7, seats: [] })).toThrow(/"players" must be 2 to 6/);
    expect(() => checkPlayRequest({ players: 2, seats: ['human'] })).toThrow(/"seats" must list 2 seats/);
    expect(() =>
      room.start(checkPlayRequest({ players: 2, seats: ['human', 'random'], expansions: ['tolkeepers'] })),
    ).toThrow(/unknown expansion "tolkeepers"/);
    expect(() =>
      room.start(checkPlayRequest({ players: 2, seats: ['human', 'random'], rules: { farmers: 'maybe' } })),
    ).toThrow(/farmers/);
  });
});
