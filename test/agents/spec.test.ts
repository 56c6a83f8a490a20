import { describe, expect, it } from 'vitest';
import { agentNames, createAgent, parseAgentSpec, registerAgent } from '../../src/agents/index.ts';
import { boolParam, defineAgent, enumParam, intParam, realParam } from '../../src/agents/agent.ts';
import { InputError } from '../../src/engine/index.ts';
import { resolveExperiment } from '../../src/sim/experiment.ts';
import { runIdOf } from '../../src/run/run-dir.ts';
import { makeRng } from '../../src/sim/rng.ts';

// A test-only agent with one parameter of each kind and a combination rule.
let created: Readonly<Record<string, unknown>> | undefined;
registerAgent(
  defineAgent({
    name: 'probe',
    description: 'test agent',
    params: [
      intParam('budget', 100, 0, 1000, 'a whole number'),
      realParam('c', 0.5, 0, 10, 'a real number'),
      enumParam('mode', ['fast', 'slow'], 'fast', 'an enum'),
      boolParam('clock', false, 'a flag'),
    ],
    resolve: (params, given) => {
      if (given.has('clock') && !given.has('budget')) params.budget = 0;
      return params.budget === 0 && params.clock === false ? 'budget=0 needs clock=true' : undefined;
    },
    reproducible: (params) => params.clock === false,
    create: (_rng, params) => {
      created = params;
      return { name: 'probe', choose: (_s, legal) => legal[0]! };
    },
  }),
);

const usageError = (text: string, pattern: RegExp) => {
  let error: unknown;
  try {
    parseAgentSpec(text, 'here');
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InputError);
  expect((error as InputError).code).toBe('usage');
  expect((error as InputError).message).toMatch(/^here: /);
  expect((error as InputError).message).toMatch(pattern);
};

describe('agent specs', () => {
  it('fill in every default and list the keys in the definition order', () => {
    expect(parseAgentSpec('probe', 'here')).toEqual({
      name: 'probe',
      params: { budget: 100, c: 0.5, mode: 'fast', clock: false },
      forbid: [],
      text: 'probe:budget=100,c=0.5,mode=fast,clock=false',
      reproducible: true,
    });
    const spec = parseAgentSpec(' probe:mode=slow, c=2.25,budget=7 ', 'here');
    expect(spec.params).toEqual({ budget: 7, c: 2.25, mode: 'slow', clock: false });
    expect(spec.text).toBe('probe:budget=7,c=2.25,mode=slow,clock=false');
  });
  it('parse their canonical text back to the same spec', () => {
    for (const text of ['probe:c=1e-3', 'probe:clock=true', 'random', 'greedy']) {
      const spec = parseAgentSpec(text, 'here');
      expect(parseAgentSpec(spec.text, 'here')).toEqual(spec);
    }
  });
  it('of the built-in agents are the texts their plans and run ids were made with before the parameter system', () => {
    const texts: [string, string][] = [
      ['random', 'random'],
      ['greedy', 'greedy:eval=rules,meepleCost=1,farmerCost=0,emptyHand=0'],
      ['greedy:meepleCost=1.5,farmerCost=0.25', 'greedy:eval=rules,meepleCost=1.5,farmerCost=0.25,emptyHand=0'],
      [
        'mcts',
        'mcts:iterations=1000,ms=0,c=1,rollout=greedy,meeple=0.3,depth=1,width=12,guide=3,meepleCost=1.25,farmerCost=4,emptyHand=2,widen=1',
      ],
      [
        'mcts:ms=50',
        'mcts:iterations=0,ms=50,c=1,rollout=greedy,meeple=0.3,depth=1,width=12,guide=3,meepleCost=1.25,farmerCost=4,emptyHand=2,widen=1',
      ],
      [
        'mcts:c=1e-3,rollout=uniform',
        'mcts:iterations=1000,ms=0,c=0.001,rollout=uniform,meeple=0.3,depth=1,width=12,guide=3,meepleCost=1.25,farmerCost=4,emptyHand=2,widen=1',
      ],
      ['greedy:forbid=farmers', 'greedy:eval=rules,meepleCost=1,farmerCost=0,emptyHand=0,forbid=farmers'],
    ];
    for (const [given, text] of texts) expect(parseAgentSpec(given, 'here').text).toBe(text);
  });
  it('keep parameterless agents under their bare name', () => {
    expect(parseAgentSpec('random', 'here').text).toBe('random');
    expect(parseAgentSpec('greedy', 'here').text).toMatch(/^greedy/);
  });
  it("apply the definition's combination rule and reproducibility", () => {
    const timed = parseAgentSpec('probe:clock=true', 'here');
    expect(timed.params.budget).toBe(0);
    expect(timed.reproducible).toBe(false);
    usageError('probe:budget=0', /agent probe: budget=0 needs clock=true/);
  });
  it('reject unknown agents, unknown or repeated keys and bad values, listing what is allowed', () => {
    usageError('clever', new RegExp(`unknown agent "clever"; known agents: ${agentNames().join(', ')}`));
    usageError(
      'probe:depth=3',
      /agent probe: unknown parameter "depth"; known parameters of probe: budget \(a whole number from 0 to 1000, default 100\); c \(a number from 0 to 10, default 0.5\); mode \(one of "fast", "slow", default fast\); clock \(true or false, default false\); forbid \(mechanics it may not use, a\+b, default none\)$/,
    );
    usageError('probe:bugdet=3', /unknown parameter "bugdet"; did you mean "budget"\?/);
    usageError('probe:budget=1.5', /agent probe: parameter "budget" must be a whole number from 0 to 1000, got "1.5"$/);
    usageError('probe:budget=2000', /got "2000"/);
    usageError('probe:c=abc', /parameter "c" must be a number from 0 to 10, got "abc"/);
    usageError('probe:c=', /got ""/);
    usageError('probe:mode=medium', /must be one of "fast", "slow", got "medium"/);
    usageError('probe:clock=yes', /must be true or false, got "yes"/);
    usageError('probe:budget=1,budget=2', /parameter "budget" is given twice/);
    usageError('probe:budget', /parameter "budget" needs a value \(budget=…\): a whole number from 0 to 1000/);
    usageError('probe:', /nothing after ":"/);
    usageError('random:x=1', /known parameters of random: forbid \(mechanics it may not use, a\+b, default none\)$/);
  });
  it('create the agent with the resolved parameters', () => {
    createAgent(parseAgentSpec('probe:mode=slow', 'here'), makeRng('x'));
    expect(created).toEqual({ budget: 100, c: 0.5, mode: 'slow', clock: false });
  });
});

describe('agent specs in experiments', () => {
  const resolve = (agents: string | string[]) =>
    resolveExperiment(
      { seed: 's', deals: 4, arms: [{ name: 'a', players: 2, agents }] },
      {
        where: 'exp.ts',
        defaultName: 'exp',
        readTileFile: () => {
          throw new Error('no tiles');
        },
      },
    );
  it('carry canonical specs, so the run id changes exactly when a resolved spec does', () => {
    expect(resolve('probe:mode=slow').arms[0]!.agents).toEqual([
      'probe:budget=100,c=0.5,mode=slow,clock=false',
      'probe:budget=100,c=0.5,mode=slow,clock=false',
    ]);
    expect(resolve(['random', 'random']).arms[0]!.agents).toEqual(['random', 'random']);
    const id = (agents: string) => runIdOf(resolve(agents), '0');
    expect(id('probe:mode=fast')).toBe(id('probe'));
    expect(id('probe:c=0.50')).toBe(id('probe'));
    expect(id('probe:c=0.7')).not.toBe(id('probe'));
  });
  it('name the file and the arm when a spec is bad', () => {
    expect(() => resolve('probe:c=99')).toThrow(/^exp\.ts: arms\[0\] "a": agent probe: parameter "c" must be/);
  });
});
