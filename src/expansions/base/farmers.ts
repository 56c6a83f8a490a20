/**
 * The farmers (docs/rules.md §1 "The end of the game"): a field is never completed; after the open
 * roads, cities and monasteries, every field holding farmers pays its majority what the base game's
 * price gives per completed city it borders. Read through the feature API, so that the engine knows
 * no farmer rule: it only calls this module's `finalScoring` before the expansions'.
 */
import { SEG_FIELD, blankFeatureScore, majorityOf, playersOf } from '../../engine/index.ts';
import type { BoardView, FeatureScore } from '../../engine/index.ts';

/** What the fields' final scoring keeps between games: the game's pricing and its working memory. */
interface FieldScoring {
  readonly players: number;
  readonly price: (f: FeatureScore) => void;
  /** The field being scored. */
  readonly f: FeatureScore;
  /** Room for a root per farmer (grown to the game's segment ids). */
  roots: Int32Array;
}

/** The final scoring of the fields with farmers, priced by the game's `price` (`SetupContext.price`). */
export function fieldScoring(players: number, price: (f: FeatureScore) => void): (state: BoardView) => void {
  const scoring: FieldScoring = { players, price, f: blankFeatureScore(players), roots: new Int32Array(0) };
  scoring.f.kind = SEG_FIELD;
  return (state) => scoreFields(state, scoring);
}

/** Pays each field with farmers to its majority, in increasing order of its root (one `fieldScored` event each). */
function scoreFields(state: BoardView, scoring: FieldScoring): void {
  const { players, price, f } = scoring;
  if (scoring.roots.length < state.segmentIdLimit()) scoring.roots = new Int32Array(state.segmentIdLimit());
  const roots = scoring.roots;
  const n = occupiedFields(state, roots);
  for (let c = 0; c < n; c++) {
    // The roots are sorted: a field with several farmers comes once per farmer, side by side.
    if (c > 0 && roots[c] === roots[c - 1]) continue;
    f.root = roots[c]!;
    f.cities = state.completedCitiesOf(f.root, f.perPlayer);
    price(f);
    const winners = majorityOf(f.perPlayer, players);
    for (let p = 0; p < players; p++) if ((winners >> p) & 1) state.addScore(p, f.source, f.points);
    if (state.sink)
      state.sink({ type: 'fieldScored', winners: playersOf(winners), cities: f.cities, points: f.points });
  }
}

/** Writes into `out` the root of the field of every farmer, in increasing order (a field once per farmer); returns how many. */
function occupiedFields(state: BoardView, out: Int32Array): number {
  const meeples = state.meepleSegments(out);
  let n = 0;
  for (let k = 0; k < meeples; k++) {
    const g = out[k]!;
    if (state.segmentKind(g) === SEG_FIELD) out[n++] = state.find(g);
  }
  out.subarray(0, n).sort();
  return n;
}
