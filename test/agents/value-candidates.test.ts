/**
 * `Agent.valueCandidates`, the agents' own account of a choice (the explorer's move analysis): for
 * greedy and strong, in games with every expansion, the pair `choose` plays is the best pair of the
 * last stage of the valuation, and `valueCandidates` leaves the position and the agent's random stream
 * as `choose` would (an agent made with the same stream plays on identically after it).
 */
import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import type { CandidateValuation } from '../../src/agents/agent.ts';
import { EPSILON } from '../../src/agents/evaluation/evaluation.ts';
import { MAX_ACTIONS_HINT, PHASE_PLACE } from '../../src/engine/index.ts';
import type { Game, State } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { makeRng } from '../../src/sim/rng.ts';

const legal = new Int32Array(MAX_ACTIONS_HINT);
const agentOf = (text: string, seed: string) => createAgent(parseAgentSpec(text, 'test'), makeRng(seed));

/** Positions at placements through a game of greedy play, every `every` turns. */
function positions(game: Game, seed: string, every: number): State[] {
  const state = game.newState(new Dealer(game).deal(seed, 0));
  const agents = Array.from({ length: game.players }, (_, seat) => agentOf('greedy', `${seed}/${seat}`));
  const out: State[] = [];
  while (!state.isOver()) {
    if (state.phase === PHASE_PLACE && state.placedCount % every === 0) out.push(state.clone());
    state.apply(agents[state.currentPlayer]!.choose(state, legal, state.legalActions(legal)));
  }
  return out;
}

/** The index of the last stage any candidate reached, and the best value there. */
function lastStageBest(v: CandidateValuation): { stage: number; best: number } {
  let stage = 0;
  for (const c of v.candidates)
    for (let k = c.values.length - 1; k > stage; k--) if (!Number.isNaN(c.values[k])) stage = k;
  const best = Math.max(...v.candidates.map((c) => c.values[stage]!).filter((x) => !Number.isNaN(x)));
  return { stage, best };
}

const cases = [
  { spec: 'greedy', players: 3, every: 7 },
  { spec: 'greedy:eval=features', players: 2, every: 9 },
  { spec: 'greedy:farmerCost=2,forbid=farmers', players: 2, every: 9 },
  { spec: 'strong', players: 2, every: 12 },
  { spec: 'strong:lookahead=0', players: 3, every: 15 },
];

describe('valueCandidates: the agent explains the choice it makes', () => {
  for (const { spec, players, every } of cases) {
    it(`${spec}, ${players} players, every expansion: the pair played is the best of the last stage`, () => {
      const game = newGame({ players, expansions: [...expansionRegistry.values()], rules: {}, where: 'test' });
      const states = positions(game, `explain-${spec}`, every);
      expect(states.length).toBeGreaterThan(3);
      for (const [i, state] of states.entries()) {
        const seed = `explain-${spec}-${i}`;
        const before = state.clone();
        const count = state.legalActions(legal);
        const placements = legal.slice(0, count);
        const explaining = agentOf(spec, seed);
        const valuation = explaining.valueCandidates!(state, placements.slice(), count);
        // The position is left as found.
        expect(state.placedCount).toBe(before.placedCount);
        expect(state.totals()).toEqual(before.totals());
        // The same agent with the same stream plays the best pair of the last stage.
        const playing = agentOf(spec, seed);
        const placement = playing.choose(state, placements.slice(), count);
        state.apply(placement);
        const followUp = playing.choose(state, legal, state.legalActions(legal));
        const { stage, best } = lastStageBest(valuation);
        const played = valuation.candidates.find((c) => c.placement === placement && c.followUp === followUp);
        expect(played, `turn ${state.placedCount}: the pair played is a candidate`).toBeDefined();
        expect(played!.values[stage]!).toBeGreaterThan(best - EPSILON);
        expect(valuation.stages.length).toBe(valuation.candidates[0]!.values.length);
      }
    });
  }

  it('strong draws from its stream as choose does: the streams are in the same state after either', () => {
    const game = newGame({ players: 2, expansions: [], rules: {}, where: 'test' });
    for (const state of positions(game, 'explain-stream', 20).slice(1)) {
      const count = state.legalActions(legal);
      const placements = legal.slice(0, count);
      const [rngA, rngB] = [makeRng('stream'), makeRng('stream')];
      createAgent(parseAgentSpec('strong', 'test'), rngA).valueCandidates!(state, placements.slice(), count);
      createAgent(parseAgentSpec('strong', 'test'), rngB).choose(state, placements.slice(), count);
      const drawn = makeRng('stream');
      expect(rngA()).toBe(rngB());
      expect(rngA()).not.toBe(drawn()); // the look-ahead did draw from the stream
    }
  });
});
