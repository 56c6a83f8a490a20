/**
 * The base game is expansion zero (`DESIGN.md` "Rule modules"): the engine takes every point value
 * from the base game's rule module, and names none itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game, defineExpansion } from '../../src/engine/index.ts';
import { BASE_PARAMS, baseGame, newGame } from '../../src/expansions/index.ts';
import { playChecked } from '../util.ts';

/** The base game with every feature paying twice its points. */
const doubled = defineExpansion({
  ...baseGame,
  setup(ctx) {
    const base = baseGame.setup(ctx);
    return {
      scoreFeature(state, f) {
        base.scoreFeature!(state, f);
        f.points *= 2;
      },
    };
  },
});

const filesUnder = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

describe('the base game as a rule module', () => {
  it('prices every feature: a module paying double doubles roads, cities, monasteries and fields, in the same game', () => {
    for (let deal = 0; deal < 3; deal++) {
      const official = playChecked(newGame({ players: 3 }), 'base-module', deal);
      const twice = playChecked(new Game({ players: 3 }, doubled), 'base-module', deal);
      for (let p = 0; p < 3; p++) {
        const a = official.breakdown(p);
        const b = twice.breakdown(p);
        for (const source of ['road', 'city', 'monastery', 'field']) expect(b[source], `player ${p} ${source}, deal ${deal}`).toBe(2 * a[source]!);
      }
      expect(official.totals().some((t) => t > 0)).toBe(true);
    }
  });

  it('src/engine names no point value of the base game', () => {
    const rates = Object.values(BASE_PARAMS).map((d) => d.name).filter((name) => name.includes('Points'));
    expect(rates.length).toBe(8);
    for (const file of filesUnder(join('src', 'engine'))) {
      const text = readFileSync(file, 'utf8');
      for (const rate of rates) expect(text.includes(rate), `${file} names ${rate}`).toBe(false);
    }
  });
});
