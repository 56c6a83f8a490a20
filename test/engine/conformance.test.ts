/**
 * The engine contract, checked the same way over every expansion mix and 2–6 players
 * (docs/architecture.md §3, §12): clones are independent, rollbacks exact at random depths, a
 * restarted state plays like a fresh one, legal actions are unique and present until the game is
 * over, a position tells which earlier positions it follows from, a recorded action list replays the
 * game, and perft counts and seeded transcripts match the golden file (`npm run golden`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHASE_PLACE, randomIndex } from '../../src/engine/index.ts';
import type { State } from '../../src/engine/index.ts';
import { makeRng } from '../../src/sim/rng.ts';
import {
  CASES,
  GOLDEN_FILE,
  dealOf,
  gameOf,
  goldenOf,
  legalOf,
  playUniform,
  snapshot,
  strayCells,
} from './conformance.ts';
import type { Golden } from './conformance.ts';

const GAMES = 1;
const golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as Record<string, Golden>;

describe.each(CASES)('$key', (c) => {
  const game = gameOf(c);

  it('offers unique legal actions at every step until the game is over, and none after', () => {
    for (let deal = 0; deal < GAMES; deal++) {
      const state = game.newState(dealOf(game, 'legal', deal));
      playUniform(state, makeRng('legal', deal), (_s, legal) => {
        expect(legal.length).toBeGreaterThan(0);
        expect(new Set(legal).size).toBe(legal.length);
      });
      expect(legalOf(state)).toEqual([]);
    }
  });

  it('counts and indexes the placements without listing them exactly as it lists them', () => {
    const state = game.newState(dealOf(game, 'count', 0));
    const rng = makeRng('count', 0);
    while (!state.isOver()) {
      // Clones taken before the listing: counting and indexing each start from a position the listing has not touched.
      const counted = state.clone();
      const indexed = state.clone();
      const legal = legalOf(state);
      if (state.phase === PHASE_PLACE) {
        expect(indexed.legalPlacementAt(0, legal.length)).toBe(legal[0]);
        expect(indexed.legalPlacementAt(legal.length - 1, legal.length)).toBe(legal.at(-1));
        expect(counted.legalPlacementCount()).toBe(legal.length);
        expect(Array.from(legal, (_, i) => counted.legalPlacementAt(i, legal.length))).toEqual(legal);
      }
      state.apply(legal[randomIndex(rng, legal.length)]!);
    }
  });

  it('keeps a clone taken at every step unchanged while the original plays on', () => {
    for (let deal = 0; deal < GAMES; deal++) {
      const kept: { clone: State; at: string }[] = [];
      const state = game.newState(dealOf(game, 'clone', deal));
      playUniform(state, makeRng('clone', deal), (s) => {
        const clone = s.clone();
        const at = snapshot(s);
        expect(snapshot(clone)).toBe(at);
        kept.push({ clone, at });
      });
      for (const { clone, at } of kept) expect(snapshot(clone)).toBe(at);
    }
  });

  it('restores the exact state on rollback after random depths of nested checkpoints', () => {
    for (let deal = 0; deal < GAMES; deal++) {
      const rng = makeRng('rollback', deal);
      const state = game.newState(dealOf(game, 'rollback', deal));
      playUniform(state, rng, (s) => {
        if (randomIndex(rng, 3) !== 0) return;
        // At a third of the steps: open 1–3 nested checkpoints, each followed by 0–8 random plies, then roll back to a random one.
        const levels: { level: number; at: string }[] = [];
        const nested = 1 + randomIndex(rng, 3);
        for (let k = 0; k < nested; k++) {
          levels.push({ level: s.checkpoint(), at: snapshot(s, true) });
          const plies = randomIndex(rng, 9);
          for (let p = 0; p < plies && !s.isOver(); p++) {
            const legal = legalOf(s);
            s.apply(legal[randomIndex(rng, legal.length)]!);
          }
        }
        const back = levels[randomIndex(rng, levels.length)]!;
        s.rollback(back.level);
        expect(snapshot(s, true)).toBe(back.at);
        expect(strayCells(s)).toBe(0);
        if (back.level > 0) s.rollback(0);
      });
    }
  });

  it('tells the earlier positions it follows from, not those of tries rolled back nor of the last game', () => {
    const rng = makeRng('follows', 0);
    const state = game.newState(dealOf(game, 'follows', 0));
    const line: { id: number; placed: number }[] = [];
    const tried: { id: number; placed: number }[] = [];
    const follows = (s: State, p: { id: number; placed: number }) => s.followsFrom(p.id, p.placed);
    playUniform(state, rng, (s) => {
      expect(line.every((p) => follows(s, p))).toBe(true);
      expect(tried.some((p) => follows(s, p))).toBe(false);
      if (s.phase !== PHASE_PLACE) return;
      const here = { id: s.positionId, placed: s.placedCount };
      // A try of 1–6 plies (as a search does), rolled back: the position and its id come back.
      const level = s.checkpoint();
      const plies = 1 + randomIndex(rng, 6);
      for (let k = 0; k < plies && !s.isOver(); k++) {
        const legal = legalOf(s);
        s.apply(legal[randomIndex(rng, legal.length)]!);
        expect(follows(s, here)).toBe(true);
        if (s.phase === PHASE_PLACE) tried.push({ id: s.positionId, placed: s.placedCount });
      }
      s.rollback(level);
      expect(s.positionId).toBe(here.id);
      line.push(here);
    });
    expect(line.every((p) => follows(state, p))).toBe(true);
    state.restart(dealOf(game, 'follows', 1));
    expect([...line, ...tried].some((p) => follows(state, p))).toBe(false);
  });

  it('plays a restarted state exactly like a fresh one, step by step', () => {
    let reused: State | undefined;
    for (let deal = 0; deal < GAMES + 1; deal++) {
      const deck = dealOf(game, 'restart', deal);
      const fresh = game.newState(deck);
      if (reused) reused.restart(deck);
      else reused = game.newState(deck);
      const rng = makeRng('restart', deal);
      while (!fresh.isOver()) {
        expect(snapshot(reused)).toBe(snapshot(fresh));
        const legal = legalOf(fresh);
        expect(legalOf(reused)).toEqual(legal);
        const action = legal[randomIndex(rng, legal.length)]!;
        fresh.apply(action);
        reused.apply(action);
      }
      expect(snapshot(reused)).toBe(snapshot(fresh));
      expect(strayCells(reused)).toBe(0);
    }
  });

  it('reproduces a game from its recorded action list', () => {
    for (let deal = 0; deal < GAMES; deal++) {
      const deck = dealOf(game, 'replay', deal);
      const played = game.newState(deck);
      const actions = playUniform(played, makeRng('replay', deal));
      const replayed = game.newState(deck);
      for (const action of actions) {
        expect(replayed.isLegal(action)).toBe(true);
        replayed.apply(action);
      }
      expect(snapshot(replayed)).toBe(snapshot(played));
    }
  });

  it('matches the golden perft counts and game transcripts', () => {
    expect(golden[c.key], `no golden figures for ${c.key}: run npm run golden`).toBeDefined();
    expect(goldenOf(c)).toEqual(golden[c.key]);
  });
});
