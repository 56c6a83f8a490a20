/**
 * What each feature of a placement not made brings its majority (`PlacementPreview`): a road or city
 * it completes, its points at the base game's completed rates; an open road or city, its worth by
 * segments and pennants; a field, its worth by the completed cities it borders (those the placement
 * completes included). Read once per feature and placement, from the prospect, the placement's joins
 * and what was read of the features on the board (`board-features.ts`).
 */
import { SEG_CITY, SEG_FIELD, SEG_ROAD, blankFeatureScore } from '../engine/index.ts';
import type { FeatureScore, ProspectView, SpeedPathGame, SpeedPathState } from '../engine/index.ts';
import type { BoardFeatures } from './board-features.ts';
import type { CitiesDone } from './cities-done.ts';
import type { JoinLists } from './join-lists.ts';
import type { RememberingEvaluator } from './remembered.ts';

/** At most this many segments on a tile. */
const MAX_SEGMENTS = 32;

export class GroupWorth {
  /** Per representative tile segment, what `read` wrote for the placement. */
  readonly valueOf = new Float64Array(MAX_SEGMENTS);
  /** Whether the fields count the cities the placement completes (`CitiesDone.extra`). */
  extraOn = false;
  /** Per representative tile segment, the placement (its count) it was read in. */
  private readonly valueIn = new Int32Array(MAX_SEGMENTS);
  private placements = 0;
  /** A feature measured (`ProspectView.measure`). */
  private readonly measured: FeatureScore;

  constructor(
    private readonly game: SpeedPathGame,
    private readonly evaluator: RememberingEvaluator,
    private readonly features: BoardFeatures,
    private readonly joins: JoinLists,
    private readonly citiesDone: CitiesDone,
  ) {
    this.measured = blankFeatureScore(game.players);
  }

  /** A new placement: what was read is stale. */
  nextPlacement(): void {
    if (++this.placements === 0x7fffffff) {
      this.placements = 1;
      this.valueIn.fill(0);
    }
  }

  /**
   * Writes into `valueOf[r]` what the feature of representative tile segment r brings its majority
   * after the placement, once per placement: for a road or city it completes its points (`points`),
   * else its worth (`worth`).
   */
  read(state: SpeedPathState, prospect: ProspectView, r: number): void {
    if (this.valueIn[r] === this.placements) return;
    this.valueIn[r] = this.placements;
    if (prospect.completes(r)) this.points(prospect, r);
    else this.worth(state, prospect, r);
  }

  /**
   * Writes into `valueOf[r]` what the open feature of representative tile segment r is worth to its
   * majority after the placement (as `Evaluator` measures it): its segments and pennants, or its
   * completed cities.
   */
  private worth(state: SpeedPathState, prospect: ProspectView, r: number): void {
    const game = this.game;
    const evaluator = this.evaluator;
    const S = game.segmentsPerTile;
    const kind = prospect.kindOf(r);
    const features = this.features;
    const joins = this.joins;
    if (kind === SEG_FIELD) {
      if (!evaluator.fieldsPay) {
        this.valueOf[r] = 0;
        return;
      }
      // The completed cities of the one old field it joins, or of the union of several.
      let fields = 0;
      let field = -1;
      for (let j = joins.first[r]!; j >= 0; j = joins.next[j]!) {
        field = prospect.joinRoot[j]!;
        features.read(state, field);
        fields++;
      }
      let cities = fields === 1 ? features.citiesOf(field) : 0;
      if (fields > 1) {
        features.startCities();
        for (let j = joins.first[r]!; j >= 0; j = joins.next[j]!) cities += features.addCities(prospect.joinRoot[j]!);
      }
      this.valueOf[r] = evaluator.fieldWorth[this.extraOn ? cities + this.citiesDone.extra[r]! : cities]!;
      return;
    }
    if (kind !== SEG_ROAD && kind !== SEG_CITY) {
      this.valueOf[r] = 0;
      return;
    }
    let segments = 1;
    let pennants = game.segmentPennants[prospect.type * S + r]!;
    if (prospect.linked) {
      segments = 0;
      pennants = 0;
      for (let s = 0; s < prospect.count; s++) {
        if (prospect.group[s] !== r) continue;
        segments++;
        pennants += game.segmentPennants[prospect.type * S + s]!;
      }
    }
    for (let j = joins.first[r]!; j >= 0; j = joins.next[j]!) {
      const root = prospect.joinRoot[j]!;
      features.read(state, root);
      segments += features.segments[root]!;
      pennants += features.pennants[root]!;
    }
    this.valueOf[r] =
      kind === SEG_ROAD ? evaluator.road * segments : evaluator.cityTile * segments + evaluator.cityPennant * pennants;
  }

  /** Writes into `valueOf[r]` what the road or city the placement completes at representative tile segment r pays (the base game's rates; tiles counted once, as scoring does). */
  private points(prospect: ProspectView, r: number): void {
    const evaluator = this.evaluator;
    const f = this.measured;
    prospect.measure(r, f);
    this.valueOf[r] =
      f.kind === SEG_ROAD
        ? evaluator.completedRoad * f.tiles
        : f.tiles * evaluator.completedCityTile + f.pennants * evaluator.completedCityPennant;
  }
}
