/**
 * An upper bound on the one-ply value of every placement of the drawn tile in one frontier slot,
 * read before any placement's prospect (`PlacementPreview.below`): `greedy` leaves a placement
 * unvalued when its bound is below its best so far less its tie tolerance, where it could change
 * neither its choice nor its tie-break draws (docs/performance.md, fifth round).
 *
 * The bound is finite only for a quiet slot: no occupied monastery around it, no occupied feature
 * across its sides, no road or city across that a tile there could complete (each has more open ends
 * than ports facing the slot), and every rule module bounds what it adds there
 * (`ModulePreview.quiet`). Then no score changes and every player's total stays as remembered; the
 * mover gains at most its best meeple — on a feature made of all the tile's segments of a kind and
 * every feature of that kind across, less the least charge — plus the modules' bounds.
 */
import { SEG_CITY, SEG_FIELD, SEG_MONASTERY, SEG_ROAD } from '../../engine/index.ts';
import type { SpeedPathGame, SpeedPathState } from '../../engine/index.ts';
import type { BoardFeatures } from './board-features.ts';
import type { RememberingEvaluator } from './remembered.ts';
import type { FrontierSlots } from './slots.ts';
import { advanceStamp } from '../evaluation/tallies.ts';

/** Slack for rounding: the bound and the value add the same numbers in another order. */
const ROUNDING = 1e-6;

export class SlotBound {
  /** Per slot: the bound (`boundOf`), and the stamp of the position it was read in. */
  private readonly boundOf: Float64Array;
  private readonly boundIn: Int32Array;
  private stamp = 0;
  // The drawn tile's road and city segments, pennants, fields and monastery, read once per position.
  private tileRoads = 0;
  private tileCities = 0;
  private tilePennants = 0;
  private tileFields = 0;
  private tileMonastery = 0;

  constructor(
    private readonly game: SpeedPathGame,
    private readonly evaluator: RememberingEvaluator,
    private readonly features: BoardFeatures,
    private readonly slots: FrontierSlots,
  ) {
    const slotCount = 4 * game.maxTiles + 4;
    this.boundOf = new Float64Array(slotCount);
    this.boundIn = new Int32Array(slotCount);
  }

  /** A new remembered position: every slot's bound is stale; reads the drawn tile. */
  newPosition(state: SpeedPathState): void {
    this.stamp = advanceStamp(this.stamp, this.boundIn);
    const game = this.game;
    const base = state.drawn * game.segmentsPerTile;
    this.tileRoads = 0;
    this.tileCities = 0;
    this.tilePennants = 0;
    this.tileFields = 0;
    this.tileMonastery = 0;
    for (let s = 0; s < game.segmentCount[state.drawn]!; s++) {
      const kind = game.segmentKind[base + s]!;
      if (kind === SEG_ROAD) this.tileRoads++;
      else if (kind === SEG_CITY) {
        this.tileCities++;
        this.tilePennants += game.segmentPennants[base + s]!;
      } else if (kind === SEG_FIELD) this.tileFields++;
      else if (kind === SEG_MONASTERY) this.tileMonastery++;
    }
  }

  /** Whether every placement in the slot of `placement` is worth less than `limit` to the mover (`start`: the remembered totals). */
  below(state: SpeedPathState, placement: number, start: Float64Array, limit: number): boolean {
    const slot = -state.grid[(placement / 4) | 0]! - 1;
    if (this.boundIn[slot] !== this.stamp) {
      this.boundIn[slot] = this.stamp;
      this.boundOf[slot] = this.slotsBound(state, placement, start);
    }
    return this.boundOf[slot]! + ROUNDING < limit;
  }

  /** The bound of the slot of `placement` (Infinity unless it is quiet). */
  private slotsBound(state: SpeedPathState, placement: number, start: Float64Array): number {
    const slot = -state.grid[(placement / 4) | 0]! - 1;
    if (this.slots.changes(slot)) return Number.POSITIVE_INFINITY;
    const from = state.across(placement);
    const { acrossRoots: roots, acrossCount: count } = state.acrossView;
    const features = this.features;
    let roads = this.tileRoads;
    let cities = this.tileCities;
    let pennants = this.tilePennants;
    let completed = 0;
    for (let i = from; i < from + count; i++) {
      const root = roots[i]!;
      let facing = 0;
      let repeated = false;
      for (let j = from; j < from + count; j++) {
        if (roots[j] !== root) continue;
        if (j < i) repeated = true;
        facing++;
      }
      if (repeated) continue;
      if (state.rootMeeples[root] !== 0) return Number.POSITIVE_INFINITY;
      const kind = state.segmentKind(root);
      if ((kind === SEG_ROAD || kind === SEG_CITY) && state.openEnds[root]! <= facing) return Number.POSITIVE_INFINITY;
      features.read(state, root);
      if (kind === SEG_ROAD) roads += features.segments[root]!;
      else if (kind === SEG_CITY) {
        cities += features.segments[root]!;
        pennants += features.pennants[root]!;
      } else if (kind === SEG_FIELD) completed += features.citiesOf(root);
    }
    const modules = this.game.previewQuiet(state, state.drawn, roots, from, count);
    if (modules === Number.POSITIVE_INFINITY) return modules;
    const me = state.currentPlayer;
    let others = Number.NEGATIVE_INFINITY;
    for (let p = 0; p < start.length; p++) if (p !== me && start[p]! > others) others = start[p]!;
    const cell = (placement / 4) | 0;
    return start[me]! - others + this.bestMeeple(state, cell, roads, cities, pennants, completed) + modules;
  }

  /** The most a meeple of the mover can gain less its charge (0 for no meeple), on features of at most these sizes. */
  private bestMeeple(
    state: SpeedPathState,
    cell: number,
    roads: number,
    cities: number,
    pennants: number,
    completed: number,
  ): number {
    const evaluator = this.evaluator;
    const game = this.game;
    const players = game.players;
    const mover = state.currentPlayer;
    let charge = Number.POSITIVE_INFINITY;
    let fieldCharge = Number.POSITIVE_INFINITY;
    for (let kind = 0; kind < game.meepleWeights.length; kind++) {
      if (state.meeplesLeft[kind * players + mover]! <= 0) continue;
      const hand = state.meeplesLeft[mover]!;
      charge = Math.min(charge, kind === 0 ? evaluator.chargeFrom(hand, SEG_ROAD) : evaluator.meepleCost);
      fieldCharge = Math.min(
        fieldCharge,
        kind === 0 ? evaluator.chargeFrom(hand, SEG_FIELD) : evaluator.meepleCost + evaluator.farmerCost,
      );
    }
    if (charge === Number.POSITIVE_INFINITY) return 0;
    let best = Math.max(0, -charge, -fieldCharge); // a meeple on a feature worth nothing
    if (this.tileRoads > 0) best = Math.max(best, Math.max(0, evaluator.road) * roads - charge);
    if (this.tileCities > 0)
      best = Math.max(
        best,
        Math.max(0, evaluator.cityTile) * cities + Math.max(0, evaluator.cityPennant) * pennants - charge,
      );
    if (this.tileFields > 0 && evaluator.fieldsPay) {
      const worth = evaluator.fieldWorth;
      let most = Number.NEGATIVE_INFINITY;
      for (let c = 0; c <= completed && c < worth.length; c++) most = Math.max(most, worth[c]!);
      best = Math.max(best, most - fieldCharge);
    }
    if (this.tileMonastery > 0) {
      const neighbours = state.neighbourCount(cell);
      best = Math.max(
        best,
        neighbours === 8 ? 9 * evaluator.completedMonastery : evaluator.monastery * (1 + neighbours) - charge,
      );
    }
    return best;
  }
}
