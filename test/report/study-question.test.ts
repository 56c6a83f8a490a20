/** `carclab study`'s question is a designer's question written from the rule parameters' descriptions, not the title again. */
import { describe, expect, it } from 'vitest';
import { studySetup, studySlug } from '../../src/report/scorecard/setup.ts';

const question = (rules: Record<string, string | number>, expansions: string[] = [], players = 2) =>
  studySetup({ rules, expansions, players, agents: 'random', seed: '1' }).question;

describe('the study question', () => {
  it('asks what a house rule changes, in the words of its parameter, against the official value', () => {
    expect(question({ farmerPointsPerCity: 4 })).toBe(
      'What changes when a field majority scores 4 points per completed bordering city instead of 3 (2 players, base game)?',
    );
    expect(question({ roadPointsPerTile: 2, cityPointsPerTile: 1 })).toBe(
      'What changes when a completed road scores 2 points per tile instead of 1 and when a completed city scores 1 point per tile instead of 2 (2 players, base game)?',
    );
    expect(question({ meeples: 5 }, [], 3)).toBe(
      'What changes with 5 meeples per player instead of 7 (3 players, base game)?',
    );
    expect(question({ farmers: 'off' })).toBe(
      'What changes with farmers off instead of on (whether fields take farmers and score at the end) (2 players, base game)?',
    );
    expect(question({ labyrinthMeepleBonus: 3 }, ['labyrinth'])).toBe(
      'What changes when the advanced variant pays 3 points per meeple on a completed labyrinth network, to its majority instead of 2 (2 players, The Labyrinth)?',
    );
    expect(question({ finalCityPointsPerTile: 2 })).toBe(
      'What changes when an incomplete city at the end scores 2 points per tile instead of 1 (2 players, base game)?',
    );
  });

  it('asks what expansions change against the base game', () => {
    expect(question({}, ['tollkeepers'])).toBe(
      'What changes when The Tollkeepers is added to the base game (2 players)?',
    );
    expect(question({}, ['tollkeepers', 'labyrinth'], 4)).toBe(
      'What changes when The Tollkeepers and The Labyrinth are added to the base game (4 players)?',
    );
  });

  it('keeps the comparison for the title', () => {
    const setup = studySetup({
      rules: { farmerPointsPerCity: 4 },
      expansions: [],
      players: 2,
      agents: 'random',
      seed: '1',
    });
    expect(setup.comparison).toBe('farmerPointsPerCity=4 against the official rules (2 players, base game)');
    expect(setup.question).not.toContain(setup.comparison);
  });

  it('names the arms by the values of a single choice rule, official and variant otherwise', () => {
    const setup = (rules: Record<string, string | number>, expansions: string[] = []) =>
      studySetup({ rules, expansions, players: 2, agents: 'random', seed: '1' });
    const labyrinth = setup({ labyrinth: 'advanced' }, ['labyrinth']);
    expect([labyrinth.baseline.name, labyrinth.variant.name]).toEqual(['labyrinth-basic', 'labyrinth-advanced']);
    expect(labyrinth.baseline.rules).toEqual({});
    expect(studySlug(labyrinth)).toBe('labyrinth.labyrinth=advanced.2p');
    const farmers = setup({ farmers: 'off' });
    expect([farmers.baseline.name, farmers.variant.name]).toEqual(['farmers-on', 'farmers-off']);
    const others: Record<string, string | number>[] = [{ farmerPointsPerCity: 4 }, { farmers: 'off', meeples: 5 }];
    for (const rules of others) {
      const s = setup(rules);
      expect([s.baseline.name, s.variant.name]).toEqual(['official', 'variant']);
    }
  });
});
