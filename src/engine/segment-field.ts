/**
 * A rule module's value per tile segment (an inn, a labyrinth, a road's travellers), read from the
 * catalog once when a game is built (`SetupContext.segmentField`). Hooks read it for a placed segment
 * through the feature API (`FeatureView.fieldAt`, `openOccupiedWith`) and for a segment of a tile
 * not placed yet with `of`, so that no module computes a segment's place in a table itself.
 */
import type { Catalog } from './catalog/index.ts';
import type { Segment, TileType } from './catalog/types.ts';

/** Largest value a segment field holds (one byte per segment). */
export const MAX_FIELD_VALUE = 255;

export class SegmentField {
  /** Per (tile type, segment): the value, at `type * stride + segment`. For the speed path's tables. */
  readonly values: Uint8Array;
  /** Segments per tile type in `values` (the catalog's widest tile). */
  readonly stride: number;
  /** Per tile type: 1 when one of its segments has a value other than 0. */
  private readonly onTypes: Uint8Array;

  /** `pick` gives the value of every segment of every catalog tile, a whole number from 0 to 255. */
  constructor(catalog: Catalog, pick: (segment: Segment, type: TileType) => number) {
    const S = catalog.maxSegments;
    this.stride = S;
    this.values = new Uint8Array(catalog.types.length * S);
    this.onTypes = new Uint8Array(catalog.types.length);
    catalog.types.forEach((type, t) => {
      type.segments.forEach((segment, s) => {
        const value = pick(segment, type);
        if (!Number.isInteger(value) || value < 0 || value > MAX_FIELD_VALUE)
          throw new Error(
            `tile ${type.id}: ${segment.name}: a segment field must be 0 to ${MAX_FIELD_VALUE}, got ${value}`,
          );
        this.values[t * S + s] = value;
        if (value !== 0) this.onTypes[t] = 1;
      });
    });
  }

  /** The value of segment `segment` of catalog tile type `type`. */
  of(type: number, segment: number): number {
    return this.values[type * this.stride + segment]!;
  }

  /** Whether a segment of catalog tile type `type` has a value other than 0. */
  onType(type: number): boolean {
    return this.onTypes[type] === 1;
  }
}
