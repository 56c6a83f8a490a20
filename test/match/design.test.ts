/** Checking a match's flags and specs before anything runs: each problem an input error naming it. */
import { describe, expect, it } from 'vitest';
import { parseAgentSpec } from '../../src/agents/index.ts';
import { parseSprtFlag } from '../../src/cli/match.ts';
import { parsePairingRun } from '../../src/cli/pairings.ts';
import { parseRules } from '../../src/expansions/index.ts';
import { parseExpansionsFlag } from '../../src/match/design.ts';

const flags = (more: Record<string, string>) => ({ seed: '1', out: 'unused', ...more });

describe('match and ladder input', () => {
  it('--rules reads name=value pairs, each value checked against its rule', () => {
    expect(parseRules('labyrinth=advanced, meeples=5', '--rules')).toEqual({ labyrinth: 'advanced', meeples: 5 });
    expect(parseRules(undefined, '--rules')).toEqual({});
    expect(() => parseRules('farmers', '--rules')).toThrow(/--rules: rule "farmers" needs a value \(farmers=…\)/);
    expect(() => parseRules('farmers=on,farmers=off', '--rules')).toThrow(/"farmers" is given twice/);
    expect(() => parseRules('farmer=on', '--rules')).toThrow(
      /--rules: unknown rule "farmer"; did you mean "farmers"\?/,
    );
    expect(() => parseRules('meeples=0', '--rules')).toThrow(
      '--rules: rule "meeples" must be a whole number from 1 to 30, got "0"',
    );
    expect(parseExpansionsFlag('tollkeepers, labyrinth')).toEqual(['tollkeepers', 'labyrinth']);
  });
  it('--sprt takes elo0,elo1 and optionally alpha,beta', () => {
    expect(parseSprtFlag('0,10')).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(parseSprtFlag('-5,5,0.01,0.1')).toEqual({ elo0: -5, elo1: 5, alpha: 0.01, beta: 0.1 });
    expect(() => parseSprtFlag('10,0')).toThrow(/elo1 must exceed elo0/);
    expect(() => parseSprtFlag('0,10,0.05')).toThrow(/two or four numbers/);
    expect(() => parseSprtFlag('0,10,0.6,0.05')).toThrow(/alpha and beta/);
  });
  it('rules, players and specs are checked against the game and the agents', () => {
    expect(() => parsePairingRun('match', ['greedy', 'random'], flags({ rules: 'farmers=maybe' }))).toThrow(
      /rule "farmers" must be one of "on", "off", got "maybe"/,
    );
    expect(() => parsePairingRun('match', ['greedy', 'random'], flags({ players: '7' }))).toThrow(
      /--players must be a whole number from 2 to 6/,
    );
    // `greedy` spelled with its default parameter is the same agent.
    const greedy = parseAgentSpec('greedy', 'test').text;
    expect(() => parsePairingRun('match', ['greedy', greedy], flags({}))).toThrow(
      `agents 1 and 2 are the same spec ${JSON.stringify(greedy)}`,
    );
    expect(() => parsePairingRun('ladder', ['random', 'greedy', 'bogus:x=1'], flags({}))).toThrow(
      /agent 3 \("bogus:x=1"\)/,
    );
    expect(
      parsePairingRun('ladder', ['random', 'greedy'], flags({ expansions: 'tollkeepers', deals: '7' })).design.plan,
    ).toMatchObject({ deals: 7, rotation: 'all' });
  });
});
