/**
 * `scenarioOf` (a game's deck and actions as a scenario file): the hand-scored scenario files of the
 * rules tests, replayed while their actions are recorded, written back as scenarios and replayed
 * again, give the same scores — discards, meeples by segment name and tollhouses included.
 */
import { describe, expect, it } from 'vitest';
import { State } from '../../src/engine/index.ts';
import { replayScenario, replayState, scenarioGame } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';
import { scenarioOf } from '../../src/serve/scenario-file.ts';
import { scenarioDir, scenarioOf as engineScenario } from '../scenario-files.ts';

/**
 * Replays a scenario and returns the actions it applied (in order), its scores, and whether every
 * turn was played by the player whose turn it was (a played game always is; some rules tests give
 * turns to other players).
 */
function recorded(scenario: Record<string, unknown>): { actions: number[]; scores: number[]; inTurn: boolean } {
  const actions: number[] = [];
  let inTurn = true;
  const { apply, setCurrentPlayer } = State.prototype;
  State.prototype.apply = function (this: State, action: number) {
    actions.push(action);
    apply.call(this, action);
  };
  State.prototype.setCurrentPlayer = function (this: State, player: number) {
    if (player !== this.currentPlayer) inTurn = false;
    setCurrentPlayer.call(this, player);
  };
  try {
    return { actions, scores: replayState(scenario, expansionRegistry).totals(), inTurn };
  } finally {
    Object.assign(State.prototype, { apply, setCurrentPlayer });
  }
}

describe('scenario files of played games', () => {
  for (const dir of ['base', 'expansions']) {
    const { files, load } = scenarioDir(dir);
    for (const name of files) {
      const file = load(name);
      // Played games start from the default start tile and take turns in order; files with an error to show are not games.
      if (file.expect.error || 'start' in file || !recorded(engineScenario(file)).inTurn) continue;
      it(`${dir}/${name} round-trips`, () => {
        const scenario = engineScenario(file);
        const { actions, scores } = recorded(scenario);
        const { game } = scenarioGame(scenario, expansionRegistry);
        const tiles = (scenario.turns as { tile: string }[]).map((t) => game.catalog.indexOf(t.tile));
        const written = scenarioOf(game, Int16Array.from(tiles), actions, 'round trip');
        expect(written.turns.length).toBe(tiles.length);
        expect(replayScenario(written, expansionRegistry).scores).toEqual(scores);
      });
    }
  }
});
