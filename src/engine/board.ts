/**
 * The board (`RULES.md` §1 "A turn"): placing a tile joins its segments to its neighbours' features
 * (union-find with per-root open ends and meeple counts, and a circular member list), and keeps the
 * frontier of open cells with the edge pattern each requires. Writes go through `State.record` so
 * that checkpoints can undo them.
 */
import { SEG_CITY, SEG_ROAD } from './catalog/types.ts';
import { PORTS, facingPort, neighbourOffset } from './geometry.ts';
import { J_FRONTIER, J_FRONTIER_REQ, J_GRID, J_NEXT, J_OPEN_ENDS, J_PARENT, J_ROOT_MEEPLES } from './journal.ts';
import type { State } from './state.ts';

/** A frontier requirement that must be recomputed (a real one is (mask << 8) | value ≥ 0). */
export const STALE = -1;

/** Places a tile and joins its segments to the neighbours'; returns its placed index. */
export function placeTile(state: State, type: number, cell: number, rotation: number): number {
  const game = state.game;
  const S = game.segmentsPerTile;
  const G = game.gridSide;
  const i = state.placedCount++;
  const slot = state.grid[cell]! < 0 ? -state.grid[cell]! - 1 : -1;
  state.record(J_GRID, cell, state.grid[cell]!);
  state.grid[cell] = i + 1;
  state.placedType[i] = type;
  state.placedRot[i] = rotation;
  state.placedCell[i] = cell;
  const base = i * S;
  const count = game.segmentCount[type]!;
  for (let s = 0; s < count; s++) {
    const g = base + s;
    state.parent[g] = g;
    state.next[g] = g;
    state.openEnds[g] = game.segmentPorts[type * S + s]!;
  }
  const o = type * 4 + rotation;
  const portSegment = game.portSegment;
  for (let side = 0; side < 4; side++) {
    const k = state.grid[cell + neighbourOffset(side, G)]! - 1;
    if (k < 0) continue;
    const ko = state.orientation(k);
    for (let j = 0; j < 3; j++) {
      const p = side * 3 + j;
      const s = portSegment[o * PORTS + p]!;
      if (s < 0) continue;
      const s2 = portSegment[ko * PORTS + facingPort(p)]!;
      if (s2 >= 0) join(state, base + s, k * S + s2);
    }
  }
  updateFrontier(state, cell, slot);
  return i;
}

/**
 * Takes the placed cell off the frontier (it was at `slot`, or -1 for the start tile), adds its empty
 * neighbours and refreshes their requirements. A frontier cell's grid entry is -(its slot + 1).
 */
function updateFrontier(state: State, cell: number, slot: number): void {
  const G = state.game.gridSide;
  const grid = state.grid;
  const frontier = state.frontier;
  const req = state.frontierReq;
  const journaled = state.journaling();
  if (slot >= 0) {
    const last = --state.frontierCount;
    if (slot !== last) {
      const moved = frontier[last]!;
      if (journaled) { state.record(J_FRONTIER, slot, frontier[slot]!); state.record(J_FRONTIER_REQ, slot, req[slot]!); state.record(J_GRID, moved, grid[moved]!); }
      frontier[slot] = moved;
      req[slot] = req[last]!;
      grid[moved] = -(slot + 1);
    }
  }
  for (let side = 0; side < 4; side++) {
    const nc = cell + neighbourOffset(side, G);
    const v = grid[nc]!;
    if (v > 0) continue;
    let i: number;
    if (v < 0) {
      i = -v - 1;
    } else {
      i = state.frontierCount++;
      if (journaled) { state.record(J_FRONTIER, i, frontier[i]!); state.record(J_GRID, nc, 0); }
      frontier[i] = nc;
      grid[nc] = -(i + 1);
    }
    // Recomputed when next asked for (`requirementAt`): tried placements never ask.
    state.record(J_FRONTIER_REQ, i, req[i]!);
    req[i] = STALE;
  }
}

function join(state: State, a: number, b: number): void {
  const ra = state.find(a);
  const rb = state.find(b);
  const kind = state.segmentKind(a);
  const closes = kind === SEG_ROAD || kind === SEG_CITY;
  const journaled = state.journaling();
  if (ra === rb) {
    if (closes) {
      if (journaled) state.record(J_OPEN_ENDS, ra, state.openEnds[ra]!);
      state.openEnds[ra]! -= 2;
    }
    return;
  }
  const root = ra < rb ? ra : rb;
  const child = ra < rb ? rb : ra;
  if (journaled) {
    state.record(J_PARENT, child, child);
    state.record(J_OPEN_ENDS, root, state.openEnds[root]!);
    state.record(J_ROOT_MEEPLES, root, state.rootMeeples[root]!);
    state.record(J_NEXT, root, state.next[root]!);
    state.record(J_NEXT, child, state.next[child]!);
  }
  state.parent[child] = root;
  if (closes) state.openEnds[root] = state.openEnds[ra]! + state.openEnds[rb]! - 2;
  state.rootMeeples[root]! += state.rootMeeples[child]!;
  const t = state.next[root]!;
  state.next[root] = state.next[child]!;
  state.next[child] = t;
}

/** The cached requirement of frontier slot i, recomputed if a neighbour was placed since. hot path */
export function requirementAt(state: State, i: number): number {
  let req = state.frontierReq[i]!;
  if (req === STALE) {
    req = requirement(state, state.frontier[i]!);
    state.record(J_FRONTIER_REQ, i, STALE);
    state.frontierReq[i] = req;
  }
  return req;
}

/** The edge pattern an empty cell requires: (mask << 8) | value, 2 bits per side. hot path */
function requirement(state: State, cell: number): number {
  const grid = state.grid;
  const side = state.game.sideEdge;
  const G = state.game.gridSide;
  let mask = 0;
  let val = 0;
  let k = grid[cell - G]!;
  if (k > 0) { mask |= 3; val |= side[state.orientation(k - 1) * 4 + 2]!; }
  k = grid[cell + 1]!;
  if (k > 0) { mask |= 12; val |= side[state.orientation(k - 1) * 4 + 3]! << 2; }
  k = grid[cell + G]!;
  if (k > 0) { mask |= 48; val |= side[state.orientation(k - 1) * 4]! << 4; }
  k = grid[cell - 1]!;
  if (k > 0) { mask |= 192; val |= side[state.orientation(k - 1) * 4 + 1]! << 6; }
  return (mask << 8) | val;
}
