/**
 * Training for the small network of `src/agents/evaluation/mlp.ts`: `fitMlp` fits one by Adam on mean squared
 * error, `mse` measures it.
 */
import type { Rng } from '../engine/index.ts';
import type { Mlp } from '../agents/evaluation/mlp.ts';

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
