/**
 * Games played in the explorer: a human's moves are checked before anything changes, the agents
 * answer, and the finished game's scenario file replays to the same scores (with every expansion,
 * so meeples, tollhouses and discards all go through the file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentPool } from '../../src/serve/agent-pool.ts';
import { replayScenario } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { openRoot } from '../../src/serve/files.ts';
import { PlayRoom, checkPlayRequest } from '../../src/serve/play.ts';
import type { PlayedGameFile, PlayState } from '../../src/serve/api-types.ts';
import { gameView } from '../../src/serve/games.ts';
import { playedGame } from '../../src/serve/played.ts';
import { HttpError } from '../../src/serve/http.ts';
import { tempDir } from '../sim/helpers.ts';

const ALL = ['tollkeepers', 'labyrinth', 'kingRobber'];

function savedScenario(root: string, state: PlayState): unknown {
  expect(state.saved).not.toBeNull();
  return JSON.parse(readFileSync(join(root, state.saved!.scenario), 'utf8'));
}

const pool = new AgentPool(2);
afterAll(() => pool.close());
const roomIn = (root: string) => new PlayRoom(openRoot(root), pool);

describe('play against the agents', () => {
  it('a game of agents alone is saved as a scenario that replays to its final scores', async () => {
    for (const [seed, expansions] of [
      ['p1', ALL],
      ['p2', ALL],
      ['p3', []],
    ] as const) {
      const root = tempDir('carclab-play-');
      const room = roomIn(root);
      const state = await room.start(
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

  it("a human's moves go through only when legal; the agents answer; the file replays to the final scores", async () => {
    const root = tempDir('carclab-play-');
    const room = roomIn(root);
    let state = await room.start(
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
    await expect(room.move(state.id, -1, 0)).rejects.toThrow(HttpError);
    const placement = state.legal[0]!.rotations[0]!.action;
    await expect(room.move(state.id, placement, 99_999)).rejects.toThrow(/not a legal follow-up/);
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
      state = await room.move(state.id, action, followUp.action);
      turns++;
    }
    expect(turns).toBeGreaterThan(30);
    expect([...followUpKinds].sort()).toEqual(['meeple', 'nothing', 'tollhouse']);
    await expect(room.move(state.id, placement, 0)).rejects.toThrow(/the game is over/);
    const replayed = replayScenario(savedScenario(root, state), expansionRegistry);
    expect(replayed.scores).toEqual(state.final!.scores);
    // The explorer's game view of the saved game ends with the same scores.
    const file = JSON.parse(readFileSync(join(root, state.saved!.run, 'game.json'), 'utf8')) as PlayedGameFile;
    expect(gameView(playedGame(state.saved!.run, file)).final.scores).toEqual(state.final!.scores);
  });

  it('shows the tile to place, the house rules in force, and a spot on the placed tile for each meeple', async () => {
    const room = roomIn(tempDir('carclab-play-'));
    const state = await room.start(
      checkPlayRequest({ players: 2, seats: ['human', 'random'], rules: { farmerPointsPerCity: 4 }, seed: 'spots' }),
    );
    expect(state.drawnTile).toMatch(/^<svg [^>]*width="96"/);
    expect(state.expansions).toEqual([]);
    expect(state.rules).toHaveLength(1);
    expect(state.rules[0]).toMatchObject({ name: 'farmerPointsPerCity', value: '4', official: '3' });
    expect(state.rules[0]!.about).not.toBe('');
    let meeples = 0;
    for (const cell of state.legal) {
      const preview = room.preview(state.id, cell.rotations[0]!.action);
      expect(preview.tile.svg).toMatch(/^<svg /);
      const [nothing, ...rest] = preview.followUps;
      expect(nothing).toMatchObject({ action: 0, label: 'nothing' });
      expect(nothing!.spot).toBeUndefined();
      for (const f of rest) {
        expect(f.label).toMatch(
          /^meeple on the (road \(a thief\)|city \(a knight\)|monastery \(a monk\)|field \(a farmer\))$/,
        );
        expect(f.text).toMatch(/^meeple on (road|city|monastery|field):/);
        expect(f.label.split(' ')[3]).toBe(f.text.split(/[ :]/)[2]);
        for (const t of [f.spot!.x, f.spot!.y]) expect(t > 0 && t < preview.tile.size).toBe(true);
        meeples++;
      }
      // One spot per segment a meeple may take: no two follow-ups share one.
      expect(new Set(rest.map((f) => `${f.spot!.x},${f.spot!.y}`)).size).toBe(rest.length);
    }
    expect(meeples).toBeGreaterThan(0);
  });

  it('refuses bad game settings with a message naming them', async () => {
    const room = roomIn(tempDir('carclab-play-'));
    expect(() => checkPlayRequest({ players: 7, seats: [] })).toThrow(/"players" must be 2 to 6/);
    expect(() => checkPlayRequest({ players: 2, seats: ['human'] })).toThrow(/"seats" must list 2 seats/);
    await expect(
      room.start(checkPlayRequest({ players: 2, seats: ['human', 'random'], expansions: ['tolkeepers'] })),
    ).rejects.toThrow(/unknown expansion "tolkeepers"/);
    await expect(
      room.start(checkPlayRequest({ players: 2, seats: ['human', 'random'], rules: { farmers: 'maybe' } })),
    ).rejects.toThrow(/farmers/);
  });
});
