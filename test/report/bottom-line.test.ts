/**
 * The scorecard's bottom line (issue 39 item 1): ranked by the size of the effect, and never saying
 * "does not change measurably" of an effect whose interval excludes zero at some level.
 */
import { describe, expect, it } from 'vitest';
import { bottomLine } from '../../src/report/scorecard/bottom-line.ts';
import type { ArmPair } from '../../src/report/scorecard/measures.ts';
import type { LevelCard, Scorecard } from '../../src/report/scorecard/scorecard.ts';

/** Both arms' means and a paired difference with its interval. */
const pair = (baseline: number, variant: number, lo: number, hi: number): ArmPair => ({
  baseline: { estimate: baseline, lo: baseline - 1, hi: baseline + 1 },
  variant: { estimate: variant, lo: variant - 1, hi: variant + 1 },
  difference: { estimate: variant - baseline, lo, hi, deals: 100, p: null, alike: false },
});
const UNMOVED = pair(10, 10.1, -0.5, 0.7);

function card(level: string, changes: Partial<LevelCard> = {}): LevelCard {
  return {
    level,
    spec: level,
    deals: 100,
    run: '',
    winnerChanged: { total: 0.4, rescored: 0.1, independent: 0.5, noiseFloor: 0.45 },
    winnerChangedDetail: {
      a: 'official',
      b: 'variant',
      games: 100,
      total: { share: 0.4, lo: 0.3, hi: 0.5 },
      rescored: { share: 0.1, lo: 0.05, hi: 0.17 },
      independent: { share: 0.5, lo: 0.45, hi: 0.55 },
      noiseFloor: { share: 0.45, lo: 0.35, hi: 0.55 },
      replayed: 100,
      notReplayable: 0,
      marginChange: null,
    },
    sameMoves: 0,
    scoreChange: { estimate: 0.1, lo: -0.5, hi: 0.7 },
    quality: { baseline: null, variant: null, difference: null },
    skillDepth: null,
    score: pair(80, 80.1, -0.5, 0.7),
    sources: [
      { source: 'field', ...pair(16, 24, 6, 10) }, // +50 %
      { source: 'city', ...pair(40, 38, -3, -1) }, // −5 %
      { source: 'road', ...UNMOVED },
    ],
    meeples: [{ stat: 'farmersPlaced', label: 'farmers (on fields)', ...pair(2, 2, -0.1, 0.1) }],
    margin: UNMOVED,
    seats: {
      joint: { baseline: 0.5, variant: 0.5 },
      seats: [
        {
          seat: 0,
          baseline: { estimate: 0.5, lo: 0.4, hi: 0.6 },
          variant: { estimate: 0.52, lo: 0.42, hi: 0.62 },
          difference: { estimate: 0.02, lo: -0.05, hi: 0.09, deals: 100, p: 0.5, alike: false },
          holm: null,
        },
      ],
    },
    ...changes,
  };
}

const scorecard = (levels: LevelCard[]): Scorecard =>
  ({
    format: 'carclab-study/1',
    question: '',
    comparison: '',
    players: 2,
    seed: '1',
    baseline: { name: 'official', expansions: [], rules: {} },
    variant: { name: 'variant', expansions: [], rules: {} },
    levels,
  }) as Scorecard;

describe('the bottom line', () => {
  it('states the largest effect first, then the next, then what no level measures', () => {
    const line = bottomLine(scorecard([card('greedy'), card('strong')]));
    // No level recorded the quality measures or played skill matches: nothing is said of lead changes or skill.
    expect(line.sentences.map((s) => s.findings)).toEqual([['sources'], ['winner'], ['seats', 'closeness']]);
    const [first, second, last] = line.sentences.map((s) => s.text);
    expect(first).toMatch(/^Field points \(farmers\) per player rise by about 50 % \(16\.0 → 24\.0 at greedy, /);
    expect(first).toMatch(/while city points fall \(about 5 %\)/);
    expect(first).not.toMatch(/road/); // its interval includes zero
    expect(second).toMatch(/^The rule alone changes the winner in about 1 game in 10/);
    expect(last).toBe(
      'Seat fairness and closeness (margin) do not change measurably at any level (every interval includes zero).',
    );
  });

  it('never prints a measured change as 0 %: "up to" the largest, or "under 1 %"', () => {
    // Field points: +0.3 % at greedy (100 → 100.3, interval [0.1, 0.5]) and +8 % at strong (16 → 17.28).
    const fields = (baseline: number, variant: number, lo: number, hi: number) => ({
      sources: [{ source: 'field', ...pair(baseline, variant, lo, hi) }],
    });
    const both = bottomLine(
      scorecard([card('greedy', fields(100, 100.3, 0.1, 0.5)), card('strong', fields(16, 17.28, 0.5, 2))]),
    );
    expect(both.sentences.map((x) => x.text).join(' ')).toMatch(
      /Field points \(farmers\) per player rise by up to 8 % \(100\.0 → 100\.3 at greedy, /,
    );
    const small = bottomLine(
      scorecard([card('greedy', fields(100, 100.3, 0.1, 0.5)), card('strong', fields(100, 100.4, 0.1, 0.7))]),
    );
    expect(small.sentences.map((x) => x.text).join(' ')).toMatch(
      /Field points \(farmers\) per player rise by under 1 % /,
    );
  });

  it('never calls an effect unchanged when one level measures it, and says where it is not measured', () => {
    const moved = {
      ...card('greedy').seats,
      seats: [
        {
          ...card('greedy').seats.seats[0]!,
          variant: { estimate: 0.6, lo: 0.5, hi: 0.7 },
          difference: { estimate: 0.1, lo: 0.02, hi: 0.18, deals: 100, p: 0.01, alike: false },
        },
      ],
    };
    const line = bottomLine(scorecard([card('greedy'), card('strong', { seats: moved })]));
    const text = line.sentences.map((s) => s.text).join(' ');
    expect(text).not.toMatch(/Seat fairness( and [a-z ()]+)? do(es)? not change/);
    expect(text).toMatch(/ Closeness \(margin\) does not change measurably at any level/);
    expect(line.sentences.at(-1)!.findings).toEqual(['closeness']);
    // Seat fairness (+10 pp) ranks below the field points (+50 %) and the winner flips (10 %): one smaller change left out.
    expect(line.more).toBe(1);
  });

  it('counts a change that is the same on every deal as measured, and no change on every deal as unmeasured', () => {
    const alike = (d: number): ArmPair => ({
      ...pair(10, 10 + d, 0, 0),
      difference: { estimate: d, lo: null, hi: null, deals: 100, p: null, alike: true },
    });
    const line = bottomLine(
      scorecard([
        card('random', {
          sources: [
            { source: 'road', ...alike(0) },
            { source: 'field', ...alike(2) },
          ],
        }),
      ]),
    );
    expect(line.sentences[0]!.text).toMatch(
      /^Field points \(farmers\) per player rise by about 20 % \(10\.0 → 12\.0 at random\)\.$/,
    );
  });
});
