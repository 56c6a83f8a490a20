import { describe, expect, it } from 'vitest';
import { parseAgentSpec } from '../../src/agents/index.ts';
import { levelLabel, levelName, levelPlan, skillLevels } from '../../src/report/study.ts';
import { splitLevels } from '../../src/report/study-cli.ts';
import { planOf } from '../sim/helpers.ts';

describe('study levels', () => {
  it('are random, greedy and strong, named by their short names in folders and reports', () => {
    const levels = skillLevels({ random: 10, greedy: 5, strong: 2 });
    expect(levels.map(levelName)).toEqual(['random', 'greedy', 'strong']);
    const plan = planOf({ name: 'names', seed: 's', deals: 10, arms: [{ name: 'base', players: 2 }] });
    const strong = levelPlan(plan, levels[2]!);
    expect(strong.experiment).toBe('names-strong');
    expect(strong.arms[0]!.agents[0]).toMatch(/^strong:width=\d+,/); // the full canonical spec is what runs
    expect(strong.arms[0]!.agents[0]).toBe(parseAgentSpec('strong', 'test').text); // the studies' strong: the default at every count
  });

  it('--agents takes NAME=SPEC, and specs with several parameters', () => {
    expect(splitLevels('random,careful=strong:lookahead=8,width=12,mcts:iterations=200,c=0.5,greedy')).toEqual([
      { agents: 'random' },
      { label: 'careful', agents: 'strong:lookahead=8,width=12' },
      { agents: 'mcts:iterations=200,c=0.5' },
      { agents: 'greedy' },
    ]);
    const plan = planOf({ name: 'names', seed: 's', deals: 10, arms: [{ name: 'base', players: 2 }] });
    expect(levelPlan(plan, { label: 'careful', agents: 'strong:lookahead=8', deals: 3 }).experiment).toBe(
      'names-careful',
    );
    expect(levelLabel('mcts:iterations=200')).toBe('mcts:iterations=200');
  });
});
