/**
 * The scoring floor (docs/rules.md §1): features completed by a turn's tile, and the final scoring. A
 * feature is read through the feature API the agents read too (`FeatureView`, `board.ts`: completion,
 * open ends, occupants) and measured (`Board.measure`), the base game's rule module prices it (its
 * `price` hook: points and their source), the expansions adjust it (theirs) and then read its final
 * points (`featurePriced`), its majority is paid and, when completed, its meeples go home. No point
 * value is written here. Writes to the journaled arrays go through `record` so that checkpoints can
 * undo them.
 */
import type { Board } from './board.ts';
import type { BoardView } from './expansion.ts';
import { SEG_CITY, SEG_MONASTERY, SEG_ROAD, SEGMENT_KINDS } from './catalog/types.ts';
import type { GameSetup } from './game.ts';
import { majorityOf, playersOf } from './majority.ts';
import { J_DONE, J_MEEPLE, J_MEEPLE_KIND, J_ROOT_MEEPLES } from './position.ts';

/** A board of a game with its rules and hooks, and the view its hooks get: what scoring reads and writes. */
type State = Board<GameSetup> & { readonly hooksView: BoardView };

/**
 * The order of the final scoring of open features by their measure. Fields are not among them: what
 * a field pays at the end is the base game's rule module's (its `finalScoring` hook).
 */
const FINAL_ORDER = [SEG_ROAD, SEG_CITY, SEG_MONASTERY];

/** Scores the features the tile placed this turn completed (`State.completedThisTurn`), then `afterScoring` hooks. */
export function scoreTurn(state: State): void {
  const game = state.game;
  const S = game.segmentsPerTile;
  const i = state.lastPlaced;
  const type = state.placedType[i]!;
  state.completedCount = 0;
  const end = game.closableStart[type + 1]!;
  for (let k = game.closableStart[type]!; k < end; k++) {
    const root = state.find(i * S + game.closable[k]!);
    if (state.openEndsOf(root) === 0 && !state.isCompleted(root)) {
      state.record(J_DONE, root, 0);
      state.done[root] = 1;
      state.completedThisTurn[state.completedCount++] = root;
    }
  }
  const monasteries = state.completeMonasteriesAround(
    state.placedCell[i]!,
    state.completedThisTurn,
    state.completedCount,
  );
  for (let c = state.completedCount; c < monasteries; c++) {
    const g = state.completedThisTurn[c]!;
    state.record(J_DONE, g, 0);
    state.done[g] = 1;
  }
  state.completedCount = monasteries;
  for (let c = 0; c < state.completedCount; c++) scoreFeature(state, state.completedThisTurn[c]!, true);
  for (const h of game.hookLists.afterScoring) h.afterScoring(state.hooksView);
}

/**
 * Measures a feature (tiles counted once each, pennants, meeples per player), lets expansions adjust
 * its points, pays the majority and, when completed, returns its meeples.
 */
function scoreFeature(state: State, root: number, completed: boolean): void {
  const game = state.game;
  // A feature nobody holds pays nobody: unless an expansion or an event sink reads it, there is nothing to measure.
  const hooks = game.hookLists;
  if (state.meeplesOn(root) === 0 && hooks.scoreFeature.length === 0 && hooks.featurePriced.length === 0 && !state.sink)
    return;
  const f = game.scratch.feature;
  state.measure(root, f);
  f.completed = completed;
  game.baseHooks.price(f);
  for (const h of hooks.scoreFeature) h.scoreFeature(state.hooksView, f);
  for (const h of hooks.featurePriced) h.featurePriced(state.hooksView, f);
  const winners = payMajority(state, f.perPlayer, f.source, f.points, f.bonusSource, f.bonus);
  if (completed && f.meeples > 0) returnMeeples(state, root);
  if (state.sink) {
    state.sink({
      type: 'featureScored',
      turn: state.turnNumber(),
      feature: root,
      kind: SEGMENT_KINDS[f.kind]!,
      final: !completed,
      tiles: f.tiles,
      points: f.points + f.bonus,
      winners: playersOf(winners),
      meeples: f.meeples,
    });
  }
}

/** Pays `points` (and `bonus`) to every player with the most meeples; returns the winners as a bit mask (bit p: player p). */
function payMajority(
  state: State,
  perPlayer: Int32Array,
  source: number,
  points: number,
  bonusSource: number,
  bonus: number,
): number {
  const winners = majorityOf(perPlayer, state.game.players);
  const W = state.sourceCount;
  for (let p = 0, mask = winners; mask !== 0; p++, mask >>= 1) {
    if ((mask & 1) === 0) continue;
    state.scores[p * W + source]! += points;
    if (bonus !== 0) state.scores[p * W + bonusSource]! += bonus;
  }
  return winners;
}

function returnMeeples(state: State, root: number): void {
  const players = state.game.players;
  let g = root;
  do {
    const owner = state.meeple[g]!;
    if (owner !== 0) {
      const kind = state.meepleKind[g]!;
      state.meeplesLeft[kind * players + owner - 1]! += 1;
      state.record(J_MEEPLE, g, owner);
      state.meeple[g] = 0;
      if (kind !== 0) {
        state.record(J_MEEPLE_KIND, g, kind);
        state.meepleKind[g] = 0;
      }
    }
    g = state.next[g]!;
  } while (g !== root);
  state.record(J_ROOT_MEEPLES, root, state.rootMeeples[root]!);
  state.rootMeeples[root] = 0;
}

/**
 * Final scoring (docs/rules.md §1 "The end of the game"): incomplete features, then the rule modules'
 * `finalScoring` hooks, the base game's first (its fields).
 */
export function finalScore(state: State): void {
  const game = state.game;
  const open = game.scratch.roots;
  const n = openOccupiedRoots(state, open);
  for (const kind of FINAL_ORDER) {
    for (let c = 0; c < n; c++) if (state.segmentKind(open[c]!) === kind) scoreFeature(state, open[c]!, false);
  }
  game.baseHooks.finalScoring?.(state.hooksView);
  for (const h of game.hookLists.finalScoring) h.finalScoring(state.hooksView);
  if (state.sink) state.sink({ type: 'gameOver', scores: state.totals() });
}

/**
 * Writes into `out` the roots of the features still open that hold meeples, each once, in
 * increasing order (one pass over the meeples on the board); returns how many.
 */
function openOccupiedRoots(state: State, out: Int32Array): number {
  const scratch = state.game.scratch;
  const stamp = ++scratch.stamp;
  const total = state.placedCount * state.game.segmentsPerTile;
  const meeple = state.meeple;
  let n = 0;
  for (let g = 0; g < total; g++) {
    if (meeple[g] === 0) continue;
    const root = state.find(g);
    if (state.isCompleted(root) || scratch.rootStamp[root] === stamp) continue;
    scratch.rootStamp[root] = stamp;
    // Insertion in order: there are at most a few dozen.
    let i = n++;
    while (i > 0 && out[i - 1]! > root) {
      out[i] = out[i - 1]!;
      i--;
    }
    out[i] = root;
  }
  return n;
}
