/**
 * The random agent: uniform over the legal tile placements (position × rotation), then uniform over
 * the legal follow-ups (nothing, each meeple target, each expansion action such as a tollhouse).
 */
import type { AgentState } from '../engine/index.ts';
import { randomIndex } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import { defineAgent } from './agent.ts';
import type { Agent, AgentDefinition } from './agent.ts';

class RandomAgent implements Agent {
  readonly name = 'random';
  constructor(private readonly rng: Rng) {}

  // hot path
  choose(_state: AgentState, legal: Int32Array, count: number): number {
    return legal[this.chooseIndex(count)]!;
  }

  // hot path
  chooseIndex(count: number): number {
    return randomIndex(this.rng, count);
  }
}

export const randomAgent: AgentDefinition = defineAgent({
  name: 'random',
  description: 'uniform over legal placements, then uniform over legal follow-ups',
  params: [],
  create: (rng) => new RandomAgent(rng),
});
