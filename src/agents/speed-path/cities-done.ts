/**
 * What the cities a placement completes change of the fields (`PlacementPreview`'s part for farmers):
 * every field beside a completed city borders one more completed city. Per field of the tile (its
 * representative tile segment) how many such cities it borders (`extra`, which the preview's field
 * worth adds), and to each occupied field on the board beside one that the tile does not join, its
 * farmers' points for it.
 */
import { SEG_CITY } from '../../engine/index.ts';
import type { ProspectView, SpeedPathGame, SpeedPathState } from '../../engine/index.ts';
import type { BoardFeatures } from './board-features.ts';
import type { RememberingEvaluator } from './remembered.ts';
import { addTo } from '../evaluation/tallies.ts';

/** At most this many segments on a tile. */
const MAX_SEGMENTS = 32;

export class CitiesDone {
  /** Per field of the tile (representative), the completed cities it gains (after `add`). */
  readonly extra = new Int32Array(MAX_SEGMENTS);
  /** The fields on the board beside a completed city, and which tile fields are beside the one at hand. */
  private readonly fields: Int32Array;
  private readonly beside = new Uint8Array(MAX_SEGMENTS);
  /** The fields on the board beside the cities completed so far (one entry per city). */
  private readonly gained: Int32Array;

  constructor(
    private readonly game: SpeedPathGame,
    private readonly evaluator: RememberingEvaluator,
    private readonly features: BoardFeatures,
  ) {
    this.fields = new Int32Array(game.maxTiles * game.segmentsPerTile);
    this.gained = new Int32Array(MAX_SEGMENTS * game.maxTiles * game.segmentsPerTile);
  }

  /** Fills `extra` for the placement `prospect`, and adds to `totals` what the occupied fields on the board beside its completed cities gain. */
  add(state: SpeedPathState, prospect: ProspectView, totals: Float64Array): void {
    const S = this.game.segmentsPerTile;
    const features = this.features;
    const group = prospect.group;
    const count = prospect.count;
    this.extra.fill(0);
    let gained = 0;
    for (let c = 0; c < count; c++) {
      if (group[c] !== c || !prospect.completes(c) || prospect.kindOf(c) !== SEG_CITY) continue;
      // The fields on the board beside the city's old parts, and the tile's fields beside its own.
      features.startFields();
      let n = 0;
      for (let j = 0; j < prospect.joins; j++)
        if (prospect.joinFirst[j] !== 0 && group[prospect.joinSegment[j]!] === c)
          n = features.addFieldsBeside(state, prospect.joinRoot[j]!, this.fields, n);
      const beside = this.beside;
      beside.fill(0);
      for (let s = 0; s < count; s++) {
        if (group[s] !== c) continue;
        const i = prospect.type * S + s;
        for (let k = features.cityFieldStart[i]!; k < features.cityFieldStart[i + 1]!; k++)
          beside[group[features.cityFields[k]!]!] = 1;
      }
      for (let j = 0; j < prospect.joins; j++)
        if (features.inFields(prospect.joinRoot[j]!)) beside[group[prospect.joinSegment[j]!]!] = 1;
      for (let s = 0; s < count; s++) this.extra[s]! += beside[s]!;
      for (let k = 0; k < n; k++) {
        const field = this.fields[k]!;
        if (state.rootMeeples[field] === 0 || prospect.groupOfRoot(field) >= 0) continue;
        // One more completed city: the field's worth from its cities before and those gained so far.
        features.read(state, field);
        let cities = features.citiesOf(field);
        for (let k = 0; k < gained; k++) if (this.gained[k] === field) cities++;
        this.gained[gained++] = field;
        const worth = this.evaluator.fieldWorth;
        addTo(totals, this.evaluator.beforeMajority[field]!, worth[cities + 1]! - worth[cities]!);
      }
    }
  }
}
