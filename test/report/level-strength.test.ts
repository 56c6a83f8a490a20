import { describe, expect, it } from 'vitest';
import { parseAgentSpec } from '../../src/agents/index.ts';
import { MEASURED_STRENGTHS, nameWithStrength, strengthText } from '../../src/report/level-strength.ts';

describe('level strength', () => {
  it('is a committed figure per spec and player count, with its command, seed and deals', () => {
    for (const m of MEASURED_STRENGTHS) {
      expect(() => parseAgentSpec(m.agent, 'test')).not.toThrow();
      expect(m.wins).toBeGreaterThanOrEqual(0);
      expect(m.wins).toBeLessThanOrEqual(m.games);
      // The command names the match it was: the two specs, the seed, the deals, the player count.
      expect(m.command).toMatch(new RegExp(`^carclab match ${m.agent} ${m.against} `));
      expect(m.command).toMatch(/--seed \S+/);
      expect(m.command).toMatch(/--deals \d+/);
      if (m.players > 2) expect(m.command).toContain(`--players ${m.players} --lineups 1`);
      if (m.expansions.length) expect(m.command).toContain(`--expansions ${m.expansions.join(',')}`);
      expect(m.measured).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });

  it('says the share over the fair share with its Wilson interval, the base game first', () => {
    // 362 of 400 with 2 players: 90.5 %, Wilson [87.2 %, 93.0 %], times 2.
    const two = strengthText('strong', 2)!;
    expect(two).toMatch(
      /^1\.81× fair share \[1\.74, 1\.86\] against greedy at 2 players \(base game, 400 games; with /,
    );
    expect(strengthText('strong', 3)).toMatch(/× fair share \[.*\] against greedy at 3 players/);
    // The canonical spec is compared: the default spelled out is the default; another setting has no figure.
    expect(strengthText(parseAgentSpec('strong', 'test').text, 3)).toBe(strengthText('strong', 3));
    expect(strengthText('strong:lookahead=3', 3)).toBeNull();
    expect(strengthText('strong', 6)).toBeNull();
    expect(nameWithStrength('careful', 'strong:lookahead=3', 3)).toBe('careful');
    expect(nameWithStrength('strong', 'strong', 3)).toMatch(/^strong — \d\.\d\d× fair share/);
  });
});
