/**
 * What `PlacementPreview` reads of the features already on the board, by root: a road's or city's
 * segments and pennants (`FeatureView.tally`), a field's completed bordering cities. Kept from one
 * remembered position to the next when that one follows from it (`State.followsFrom`), but for the
 * features the tiles placed since joined and the fields beside the cities they completed (the only
 * ones that changed); otherwise everything read is stale (`newPosition`). And the counts it takes
 * over a union of such features: the distinct completed cities bordering some fields (a city
 * bordering two of them counts once), the fields beside some cities.
 */
import { SEG_CITY, SEG_FIELD } from '../../engine/index.ts';
import type { SpeedPathGame, SpeedPathState } from '../../engine/index.ts';
import { advanceStamp } from '../evaluation/tallies.ts';

export class BoardFeatures {
  /** Per road or city root read: its segments and pennants. */
  readonly segments: Int32Array;
  readonly pennants: Int32Array;
  // Per root, stamped when read (0: changed since).
  private readonly readIn: Int32Array;
  private stamp = 0;
  /** The position read in: its id and tiles (`followsFrom`). */
  private positionId = -1;
  private placed = 0;
  /** A field's completed bordering cities: `cities[cityStart[root] … cityStart[root] + cityCount[root])`. */
  private readonly cityStart: Int32Array;
  private readonly cityCount: Int32Array;
  private cities: Int32Array;
  private cityEnd = 0;
  /** Per segment: stamp of the last read or union of city lists that counted it. */
  private readonly cityMark: Int32Array;
  private markStamp = 0;
  /** The field segments of a tile beside each of its city segments: `cityFields[cityFieldStart[i] … cityFieldStart[i + 1])` for i = type * S + s. */
  readonly cityFieldStart: Uint16Array;
  readonly cityFields: Int8Array;
  /** Per segment: stamp of the last union of fields beside cities that counted it. */
  private readonly fieldMark: Int32Array;
  private fieldStamp = 0;
  /** Meeples per player counted by `tally` while reading (not used). */
  private readonly readMeeples: Int32Array;

  constructor(private readonly game: SpeedPathGame) {
    const segments = game.maxTiles * game.segmentsPerTile;
    this.segments = new Int32Array(segments);
    this.pennants = new Int32Array(segments);
    this.readIn = new Int32Array(segments);
    this.cityStart = new Int32Array(segments);
    this.cityCount = new Int32Array(segments);
    this.cities = new Int32Array(segments);
    this.cityMark = new Int32Array(segments);
    this.readMeeples = new Int32Array(game.players);
    this.fieldMark = new Int32Array(segments);
    // The game's fields → cities table turned around.
    const S = game.segmentsPerTile;
    const lists: number[][] = Array.from({ length: game.segmentKind.length }, () => []);
    for (let i = 0; i < game.segmentKind.length; i++) {
      for (let k = game.fieldCityStart[i]!; k < game.fieldCityStart[i + 1]!; k++)
        lists[i - (i % S) + game.fieldCities[k]!]!.push(i % S);
    }
    this.cityFieldStart = new Uint16Array(lists.length + 1);
    lists.forEach((list, i) => {
      this.cityFieldStart[i + 1] = this.cityFieldStart[i]! + list.length;
    });
    this.cityFields = Int8Array.from(lists.flat());
  }

  /** A new remembered position (phase PLACE): what was read of it is stale, or only what changed since the last one. */
  newPosition(state: SpeedPathState): void {
    // The city lists of fields read again pile up: when they fill half the room, start afresh.
    if (state.followsFrom(this.positionId, this.placed) && this.cityEnd <= this.cities.length >> 1) {
      this.forgetChanged(state);
    } else {
      this.stamp = advanceStamp(this.stamp, this.readIn);
      this.cityEnd = 0;
    }
    this.positionId = state.positionId;
    this.placed = state.placedCount;
  }

  /** Forgets the features the tiles placed since the last position belong to, and the fields beside the cities they completed. */
  private forgetChanged(state: SpeedPathState): void {
    const game = this.game;
    const S = game.segmentsPerTile;
    for (let k = this.placed; k < state.placedCount; k++) {
      const count = game.segmentCount[state.placedType[k]!]!;
      for (let s = 0; s < count; s++) {
        const root = state.find(k * S + s);
        this.readIn[root] = 0; // no stamp is 0
        if (state.done[root] === 0 || state.segmentKind(root) !== SEG_CITY) continue;
        let m = root;
        do {
          const i = state.placedType[(m / S) | 0]! * S + (m % S);
          for (let f = this.cityFieldStart[i]!; f < this.cityFieldStart[i + 1]!; f++)
            this.readIn[state.find(m - (m % S) + this.cityFields[f]!)] = 0;
          m = state.next[m]!;
        } while (m !== root);
      }
    }
  }

  /** Reads feature `root` (segments and pennants, or a field's completed cities) unless read in this position. */
  read(state: SpeedPathState, root: number): void {
    if (this.readIn[root] === this.stamp) return;
    this.readIn[root] = this.stamp;
    const game = this.game;
    const S = game.segmentsPerTile;
    if (state.segmentKind(root) !== SEG_FIELD) {
      this.readMeeples.fill(0);
      const counts = state.tally(root, this.readMeeples);
      this.segments[root] = counts[0]!;
      this.pennants[root] = counts[1]!;
      return;
    }
    const mark = this.nextMark();
    const start = this.cityEnd;
    let m = root;
    do {
      const placed = (m / S) | 0;
      const i = state.placedType[placed]! * S + (m % S);
      for (let k = game.fieldCityStart[i]!; k < game.fieldCityStart[i + 1]!; k++) {
        const city = state.find(placed * S + game.fieldCities[k]!);
        if (state.done[city] === 1 && this.cityMark[city] !== mark) {
          this.cityMark[city] = mark;
          if (this.cityEnd === this.cities.length) this.growCities();
          this.cities[this.cityEnd++] = city;
        }
      }
      m = state.next[m]!;
    } while (m !== root);
    this.cityStart[root] = start;
    this.cityCount[root] = this.cityEnd - start;
  }

  /** How many completed cities read field `root` borders. */
  citiesOf(root: number): number {
    return this.cityCount[root]!;
  }

  /** Starts a union of fields' cities (after reading them: a read takes a mark of its own). */
  startCities(): void {
    this.nextMark();
  }

  /** Adds read field `root` to the union; returns how many of its cities were not in it yet. */
  addCities(root: number): number {
    const mark = this.markStamp;
    let added = 0;
    const start = this.cityStart[root]!;
    for (let c = start; c < start + this.cityCount[root]!; c++) {
      const city = this.cities[c]!;
      if (this.cityMark[city] !== mark) {
        this.cityMark[city] = mark;
        added++;
      }
    }
    return added;
  }

  /** Starts a union of the fields beside some cities. */
  startFields(): void {
    this.fieldStamp = advanceStamp(this.fieldStamp, this.fieldMark);
  }

  /**
   * Adds the fields beside city `root` to the union: writes the roots of those not in it yet from
   * `out[n]`; returns the new end of `out`.
   */
  addFieldsBeside(state: SpeedPathState, root: number, out: Int32Array, n: number): number {
    const S = this.game.segmentsPerTile;
    const mark = this.fieldStamp;
    let m = root;
    do {
      const placed = (m / S) | 0;
      const i = state.placedType[placed]! * S + (m % S);
      for (let k = this.cityFieldStart[i]!; k < this.cityFieldStart[i + 1]!; k++) {
        const field = state.find(placed * S + this.cityFields[k]!);
        if (this.fieldMark[field] !== mark) {
          this.fieldMark[field] = mark;
          out[n++] = field;
        }
      }
      m = state.next[m]!;
    } while (m !== root);
    return n;
  }

  /** Whether field `root` is in the union of fields beside cities. */
  inFields(root: number): boolean {
    return this.fieldMark[root] === this.fieldStamp;
  }

  /** A fresh stamp for `cityMark`. */
  private nextMark(): number {
    this.markStamp = advanceStamp(this.markStamp, this.cityMark);
    return this.markStamp;
  }

  private growCities(): void {
    const bigger = new Int32Array(this.cities.length * 2);
    bigger.set(this.cities);
    this.cities = bigger;
  }
}
