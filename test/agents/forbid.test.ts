/**
 * Restricted play (`forbid=`): the spec parameter every agent takes, the check against the game's
 * mechanics, and per agent that a forbidden mechanic is never chosen — in the game nor for its own
 * turns inside its searches — while it still models the other players unrestricted; and that
 * `forbid=` of nothing changes no game (the golden games of the code before restricted play).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { InputError, PHASE_FOLLOW } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { resolveExperiment } from '../../src/sim/experiment.ts';
import { playGame } from '../../src/sim/play.ts';
import { makeRng } from '../../src/sim/rng.ts';
import { inputError } from '../util.ts';
import { AGENT_GAMES_FILE, GOLDEN_AGENTS, agentGames } from './agent-games.ts';
import { PROCESS_TEST_TIMEOUT } from '../wait.ts';

describe('forbid= in agent specs', () => {
  it("every agent takes it; the canonical spec lists the mechanics in the modules' order after the agent's own parameters", () => {
    const spec = parseAgentSpec('greedy:forbid=tollhouses+farmers', 'here');
    expect(spec.forbid).toEqual(['farmers', 'tollhouses']);
    expect(spec.text).toBe('greedy:eval=rules,meepleCost=1,farmerCost=0,emptyHand=0,forbid=farmers+tollhouses');
    expect(parseAgentSpec(spec.text, 'here')).toEqual(spec);
    expect(parseAgentSpec('random:forbid=labyrinthMeeples', 'here').text).toBe('random:forbid=labyrinthMeeples');
    expect(parseAgentSpec('mcts:forbid=cityMeeples,iterations=50', 'here').text).toMatch(
      /^mcts:iterations=50,.*,widen=1,forbid=cityMeeples$/,
    );
  });

  it('forbid= of nothing is the agent without it: the same spec', () => {
    for (const agent of GOLDEN_AGENTS) {
      const bare = parseAgentSpec(agent, 'here');
      const empty = parseAgentSpec(`${agent}${agent.includes(':') ? ',' : ':'}forbid=`, 'here');
      expect(empty).toEqual(bare);
      expect(bare.forbid).toEqual([]);
    }
  });

  it('an unknown, repeated or empty mechanic is bad input naming it and where', () => {
    const unknown = inputError(() => parseAgentSpec('greedy:forbid=farmer', 'arms[1]'));
    expect(unknown.code).toBe('usage');
    expect(unknown.message).toBe('arms[1]: agent greedy: forbid: unknown mechanic "farmer"; did you mean "farmers"?');
    expect(inputError(() => parseAgentSpec('random:forbid=farmers+farmers', 'x')).message).toBe(
      'x: agent random: forbid: mechanic farmers is given twice',
    );
    expect(inputError(() => parseAgentSpec('random:forbid=farmers+', 'x')).message).toMatch(
      /^x: agent random: forbid=farmers\+ has an empty name/,
    );
    expect(inputError(() => parseAgentSpec('random:forbid', 'x')).message).toMatch(/parameter "forbid" needs a value/);
  });

  it('a mechanic of an expansion not in the game is bad input naming the mechanic, its expansion and the arm', () => {
    const error = inputError(() =>
      resolveExperiment(
        { seed: 's', deals: 2, arms: [{ name: 'base', players: 2, agents: ['greedy', 'greedy:forbid=tollhouses'] }] },
        {
          where: 'exp.ts',
          defaultName: 'exp',
          readTileFile: () => {
            throw new Error('no tile files');
          },
        },
      ),
    );
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(
      /arms\[0\] "base": agent greedy:.*forbid=tollhouses forbids tollhouses, a mechanic of The Tollkeepers, which this game does not have; its mechanics: farmers, roadMeeples, cityMeeples, monasteryMeeples$/,
    );
  });

  it("a mechanic the arm's rules rule out (the basic Labyrinth's branches) is bad input saying so", () => {
    const error = inputError(() =>
      resolveExperiment(
        {
          seed: 's',
          deals: 2,
          arms: [
            {
              name: 'basic',
              players: 2,
              expansions: ['labyrinth'],
              agents: ['random:forbid=labyrinthBranches', 'random'],
            },
          ],
        },
        {
          where: 'exp.ts',
          defaultName: 'exp',
          readTileFile: () => {
            throw new Error('no tile files');
          },
        },
      ),
    );
    expect(error.message).toMatch(
      /arms\[0\] "basic": agent random:forbid=labyrinthBranches forbids labyrinthBranches, a mechanic of The Labyrinth, which this game's rules rule out \(advanced variant: .*\); its mechanics: farmers, roadMeeples, cityMeeples, monasteryMeeples, labyrinthMeeples$/,
    );
  });
});

describe('forbid= of nothing changes no game', () => {
  it(
    'each agent with forbid= plays the golden games of the code before restricted play',
    () => {
      const golden = JSON.parse(readFileSync(AGENT_GAMES_FILE, 'utf8'));
      expect(agentGames((agent) => `${agent}${agent.includes(':') ? ',' : ':'}forbid=`)).toEqual(golden);
    },
    PROCESS_TEST_TIMEOUT,
  );
});

const ALL = ['tollkeepers', 'labyrinth', 'kingRobber'].map((name) => expansionRegistry.get(name)!);
const FORBIDDEN = ['farmers', 'tollhouses', 'labyrinthMeeples'];

/**
 * Plays `deals` 2-player games with the three expansions (advanced Labyrinth), seat 0 forbidden
 * `FORBIDDEN` (or unrestricted), and counts every follow-up put on the board — chosen, searched or
 * staged — while seat 0's agent chooses: by seat 0 and by the other seat, those using a forbidden mechanic.
 */
function watch(agent: string, restricted: boolean, deals: number) {
  const game: Game = newGame({ players: 2, expansions: ALL, rules: { labyrinth: 'advanced' } });
  const forbidden = game.mechanics.filter((m) => FORBIDDEN.includes(m.name));
  const counts = { own: 0, ownForbidden: 0, otherForbidden: 0, played: 0, playedForbidden: 0 };
  let choosing = false;
  for (let deal = 0; deal < deals; deal++) {
    const order = new Dealer(game).deal('forbid', deal);
    // Every follow-up, applied or only staged by an evaluation, goes through `stageFollowUp`; a search
    // plays on a copy (`clone`), watched the same way.
    const watched = (state: State): State => {
      const stage = state.stageFollowUp.bind(state);
      state.stageFollowUp = (followUp: number) => {
        if (choosing) {
          const uses = forbidden.some((m) => m.uses(state, followUp));
          if (state.currentPlayer === 0) {
            counts.own++;
            if (uses) counts.ownForbidden++;
          } else if (uses) counts.otherForbidden++;
        }
        stage(followUp);
      };
      const clone = state.clone.bind(state);
      state.clone = (deck?: Int16Array) => watched(clone(deck));
      return state;
    };
    const state = watched(game.newState(order));
    const spec = parseAgentSpec(
      restricted ? `${agent}${agent.includes(':') ? ',' : ':'}forbid=${FORBIDDEN.join('+')}` : agent,
      'test',
    );
    const inner = createAgent(spec, makeRng('forbid', deal, 0));
    const seat0 = {
      name: inner.name,
      choose(s: State, legal: Int32Array, count: number): number {
        choosing = true;
        const action = inner.choose(s, legal, count);
        choosing = false;
        if (s.phase === PHASE_FOLLOW) {
          counts.played++;
          if (forbidden.some((m) => m.uses(s, action))) counts.playedForbidden++;
        }
        return action;
      },
    };
    playGame(game, order, [seat0, createAgent(parseAgentSpec(agent, 'test'), makeRng('forbid', deal, 1))], state);
  }
  return counts;
}

describe('a forbidden agent never uses a forbidden mechanic, in play or in its own search', () => {
  const cases: [string, number, boolean][] = [
    ['random', 6, false],
    ['greedy', 4, false],
    ['greedy:eval=features', 4, false],
    ['strong', 1, true],
    ['mcts:iterations=40', 1, true],
  ];
  for (const [agent, deals, modelsOthers] of cases) {
    it(
      `${agent}: forbidden ${FORBIDDEN.join(', ')} (and the same watch sees them used unrestricted)`,
      () => {
        const free = watch(agent, false, deals);
        expect(free.playedForbidden + free.ownForbidden).toBeGreaterThan(0);
        const restricted = watch(agent, true, deals);
        expect(restricted.played).toBeGreaterThan(20);
        expect(restricted.playedForbidden).toBe(0);
        expect(restricted.ownForbidden).toBe(0);
        // Searches that look at the other player's turns still let it use every mechanic.
        if (modelsOthers) expect(restricted.otherForbidden).toBeGreaterThan(0);
      },
      PROCESS_TEST_TIMEOUT,
    );
  }
});
