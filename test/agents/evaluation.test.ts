/**
 * The rule-aware evaluation on positions built from hand-scored scenarios (before final scoring).
 * Every expected total is counted by hand from the rules and the evaluation's documented
 * convention (README "Agents"): an open occupied feature is worth, to its majority, the mean of its
 * completed and final value; a meeple on the board costs 1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Evaluator } from '../../src/agents/evaluation.ts';
import { replayState } from '../../src/engine/scenario.ts';
import { expansionRegistry } from '../../src/expansions/index.ts';

const scenario = (file: string, rules: Record<string, unknown> = {}) => {
  const raw = JSON.parse(readFileSync(new URL(`../scenarios/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return { ...raw, rules: { ...(raw.rules as object | undefined), ...rules } };
};
const totals = (file: string, rules: Record<string, unknown> = {}) => {
  const state = replayState(scenario(file, rules), expansionRegistry, { noFinal: true });
  return Array.from(new Evaluator(state.game).totals(state));
};

describe('rule-aware evaluation', () => {
  it('values an open city by the mean of its completed and final points, from the rules', () => {
    // Start + M (pennant), P0's meeple: completed 2×2 + 1×2 = 6, final 2×1 + 1×1 = 3, mean 4.5, meeple −1.
    expect(totals('base/city-incomplete-final.json')).toEqual([3.5, 0]);
    // cityPointsPerTile 4: completed 2×4 + 2 = 10, final 3, mean 6.5, meeple −1.
    expect(totals('base/city-incomplete-final.json', { cityPointsPerTile: 4 })).toEqual([5.5, 0]);
  });
  it('expects a tollhouse\'s income from its open roads at its current value', () => {
    // Scores 3–3. P0's tollhouse (value 2 after the flip) on X: the open road south carries 1 illustration
    // and 1 travellers group: completed 1×2 + 1×6 = 8, final 1 + 1 = 2, mean 5 → P0 8. The roads west and
    // north carry nothing; east is completed. P1's meeple on that road (X, TK6, U: 3 tiles, rate 1): 3 − 1 → P1 5.
    expect(totals('expansions/tk-final-incomplete-road.json')).toEqual([8, 5]);
    // Travellers paying 10 at value 2: completed 2 + 10 = 12, mean (12 + 2) / 2 = 7 → P0 10.
    expect(totals('expansions/tk-final-incomplete-road.json', { tollTravellersPoints2: 10 })).toEqual([10, 5]);
  });
  it('adds half the advanced Labyrinth bonus to an open network\'s majority, nothing in the basic game', () => {
    // Network U, start, LAB, U (4 segments, rate 1), one meeple each (tied): 4 − 1 = 3 each;
    // advanced: bonus 2 per meeple × 2 meeples, halved: + 2 each.
    expect(totals('expansions/lab-adv-branch-allowed-no-final-bonus.json')).toEqual([5, 5]);
    expect(totals('expansions/lab-adv-branch-allowed-no-final-bonus.json', { labyrinthMeepleBonus: 6 })).toEqual([9, 9]);
  });
  it('credits the King and the Robber Baron with their end value under the scoring variant', () => {
    // King P1 with 3 completed cities, Robber P0 with 4 completed roads, no meeples, scores 0–0.
    expect(totals('expansions/kr-variant-official-split.json')).toEqual([4, 3]);
    expect(totals('expansions/kr-variant-official-split.json', { kingRobberScoring: 'flat10' })).toEqual([10, 10]);
    expect(totals('expansions/kr-variant-official-split.json', { kingRobberScoring: 'flat15-40', kingRobberFlatEachPoints: 20 })).toEqual([20, 20]);
  });
});
