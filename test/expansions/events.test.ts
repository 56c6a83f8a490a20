/**
 * Expansion events as data: every event an expansion sends is one of its declared kinds with
 * exactly the declared payload fields, the log reads it through the kind's text, and a sink does
 * not change the game.
 */
import { describe, expect, it } from 'vitest';

import type { GameEvent } from '../../src/engine/index.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import { formatEvent } from '../../src/cli/format.ts';
import { playChecked } from '../util.ts';
import { snapshot } from '../engine/conformance.ts';

const expansions = [...expansionRegistry.values()];
const game = newGame({ players: 4, expansions });
type ExpansionEvent = Extract<GameEvent, { type: 'expansion' }>;

describe('expansion events', () => {
  const events: ExpansionEvent[] = [];
  for (let deal = 0; deal < 6; deal++)
    playChecked(game, 'events', deal, undefined, (e) => {
      if (e.type === 'expansion') events.push(e);
    });

  it('are declared kinds with exactly their declared payload fields', () => {
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const kind = expansionRegistry.get(e.expansion)?.events?.[e.kind];
      expect(kind, `${e.expansion}.${e.kind}`).toBeDefined();
      expect(Object.keys(e.data).sort()).toEqual(Object.keys(kind!.fields).sort());
      for (const [field, type] of Object.entries(kind!.fields)) {
        const value = e.data[field]!;
        expect(Number.isInteger(value), `${e.kind}.${field} = ${value}`).toBe(true);
        if (type === 'player') expect(value >= -1 && value < game.players, `${e.kind}.${field} = ${value}`).toBe(true);
      }
    }
  });

  it('include every declared kind of the Tollkeepers and the King and Robber Baron over a few games', () => {
    const seen = new Set(events.map((e) => `${e.expansion}.${e.kind}`));
    const declared = expansions.flatMap((x) => Object.keys(x.events ?? {}).map((kind) => `${x.name}.${kind}`));
    expect([...seen].sort()).toEqual(declared.sort());
  });

  it("read in the log as their kind's text", () => {
    const handOver: GameEvent = {
      type: 'expansion',
      turn: 7,
      expansion: 'kingRobber',
      kind: 'kingHandedOver',
      data: { from: 2, to: 0, cityTiles: 4 },
    };
    expect(formatEvent(handOver, expansions)).toBe('turn 7: kingRobber: P0 takes the King (city of 4 tiles)');
    const toll: GameEvent = {
      type: 'expansion',
      turn: 9,
      expansion: 'tollkeepers',
      kind: 'tollPaid',
      data: { owner: 1, points: 8, value: 2, illustrations: 1, travellers: 1 },
    };
    expect(formatEvent(toll, expansions)).toBe(
      'turn 9: tollkeepers: toll: 8 to P1 (value 2: 1 illustration(s), 1 travellers group(s))',
    );
    expect(() => formatEvent({ ...toll, kind: 'nothing' }, expansions)).toThrow(
      /event nothing of expansion tollkeepers is not declared/,
    );
  });

  it('leave the game as it is played without a sink', () => {
    for (let deal = 0; deal < 2; deal++) {
      const heard = playChecked(game, 'events', deal, undefined, () => {});
      const silent = playChecked(game, 'events', deal);
      expect(snapshot(heard)).toBe(snapshot(silent));
    }
  });
});
