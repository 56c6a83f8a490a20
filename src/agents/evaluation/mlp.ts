/**
 * A small multilayer perceptron in plain typed arrays: dense layers with ReLU between them and a
 * linear output, its inputs standardized by a fixed mean and scale. `forward` allocates nothing.
 * Agents play with it (`value-net.ts`); `src/stats/mlp-fit.ts` trains one.
 */

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

/**
 * A network ready for play (`Mlp.fold`): raw input in, output in the target's units. Its weights are
 * kept by input (column-major) and an input of 0 is skipped — about four in ten of the value
 * network's inputs, half of its hidden units after the ReLU — with four outputs summed at a time.
 * Each output still starts from its bias and adds its terms in input order, leaving out only terms
 * that are zero, so the answer is the row-major sum's to the last bit (a test holds it to that).
 */
export class Folded {
  private readonly acts: Float64Array[];
  /** Per layer: weights [in × out] (input i's column at i * out), then biases [out]. */
  private readonly columns: Float64Array[];
  /** The inputs of a layer that are not 0. */
  private readonly nonZero: Int32Array;

  constructor(
    readonly sizes: readonly number[],
    layers: readonly Float64Array[],
  ) {
    this.acts = sizes.slice(1).map((n) => new Float64Array(n));
    this.columns = layers.map((w, l) => {
      const nIn = sizes[l]!;
      const nOut = sizes[l + 1]!;
      const c = new Float64Array(w.length);
      for (let o = 0; o < nOut; o++) for (let i = 0; i < nIn; i++) c[i * nOut + o] = w[o * nIn + i]!;
      c.set(w.subarray(nOut * nIn), nOut * nIn);
      return c;
    });
    this.nonZero = new Int32Array(Math.max(...sizes));
  }

  /** The output for raw input `x` (its first `sizes[0]` numbers). */
  // hot path
  forward(x: Float64Array): number {
    let input = x;
    const last = this.columns.length - 1;
    const nz = this.nonZero;
    for (let l = 0; l <= last; l++) {
      const w = this.columns[l]!;
      const output = this.acts[l]!;
      const nIn = this.sizes[l]!;
      const nOut = this.sizes[l + 1]!;
      const b = nOut * nIn;
      let m = 0;
      for (let i = 0; i < nIn; i++) if (input[i] !== 0) nz[m++] = i;
      let o = 0;
      for (; o + 4 <= nOut; o += 4) {
        let s0 = w[b + o]!;
        let s1 = w[b + o + 1]!;
        let s2 = w[b + o + 2]!;
        let s3 = w[b + o + 3]!;
        for (let k = 0; k < m; k++) {
          const i = nz[k]!;
          const xi = input[i]!;
          const c = i * nOut + o;
          s0 += w[c]! * xi;
          s1 += w[c + 1]! * xi;
          s2 += w[c + 2]! * xi;
          s3 += w[c + 3]! * xi;
        }
        output[o] = s0;
        output[o + 1] = s1;
        output[o + 2] = s2;
        output[o + 3] = s3;
      }
      for (; o < nOut; o++) {
        let s = w[b + o]!;
        for (let k = 0; k < m; k++) s += w[nz[k]! * nOut + o]! * input[nz[k]!]!;
        output[o] = s;
      }
      if (l < last) for (let j = 0; j < nOut; j++) if (output[j]! < 0) output[j] = 0;
      input = output;
    }
    return input[0]!;
  }
}
