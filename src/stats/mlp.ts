/**
 * A small multilayer perceptron in plain typed arrays: dense layers with ReLU between them and a
 * linear output, its inputs standardized by a fixed mean and scale. `forward` allocates nothing;
 * `fitMlp` trains one by Adam on mean squared error.
 */
import type { Rng } from '../engine/index.ts';

export interface MlpShape {
  /** Layer sizes, input first, output (1) last. */
  readonly sizes: readonly number[];
}

export class Mlp {
  /** Per layer l: weights [out × in] then biases [out], in one array per layer. */
  readonly layers: Float64Array[];
  readonly sizes: readonly number[];
  readonly inputMean: Float64Array;
  readonly inputScale: Float64Array;
  outputScale = 1;
  outputMean = 0;
  /** Activations per layer (input standardized at 0). */
  private readonly acts: Float64Array[];

  constructor(sizes: readonly number[]) {
    this.sizes = sizes;
    this.layers = sizes.slice(1).map((out, l) => new Float64Array(out * sizes[l]! + out));
    this.acts = sizes.map((n) => new Float64Array(n));
    this.inputMean = new Float64Array(sizes[0]!);
    this.inputScale = new Float64Array(sizes[0]!).fill(1);
  }

  /** The output for input `x` (raw, standardized here). */
  // hot path
  forward(x: Float64Array | Float32Array, at = 0): number {
    const a0 = this.acts[0]!;
    const n0 = this.sizes[0]!;
    for (let i = 0; i < n0; i++) a0[i] = (x[at + i]! - this.inputMean[i]!) * this.inputScale[i]!;
    const last = this.layers.length - 1;
    for (let l = 0; l <= last; l++) {
      const w = this.layers[l]!;
      const input = this.acts[l]!;
      const output = this.acts[l + 1]!;
      const nIn = this.sizes[l]!;
      const nOut = this.sizes[l + 1]!;
      const b = nOut * nIn;
      for (let o = 0; o < nOut; o++) {
        let s = w[b + o]!;
        const r = o * nIn;
        for (let i = 0; i < nIn; i++) s += w[r + i]! * input[i]!;
        output[o] = l < last && s < 0 ? 0 : s;
      }
    }
    return this.acts[this.sizes.length - 1]![0]! * this.outputScale + this.outputMean;
  }

  /**
   * The network with its standardization folded into the first layer's weights and biases and its
   * output scale into the last layer's, for play: `Folded.forward` then reads the raw input as it is.
   */
  fold(): Folded {
    const layers = this.layers.map((w) => Float64Array.from(w));
    const first = layers[0]!;
    const nIn = this.sizes[0]!;
    const nOut = this.sizes[1]!;
    for (let o = 0; o < nOut; o++) {
      let shift = 0;
      for (let i = 0; i < nIn; i++) {
        first[o * nIn + i]! *= this.inputScale[i]!;
        shift += first[o * nIn + i]! * this.inputMean[i]!;
      }
      first[nOut * nIn + o]! -= shift;
    }
    const last = layers[layers.length - 1]!;
    const l = this.sizes.length - 2;
    const lastIn = this.sizes[l]!;
    for (let i = 0; i < lastIn; i++) last[i]! *= this.outputScale;
    last[lastIn]! = last[lastIn]! * this.outputScale + this.outputMean;
    return new Folded(this.sizes, layers);
  }

  /** Activations of the last `forward` (for training). */
  activation(l: number): Float64Array {
    return this.acts[l]!;
  }
}

/** A network ready for play (`Mlp.fold`): raw input in, output in the target's units. */
export class Folded {
  private readonly acts: Float64Array[];
  constructor(
    readonly sizes: readonly number[],
    private readonly layers: readonly Float64Array[],
  ) {
    this.acts = sizes.slice(1).map((n) => new Float64Array(n));
  }

  /** The output for raw input `x` (its first `sizes[0]` numbers). */
  // hot path
  forward(x: Float64Array): number {
    let input = x;
    const last = this.layers.length - 1;
    for (let l = 0; l <= last; l++) {
      const w = this.layers[l]!;
      const output = this.acts[l]!;
      const nIn = this.sizes[l]!;
      const nOut = this.sizes[l + 1]!;
      const b = nOut * nIn;
      for (let o = 0; o < nOut; o++) {
        let s = w[b + o]!;
        const r = o * nIn;
        for (let i = 0; i < nIn; i++) s += w[r + i]! * input[i]!;
        output[o] = l < last && s < 0 ? 0 : s;
      }
      input = output;
    }
    return input[0]!;
  }
}

export interface MlpData {
  /** Row-major inputs, `inputs` numbers a row. */
  x: Float32Array;
  y: Float32Array;
  rows: number;
}

export interface FitOptions {
  epochs: number;
  batch: number;
  rate: number;
  /** L2 penalty per weight. */
  decay: number;
}

/** Mean squared error of `net` on rows `from`..`to` of `data` (in output units). */
export function mse(net: Mlp, data: MlpData, from: number, to: number): number {
  const n = net.sizes[0]!;
  let sum = 0;
  for (let r = from; r < to; r++) sum += (net.forward(data.x, r * n) - data.y[r]!) ** 2;
  return sum / Math.max(1, to - from);
}

/**
 * Trains `net` on rows 0..`rows` of `data` by Adam (minibatches in an order drawn from `rng`), after
 * setting its standardization from those rows; returns the training MSE of the last epoch.
 */
export function fitMlp(
  net: Mlp,
  data: MlpData,
  rows: number,
  options: FitOptions,
  rng: Rng,
  log?: (epoch: number, loss: number) => void,
): number {
  const n = net.sizes[0]!;
  standardize(net, data, rows);
  for (const w of net.layers) initLayer(w, net, net.layers.indexOf(w), rng);
  const grads = net.layers.map((w) => new Float64Array(w.length));
  const m1 = net.layers.map((w) => new Float64Array(w.length));
  const m2 = net.layers.map((w) => new Float64Array(w.length));
  const deltas = net.sizes.map((k) => new Float64Array(k));
  const order = Int32Array.from({ length: rows }, (_, i) => i);
  let step = 0;
  let loss = 0;
  const L = net.layers.length;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = rows - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    loss = 0;
    const rate = options.rate * (epoch < options.epochs - 1 ? 1 : 0.3);
    for (let start = 0; start < rows; start += options.batch) {
      const end = Math.min(rows, start + options.batch);
      for (const g of grads) g.fill(0);
      for (let k = start; k < end; k++) {
        const r = order[k]!;
        const out = net.forward(data.x, r * n);
        const err = (out - data.y[r]!) / net.outputScale;
        loss += err * err;
        deltas[L]![0] = err;
        for (let l = L - 1; l >= 0; l--) {
          const w = net.layers[l]!;
          const g = grads[l]!;
          const input = net.activation(l);
          const nIn = net.sizes[l]!;
          const nOut = net.sizes[l + 1]!;
          const dOut = deltas[l + 1]!;
          const dIn = deltas[l]!;
          dIn.fill(0);
          for (let o = 0; o < nOut; o++) {
            const d = dOut[o]!;
            if (d === 0) continue;
            const row = o * nIn;
            for (let i = 0; i < nIn; i++) {
              g[row + i]! += d * input[i]!;
              dIn[i]! += d * w[row + i]!;
            }
            g[nOut * nIn + o]! += d;
          }
          if (l > 0) for (let i = 0; i < nIn; i++) if (input[i]! <= 0) dIn[i] = 0;
        }
      }
      step++;
      const size = end - start;
      for (let l = 0; l < L; l++) adam(net.layers[l]!, grads[l]!, m1[l]!, m2[l]!, size, step, rate, options.decay);
    }
    loss = (loss / rows) * net.outputScale ** 2;
    log?.(epoch, loss);
  }
  return loss;
}

function adam(
  w: Float64Array,
  g: Float64Array,
  m1: Float64Array,
  m2: Float64Array,
  size: number,
  step: number,
  rate: number,
  decay: number,
): void {
  const b1 = 0.9;
  const b2 = 0.999;
  const c1 = 1 - b1 ** step;
  const c2 = 1 - b2 ** step;
  for (let i = 0; i < w.length; i++) {
    const grad = g[i]! / size + decay * w[i]!;
    m1[i] = b1 * m1[i]! + (1 - b1) * grad;
    m2[i] = b2 * m2[i]! + (1 - b2) * grad * grad;
    w[i]! -= (rate * (m1[i]! / c1)) / (Math.sqrt(m2[i]! / c2) + 1e-8);
  }
}

function standardize(net: Mlp, data: MlpData, rows: number): void {
  const n = net.sizes[0]!;
  const mean = new Float64Array(n);
  const sq = new Float64Array(n);
  let ym = 0;
  let ysq = 0;
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < n; i++) {
      const v = data.x[r * n + i]!;
      mean[i]! += v;
      sq[i]! += v * v;
    }
    ym += data.y[r]!;
    ysq += data.y[r]! ** 2;
  }
  for (let i = 0; i < n; i++) {
    net.inputMean[i] = mean[i]! / rows;
    const sd = Math.sqrt(Math.max(0, sq[i]! / rows - net.inputMean[i]! ** 2));
    net.inputScale[i] = sd > 1e-9 ? 1 / sd : 0;
  }
  net.outputMean = ym / rows;
  net.outputScale = Math.sqrt(Math.max(1e-9, ysq / rows - net.outputMean ** 2));
}

function initLayer(w: Float64Array, net: Mlp, l: number, rng: Rng): void {
  const nIn = net.sizes[l]!;
  const nOut = net.sizes[l + 1]!;
  const s = Math.sqrt(2 / nIn);
  for (let i = 0; i < nOut * nIn; i++) {
    // Box-Muller
    const u = Math.max(1e-12, rng());
    w[i] = s * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
  }
  for (let o = 0; o < nOut; o++) w[nOut * nIn + o] = 0;
}
