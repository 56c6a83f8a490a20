/**
 * The balance search's model of the space: per metric, an additive model in the knobs — a constant
 * plus one effect per value of each knob that applies (the N-tuple bandit's 1-tuples, fitted
 * jointly) — by penalized least squares over the rule sets measured on the same deals. Neighbouring
 * values of a whole-number or real knob are drawn together (a penalty on their differences), the
 * values of an enumeration towards 0, so a value measured in few rule sets borrows from the others.
 *
 * The fit is linear in the measurements: effects = A·y. Applied to each deal's influences
 * (`estimate.ts`) it gives each deal's effects, whose spread over the deals is the effects' standard
 * error (the deal is the unit, and every rule set shares the deals); the main effects of the report
 * are these, centred on each knob's mean over its values, with t intervals over the deals.
 */
import { choleskyFactor, choleskySolveFactored } from '../stats/cholesky.ts';
import { studentTQuantile } from '../stats/student-t.ts';

export interface ModelSpace {
  /** Values per knob. */
  sizes: readonly number[];
  /** Whether each knob's neighbouring values are alike (whole numbers, reals). */
  ordinal: readonly boolean[];
}

/** Penalty on the difference of neighbouring values (ordinal) and on each value (ridge). */
const SMOOTH = 1;
const RIDGE = 0.05;
const ENUM_RIDGE = 1;

export interface AdditiveModel {
  /** The knobs in the model (those that apply to the metric's games). */
  knobs: number[];
  intercept: number;
  /** effects[k][v] for knob k (undefined for knobs not in the model). */
  effects: (Float64Array | undefined)[];
}

/** The fitted linear map: row i of `a` gives parameter i (0: the constant, then each knob's values) from the measurements. */
export interface ModelFit {
  knobs: number[];
  offsets: number[];
  a: Float64Array;
  params: number;
  points: number;
}

/** The fit of `points` (value indices per knob) over the knobs `knobs`. */
export function fitOf(space: ModelSpace, points: readonly (readonly number[])[], knobs: readonly number[]): ModelFit {
  const offsets: number[] = [];
  let p = 1;
  for (const k of knobs) {
    offsets.push(p);
    p += space.sizes[k]!;
  }
  const C = points.length;
  const m = new Float64Array(p * p);
  // XᵀX: the constant and one indicator per knob per point.
  const columns = (point: readonly number[]) => [0, ...knobs.map((k, i) => offsets[i]! + point[k]!)];
  for (const point of points) {
    const cols = columns(point);
    for (const i of cols) for (const j of cols) m[i * p + j]! += 1;
  }
  knobs.forEach((k, i) => {
    const o = offsets[i]!;
    const n = space.sizes[k]!;
    for (let v = 0; v < n; v++) m[(o + v) * p + o + v]! += space.ordinal[k] ? RIDGE : ENUM_RIDGE;
    if (space.ordinal[k])
      for (let v = 0; v + 1 < n; v++) {
        const [x, y] = [o + v, o + v + 1];
        m[x * p + x]! += SMOOTH;
        m[y * p + y]! += SMOOTH;
        m[x * p + y]! -= SMOOTH;
        m[y * p + x]! -= SMOOTH;
      }
  });
  m[0]! += 1e-9;
  const l = choleskyFactor(m, p);
  const a = new Float64Array(p * C);
  const e = new Float64Array(p);
  points.forEach((point, c) => {
    e.fill(0);
    for (const i of columns(point)) e[i] = 1;
    const col = choleskySolveFactored(l, e, p);
    for (let i = 0; i < p; i++) a[i * C + c] = col[i]!;
  });
  return { knobs: [...knobs], offsets, a, params: p, points: C };
}

/** Parameters from one value per point (`y`). */
function apply(fit: ModelFit, y: ArrayLike<number>): Float64Array {
  const out = new Float64Array(fit.params);
  for (let i = 0; i < fit.params; i++) {
    let s = 0;
    for (let c = 0; c < fit.points; c++) s += fit.a[i * fit.points + c]! * y[c]!;
    out[i] = s;
  }
  return out;
}

/** The model of one metric measured at the fit's points. */
export function modelOf(fit: ModelFit, space: ModelSpace, y: ArrayLike<number>): AdditiveModel {
  const beta = apply(fit, y);
  const effects: (Float64Array | undefined)[] = space.sizes.map(() => undefined);
  fit.knobs.forEach((k, i) => {
    effects[k] = beta.slice(fit.offsets[i]!, fit.offsets[i]! + space.sizes[k]!);
  });
  return { knobs: fit.knobs, intercept: beta[0]!, effects };
}

/** The model's value at a point. */
export function predict(model: AdditiveModel, point: readonly number[]): number {
  let v = model.intercept;
  for (const k of model.knobs) v += model.effects[k]![point[k]!]!;
  return v;
}

export interface MainEffect {
  knob: number;
  value: number;
  /** The effect of the value against the knob's mean over its values, with its 95 % t interval over deals. */
  estimate: number;
  lo: number;
  hi: number;
}

/**
 * Main effects with 95 % intervals: `y` per point, `psi[c]` the per-deal influences of point c on
 * `deals` deals (the same deals for every point).
 */
export function mainEffects(
  fit: ModelFit,
  space: ModelSpace,
  y: ArrayLike<number>,
  psi: readonly Float64Array[],
  deals: number,
): MainEffect[] {
  const beta = apply(fit, y);
  const perDeal = Array.from({ length: deals }, (_, d) =>
    apply(
      fit,
      psi.map((row) => row[d]!),
    ),
  );
  const t = deals > 1 ? studentTQuantile(0.975, deals - 1) : Infinity;
  const out: MainEffect[] = [];
  fit.knobs.forEach((k, i) => {
    const o = fit.offsets[i]!;
    const n = space.sizes[k]!;
    const centred = (b: Float64Array, v: number) => {
      let mean = 0;
      for (let u = 0; u < n; u++) mean += b[o + u]!;
      return b[o + v]! - mean / n;
    };
    for (let v = 0; v < n; v++) {
      const values = perDeal.map((b) => centred(b, v));
      const mean = values.reduce((s, x) => s + x, 0) / deals;
      const sd = Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, deals - 1));
      const estimate = centred(beta, v);
      const half = (t * sd) / Math.sqrt(deals);
      out.push({ knob: k, value: v, estimate, lo: estimate - half, hi: estimate + half });
    }
  });
  return out;
}
