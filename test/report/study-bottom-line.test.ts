/** The bottom line of a study report and of the suite (issue 39 item 1): ranked, and never calling an established effect unmeasured. */
import { describe, expect, it } from 'vitest';
import type { Conclusion } from '../../src/report/levels.ts';
import { studyBottomLine } from '../../src/report/study-bottom-line.ts';

/** Per-deal values of a conclusion at one level. */
const values = (xs: number[]) => ({ deals: xs.map((_, k) => k), values: xs, games: xs.length });
const around = (mean: number, spread: number) =>
  values(Array.from({ length: 40 }, (_, k) => mean + (k % 2 ? spread : -spread)));

const difference = (label: string, ...levels: number[][]): Conclusion => ({
  label,
  kind: 'difference',
  reference: 0,
  values: levels.map(([mean, spread]) => around(mean!, spread!)),
});

describe('the study bottom line', () => {
  it('ranks the established conclusions by their share of the mean score and names the unmeasured ones', () => {
    const stated = [
      difference('advanced − base: margin (points)', [0.1, 3], [0.2, 3]), // includes 0 at both levels
      difference('advanced − base: mean score per player (points)', [2, 1], [4, 1]), // 2/20, 4/80
      difference('basic − base: mean score per player (points)', [0.5, 0.2], [0.3, 5]), // 0.5/20 at random only
    ].map((conclusion, k) => ({
      conclusion,
      levels: ['random', 'greedy'],
      finding: k + 1,
      meanScore: [20, 80],
      players: 2,
    }));
    const [first, second, last] = studyBottomLine(stated);
    expect(first).toBe(
      "Advanced − base: mean score per player (points): +2.00 at random, +4.00 at greedy, up to 10 % of a player's mean score ([finding 2](#finding-2)).",
    );
    expect(second).toBe(
      "Basic − base: mean score per player (points): +0.50 at random, up to 3 % of a player's mean score; not established at greedy ([finding 3](#finding-3)).",
    );
    expect(last).toBe(
      'No measurable effect at any level (every interval includes its reference): advanced − base: margin (points) ([finding 1](#finding-1)).',
    );
  });

  it("sizes a total per game against the game's points and names a level of few deals", () => {
    const perGame: Conclusion = {
      label: 'tolls: toll income per game (points)',
      kind: 'mean',
      reference: 0,
      perGame: true,
      values: [around(30, 2), values([8, 9, 10, 9, 8])],
    };
    const [line] = studyBottomLine([
      { conclusion: perGame, levels: ['random', 'greedy'], finding: 1, meanScore: [20, 80], players: 2 },
    ]);
    // 30 / (2 × 20) = 75 %; 8.8 / (2 × 80) = 6 %.
    expect(line).toBe(
      "Tolls: toll income per game (points): 30.00 at random, 8.80 at greedy (5 deals), up to 75 % of the game's points ([finding 1](#finding-1)).",
    );
  });
});
