/**
 * The balance search's model of the space: per metric, an additive model in the knobs — a constant
 * plus one effect per value of each knob that applies (the N-tuple bandit's 1-tuples, fitted
 * jointly) — by least squares over the rule sets measured on the same deals. Two fits of it:
 *   - the search's (`smooth`): neighbouring values of a whole-number or real knob drawn together (a
 *     penalty on their differences), the values of an enumeration towards 0, so a value measured in
 *     few rule sets borrows from the others when the model proposes rule sets. The penalty shrinks
 *     the effects (by about 3 × on a two-value knob measured in one rule set each);
 *   - the report's (`free`): ordinary least squares on the measured values, so each main effect is
 *     an unbiased estimate for an additive truth; a value never measured, or whose effect the design
 *     cannot tell apart from other knobs', gets no estimate.
 *
 * The fit is linear in the measurements: effects = A·y. Applied to each deal's influences
 * (`estimate.ts`) it gives each deal's effects, whose spread over the deals is the effects' standard
 * error (the deal is the unit, and every rule set shares the deals); the main effects of the report
 * are contrasts of the `free` fit — a value against the knob's mean over its measured values —, with
 * t intervals over the deals. */
import { choleskyFactor, choleskySolveFactored } from '../stats/cholesky.ts';
import { chiSquareQuantile } from '../stats/exact.ts';
import { studentTQuantile } from '../stats/student-t.ts';

export interface ModelSpace {
  /** Values per knob. */
  sizes: readonly number[];
  /** Whether each knob's neighbouring values are alike (whole numbers, reals). */
  ordinal: readonly boolean[];
}

/**
 * How a fit treats the knobs' values. `smooth` (the search's model, which proposes rule sets where
 * few were measured): neighbouring values of a number drawn together, enumeration values towards 0.
 * `free` (the report's main effects): every measured value left free — a tiny ridge only makes the
 * fit unique, and moves no estimable contrast —, and a value no rule set measured held at 0, as it
 * is not reported.
 */
export type Penalty = 'smooth' | 'free';

/** `smooth`: penalty on the difference of neighbouring values (ordinal) and on each value (ridge). */
const SMOOTH = 1;
const RIDGE = 0.05;
const ENUM_RIDGE = 1;
/** `free`: the ridge of a measured value and of one never measured. */
const FREE_RIDGE = 1e-8;
const UNMEASURED_RIDGE = 1;

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
  /** Per point, its parameters (the constant and one value per knob): the design's rows. */
  design: number[][];
  /** Per parameter, the rule sets measured with it. */
  counts: Float64Array;
}

/** XᵀX of the design (p × p) plus the penalty. */
function penalized(space: ModelSpace, fit: Omit<ModelFit, 'a'>, penalty: Penalty): Float64Array {
  const p = fit.params;
  const m = new Float64Array(p * p);
  for (const cols of fit.design) for (const i of cols) for (const j of cols) m[i * p + j]! += 1;
  const add = (x: number, y: number, w: number) => {
    m[x * p + x]! += w;
    m[y * p + y]! += w;
    m[x * p + y]! -= w;
    m[y * p + x]! -= w;
  };
  fit.knobs.forEach((k, i) => {
    const o = fit.offsets[i]!;
    const n = space.sizes[k]!;
    for (let v = 0; v < n; v++) {
      const free = fit.counts[o + v]! > 0 ? FREE_RIDGE : UNMEASURED_RIDGE;
      m[(o + v) * p + o + v]! += penalty === 'free' ? free : space.ordinal[k] ? RIDGE : ENUM_RIDGE;
    }
    if (penalty === 'smooth' && space.ordinal[k]) for (let v = 0; v + 1 < n; v++) add(o + v, o + v + 1, SMOOTH);
  });
  m[0]! += 1e-9;
  return m;
}

/** The fit of `points` (value indices per knob) over the knobs `knobs`. */
export function fitOf(
  space: ModelSpace,
  points: readonly (readonly number[])[],
  knobs: readonly number[],
  penalty: Penalty = 'smooth',
): ModelFit {
  const offsets: number[] = [];
  let p = 1;
  for (const k of knobs) {
    offsets.push(p);
    p += space.sizes[k]!;
  }
  const design = points.map((point) => [0, ...knobs.map((k, i) => offsets[i]! + point[k]!)]);
  const counts = new Float64Array(p);
  for (const cols of design) for (const i of cols) counts[i]! += 1;
  const C = points.length;
  const base = { knobs: [...knobs], offsets, params: p, points: C, design, counts };
  const l = choleskyFactor(penalized(space, base, penalty), p);
  const a = new Float64Array(p * C);
  const e = new Float64Array(p);
  design.forEach((cols, c) => {
    e.fill(0);
    for (const i of cols) e[i] = 1;
    const col = choleskySolveFactored(l, e, p);
    for (let i = 0; i < p; i++) a[i * C + c] = col[i]!;
  });
  return { ...base, a };
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
  /** Rule sets measured with the value (for the report's effects, each setup of the target's knobs once). */
  ruleSets: number;
  /**
   * The effect of the value against the knob's mean over its measured values, with its 95 % t
   * interval over deals; null where the data cannot give it (`unknown` says why).
   */
  estimate: number | null;
  lo: number | null;
  hi: number | null;
  /** No rule set measured the value, or its effect cannot be told apart from other knobs' values. */
  unknown?: 'not measured' | 'not separable';
}

/** Identified contrasts reproduce themselves: weights r over points with r·X = c, to rounding. */
const SEPARABLE_TOLERANCE = 1e-6;

/**
 * The weights over points that estimate the contrast `c` (over parameters) from the fit, or null
 * when the design does not identify it (r·X ≠ c: other knobs' values move with it).
 */
function contrastWeights(fit: ModelFit, c: Float64Array): Float64Array | null {
  const r = new Float64Array(fit.points);
  for (let i = 0; i < fit.params; i++)
    if (c[i] !== 0) for (let p = 0; p < fit.points; p++) r[p]! += c[i]! * fit.a[i * fit.points + p]!;
  const reproduced = new Float64Array(fit.params);
  fit.design.forEach((cols, p) => {
    for (const i of cols) reproduced[i]! += r[p]!;
  });
  for (let i = 0; i < fit.params; i++) if (Math.abs(reproduced[i]! - c[i]!) > SEPARABLE_TOLERANCE) return null;
  return r;
}

/**
 * Main effects with 95 % intervals, from a `free` fit: `y` per point, `psi[c]` the per-deal
 * influences of point c on `deals` deals (the same deals for every point). Each is a contrast of
 * the fit — the value against the mean of the knob's measured values —, a weighted sum r·y over the
 * points, so its per-deal values r·ψ_d give its standard error over deals (unbiased for an additive
 * truth, the deal the unit).
 */
export function mainEffects(
  fit: ModelFit,
  space: ModelSpace,
  y: ArrayLike<number>,
  psi: readonly Float64Array[],
  deals: number,
): MainEffect[] {
  const t = deals > 1 ? studentTQuantile(0.975, deals - 1) : Infinity;
  const out: MainEffect[] = [];
  fit.knobs.forEach((k, i) => {
    const o = fit.offsets[i]!;
    const n = space.sizes[k]!;
    const measured = Array.from({ length: n }, (_, v) => v).filter((v) => fit.counts[o + v]! > 0);
    for (let v = 0; v < n; v++) {
      const ruleSets = fit.counts[o + v]!;
      const none = { knob: k, value: v, ruleSets, estimate: null, lo: null, hi: null };
      if (!ruleSets) {
        out.push({ ...none, unknown: 'not measured' });
        continue;
      }
      const c = new Float64Array(fit.params);
      for (const u of measured) c[o + u] = -1 / measured.length;
      c[o + v]! += 1;
      const r = contrastWeights(fit, c);
      if (!r) {
        out.push({ ...none, unknown: 'not separable' });
        continue;
      }
      const { estimate, half } = weightedInterval(r, y, psi, deals, t);
      out.push({ knob: k, value: v, ruleSets, estimate, lo: estimate - half, hi: estimate + half });
    }
  });
  return out;
}

/** r·y and the half-width of its t interval from the per-deal values r·ψ_d. */
function weightedInterval(
  r: Float64Array,
  y: ArrayLike<number>,
  psi: readonly Float64Array[],
  deals: number,
  t: number,
) {
  let estimate = 0;
  for (let p = 0; p < r.length; p++) estimate += r[p]! * y[p]!;
  const values = new Float64Array(deals);
  for (let p = 0; p < r.length; p++) for (let d = 0; d < deals; d++) values[d]! += r[p]! * psi[p]![d]!;
  return { estimate, half: (t * Math.sqrt(sampleVariance(values))) / Math.sqrt(deals) };
}

/** The sample variance of `values` (n − 1 denominator; 0 for one value). */
function sampleVariance(values: readonly number[] | Float64Array): number {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i]! - mean) ** 2;
  return squares / Math.max(1, n - 1);
}

/** How well the knobs add up on a metric: the rule sets' scatter about the fit against the deals' noise. */
export interface Misfit {
  /** Σ residual² over the rule sets, divided by what the deals' noise alone would give. */
  ratio: number;
  /** The rule sets beyond the fit's parameters (0: the fit passes through every rule set). */
  df: number;
  /** The ratio a chi-square on `df` degrees of freedom exceeds with probability 1 %. */
  limit: number;
}

/**
 * The misfit of a `free` fit of `y` (per point; `psi` its per-deal influences): residuals
 * e = y − X·A·y, whose sum of squares is compared with its expectation were the knobs additive,
 * Σ_c var_d(ρ_c,d) / deals, ρ_d = ψ_d − X·A·ψ_d the residual of each deal's influences.
 */
export function misfitOf(fit: ModelFit, y: ArrayLike<number>, psi: readonly Float64Array[], deals: number): Misfit {
  const C = fit.points;
  const residuals = (v: ArrayLike<number>) => {
    const beta = apply(fit, v);
    return fit.design.map((cols, c) => cols.reduce((r, i) => r - beta[i]!, v[c]!));
  };
  const rss = residuals(y).reduce((s, e) => s + e * e, 0);
  const perDeal = Array.from({ length: deals }, (_, d) => residuals(psi.map((row) => row[d]!)));
  let noise = 0;
  for (let c = 0; c < C; c++) noise += sampleVariance(perDeal.map((r) => r[c]!)) / deals;
  // The fit's rank: the trace of the hat matrix X·A (1 per identified parameter, to the tiny ridge).
  let rank = 0;
  fit.design.forEach((cols, c) => {
    for (const i of cols) rank += fit.a[i * C + c]!;
  });
  const df = Math.max(0, C - Math.round(rank));
  return {
    ratio: noise > 0 ? rss / noise : rss > 0 ? Infinity : 0,
    df,
    limit: df ? chiSquareQuantile(0.99, df) / df : Infinity,
  };
}
