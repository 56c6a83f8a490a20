import { describe, expect, it } from 'vitest';
import { createAgent, parseAgentSpec } from '../../src/agents/index.ts';
import { newGame } from '../../src/expansions/index.ts';
import {
  MEASURED_STRENGTHS,
  armPlayerCounts,
  nameWithStrength,
  strengthText,
  strengthTextForCounts,
} from '../../src/report/level-strength.ts';
import { Dealer } from '../../src/sim/deal.ts';
import { type MoveTrace, playGame } from '../../src/sim/play.ts';
import { makeRng } from '../../src/sim/rng.ts';

/** The move hash of one base game: `spec` in seat 0 among `greedy` players. */
function movesOf(spec: string, players: number): number {
  const game = newGame({ players });
  const agents = Array.from({ length: players }, (_, seat) =>
    createAgent(parseAgentSpec(seat === 0 ? spec : 'greedy', 'test'), makeRng('same-moves', 0, seat)),
  );
  const trace: MoveTrace = { hash: 0 };
  playGame(game, new Dealer(game).deal('same-moves', 0), agents, undefined, trace);
  return trace.hash;
}

describe('level strength', () => {
  it('is a committed figure per spec and player count, with its command, seed and deals', () => {
    for (const m of MEASURED_STRENGTHS) {
      expect(() => parseAgentSpec(m.agent, 'test')).not.toThrow();
      expect(m.wins).toBeGreaterThanOrEqual(0);
      expect(m.wins).toBeLessThanOrEqual(m.games);
      // Each command names the match it was: the two specs, the seed, the deals, the player count; the
      // games are those of the commands' deals (a lone agent plays every seat of a deal), each seed once.
      expect(m.commands.length).toBeGreaterThan(0);
      expect(new Set(m.commands.map((c) => c.match(/--seed (\S+)/)?.[1])).size).toBe(m.commands.length);
      let games = 0;
      for (const command of m.commands) {
        expect(command).toMatch(new RegExp(`^carclab match ${m.agent} ${m.against} `));
        games += Number(command.match(/--deals (\d+)/)![1]) * m.players;
        if (m.players > 2) expect(command).toContain(`--players ${m.players} --lineups 1`);
        if (m.expansions.length) expect(command).toContain(`--expansions ${m.expansions.join(',')}`);
      }
      expect(m.games).toBe(games);
      expect(m.measured).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });

  it('lends a figure only to specs that play its moves: one game of each claim, the same moves', () => {
    const claims = new Set(
      MEASURED_STRENGTHS.flatMap((m) => (m.sameMoves ?? []).map((same) => `${m.players}|${m.agent}|${same}`)),
    );
    expect(claims.size).toBeGreaterThan(3);
    for (const claim of claims) {
      const [players, agent, same] = claim.split('|') as [string, string, string];
      expect(movesOf(same, Number(players)), claim).toBe(movesOf(agent, Number(players)));
    }
    // The check can fail: a look-ahead plays other moves than one ply at 4 players.
    expect(movesOf('strong:lookahead=0', 4)).not.toBe(movesOf('strong:four=1,2,0', 4));
  }, 120_000);

  it('says the share over the fair share with its Wilson interval, the base game first', () => {
    // 373.5 of 400 with 2 players: 93.4 %, Wilson [90.5 %, 95.4 %], times 2.
    const two = strengthText('strong', 2)!;
    expect(two).toMatch(
      /^1\.87× fair share \[1\.81, 1\.91\] against greedy at 2 players \(base game, 400 games; with /,
    );
    expect(strengthText('strong', 3)).toMatch(/× fair share \[.*\] against greedy at 3 players/);
    // The canonical spec is compared: the default spelled out is the default; another setting has no figure.
    expect(strengthText(parseAgentSpec('strong', 'test').text, 3)).toBe(strengthText('strong', 3));
    expect(strengthText('strong:lookahead=3', 3)).toBeNull();
    expect(strengthText('strong', 6)).toBeNull();
    expect(nameWithStrength('careful', 'strong:lookahead=3', 3)).toBe('careful');
    expect(nameWithStrength('strong', 'strong', 3)).toMatch(/^strong — \d\.\d\d× fair share/);
  });

  it("lists each player count's figure for a level whose arms play several counts", () => {
    // The seat study plays 2–5 players: every count's figure, smallest first, not only the first arm's.
    const arms = [5, 2, 3, 4, 2].map((players) => ({ players }));
    expect(armPlayerCounts(arms)).toEqual([2, 3, 4, 5]);
    const all = nameWithStrength('strong', 'strong', armPlayerCounts(arms));
    const counts = [...all.matchAll(/against greedy at (\d) players/g)].map((m) => Number(m[1]));
    expect(counts).toEqual([2, 3, 4, 5]);
    expect(all.startsWith(`strong — ${strengthText('strong', 2)}; ${strengthText('strong', 3)}`)).toBe(true);
    // A count with no figure is named, not silently dropped; no figure at any count leaves the bare name.
    expect(strengthTextForCounts('strong', [3, 6])).toBe(
      `${strengthText('strong', 3)}; no committed figure at 6 players`,
    );
    expect(strengthTextForCounts('strong:lookahead=3', [3, 4])).toBeNull();
  });
});
