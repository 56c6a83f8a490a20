/**
 * The scoring floor (`RULES.md` §1): features completed by a turn's tile, and the final scoring. A
 * feature is measured on the board (`Board.measure`), expansions adjust its points (`scoreFeature`
 * hooks), its majority is paid and, when completed, its meeples go home. Point values come from the
 * resolved rules. Writes to the journaled arrays go through `record` so that checkpoints can undo them.
 */
import type { Board } from './board.ts';
import { SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD, SEGMENT_KINDS } from './catalog/types.ts';
import { SCORE_SOURCES, SOURCE } from './constants.ts';
import type { GameSetup } from './game.ts';
import { J_DONE, J_MEEPLE, J_ROOT_MEEPLES } from './position.ts';

/** A board of a game with its rules and hooks: what scoring reads and writes. */
type State = Board<GameSetup>;

const SOURCE_OF_KIND = [SOURCE.road, SOURCE.city, SOURCE.field, SOURCE.monastery];

/** Scores the features the tile placed this turn completed (`State.completedThisTurn`), then `afterScoring` hooks. */
export function scoreTurn(state: State): void {
  const game = state.game;
  const S = game.segmentsPerTile;
  const i = state.lastPlaced;
  const type = state.placedType[i]!;
  state.completedCount = 0;
  const count = game.segmentCount[type]!;
  for (let s = 0; s < count; s++) {
    const kind = game.segmentKind[type * S + s];
    if (kind !== SEG_ROAD && kind !== SEG_CITY) continue;
    const root = state.find(i * S + s);
    if (state.openEnds[root] === 0 && state.done[root] === 0) {
      state.record(J_DONE, root, 0);
      state.done[root] = 1;
      state.completedThisTurn[state.completedCount++] = root;
    }
  }
  const monasteries = state.completeMonasteriesAround(state.placedCell[i]!, state.completedThisTurn, state.completedCount);
  for (let c = state.completedCount; c < monasteries; c++) {
    const g = state.completedThisTurn[c]!;
    state.record(J_DONE, g, 0);
    state.done[g] = 1;
  }
  state.completedCount = monasteries;
  for (let c = 0; c < state.completedCount; c++) scoreFeature(state, state.completedThisTurn[c]!, true);
  for (const h of game.hookLists.afterScoring) h.afterScoring(state);
}

/**
 * Measures a feature (tiles counted once each, pennants, meeples per player), lets expansions adjust
 * its points, pays the majority and, when completed, returns its meeples.
 */
function scoreFeature(state: State, root: number, completed: boolean): void {
  const game = state.game;
  const rules = game.rules;
  const f = game.scratch.feature;
  state.measure(root, f);
  f.completed = completed;
  switch (f.kind) {
    case SEG_ROAD:
      f.points = f.tiles * (completed ? rules.roadPointsPerTile : rules.finalRoadPointsPerTile);
      break;
    case SEG_CITY:
      f.points = completed
        ? f.tiles * rules.cityPointsPerTile + f.pennants * rules.cityPointsPerPennant
        : f.tiles * rules.finalCityPointsPerTile + f.pennants * rules.finalCityPointsPerPennant;
      break;
    default:
      f.points = f.tiles * rules.monasteryPointsPerTile;
  }
  for (const h of game.hookLists.scoreFeature) h.scoreFeature(state, f);
  const winners = payMajority(state, f.perPlayer, SOURCE_OF_KIND[f.kind]!, f.points, f.bonusSource, f.bonus);
  if (completed && f.meeples > 0) returnMeeples(state, root);
  if (state.sink) {
    state.sink({
      type: 'featureScored', turn: state.turnNumber(), feature: root, kind: SEGMENT_KINDS[f.kind]!, final: !completed,
      tiles: f.tiles, points: f.points + f.bonus, winners, meeples: f.meeples,
    });
  }
}

/** Pays `points` (and `bonus`) to every player with the most meeples; returns the winners. */
function payMajority(state: State, perPlayer: Int32Array, source: number, points: number, bonusSource: number, bonus: number): number[] {
  let max = 0;
  for (let p = 0; p < state.game.players; p++) if (perPlayer[p]! > max) max = perPlayer[p]!;
  const winners: number[] = [];
  if (max === 0) return winners;
  const W = SCORE_SOURCES.length;
  for (let p = 0; p < state.game.players; p++) {
    if (perPlayer[p] !== max) continue;
    state.scores[p * W + source]! += points;
    if (bonus !== 0) state.scores[p * W + bonusSource]! += bonus;
    winners.push(p);
  }
  return winners;
}

function returnMeeples(state: State, root: number): void {
  let g = root;
  do {
    const owner = state.meeple[g]!;
    if (owner !== 0) {
      state.meeplesLeft[owner - 1]! += 1;
      state.record(J_MEEPLE, g, owner);
      state.meeple[g] = 0;
    }
    g = state.next[g]!;
  } while (g !== root);
  state.record(J_ROOT_MEEPLES, root, state.rootMeeples[root]!);
  state.rootMeeples[root] = 0;
}

/** Final scoring (`RULES.md` §1 "Game end"): incomplete features, then fields, then expansions. */
export function finalScore(state: State): void {
  const game = state.game;
  const S = game.segmentsPerTile;
  const total = state.placedCount * S;
  // 1. The occupied features still open (one pass; at most one per meeple on the board).
  const open: number[] = [];
  for (let g = 0; g < total; g++) {
    if (state.parent[g] !== g || state.done[g] !== 0 || state.rootMeeples[g] === 0) continue;
    if (g % S < game.segmentCount[state.placedType[(g / S) | 0]!]!) open.push(g);
  }
  // 2. Roads, cities and monasteries, in that order; then fields.
  for (const kind of [SEG_ROAD, SEG_CITY, SEG_MONASTERY]) {
    for (const g of open) if (state.segmentKind(g) === kind) scoreFeature(state, g, false);
  }
  if (game.farmers) {
    for (const g of open) if (state.segmentKind(g) === SEG_FIELD) scoreField(state, g);
  }
  for (const h of game.hookLists.finalScoring) h.finalScoring(state);
  if (state.sink) state.sink({ type: 'gameOver', scores: state.totals() });
}

/** Farmers: the field's majority scores per completed city the field borders. */
function scoreField(state: State, root: number): void {
  const game = state.game;
  const perPlayer = game.scratch.feature.perPlayer;
  const cities = state.completedCitiesOf(root, perPlayer);
  const points = cities * game.rules.farmerPointsPerCity;
  const winners = payMajority(state, perPlayer, SOURCE.field, points, SOURCE.field, 0);
  if (state.sink) state.sink({ type: 'fieldScored', winners, cities, points });
}
